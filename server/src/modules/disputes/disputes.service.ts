/**
 * The disputes module's face (ctx.disputes): assembles who may act (dispute-access.ts), commands (open,
 * verdict, block), evidence files, views and the deadline moves into one service object.
 */
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { FreeBytesReader } from '../../lib/disk-space.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { RatingService } from '../rating/rating.service.ts';
import type { TelegramService } from '../telegram/telegram.service.ts';
import { createDisputeAccess } from './dispute-access.ts';
import { createDisputeAdvance } from './dispute-advance.ts';
import { createDisputeCommands } from './dispute-commands.ts';
import { createDisputeEvidence } from './dispute-evidence.ts';
import type { DisputeNotices } from './dispute-notices.ts';
import { createDisputeViews } from './dispute-views.ts';

export function createDisputesService(deps: {
  database: Database;
  config: Pick<
    AppConfig,
    | 'DISPUTE_WINDOW_H'
    | 'DISPUTE_EVIDENCE_H'
    | 'DISPUTE_BLOCK_TTL_MIN'
    | 'API_PREFIX'
    | 'DATA_DIR'
    | 'DISPUTE_MAX_FILES_PER_SIDE'
    | 'DISPUTE_MAX_BYTES_PER_SIDE'
    | 'DISPUTE_MAX_OPEN_PER_MERCHANT_TRADER'
    | 'DISPUTE_MAX_PER_MERCHANT_PER_DAY'
    | 'DISK_MIN_FREE_MB'
  >;
  /** The free bytes on the evidence files' disk (tests inject a reading). */
  freeDiskBytes: FreeBytesReader;
  orders: Pick<OrdersService, 'moveForDispute' | 'findDeal'>;
  /** Telegram messages with a bot, mail without one (dispute-notices.ts); also says whether the link rule applies. */
  notices: DisputeNotices;
  telegram: Pick<TelegramService, 'hasLinkedAccount'>;
  /** Spec §9 ratings: the dispute's events move the trader's and the deal's method's points. */
  rating: Pick<RatingService, 'record'>;
  now: () => Date;
}) {
  // Authorization is decided here, first, by every part (routes only parse HTTP).
  const access = createDisputeAccess(deps);
  return {
    ...createDisputeAdvance(deps),
    ...createDisputeViews(deps, access),
    ...createDisputeEvidence(deps, access),
    ...createDisputeCommands(deps, access),
  };
}

export type DisputesService = ReturnType<typeof createDisputesService>;
