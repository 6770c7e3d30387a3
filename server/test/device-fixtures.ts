import { randomBytes, randomUUID } from 'node:crypto';
import { API } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { selectRow } from '../src/db/rows.ts';
import { terminals } from '../src/db/schema/index.ts';
import { routableTerminal } from '../src/modules/terminals/routable-terminal.ts';
import { sha256 } from './sha256.ts';
import type { TestApp } from './test-app.ts';
import { insertUser } from './test-app.ts';

/**
 * A pending terminal with a pairing key, as verify-request leaves it (SHA-256 of auth_key, 10 minutes), written
 * with SQL so device tests do not depend on the trader-facing routes.
 */
export async function insertPendingTerminal(
  t: TestApp,
  options: { userId?: string; name?: string; expiresAt?: Date } = {},
): Promise<{ id: string; userId: string; authKey: string }> {
  const userId = options.userId ?? (await insertUser(t)).user.id;
  const authKey = randomBytes(32).toString('base64url');
  const [row] = await t.database.db
    .insert(terminals)
    .values({
      userId,
      name: options.name ?? 'Терминал 1',
      pairingKeyHash: sha256(authKey),
      pairingExpiresAt: options.expiresAt ?? new Date(Date.now() + 600_000),
    })
    .returning({ id: terminals.id });
  return { id: row!.id, userId, authKey };
}

export const DEVICE = { model: 'Pixel 8', os: 'Android 15', app_version: '1.0.0' };

/** POST to a device route with a bearer token and a fresh (or given) Idempotency-Key. */
export function devicePost(
  t: TestApp,
  route: string,
  body: unknown,
  options: { token?: string; key?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `${t.prefix}${route}`,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      'idempotency-key': options.key ?? randomUUID(),
      ...options.headers,
    },
    payload: body as Record<string, unknown>,
  });
}

/** A terminal paired through the real activate call: its id, owner and device token. */
export async function activatedTerminal(
  t: TestApp,
  options: { userId?: string; name?: string; expiresAt?: Date } = {},
) {
  const pending = await insertPendingTerminal(t, options);
  const response = await devicePost(t, API.device.activate, {
    terminal_id: pending.id,
    auth_key: pending.authKey,
    device: DEVICE,
  });
  if (response.statusCode !== 200)
    throw new Error(`activate failed: ${response.statusCode} ${response.body}`);
  return { id: pending.id, userId: pending.userId, token: response.json().device_token as string };
}

/** The terminal's row as stored. */
export async function terminalRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(terminals).where(eq(terminals.id, id));
  return row!;
}

/** Whether routing may take the terminal now, by the one definition routing uses (routable-terminal.ts). */
export async function isRoutable(t: TestApp, id: string): Promise<boolean> {
  const onlineSince = t.ctx.terminals.onlineSince();
  const row = await selectRow<{ routable: boolean | null }>(
    t.database.db,
    sql`select ${routableTerminal(sql`${id}::uuid`, onlineSince)} as routable`,
  );
  return row?.routable === true;
}
