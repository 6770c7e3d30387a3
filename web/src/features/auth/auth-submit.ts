// The submit step shared by every auth form (sign-in, sign-up, code, password reset): one place decides how a
// failed call is shown, so the forms cannot drift apart in what the pop-up and the fields say.
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { applyFormError, type ErrorFieldMap } from '../../api/errors.ts';

/**
 * Builds an auth form's submit handler: hides the previous pop-up, sends the checked values, and on failure shows
 * field messages under the fields of `fieldMap` and everything else in the pop-up (spec §8).
 */
export function authSubmit<T extends FieldValues, TOut>(
  form: Pick<UseFormReturn<T, unknown, TOut>, 'handleSubmit' | 'setError'>,
  fieldMap: ErrorFieldMap<T>,
  showPopup: (text: string | null) => void,
  send: (values: TOut) => Promise<void>,
) {
  return form.handleSubmit(async (values) => {
    showPopup(null);
    try {
      await send(values);
    } catch (error) {
      applyFormError(error, form.setError, fieldMap, showPopup);
    }
  });
}
