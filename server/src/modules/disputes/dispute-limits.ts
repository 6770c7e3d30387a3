/** The limits of opening a dispute: the merchant's caps, the evidence a merchant must give, the free disk space. */
import { DISPUTE_MESSAGES } from '@app/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { FreeBytesReader } from '../../lib/disk-space.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { ProblemError } from '../../lib/problem.ts';
import * as repo from './disputes.repository.ts';

/** The merchant's caps count disputes opened within this rolling window ("per day"). */
export const MERCHANT_DAY_MS = 24 * 3_600_000;

/**
 * Issue 23: a merchant could cancel its own order, then dispute it, re-freezing the trader's USDT and costing
 * the trader rating, as often as it liked. Its disputes are capped per trader (open ones) and per rolling 24
 * hours; support's are not.
 */
export interface MerchantDisputeCaps {
  /** DISPUTE_MAX_OPEN_PER_MERCHANT_TRADER */
  maxOpenPerTrader: number;
  /** DISPUTE_MAX_PER_MERCHANT_PER_DAY */
  maxPerDay: number;
}

/**
 * Inside the opening's transaction, before anything is changed: takes the merchant's opening lock (held until
 * commit, so parallel openings are counted one after another) and refuses with 429 past either cap.
 */
export async function enforceMerchantCaps(
  tx: DbOrTx,
  caps: MerchantDisputeCaps,
  input: { merchantId: string; traderId: string; at: Date },
): Promise<void> {
  await repo.lockMerchantOpenings(tx, input.merchantId);
  const counts = await repo.merchantDisputeCounts(tx, {
    merchantId: input.merchantId,
    traderId: input.traderId,
    since: new Date(input.at.getTime() - MERCHANT_DAY_MS),
  });
  if (counts.openWithTrader >= caps.maxOpenPerTrader) {
    throw new ProblemError(429, 'dispute-limit', DISPUTE_MESSAGES.tooManyOpenWithTrader);
  }
  if (counts.openedSince >= caps.maxPerDay) {
    throw new ProblemError(429, 'dispute-limit', DISPUTE_MESSAGES.tooManyToday);
  }
}

/**
 * A merchant disputing a deal that expired or was canceled (no payment was ever confirmed on it) must show
 * the payment: at least one evidence file, or 400 and nothing is opened.
 */
export function requireMerchantEvidence(fileCount: number): void {
  if (fileCount > 0) return;
  throw new ProblemError(400, 'validation', DISPUTE_MESSAGES.evidenceRequired, {
    files: [DISPUTE_MESSAGES.evidenceRequired],
  });
}

/** Before an upload reads a byte: 507 when the evidence disk has less than DISK_MIN_FREE_MB free. */
export async function requireFreeSpace(freeBytes: FreeBytesReader, minFreeMb: number): Promise<void> {
  if ((await freeBytes()) < minFreeMb * 1024 * 1024) {
    throw new HttpError(507, { detail: DISPUTE_MESSAGES.storageFull });
  }
}
