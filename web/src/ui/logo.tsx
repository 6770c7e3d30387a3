import { cx } from './cx.ts';

/** Product mark + word mark. */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cx('inline-flex items-center gap-2.5', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="9" fill="var(--color-brand-600)" />
        <path
          d="M11 23V9h6.2c3.2 0 5.3 1.9 5.3 4.7s-2.1 4.7-5.3 4.7H14.6V23H11zm3.6-7.6h2.3c1.3 0 2-.6 2-1.7s-.7-1.7-2-1.7h-2.3v3.4z"
          fill="#fff"
        />
      </svg>
      {compact ? null : (
        <span className="text-[1.0625rem] font-semibold tracking-tight text-gray-900">Processing</span>
      )}
    </span>
  );
}
