import type { ReactNode } from 'react';
import { dealStatusText } from '../labels/index.ts';
import { cx } from './cx.ts';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info' | 'muted';

const TONES: Record<BadgeTone, { box: string; dot: string }> = {
  neutral: { box: 'bg-gray-100 text-gray-700 ring-gray-200', dot: 'bg-gray-500' },
  brand: { box: 'bg-brand-50 text-brand-700 ring-brand-200', dot: 'bg-brand-500' },
  success: { box: 'bg-success-50 text-success-700 ring-success-200', dot: 'bg-success-500' },
  warning: { box: 'bg-warning-50 text-warning-700 ring-warning-200', dot: 'bg-warning-500' },
  danger: { box: 'bg-danger-50 text-danger-700 ring-danger-200', dot: 'bg-danger-500' },
  info: { box: 'bg-info-50 text-info-700 ring-info-200', dot: 'bg-info-500' },
  muted: { box: 'bg-gray-50 text-gray-500 ring-gray-200', dot: 'bg-gray-400' },
};

export interface BadgeProps {
  tone?: BadgeTone;
  /** A small coloured dot before the text. */
  dot?: boolean;
  className?: string;
  children: ReactNode;
}

/** Compact label for states and counts. */
export function Badge({ tone = 'neutral', dot = false, className, children }: BadgeProps) {
  const { box, dot: dotColor } = TONES[tone];
  return (
    <span
      className={cx(
        'inline-flex h-6 items-center gap-1.5 rounded-full px-2.5 text-caption font-medium whitespace-nowrap ring-1 ring-inset',
        box,
        className,
      )}
    >
      {dot ? <span className={cx('size-1.5 rounded-full', dotColor)} aria-hidden /> : null}
      {children}
    </span>
  );
}

/** Badge tone of each transaction status of spec §4 (dashboard and deals). */
export const STATUS_TONES: Record<string, BadgeTone> = {
  pending: 'warning',
  verification: 'info',
  complete: 'success',
  dispute: 'danger',
  canceled: 'neutral',
  expired: 'muted',
};

/**
 * A transaction status badge: the status's Russian label from the one label map, never the raw value;
 * unknown statuses get a neutral badge and the map's unknown-status text.
 */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const key = status.toLowerCase();
  return (
    <Badge tone={STATUS_TONES[key] ?? 'neutral'} dot className={className}>
      {dealStatusText(key)}
    </Badge>
  );
}
