import { cx, formatDate } from '../../ui/index.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago a heartbeat came, in words: "только что", "5 мин назад", "3 ч назад", else the date. */
export function lastSeenText(lastPing: string | null, now: number = Date.now()): string {
  if (!lastPing) return 'ещё не выходил(а) на связь';
  const time = new Date(lastPing).getTime();
  if (Number.isNaN(time)) return 'ещё не выходил(а) на связь';
  const ago = Math.max(0, now - time);
  if (ago < MINUTE) return 'был(а) только что';
  if (ago < HOUR) return `был(а) ${Math.floor(ago / MINUTE)} мин назад`;
  if (ago < DAY) return `был(а) ${Math.floor(ago / HOUR)} ч назад`;
  return `был(а) ${formatDate(lastPing)}`;
}

/** The words beside the online dot: "в сети", or "не в сети · был(а) …". */
export function onlineText(online: boolean, lastPing: string | null, now?: number): string {
  return online ? 'в сети' : `не в сети · ${lastSeenText(lastPing, now)}`;
}

/** Online dot with its words (issue 9: a terminal silent past its timeout is offline). */
export function OnlineStatus({
  online,
  lastPing,
  className,
}: {
  online: boolean;
  lastPing: string | null;
  className?: string;
}) {
  return (
    <span
      data-testid="terminal-online"
      data-online={online}
      className={cx('inline-flex min-w-0 items-center gap-1.5 text-small leading-snug', className)}
    >
      <span
        aria-hidden
        className={cx(
          'size-2 shrink-0 rounded-full',
          online ? 'bg-success-500 ring-4 ring-success-500/15' : 'bg-gray-300',
        )}
      />
      <span className={cx('line-clamp-2', online ? 'text-success-700' : 'text-gray-500')}>
        {onlineText(online, lastPing)}
      </span>
    </span>
  );
}
