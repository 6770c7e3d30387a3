/** Use case: a forwarder app's request: authenticate the URL token, read it, hand it to the intake. */
import { createHash } from 'node:crypto';
import { type DeviceHookResponse, FORWARDER_APPS, type ForwarderApp } from '@app/shared';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { refreshTerminalIdle } from '../payments/payments.service.ts';
import { type HookRequest, hookItemId, readHookRequest } from './forwarders/index.ts';
import * as hooks from './hooks.repository.ts';
import type { NotificationIntake } from './notification-intake.ts';

/** The forwarder terminal a hook URL's token authenticated. */
export interface HookTerminal {
  id: string;
  userId: string;
  app: ForwarderApp;
  /** The signing secret (SmsForwarder, SMS Gateway); null for the apps that do not sign. */
  secret: string | null;
}

/** Tokens we issue have this shape (256 bits, base64url); anything else is refused without a database lookup. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
const isForwarderApp = (app: string): app is ForwarderApp =>
  (FORWARDER_APPS as readonly string[]).includes(app);

/**
 * The forwarder apps' URL `device/v1/hooks/{token}` (hooks.routes.ts): the token names the terminal, the
 * terminal's app decides how its requests are read and checked (forwarders/), and every message then goes
 * through the device API's own path (notification-intake.ts: parsers, append-only storage, matching). A
 * refused request (401, 400) stores and changes nothing; an accepted one is also a sign of life.
 */
export function createHooksService(deps: {
  database: Database;
  log: Logger;
  intake: NotificationIntake;
  now?: () => Date;
}) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  /** The terminal is heard from: last seen now, and its methods back in routing's walk if it had fallen silent. */
  const signOfLife = async (terminalId: string, state: Parameters<typeof hooks.recordSignOfLife>[2]) => {
    await hooks.recordSignOfLife(db, terminalId, state);
    await refreshTerminalIdle(db, [terminalId]);
  };

  return {
    /** The terminal of a URL token, or null for an unknown, revoked or malformed one. */
    async authenticate(token: string): Promise<HookTerminal | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const row = await hooks.findByHookTokenHash(db, sha256Hex(token));
      if (!row || !isForwarderApp(row.app)) return null;
      return { id: row.id, userId: row.userId, app: row.app, secret: row.hookSecret };
    },

    /** Reads, checks and acts on one request of the terminal's app; the small answer the app gets. */
    async receive(terminal: HookTerminal, request: HookRequest): Promise<DeviceHookResponse> {
      const at = now();
      const reading = readHookRequest(terminal.app, request, { secret: terminal.secret, now: at });
      const state = { battery: reading.battery, charging: reading.charging, now: at };
      if (reading.kind !== 'message') {
        await signOfLife(terminal.id, state);
        return { status: reading.kind === 'ping' ? 'ping' : 'ignored' };
      }
      const { message } = reading;
      // The app's receive time, never later than now: a phone clock ahead cannot date a message in the future.
      const receivedAt = new Date(Math.min(message.receivedAt?.getTime() ?? at.getTime(), at.getTime()));
      const item = {
        id: hookItemId(terminal.app, message),
        source: message.source,
        sender: message.sender,
        title: message.title,
        text: message.text,
        receivedAt,
      };
      const [result] = await db.transaction((tx) => deps.intake.submit(tx, terminal, [item], at));
      await signOfLife(terminal.id, state);
      deps.log.info(
        { terminalId: terminal.id, app: terminal.app, source: message.source, status: result!.status },
        'forwarded notification',
      );
      return { status: result!.status };
    },
  };
}

export type HooksService = ReturnType<typeof createHooksService>;
