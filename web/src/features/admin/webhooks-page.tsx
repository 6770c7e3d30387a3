/**
 * Merchant webhooks in the console (issue 27), /admin/webhooks: events by state with their attempts and the
 * last answer (HTTP status or the outcome class), and retry on a failed one.
 */
import { type AdminWebhookEvent, WEBHOOK_OUTCOME_TEXT } from '@app/shared';
import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { readError } from '../../api/errors.ts';
import { labelOf, webhookEventText } from '../../labels/index.ts';
import { Badge, Button, Card, formatDate, notify, PageHeader, Pagination } from '../../ui/index.ts';
import { LabelledSelect, QueryBody } from './admin-parts.tsx';
import { ADMIN_TEXT, WEBHOOKS_TEXT as T, WEBHOOK_STATE_LABELS } from './admin-text.ts';
import { ADMIN_PAGE_SIZE, useAdminWebhooks, useRetryWebhook } from './api.ts';

const STATE_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  ['', ADMIN_TEXT.all],
  ...(Object.entries(WEBHOOK_STATE_LABELS) as Array<[string, string]>),
];

const STATE_TONES = { pending: 'warning', delivered: 'success', failed: 'danger' } as const;

/** The last answer: its HTTP status and outcome class, or that none came yet. */
export function lastAnswerText(event: AdminWebhookEvent): string {
  const outcome = event.last_outcome
    ? labelOf(WEBHOOK_OUTCOME_TEXT, event.last_outcome, ADMIN_TEXT.none)
    : null;
  if (event.last_status_code !== null) {
    return outcome
      ? `${T.httpCode(event.last_status_code)} · ${outcome}`
      : T.httpCode(event.last_status_code);
  }
  return outcome ?? T.noAnswer;
}

function EventRow({ event }: { event: AdminWebhookEvent }) {
  const retry = useRetryWebhook();
  const run = async () => {
    try {
      await retry.mutateAsync(event.id);
      notify.success(T.retried);
    } catch (error) {
      notify.error(readError(error).text);
    }
  };
  return (
    <li
      className="grid grid-cols-1 gap-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:px-6"
      data-testid="admin-webhook"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={STATE_TONES[event.state]} dot>
            {WEBHOOK_STATE_LABELS[event.state]}
          </Badge>
          <span className="text-small font-medium text-gray-900">{webhookEventText(event.type)}</span>
          <span className="truncate text-caption text-gray-500" data-literal>
            {event.merchant_email}
          </span>
        </div>
        <p className="text-caption text-gray-500">
          {T.order}{' '}
          <span data-literal className="font-mono">
            {event.order_id.slice(0, 8)}
          </span>{' '}
          · {T.attempts}: {event.attempts} · {T.lastAnswer}:{' '}
          <span data-testid="admin-webhook-answer">{lastAnswerText(event)}</span>
        </p>
        <p className="text-caption text-gray-500">
          {T.created} {formatDate(event.created_at)}
          {event.next_attempt_at ? ` · ${T.nextAttempt} ${formatDate(event.next_attempt_at)}` : ''}
          {event.delivered_at ? ` · ${T.delivered} ${formatDate(event.delivered_at)}` : ''}
        </p>
      </div>
      {event.state === 'failed' ? (
        <Button
          size="sm"
          variant="secondary"
          leftIcon={<RotateCw size={14} />}
          loading={retry.isPending}
          onClick={() => void run()}
          className="justify-self-start sm:justify-self-end"
        >
          {T.retry}
        </Button>
      ) : null}
    </li>
  );
}

/** /admin/webhooks */
export function WebhooksPage() {
  const [state, setState] = useState('');
  const [page, setPage] = useState(1);
  const events = useAdminWebhooks(state, page);
  return (
    <>
      <PageHeader title={T.title} description={T.description} />
      <div className="mb-4 flex">
        <LabelledSelect
          label={T.state}
          options={STATE_OPTIONS}
          value={state}
          className="w-full sm:w-64"
          onChange={(event) => {
            setState(event.target.value);
            setPage(1);
          }}
        />
      </div>
      <Card padding="none">
        <QueryBody
          query={events}
          testId="admin-webhooks"
          empty={T.empty}
          isEmpty={(data) => data.results.length === 0}
        >
          {(data) => (
            <>
              <ul className="divide-y divide-gray-100" data-testid="admin-webhooks">
                {data.results.map((event) => (
                  <EventRow key={event.id} event={event} />
                ))}
              </ul>
              <Pagination
                className="py-4"
                page={page}
                total={data.count}
                pageSize={ADMIN_PAGE_SIZE}
                onPageChange={setPage}
              />
            </>
          )}
        </QueryBody>
      </Card>
    </>
  );
}
