import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminOutput } from '../../../test/cli-fixtures.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { exchangeRates, users } from '../../db/schema/index.ts';
import * as usersRepo from '../../modules/users/users.repository.ts';
import { rateSetCommand, setFeeCommand, setRewardCommand } from './orders.ts';
import { type AdminCommand, UsageError } from './types.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const config = loadConfig({ DATA_DIR: '/tmp/orders-cli-test', NODE_ENV: 'test' });

const run = (command: AdminCommand, argv: string[]) => runAdminOutput(command, argv, { database, config });

async function newUser(role: 'trader' | 'merchant') {
  const email = `cli-${randomUUID()}@example.com`;
  const user = await usersRepo.insertUser(database.db, { email, passwordHash: '-', role });
  return { email, id: user.id };
}

const bpsOf = async (id: string) =>
  (
    await database.db
      .select({ fee: users.feeBps, reward: users.rewardBps })
      .from(users)
      .where(eq(users.id, id))
  )[0];

describe('rate-set', () => {
  it('stores the rate in kopecks with its time, a decimal comma included, and refuses nonsense', async () => {
    const { code, output } = await run(rateSetCommand, ['92,5']);
    expect(code).toBe(0);
    expect(output).toMatch(/USDT\/RUB rate is 92\.50, set at /);
    const [latest] = await database.db.select().from(exchangeRates).orderBy(desc(exchangeRates.id)).limit(1);
    expect(latest).toMatchObject({ rateKopecks: 9250n, source: 'manual', setBy: 'admin rate-set' });
    await expect(run(rateSetCommand, ['abc'])).rejects.toBeInstanceOf(UsageError);
    await expect(run(rateSetCommand, ['0'])).rejects.toBeInstanceOf(UsageError);
    await expect(run(rateSetCommand, [])).rejects.toBeInstanceOf(UsageError);
  });
});

describe('set-fee and set-reward', () => {
  it('sets percentages per user, keeping every merchant fee at or above every trader reward', async () => {
    const merchant = await newUser('merchant');
    const trader = await newUser('trader');
    expect((await run(setFeeCommand, [merchant.email, '2,5'])).code).toBe(0);
    expect(await bpsOf(merchant.id)).toMatchObject({ fee: 250 });
    // Default trader reward is 2 %: a fee of 1.5 % would make the platform fee negative.
    const low = await run(setFeeCommand, [merchant.email, '1.5']);
    expect(low.code).toBe(1);
    expect(low.output).toMatch(/below a trader reward of 2 %/);
    expect(await bpsOf(merchant.id)).toMatchObject({ fee: 250 });
    const high = await run(setRewardCommand, [trader.email, '3']);
    expect(high.code).toBe(1);
    expect(high.output).toMatch(/above a merchant fee of 2\.5 %/);
    expect((await run(setRewardCommand, [trader.email, '2.5'])).code).toBe(0);
    expect(await bpsOf(trader.id)).toMatchObject({ reward: 250 });
  });

  it('refuses the wrong role, an unknown email and a percentage outside 0–100', async () => {
    const trader = await newUser('trader');
    const wrongRole = await run(setFeeCommand, [trader.email, '3']);
    expect(wrongRole).toMatchObject({ code: 1 });
    expect(wrongRole.output).toMatch(/is a trader, not a merchant/);
    expect((await run(setRewardCommand, ['nobody@example.com', '1'])).output).toMatch(/No user/);
    await expect(run(setFeeCommand, [trader.email, '101'])).rejects.toBeInstanceOf(UsageError);
    await expect(run(setFeeCommand, [trader.email, '-1'])).rejects.toBeInstanceOf(UsageError);
  });
});
