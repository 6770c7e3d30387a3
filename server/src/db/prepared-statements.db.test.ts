import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentWhile } from '../../test/sent-statements.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from './client.ts';
import { genericPlansInTransaction, PREPARE_AFTER_USES } from './prepared-statements.ts';
import { selectRow } from './rows.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.raw.query('create table carried (n int primary key)');
});
afterAll(() => database.close());

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
        await genericPlansInTransaction(tx);
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
});

describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')(
  'embedded engine connections (SharedSessionStatements)',
  () => {
    const prepared = async () =>
      (
        await database.raw.query<{ name: string; statement: string }>(
          'select name, statement from pg_prepared_statements order by name',
        )
      ).rows;

    it('prepare a statement run often once in the shared session, and every connection binds it', async () => {
      const text = 'select $1::int * 2 as doubled, pg_backend_pid() as session';
      const before = (await prepared()).length;
      // Ten connections at once, many times over: one Parse of the text in the session, never a duplicate name.
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, n) =>
          database.raw.query<{ doubled: number }>({ text, values: [n] } as pg.QueryConfig),
        ),
      );
      expect(answers.map((answer) => answer.rows[0]!.doubled)).toEqual(
        Array.from({ length: 60 }, (_, n) => n * 2),
      );
      const named = (await prepared()).filter((row) => row.statement === text);
      expect(named).toHaveLength(1);
      expect((await prepared()).length).toBe(before + 1);
      // Later runs on any connection bind the one name.
      const clients = await Promise.all(Array.from({ length: 5 }, () => database.raw.connect()));
      try {
        for (const [n, client] of clients.entries()) {
          const answer = await client.query<{ doubled: number }>({
            text,
            values: [n + 100],
          } as pg.QueryConfig);
          expect(answer.rows[0]!.doubled).toBe((n + 100) * 2);
        }
      } finally {
        for (const client of clients) client.release();
      }
      expect((await prepared()).filter((row) => row.statement === text)).toHaveLength(1);
    });

    it('keep a statement whose first named run failed after its Parse, and skip one whose Parse failed', async () => {
      const dividing = 'select 10 / $1::int as quotient';
      for (let use = 1; use < PREPARE_AFTER_USES; use += 1) {
        await database.raw.query({ text: dividing, values: [5] } as pg.QueryConfig);
      }
      // The run that prepares it fails in execution: the session has the statement all the same.
      await expect(database.raw.query({ text: dividing, values: [0] } as pg.QueryConfig)).rejects.toThrow(
        'division by zero',
      );
      for (let use = 0; use < 12; use += 1) {
        const answer = await database.raw.query<{ quotient: number }>({
          text: dividing,
          values: [2],
        } as pg.QueryConfig);
        expect(answer.rows[0]!.quotient).toBe(5);
      }
      expect((await prepared()).filter((row) => row.statement === dividing)).toHaveLength(1);

      const broken = 'select $1::int from no_such_table';
      for (let use = 0; use < PREPARE_AFTER_USES * 3; use += 1) {
        await expect(database.raw.query({ text: broken, values: [1] } as pg.QueryConfig)).rejects.toThrow(
          'no_such_table',
        );
      }
      expect((await prepared()).filter((row) => row.statement === broken)).toHaveLength(0);
      // The session is unharmed: a transaction on top of it still runs, with generic plans.
      const seen = await database.db.transaction(async (tx) => {
        await genericPlansInTransaction(tx);
        return selectRow<{ mode: string }>(
          tx,
          sql`select current_setting('plan_cache_mode') as mode, ${1}::int as one`,
        );
      });
      expect(seen?.mode).toBe('force_generic_plan');
    });
  },
);
