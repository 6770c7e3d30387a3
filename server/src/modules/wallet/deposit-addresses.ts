/** Deposit addresses (show, request with a code, create on confirm) and the deposit nudge (scan now). */
import { WALLET_MESSAGES } from '@app/shared';
import { notFound } from '../../lib/http-errors.ts';
import type { SessionUser } from '../users/users.service.ts';
import * as repo from './wallet.repository.ts';
import { consumeCode, type WalletDeps } from './wallet-common.ts';

/** A user asking for a scan of their address is answered at most this often (TronGrid calls cost). */
const NUDGE_INTERVAL_MS = 10_000;

export function createDepositAddresses(deps: WalletDeps, now: () => Date) {
  const db = deps.database.db;
  const { log } = deps;
  let keysChecked: Promise<void> | null = null;
  const lastNudge = new Map<string, number>();

  /** Loads the deposit keys once and says so when earlier addresses came from another account key. */
  function checkDepositKeys(): Promise<void> {
    keysChecked ??= (async () => {
      const { fingerprint } = await deps.tron.depositKeys();
      const others = (await repo.addressKeyFingerprints(db)).filter((print) => print !== fingerprint);
      if (others.length > 0) {
        log.error(
          { current: fingerprint, earlier: others },
          'some deposit addresses were derived from another account key than the one configured now (TRON_XPUB changed?); they are still watched',
        );
      }
    })().catch((error: unknown) => {
      keysChecked = null;
      throw error;
    });
    return keysChecked;
  }

  return {
    /** GET address: the user's deposit address, 404 until they have one. */
    async getAddress(user: SessionUser): Promise<{ address: string }> {
      const row = await repo.findAddressByUser(db, user.id);
      if (!row) throw notFound(WALLET_MESSAGES.noAddress);
      return { address: row.address };
    },

    /** POST address/request: mails a code, or answers with the address the user already has. */
    async requestAddress(user: SessionUser, ip: string) {
      const row = await repo.findAddressByUser(db, user.id);
      if (row) return { status: 'exists' as const, address: row.address };
      await deps.otp.issue({ email: user.email, purpose: 'wallet_address', ip, userId: user.id });
      return { status: 'otp_sent' as const, message: WALLET_MESSAGES.codeSent };
    },

    /** POST address/confirm: the code creates the address m/44'/195'/0'/0/i with a fresh index i. */
    async confirmAddress(user: SessionUser, otp: string) {
      await consumeCode(deps.otp, user, 'wallet_address', otp);
      const existing = await repo.findAddressByUser(db, user.id);
      if (existing) return { address: existing.address, message: WALLET_MESSAGES.addressCreated };
      await checkDepositKeys();
      const index = await repo.nextDerivationIndex(db);
      const { address, fingerprint } = await deps.tron.depositAddress(index);
      const stored = await repo.insertAddress(db, {
        userId: user.id,
        address,
        derivationIndex: index,
        keyFingerprint: fingerprint,
      });
      // A concurrent confirm of the same user won; its address stands and this index stays unused.
      const row = stored ?? (await repo.findAddressByUser(db, user.id))!;
      if (stored) log.info({ userId: user.id, address, index }, 'deposit address created');
      return { address: row.address, message: WALLET_MESSAGES.addressCreated };
    },

    /**
     * POST deposit: scans the user's address now (when a chain is configured). Answers at once; `scan`
     * settles when the scan is done (never rejects: a failure is logged, the watcher will catch up).
     */
    async nudgeDeposit(
      user: SessionUser,
    ): Promise<{ status: 'scanning' | 'disabled'; scan: Promise<number> }> {
      if (!deps.tron.scanner) return { status: 'disabled', scan: Promise.resolve(0) };
      const row = await repo.findAddressByUser(db, user.id);
      const at = now().getTime();
      if (!row || at - (lastNudge.get(user.id) ?? 0) < NUDGE_INTERVAL_MS) {
        return { status: 'scanning', scan: Promise.resolve(0) };
      }
      if (lastNudge.size > 10_000) {
        for (const [id, when] of lastNudge) if (at - when >= NUDGE_INTERVAL_MS) lastNudge.delete(id);
      }
      lastNudge.set(user.id, at);
      const scan = deps.tron.scanAddress(row.address, row.createdAt).catch((error: unknown) => {
        log.warn({ err: error, userId: user.id }, 'deposit nudge: address scan failed');
        return 0;
      });
      return { status: 'scanning', scan };
    },
  };
}
