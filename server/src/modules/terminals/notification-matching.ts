/** Use case: what the intake hands to the orders module's matching (the incoming transfer). */
import type { Tx } from '../../db/client.ts';
import type { IncomingTransfer } from './parsers/index.ts';

/** A stored incoming transfer, offered to the deals that wait for money on this terminal's methods. */
export interface IncomingNotification {
  /** terminal_notifications.id */
  notificationId: bigint;
  terminalId: string;
  /** The trader who owns the terminal. */
  userId: string;
  transfer: IncomingTransfer;
  receivedAt: Date;
}

/**
 * Where deal matching plugs in: given a newly stored incoming transfer, inside the transaction that stored it,
 * confirm the deal it pays and answer its id (the orders service's matchIncomingNotification). Called once per
 * notification: a resent one is a duplicate and never reaches here, so a payment cannot confirm two deals.
 */
export type MatchIncoming = (
  tx: Tx,
  notification: IncomingNotification,
) => Promise<{ dealId: string } | null>;
