import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sentWhile } from '../../test/sent-statements.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from './client.ts';
import { RoundTripClient } from './round-trips.ts';
import { selectRow } from './rows.ts';
import { thenCommit } from './writes-together.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.raw.query('create table carried (n int primary key)');
});
afterAll(() => database.close());

const rows = async () =>
  (await database.raw.query<{ n: number }>('select n from carried order by n')).rows.map((row) => row.n);

describe('a RoundTripClient connection (a pool of one)', () => {
  let single: pg.Pool;
  let db: ReturnType<typeof drizzle>;
  beforeAll(() => {
    single = new pg.Pool({ ...database.raw.options, max: 1, Client: RoundTripClient });
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
