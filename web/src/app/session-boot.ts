import { SESSION_BOOT_ELEMENT_ID } from '@app/shared/constants';
import type { QueryClient } from '@tanstack/react-query';
import { setIsLead } from '../api/lead-store.ts';
import { authKeys } from '../api/query-keys.ts';
import { noteSignedIn } from '../api/session.ts';
import type { CheckAuthResponse } from '../features/auth/api.ts';

function isCheckAnswer(value: unknown): value is CheckAuthResponse {
  const user = (value as { user?: Record<string, unknown> } | null)?.user;
  return (
    typeof user === 'object' &&
    user !== null &&
    typeof user.id === 'string' &&
    typeof user.email === 'string' &&
    typeof user.role === 'string' &&
    typeof user.is_lead === 'boolean'
  );
}

/**
 * A page load that carries a live session comes with the check_user_auth answer the server verified while
 * serving it (server/src/web/signed-in-page.ts). Put into the query cache as the guard's first check, it lets the
 * shell render as soon as the code runs instead of after another round trip; later navigations check again
 * as before. Read once and removed, so it can never stand in for a later check. Returns whether one was taken.
 */
export function adoptSessionBoot(queryClient: QueryClient, doc: Document = document): boolean {
  const element = doc.getElementById(SESSION_BOOT_ELEMENT_ID);
  if (!element) return false;
  element.remove();
  let answer: unknown;
  try {
    answer = JSON.parse(element.textContent ?? '');
  } catch {
    return false;
  }
  if (!isCheckAnswer(answer)) return false;
  queryClient.setQueryData(authKeys.check, answer);
  setIsLead(answer.user.is_lead);
  noteSignedIn();
  return true;
}
