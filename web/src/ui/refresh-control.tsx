import { RotateCw } from 'lucide-react';
import { useId } from 'react';
import { IconButton } from './button.tsx';
import { cx } from './cx.ts';

/** Automatic refresh choices in seconds (spec §9 Refresh intervals); 0 means by hand only. */
export const REFRESH_INTERVALS_S = [0, 5, 10, 20] as const;
export type RefreshInterval = (typeof REFRESH_INTERVALS_S)[number];

export const REFRESH_TEXT = {
  refresh: 'Обновить',
  auto: 'Автообновление',
  manual: 'Вручную',
  every: (seconds: number) => `Каждые ${seconds} с`,
} as const;

/** The interval as TanStack Query's refetchInterval wants it: milliseconds, or false for none. */
export function refreshIntervalMs(interval: RefreshInterval): number | false {
  return interval === 0 ? false : interval * 1000;
}

export interface RefreshControlProps {
  interval: RefreshInterval;
  onIntervalChange: (interval: RefreshInterval) => void;
  onRefresh: () => void;
  /** A refresh is running: the icon spins (the button stays usable, an automatic refresh must not block it). */
  refreshing?: boolean;
  className?: string;
}

/** The filter bar's refresh (spec §2 Shared widgets): a button for now, and automatic every 5, 10 or 20 s. */
export function RefreshControl({
  interval,
  onIntervalChange,
  onRefresh,
  refreshing = false,
  className,
}: RefreshControlProps) {
  const selectId = useId();
  return (
    <div className={cx('flex min-w-0 items-center gap-2', className)}>
      <IconButton
        variant="secondary"
        aria-label={REFRESH_TEXT.refresh}
        title={REFRESH_TEXT.refresh}
        icon={<RotateCw size={16} className={refreshing ? 'animate-spin' : undefined} />}
        onClick={onRefresh}
        aria-busy={refreshing || undefined}
      />
      <label htmlFor={selectId} className="sr-only">
        {REFRESH_TEXT.auto}
      </label>
      <select
        id={selectId}
        value={interval}
        onChange={(event) => onIntervalChange(Number(event.target.value) as RefreshInterval)}
        className="h-10 min-w-0 flex-1 rounded-lg border border-gray-200 bg-white px-3 text-small text-gray-800 shadow-xs outline-none hover:border-gray-300 focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 sm:flex-none"
      >
        {REFRESH_INTERVALS_S.map((seconds) => (
          <option key={seconds} value={seconds}>
            {seconds === 0 ? REFRESH_TEXT.manual : REFRESH_TEXT.every(seconds)}
          </option>
        ))}
      </select>
    </div>
  );
}
