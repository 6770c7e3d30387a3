import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database, Db } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import { isUuid } from '../lib/uuid.ts';
import { storedBalance, USER_BUCKETS } from '../modules/ledger/accounts.ts';
import { createLedgerService, type LedgerService } from '../modules/ledger/ledger.service.ts';
import {
  commissionInSettlementStatement,
  type Expectations,
  formatViolation,
  frozenOnceStatement,
  INVARIANT,
  type Row,
} from './invariants.ts';

const dialect = new PgDialect();
/** A statement shared with the full check (built with Drizzle's sql) on this checker's own client. */
async function run<R extends object>(client: pg.PoolClient, statement: SQL): Promise<R[]> {
  const query = dialect.sqlToQuery(statement);
  return (await client.query<R>(query.sql, query.params)).rows;
}

/** The ledger keys the deal invariants read (deal-freeze:, deal-release:, deal-settle:) name their deal. */
const DEAL_KEY = /^deal-[a-z-]+:([^:]+)$/;
/** dispute-hold: and dispute-release: name a dispute, whose deal the invariants read them through. */
const DISPUTE_KEY = /^dispute-[a-z-]+:([^:]+)$/;
/** The id a key names, when it is one. */
const namedId = (pattern: RegExp, key: string) => {
  const id = pattern.exec(key)?.[1];
  return isUuid(id) ? id : undefined;
};

const OPEN_DISPUTE = `('waiting', 'consideration', 'deepconsideration')`;

/**
 * The other deal invariants of invariants.ts (FROZEN_ONCE's and COMMISSION_IN_SETTLEMENT's statements are
 * shared with it: frozenOnceStatement, commissionInSettlementStatement),
 * each restricted to the deals in $1 (uuid[]) and, where they read a
 * deal's disputes, to the disputes in $2 (every dispute of those deals): the same rows, so the same lines, as
 * the full check prints for those deals. Each reads by an index (deal id, dispute id, ledger key, method and
 * amount), so its cost follows the batch, not the database.
 */
const DEAL_CHECKS: [name: string, text: string, readsDisputes: boolean][] = [
  [
    INVARIANT.ONE_OPEN_AMOUNT,
    `select payment_method_id as method, amount_kopecks::text as kopecks, count(*)::int as open
     from deals
     where status in ('pending', 'verification')
       and (payment_method_id, amount_kopecks) in
           (select payment_method_id, amount_kopecks from deals where id = any($1::uuid[]))
     group by payment_method_id, amount_kopecks having count(*) > 1`,
    false,
  ],
  [
    INVARIANT.SETTLED_ONCE,
    `select d.id as deal, d.status, count(t.id)::int as settlements
     from deals d left join ledger_transactions t on t.idempotency_key = 'deal-settle:' || d.id
     where d.id = any($1::uuid[])
     group by d.id, d.status
     having count(t.id) <> case when d.status = 'complete' then 1 else 0 end`,
    false,
  ],
  [
    INVARIANT.WEBHOOK_PER_EVENT,
    `with e as (select deal_id as id, 'order.' || to_status as type, count(*)::int as n
                from deal_events where deal_id = any($1::uuid[]) group by 1, 2),
          w as (select order_id as id, type, count(*)::int as n
                from webhook_events where order_id = any($1::uuid[]) group by 1, 2)
     select coalesce(e.id, w.id) as deal, coalesce(e.type, w.type) as type, e.n as events, w.n as webhooks
     from e full join w on e.id = w.id and e.type = w.type
     where e.n is distinct from w.n`,
    false,
  ],
  [
    INVARIANT.STATUS_IS_LAST_EVENT,
    `select d.id as deal, d.status, last.to_status as last_event
     from deals d
       left join lateral (select to_status from deal_events where deal_id = d.id
                          order by id desc limit 1) last on true
     where d.id = any($1::uuid[]) and last.to_status is distinct from d.status`,
    false,
  ],
  [
    INVARIANT.DISPUTE_HOLDS_DEAL,
    `select d.id as deal, d.status, count(x.id) filter (where x.status in ${OPEN_DISPUTE})::int as open_disputes
     from deals d left join disputes x on x.deal_id = d.id and x.id = any($2::uuid[])
     where d.id = any($1::uuid[])
     group by d.id, d.status
     having count(x.id) filter (where x.status in ${OPEN_DISPUTE})
            <> case when d.status = 'dispute' then 1 else 0 end`,
    true,
  ],
];

interface Difference {
  account: string;
  expected: bigint;
  actual: bigint;
}

/**
 * The invariants of invariants.ts checked on what changed since the last check, so a check costs what the
 * batch did and not what the database holds. What changed is read past high-water marks of the append-only,
 * identity-keyed rows every change writes: ledger postings (their accounts, users and transactions), deal
 * events (the deals whose status moved), dispute history (the disputes opened or moved) and reserves. The
 * sum of every account's postings and every user's earnings are kept here from the run's first posting on,
 * so "balance = sum of its postings" compares a touched user's balance row with an exact sum without
 * re-reading the account's history. Like the full check it needs a quiet database (no op running): a posting
 * committing behind the mark would never be counted. A change no mark sees (a balance row changed without a
 * posting, in a user no posting touched) is left to the full check, which the run makes every few batches
 * and at the end.
 */
export class IncrementalChecker {
  private postingMark = '0';
  private eventMark = '0';
  private historyMark = '0';
  private reserveMark = '0';
  /** Sum of the postings per account id (system accounts: the chain deposits' source). */
  private readonly sums = new Map<string, bigint>();
  /** Sum of the postings per user bucket, keyed `user:<owner>:<name>` as ledger-verify groups them. */
  private readonly userSums = new Map<string, bigint>();
  /** Each user account's owner and bucket, as ledger_accounts names them (what ledger-verify groups by). */
  private readonly owners = new Map<string, { userId: string; name: string } | null>();
  /** Per user, the earnings every ledger transaction named in meta.earnings (total_profit's definition). */
  private readonly earned = new Map<string, bigint>();
  /** Every dispute of a deal, and each dispute's deal (ledger keys name disputes). */
  private readonly disputesOf = new Map<string, string[]>();
  private readonly dealOf = new Map<string, string>();

  /** The ledger's own checks this one shares (the reserves'), read in this checker's snapshot. */
  private readonly ledger: Pick<LedgerService, 'reserveDifferences'>;

  constructor(
    private readonly database: Database,
    private readonly expectations: Expectations = {},
  ) {
    this.ledger = createLedgerService({ database });
  }

  /** The violations among what changed since the previous call (the same lines the full check prints). */
  async check(): Promise<string[]> {
    const client = await this.database.raw.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const violations = await this.checkIn(client);
      await client.query('commit');
      return violations;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async checkIn(client: pg.PoolClient): Promise<string[]> {
    const violations: string[] = [];
    const report = (name: string, found: readonly Row[]) => {
      if (found.length > 0) violations.push(formatViolation(name, found));
    };
    const deals = new Set<string>();
    const disputes = new Set<string>();
    const users = new Set<string>();
    const differences: Difference[] = [];

    const postings = await client.query<{ id: string; tx: string; account: string; amount: string }>(
      `select p.id::text, p.transaction_id as tx, p.account_id as account, p.amount::text
       from ledger_postings p where p.id > $1 order by p.id`,
      [this.postingMark],
    );
    await this.learnOwners(client, [...new Set(postings.rows.map((posting) => posting.account))]);
    const transactions = new Map<string, { total: bigint; legs: number }>();
    for (const posting of postings.rows) {
      const amount = BigInt(posting.amount);
      this.sums.set(posting.account, (this.sums.get(posting.account) ?? 0n) + amount);
      const owner = this.owners.get(posting.account);
      if (owner) {
        const key = `user:${owner.userId}:${owner.name}`;
        this.userSums.set(key, (this.userSums.get(key) ?? 0n) + amount);
        users.add(owner.userId);
      }
      const transaction = transactions.get(posting.tx) ?? { total: 0n, legs: 0 };
      transaction.total += amount;
      transaction.legs += 1;
      transactions.set(posting.tx, transaction);
      this.postingMark = posting.id;
    }
    // A movement's postings commit together, so every posting of a new transaction is past the mark.
    for (const [id, { total, legs }] of transactions) {
      if (total !== 0n) differences.push({ account: `transaction:${id}`, expected: 0n, actual: total });
      if (legs < 2)
        differences.push({ account: `transaction:${id}:postings`, expected: 2n, actual: BigInt(legs) });
    }

    const keyed = await client.query<{ key: string; earnings: Record<string, unknown> | null }>(
      `select idempotency_key as key, meta -> 'earnings' as earnings
       from ledger_transactions where id = any($1::uuid[])`,
      [[...transactions.keys()]],
    );
    for (const { key, earnings } of keyed.rows) {
      for (const [userId, value] of Object.entries(earnings ?? {})) {
        this.earned.set(userId, (this.earned.get(userId) ?? 0n) + BigInt(String(value)));
        users.add(userId);
      }
      const deal = namedId(DEAL_KEY, key);
      if (deal) deals.add(deal);
      const dispute = namedId(DISPUTE_KEY, key);
      if (dispute) disputes.add(dispute);
    }

    const events = await client.query<{ id: string; deal: string }>(
      'select e.id::text, e.deal_id as deal from deal_events e where e.id > $1 order by e.id',
      [this.eventMark],
    );
    for (const event of events.rows) {
      deals.add(event.deal);
      this.eventMark = event.id;
    }
    const history = await client.query<{ id: string; dispute: string; deal: string }>(
      `select h.id::text, h.dispute_id as dispute, x.deal_id as deal
       from dispute_history h join disputes x on x.id = h.dispute_id
       where h.id > $1 order by h.id`,
      [this.historyMark],
    );
    for (const row of history.rows) {
      this.learnDispute(row.dispute, row.deal);
      this.historyMark = row.id;
    }
    await this.learnDisputes(
      client,
      [...disputes].filter((id) => !this.dealOf.has(id)),
    );
    for (const dispute of [...disputes, ...history.rows.map((row) => row.dispute)]) {
      const deal = this.dealOf.get(dispute);
      if (deal) deals.add(deal);
    }

    const balances = await this.balanceDifferences(client, users);
    differences.push(...balances.differences);
    differences.push(...(await this.reserveDifferences(client, deals)));
    differences.sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
    report(
      INVARIANT.LEDGER,
      differences.map((d) => ({
        account: d.account,
        expected: String(d.expected),
        actual: String(d.actual),
      })),
    );
    report(INVARIANT.NO_NEGATIVE, balances.negative);

    if (deals.size > 0) {
      const dealIds = [...deals];
      const disputeIds = dealIds.flatMap((deal) => this.disputesOf.get(deal) ?? []);
      report(
        INVARIANT.FROZEN_ONCE,
        await run<Row>(client, frozenOnceStatement({ deals: dealIds, disputes: disputeIds })),
      );
      report(
        INVARIANT.COMMISSION_IN_SETTLEMENT,
        await run<Row>(client, commissionInSettlementStatement(dealIds)),
      );
      for (const [name, text, readsDisputes] of DEAL_CHECKS) {
        report(name, (await client.query<Row>(text, readsDisputes ? [dealIds, disputeIds] : [dealIds])).rows);
      }
    }

    if (this.expectations.depositedMicro !== undefined) {
      const credited = -(this.sums.get('system:chain_deposits') ?? 0n);
      if (credited !== this.expectations.depositedMicro) {
        violations.push(
          `${INVARIANT.DEPOSITS}: confirmed ${this.expectations.depositedMicro}, credited ${credited}`,
        );
      }
    }
    return violations;
  }

  /** Owners of accounts not seen before (system accounts have none). */
  private async learnOwners(client: pg.PoolClient, accounts: string[]) {
    const unknown = accounts.filter((id) => !this.owners.has(id));
    if (unknown.length === 0) return;
    const found = await client.query<{ id: string; user_id: string | null; name: string }>(
      'select id, user_id, name from ledger_accounts where id = any($1::text[])',
      [unknown],
    );
    for (const id of unknown) this.owners.set(id, null);
    for (const row of found.rows) {
      this.owners.set(row.id, row.user_id ? { userId: row.user_id, name: row.name } : null);
    }
  }

  private learnDispute(dispute: string, deal: string) {
    if (this.dealOf.has(dispute)) return;
    this.dealOf.set(dispute, deal);
    const list = this.disputesOf.get(deal);
    if (list) list.push(dispute);
    else this.disputesOf.set(deal, [dispute]);
  }

  /** Disputes named by a ledger key but by no history row this run saw (history is written on opening). */
  private async learnDisputes(client: pg.PoolClient, ids: string[]) {
    if (ids.length === 0) return;
    const found = await client.query<{ id: string; deal: string }>(
      'select id, deal_id as deal from disputes where id = any($1::uuid[])',
      [ids],
    );
    for (const row of found.rows) this.learnDispute(row.id, row.deal);
  }

  /**
   * ledger-verify's balance and total_profit comparisons, and the non-negative buckets, for the users whose
   * accounts or earnings moved.
   */
  private async balanceDifferences(
    client: pg.PoolClient,
    users: Set<string>,
  ): Promise<{ differences: Difference[]; negative: Row[] }> {
    if (users.size === 0) return { differences: [], negative: [] };
    const differences: Difference[] = [];
    const stored = await client.query<{
      user_id: string;
      available: string;
      frozen: string;
      total_profit: string;
      debt: string;
    }>(
      `select user_id, available::text, frozen::text, total_profit::text, debt::text
       from user_balances where user_id = any($1::uuid[]) order by user_id`,
      [[...users]],
    );
    const rows = new Map(stored.rows.map((row) => [row.user_id, row]));
    for (const userId of users) {
      const row = rows.get(userId);
      for (const bucket of USER_BUCKETS) {
        const account = `user:${userId}:${bucket}`;
        const sum = this.userSums.get(account) ?? 0n;
        if (!row) {
          if (sum !== 0n) differences.push({ account, expected: bucket === 'debt' ? -sum : sum, actual: 0n });
          continue;
        }
        const expected = storedBalance(bucket, sum);
        const actual = BigInt(row[bucket]);
        if (expected !== actual) differences.push({ account, expected, actual });
      }
      const earned = this.earned.get(userId) ?? 0n;
      const profit = row ? BigInt(row.total_profit) : 0n;
      if (earned !== profit) {
        differences.push({ account: `user:${userId}:total_profit`, expected: earned, actual: profit });
      }
    }
    const negative = stored.rows
      .filter((row) => BigInt(row.available) < 0n || BigInt(row.frozen) < 0n || BigInt(row.debt) < 0n)
      .map(({ user_id, available, frozen, debt }) => ({ user_id, available, frozen, debt }));
    return { differences, negative };
  }

  /** ledger-verify's reserve check on the reserves created since the last check and those of touched deals. */
  private async reserveDifferences(client: pg.PoolClient, deals: Set<string>): Promise<Difference[]> {
    const touched = await client.query<{ id: string }>(
      `select id::text from ledger_reserves where id > $1
       union select id::text from ledger_reserves where subject = any($2::text[])`,
      [this.reserveMark, [...deals].map((deal) => `deal:${deal}`)],
    );
    const ids = touched.rows.map((row) => row.id);
    for (const id of ids) if (BigInt(id) > BigInt(this.reserveMark)) this.reserveMark = id;
    if (ids.length === 0) return [];
    return this.ledger.reserveDifferences(ids, drizzleNodePg(client, { schema }) as unknown as Db);
  }
}
