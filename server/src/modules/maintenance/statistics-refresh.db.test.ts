import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { startWorkers } from '../../workers.ts';
import * as repo from './maintenance.repository.ts';
import { STATISTICS_REFRESH, startStatisticsRefresh } from './statistics-refresh.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('statistics refresh', () => {
  it('gives the planner the real size of a table it has never analyzed', async () => {
    await t.database.db.execute(sql`create table stats_probe (n integer)`);
    await t.database.db.execute(sql`insert into stats_probe select generate_series(1, 500)`);
    expect(await repo.plannerRowEstimate(t.database.db, 'stats_probe')).toBe(-1);
    const job = startStatisticsRefresh(t.ctx, { intervalMs: 1 });
    await expect.poll(() => repo.plannerRowEstimate(t.database.db, 'stats_probe')).toBe(500);
    await job.stop();
  });

  it('runs only on the embedded engine, where no autovacuum does it', async () => {
    const workers = startWorkers(t.ctx);
    expect(workers.jobs.includes(STATISTICS_REFRESH)).toBe(t.database.engine === 'pglite');
    await workers.stop();
  });
});
