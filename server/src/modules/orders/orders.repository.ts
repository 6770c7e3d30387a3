import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  dealEvents,
  dealReceipts,
  deals,
  paymentMethods,
  terminalNotifications,
  users,
} from '../../db/schema/index.ts';

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
 * Only users is joined: the bank name, the balance and the terminal are scalar subqueries of the method's
 * row. As joins they made the planner search join orders of six tables on every order, ~4–5 ms of planning
 * for ~0.2 ms of execution on PostgreSQL (bench/orders.ts prints both); as subqueries planning is ~0.5 ms
 * and the plan is the same walk of payment_methods_rotation_idx. A missing balance or terminal row gives
 * null, which fails the condition as the inner join did.
 */
export async function pickMethod(tx: DbOrTx, query: RoutingQuery): Promise<RoutedMethod | undefined> {
  const amount = query.amountKopecks.toString();
  const result = await tx.execute(sql`
    select pm.id as method_id, pm.user_id as trader_id, pm.terminal_id, pm.bank_id,
           (select b.name from banks b where b.id = pm.bank_id) as bank_name,
           pm.card, pm.phone_number, pm.name as owner_name, u.reward_bps,
           (select m.fee_bps from users m where m.id = ${query.merchantId}::uuid) as merchant_fee_bps
    from payment_methods pm
      join users u on u.id = pm.user_id
    where pm.is_active
      ${
        query.mode === 'sbp'
          ? sql`and pm.is_sbp and pm.phone_number is not null`
          : sql`and pm.is_c2c and pm.card is not null`
      }
      ${query.bankId === null ? sql`` : sql`and pm.bank_id = ${query.bankId}`}
      and (pm.min_deposit_kopecks is null or pm.min_deposit_kopecks <= ${amount}::bigint)
      and (pm.max_deposit_kopecks is null or pm.max_deposit_kopecks >= ${amount}::bigint)
      and pm.rating >= ${query.minRating} and u.rating >= ${query.minRating}
      and u.role = 'trader'
      and (select ub.available from user_balances ub where ub.user_id = pm.user_id and ub.debt = 0)
          >= ${query.amountUsdt.toString()}::bigint
      ${
        query.onlineSince
          ? sql`and pm.terminal_id is not null
                and (select t.status = 'Enabled' and t.activated_at is not null and t.deleted_at is null
                            and t.last_ping > ${query.onlineSince.toISOString()}::timestamptz
                     from terminals t where t.id = pm.terminal_id)`
          : sql``
      }
      and not exists (
        select 1 from deals d
        where d.payment_method_id = pm.id and d.amount_kopecks = ${amount}::bigint
          and d.status in ('pending', 'verification')
      )
      ${
        query.exclude.length > 0
          ? sql`and pm.id not in (${sql.join(
              query.exclude.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql``
      }
    order by pm.last_deal_at asc nulls first, pm.id
    limit 1
    for update of pm skip locked`);
  const { rows } = result as unknown as {
    rows: {
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
    }[];
  };
  const row = rows[0];
  if (!row) return undefined;
  return {
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
  };
}

/**
 * Inserts the deal unless its method already has an open deal of this amount (a concurrent order got there
 * first): then nothing is written and undefined comes back, without an error that would end the transaction.
 * A taken external_id still throws (deals_external_id_key).
 */
export async function insertDeal(tx: DbOrTx, values: NewDealRow): Promise<DealRow | undefined> {
  const [row] = await tx
    .insert(deals)
    .values(values)
    .onConflictDoNothing({
      target: [deals.paymentMethodId, deals.amountKopecks],
      where: sql`status in ('pending', 'verification')`,
    })
    .returning();
  return row;
}

/** Takes back a deal written in this transaction whose freeze was refused (nothing else refers to it yet). */
export async function deleteUnfrozenDeal(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(deals).where(eq(deals.id, id));
}

/**
 * A new deal's first event (created by the merchant) and its method's move to the back of the rotation, in one
 * statement: both are certain once the deal is frozen, and an order is a round trip per statement.
 */
export async function recordNewDeal(tx: DbOrTx, input: { dealId: string; methodId: string; at: Date }) {
  const at = input.at.toISOString();
  await tx.execute(sql`
    with used as (
      update ${paymentMethods} set last_deal_at = ${at}::timestamptz where id = ${input.methodId}::uuid
    )
    insert into ${dealEvents} (deal_id, from_status, to_status, actor, created_at)
    values (${input.dealId}::uuid, null, 'pending', 'merchant', ${at}::timestamptz)`);
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
  const [row] = await db.select().from(deals).where(eq(deals.id, id)).limit(1);
  return row;
}

/** The deal if this user is its trader or its merchant. */
export async function findVisibleTo(db: DbOrTx, id: string, userId: string): Promise<DealRow | undefined> {
  const [row] = await db
    .select()
    .from(deals)
    .where(and(eq(deals.id, id), or(eq(deals.traderId, userId), eq(deals.merchantId, userId))))
    .limit(1);
  return row;
}

export async function findByMerchant(db: DbOrTx, id: string, merchantId: string) {
  const [row] = await db
    .select()
    .from(deals)
    .where(and(eq(deals.id, id), eq(deals.merchantId, merchantId)))
    .limit(1);
  return row;
}

/** The merchant's orders, newest first, by keyset after (createdAt, id). */
export async function listForMerchant(
  db: DbOrTx,
  input: {
    merchantId: string;
    status?: DealStatusValue;
    externalId?: string;
    createdFrom?: Date;
    createdTo?: Date;
    after?: { createdAt: Date; id: string };
    limit: number;
  },
): Promise<DealRow[]> {
  const conditions: SQL[] = [eq(deals.merchantId, input.merchantId)];
  if (input.status) conditions.push(eq(deals.status, input.status));
  if (input.externalId) conditions.push(eq(deals.externalId, input.externalId));
  if (input.createdFrom) conditions.push(gte(deals.createdAt, input.createdFrom));
  if (input.createdTo) conditions.push(lte(deals.createdAt, input.createdTo));
  if (input.after) {
    conditions.push(
      sql`(${deals.createdAt}, ${deals.id}) < (${input.after.createdAt.toISOString()}::timestamptz, ${input.after.id}::uuid)`,
    );
  }
  return db
    .select()
    .from(deals)
    .where(and(...conditions))
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(input.limit);
}

/** The web app's list: a trader's deals or a merchant's orders, filtered, sorted and paged by offset. */
export async function listForUser(
  db: DbOrTx,
  input: {
    userId: string;
    side: 'trader' | 'merchant';
    statuses: DealStatusValue[];
    from?: Date;
    before?: Date;
    sort: 'created_at' | 'amount' | 'profit';
    order: 'asc' | 'desc';
    offset: number;
    limit: number;
  },
): Promise<{ rows: DealRow[]; matching: number; total: number }> {
  const owner =
    input.side === 'trader' ? eq(deals.traderId, input.userId) : eq(deals.merchantId, input.userId);
  const conditions: SQL[] = [owner];
  if (input.statuses.length > 0) conditions.push(inArray(deals.status, input.statuses));
  if (input.from) conditions.push(gte(deals.createdAt, input.from));
  if (input.before) conditions.push(lt(deals.createdAt, input.before));
  // Profit is the trader's reward or what the merchant is credited; both are a fixed share of amount_usdt.
  const profit =
    input.side === 'trader'
      ? sql`${deals.amountUsdt} * least(${deals.traderRewardBps}, ${deals.merchantFeeBps})`
      : sql`${deals.amountUsdt} * (10000 - ${deals.merchantFeeBps})`;
  const key =
    input.sort === 'amount'
      ? sql`${deals.amountUsdt}`
      : input.sort === 'profit'
        ? profit
        : sql`${deals.createdAt}`;
  const direction = input.order === 'asc' ? asc : desc;
  const [rows, [matching], [total]] = await Promise.all([
    db
      .select()
      .from(deals)
      .where(and(...conditions))
      .orderBy(direction(key), direction(deals.id))
      .limit(input.limit)
      .offset(input.offset),
    db
      .select({ n: count() })
      .from(deals)
      .where(and(...conditions)),
    db.select({ n: count() }).from(deals).where(owner),
  ]);
  return { rows, matching: matching?.n ?? 0, total: total?.n ?? 0 };
}

export async function listEvents(db: DbOrTx, dealId: string) {
  return db.select().from(dealEvents).where(eq(dealEvents.dealId, dealId)).orderBy(asc(dealEvents.id));
}

export async function findNotification(db: DbOrTx, id: bigint) {
  const [row] = await db
    .select({
      id: terminalNotifications.id,
      receivedAt: terminalNotifications.receivedAt,
      sender: terminalNotifications.sender,
      body: terminalNotifications.body,
      amountKopecks: terminalNotifications.amountKopecks,
    })
    .from(terminalNotifications)
    .where(eq(terminalNotifications.id, id))
    .limit(1);
  return row;
}

export async function findReceiptMeta(db: DbOrTx, dealId: string) {
  const [row] = await db
    .select({
      contentType: dealReceipts.contentType,
      sha256: dealReceipts.sha256,
      sizeBytes: dealReceipts.sizeBytes,
      uploadedAt: dealReceipts.uploadedAt,
    })
    .from(dealReceipts)
    .where(eq(dealReceipts.dealId, dealId))
    .limit(1);
  return row;
}

export async function findReceipt(db: DbOrTx, dealId: string) {
  const [row] = await db.select().from(dealReceipts).where(eq(dealReceipts.dealId, dealId)).limit(1);
  return row;
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
  const result = await tx.execute(sql`
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
    for update of d`);
  return (result as unknown as { rows: { id: string; status: DealStatusValue }[] }).rows;
}

/** The last deals of a user as trader or merchant (the dashboard's Last Transaction table). */
export async function lastForUser(db: DbOrTx, userId: string, side: 'trader' | 'merchant', limit: number) {
  return db
    .select()
    .from(deals)
    .where(side === 'trader' ? eq(deals.traderId, userId) : eq(deals.merchantId, userId))
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(limit);
}

/** Serialises fee and reward changes, so the rule between them holds under concurrent operators. */
export async function lockFeeRules(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('deal-fee-rules'))`);
}

/** The highest reward any trader gets and the lowest fee any merchant pays, with the defaults for nulls. */
export async function feeBounds(tx: DbOrTx, defaults: { feeBps: number; rewardBps: number }) {
  const result = await tx.execute(sql`
    select
      (select max(coalesce(reward_bps, ${defaults.rewardBps})) from users where role = 'trader') as max_reward,
      (select min(coalesce(fee_bps, ${defaults.feeBps})) from users where role = 'merchant') as min_fee`);
  const [row] = (result as unknown as { rows: { max_reward: number | null; min_fee: number | null }[] }).rows;
  return { maxRewardBps: row?.max_reward ?? defaults.rewardBps, minFeeBps: row?.min_fee ?? defaults.feeBps };
}

export async function findUserByEmail(tx: DbOrTx, email: string) {
  const [row] = await tx
    .select({ id: users.id, role: users.role, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function setUserFees(tx: DbOrTx, id: string, values: { feeBps?: number; rewardBps?: number }) {
  await tx.update(users).set(values).where(eq(users.id, id));
}

/** Deals of a trader (or orders of a merchant) created at or after `since` (the bot's /status). */
export async function countDealsSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(deals)
    .where(and(or(eq(deals.traderId, userId), eq(deals.merchantId, userId)), gte(deals.createdAt, since)));
  return row?.count ?? 0;
}

/** A chart bucket's length: an hour, a calendar day or a calendar month of the caller's time zone. */
export type BucketUnit = 'hour' | 'day' | 'month';

/** One bucket: its start as wall-clock text and UTC offset in the zone, and the deals created in it. */
export interface BucketCount {
  local: string;
  offsetSeconds: number;
  count: number;
}

/**
 * Deals of a trader (or orders of a merchant) per bucket of `unit` in `timeZone`: the `buckets` buckets ending
 * with the one holding `now`, oldest first, zero-filled. The bucket starts are what `date_trunc(unit, …, zone)`
 * gives: hours step in absolute time (a DST day has 23 or 25 of them), days and months step on the zone's wall
 * clock and are converted back (a local midnight moves with DST). Each bucket is then counted as the index range
 * [start, next start) of deals_trader_created_idx / deals_merchant_created_idx (index only), rather than grouping
 * the window's rows by date_trunc with a zone, which converts every row and measured 3–4× slower on a year of
 * 50,000 deals. The cost is the deals inside the window, never the older history. An unknown zone fails with
 * SQLSTATE 22023.
 */
export async function countByBucket(
  db: DbOrTx,
  input: {
    userId: string;
    side: 'trader' | 'merchant';
    unit: BucketUnit;
    buckets: number;
    timeZone: string;
    now: Date;
  },
): Promise<BucketCount[]> {
  const tz = sql`${input.timeZone}::text`;
  const step = sql`${`1 ${input.unit}`}::interval`;
  const current = sql`date_trunc(${input.unit}::text, ${input.now.toISOString()}::timestamptz, ${tz})`;
  // One start more than there are buckets: the one after the current bucket is where the current one ends.
  const first = input.buckets - 1;
  const starts =
    input.unit === 'hour'
      ? sql`select generate_series(${current} - ${first}::int * ${step}, ${current} + ${step}, ${step}) as start`
      : sql`select wall at time zone ${tz} as start
            from generate_series((${current} at time zone ${tz}) - ${first}::int * ${step},
                                 (${current} at time zone ${tz}) + ${step}, ${step}) as wall`;
  const owner = input.side === 'trader' ? sql`d.trader_id` : sql`d.merchant_id`;
  const result = await db.execute(sql`
    with starts as (${starts}),
    bounds as (select start, lead(start) over (order by start) as next from starts)
    select to_char(b.start at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS') as local,
           extract(epoch from (b.start at time zone ${tz}) - (b.start at time zone 'UTC'))::int as offset_seconds,
           (select count(*)::int from deals d
             where ${owner} = ${input.userId}::uuid and d.created_at >= b.start and d.created_at < b.next) as count
    from bounds b
    where b.next is not null
    order by b.start`);
  const rows = (result as unknown as { rows: { local: string; offset_seconds: number; count: number }[] })
    .rows;
  return rows.map((row) => ({ local: row.local, offsetSeconds: row.offset_seconds, count: row.count }));
}
