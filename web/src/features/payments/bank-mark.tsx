import { bankColor } from '@app/shared';
import { cx } from '../../ui/index.ts';

/** Up to two initials of a bank name ("Банк Открытие" → "БО", "Сбербанк" → "С"). */
export function bankInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/**
 * A rounded square in the bank's colour (the operator's when set, else spec §3 colour map, purple by default)
 * with its initials.
 */
export function BankMark({
  name,
  color: operatorColor,
  size = 'md',
  className,
}: {
  name: string;
  color?: string | null;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const color = bankColor(name, operatorColor);
  return (
    <span
      aria-hidden
      data-testid="bank-mark"
      style={{ backgroundColor: color.background, color: color.foreground }}
      className={cx(
        'inline-flex shrink-0 items-center justify-center rounded-lg font-semibold tracking-tight',
        size === 'sm' ? 'size-7 text-[0.6875rem]' : 'size-10 text-small',
        className,
      )}
    >
      {bankInitials(name)}
    </span>
  );
}
