/** Use case: one scan of the chain's USDT transfer events; deposits to our addresses credited. */
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import * as repo from './tron.repository.ts';
import type { TransferEvent, TronGridClient } from './trongrid-client.ts';

/** The watcher's cursor row in chain_cursors. */
export const DEPOSIT_CURSOR = 'usdt-transfer-events';
/**
 * How far behind the cursor each scan starts again. Confirmed events arrive in block order, but an indexer
 * can publish the events of a block a little late; re-reading five blocks (3 s each) costs a page or two and
 * nothing else, because crediting is idempotent.
 */
export const DEFAULT_OVERLAP_MS = 15_000;
const PAGE_SIZE = 200;
const MAX_PAGES_PER_SCAN = 50;
const ADDRESS_SCAN_PAGES = 5;
const ADDRESS_SCAN_LOOKBACK_MS = 3_600_000;
const MAX_BIGINT = (1n << 63n) - 1n;

/** What one scan saw and credited. */
export interface ScanResult {
  pages: number;
  events: number;
  credited: number;
}

/**
 * Credits USDT Transfer events to the users whose deposit addresses they pay. A credit is one database
 * transaction: the ledger posting (idempotency key `deposit:<txid>:<event index>`) and the deposits row.
 * Whoever sees an event — the watcher, an address scan, a second app instance, a restarted process — the
 * key is the same, so it is credited once.
 */
export function createDepositScanner(deps: {
  database: Database;
  ledger: LedgerService;
  client: TronGridClient;
  contract: string;
  log: Logger;
  now?: () => Date;
  overlapMs?: number;
  /** Events per page (TronGrid's maximum, 200, unless told otherwise). */
  pageSize?: number;
}) {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  const overlapMs = deps.overlapMs ?? DEFAULT_OVERLAP_MS;

  function creditable(event: TransferEvent | null): event is TransferEvent & { to: string; value: bigint } {
    if (!event) return false;
    // only_confirmed is asked for; an event still flagged unconfirmed is refused all the same.
    if (!event.confirmed || event.eventName !== 'Transfer' || event.contract !== deps.contract) return false;
    if (!event.to || event.value === null || event.value <= 0n) return false;
    if (event.value > MAX_BIGINT) {
      deps.log.error(
        { txid: event.txid, value: event.value.toString() },
        'deposit: transfer value out of range',
      );
      return false;
    }
    return true;
  }

  /** Credits the confirmed transfers among events that pay one of our addresses; returns how many were new. */
  async function creditEvents(
    events: (TransferEvent | null)[],
    source: 'watcher' | 'address_scan',
  ): Promise<number> {
    const candidates = events.filter(creditable);
    if (candidates.length === 0) return 0;
    const owners = await repo.findOwnersByAddresses(
      db,
      candidates.map((event) => event.to),
    );
    let credited = 0;
    for (const event of candidates) {
      const userId = owners.get(event.to);
      if (!userId) continue;
      const fresh = await db.transaction(async (tx) => {
        const posted = await deps.ledger.creditDeposit(
          {
            userId,
            amount: event.value,
            idempotencyKey: `deposit:${event.txid}:${event.eventIndex}`,
            meta: {
              txid: event.txid,
              eventIndex: event.eventIndex,
              address: event.to,
              from: event.from,
              source,
            },
          },
          tx,
        );
        const recorded = await repo.insertDeposit(tx, {
          txid: event.txid,
          eventIndex: event.eventIndex,
          userId,
          address: event.to,
          amount: event.value,
          blockNumber: event.blockNumber,
          blockTimestamp: event.blockTimestamp,
          ledgerTransactionId: posted.transactionId,
          source,
        });
        // The row and the posting commit together, so one without the other means something else wrote here.
        if (!recorded && !posted.replayed)
          throw new Error(`deposit ${event.txid}:${event.eventIndex} recorded without its credit`);
        return recorded && !posted.replayed;
      });
      if (fresh) {
        credited += 1;
        deps.log.info(
          { userId, txid: event.txid, eventIndex: event.eventIndex, amount: event.value.toString(), source },
          'deposit credited',
        );
      }
    }
    return credited;
  }

  return {
    creditEvents,

    /**
     * Reads the contract's confirmed Transfer events from the cursor (minus the overlap) onwards, page by
     * page, moving the cursor after each page so a restart resumes where it stopped.
     */
    async scanContractEvents(options: { shouldStop?: () => boolean } = {}): Promise<ScanResult> {
      let cursor = await repo.readCursor(db, DEPOSIT_CURSOR);
      if (!cursor) {
        const first = await repo.earliestAddressCreatedAt(db);
        await repo.advanceCursor(db, DEPOSIT_CURSOR, Math.max(0, (first ?? now()).getTime() - overlapMs));
        cursor = await repo.readCursor(db, DEPOSIT_CURSOR);
      }
      const minBlockTimestamp = Math.max(0, (cursor?.position ?? 0) - overlapMs);
      const result: ScanResult = { pages: 0, events: 0, credited: 0 };
      let fingerprint: string | null = null;
      do {
        const page = await deps.client.contractTransferEvents({
          contract: deps.contract,
          minBlockTimestamp,
          fingerprint,
          limit: deps.pageSize ?? PAGE_SIZE,
        });
        result.pages += 1;
        result.events += page.items.length;
        const unreadable = page.items.filter((item) => item === null).length;
        if (unreadable > 0)
          deps.log.warn({ unreadable }, 'deposit watcher: events TronGrid sent that do not parse');
        result.credited += await creditEvents(page.items, 'watcher');
        const confirmed = page.items.filter((item): item is TransferEvent => item?.confirmed === true);
        if (confirmed.length > 0) {
          await repo.advanceCursor(
            db,
            DEPOSIT_CURSOR,
            Math.max(...confirmed.map((event) => event.blockTimestamp)),
          );
        }
        fingerprint = page.fingerprint;
      } while (fingerprint && result.pages < MAX_PAGES_PER_SCAN && !options.shouldStop?.());
      await repo.markScanned(db, DEPOSIT_CURSOR, now());
      return result;
    },

    /**
     * Scans one address's incoming USDT transfers (the deposit dialog's nudge). The account endpoint carries
     * no event index, so each transaction not recorded yet is resolved through its events and credited by
     * exactly the same rule and key as the watcher uses.
     */
    async scanAddress(address: string, createdAt: Date): Promise<number> {
      const minTimestamp = Math.max(0, createdAt.getTime() - ADDRESS_SCAN_LOOKBACK_MS);
      let credited = 0;
      let fingerprint: string | null = null;
      let pages = 0;
      do {
        const page = await deps.client.accountTransfers({
          address,
          contract: deps.contract,
          minTimestamp,
          fingerprint,
          limit: 50,
        });
        pages += 1;
        const txids = [
          ...new Set(
            page.items
              .filter(
                (item) =>
                  item !== null &&
                  item.type === 'Transfer' &&
                  item.contract === deps.contract &&
                  item.to === address &&
                  item.value !== null &&
                  item.value > 0n,
              )
              .map((item) => item!.txid),
          ),
        ];
        const known = await repo.recordedTxids(db, address, txids);
        for (const txid of txids) {
          if (known.has(txid)) continue;
          const events = await deps.client.transactionEvents(txid);
          credited += await creditEvents(
            events.filter((event) => event?.txid === txid && event.to === address),
            'address_scan',
          );
        }
        fingerprint = page.fingerprint;
      } while (fingerprint && pages < ADDRESS_SCAN_PAGES);
      return credited;
    },
  };
}

export type DepositScanner = ReturnType<typeof createDepositScanner>;
