import { cx } from './cx.ts';

export interface BatteryRingProps {
  /** 0–100; values outside are clamped. */
  percent: number;
  /** Outer size in pixels. */
  size?: number;
  className?: string;
}

/** Colour of a charge level: low red, middling amber, otherwise green. */
export function batteryTone(percent: number): 'danger' | 'warning' | 'success' {
  if (percent < 20) return 'danger';
  if (percent < 50) return 'warning';
  return 'success';
}

const TONE_CLASSES = {
  danger: 'text-danger-500',
  warning: 'text-warning-500',
  success: 'text-success-500',
} as const;

/** A battery charge as a ring with the percent in its centre (spec §2 Terminal device card). */
export function BatteryRing({ percent, size = 56, className }: BatteryRingProps) {
  const value = Math.min(100, Math.max(0, Math.round(percent)));
  const tone = batteryTone(value);
  const stroke = Math.max(4, Math.round(size / 11));
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  return (
    <div
      role="img"
      aria-label={`Заряд ${value}%`}
      data-percent={value}
      data-tone={tone}
      className={cx('relative inline-flex shrink-0 items-center justify-center', className)}
      style={{ width: size, height: size }}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} className="-rotate-90" aria-hidden>
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={stroke}
          className="stroke-gray-100"
        />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={stroke}
          strokeLinecap="round"
          stroke="currentColor"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - value / 100)}
          className={cx('transition-[stroke-dashoffset] duration-500', TONE_CLASSES[tone])}
        />
      </svg>
      <span
        aria-hidden
        className="absolute inset-0 flex items-center justify-center text-caption font-semibold text-gray-900 tabular-nums"
      >
        {value}%
      </span>
    </div>
  );
}
