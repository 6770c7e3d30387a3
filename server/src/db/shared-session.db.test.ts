import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from './client.ts';

// On PGlite every pooled connection shares one backend session (pglite-socket multiplexes them). These
// are the PostgreSQL guarantees the application relies on, checked on both engines through the pool.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.raw.query('create table session_probe (id int primary key, note text)');
});
afterAll(async () => {
  await database?.close();
});

const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('pooled connections on one database', () => {
  it("never show another connection's uncommitted rows", async () => {
    const writer = await database.raw.connect();
    try {
      await writer.query('begin');
      await writer.query('insert into session_probe (id) values (1)');
      const reader = database.raw.query<{ n: string }>('select count(*) as n from session_probe');
      await pause();
      await writer.query('insert into session_probe (id) values (2)');
      await writer.query('commit');
      // PostgreSQL answers from its snapshot (0); PGlite queues the read behind the transaction (2).
      expect(['0', '2']).toContain((await reader).rows[0]!.n);
    } finally {
      writer.release();
    }
  });

  it('rolls back the transaction of a connection that goes away, and keeps serving the others', async () => {
    const doomed = await database.raw.connect();
    await doomed.query('begin');
    await doomed.query('insert into session_probe (id) values (10)');
    doomed.release(true);
    const { rows } = await database.raw.query<{ n: string }>(
      'select count(*) as n from session_probe where id = 10',
    );
    expect(rows[0]!.n).toBe('0');
    await database.raw.query('insert into session_probe (id) values (10)');
  });

  it('keeps each parametrised statement whole when big and small ones from several connections overlap', async () => {
    const big = 'x'.repeat(512 * 1024);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 4 === 0
          ? database.raw
              .query<{ id: number; size: number }>(
                'insert into session_probe (id, note) values ($1, $2) returning id, length(note) as size',
                [100 + i, big],
              )
              .then(({ rows }) => rows[0]!.id === 100 + i && rows[0]!.size === big.length)
          : database.raw
              .query<{ a: number; b: string }>('select $1::int as a, $2::text as b', [i, `s${i}`])
              .then(({ rows }) => rows[0]!.a === i && rows[0]!.b === `s${i}`),
      ),
    );
    expect(results.every(Boolean)).toBe(true);
  });
});
