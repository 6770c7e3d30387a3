import { filterOtp, OTP_LENGTH } from '@app/shared';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { cx } from './cx.ts';
import { useFieldContext } from './field.tsx';

export interface OtpInputProps {
  /** The digits typed so far (0 to length digits, no gaps). */
  value: string;
  onChange: (value: string) => void;
  length?: number;
  invalid?: boolean;
  disabled?: boolean;
  /** Focuses the first box when the boxes appear (a code dialog opening, a step showing them). */
  autoFocus?: boolean;
  /** Accessible name of the group; each box is announced as "digit n of length". */
  'aria-label'?: string;
  /** Called with the full code when the last digit is entered or a full code is pasted. */
  onComplete?: (value: string) => void;
  name?: string;
  onBlur?: () => void;
}

/**
 * Six single-digit boxes (spec §5 Wallet OTP): digits only, typing moves forward, paste fills every box,
 * Backspace on an empty box moves to the previous one. Used by the auth modal and the wallet OTP modal.
 */
export function OtpInput({
  value,
  onChange,
  length = OTP_LENGTH,
  invalid,
  disabled,
  autoFocus,
  onComplete,
  name,
  onBlur,
  'aria-label': ariaLabel = 'Код подтверждения',
}: OtpInputProps) {
  const field = useFieldContext();
  const isInvalid = invalid ?? field?.invalid ?? false;
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const digits = filterOtp(value, length);

  // The first box takes the focus from script once it is in the page, not from the autofocus attribute: a
  // browser honours that only on page load, so a step that renders the boxes later kept the focus nowhere
  // under a renderer that sets the attribute (Preact). A dialog opening focuses it too (data-autofocus, Modal).
  const focusOnMount = useRef(autoFocus);
  useEffect(() => {
    if (focusOnMount.current) boxes.current[0]?.focus();
  }, []);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  const commit = (next: string) => {
    const clean = filterOtp(next, length);
    onChange(clean);
    if (clean.length === length && clean !== digits) onComplete?.(clean);
  };

  // Typing into box i writes digit i; a box past the typed digits writes the next free one instead,
  // which keeps the value gap-free.
  const writeAt = (index: number, typed: string) => {
    const at = Math.min(index, digits.length);
    const next = `${digits.slice(0, at)}${typed}${digits.slice(at + typed.length)}`;
    commit(next);
    focusBox(at + typed.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (index < digits.length) {
        commit(`${digits.slice(0, index)}${digits.slice(index + 1)}`);
      } else if (index === digits.length && index > 0) {
        commit(digits.slice(0, index - 1));
        focusBox(index - 1);
      } else {
        focusBox(index - 1);
      }
      return;
    }
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
      return;
    }
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(Math.min(index + 1, digits.length));
      return;
    }
    if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      writeAt(index, event.key);
      return;
    }
    // Any other printable key can never be part of a code.
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey) event.preventDefault();
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = filterOtp(event.clipboardData.getData('text'), length);
    if (!pasted) return;
    commit(pasted);
    focusBox(pasted.length === length ? length - 1 : pasted.length);
  };

  return (
    <fieldset
      className="flex w-full justify-between gap-2 sm:gap-3"
      aria-label={ariaLabel}
      aria-invalid={isInvalid || undefined}
      aria-describedby={field?.describedBy}
      disabled={disabled}
    >
      {Array.from({ length }, (_, index) => {
        const digit = digits[index] ?? '';
        return (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length row of boxes
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            id={index === 0 ? field?.id : undefined}
            name={name ? `${name}-${index + 1}` : undefined}
            value={digit}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            data-autofocus={autoFocus && index === 0 ? '' : undefined}
            pattern="[0-9]*"
            aria-label={`Цифра ${index + 1} из ${length}`}
            className={cx(
              'aspect-square h-auto w-full max-w-14 min-w-0 flex-1 rounded-lg border bg-white text-center font-mono text-[1.375rem] font-semibold text-gray-900 shadow-xs outline-none transition',
              'focus:ring-4 disabled:bg-gray-50 disabled:text-gray-400',
              isInvalid
                ? 'border-danger-400 focus:border-danger-500 focus:ring-danger-500/15'
                : digit
                  ? 'border-gray-300 focus:border-brand-500 focus:ring-brand-500/15'
                  : 'border-gray-200 focus:border-brand-500 focus:ring-brand-500/15',
            )}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={onPaste}
            onFocus={(event) => event.currentTarget.select()}
            onBlur={onBlur}
            // Mobile keyboards and SMS autofill bypass keydown and put one or more digits in the box.
            onChange={(event) => {
              const all = event.target.value.replace(/\D/g, '');
              if (all.length >= length) {
                commit(all.slice(all.length - length));
                focusBox(length - 1);
                return;
              }
              const typed = digit && all.length > 1 ? all.replace(digit, '') : all;
              if (typed) writeAt(index, typed.slice(-1));
            }}
          />
        );
      })}
    </fieldset>
  );
}
