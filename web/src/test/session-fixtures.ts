import { API } from '@app/shared';
import type { Handlers } from './fetch-mock.ts';

/** A signed-in user as check_user_auth returns it. */
export function authUser(isLead: boolean) {
  return { id: 'u1', email: 'anna@example.com', role: 'trader', is_lead: isLead, username: 'anna' };
}

/** API answers of a signed-in session: the auth check and a consistent lead check. */
export function signedIn(isLead: boolean, extra: Handlers = {}): Handlers {
  return {
    [`GET ${API.auth.checkUserAuth}`]: { body: { user: authUser(isLead) } },
    [`GET ${API.auth.leadCheck}`]: isLead
      ? { body: { count: 0, results: [] } }
      : { status: 451, body: { detail: 'no' } },
    [`POST ${API.auth.logout}`]: { body: { message: 'bye' } },
    ...extra,
  };
}
