import { ADMIN_CLI_ACTOR, recordAudit } from '../../modules/admin/admin.service.ts';
import { createPaymentsService } from '../../modules/payments/payments.service.ts';
import { type AdminCommand, UsageError } from './types.ts';

export const bankAddCommand: AdminCommand = {
  name: 'bank-add',
  usage: 'bank-add --name NAME [--full-name "FULL NAME"] [--popular]',
  summary: 'Adds a bank to the directory traders choose from (popular banks are listed first).',
  async run({ flags }, { database, print }) {
    const name = (flags.name ?? '').trim();
    const fullName = (flags['full-name'] ?? name).trim();
    if (!name || name === 'true') throw new UsageError('--name is required');
    if (name.length > 100) throw new UsageError('--name must be at most 100 characters');
    if (!fullName || fullName === 'true' || fullName.length > 200) {
      throw new UsageError('--full-name must be 1 to 200 characters');
    }
    const bank = await createPaymentsService({ database }).addBank(
      { name, fullName, isPopular: flags.popular === 'true' },
      (tx, added) =>
        recordAudit(tx, ADMIN_CLI_ACTOR, {
          action: 'bank.create',
          target: added.name,
          after: { id: added.id, name: added.name, full_name: added.full_name, popular: added.is_popular },
        }),
    );
    if (!bank) {
      print(`A bank named ${name} already exists.`);
      return 1;
    }
    print(`Added bank ${bank.id}: ${bank.name} (${bank.full_name})${bank.is_popular ? ', popular' : ''}.`);
    return 0;
  },
};

export const bankListCommand: AdminCommand = {
  name: 'bank-list',
  usage: 'bank-list',
  summary: 'Lists the bank directory with ids (popular banks first).',
  async run(_args, { database, print }) {
    for (const bank of await createPaymentsService({ database }).listBanks()) {
      print(
        `${String(bank.id).padStart(4)}  ${bank.is_popular ? '★' : ' '} ${bank.name.padEnd(24)} ${bank.full_name}`,
      );
    }
    return 0;
  },
};

/** The bank commands, registered in one line in index.ts. */
export const BANK_COMMANDS: AdminCommand[] = [bankAddCommand, bankListCommand];
