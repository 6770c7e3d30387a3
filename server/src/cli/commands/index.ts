import { BANK_COMMANDS } from './banks.ts';
import { adjustBalanceCommand, ledgerVerifyCommand } from './ledger.ts';
import { merchantKeyCommand } from './merchant-keys.ts';
import { notificationsCommand } from './notifications.ts';
import { rateSetCommand, setFeeCommand, setRewardCommand } from './orders.ts';
import { ratingAdjustCommand, ratingRecomputeCommand } from './rating.ts';
import { setLeadShareCommand } from './referrals.ts';
import type { AdminCommand } from './types.ts';
import { createUserCommand, listUsersCommand, setLeadCommand } from './users.ts';
import { webhooksCommand } from './webhooks.ts';
import { withdrawalsCommand } from './withdrawals.ts';

/** Every admin command. Add a command here (one line) and in its own file beside this one. */
export const ADMIN_COMMANDS: AdminCommand[] = [
  createUserCommand,
  setLeadCommand,
  listUsersCommand,
  ...BANK_COMMANDS,
  ledgerVerifyCommand,
  adjustBalanceCommand,
  withdrawalsCommand,
  notificationsCommand,
  rateSetCommand,
  setFeeCommand,
  setRewardCommand,
  setLeadShareCommand,
  webhooksCommand,
  merchantKeyCommand,
  ratingRecomputeCommand,
  ratingAdjustCommand,
];
