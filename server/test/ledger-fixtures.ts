import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { createLedgerService, type LedgerService } from '../src/modules/ledger/ledger.service.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * The ledger tests' file-wide set-up: a fresh database with the ledger service on it, closed after the file.
 * The fields are filled in beforeAll, so read them inside tests (`t.ledger`), not at the top of the file.
 */
export function ledgerTestDatabase(): { database: Database; ledger: LedgerService } {
  const t = {} as { database: Database; ledger: LedgerService };
  beforeAll(async () => {
    t.database = await createTestDatabase();
    t.ledger = createLedgerService(t);
  });
  afterAll(async () => {
    await t.database?.close();
  });
  return t;
}
