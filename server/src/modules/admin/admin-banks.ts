/**
 * Use cases: the console's bank directory: list with each bank's method count, add a bank, change one (rename,
 * popular flag, colour). The payments module owns banks; each change writes its audit row (before → after) in
 * the change's transaction.
 */
import {
  ADMIN_MESSAGES,
  type AdminBank,
  type AdminBankCreateBody,
  type AdminBankPatchBody,
} from '@app/shared';
import type { Database } from '../../db/client.ts';
import { fieldErrors, notFound } from '../../lib/http-errors.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { SessionUser } from '../users/users.service.ts';
import { requireAdmin } from './admin-access.ts';
import { recordAudit } from './admin-audit.ts';

type BankRow = Awaited<ReturnType<PaymentsService['listBanksWithMethods']>>[number];

/** What the audit log keeps of a bank. */
const snapshot = (bank: Omit<BankRow, 'methods'>) => ({
  name: bank.name,
  full_name: bank.fullName,
  popular: bank.isPopular,
  color: bank.color,
});

const toApi = (bank: BankRow): AdminBank => ({
  id: bank.id,
  name: bank.name,
  full_name: bank.fullName,
  popular: bank.isPopular,
  color: bank.color,
  methods: bank.methods,
});

export function createAdminBanks(deps: { database: Database; payments: PaymentsService }) {
  async function answer(id: number): Promise<AdminBank> {
    const bank = (await deps.payments.listBanksWithMethods()).find((row) => row.id === id);
    if (!bank) throw notFound(ADMIN_MESSAGES.bankNotFound);
    return toApi(bank);
  }

  return {
    /** GET api/v1/admin/banks/: the whole directory (a few dozen banks), popular first. */
    async banks(user: SessionUser): Promise<{ count: number; results: AdminBank[] }> {
      requireAdmin(user);
      const rows = await deps.payments.listBanksWithMethods();
      return { count: rows.length, results: rows.map(toApi) };
    },

    /** POST api/v1/admin/banks/: the CLI's bank-add (full name defaults to the name); 400 {name} when taken. */
    async createBank(user: SessionUser, body: AdminBankCreateBody): Promise<AdminBank> {
      const actor = requireAdmin(user);
      const created = await deps.database.db.transaction(async (tx) => {
        const bank = await deps.payments.createBank(tx, {
          name: body.name,
          fullName: body.full_name ?? body.name,
          isPopular: body.popular ?? false,
          color: body.color ?? null,
        });
        if (!bank) throw fieldErrors({ name: [ADMIN_MESSAGES.bankExists] });
        await recordAudit(tx, actor, { action: 'bank.create', target: bank.name, after: snapshot(bank) });
        return bank;
      });
      return answer(created.id);
    },

    /** PATCH api/v1/admin/banks/{id}/: 404 unknown, 400 {name} when another bank has the name. */
    async updateBank(user: SessionUser, id: number, body: AdminBankPatchBody): Promise<AdminBank> {
      const actor = requireAdmin(user);
      await deps.database.db.transaction(async (tx) => {
        const change = await deps.payments.changeBank(tx, id, {
          name: body.name,
          fullName: body.full_name,
          isPopular: body.popular,
          color: body.color,
        });
        if (!change.ok && change.problem === 'not_found') throw notFound(ADMIN_MESSAGES.bankNotFound);
        if (!change.ok) throw fieldErrors({ name: [ADMIN_MESSAGES.bankExists] });
        await recordAudit(tx, actor, {
          action: 'bank.update',
          target: change.after.name,
          before: snapshot(change.before),
          after: snapshot(change.after),
        });
      });
      return answer(id);
    },
  };
}
