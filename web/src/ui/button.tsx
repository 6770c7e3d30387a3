import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    'bg-brand-600 text-white shadow-xs hover:bg-brand-700 active:bg-brand-800 disabled:hover:bg-brand-600',
  secondary:
    'border border-gray-200 bg-white text-gray-800 shadow-xs hover:border-gray-300 hover:bg-gray-50 active:bg-gray-100',
  ghost: 'text-gray-700 hover:bg-gray-100 hover:text-gray-900 active:bg-gray-200/70',
  danger: 'bg-danger-600 text-white shadow-xs hover:bg-danger-700 active:bg-danger-700',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 gap-1.5 rounded-md px-3 text-small',
  md: 'h-10 gap-2 rounded-lg px-4 text-[0.875rem]',
  lg: 'h-12 gap-2 rounded-lg px-6 text-body',
};

// Square sizes of their own: there is no class merger, so px-0 added next to px-4 would not reliably win.
const ICON_SIZES: Record<ButtonSize, string> = {
  sm: 'size-8 shrink-0 rounded-md',
  md: 'size-10 shrink-0 rounded-lg',
  lg: 'size-12 shrink-0 rounded-lg',
};

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Square, for a button that holds only an icon. */
  iconOnly?: boolean;
}

/** Class string of a button, for links and other elements that must look like one. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  iconOnly = false,
}: ButtonStyle = {}): string {
  return cx(
    'inline-flex items-center justify-center font-medium whitespace-nowrap select-none transition-colors duration-150',
    'focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand-500/25',
    'disabled:cursor-not-allowed disabled:opacity-55',
    VARIANTS[variant],
    iconOnly ? ICON_SIZES[size] : SIZES[size],
    fullWidth && 'w-full',
  );
}

export interface ButtonProps extends ComponentPropsWithRef<'button'>, ButtonStyle {
  /** Shows a spinner, disables the button and sets aria-busy. */
  loading?: boolean;
  leftIcon?: ReactNode;
  rightIcon?: ReactNode;
}

/** The button. Type defaults to "button" so it never submits a form by accident. */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  leftIcon,
  rightIcon,
  fullWidth,
  iconOnly,
  className,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(buttonClasses({ variant, size, fullWidth, iconOnly }), className)}
      {...rest}
    >
      {loading ? <Spinner size={size === 'sm' ? 14 : 16} /> : leftIcon}
      {children}
      {!loading && rightIcon}
    </button>
  );
}

export interface IconButtonProps
  extends Omit<ButtonProps, 'leftIcon' | 'rightIcon' | 'children' | 'iconOnly'> {
  /** Required: the button has no visible text. */
  'aria-label': string;
  icon: ReactNode;
}

/** Square button with only an icon; the spinner replaces the icon while loading. */
export function IconButton({ icon, size = 'md', variant = 'ghost', ...rest }: IconButtonProps) {
  return <Button size={size} variant={variant} iconOnly leftIcon={icon} {...rest} />;
}
