import os from 'node:os';
import { formatUsdt, WITHDRAWAL_STATUSES } from '@app/shared';
import pino from 'pino';
import type { WithdrawalStatusValue } from '../../db/schema/index.ts';
import { ADMIN_CLI_ACTOR, recordAudit } from '../../modules/admin/admin.service.ts';
import { createLedgerService } from '../../modules/ledger/ledger.service.ts';
import { createNotificationsService } from '../../modules/telegram/notifications.service.ts';
import { createWithdrawalOperator, type DecisionHook } from '../../modules/wallet/withdrawal-operator.ts';
import { type AdminCommand, UsageError } from './types.ts';

/** The states `withdrawals list` shows unless told otherwise: the ones someone may still act on or wait for. */
const OPEN_STATES: WithdrawalStatusValue[] = ['held', 'approved', 'signing', 'signed', 'broadcast'];

/** `npm run admin -- withdrawals list|approve ID|reject ID|mark-sent ID TXID`: the operator's side of withdrawals. */
export const withdrawalsCommand: AdminCommand = {
  name: 'withdrawals',
  usage:
    'withdrawals list [--all | --status S] [--limit N] | approve ID [--by NAME] | reject ID [--reason TEXT] [--by NAME] | mark-sent ID TXID [--by NAME]',
  summary:
    'Lists withdrawals; approves a held one for sending, rejects it and returns the funds, or records one paid by hand.',
  async run({ positional, flags }, { database, config, print }) {
    const [action, id, txid] = positional;
    const operator = createWithdrawalOperator({
      database,
      ledger: createLedgerService({ database }),
      notifier: createNotificationsService({ database, log: pino({ level: config.LOG_LEVEL }) }),
    });
    const actor = flags.by ?? `admin-cli:${os.userInfo().username}`;
    if (action === 'list') {
      let states: WithdrawalStatusValue[] | undefined = OPEN_STATES;
      if (flags.all === 'true') states = undefined;
      else if (flags.status) {
        const wanted = flags.status.split(',');
        const unknown = wanted.filter((state) => !(WITHDRAWAL_STATUSES as readonly string[]).includes(state));
        if (unknown.length)
          throw new UsageError(
            `unknown status ${unknown.join(', ')}; one of ${WITHDRAWAL_STATUSES.join(', ')}`,
          );
        states = wanted as WithdrawalStatusValue[];
      }
      const limit = Number(flags.limit ?? 100);
      if (!Number.isInteger(limit) || limit < 1)
        throw new UsageError('--limit must be a positive whole number');
      const rows = await operator.list({ states, limit });
      if (rows.length === 0)
        print(states ? `No withdrawals in ${states.join(', ')}.` : 'No withdrawals yet.');
      for (const row of rows) {
        const line = [
          row.id,
          row.status.padEnd(9),
          `${formatUsdt(row.amount)} USDT (+${formatUsdt(row.fee)} fee)`.padEnd(28),
          row.toAddress,
          row.email,
          row.createdAt.toISOString(),
          row.txid ? `txid ${row.txid}` : '',
          row.markedSentBy ? `sent by hand (marked by ${row.markedSentBy})` : '',
          row.lastError ? `(${row.lastError})` : '',
        ];
        print(line.filter(Boolean).join('  '));
      }
      return 0;
    }
    if (action !== 'approve' && action !== 'reject' && action !== 'mark-sent')
      throw new UsageError('expected list, approve ID, reject ID or mark-sent ID TXID');
    if (!id) throw new UsageError(`${action} needs the withdrawal ID (see withdrawals list)`);
    if (action === 'mark-sent' && !txid)
      throw new UsageError('mark-sent needs the id of the transaction that paid it: mark-sent ID TXID');
    const reason = flags.reason ?? 'rejected by the operator';
    // The decision's audit row, in its transaction: the CLI as actor, the --by name kept in `after`.
    const audit: DecisionHook = (tx, after, before) =>
      recordAudit(tx, ADMIN_CLI_ACTOR, {
        action:
          action === 'approve'
            ? 'withdrawal.approve'
            : action === 'reject'
              ? 'withdrawal.reject'
              : 'withdrawal.mark_sent',
        target: after.id,
        before: { status: before.status },
        after: { status: after.status, by: actor, ...(after.txid ? { txid: after.txid } : {}) },
        reason: action === 'reject' ? reason : null,
      });
    const result =
      action === 'approve'
        ? await operator.approve(id, actor, audit)
        : action === 'reject'
          ? await operator.reject(id, actor, reason, audit)
          : await operator.markSent(id, txid!, actor, audit);
    if (!result.ok) {
      print(result.reason);
      return 1;
    }
    const { withdrawal } = result;
    const amount = `${formatUsdt(withdrawal.amount)} USDT to ${withdrawal.toAddress}`;
    if (action === 'approve') {
      print(`Approved withdrawal ${withdrawal.id} (${amount}); the withdrawal sender will sign and send it.`);
      if (!config.TRON_WITHDRAWAL_PRIVATE_KEY || !config.TRONGRID_URL) {
        print(
          'Note: this environment has no TRON_WITHDRAWAL_PRIVATE_KEY or TRONGRID_URL; the server that sends needs both.',
        );
      }
    } else if (action === 'mark-sent') {
      print(
        `Marked withdrawal ${withdrawal.id} (${amount}) as sent by hand with txid ${withdrawal.txid}; its ${formatUsdt(withdrawal.amount + withdrawal.fee)} USDT in flight is settled as sent.`,
      );
    } else {
      print(
        `Rejected withdrawal ${withdrawal.id} (${amount}); ${formatUsdt(withdrawal.amount + withdrawal.fee)} USDT returned to the user.`,
      );
    }
    return 0;
  },
};
