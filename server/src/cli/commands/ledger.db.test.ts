import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminOutput } from '../../../test/cli-fixtures.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import * as repo from '../../modules/ledger/ledger.repository.ts';
import { createLedgerService } from '../../modules/ledger/ledger.service.ts';
import * as users from '../../modules/users/users.repository.ts';
import { adjustBalanceCommand, ledgerVerifyCommand, parseSignedUsdt } from './ledger.ts';
import type { AdminCommand } from './types.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const config = loadConfig({ DATA_DIR: '/tmp/ledger-cli-test', NODE_ENV: 'test' });

const run = (command: AdminCommand, argv: string[]) => runAdminOutput(command, argv, { database, config });

async function newUser() {
  const email = `cli-${randomUUID()}@example.com`;
  const user = await users.insertUser(database.db, { email, passwordHash: '-', role: 'trader' });
  return { email, id: user.id };
}

describe('parseSignedUsdt', () => {
  it('reads signed decimal USDT amounts into micro-USDT', () => {
    expect(parseSignedUsdt('100')).toBe(100_000_000n);
    expect(parseSignedUsdt('-2.5')).toBe(-2_500_000n);
    expect(parseSignedUsdt('+0.000001')).toBe(1n);
    expect(parseSignedUsdt('1.0000001')).toBeNull();
    expect(parseSignedUsdt('1e3')).toBeNull();
    expect(parseSignedUsdt('--1')).toBeNull();
  });
});

describe('adjust-balance', () => {
  it('posts an audited adjustment by admin-cli and prints the new balances', async () => {
    const user = await newUser();
    const { code, output } = await run(adjustBalanceCommand, [
      user.email,
      '125.5',
      '--reason',
      'opening balance',
    ]);
    expect(code).toBe(0);
    expect(output).toContain('+125.5 USDT');
    expect(output).toContain('available 125.5');
    const balances = await createLedgerService({ database }).getBalances(user.id);
    expect(balances.available).toBe(125_500_000n);
    const transactionId = output.match(/transaction ([0-9a-f-]{36})/)?.[1];
    const transaction = await repo.findTransaction(database.db, transactionId!);
    expect(transaction?.type).toBe('adjustment');
    expect(transaction?.meta).toMatchObject({
      reason: 'opening balance',
      actor: 'admin-cli',
      userId: user.id,
    });
  });

  it('takes money back with a negative amount and refuses to go below zero', async () => {
    const user = await newUser();
    await run(adjustBalanceCommand, [user.email, '10', '--reason', 'top-up']);
    const refused = await run(adjustBalanceCommand, [user.email, '-10.000001', '--reason', 'too much']);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('only 10 USDT available');
    const taken = await run(adjustBalanceCommand, [user.email, '-4', '--reason', 'correction']);
    expect(taken.code).toBe(0);
    expect(taken.output).toContain('available 6,');
  });

  it('refuses a missing reason, a bad amount and an unknown email', async () => {
    const user = await newUser();
    await expect(run(adjustBalanceCommand, [user.email, '5'])).rejects.toThrow('--reason');
    await expect(run(adjustBalanceCommand, [user.email, '5', '--reason'])).rejects.toThrow('--reason');
    await expect(run(adjustBalanceCommand, [user.email, '5.1234567', '--reason', 'x'])).rejects.toThrow(
      'AMOUNT',
    );
    await expect(run(adjustBalanceCommand, [user.email, '0', '--reason', 'x'])).rejects.toThrow('AMOUNT');
    const unknown = await run(adjustBalanceCommand, ['nobody@example.com', '5', '--reason', 'x']);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No user');
  });
});

describe('ledger-verify', () => {
  it('exits 0 on a consistent ledger and 1 with the difference when a balance was tampered with', async () => {
    const user = await newUser();
    await run(adjustBalanceCommand, [user.email, '3', '--reason', 'seed']);
    const clean = await run(ledgerVerifyCommand, []);
    expect(clean.code).toBe(0);
    expect(clean.output).toContain('consistent');

    await database.db.execute(
      sql`update user_balances set frozen = frozen + 500000 where user_id = ${user.id}`,
    );
    const dirty = await run(ledgerVerifyCommand, []);
    expect(dirty.code).toBe(1);
    expect(dirty.output).toContain(`user:${user.id}:frozen: postings say 0, stored 0.5`);
    await database.db.execute(
      sql`update user_balances set frozen = frozen - 500000 where user_id = ${user.id}`,
    );
    expect((await run(ledgerVerifyCommand, [])).code).toBe(0);
  });

  it('checks reserves: one that claims more than its release credited is named with the reason', async () => {
    const user = await newUser();
    const ledger = createLedgerService({ database });
    await run(adjustBalanceCommand, [user.email, '5', '--reason', 'seed']);
    await ledger.freeze({ userId: user.id, amount: 5_000_000n, idempotencyKey: `f:${user.id}` });
    await ledger.release({
      userId: user.id,
      amount: 5_000_000n,
      idempotencyKey: `r:${user.id}`,
      reserve: { subject: `deal:${user.id}`, until: new Date(Date.now() + 60_000) },
    });
    expect((await run(ledgerVerifyCommand, [])).code).toBe(0);
    await database.db.execute(
      sql`update ledger_reserves set amount = 6000000, remaining = 6000000 where subject = ${`deal:${user.id}`}`,
    );
    const dirty = await run(ledgerVerifyCommand, []);
    expect(dirty.code).toBe(1);
    expect(dirty.output).toMatch(
      /reserve:\d+: postings say 5, stored 6 \(amount differs from the release's credit to available\)/,
    );
    await database.db.execute(sql`delete from ledger_reserves where subject = ${`deal:${user.id}`}`);
  });
});
