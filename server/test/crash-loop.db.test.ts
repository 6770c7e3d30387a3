import { describe, expect, it } from 'vitest';
import { formatReport, runCrashLoop } from '../src/cli/crash-loop-runner.ts';
import { TEST_DATABASE_URL } from './database-url.ts';
import { testEngine } from './test-database.ts';

// The crash loop, short: the real server under load killed with SIGKILL a few times on this engine, then
// every acknowledged write checked and admin ledger-verify run. `npm run crash-loop` runs the long version.
const KILLS = 4;

describe('the crash loop', () => {
  it(`loses no acknowledged write and applies nothing twice across ${KILLS} kills`, {
    timeout: 900_000,
  }, async () => {
    const report = await runCrashLoop({
      engine: testEngine,
      kills: KILLS,
      adminDatabaseUrl: TEST_DATABASE_URL,
      maxUpMs: 1_500,
    });
    const summary = formatReport(report);
    expect(report.violations, summary).toEqual([]);
    expect(report.kills, summary).toBe(KILLS);
    expect(report.checks.map((check) => check.ok)).not.toContain(false);
    // The load reached every kind of write the loop checks.
    expect(report.acknowledged.orders, summary).toBeGreaterThan(0);
    expect(report.acknowledged.confirmations, summary).toBeGreaterThan(0);
    expect(report.acknowledged.deposits, summary).toBeGreaterThan(0);
    // Withdrawals were requested and their state checked. Verifying one needs its mailed code, and on
    // PostgreSQL a killed server's mail lease holds mail back until it expires (35 s), longer than this short
    // run gives; the long runs acknowledge them (README, Crash testing).
    const withdrawalCheck = report.checks.find((check) => check.name.startsWith('withdrawals'));
    expect(Number(withdrawalCheck?.detail.match(/^(\d+) withdrawals/)?.[1] ?? 0), summary).toBeGreaterThan(0);
  });
});
