import { formatUsdt, normalizeEmail, parseUsdt } from '@app/shared';
import { ADMIN_CLI_ACTOR as CLI_AUDIT_ACTOR, recordAudit } from '../../modules/admin/admin.service.ts';
import { adjustBalanceAudited } from '../../modules/admin/audited-adjustments.ts';
import * as verifications from '../../modules/admin/ledger-verification.ts';
import { createLedgerService, InsufficientFundsError } from '../../modules/ledger/ledger.service.ts';
import * as users from '../../modules/users/users.service.ts';
import { type AdminCommand, UsageError } from './types.ts';

/** The actor recorded on adjustments made from the command line (the audit log's too). */
export const ADMIN_CLI_ACTOR = CLI_AUDIT_ACTOR.actor;

/** Parses a signed decimal USDT amount ("12.5", "-3") into micro-USDT; null when it is not one. */
export function parseSignedUsdt(text: string): bigint | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const micro = parseUsdt(negative ? trimmed.slice(1) : trimmed.replace(/^\+/, ''));
  if (micro === null) return null;
  return negative ? -micro : micro;
}

export const ledgerVerifyCommand: AdminCommand = {
  name: 'ledger-verify',
  usage: 'ledger-verify',
  summary:
    'Recomputes every balance from the ledger postings and checks every reserve against its release; lists any difference and exits 1.',
  async run(_args, { database, print }) {
    const differences = await createLedgerService({ database }).verify();
    // The outcome is kept for the console's overview, with its audit row.
    await database.db.transaction(async (tx) => {
      const stored = await verifications.record(tx, CLI_AUDIT_ACTOR.actor, differences);
      await recordAudit(tx, CLI_AUDIT_ACTOR, {
        action: 'ledger.verify',
        after: { ok: stored.ok, differences: stored.differences.length },
      });
    });
    if (differences.length === 0) {
      print(
        'Ledger is consistent: every balance equals the sum of its postings, every transaction balances and every reserve matches its release.',
      );
      return 0;
    }
    print(`Ledger differences (${differences.length}):`);
    for (const { account, expected, actual, problem } of differences) {
      print(
        `  ${account}: postings say ${formatUsdt(expected)}, stored ${formatUsdt(actual)}${problem ? ` (${problem})` : ''}`,
      );
    }
    return 1;
  },
};

export const adjustBalanceCommand: AdminCommand = {
  name: 'adjust-balance',
  usage: 'adjust-balance EMAIL AMOUNT --reason TEXT',
  summary:
    "Adds (or with a negative AMOUNT takes) USDT to a user's available balance as an audited adjustment.",
  async run({ positional, flags }, { database, print }) {
    const [email, amountText] = positional;
    const reason = flags.reason && flags.reason !== 'true' ? flags.reason.trim() : '';
    if (!email || !amountText) throw new UsageError('expected EMAIL and AMOUNT');
    const amount = parseSignedUsdt(amountText);
    if (amount === null || amount === 0n) {
      throw new UsageError(
        'AMOUNT must be a non-zero decimal USDT amount with up to 6 decimals, e.g. 100 or -2.5',
      );
    }
    if (!reason) throw new UsageError('--reason TEXT is required: it is kept with the adjustment');
    const user = await users.findByEmail(database.db, normalizeEmail(email));
    if (!user) {
      print(`No user with email ${email}.`);
      return 1;
    }
    const ledger = createLedgerService({ database });
    let transactionId: string;
    try {
      ({ transactionId } = await adjustBalanceAudited(
        { database, ledger },
        CLI_AUDIT_ACTOR,
        user,
        amount,
        reason,
      ));
    } catch (error) {
      if (error instanceof InsufficientFundsError) {
        const { available } = await ledger.getBalances(user.id);
        print(`Refused: ${user.email} has only ${formatUsdt(available)} USDT available.`);
        return 1;
      }
      throw error;
    }
    const balances = await ledger.getBalances(user.id);
    print(
      `Adjusted ${user.email} by ${amount > 0n ? '+' : ''}${formatUsdt(amount)} USDT (transaction ${transactionId}).`,
    );
    print(
      `Balances: total ${formatUsdt(balances.available + balances.frozen)}, available ${formatUsdt(balances.available)}, frozen ${formatUsdt(balances.frozen)}, earned in total ${formatUsdt(balances.totalProfit)} USDT.`,
    );
    return 0;
  },
};
