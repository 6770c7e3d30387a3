import type { SupportQueueItem } from '@app/shared/homes/contracts';
import { AlarmClock, Lock, Scale } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DISPUTE_STATUS_LABELS, disputeStatusText } from '../../labels/index.ts';
import { formatRubles } from '../../ui/format-rubles.ts';
import {
  ArrowLink,
  Badge,
  type BadgeTone,
  Card,
  EmptyState,
  ErrorState,
  formatDate,
  formatDuration,
  formatUsdtText,
  PageHeader,
  Skeleton,
} from '../../ui/index.ts';
import { useSupportQueue } from './api.ts';

/** Russian labels of the open dispute statuses (never the raw value). */
/** The queue's statuses, as every dispute badge names them (the one label map). */
export const QUEUE_STATUS_LABELS = {
  waiting: DISPUTE_STATUS_LABELS.waiting,
  consideration: DISPUTE_STATUS_LABELS.consideration,
  deepconsideration: DISPUTE_STATUS_LABELS.deepconsideration,
};

const QUEUE_STATUS_TONES: Record<string, BadgeTone> = {
  waiting: 'warning',
  consideration: 'info',
  deepconsideration: 'brand',
};

/** Support home's words (Russian: the spec fixes none of them). */
export const SUPPORT_HOME_TEXT = {
  title: 'Очередь споров',
  description: 'Открытые споры, самые старые первыми, со сроками и блокировками.',
  loadFailed: 'Не удалось загрузить очередь споров',
  empty: 'Открытых споров нет',
  emptyHint: 'Новые споры появятся здесь.',
  blocked: 'Заблокированы',
  blockedByMe: 'Заблокирован вами',
  blockedBy: (name: string) => `Заблокирован: ${name}`,
  evidenceDue: 'Доказательства до',
  decisionDue: 'Решение до',
  left: (text: string) => `осталось ${text}`,
  overdue: (text: string) => `просрочен на ${text}`,
  opened: 'Открыт',
  open: 'Открыть',
  allDisputes: 'Все споры',
  truncated: 'Показаны 100 самых старых споров.',
  dispute: 'Спор',
} as const;

const T = SUPPORT_HOME_TEXT;

/** The time left until `deadline`, or how long it is overdue, from the server-corrected clock. */
export function deadlineText(deadline: string, now: number): { text: string; overdue: boolean } {
  const seconds = Math.round((new Date(deadline).getTime() - now) / 1000);
  // Minutes are enough for a queue; seconds would only flicker.
  const rounded = Math.max(60, Math.abs(seconds) - (Math.abs(seconds) % 60));
  return seconds >= 0
    ? { text: T.left(formatDuration(rounded)), overdue: false }
    : { text: T.overdue(formatDuration(rounded)), overdue: true };
}

/** The phone's clock corrected by the server's, ticking each minute. */
function useServerNow(serverTime: string | undefined): number {
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (serverTime) setOffset(new Date(serverTime).getTime() - Date.now());
  }, [serverTime]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now + offset;
}

function QueueRow({ item, now }: { item: SupportQueueItem; now: number }) {
  const due = deadlineText(item.deadline, now);
  return (
    <li
      className="grid grid-cols-1 gap-2 px-5 py-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:px-6"
      data-testid="support-queue-item"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={QUEUE_STATUS_TONES[item.status] ?? 'neutral'} dot>
            {disputeStatusText(item.status)}
          </Badge>
          {item.blocked_by ? (
            <Badge tone={item.blocked_by.is_me ? 'brand' : 'muted'}>
              <Lock size={12} aria-hidden />
              <span className="max-w-[14rem] truncate">
                {item.blocked_by.is_me ? (
                  T.blockedByMe
                ) : (
                  <>
                    {T.blockedBy('')}
                    <span data-literal>{item.blocked_by.name}</span>
                  </>
                )}
              </span>
            </Badge>
          ) : null}
        </div>
        <p className="text-small font-medium text-gray-900 tabular-nums">
          {T.dispute} <span data-literal>{item.id.slice(0, 8)}</span> · {formatRubles(item.amount_rub)}{' '}
          <span className="font-normal text-gray-500">({formatUsdtText(item.amount_usdt)})</span>
        </p>
        <p className="text-caption text-gray-500">
          {T.opened} {formatDate(item.created_at)} ·{' '}
          {item.status === 'waiting' ? T.evidenceDue : T.decisionDue} {formatDate(item.deadline)} ·{' '}
          <span className={due.overdue ? 'font-medium text-danger-700' : 'text-gray-700'}>
            {due.overdue ? <AlarmClock size={12} className="mr-0.5 inline" aria-hidden /> : null}
            {due.text}
          </span>
        </p>
      </div>
      <ArrowLink
        to="/dispute"
        state={{ search: item.id }}
        tall
        className="justify-self-start sm:justify-self-end"
        aria-label={`${T.open}: ${T.dispute} ${item.id.slice(0, 8)}`}
      >
        {T.open}
      </ArrowLink>
    </li>
  );
}

/**
 * Support's home at / (issue 25): the open disputes oldest first (waiting, consideration, deep
 * consideration), who holds each lock, and each stage's deadline with the time left or overdue.
 */
export function SupportHomePage() {
  const queue = useSupportQueue();
  const now = useServerNow(queue.data?.server_time);
  const counts = queue.data?.counts;
  return (
    <>
      <PageHeader
        title={T.title}
        description={T.description}
        actions={
          <ArrowLink to="/dispute" tall>
            {T.allDisputes}
          </ArrowLink>
        }
      />
      {counts ? (
        <dl className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="support-queue-counts">
          {(
            [
              [QUEUE_STATUS_LABELS.waiting, counts.waiting],
              [QUEUE_STATUS_LABELS.consideration, counts.consideration],
              [QUEUE_STATUS_LABELS.deepconsideration, counts.deepconsideration],
              [T.blocked, counts.blocked],
            ] as const
          ).map(([label, value]) => (
            // A dl holds only dt/dd groups in divs, so the card look is on the div itself.
            <div key={label} className="rounded-xl border border-gray-200/80 bg-white p-4 shadow-card">
              <dt className="text-small text-gray-500">{label}</dt>
              <dd className="mt-1 text-h2 text-gray-900 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <Card padding="none">
        {queue.isPending ? (
          <div className="flex flex-col gap-3 p-6" aria-busy="true" data-testid="support-queue-loading">
            {['a', 'b', 'c', 'd'].map((key) => (
              <Skeleton key={key} className="h-14 w-full" />
            ))}
          </div>
        ) : queue.isError ? (
          <div className="p-6">
            <ErrorState message={T.loadFailed} retry={queue} />
          </div>
        ) : queue.data.results.length === 0 ? (
          <EmptyState
            icon={<Scale size={22} />}
            title={T.empty}
            description={T.emptyHint}
            className="py-12"
          />
        ) : (
          <>
            <ul className="divide-y divide-gray-100" data-testid="support-queue">
              {queue.data.results.map((item) => (
                <QueueRow key={item.id} item={item} now={now} />
              ))}
            </ul>
            {queue.data.truncated ? (
              <p className="px-6 pb-4 text-caption text-gray-500">{T.truncated}</p>
            ) : null}
          </>
        )}
      </Card>
    </>
  );
}
