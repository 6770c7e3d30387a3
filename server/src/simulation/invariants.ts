import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/rows.ts';
import type { LedgerService } from '../modules/ledger/ledger.service.ts';

/** What the caller knows from outside the database (the chain): checked against the ledger when given. */
export interface Expectations {
  /** Micro-USDT confirmed on chain to the users' deposit addresses: each must be credited exactly once. */
  depositedMicro?: bigint;
}

export type Row = Record<string, unknown>;

/** The invariants' names, as violations print them (the full and the incremental check share them). */
export const INVARIANT = {
  LEDGER: 'ledger-verify (transaction sums, balances = postings)',
  NO_NEGATIVE: 'no negative available, frozen or debt',
  FROZEN_ONCE: "every open deal's USDT frozen exactly once (closed: released or settled)",
  ONE_OPEN_AMOUNT: 'no method has two open deals of one amount',
  SETTLED_ONCE: 'every completed deal settled exactly once (and no other deal settled)',
  WEBHOOK_PER_EVENT: 'a webhook outbox event for every order status change',
  STATUS_IS_LAST_EVENT: "a deal's status is its last event's",
  DISPUTE_HOLDS_DEAL: 'an open dispute holds its deal in dispute; a deal in dispute has one open dispute',
  COMMISSION_IN_SETTLEMENT: 'a referral commission only for a completed deal, paid in its settlement',
  DEPOSITS: 'every confirmed chain deposit credited exactly once',
  TURNS_FOLLOW_METHODS:
    "every method's routing turn follows it (active, bank, terminal) and its terminal (idle: Disabled, or silence announced and unheard)",
} as const;

/**
 * FROZEN_ONCE's violations: every deal (or only `scope`'s deals, reading only `scope`'s disputes of them) whose
 * freeze, release, settlement and dispute holds and releases do not add up to what an open deal holds frozen
 * (its amount) or a closed one (0). The incremental check (incremental.ts) runs it on a batch's deals.
 */
export function frozenOnceStatement(scope?: { deals: string[]; disputes: string[] }) {
  const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
  return sql`with d as (
        select id, trader_id, status, amount_usdt from deals
        ${scope ? sql`where id = any(${uuids(scope.deals)})` : sql``}
      ), keys as (
        select d.id, d.trader_id, d.status, d.amount_usdt, k.key
        from d
          cross join lateral (values ('deal-freeze:' || d.id), ('deal-release:' || d.id),
                                     ('deal-settle:' || d.id)) k(key)
        union all
        select d.id, d.trader_id, d.status, d.amount_usdt, k.key
        from d
          join disputes x on x.deal_id = d.id ${scope ? sql`and x.id = any(${uuids(scope.disputes)})` : sql``}
          cross join lateral (values ('dispute-hold:' || x.id), ('dispute-release:' || x.id)) k(key)
      )
      select keys.id as deal, keys.status, keys.amount_usdt::text as amount,
             coalesce(sum(p.amount), 0)::text as frozen
      from keys
        left join ledger_transactions t on t.idempotency_key = keys.key
        left join ledger_postings p
          on p.transaction_id = t.id and p.account_id = 'user:' || keys.trader_id || ':frozen'
      group by keys.id, keys.status, keys.amount_usdt
      having coalesce(sum(p.amount), 0)
             <> case when keys.status in ('pending', 'verification', 'dispute') then keys.amount_usdt else 0 end`;
}

/**
 * COMMISSION_IN_SETTLEMENT's violations: a referral commission of a deal not complete, or one its settlement
 * did not credit to the lead (available, or the debt it repaid); every commission, or only `deals`' ones.
 */
export function commissionInSettlementStatement(deals?: string[]) {
  return sql`select c.deal_id as deal, d.status, c.amount_micro::text as commission,
             coalesce(p.amount, 0)::text as posted
      from referral_commissions c
        join deals d on d.id = c.deal_id
        left join ledger_transactions t on t.idempotency_key = 'deal-settle:' || c.deal_id
        left join lateral (select sum(amount) as amount from ledger_postings
                           where transaction_id = t.id and account_id in ('user:' || c.lead_id || ':available',
                                             'user:' || c.lead_id || ':debt')) p
          on true
      where (d.status <> 'complete' or c.amount_micro > 0 and coalesce(p.amount, 0) < c.amount_micro)
        ${deals ? sql`and c.deal_id = any(${`{${deals.join(',')}}`}::uuid[])` : sql``}`;
}

/**
 * TURNS_FOLLOW_METHODS's violations. Routing walks the turns (0031): a turn out of step with its method, or a
 * method left out of the walk while its terminal can take orders, would stop orders reaching it without any error
 * (and one left in the walk while idle makes every order walk past it).
 */
const TURNS_OUT_OF_STEP = sql`select pm.id as method, turn.active, turn.terminal_idle as idle
  from payment_methods pm
    left join payment_method_turns turn on turn.payment_method_id = pm.id
    left join terminals t on t.id = pm.terminal_id
  where turn.payment_method_id is null or turn.active <> pm.is_active or turn.bank_id <> pm.bank_id
     or turn.has_terminal <> (pm.terminal_id is not null)
     or turn.terminal_idle <> coalesce(terminal_is_idle(t.status, t.last_ping, t.offline_notified_ping), false)`;

function rows(database: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  return selectRows<Row>(database.db, query);
}

/** At most this many offending rows are named per invariant (the first ones are enough to debug). */
const SHOWN = 5;

/** One broken invariant's line: its name, how many rows break it, the first few of them. */
export function formatViolation(name: string, found: readonly Row[]): string {
  const shown = found.slice(0, SHOWN).map((row) => JSON.stringify(row));
  return `${name}: ${found.length} — ${shown.join('; ')}`;
}

/**
 * The money path's invariants, read with SQL only (and the ledger's own verify, itself a read): an empty
 * list when they all hold, otherwise one line per broken invariant naming the offending rows. Meant for a
 * quiet database (between the simulation's batches): a movement committing during the reads can look like a
 * difference.
 */
export async function checkInvariants(
  database: Database,
  ledger: Pick<LedgerService, 'verify'>,
  expectations: Expectations = {},
): Promise<string[]> {
  const violations: string[] = [];
  const report = (name: string, found: Row[]) => {
    if (found.length > 0) violations.push(formatViolation(name, found));
  };

  // Every ledger transaction sums to zero and has two legs; every balance equals its postings; total_profit
  // equals the earnings; debt mirrors its account.
  const differences = await ledger.verify();
  report(
    INVARIANT.LEDGER,
    differences.map((d) => ({ account: d.account, expected: String(d.expected), actual: String(d.actual) })),
  );

  report(
    INVARIANT.NO_NEGATIVE,
    await rows(
      database,
      sql`select user_id, available::text, frozen::text, debt::text from user_balances
          where available < 0 or frozen < 0 or debt < 0`,
    ),
  );

  // The trader's frozen bucket, moved by the deal's own ledger keys: + amount while the deal is open
  // (pending, verification, dispute), 0 once it is closed. A second freeze, a missing one, a release without
  // a freeze or a settlement taking it twice all show here.
  report(INVARIANT.FROZEN_ONCE, await rows(database, frozenOnceStatement()));

  report(
    INVARIANT.ONE_OPEN_AMOUNT,
    await rows(
      database,
      sql`select payment_method_id as method, amount_kopecks::text as kopecks, count(*)::int as open
          from deals where status in ('pending', 'verification')
          group by payment_method_id, amount_kopecks having count(*) > 1`,
    ),
  );

  report(
    INVARIANT.SETTLED_ONCE,
    await rows(
      database,
      sql`select d.id as deal, d.status, count(t.id)::int as settlements
          from deals d left join ledger_transactions t on t.idempotency_key = 'deal-settle:' || d.id
          group by d.id, d.status
          having count(t.id) <> case when d.status = 'complete' then 1 else 0 end`,
    ),
  );

  // One outbox event per status change, of that status: the events of a deal and its webhook rows match
  // one to one by status, and the deal's status is its last event's.
  report(
    INVARIANT.WEBHOOK_PER_EVENT,
    await rows(
      database,
      sql`with e as (select deal_id as id, 'order.' || to_status as type, count(*)::int as n
                     from deal_events group by 1, 2),
               w as (select order_id as id, type, count(*)::int as n from webhook_events group by 1, 2)
          select coalesce(e.id, w.id) as deal, coalesce(e.type, w.type) as type, e.n as events, w.n as webhooks
          from e full join w on e.id = w.id and e.type = w.type
          where e.n is distinct from w.n`,
    ),
  );
  report(
    INVARIANT.STATUS_IS_LAST_EVENT,
    await rows(
      database,
      sql`select d.id as deal, d.status, last.to_status as last_event
          from deals d
            left join lateral (select to_status from deal_events where deal_id = d.id
                               order by id desc limit 1) last on true
          where last.to_status is distinct from d.status`,
    ),
  );

  report(
    INVARIANT.DISPUTE_HOLDS_DEAL,
    await rows(
      database,
      sql`select d.id as deal, d.status, count(x.id) filter (where x.status in
                   ('waiting', 'consideration', 'deepconsideration'))::int as open_disputes
          from deals d left join disputes x on x.deal_id = d.id
          group by d.id, d.status
          having count(x.id) filter (where x.status in ('waiting', 'consideration', 'deepconsideration'))
                 <> case when d.status = 'dispute' then 1 else 0 end`,
    ),
  );

  // Paid means credited to the lead in the settlement: to available, or to the debt account where the
  // commission repays a debt the lead owes (deal-movements.ts), which leaves available with less or nothing.
  report(INVARIANT.COMMISSION_IN_SETTLEMENT, await rows(database, commissionInSettlementStatement()));

  report(INVARIANT.TURNS_FOLLOW_METHODS, await rows(database, TURNS_OUT_OF_STEP));

  if (expectations.depositedMicro !== undefined) {
    const [credited] = await rows(
      database,
      sql`select coalesce(-sum(amount), 0)::text as micro from ledger_postings
          where account_id = 'system:chain_deposits'`,
    );
    const total = BigInt(String(credited?.micro ?? '0'));
    if (total !== expectations.depositedMicro) {
      violations.push(`${INVARIANT.DEPOSITS}: confirmed ${expectations.depositedMicro}, credited ${total}`);
    }
  }
  return violations;
}
