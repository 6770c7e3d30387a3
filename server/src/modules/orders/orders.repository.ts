// Use cases: the deal writes of the orders module — routing's pick of a method (locked), a new deal with its
// first event, status moves, event rows, the payer's receipt, the expiry and notification-matching locks.
import { and, asc, eq, inArray, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstRow, selectRow, selectRows } from '../../db/rows.ts';
import { dealEvents, dealReceipts, deals } from '../../db/schema/index.ts';
import { abortWhen, type StatementPart, statementOf, thenCommit } from '../../db/writes-together.ts';
import { routableTerminal } from '../terminals/routable-terminal.ts';

export type DealRow = typeof deals.$inferSelect;
export type NewDealRow = typeof deals.$inferInsert;
export type DealStatusValue = DealRow['status'];

/** The payment method routing chose, with what the deal snapshots from it. */
export interface RoutedMethod {
  methodId: string;
  traderId: string;
  terminalId: string | null;
  bankId: number;
  bankName: string;
  card: string | null;
  phoneNumber: string | null;
  ownerName: string;
  /** The trader's reward in basis points, null for the configured default. */
  rewardBps: number | null;
  /** The ordering merchant's fee in basis points, null for the configured default. */
  merchantFeeBps: number | null;
}

export interface RoutingQuery {
  /** The ordering merchant, whose fee comes back with the method (one statement less per order). */
  merchantId: string;
  mode: 'sbp' | 'c2c';
  bankId: number | null;
  amountKopecks: bigint;
  amountUsdt: bigint;
  minRating: number;
  /** Null when routing does not require an online terminal (ROUTING_REQUIRE_TERMINAL=false). */
  onlineSince: Date | null;
  /** Methods already tried in this transaction. */
  exclude: string[];
}

/**
 * Routing: the one method that may take the order, locked for this transaction. Every rule of the routing
 * policy is a condition here: active and of the mode (with the requisite the payer needs), the preferred
 * bank, the method's limits, the method's and trader's ratings, the trader's available USDT and no debt, an enabled and
 * online terminal, and no open deal of the same amount on the method. Among those, the method that has waited
 * longest since its last deal (fair rotation). SKIP LOCKED lets concurrent orders take different methods
 * instead of queueing on one; the partial unique index on deals and the ledger's conditional update still
 * guard what this read cannot see.
 *
 * Only the method's turn and users are joined: the bank name, the balance and the terminal are scalar
 * subqueries of the method's row. As joins they made the planner search join orders of six tables on every
 * order, ~4–5 ms of planning for ~0.2 ms of execution on PostgreSQL (bench/orders.ts prints both); as
 * subqueries planning is ~0.5 ms and the plan is a walk of payment_method_turns_rotation_idx (the turns'
 * order, 0031; methods whose terminal is idle are not in it, so an order does not walk past every trader who
 * stopped working) with each method's row looked up by its key. A missing balance or terminal row
 * gives null, which fails the condition as the inner join did.
 *
 * The walk locks each turn as it reads it (FOR UPDATE SKIP LOCKED in the `turn` subquery), before its method,
 * balance, terminal and open deals are looked up: the turns that concurrent orders hold (their methods, at the
 * front of the rotation until they commit) are passed over at the price of a lock attempt. Locked only at the
 * end (on the method's row, as before), each of them was looked up in full first: ~7 methods per order under the
 * bench's 16 connections, ~2 now. A turn the walk passed over because its method did not qualify stays locked
 * until the order's transaction ends; concurrent orders pass over it too for those few milliseconds. The order
 * of the walk is the subquery's: the method's part is a LATERAL subquery of `turn`, so the join is a nested loop
 * driven by the turns in their order, which the LIMIT stops at the first that qualifies. (An outer ORDER BY made
 * PostgreSQL sort every candidate, and lock them all: it does not carry the subquery's order through its locks.)
 */
export async function pickMethod(tx: DbOrTx, query: RoutingQuery): Promise<RoutedMethod | undefined> {
  const row = await selectRow<RoutingRow>(tx, routingSelect(query));
  return row && routedMethod(row);
}

/**
 * pickMethod() in the statement that claims the order's Idempotency-Key (`claim`, a write returning a row when
 * it claimed): the routing read runs only when the claim did, so a repeated key locks no method. One round
 * trip for what were two; `claimed` tells the caller which of the two answered.
 */
export async function claimAndPickMethod(
  tx: DbOrTx,
  claim: SQLWrapper,
  query: RoutingQuery,
): Promise<{ claimed: boolean; method: RoutedMethod | undefined }> {
  const row = await selectRow<{ claimed: number } & Partial<RoutingRow>>(
    tx,
    statementOf(
      [{ name: 'claim', statement: claim }],
      [],
      sql`select (select count(*) from claim)::int as claimed, routed.*
      from (select 1) as one
        left join lateral (${routingSelect(query, sql`exists (select 1 from claim)`)}) as routed on true`,
    ),
  );
  const claimed = row?.claimed === 1;
  return { claimed, method: row?.method_id ? routedMethod(row as RoutingRow) : undefined };
}

/**
 * Routing walks the rotation in order (the transaction's setting; run right after its begin, so it travels
 * with it and costs no round trip). With a preferred bank the planner, generic plan or custom, read the bank's
 * whole rotation (a bitmap scan of it, or every qualifying trader's methods), looked up each method's balance
 * and terminal, then sorted them for the first one: ~4 ms for a bank of 200 methods and growing with the bank,
 * where the ordered walk of payment_method_turns_bank_rotation_idx stops at the first method that qualifies
 * (~0.2 ms; bench/orders.ts prints the plan an order runs). With sorting priced out, the plan takes its order
 * from the rotation's index. Nothing else an order runs sorts (no ORDER BY, no merge join); routing without
 * the terminal rule, which no index orders, still sorts.
 */
export async function walkRotationInOrder(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`set local enable_sort = off`);
}

type RoutingRow = {
  method_id: string;
  trader_id: string;
  terminal_id: string | null;
  bank_id: number;
  bank_name: string;
  card: string | null;
  phone_number: string | null;
  owner_name: string;
  reward_bps: number | null;
  merchant_fee_bps: number | null;
};

const routedMethod = (row: RoutingRow): RoutedMethod => ({
  methodId: row.method_id,
  traderId: row.trader_id,
  terminalId: row.terminal_id,
  bankId: row.bank_id,
  bankName: row.bank_name,
  card: row.card,
  phoneNumber: row.phone_number,
  ownerName: row.owner_name,
  rewardBps: row.reward_bps,
  merchantFeeBps: row.merchant_fee_bps,
});

/** The routing read (see pickMethod), also only when `onlyIf` holds (a condition evaluated once). */
function routingSelect(query: RoutingQuery, onlyIf?: SQL): SQL {
  const amount = query.amountKopecks.toString();
  return sql`
    select routed.* from (
      select t.payment_method_id, t.last_deal_at from payment_method_turns t
      where t.active
        ${
          // The walk of the rotation's partial index skips methods that cannot take an order for a while: no
          // terminal, or an idle one (Disabled, or its silence announced; 0031). The terminal is checked below.
          query.onlineSince ? sql`and t.has_terminal and not t.terminal_idle` : sql``
        }
        ${onlyIf ? sql`and ${onlyIf}` : sql``}
        ${query.bankId === null ? sql`` : sql`and t.bank_id = ${query.bankId}`}
        ${
          query.exclude.length > 0
            ? sql`and t.payment_method_id not in (${sql.join(
                query.exclude.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`
            : sql``
        }
      order by t.last_deal_at asc nulls first, t.payment_method_id
      for update skip locked
    ) as turn
    cross join lateral (
      select pm.id as method_id, pm.user_id as trader_id, pm.terminal_id, pm.bank_id,
             (select b.name from banks b where b.id = pm.bank_id) as bank_name,
             pm.card, pm.phone_number, pm.name as owner_name, u.reward_bps,
             (select m.fee_bps from users m where m.id = ${query.merchantId}::uuid) as merchant_fee_bps
      from payment_methods pm join users u on u.id = pm.user_id
      where pm.id = turn.payment_method_id and pm.is_active
        ${
          query.mode === 'sbp'
            ? sql`and pm.is_sbp and pm.phone_number is not null`
            : sql`and pm.is_c2c and pm.card is not null`
        }
        and (pm.min_deposit_kopecks is null or pm.min_deposit_kopecks <= ${amount}::bigint)
        and (pm.max_deposit_kopecks is null or pm.max_deposit_kopecks >= ${amount}::bigint)
        and pm.rating >= ${query.minRating} and u.rating >= ${query.minRating}
        and u.role = 'trader' and u.blocked_at is null
        and (select ub.available from user_balances ub where ub.user_id = pm.user_id and ub.debt = 0)
            >= ${query.amountUsdt.toString()}::bigint
        ${
          query.onlineSince
            ? sql`and pm.terminal_id is not null and ${routableTerminal(sql`pm.terminal_id`, query.onlineSince)}`
            : sql``
        }
        and not exists (
          select 1 from deals d
          where d.payment_method_id = pm.id and d.amount_kopecks = ${amount}::bigint
            and d.status in ('pending', 'verification')
        )
      for update of pm skip locked
    ) as routed
    limit 1`;
}

/**
 * The deal, unless its method already has an open deal of this amount (a concurrent order got there first):
 * then nothing is written, without an error. A taken external_id still throws (deals_external_id_key).
 */
function insertDealWrite(tx: DbOrTx, values: NewDealRow) {
  return tx
    .insert(deals)
    .values(values)
    .onConflictDoNothing({
      target: [deals.paymentMethodId, deals.amountKopecks],
      where: sql`status in ('pending', 'verification')`,
    });
}

/** Why the order's statement (insertDealWith) ended its transaction: a concurrent order won a race. */
export const LOST_RACE = ['order-amount-taken', 'order-funds-taken'];

/**
 * The order's one statement of writes: the deal (unless its method already has an open deal of this amount),
 * the trader's freeze (built by the ledger, moving only when the deal was written), and `writes` (the deal's
 * event, the method's stamp, the outbox rows, the stored answer; each built by its table's module). When the
 * deal or the freeze did not write, the statement ends the transaction with a LOST_RACE reason instead of
 * leaving the other writes behind: the caller runs the order again. A taken external_id throws
 * (deals_external_id_key).
 */
export async function insertDealWith(
  tx: DbOrTx,
  deal: NewDealRow,
  options: {
    freeze: (dealWritten: SQL) => { parts: StatementPart[]; moved: SQL };
    writes: (SQL | SQLWrapper | undefined)[];
    /** Nothing follows in the transaction: its commit may travel with this statement (thenCommit). */
    last?: boolean;
  },
): Promise<void> {
  const freeze = options.freeze(sql`exists (select 1 from deal)`);
  const [amountTaken, fundsTaken] = LOST_RACE as [string, string];
  const statement = statementOf(
    [{ name: 'deal', statement: insertDealWrite(tx, deal).returning({ id: deals.id }) }, ...freeze.parts],
    options.writes,
    abortWhen([
      { when: sql`not exists (select 1 from deal)`, reason: amountTaken },
      { when: sql`not ${freeze.moved}`, reason: fundsTaken },
    ]),
  );
  await tx.execute(options.last ? thenCommit(statement) : statement);
}

/** The new deal's first event (`pending`, by the merchant), as a write not yet run (db/writes-together.ts). */
export function newDealEventWrite(tx: DbOrTx, input: { dealId: string; at: Date }) {
  return tx.insert(dealEvents).values({
    dealId: input.dealId,
    fromStatus: null,
    toStatus: 'pending',
    actor: 'merchant',
    createdAt: input.at,
  });
}

export async function insertEvent(
  tx: DbOrTx,
  values: {
    dealId: string;
    fromStatus: DealStatusValue | null;
    toStatus: DealStatusValue;
    actor: string;
    notificationId?: bigint | null;
    at: Date;
  },
): Promise<void> {
  await tx.insert(dealEvents).values({
    dealId: values.dealId,
    fromStatus: values.fromStatus,
    toStatus: values.toStatus,
    actor: values.actor,
    notificationId: values.notificationId ?? null,
    createdAt: values.at,
  });
}

/**
 * Moves a deal to `to` only from one of `from` (the lifecycle table's rows for this actor): one conditional
 * UPDATE, so two movers racing on one deal cannot both win. Returns the row before and after, or undefined
 * when the deal is not in a status it may move from.
 */
export async function moveStatus(
  tx: DbOrTx,
  input: {
    id: string;
    from: DealStatusValue[];
    to: DealStatusValue;
    at: Date;
    extra?: Partial<Pick<DealRow, 'paidAt' | 'completedAt' | 'matchedNotificationId'>>;
    /** Only this trader's or merchant's deal. */
    traderId?: string;
    merchantId?: string;
  },
): Promise<{ before: DealStatusValue; after: DealRow } | undefined> {
  const conditions = [eq(deals.id, input.id), inArray(deals.status, input.from)];
  if (input.traderId) conditions.push(eq(deals.traderId, input.traderId));
  if (input.merchantId) conditions.push(eq(deals.merchantId, input.merchantId));
  const current = await tx
    .select({ status: deals.status })
    .from(deals)
    .where(and(...conditions))
    .for('update')
    .limit(1);
  const before = current[0]?.status;
  if (!before) return undefined;
  const [after] = await tx
    .update(deals)
    .set({ status: input.to, updatedAt: input.at, ...input.extra })
    .where(and(eq(deals.id, input.id), eq(deals.status, before)))
    .returning();
  return after ? { before, after } : undefined;
}

export async function findById(db: DbOrTx, id: string): Promise<DealRow | undefined> {
  return firstRow(db.select().from(deals).where(eq(deals.id, id)));
}

/** Stores the payer's receipt once; false when the deal already has one. */
export async function insertReceipt(tx: DbOrTx, values: typeof dealReceipts.$inferInsert): Promise<boolean> {
  const rows = await tx
    .insert(dealReceipts)
    .values(values)
    .onConflictDoNothing({ target: dealReceipts.dealId })
    .returning({ dealId: dealReceipts.dealId });
  return rows.length === 1;
}

/** Open deals whose time is up, oldest first, locked for the expiring transaction (others skip them). */
export async function lockExpired(tx: DbOrTx, at: Date, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ id: deals.id })
    .from(deals)
    .where(and(inArray(deals.status, ['pending', 'verification']), lte(deals.expiresAt, at)))
    .orderBy(asc(deals.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.id);
}

/**
 * The open deals an incoming transfer can pay: on a method linked to this terminal, of this trader, of exactly
 * this amount, created before the notification arrived, of the notification's bank when it names one (a
 * bank the parsers do not know is not excluded). Locked, so a concurrent confirmation waits.
 */
export async function lockMatchCandidates(
  tx: DbOrTx,
  input: {
    terminalId: string;
    traderId: string;
    amountKopecks: bigint;
    bankCode: string | null;
    arrivedAt: Date;
  },
): Promise<{ id: string; status: DealStatusValue }[]> {
  return selectRows<{ id: string; status: DealStatusValue }>(
    tx,
    sql`
    select d.id, d.status
    from deals d
      join payment_methods pm on pm.id = d.payment_method_id
      join banks b on b.id = d.bank_id
    where pm.terminal_id = ${input.terminalId}::uuid
      and d.trader_id = ${input.traderId}::uuid
      and d.amount_kopecks = ${input.amountKopecks.toString()}::bigint
      and d.status in ('pending', 'verification')
      and d.created_at <= ${input.arrivedAt.toISOString()}::timestamptz
      ${input.bankCode ? sql`and (b.parser_code is null or b.parser_code = ${input.bankCode})` : sql``}
    order by d.created_at, d.id
    for update of d`,
  );
}
