import type { AuthErrorField } from '@app/shared';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { formErrorState } from '../../api/errors.ts';

/** Which form field shows each error key of spec §8 on a given step. */
export type ErrorFieldMap<T extends FieldValues> = Partial<Record<AuthErrorField, Path<T>>>;

/**
 * Shows a failed auth call the spec §8 way: pop-up text when there is any; otherwise each field message
 * under its field. A field message for a field this step does not show (e.g. password on the code step)
 * would be invisible, so it goes to the pop-up instead.
 */
export function applyFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldMap: ErrorFieldMap<T>,
  showPopup: (text: string) => void,
): void {
  const state = formErrorState(error);
  if (state.popup) {
    showPopup(state.popup);
    return;
  }
  const unplaced: string[] = [];
  for (const [key, message] of Object.entries(state.fields) as Array<[AuthErrorField, string]>) {
    const field = fieldMap[key];
    if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
    else unplaced.push(message);
  }
  if (unplaced.length) showPopup(unplaced.join(' '));
}
