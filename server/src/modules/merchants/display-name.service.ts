// The merchant's shop name (issue 25): read and set; the users module stores it.
import { MERCHANT_TEXT, type MerchantDisplayNameResponse } from '@app/shared';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/http-errors.ts';
import * as users from '../users/users.service.ts';

/** The merchant's shop name (issue 25): what the payer page shows as whom the payer pays. */
export function createDisplayNameService(deps: { database: Database; now: () => Date }) {
  const db = deps.database.db;
  return {
    async get(userId: string): Promise<MerchantDisplayNameResponse> {
      const row = await users.findMerchantDisplayName(db, userId);
      if (!row) throw badRequest(MERCHANT_TEXT.notMerchant);
      return { display_name: row.displayName };
    },
    async set(userId: string, displayName: string | null): Promise<MerchantDisplayNameResponse> {
      if (!(await users.setMerchantDisplayName(db, userId, displayName, deps.now()))) {
        throw badRequest(MERCHANT_TEXT.notMerchant);
      }
      return { display_name: displayName };
    },
  };
}
