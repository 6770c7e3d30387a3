// Database ceilings the order benchmark is compared with, measured in the same run on the same engine:
// TPC-B (pgbench on a PostgreSQL server; the same five statements through our pool on PGlite, which pgbench
// cannot reach) and a one-row update (the best a single hot row can do).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Database } from '../server/src/db/client.ts';

const run = promisify(execFile);
const CLIENTS = 8;

/** pgbench TPC-B (scale 1, 8 clients, 2 threads) on a PostgreSQL database; transactions per second. */
export async function pgbenchTps(databaseUrl: string, seconds: number): Promise<number> {
  await run('pgbench', ['-i', '-s', '1', '-q', databaseUrl]);
  const { stdout } = await run('pgbench', [
    '-c',
    String(CLIENTS),
    '-j',
    '2',
    '-T',
    String(seconds),
    '-n',
    databaseUrl,
  ]);
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
  if (!match) throw new Error(`pgbench printed no tps:\n${stdout}`);
  await run('pgbench', ['-i', '-I', 'd', databaseUrl]);
  return Number(match[1]);
}

/** Runs `step` on `clients` connections for `seconds`; transactions per second. */
async function loop(
  database: Database,
  seconds: number,
  step: (client: { query: (text: string, values?: unknown[]) => Promise<unknown> }) => Promise<void>,
): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const client = await database.raw.connect();
      try {
        while (performance.now() < until) {
          await step(client);
          done += 1;
        }
      } finally {
        client.release();
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

const random = (max: number) => 1 + Math.floor(Math.random() * max);

/** pgbench's TPC-B transaction (scale 1) through our pool, for the embedded engine; transactions per second. */
export async function tpcbLikeTps(database: Database, seconds: number): Promise<number> {
  const setup = await database.raw.connect();
  try {
    await setup.query(`
      drop table if exists bench_history, bench_accounts, bench_tellers, bench_branches;
      create table bench_branches (bid int primary key, bbalance int not null, filler char(88));
      create table bench_tellers (tid int primary key, bid int not null, tbalance int not null, filler char(84));
      create table bench_accounts (aid int primary key, bid int not null, abalance int not null, filler char(84));
      create table bench_history (tid int, bid int, aid int, delta int, mtime timestamp, filler char(22));
      insert into bench_branches values (1, 0, null);
      insert into bench_tellers select g, 1, 0, null from generate_series(1, 10) g;
      insert into bench_accounts select g, 1, 0, '' from generate_series(1, 100000) g;
      analyze bench_branches, bench_tellers, bench_accounts;`);
  } finally {
    setup.release();
  }
  const tps = await loop(database, seconds, async (client) => {
    const aid = random(100_000);
    const tid = random(10);
    const delta = random(10_000) - 5_000;
    await client.query('begin');
    await client.query('update bench_accounts set abalance = abalance + $1 where aid = $2', [delta, aid]);
    await client.query('select abalance from bench_accounts where aid = $1', [aid]);
    await client.query('update bench_tellers set tbalance = tbalance + $1 where tid = $2', [delta, tid]);
    await client.query('update bench_branches set bbalance = bbalance + $1 where bid = 1', [delta]);
    await client.query(
      'insert into bench_history (tid, bid, aid, delta, mtime) values ($1, 1, $2, $3, current_timestamp)',
      [tid, aid, delta],
    );
    await client.query('commit');
  });
  await database.raw.query('drop table bench_history, bench_accounts, bench_tellers, bench_branches');
  return tps;
}

/** Committed single-row updates of one hot row per second: the ceiling of "every order to one trader". */
export async function oneRowUpdateTps(database: Database, seconds: number): Promise<number> {
  await database.raw.query(
    'drop table if exists bench_hot; create table bench_hot (id int primary key, value bigint not null); insert into bench_hot values (1, 0)',
  );
  const tps = await loop(database, seconds, async (client) => {
    await client.query('update bench_hot set value = value + 1 where id = 1');
  });
  await database.raw.query('drop table bench_hot');
  return tps;
}
