import { Eye, EyeOff } from 'lucide-react';
import { type ComponentPropsWithRef, type ReactNode, useState } from 'react';
import { cx } from './cx.ts';
import { useFieldContext } from './field.tsx';

export interface InputProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  /** Icon inside the left edge. */
  leading?: ReactNode;
  /** Element inside the right edge (e.g. a show-password button). */
  trailing?: ReactNode;
  /** Error styling; defaults to the surrounding Field's state. */
  invalid?: boolean;
}

/** Single-line text input. Inside a Field it takes the Field's id and error state. */
export function Input({ leading, trailing, invalid, className, id, ...rest }: InputProps) {
  const field = useFieldContext();
  const isInvalid = invalid ?? field?.invalid ?? false;
  return (
    <div className="relative">
      {leading && (
        <span className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-gray-400">
          {leading}
        </span>
      )}
      <input
        id={id ?? field?.id}
        aria-invalid={isInvalid || undefined}
        aria-describedby={field?.describedBy}
        aria-required={field?.required || undefined}
        className={cx(
          'h-11 w-full rounded-lg border bg-white px-3.5 text-body text-gray-900 shadow-xs outline-none transition',
          'placeholder:text-gray-400 focus:ring-4 focus-visible:outline-none',
          // Disabled and read-only fields show their value in full-strength text on a tinted, flat field, so
          // a locked value never looks like an empty placeholder; an empty locked field shows no placeholder.
          'disabled:cursor-not-allowed disabled:border-gray-200 disabled:bg-gray-100 disabled:text-gray-900 disabled:shadow-none disabled:opacity-100 disabled:placeholder:text-transparent',
          'read-only:border-gray-200 read-only:bg-gray-100 read-only:shadow-none read-only:placeholder:text-transparent read-only:focus:border-gray-300 read-only:focus:ring-0',
          isInvalid
            ? 'border-danger-400 focus:border-danger-500 focus:ring-danger-500/15'
            : 'border-gray-200 hover:border-gray-300 focus:border-brand-500 focus:ring-brand-500/15',
          leading ? 'pl-10' : undefined,
          trailing ? 'pr-11' : undefined,
          className,
        )}
        {...rest}
      />
      {trailing && <span className="absolute inset-y-0 right-1.5 flex items-center">{trailing}</span>}
    </div>
  );
}

/** Password input with a show/hide toggle that never steals focus from the field. */
export function PasswordInput(props: Omit<InputProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="flex size-8 items-center justify-center rounded-md text-gray-400 transition hover:bg-gray-100 hover:text-gray-700"
          aria-label={visible ? 'Скрыть пароль' : 'Показать пароль'}
          aria-pressed={visible}
          // Keep focus in the input: the strength panel shows only while the password field is focused.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <EyeOff size={17} /> : <Eye size={17} />}
        </button>
      }
    />
  );
}
