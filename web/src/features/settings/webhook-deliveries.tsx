/** Settings #api: the webhook delivery log (events, attempts, resend, more pages). */
import { MERCHANT_TEXT, WEBHOOK_OUTCOME_TEXT, type WebhookEvent } from '@app/shared';
import { Inbox, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { readError } from '../../api/errors.ts';
import type { TableColumn } from '../../ui/column-table.tsx';
import { formatDate } from '../../ui/format-date.ts';
import {
  Badge,
  type BadgeTone,
  Button,
  Card,
  CardHeader,
  EmptyState,
  ErrorState,
  notify,
  useMediaQuery,
} from '../../ui/index.ts';
import { useResendWebhookEvent, useWebhookEvents } from './api.ts';
import { ACTIONS_HEADER, ApiList, ApiListLoading } from './api-list-parts.tsx';
import { API_SECTION_TEXT as T } from './api-texts.ts';

const STATE_TONES: Record<WebhookEvent['state'], BadgeTone> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'danger',
};

function StateBadge({ state }: { state: WebhookEvent['state'] }) {
  return (
    <Badge tone={STATE_TONES[state]} dot>
      {T.states[state]}
    </Badge>
  );
}

/**
 * The last attempt as the merchant may see it: its server's status code (with what the class means when it
 * was not a success), else why there was no answer (timeout, no connection, the name not found). The server
 * sends only the class, never its own connection errors.
 */
function lastAnswer(event: WebhookEvent): string {
  const outcome = event.last_outcome;
  if (event.last_status_code !== null) {
    return outcome && outcome !== '2xx'
      ? `${event.last_status_code} · ${WEBHOOK_OUTCOME_TEXT[outcome]}`
      : String(event.last_status_code);
  }
  return outcome ? WEBHOOK_OUTCOME_TEXT[outcome] : '—';
}

/** When it was delivered, else when the next attempt is due (a dash when neither applies). */
function When({ event }: { event: WebhookEvent }) {
  const [label, at] = event.delivered_at
    ? [T.columnsEvents.delivered, event.delivered_at]
    : event.next_attempt_at
      ? [T.columnsEvents.next, event.next_attempt_at]
      : [null, null];
  if (!label) return <span className="text-gray-400">—</span>;
  return (
    <>
      <p className="text-caption text-gray-500">{label}</p>
      <p>{formatDate(at)}</p>
    </>
  );
}

/** The order id, shortened, with the whole id on hover and for screen readers. */
function OrderId({ id }: { id: string }) {
  return (
    <span className="font-mono text-caption" title={id}>
      <span aria-hidden>{id.length > 13 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id}</span>
      <span className="sr-only">{id}</span>
    </span>
  );
}

/** The deliveries table: type and order, state and attempts, the last answer, when, and the resend button. */
function eventColumns(resendButton: (event: WebhookEvent) => ReactNode): Array<TableColumn<WebhookEvent>> {
  return [
    {
      key: 'type',
      header: T.columnsEvents.type,
      cellClassName: 'py-2.5 whitespace-nowrap',
      cell: (event) => (
        <>
          <p className="font-mono text-gray-900">{event.type}</p>
          <p className="text-gray-500">
            {T.columnsEvents.order} <OrderId id={event.order_id} />
          </p>
        </>
      ),
    },
    {
      key: 'state',
      header: T.columnsEvents.state,
      cellClassName: 'py-2.5 whitespace-nowrap',
      cell: (event) => (
        <>
          <StateBadge state={event.state} />
          <p className="mt-1 text-caption text-gray-500">
            {T.columnsEvents.attempts}: <span className="tabular-nums">{event.attempts}</span>
          </p>
        </>
      ),
    },
    {
      key: 'last',
      header: T.columnsEvents.last,
      cellClassName: 'max-w-56 truncate',
      cellTitle: lastAnswer,
      cell: lastAnswer,
    },
    {
      key: 'when',
      header: T.columnsEvents.when,
      cellClassName: 'py-2.5 whitespace-nowrap',
      cell: (event) => <When event={event} />,
    },
    { key: 'actions', header: ACTIONS_HEADER, headerAlign: 'left', align: 'right', cell: resendButton },
  ];
}

/** The delivery log: one row per event with its attempts, "Отправить снова" and "Показать ещё". */
/**
 * Eight columns need about 1,100 px; beside the sidebar and the settings menu the table fits only on wide
 * screens, so narrower ones get cards (the resend button was cut off at 1280 px).
 */
export const DELIVERIES_CARDS_QUERY = '(max-width: 1439px)';

export function WebhookDeliveriesCard() {
  const events = useWebhookEvents();
  const resend = useResendWebhookEvent();
  const narrow = useMediaQuery(DELIVERIES_CARDS_QUERY);

  const send = async (event: WebhookEvent) => {
    try {
      const result = await resend.mutateAsync(event.id);
      if (result.state === 'delivered') notify.success(T.resentDelivered);
      else notify.warning(T.resentNotDelivered, { description: lastAnswer(result) });
    } catch (error) {
      notify.error(readError(error, T.resendFailed).text);
    }
  };

  const resendButton = (event: WebhookEvent) => (
    <Button
      variant="secondary"
      size="sm"
      leftIcon={<Send size={14} />}
      loading={resend.isPending && resend.variables === event.id}
      disabled={resend.isPending && resend.variables !== event.id}
      onClick={() => void send(event)}
    >
      {MERCHANT_TEXT.resend}
    </Button>
  );

  const items = events.data?.pages.flatMap((page) => page.results) ?? [];
  let body: ReactNode;
  if (events.isPending) {
    body = <ApiListLoading testId="deliveries-loading" rows={3} />;
  } else if (events.isError && items.length === 0) {
    body = <ErrorState message={MERCHANT_TEXT.deliveriesLoadFailed} retry={events} />;
  } else if (items.length === 0) {
    body = <EmptyState icon={<Inbox size={22} />} title={T.noDeliveries} />;
  } else {
    body = (
      <ApiList
        narrow={narrow}
        rows={items}
        testId="webhook-event"
        columns={eventColumns(resendButton)}
        card={{
          head: (event) => (
            <>
              <p className="font-mono text-small font-medium text-gray-900">{event.type}</p>
              <OrderId id={event.order_id} />
            </>
          ),
          status: (event) => <StateBadge state={event.state} />,
          body: (event) => (
            <>
              <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1.5 text-small">
                <dt className="text-gray-500">{T.columnsEvents.attempts}</dt>
                <dd className="text-right text-gray-800 tabular-nums">{event.attempts}</dd>
                <dt className="text-gray-500">{T.columnsEvents.last}</dt>
                <dd className="text-right break-words text-gray-800">{lastAnswer(event)}</dd>
                <dt className="text-gray-500">{T.columnsEvents.next}</dt>
                <dd className="text-right text-gray-800">{formatDate(event.next_attempt_at)}</dd>
                <dt className="text-gray-500">{T.columnsEvents.delivered}</dt>
                <dd className="text-right text-gray-800">{formatDate(event.delivered_at)}</dd>
              </dl>
              <div className="mt-3">{resendButton(event)}</div>
            </>
          ),
        }}
      />
    );
  }

  return (
    <Card>
      <CardHeader title={MERCHANT_TEXT.deliveriesTitle} description={T.deliveriesDescription} />
      {body}
      {events.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            loading={events.isFetchingNextPage}
            onClick={() => void events.fetchNextPage()}
          >
            {T.more}
          </Button>
        </div>
      ) : null}
      {events.isFetchNextPageError ? (
        <p role="alert" className="mt-3 text-center text-small text-danger-600">
          {MERCHANT_TEXT.deliveriesLoadFailed}
        </p>
      ) : null}
    </Card>
  );
}
