import { LOGO_MARK, PRODUCT_NAME } from '@app/shared/brand';
import { cx } from './cx.ts';

/** Product mark + word mark. */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cx('inline-flex items-center gap-2.5', className)}>
      <svg viewBox={LOGO_MARK.viewBox} className="size-8 shrink-0" aria-hidden>
        <rect width="32" height="32" rx={LOGO_MARK.radius} fill="var(--color-brand-600)" />
        <path d={LOGO_MARK.letterPath} fill="#fff" />
      </svg>
      {compact ? null : (
        <span className="text-[1.0625rem] font-semibold tracking-tight text-gray-900">{PRODUCT_NAME}</span>
      )}
    </span>
  );
}
