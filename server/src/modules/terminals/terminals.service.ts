/** Use cases: pair a terminal (QR or forwarder URL), list, rename, delete, renew a URL, its payments. */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  API,
  type ConnectRequestResponse,
  type DashboardTerminal,
  type ForwarderApp,
  type ForwarderSetupResponse,
  PAIRING_TTL_MS,
  SIGNING_APPS,
  TERMINAL_MESSAGES,
  type TerminalApp,
  type TerminalListItem,
  type TerminalListQuery,
  type TerminalListResponse,
  type TerminalPaymentsResponse,
  terminalStatusLabel,
  type VerifyRequestResponse,
} from '@app/shared';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, HttpError, notFound, tooManyRequests } from '../../lib/http-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { OtpError, type OtpService } from '../otp/otp.service.ts';
import { type PageQuery, type PaymentsService, refreshTerminalIdle } from '../payments/payments.service.ts';
import type { Notifier } from '../telegram/notifications.service.ts';
import type { SessionUser } from '../users/users.service.ts';
import { isOnline, onlineCutoff } from './routable-terminal.ts';
import * as repo from './terminals.repository.ts';

/** Answers of this service beyond the shared catalogue (server-side refusals only). */
export const TERMINAL_SERVICE_MESSAGES = {
  tooManyPending: 'Слишком много незавершенных подключений терминала. Попробуйте позже.',
  unbound: 'Платеж отвязан от терминала',
  linked: 'Платежи привязаны к терминалу',
} as const;

/** Default name of a new terminal: "Терминал N", N counting the user's terminals. */
export const TERMINAL_NAME_PREFIX = 'Терминал ';
/** At most this many terminals of one user may wait for activation, counted over PENDING_WINDOW_MS. */
export const PENDING_CAP = 5;
export const PENDING_WINDOW_MS = 3_600_000;

/** SHA-256 hex: how pairing secrets, device tokens and forwarder URL tokens are stored (never the secret itself). */
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** A forwarder URL's token: 256 random bits, base64url (43 characters), like a device token. */
const newHookToken = () => randomBytes(32).toString('base64url');

const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/**
 * A signing secret for SmsForwarder or SMS Gateway: 24 characters of [A-Za-z0-9] (about 143 bits), drawn
 * uniformly, plain enough to type into the app's text field (SMS Gateway's Signing Key, SmsForwarder's Secret).
 */
export function newHookSecret(): string {
  return Array.from({ length: 24 }, () => SECRET_ALPHABET[randomInt(SECRET_ALPHABET.length)]).join('');
}

/** 404 {detail} for a terminal that is not the caller's, not listed, or not there at all. */
const terminalNotFound = () => notFound(TERMINAL_MESSAGES.notFound);
/** The same refusal in the {error} shape of the routes the link picker calls (spec §7). */
const terminalNotFoundError = () => new HttpError(404, { error: TERMINAL_MESSAGES.notFound });

/**
 * Terminals (issue 9) as the trader sees them: pairing (connect-request, verify-request), the Terminals page
 * list, rename, enable/disable, delete, and linking payment methods (through the payments service, which
 * owns the methods). Authorization first everywhere: every terminal id is checked against the caller.
 *
 * `onlineSince()` is the online cut-off (routable-terminal.ts) at this moment, for routing's SQL and the
 * offline notice.
 */
export function createTerminalsService(deps: {
  database: Database;
  otp: OtpService;
  payments: PaymentsService;
  config: AppConfig;
  /** Tells the trader (Telegram, account notifications) that a terminal fell silent. */
  notifier: Notifier;
  now?: () => Date;
}) {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  const { config } = deps;
  const serverUrl = config.PUBLIC_URL.replace(/\/+$/, '') + config.API_PREFIX;

  const onlineSince = () => onlineCutoff(now(), config.TERMINAL_OFFLINE_AFTER_S);

  /**
   * The first step of verify-request: the caller's pending terminal and the code mailed for it, used up. A
   * code buys the pairing of the terminal it was issued for, not another pending one.
   */
  async function consumePairingCode(user: SessionUser, input: { terminal_id: string; otp: string }) {
    const terminal = await repo.findOwned(db, input.terminal_id, user.id);
    if (!terminal) throw terminalNotFound();
    if (terminal.status !== 'pending' || terminal.activatedAt) {
      throw badRequest(TERMINAL_MESSAGES.pairingNotPending);
    }
    let payload: Record<string, unknown>;
    try {
      payload = await deps.otp.consume({ email: user.email, purpose: 'terminal', code: input.otp });
    } catch (error) {
      if (error instanceof OtpError) throw badRequest(TERMINAL_MESSAGES.otpFailed);
      throw error;
    }
    if (payload.terminal_id !== terminal.id) throw badRequest(TERMINAL_MESSAGES.otpFailed);
    return terminal;
  }

  /** The setup screen's data of a forwarder terminal: its absolute URL (with the token) and secret. */
  function forwarderSetup(row: repo.TerminalRow, token: string): ForwarderSetupResponse {
    return {
      terminal_id: row.id,
      app: row.app as ForwarderApp,
      webhook_url: `${serverUrl}${API.device.hook(token)}`,
      secret: row.hookSecret,
    };
  }

  function toListItem(row: repo.TerminalRow, paymentsCount: number): TerminalListItem {
    return {
      id: row.id,
      name: row.name,
      phone_charge: row.phoneCharge,
      terminal_status_display: terminalStatusLabel(row.status),
      last_ping: row.lastPing?.toISOString() ?? null,
      online: isOnline(row.lastPing, now(), config.TERMINAL_OFFLINE_AFTER_S),
      device: { model: row.deviceModel, os: row.deviceOs, app_version: row.appVersion },
      payments_count: paymentsCount,
      app: row.app as TerminalApp,
      charging: row.charging,
      activated_at: row.activatedAt?.toISOString() ?? null,
      pending_until: row.activatedAt ? null : (row.pairingExpiresAt?.toISOString() ?? null),
      created_at: row.createdAt.toISOString(),
    };
  }

  async function withCounts(rows: repo.TerminalRow[]): Promise<TerminalListItem[]> {
    const counts = await deps.payments.linkedCounts(rows.map((row) => row.id));
    return rows.map((row) => toListItem(row, counts.get(row.id) ?? 0));
  }

  return {
    onlineSince,

    /**
     * POST connect-request: a pending terminal and a mailed code bound to it. The terminal is created in the
     * code's own transaction after the send limits passed, so a refused request (429) leaves nothing; at most
     * PENDING_CAP pending terminals per user within PENDING_WINDOW_MS (a conditional insert).
     */
    async connectRequest(user: SessionUser, ip: string): Promise<ConnectRequestResponse> {
      let terminalId: string | null = null;
      await deps.otp.issue({
        email: user.email,
        purpose: 'terminal',
        ip,
        userId: user.id,
        prepare: async (tx) => {
          await repo.lockPendingCreation(tx, user.id);
          const at = now();
          terminalId = await repo.insertPendingUnderCap(tx, {
            userId: user.id,
            at,
            since: new Date(at.getTime() - PENDING_WINDOW_MS),
            cap: PENDING_CAP,
            namePrefix: TERMINAL_NAME_PREFIX,
          });
          if (!terminalId) throw tooManyRequests(TERMINAL_SERVICE_MESSAGES.tooManyPending);
          return { terminal_id: terminalId };
        },
      });
      if (!terminalId) throw new Error('connect-request: the code was issued without a terminal');
      return { terminal_id: terminalId };
    },

    /**
     * POST verify-request without `app`: the code mailed for this very terminal buys a fresh single-use
     * pairing secret for the QR code (32 random bytes, base64url; only its SHA-256 is stored) valid for
     * PAIRING_TTL_MS. The device trades it for a token at device/v1/activate.
     */
    async verifyRequest(
      user: SessionUser,
      input: { terminal_id: string; otp: string },
    ): Promise<VerifyRequestResponse> {
      const terminal = await consumePairingCode(user, input);
      const authKey = randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = new Date(at.getTime() + PAIRING_TTL_MS);
      const updated = await repo.setPairing(db, {
        id: terminal.id,
        userId: user.id,
        keyHash: sha256Hex(authKey),
        expiresAt,
        at,
      });
      // Deleted or activated between the check and here.
      if (!updated) throw badRequest(TERMINAL_MESSAGES.pairingNotPending);
      return {
        terminal_id: terminal.id,
        server_url: serverUrl,
        auth_key: authKey,
        expires_at: expiresAt.toISOString(),
      };
    },

    /**
     * POST verify-request with a forwarder `app` (issue 24): the code mailed for this very terminal activates
     * it at once for that app (listed, Enabled, offline until its first valid request) with its own URL: a
     * 256-bit token, only its hash stored, and for the apps that sign a secret.
     */
    async verifyForwarder(
      user: SessionUser,
      input: { terminal_id: string; otp: string; app: ForwarderApp },
    ): Promise<ForwarderSetupResponse> {
      const terminal = await consumePairingCode(user, input);
      const token = newHookToken();
      const activated = await repo.activateForwarder(db, {
        id: terminal.id,
        userId: user.id,
        app: input.app,
        hookTokenHash: sha256Hex(token),
        hookSecret: SIGNING_APPS.includes(input.app) ? newHookSecret() : null,
        at: now(),
      });
      // Deleted or activated between the check and here.
      if (!activated) throw badRequest(TERMINAL_MESSAGES.pairingNotPending);
      // Enabled now: a method linked while it was pending joins routing's walk.
      await refreshTerminalIdle(db, [activated.id]);
      return forwarderSetup(activated, token);
    },

    /**
     * POST hook-url: a forwarder terminal of the caller gets a new URL token; the old URL answers 401 from
     * this moment. The secret stays (the trader replaces only the URL in the app). 404 for a terminal that is
     * not the caller's listed forwarder terminal (another user's, a QR terminal, deleted, unknown).
     */
    async renewHookUrl(user: SessionUser, id: string): Promise<ForwarderSetupResponse> {
      const token = newHookToken();
      const row = isUuid(id)
        ? await repo.renewHookToken(db, { id, userId: user.id, hookTokenHash: sha256Hex(token), at: now() })
        : undefined;
      if (!row) throw terminalNotFound();
      return forwarderSetup(row, token);
    },

    /** GET list: the user's listed terminals (and one still pairing), searched and filtered, newest first. */
    async list(user: SessionUser, query: TerminalListQuery): Promise<TerminalListResponse> {
      const { rows, count } = await repo.listListed(db, user.id, query, now());
      return { count, results: await withCounts(rows) };
    },

    /** The dashboard's terminals: the newest `limit` listed ones. */
    async dashboardTerminals(userId: string, limit: number): Promise<DashboardTerminal[]> {
      const rows = await repo.newestListed(db, userId, limit);
      return rows.map((row) => ({ id: row.id, name: row.name, phone_charge: row.phoneCharge }));
    },

    /** PATCH update-name (the contract trimmed it and refused an empty one). */
    async rename(user: SessionUser, id: string, name: string): Promise<{ id: string; name: string }> {
      const row = isUuid(id) ? await repo.updateListed(db, id, user.id, { name }, now()) : undefined;
      if (!row) throw terminalNotFound();
      return { id: row.id, name: row.name };
    },

    /** PATCH status: the trader enables or disables a terminal; a disabled one gets no deals. */
    async setEnabled(user: SessionUser, id: string, enabled: boolean): Promise<TerminalListItem> {
      const status = enabled ? 'Enabled' : 'Disabled';
      const row = isUuid(id) ? await repo.updateListed(db, id, user.id, { status }, now()) : undefined;
      if (!row) throw terminalNotFound();
      // A Disabled terminal's methods leave routing's walk; Enabled again, they come back.
      await refreshTerminalIdle(db, [row.id]);
      const [item] = await withCounts([row]);
      return item!;
    },

    /**
     * DELETE: in one transaction the terminal is marked deleted, its device token (or forwarder URL token and
     * secret) and pairing secret are cleared (the phone is refused from its next request) and every method
     * linked to it is unlinked.
     */
    async remove(user: SessionUser, id: string): Promise<void> {
      if (!isUuid(id)) throw terminalNotFound();
      await db.transaction(async (tx) => {
        const row = await repo.softDelete(tx, id, user.id, now());
        if (!row) throw terminalNotFound();
        await deps.payments.unlinkTerminal(row.id, tx);
      });
    },

    /** GET a terminal's methods (the Manage Payments modal). */
    async terminalPayments(
      user: SessionUser,
      id: string,
      page: PageQuery,
    ): Promise<TerminalPaymentsResponse> {
      const terminal = isUuid(id) ? await repo.findListed(db, id, user.id) : undefined;
      if (!terminal) throw terminalNotFound();
      return deps.payments.terminalMethods(user, terminal.id, page);
    },

    /** GET unassigned: the user's methods linked to no terminal. */
    async unassignedPayments(user: SessionUser, page: PageQuery): Promise<TerminalPaymentsResponse> {
      return deps.payments.unlinkedMethods(user, page);
    },

    /**
     * PATCH connect-payments: all or nothing. The terminal is share-locked (a concurrent delete waits and
     * then unlinks these too); the methods are linked by one conditional UPDATE whose row count must cover
     * every id, or the transaction rolls back with 409.
     */
    async connectPayments(user: SessionUser, id: string, paymentIds: string[]): Promise<{ message: string }> {
      if (!isUuid(id)) throw terminalNotFoundError();
      await db.transaction(async (tx) => {
        const terminal = await repo.lockListed(tx, id, user.id);
        if (!terminal) throw terminalNotFoundError();
        const all = await deps.payments.linkToTerminal(user, paymentIds, terminal.id, tx);
        if (!all) throw new HttpError(409, { error: TERMINAL_MESSAGES.paymentsNotAvailable });
      });
      return { message: TERMINAL_SERVICE_MESSAGES.linked };
    },

    /** POST unbind: the body's payment id must be the path's; then the user's linked method is unlinked. */
    async unbind(user: SessionUser, pathId: string, bodyId: string): Promise<{ message: string }> {
      if (pathId.toLowerCase() !== bodyId.toLowerCase())
        throw badRequest(TERMINAL_MESSAGES.paymentIdMismatch);
      const outcome = await deps.payments.unlink(user, pathId);
      if (outcome === 'not-found') throw notFound(TERMINAL_MESSAGES.paymentNotFound);
      if (outcome === 'not-linked') throw badRequest(TERMINAL_MESSAGES.paymentNotLinked);
      return { message: TERMINAL_SERVICE_MESSAGES.unbound };
    },

    /**
     * The offline-notice pass: in one transaction, claims up to `limit` listed, Enabled terminals whose last
     * heartbeat is older than TERMINAL_OFFLINE_AFTER_S and not announced yet, and writes each owner's
     * `terminal_offline` notification (the account switch decides). A newer heartbeat makes a terminal
     * announceable again, so each offline period is told once. Returns how many were claimed.
     */
    async announceOffline(limit: number): Promise<number> {
      return db.transaction(async (tx) => {
        const silent = await repo.claimSilent(tx, { silentBefore: onlineSince(), limit });
        // After the claim, which holds the terminals' rows: a heartbeat waiting on one refreshes after us.
        await refreshTerminalIdle(
          tx,
          silent.map((terminal) => terminal.id),
        );
        for (const terminal of silent) {
          await deps.notifier.notify(tx, terminal.userId, {
            kind: 'terminal_offline',
            terminalName: terminal.name,
            lastPingAt: terminal.lastPing,
          });
        }
        return silent.length;
      });
    },

    /** The console's user detail (issue 27; the admin module checked the caller): the newest listed terminals. */
    async latestOfUser(userId: string, limit: number) {
      const rows = await repo.newestListed(db, userId, limit);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        status: row.status,
        online: isOnline(row.lastPing, now(), config.TERMINAL_OFFLINE_AFTER_S),
        last_seen_at: row.lastPing?.toISOString() ?? null,
      }));
    },

    /** Deletes terminals never activated a day after they were created (the pending-expiry job). */
    async purgeNeverActivated(olderThanMs: number): Promise<number> {
      return repo.deleteNeverActivatedBefore(db, new Date(now().getTime() - olderThanMs));
    },
  };
}

export type TerminalsService = ReturnType<typeof createTerminalsService>;
