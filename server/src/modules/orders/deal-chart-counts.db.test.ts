// The dashboard chart's counters (migration 0028): after random deals are written, moved and taken back, the
// counters equal a recount of deals, and every chart answer equals counting the deals of each bucket directly.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealParties, insertDealsAt } from '../../../test/deal-fixtures.ts';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import { createTestApp, insertUser, type TestApp } from '../../../test/test-app.ts';
import { testEngine } from '../../../test/test-database.ts';
import { selectRows } from '../../db/rows.ts';
import { foldClosedStripes } from './deal-chart-counts.repository.ts';
import { type BucketUnit, countByBucket } from './deal-views.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A seeded generator (mulberry32), so a failure replays. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const NOW = new Date('2026-10-26T12:34:56.789Z');
const HOUR = 3_600_000;

/**
 * Instants over the 13 months before NOW: most anywhere, some on whole UTC hours and days, some one
 * microsecond-free millisecond either side of them, and some on the half and quarter hours of zones such as
 * +05:30 and +05:45, where a bucket's end is counted from deals.
 */
function randomInstants(random: () => number, n: number): Date[] {
  const span = 400 * 24 * HOUR;
  return Array.from({ length: n }, () => {
    const at = NOW.getTime() - Math.floor(random() * span);
    const kind = random();
    if (kind < 0.5) return new Date(at);
    const hour = Math.floor(at / HOUR) * HOUR;
    if (kind < 0.6) return new Date(hour);
    if (kind < 0.7) return new Date(Math.floor(at / (24 * HOUR)) * 24 * HOUR);
    if (kind < 0.8) return new Date(hour + (random() < 0.5 ? -1 : 1));
    return new Date(hour + [15, 30, 45][Math.floor(random() * 3)]! * 60_000 + (random() < 0.5 ? -1 : 0));
  });
}

/** The counters summed over their stripes, and as a recount of deals gives them; zero sums are left out of both. */
async function countersAndRecount() {
  const counters = await selectRows<{ key: string; deals: number }>(
    t.database.db,
    sql`select user_id || ' ' || side || ' ' || unit || ' ' || bucket_start::text as key, sum(deals)::int as deals
        from deal_chart_counts group by user_id, side, unit, bucket_start having sum(deals) <> 0 order by key`,
  );
  const recount = await selectRows<{ key: string; deals: number }>(
    t.database.db,
    sql`select user_id || ' ' || side || ' ' || unit || ' ' || bucket_start::text as key, deals::int
        from (select trader_id as user_id, 'trader' as side, unit, date_trunc(unit, created_at, 'UTC') as bucket_start,
                     count(*) as deals
                from deals, (values ('hour'), ('day'), ('month')) as units(unit) group by 1, 2, 3, 4
              union all
              select merchant_id, 'merchant', unit, date_trunc(unit, created_at, 'UTC'), count(*)
                from deals, (values ('hour'), ('day'), ('month')) as units(unit) group by 1, 2, 3, 4) as r
        order by key`,
  );
  return { counters, recount };
}

/** The chart's buckets counted row by row from deals: the chart's query before the counters. */
async function directCounts(input: Parameters<typeof countByBucket>[1]) {
  const tz = sql`${input.timeZone}::text`;
  const step = sql`${`1 ${input.unit}`}::interval`;
  const current = sql`date_trunc(${input.unit}::text, ${input.now.toISOString()}::timestamptz, ${tz})`;
  const first = input.buckets - 1;
  const starts =
    input.unit === 'hour'
      ? sql`select generate_series(${current} - ${first}::int * ${step}, ${current} + ${step}, ${step}) as start`
      : sql`select wall at time zone ${tz} as start
            from generate_series((${current} at time zone ${tz}) - ${first}::int * ${step},
                                 (${current} at time zone ${tz}) + ${step}, ${step}) as wall`;
  const owner = input.side === 'trader' ? sql`d.trader_id` : sql`d.merchant_id`;
  const rows = await selectRows<{ local: string; offset_seconds: number; count: number }>(
    t.database.db,
    sql`
    with starts as (${starts}),
    bounds as (select start, lead(start) over (order by start) as next from starts)
    select to_char(b.start at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS') as local,
           extract(epoch from (b.start at time zone ${tz}) - (b.start at time zone 'UTC'))::int as offset_seconds,
           (select count(*)::int from deals d
             where ${owner} = ${input.userId}::uuid and d.created_at >= b.start and d.created_at < b.next) as count
    from bounds b where b.next is not null order by b.start`,
  );
  return rows.map((row) => ({ local: row.local, offsetSeconds: row.offset_seconds, count: row.count }));
}

const ZONES = [
  'UTC',
  'Europe/Moscow',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
];
const RANGES: [BucketUnit, number][] = [
  ['hour', 24],
  ['day', 30],
  ['month', 12],
];

describe('deal_chart_counts', () => {
  it('equal a recount of deals, and the chart equals counting each bucket, after random writes', async () => {
    const random = seeded(28);
    const traders = await Promise.all([0, 1, 2].map(() => insertUser(t)));
    const merchants = await Promise.all([0, 1].map(() => insertUser(t, { role: 'merchant' })));
    const pairs: Awaited<ReturnType<typeof dealParties>>[] = [];
    for (const trader of traders) {
      for (const merchant of merchants) {
        pairs.push(await dealParties(t, { traderId: trader.user.id, merchantId: merchant.user.id }));
      }
    }
    for (const parties of pairs) await insertDealsAt(t, parties, randomInstants(random, 150));
    // Takes some back (as the order intake does with a refused freeze) and moves some in time and to another
    // trader, so the delete and move triggers are exercised as well as the insert one.
    await t.database.db.execute(
      sql`delete from deals where id in (select id from deals order by id limit 60)`,
    );
    await t.database.db.execute(sql`
      update deals set created_at = created_at - interval '37 hours 15 minutes'
      where id in (select id from deals order by id desc limit 40)`);
    await t.database.db.execute(sql`
      update deals set trader_id = ${traders[0]!.user.id}::uuid
      where id in (select id from deals where trader_id = ${traders[1]!.user.id}::uuid order by id limit 25)`);
    // A deal written and taken back in one transaction leaves no count behind.
    await t.database.db.transaction(async (tx) => {
      const parties = pairs[0]!;
      await tx.execute(sql`
        insert into deals (id, merchant_id, external_id, trader_id, payment_method_id, payment_mode, status,
                           amount_kopecks, amount_usdt, rate_kopecks, merchant_fee_bps, trader_reward_bps,
                           bank_id, bank_name, card, owner_name, expires_at, created_at, updated_at)
        values ('00000000-0000-4000-8000-000000000028', ${parties.merchantId}::uuid, 'taken-back',
                ${parties.traderId}::uuid, ${parties.methodId}::uuid, 'sbp', 'pending', 100, 10000, 9000, 300,
                200, 1, 'Сбербанк', '2200000000000000', 'Иван Петрович С.', now(), now(), now())`);
      await tx.execute(sql`delete from deals where id = '00000000-0000-4000-8000-000000000028'`);
    });

    const { counters, recount } = await countersAndRecount();
    expect(recount.length).toBeGreaterThan(1000);
    expect(counters).toEqual(recount);

    for (const [user, side] of [
      ...traders.map((trader) => [trader.user.id, 'trader'] as const),
      ...merchants.map((merchant) => [merchant.user.id, 'merchant'] as const),
    ]) {
      for (const timeZone of ZONES) {
        for (const [unit, buckets] of RANGES) {
          for (const now of [NOW, new Date(NOW.getTime() - 200 * 24 * HOUR - 17 * 60_000)]) {
            const input = { userId: user, side, unit, buckets, timeZone, now };
            const answer = await countByBucket(t.database.db, input);
            expect(answer, `${side} ${timeZone} ${unit} ${now.toISOString()}`).toEqual(
              await directCounts(input),
            );
          }
        }
      }
    }
  }, 120_000);

  it('count the orders the merchant API creates, at their commit', async () => {
    await setRate(t);
    const merchant = await merchantWithKey(t);
    const { traderId } = await routableMethod(t, { balanceUsdt: 1000n * USDT });
    for (const amount of ['1500.00', '1501.00', '1502.00']) {
      expect((await postOrder(t, merchant.key, { amount })).statusCode).toBe(201);
    }
    const mine = await selectRows<{ side: string; unit: string; deals: number }>(
      t.database.db,
      sql`select side, unit, sum(deals)::int as deals from deal_chart_counts
          where user_id in (${merchant.id}::uuid, ${traderId}::uuid) group by 1, 2 order by 1, 2`,
    );
    expect(mine).toEqual(
      ['merchant', 'trader'].flatMap((side) =>
        ['day', 'hour', 'month'].map((unit) => ({ side, unit, deals: 3 })),
      ),
    );
    const { counters, recount } = await countersAndRecount();
    expect(counters).toEqual(recount);
  });

  // Every order of a merchant adds to the merchant's current hour, day and month at its commit. In one row per
  // bucket each commit held them through its WAL flush and the merchant's orders committed one after another.
  it.skipIf(testEngine === 'pglite')(
    "let two connections count one merchant's deals at once, in stripes the chart sums",
    async () => {
      const merchant = await insertUser(t, { role: 'merchant' });
      const [first, second] = await Promise.all(
        [0, 1].map(() => dealParties(t, { merchantId: merchant.user.id })),
      );
      const clients = await connectionsOnTwoStripes();
      try {
        const [a, b] = clients;
        const insertDeal = (client: pg.PoolClient, parties: typeof first, externalId: string) =>
          client.query(
            `insert into deals (merchant_id, external_id, trader_id, payment_method_id, payment_mode, status,
                                amount_kopecks, amount_usdt, rate_kopecks, merchant_fee_bps, trader_reward_bps,
                                bank_id, bank_name, card, owner_name, expires_at, created_at, updated_at)
             values ($1, $2, $3, $4, 'sbp', 'pending', 100, 10000, 9000, 300, 200, 1, 'Сбербанк',
                     '2200000000000000', 'Иван Петрович С.', now(), now(), now())`,
            [merchant.user.id, externalId, parties!.traderId, parties!.methodId],
          );
        await a!.query('begin');
        await insertDeal(a!, first, `stripes-a-${Date.now()}`);
        // The deferred counting runs now: `a` holds its counter rows until it ends, as at its commit.
        await a!.query('set constraints deal_chart_counts_insert immediate');
        await b!.query("begin; set local lock_timeout = '2s'");
        await insertDeal(b!, second, `stripes-b-${Date.now()}`);
        await b!.query('set constraints deal_chart_counts_insert immediate');
        await b!.query('commit');
        await a!.query('commit');
      } finally {
        for (const client of clients) client.release();
      }
      const counts = await countByBucket(t.database.db, {
        userId: merchant.user.id,
        side: 'merchant',
        unit: 'hour',
        buckets: 1,
        timeZone: 'UTC',
        now: new Date(),
      });
      expect(counts.map((bucket) => bucket.count)).toEqual([2]);
      const { counters, recount } = await countersAndRecount();
      expect(counters).toEqual(recount);
    },
  );
});

describe("the chart counters' folding (migration 0034)", () => {
  it('sums the stripes of ended hours, days and months into one row each, and no count changes', async () => {
    const random = seeded(34);
    const parties = await dealParties(t);
    const current = [0, 1, 2].map((minutes) => new Date(NOW.getTime() - minutes * 60_000));
    await insertDealsAt(t, parties, [...randomInstants(random, 300), ...current]);
    // As a busy server's connections would have written them: every counter spread over the 16 stripes.
    await t.database.db.execute(sql`
      with counted as (delete from deal_chart_counts where user_id in (${parties.traderId}::uuid, ${parties.merchantId}::uuid)
                       returning *)
      insert into deal_chart_counts (user_id, side, unit, bucket_start, stripe, deals)
      select user_id, side, unit, bucket_start, s, deals / 16 + (s < deals % 16)::int
      from counted, generate_series(0, 15) as s`);
    const chartsBefore = await chartsOf(parties);

    // A small limit leaves the rest to the next pass.
    expect(await foldClosedStripes(t.database.db, { now: NOW, limit: 10 })).toBe(10);
    let folded = 10;
    for (;;) {
      const rows = await foldClosedStripes(t.database.db, { now: NOW, limit: 5_000 });
      if (rows === 0) break;
      folded += rows;
    }
    expect(folded).toBeGreaterThan(1000);

    const unfolded = await selectRows<{ unit: string; bucket_start: string; stripes: number }>(
      t.database.db,
      sql`select unit, bucket_start::text, count(*)::int as stripes from deal_chart_counts
          where user_id in (${parties.traderId}::uuid, ${parties.merchantId}::uuid) and stripe <> 0
          group by 1, 2 order by 1, 2`,
    );
    // Only NOW's own hour, day and month keep their stripes (15 besides stripe 0), for the trader and merchant.
    expect(unfolded).toEqual(
      (
        [
          ['day', '2026-10-26 00:00:00+00'],
          ['hour', '2026-10-26 12:00:00+00'],
          ['month', '2026-10-01 00:00:00+00'],
        ] as const
      ).map(([unit, start]) => ({ unit, bucket_start: start, stripes: 30 })),
    );
    const { counters, recount } = await countersAndRecount();
    expect(counters).toEqual(recount);
    expect(await chartsOf(parties)).toEqual(chartsBefore);
  });
});

/** Every chart of the parties' trader and merchant, in two zones and three ranges, ending at NOW. */
async function chartsOf(parties: { traderId: string; merchantId: string }) {
  const charts = [];
  for (const [userId, side] of [
    [parties.traderId, 'trader'],
    [parties.merchantId, 'merchant'],
  ] as const) {
    for (const timeZone of ['UTC', 'Asia/Kolkata']) {
      for (const [unit, buckets] of RANGES) {
        charts.push(await countByBucket(t.database.db, { userId, side, unit, buckets, timeZone, now: NOW }));
      }
    }
  }
  return charts;
}

/** Two pool connections whose backends write different stripes (pid modulo 16, migration 0034). */
async function connectionsOnTwoStripes(): Promise<pg.PoolClient[]> {
  const held: { client: pg.PoolClient; stripe: number }[] = [];
  try {
    for (;;) {
      const client = await t.database.raw.connect();
      const { rows } = await client.query<{ stripe: number }>('select pg_backend_pid() % 16 as stripe');
      const stripe = rows[0]!.stripe;
      const other = held.find((entry) => entry.stripe !== stripe);
      if (other) {
        for (const entry of held) if (entry !== other) entry.client.release();
        return [other.client, client];
      }
      held.push({ client, stripe });
    }
  } catch (error) {
    for (const entry of held) entry.client.release();
    throw error;
  }
}
