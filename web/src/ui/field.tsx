import { CircleAlert } from 'lucide-react';
import { createContext, type ReactNode, useContext, useId } from 'react';
import { cx } from './cx.ts';

interface FieldContextValue {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

/** The id, aria-describedby and invalid state of the Field around a control (null outside a Field). */
export function useFieldContext(): FieldContextValue | null {
  return useContext(FieldContext);
}

export interface FieldProps {
  label: ReactNode;
  /** Helper text under the control; hidden while an error shows. */
  hint?: ReactNode;
  /** Error text under the control; also marks the control aria-invalid. */
  error?: ReactNode;
  /** Shows an asterisk after the label (it does not validate). */
  required?: boolean;
  /** Something at the right end of the label row, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  /** Control id; generated when omitted. */
  id?: string;
  className?: string;
  children: ReactNode;
}

/**
 * Label + control + hint/error. Controls from ui/ (Input, PasswordInput, OtpInput) pick up the id,
 * aria-describedby and aria-invalid from here, so a form only writes <Field label error><Input/></Field>.
 */
export function Field({
  label,
  hint,
  error,
  required = false,
  labelAside,
  id,
  className,
  children,
}: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const messageId = hasError ? `${controlId}-error` : hint ? `${controlId}-hint` : undefined;
  return (
    <FieldContext value={{ id: controlId, describedBy: messageId, invalid: hasError, required }}>
      <div className={cx('flex flex-col gap-1.5', className)}>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={controlId} className="text-small font-medium text-gray-800">
            {label}
            {required && (
              <span className="ml-0.5 text-danger-500" aria-hidden>
                *
              </span>
            )}
          </label>
          {labelAside}
        </div>
        {children}
        {hasError ? (
          <p id={messageId} className="flex items-start gap-1.5 text-small text-danger-600">
            <CircleAlert size={14} className="mt-[3px] shrink-0" aria-hidden />
            <span>{error}</span>
          </p>
        ) : hint ? (
          <p id={messageId} className="text-small text-gray-500">
            {hint}
          </p>
        ) : null}
      </div>
    </FieldContext>
  );
}
