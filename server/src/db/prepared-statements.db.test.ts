import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from './client.ts';
import { genericPlansInTransaction, PREPARE_AFTER_USES, PreparingClient } from './prepared-statements.ts';
import { selectRow } from './rows.ts';
import { thenCommit } from './writes-together.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.raw.query('create table carried (n int primary key)');
});
afterAll(() => database.close());

/** The texts this process sends to the database while `run` runs, in order. */
async function sentWhile(run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: pg.Client,
    // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query() is overloaded; this only records.
    ...args: any[]
  ) {
    const config = args[0];
    sent.push(typeof config === 'string' ? config : String(config?.text));
    return (query as (...all: unknown[]) => unknown).apply(this, args);
  } as typeof query);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return sent;
}

const rows = async () =>
  (await database.raw.query<{ n: number }>('select n from carried order by n')).rows.map((row) => row.n);

describe('transactions on the server connections', () => {
  it('run `set local` inside the transaction, and the transaction is atomic either way it begins', async () => {
    const seen = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = '4321ms'`);
      await tx.execute(sql`insert into carried (n) values (${1})`);
      return selectRow<{ statement_timeout: string }>(tx, sql`show statement_timeout`);
    });
    expect(seen).toEqual({ statement_timeout: '4321ms' });
    // Local to the transaction: gone after it (the connection went back to the pool with its own setting).
    const after = await database.raw.query<{ statement_timeout: string }>('show statement_timeout');
    expect(after.rows[0]!.statement_timeout).not.toBe('4321ms');
    for (const first of [
      sql`set local statement_timeout = '5s'`,
      sql`insert into carried (n) values (${2})`,
    ]) {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(first);
          await tx.execute(sql`insert into carried (n) values (${3})`);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
    }
    expect(await rows()).toEqual([1]);
  });
});

describe.skipIf(process.env.TEST_DB_ENGINE === 'pglite')('PostgreSQL connections (PreparingClient)', () => {
  it("send a transaction's begin with its first statement when it has no parameters", async () => {
    const sent = await sentWhile(() =>
      database.db.transaction(async (tx) => {
        await genericPlansInTransaction(tx, database.engine);
        await tx.execute(sql`select ${1}::int as one`);
      }),
    );
    expect(sent).toEqual([
      'begin;\nset local plan_cache_mode = force_generic_plan',
      'select $1::int as one',
      'commit',
    ]);
    const alone = await sentWhile(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select ${1}::int as one`);
      }),
    );
    expect(alone).toEqual(['begin', 'select $1::int as one', 'commit']);
  });

  it(`name a statement with parameters once a connection has run it ${PREPARE_AFTER_USES} times`, async () => {
    const single = new pg.Pool({
      connectionString: String(database.raw.options.connectionString),
      max: 1,
      Client: (await import('./prepared-statements.ts')).PreparingClient,
    });
    try {
      const named = async () =>
        (await single.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!
          .n;
      for (let use = 1; use <= PREPARE_AFTER_USES; use += 1) {
        expect(await named()).toBe(0);
        await single.query({ text: 'select $1::int + 1 as two', values: [1] } as pg.QueryConfig);
      }
      expect(await named()).toBe(1);
    } finally {
      await single.end();
    }
  });

  describe('one connection (a pool of one)', () => {
    let single: pg.Pool;
    let db: ReturnType<typeof drizzle>;
    beforeAll(() => {
      single = new pg.Pool({
        connectionString: String(database.raw.options.connectionString),
        max: 1,
        Client: PreparingClient,
      });
      db = drizzle(single);
    });
    afterAll(() => single.end());

    /** How many socket writes this process makes while `run` runs. */
    async function writesWhile(run: () => Promise<unknown>): Promise<number> {
      const writev = vi.spyOn(net.Socket.prototype as unknown as { _writev: () => void }, '_writev');
      const write = vi.spyOn(net.Socket.prototype as unknown as { _write: () => void }, '_write');
      try {
        await run();
        return writev.mock.calls.length + write.mock.calls.length;
      } finally {
        writev.mockRestore();
        write.mockRestore();
      }
    }
    const insert = (n: number) => sql`insert into carried (n) values (${n})`;
    /** The database's message of the error `run` failed with (Drizzle wraps it as the cause). */
    const failure = (run: Promise<unknown>) =>
      run.then(
        () => 'no error',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );

    it('write the held begin and set local with the next statement: one write, not two', async () => {
      await db.execute(sql`select 1`);
      const writes = await writesWhile(() =>
        db.transaction(async (tx) => {
          await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
          await tx.execute(insert(10));
        }),
      );
      // begin, set local and the insert in one write; the commit in another.
      expect(writes).toBe(2);
      expect(await rows()).toContain(10);
    });

    it("answer a held set local's error as the error of the statement that carried it", async () => {
      const message = await failure(
        db.transaction(async (tx) => {
          await tx.execute(sql`set local statement_timeout = 'nonsense'`);
          await tx.execute(insert(11));
        }),
      );
      expect(message).toMatch(/invalid value for parameter "statement_timeout"/);
      expect(await rows()).not.toContain(11);
      expect(await selectRow<{ one: number }>(db as never, sql`select ${1}::int as one`)).toEqual({ one: 1 });
    });

    it("send a THEN_COMMIT statement's commit with it: the caller's commit sends nothing", async () => {
      let sent: string[] = [];
      const writes = await writesWhile(async () => {
        sent = await sentWhile(() =>
          db.transaction(async (tx) => {
            await tx.execute(insert(20));
            await tx.execute(thenCommit(insert(21)));
          }),
        );
      });
      expect(sent).toEqual([
        'begin',
        'insert into carried (n) values ($1)',
        '/* then commit */ insert into carried (n) values ($1)',
        'commit',
      ]);
      // begin with the first insert; the second insert with the commit.
      expect(writes).toBe(2);
      expect(await rows()).toEqual(expect.arrayContaining([20, 21]));
    });

    it('end the transaction as a rollback when the THEN_COMMIT statement fails, and keep the connection', async () => {
      const message = await failure(
        db.transaction(async (tx) => {
          await tx.execute(insert(30));
          await tx.execute(thenCommit(insert(30)));
        }),
      );
      expect(message).toMatch(/duplicate key/);
      expect(await rows()).not.toContain(30);
      await db.transaction(async (tx) => tx.execute(thenCommit(insert(31))));
      expect(await rows()).toContain(31);
    });

    it('refuse a statement after the THEN_COMMIT one: it would run outside the transaction', async () => {
      const message = await failure(
        db.transaction(async (tx) => {
          await tx.execute(thenCommit(insert(40)));
          await tx.execute(insert(41));
        }),
      );
      expect(message).toMatch(/after the transaction's last one/);
      // The marked statement committed with its transaction: that is what the mark promises.
      expect(await rows()).toContain(40);
      expect(await rows()).not.toContain(41);
    });

    it('do not commit early inside a savepoint: the outer transaction still decides', async () => {
      let sent: string[] = [];
      await expect(
        (async () => {
          sent = await sentWhile(() =>
            db.transaction(async (tx) => {
              await tx.execute(insert(50));
              await tx.transaction(async (nested) => nested.execute(thenCommit(insert(51))));
              throw new Error('rolled back');
            }),
          );
        })(),
      ).rejects.toThrow('rolled back');
      expect(await rows()).not.toContain(50);
      expect(await rows()).not.toContain(51);
      expect(sent).not.toContain('commit');
    });
  });
});
