import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from './cx.ts';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

const TONES: Record<AlertTone, { box: string; icon: ReactNode }> = {
  info: { box: 'border-info-200 bg-info-50 text-info-700', icon: <Info size={18} /> },
  success: { box: 'border-success-200 bg-success-50 text-success-700', icon: <CircleCheck size={18} /> },
  warning: { box: 'border-warning-200 bg-warning-50 text-warning-700', icon: <TriangleAlert size={18} /> },
  danger: { box: 'border-danger-200 bg-danger-50 text-danger-700', icon: <CircleAlert size={18} /> },
};

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** "alert" for errors that must be announced at once, "status" for confirmations. */
  role?: 'alert' | 'status';
  action?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/** An inline message box (pop-up warnings inside forms, success banners, notices). */
export function Alert({ tone = 'info', title, children, role, action, className, ...rest }: AlertProps) {
  const { box, icon } = TONES[tone];
  return (
    <div
      {...rest}
      role={role}
      className={cx('flex items-start gap-3 rounded-lg border px-3.5 py-3 text-small', box, className)}
    >
      <span className="mt-px shrink-0">{icon}</span>
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={cx(title ? 'mt-0.5' : undefined, 'break-words')}>{children}</div> : null}
      </div>
      {action}
    </div>
  );
}
