import * as RadixSwitch from '@radix-ui/react-switch';
import { type ReactNode, useId } from 'react';
import { cx } from './cx.ts';

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Visible label to the right; without it pass aria-label. */
  label?: ReactNode;
  description?: ReactNode;
  'aria-label'?: string;
  id?: string;
  className?: string;
}

/** On/off toggle (Radix Switch) with an optional label and description. */
export function Switch({
  checked,
  onCheckedChange,
  disabled,
  label,
  description,
  id,
  className,
  'aria-label': ariaLabel,
}: SwitchProps) {
  const generated = useId();
  const switchId = id ?? `switch-${generated}`;
  const control = (
    <RadixSwitch.Root
      id={switchId}
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      aria-label={ariaLabel}
      aria-describedby={label && description ? `${switchId}-description` : undefined}
      className={cx(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
        'focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand-500/25',
        'data-[state=checked]:bg-brand-600 data-[state=unchecked]:bg-gray-300 disabled:cursor-not-allowed disabled:opacity-50',
      )}
    >
      <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-[1.375rem]" />
    </RadixSwitch.Root>
  );
  if (!label) return <span className={className}>{control}</span>;
  return (
    <div className={cx('flex items-start gap-3', className)}>
      {control}
      <div className="-mt-px select-none">
        {/* The label names the switch; the description is read after it, not as part of the name. */}
        <label htmlFor={switchId} className="block text-small font-medium text-gray-800">
          {label}
        </label>
        {description ? (
          <span id={`${switchId}-description`} className="block text-small text-gray-500">
            {description}
          </span>
        ) : null}
      </div>
    </div>
  );
}
