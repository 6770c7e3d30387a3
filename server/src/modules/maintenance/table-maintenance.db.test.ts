import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRow } from '../../db/rows.ts';
import { startWorkers } from '../../workers.ts';
import * as repo from './maintenance.repository.ts';
import { maintainTables, startTableMaintenance, TABLE_MAINTENANCE } from './table-maintenance.ts';

let t: TestApp;
/** Whether nothing else vacuums here: the embedded engine, or a PostgreSQL with autovacuum off (this CI's). */
let noAutovacuum: boolean;
beforeAll(async () => {
  t = await createTestApp();
  noAutovacuum = t.database.engine === 'pglite' || !(await repo.autovacuumRuns(t.database.db));
});
afterAll(() => t.close());

const deadRows = async (table: string) =>
  Number(
    (
      await selectRow<{ dead: string }>(
        t.database.db,
        sql`select n_dead_tup as dead from pg_stat_user_tables where relname = ${table}`,
      )
    )?.dead ?? -1,
  );

/** Runs `statements` in one transaction whose counts reach the shared statistics at its commit. */
async function reported(...statements: ReturnType<typeof sql>[]) {
  await t.database.db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(statement);
    // A session reports its counts at most once a second, and after ~10 s idle: this one at once.
    await tx.execute(sql`select pg_stat_force_next_flush()`);
  });
}

describe('table maintenance', () => {
  it('gives the planner the real size of a table it has never analyzed', async () => {
    await t.database.db.execute(sql`create table stats_probe (n integer)`);
    await reported(sql`insert into stats_probe select generate_series(1, 500)`);
    expect(await repo.plannerRowEstimate(t.database.db, 'stats_probe')).toBe(-1);
    const job = startTableMaintenance(t.ctx, { intervalMs: 1 });
    await expect
      .poll(() => repo.plannerRowEstimate(t.database.db, 'stats_probe'), { timeout: 5_000 })
      .toBe(noAutovacuum ? 500 : -1);
    await job.stop();
  });

  it("reclaims the dead rows of a table past autovacuum's threshold where no autovacuum runs", async () => {
    await t.database.db.execute(sql`create table dead_probe (n integer primary key, v integer)`);
    await reported(
      sql`insert into dead_probe select g, 0 from generate_series(1, 400) g`,
      sql`update dead_probe set v = 1`,
    );
    expect(await deadRows('dead_probe')).toBeGreaterThanOrEqual(400);
    const due = await repo.dueTables(t.database.db);
    expect(due).toContainEqual({ schema: 'public', table: 'dead_probe', vacuum: true, analyze: true });
    const maintained = await maintainTables(t.database);
    if (!noAutovacuum) {
      expect(maintained).toBe(0);
      return;
    }
    expect(maintained).toBeGreaterThanOrEqual(1);
    expect(await deadRows('dead_probe')).toBe(0);
    // Done: the table is no longer due.
    expect((await repo.dueTables(t.database.db)).map((entry) => entry.table)).not.toContain('dead_probe');
  });

  it('runs on both engines (each pass stands down while PostgreSQL runs its own autovacuum)', async () => {
    const workers = startWorkers(t.ctx);
    expect(workers.jobs).toContain(TABLE_MAINTENANCE);
    await workers.stop();
  });
});
