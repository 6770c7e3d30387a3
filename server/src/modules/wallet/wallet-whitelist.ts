/** The withdrawal whitelist: show it, the code to switch it, switch it, add an address (with a cool-down), delete one. */
import {
  WALLET_MESSAGES,
  type WalletData,
  WHITELIST_MAX_ENTRIES,
  type WhitelistEntry,
  whitelistFullText,
} from '@app/shared';
import { fieldErrors, notFound } from '../../lib/http-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { whitelistAddedMail } from '../mail/templates.ts';
import type { SessionUser } from '../users/users.service.ts';
import * as repo from './wallet.repository.ts';
import { consumeCode, requireLead, type WalletDeps } from './wallet-common.ts';

export function createWhitelist(deps: WalletDeps, now: () => Date) {
  const db = deps.database.db;
  const { config, log } = deps;
  const whitelistCooldownMs = Math.round(config.WHITELIST_COOLDOWN_H * 3_600_000);

  /** The user's whitelist entries as the API shows them, oldest first. */
  async function whitelistEntries(userId: string): Promise<WhitelistEntry[]> {
    return (await repo.listWhitelist(db, userId)).map((entry) => ({
      id: entry.id,
      wallet: entry.address,
      usable_at: entry.usableAt.toISOString(),
    }));
  }

  async function walletData(userId: string): Promise<WalletData> {
    const [enabled, wallets] = await Promise.all([
      repo.isWhitelistEnabled(db, userId),
      whitelistEntries(userId),
    ]);
    return { is_white_wallet: enabled, wallets };
  }

  return {
    /** A user's withdrawal whitelist entries with when each becomes usable (the dashboard shows them). */
    whitelistEntries,

    /** GET white. */
    async getWhitelist(user: SessionUser): Promise<WalletData> {
      requireLead(user);
      return walletData(user.id);
    },

    /** POST white/otp: mails the code that PATCH white needs. */
    async requestWhitelistCode(user: SessionUser, ip: string) {
      requireLead(user);
      await deps.otp.issue({ email: user.email, purpose: 'whitelist', ip, userId: user.id });
      return { message: WALLET_MESSAGES.codeSent };
    },

    /** PATCH white {otp}: flips whether withdrawals are limited to the whitelist. */
    async toggleWhitelist(user: SessionUser, otp: string) {
      requireLead(user);
      await consumeCode(deps.otp, user, 'whitelist', otp);
      const enabled = await db.transaction(async (tx) => {
        const on = await repo.toggleWhitelist(tx, user.id);
        await deps.notifier.notify(tx, user.id, {
          kind: 'whitelist_changed',
          change: on ? 'enabled' : 'disabled',
        });
        return on;
      });
      log.info({ userId: user.id, enabled }, 'withdrawal whitelist switched');
      return {
        is_white_wallet: enabled,
        message: enabled ? WALLET_MESSAGES.whitelistEnabled : WALLET_MESSAGES.whitelistDisabled,
      };
    },

    /**
     * POST white {wallet}: the entry is pending (usable from WHITELIST_COOLDOWN_H on, listed with usable_at
     * and counted toward the cap), and the user is mailed a notice, so an address added by someone who only
     * holds the session cannot receive a withdrawal before the owner can react.
     */
    async addToWhitelist(user: SessionUser, wallet: string) {
      requireLead(user);
      if (!deps.tron.isValidAddress(wallet)) throw fieldErrors({ wallet: [WALLET_MESSAGES.invalidAddress] });
      const usableAt = new Date(now().getTime() + whitelistCooldownMs);
      const result = await db.transaction(async (tx) => {
        const added = await repo.addWhitelistEntry(
          tx,
          { userId: user.id, address: wallet, usableAt },
          WHITELIST_MAX_ENTRIES,
        );
        if ('added' in added) {
          await deps.notifier.notify(tx, user.id, {
            kind: 'whitelist_changed',
            change: 'added',
            address: wallet,
          });
          await deps.mail.enqueue(tx, whitelistAddedMail(user.email, wallet, usableAt));
        }
        return added;
      });
      if ('refused' in result) {
        throw fieldErrors({
          wallet: [
            result.refused === 'full'
              ? whitelistFullText(WHITELIST_MAX_ENTRIES)
              : WALLET_MESSAGES.whitelistDuplicate,
          ],
        });
      }
      log.info({ userId: user.id, entryId: result.added.id }, 'whitelist address added');
      return { wallet_data: await walletData(user.id) };
    },

    /** DELETE white {id}: another user's id (or an unknown one) is 404. */
    async deleteFromWhitelist(user: SessionUser, id: string) {
      requireLead(user);
      const deleted =
        isUuid(id) &&
        (await db.transaction(async (tx) => {
          const address = await repo.deleteWhitelist(tx, user.id, id);
          if (address === null) return false;
          await deps.notifier.notify(tx, user.id, { kind: 'whitelist_changed', change: 'removed', address });
          return true;
        }));
      if (!deleted) throw notFound();
      return { message: WALLET_MESSAGES.deleted, wallet_data: await walletData(user.id) };
    },
  };
}
