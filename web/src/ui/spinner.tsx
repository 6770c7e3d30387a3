import { cx } from './cx.ts';

export interface SpinnerProps {
  size?: number;
  className?: string;
  /** Accessible text; omit when the surrounding control already says it is busy. */
  label?: string;
}

/** A quiet circular spinner that inherits the text colour. */
export function Spinner({ size = 16, className, label }: SpinnerProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      className={cx('shrink-0 animate-spin', className)}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21.5 12a9.5 9.5 0 0 0-9.5-9.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** Grey shimmering block standing in for content that is loading. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cx('animate-pulse rounded-md bg-gray-200/70', className)} />;
}

/** Whole-screen loading state, e.g. while the session is being checked. */
export function FullPageLoader({ label = 'Загрузка…' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-canvas" role="status">
      <div className="flex size-12 items-center justify-center rounded-xl bg-white text-brand-600 shadow-card">
        <Spinner size={22} />
      </div>
      <p className="text-small text-gray-500">{label}</p>
    </div>
  );
}

/** Dimmed screen with a spinner, while the code of a dialog that was asked for is still loading. */
export function OverlayLoader({ label = 'Загрузка…' }: { label?: string }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-gray-950/45">
      <div className="flex size-12 items-center justify-center rounded-xl bg-white text-brand-600 shadow-card">
        <Spinner size={22} label={label} />
      </div>
    </div>
  );
}
