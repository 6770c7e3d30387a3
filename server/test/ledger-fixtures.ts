import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  type Balances,
  createLedgerService,
  type LedgerService,
} from '../src/modules/ledger/ledger.service.ts';
import * as users from '../src/modules/users/users.repository.ts';
import { createTestDatabase } from './test-database.ts';

/** One USDT in micro-USDT, the ledger's unit. */
export const USDT = 1_000_000n;

/** A user's full balances, every bucket not named zero: what `getBalances` answers, for `toEqual`. */
export const balances = (named: Partial<Balances>): Balances => ({
  available: 0n,
  frozen: 0n,
  totalProfit: 0n,
  debt: 0n,
  ...named,
});

export interface LedgerTestBed {
  database: Database;
  ledger: LedgerService;
  /** A new trader with a random email (an account to move money on): its id. */
  newTrader(): Promise<string>;
  /** Deposits `deposit` to the user and freezes `frozen` of it (all by default), as a deal's acceptance would. */
  depositAndFreeze(userId: string, deposit: bigint, frozen?: bigint): Promise<void>;
}

/**
 * The ledger tests' file-wide set-up: a fresh database with the ledger service on it, closed after the file.
 * The fields are filled in beforeAll, so read them inside tests (`t.ledger`), not at the top of the file.
 */
export function ledgerTestDatabase(): LedgerTestBed {
  const t = {
    async newTrader() {
      const user = await users.insertUser(t.database.db, {
        email: `${randomUUID()}@example.com`,
        passwordHash: '-',
        role: 'trader',
      });
      return user.id;
    },
    async depositAndFreeze(userId: string, deposit: bigint, frozen = deposit) {
      await t.ledger.creditDeposit({ userId, amount: deposit, idempotencyKey: `deposit:${randomUUID()}` });
      await t.ledger.freeze({ userId, amount: frozen, idempotencyKey: `freeze:${randomUUID()}` });
    },
  } as LedgerTestBed;
  beforeAll(async () => {
    t.database = await createTestDatabase();
    t.ledger = createLedgerService(t);
  });
  afterAll(async () => {
    await t.database?.close();
  });
  return t;
}
