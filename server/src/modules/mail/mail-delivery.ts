/** Use case: mail delivery, the job that sends the outbox's due messages. */
import type { AppContext } from '../../context.ts';
import { serviceLoopJob } from '../../jobs/service-loop.ts';
import { MAIL_CLAIM_MS } from './mail.service.ts';

export const MAIL_DELIVERY = 'mail-delivery';
/** How often the job looks for due messages. */
export const MAIL_DELIVERY_INTERVAL_MS = 1_000;
/** Messages claimed per pass. */
export const MAIL_DELIVERY_BATCH = 20;

/**
 * The mail delivery job: sends the outbox's due messages through SMTP (or writes them to DATA_DIR/mail), on
 * one instance at a time (the lease); the claim keeps two passes from sending one message twice.
 */
export const startMailDelivery = serviceLoopJob((ctx: Pick<AppContext, 'mail' | 'database' | 'log'>) => ({
  name: MAIL_DELIVERY,
  intervalMs: MAIL_DELIVERY_INTERVAL_MS,
  firstTickAfterMs: 0,
  // A pass sends for at most half the claim, so the lease outlives a pass; kept that short because a killed
  // holder's lease stops every instance's mail until it expires (row claims, not the lease, keep a message
  // from being sent twice).
  leaseTtlMs: MAIL_CLAIM_MS / 2 + 5_000,
  perTick: MAIL_DELIVERY_BATCH,
  run: (limit) => ctx.mail.deliverDue(limit),
  failMessage: 'mail delivery pass failed; will retry',
}));
