/** Use cases: the Android terminal's device API: activation by QR, heartbeats, bank notifications; the operator's reads of them. */
import { createHash, randomBytes } from 'node:crypto';
import type {
  DeviceActivateBody,
  DeviceActivateResponse,
  DeviceHeartbeatBody,
  DeviceHeartbeatResponse,
  DeviceNotificationsBody,
  DeviceNotificationsResponse,
} from '@app/shared';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { unauthorizedProblem } from '../../lib/problem.ts';
import { refreshTerminalIdle } from '../payments/payments.service.ts';
import * as devices from './device.repository.ts';
import { createNotificationIntake } from './notification-intake.ts';
import type { MatchIncoming } from './notification-matching.ts';
import * as notifications from './notifications.repository.ts';

/** The terminal a request authenticated as (by its device token). */
export interface DeviceTerminal {
  id: string;
  userId: string;
  status: 'Enabled' | 'Disabled';
}

export type UnparsedNotification = notifications.UnparsedNotificationRow;

export interface DeviceService {
  /** The terminal of a device token, or null for an unknown, revoked or malformed one. */
  authenticate(token: string): Promise<DeviceTerminal | null>;
  /** Pairs a device with a pending terminal by its single-use key; 401 problem when the key does not work. */
  activate(body: DeviceActivateBody): Promise<DeviceActivateResponse>;
  /**
   * Answers a repeat of the activation of `terminalId` whose first answer was lost. Only for a repeat the
   * idempotency store has matched to the request that activated this terminal (same key, same body, pairing
   * key included): the store never keeps a device token, so a new one is issued and the lost one stops
   * working — while no heartbeat has come with the lost one; after that (or once the terminal is deleted) 401.
   */
  reissueActivation(terminalId: string): Promise<DeviceActivateResponse>;
  heartbeat(terminal: DeviceTerminal, body: DeviceHeartbeatBody): Promise<DeviceHeartbeatResponse>;
  setStatus(terminal: DeviceTerminal, enabled: boolean): Promise<{ status: 'Enabled' | 'Disabled' }>;
  /** Parses and stores a batch; each id's result in the order sent. */
  submitNotifications(
    terminal: DeviceTerminal,
    body: DeviceNotificationsBody,
  ): Promise<DeviceNotificationsResponse>;
  /** The newest notifications no parser understood (operator tool). */
  listUnparsed(limit: number): Promise<UnparsedNotification[]>;
  /** The console's page of them, with the trader and the total. */
  pageUnparsed(window: { offset: number; limit: number }): ReturnType<typeof notifications.pageUnparsed>;
  /** How many arrived since `since` (the console's overview). */
  countUnparsedSince(since: Date): Promise<number>;
  /** Counts per day, bank and outcome since `since` (a broken parser shows as a run of unparsed). */
  notificationStats(since: Date): Promise<notifications.NotificationStatsRow[]>;
}

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** A device token: 256 random bits, base64url (43 characters). Only its SHA-256 is stored. */
export function newDeviceToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens we issue have this shape; anything else is refused without a database lookup. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const asStatus = (status: string): 'Enabled' | 'Disabled' => (status === 'Disabled' ? 'Disabled' : 'Enabled');

/** The device API behind device.routes.ts: what the terminal app may do, always as itself. */
export function createDeviceService(deps: {
  database: Database;
  log: Logger;
  heartbeatSeconds: number;
  /** Confirms the deal an incoming transfer pays (the orders service). */
  matchIncoming: MatchIncoming;
  now?: () => Date;
}): DeviceService {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const intake = createNotificationIntake(deps);

  /** An activation's answer (first or again): the terminal as the app shows it and its new device token. */
  function activationAnswer(
    row: { id: string; name: string; status: string },
    token: string,
  ): DeviceActivateResponse {
    return {
      terminal_id: row.id,
      device_token: token,
      name: row.name,
      status: asStatus(row.status),
      poll_after_s: deps.heartbeatSeconds,
    };
  }

  return {
    async authenticate(token) {
      if (!TOKEN_PATTERN.test(token)) return null;
      const row = await devices.findByTokenHash(db, sha256Hex(token));
      return row ? { id: row.id, userId: row.userId, status: asStatus(row.status) } : null;
    },

    async activate(body) {
      const token = newDeviceToken();
      const row = await devices.activate(db, {
        terminalId: body.terminal_id,
        pairingKeyHash: sha256Hex(body.auth_key),
        deviceTokenHash: sha256Hex(token),
        device: { model: body.device.model, os: body.device.os, appVersion: body.device.app_version },
        now: now(),
      });
      // Wrong, expired or used key, unknown or deleted terminal: one answer, and nothing changed.
      if (!row) throw unauthorizedProblem();
      // Enabled now: a method linked while it was pending joins routing's walk.
      await refreshTerminalIdle(db, [row.id]);
      deps.log.info({ terminalId: row.id }, 'terminal activated');
      return activationAnswer(row, token);
    },

    async reissueActivation(terminalId) {
      const token = newDeviceToken();
      const row = await devices.reissueUnusedToken(db, {
        terminalId,
        deviceTokenHash: sha256Hex(token),
        now: now(),
      });
      if (!row) throw unauthorizedProblem();
      deps.log.info({ terminalId: row.id }, 'terminal activation answered again with a new token');
      return activationAnswer(row, token);
    },

    async heartbeat(terminal, body) {
      const at = now();
      const row = await devices.recordHeartbeat(db, terminal.id, {
        phoneCharge: body.battery,
        charging: body.charging,
        network: body.network,
        appVersion: body.app_version,
        now: at,
      });
      if (!row) throw unauthorizedProblem();
      // Its methods back in routing's walk if the offline notice had announced it silent.
      await refreshTerminalIdle(db, [terminal.id]);
      return {
        status: asStatus(row.status),
        server_time: at.toISOString(),
        poll_after_s: deps.heartbeatSeconds,
      };
    },

    async setStatus(terminal, enabled) {
      const row = await devices.setStatus(db, terminal.id, enabled ? 'Enabled' : 'Disabled', now());
      if (!row) throw unauthorizedProblem();
      // A Disabled terminal's methods leave routing's walk; Enabled again, they come back.
      await refreshTerminalIdle(db, [terminal.id]);
      return { status: asStatus(row.status) };
    },

    async submitNotifications(terminal, body) {
      const at = now();
      const items = body.items.map((item) => ({
        id: item.id,
        source: item.source,
        sender: item.sender,
        title: item.title ?? null,
        text: item.text,
        receivedAt: new Date(item.received_at),
      }));
      const results = await db.transaction((tx) => intake.submit(tx, terminal, items, at));
      return { results };
    },

    listUnparsed(limit) {
      return notifications.listUnparsed(db, limit);
    },

    pageUnparsed(window) {
      return notifications.pageUnparsed(db, window);
    },

    countUnparsedSince(since) {
      return notifications.countUnparsedSince(db, since);
    },

    notificationStats(since) {
      return notifications.statsSince(db, since);
    },
  };
}
