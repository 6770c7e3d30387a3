/**
 * Use cases: the bank directory as the operator console keeps it: the list with each bank's method count, adding
 * a bank and changing one (rename, popular flag, colour), each in the caller's transaction so its audit row
 * commits with it.
 */
import type { Database, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import * as repo from './payments.repository.ts';

export type BankWithMethods = repo.BankRow & { methods: number };

/** What changing a bank did: the row before and after, or why nothing changed. */
export type BankChange =
  | { ok: true; before: repo.BankRow; after: repo.BankRow }
  | { ok: false; problem: 'not_found' | 'name_taken' };

export function createBankDirectory(database: Database) {
  return {
    /** Every bank with how many payment methods name it, popular first, then by name. */
    listBanksWithMethods(): Promise<BankWithMethods[]> {
      return repo.listBanksWithMethods(database.db);
    },

    /**
     * Adds a bank in `tx`; null when a bank of that name (case-insensitively) exists. The unique violation
     * aborts `tx`, so the caller ends it (its refusal rolls it back).
     */
    async createBank(
      tx: Tx,
      input: { name: string; fullName: string; isPopular: boolean; color: string | null },
    ): Promise<repo.BankRow | null> {
      try {
        return await repo.insertBank(tx, input);
      } catch (error) {
        if (uniqueViolation(error)) return null;
        throw error;
      }
    },

    /** Changes a bank in `tx`; `before` is the row as `tx` read it just before the change. */
    async changeBank(
      tx: Tx,
      id: number,
      changes: { name?: string; fullName?: string; isPopular?: boolean; color?: string | null },
    ): Promise<BankChange> {
      const before = await repo.findBank(tx, id);
      if (!before) return { ok: false, problem: 'not_found' };
      try {
        const after = await repo.updateBank(tx, id, changes);
        return after ? { ok: true, before, after } : { ok: false, problem: 'not_found' };
      } catch (error) {
        if (uniqueViolation(error)) return { ok: false, problem: 'name_taken' };
        throw error;
      }
    },
  };
}
