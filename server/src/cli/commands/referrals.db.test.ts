import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminOutput } from '../../../test/cli-fixtures.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { leadShareChanges, users } from '../../db/schema/index.ts';
import * as usersRepo from '../../modules/users/users.repository.ts';
import { setLeadShareCommand } from './referrals.ts';
import { UsageError } from './types.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const config = loadConfig({ DATA_DIR: '/tmp/referrals-cli-test', NODE_ENV: 'test' });

const run = (argv: string[]) => runAdminOutput(setLeadShareCommand, argv, { database, config });

async function newUser(isLead: boolean) {
  const email = `cli-${randomUUID()}@example.com`;
  const user = await usersRepo.insertUser(database.db, { email, passwordHash: '-', role: 'trader', isLead });
  return { email, id: user.id };
}

const shareOf = async (id: string) =>
  (await database.db.select({ bps: users.leadShareBps }).from(users).where(eq(users.id, id)))[0]!.bps;

describe('set-lead-share', () => {
  it("sets a lead's share in basis points and records each change with the old value and the actor", async () => {
    const lead = await newUser(true);
    expect(await run([lead.email.toUpperCase(), '12,5'])).toEqual({
      code: 0,
      output: `${lead.email}: lead share is now 12.5 % of the platform fee.`,
    });
    expect(await shareOf(lead.id)).toBe(1250);
    expect((await run([lead.email, '100'])).code).toBe(0);
    expect((await run([lead.email, '0'])).code).toBe(0);
    expect(await shareOf(lead.id)).toBe(0);
    const changes = await database.db
      .select()
      .from(leadShareChanges)
      .where(eq(leadShareChanges.leadId, lead.id))
      .orderBy(leadShareChanges.id);
    expect(changes.map((change) => [change.oldBps, change.newBps, change.actor])).toEqual([
      [null, 1250, 'admin set-lead-share'],
      [1250, 10_000, 'admin set-lead-share'],
      [10_000, 0, 'admin set-lead-share'],
    ]);
  });

  it('refuses a percentage outside 0–100 or with more than 2 decimals, a non-lead and an unknown email', async () => {
    const lead = await newUser(true);
    for (const pct of ['100.01', '101', '-1', '1.234', 'abc', '']) {
      await expect(run([lead.email, pct])).rejects.toBeInstanceOf(UsageError);
    }
    await expect(run([lead.email])).rejects.toBeInstanceOf(UsageError);
    expect(await shareOf(lead.id)).toBeNull();
    const trader = await newUser(false);
    expect(await run([trader.email, '10'])).toEqual({ code: 1, output: `${trader.email} is not a lead.` });
    expect(await shareOf(trader.id)).toBeNull();
    const unknown = `nobody-${randomUUID()}@example.com`;
    expect(await run([unknown, '10'])).toEqual({ code: 1, output: `No user with email ${unknown}.` });
  });
});
