import { WEBHOOK_EVENT_STATES } from '@app/shared';
import pino from 'pino';
import { ADMIN_CLI_ACTOR, recordAudit } from '../../modules/admin/admin.service.ts';
import { createWebhooksService } from '../../modules/webhooks/webhooks.service.ts';
import { type AdminCommand, limitFlag, UsageError } from './types.ts';

type EventState = (typeof WEBHOOK_EVENT_STATES)[number];
const isState = (value: string): value is EventState =>
  (WEBHOOK_EVENT_STATES as readonly string[]).includes(value);

/** `npm run admin -- webhooks list [--state S] [--limit N] | retry EVENT_ID`: the operator's view of the outbox. */
export const webhooksCommand: AdminCommand = {
  name: 'webhooks',
  usage: 'webhooks list [--state pending|delivered|failed] [--limit N] | retry EVENT_ID',
  summary:
    'Lists merchant webhook events, newest first; sends a failed one again (one more attempt: its retry window is over).',
  async run({ positional, flags }, { database, config, print }) {
    const [action, eventId] = positional;
    const webhooks = createWebhooksService({ database, config, log: pino({ level: 'silent' }) });
    if (action === 'list') {
      const state = flags.state;
      if (state !== undefined && !isState(state))
        throw new UsageError(`--state must be one of ${WEBHOOK_EVENT_STATES.join(', ')}`);
      const limit = limitFlag(flags, 50);
      const rows = await webhooks.listForAdmin({ state, limit });
      if (rows.length === 0) print(state ? `No ${state} webhook events.` : 'No webhook events yet.');
      for (const row of rows) {
        // The class when there was no answer (timeout, dns_failed, …); the detail in brackets after it.
        const last = row.lastStatusCode !== null ? `HTTP ${row.lastStatusCode}` : (row.lastOutcome ?? '');
        print(
          [
            row.id,
            row.state.padEnd(9),
            row.type,
            `order ${row.orderId}`,
            row.merchantEmail,
            `created ${row.createdAt.toISOString()}`,
            `attempts ${row.attempts}`,
            row.state === 'pending' ? `next ${row.nextAttemptAt.toISOString()}` : '',
            row.deliveredAt ? `delivered ${row.deliveredAt.toISOString()}` : '',
            last,
            row.lastError ? `(${row.lastError})` : '',
          ]
            .filter(Boolean)
            .join('  '),
        );
      }
      return 0;
    }
    if (action !== 'retry') throw new UsageError('expected list or retry EVENT_ID');
    if (!eventId) throw new UsageError('retry needs the event id (msg_…, see webhooks list)');
    const row = await database.db.transaction(async (tx) => {
      const event = await webhooks.retry(eventId, tx);
      if (event) {
        await recordAudit(tx, ADMIN_CLI_ACTOR, {
          action: 'webhook.retry',
          target: event.id,
          before: { state: 'failed' },
          after: { state: event.state },
        });
      }
      return event;
    });
    if (!row) {
      print(`No failed webhook event ${eventId}; only failed events can be retried.`);
      return 1;
    }
    print(`Webhook event ${row.id} is pending again; the delivery job sends it within seconds.`);
    return 0;
  },
};
