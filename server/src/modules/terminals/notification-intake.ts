/** Use case: a bank SMS or push from any terminal protocol: parse, store once, offer it to matching. */
import type { Logger } from 'pino';
import type { Tx } from '../../db/client.ts';
import type { MatchIncoming } from './notification-matching.ts';
import * as notifications from './notifications.repository.ts';
import { type ParsedNotification, parseBankNotification } from './parsers/index.ts';

/** One bank SMS or push as a terminal reported it, whichever protocol brought it (device API or forwarder). */
export interface IntakeItem {
  /** Unique per terminal: a resent id is a duplicate, stored once (the device's id, or a forwarder's key). */
  id: string;
  source: 'sms' | 'push';
  sender: string;
  title: string | null;
  text: string;
  receivedAt: Date;
}

export type IntakeStatus = 'matched' | 'unmatched' | 'ignored' | 'duplicate';
export interface IntakeResult {
  id: string;
  status: IntakeStatus;
  deal_id?: string;
}

/** The parsers are pure but see untrusted text: a parser fault makes the text unparsed, never a failed batch. */
function safeParse(item: Parameters<typeof parseBankNotification>[0], log: Logger): ParsedNotification {
  try {
    return parseBankNotification(item);
  } catch (error) {
    log.warn({ err: error, sender: item.sender }, 'notification parser failed');
    return { kind: 'unparsed' };
  }
}

/**
 * The one path every bank notification takes, from the device API and from the forwarder apps' URLs alike:
 * the bank parsers (sender and exact-package rules included), append-only storage keyed by (terminal, id) so a
 * resent id is a duplicate, and deal matching inside the storing transaction, once per stored notification.
 */
export function createNotificationIntake(deps: { log: Logger; matchIncoming: MatchIncoming }) {
  return {
    /** Parses, stores and matches `items` of `terminal` inside `tx`; each id's result in the order given. */
    async submit(
      tx: Tx,
      terminal: { id: string; userId: string },
      items: IntakeItem[],
      now: Date,
    ): Promise<IntakeResult[]> {
      const parsed = items.map((item) => ({
        item,
        result: safeParse(
          { source: item.source, sender: item.sender, title: item.title, text: item.text },
          deps.log,
        ),
      }));
      // A batch may repeat an id (a device retrying inside one upload): the first occurrence is stored.
      const firstOfEachId = parsed.filter(
        ({ item }, index) => parsed.findIndex((other) => other.item.id === item.id) === index,
      );
      const rows: notifications.NewNotificationRow[] = firstOfEachId.map(({ item, result }) => ({
        terminalId: terminal.id,
        deviceItemId: item.id,
        source: item.source,
        sender: item.sender,
        title: item.title,
        body: item.text,
        receivedAt: item.receivedAt,
        createdAt: now,
        parseOutcome: result.kind,
        bank: result.bank ?? null,
        ...(result.kind === 'incoming'
          ? {
              amountKopecks: result.amount_kopecks,
              currency: result.currency,
              balanceKopecks: result.balance_kopecks ?? null,
              cardLast4: result.card_last4 ?? null,
              payerName: result.payer_name?.slice(0, 200) ?? null,
            }
          : {}),
        result: result.kind === 'ignored' ? 'ignored' : 'unmatched',
      }));
      const inserted = await notifications.insertNew(tx, rows);
      const storedIdByItem = new Map(inserted.map((row) => [row.deviceItemId, row.id]));
      const answered = new Set<string>();
      const results: IntakeResult[] = [];
      for (const { item, result } of parsed) {
        const storedId = storedIdByItem.get(item.id);
        // Seen before this batch, or earlier in it: the first one stands and its result is not repeated.
        if (storedId === undefined || answered.has(item.id)) {
          results.push({ id: item.id, status: 'duplicate' });
          continue;
        }
        answered.add(item.id);
        if (result.kind !== 'incoming') {
          results.push({ id: item.id, status: result.kind === 'ignored' ? 'ignored' : 'unmatched' });
          continue;
        }
        const match = await deps.matchIncoming(tx, {
          notificationId: storedId,
          terminalId: terminal.id,
          userId: terminal.userId,
          transfer: result,
          receivedAt: item.receivedAt,
        });
        if (match) {
          await notifications.recordMatch(tx, storedId, match.dealId);
          results.push({ id: item.id, status: 'matched', deal_id: match.dealId });
        } else {
          results.push({ id: item.id, status: 'unmatched' });
        }
      }
      return results;
    },
  };
}

export type NotificationIntake = ReturnType<typeof createNotificationIntake>;
