import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { API } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE, devicePost, insertPendingTerminal, terminalRow } from '../../../test/device-fixtures.ts';
import { sha256 } from '../../../test/sha256.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { MIGRATIONS_DIR } from '../../db/migrate.ts';
import { idempotencyKeys, terminals } from '../../db/schema/index.ts';

/**
 * A device token is shown once and stored nowhere but as its SHA-256 (issue 23). The Idempotency-Key store
 * keeps an activate answer without it, so a repeat of an activation whose answer was lost gets a new token,
 * and the lost one stops working.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function pairing() {
  const pending = await insertPendingTerminal(t);
  const key = randomUUID();
  const body = { terminal_id: pending.id, auth_key: pending.authKey, device: DEVICE };
  const activate = () => devicePost(t, API.device.activate, body, { key });
  return { pending, key, activate };
}

const keptRow = async (terminalId: string) =>
  (
    await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.scope, `activate:${terminalId}`))
  )[0];

const heartbeat = (token: string) => devicePost(t, API.device.heartbeat, { battery: 80 }, { token });

describe('a repeated activate', () => {
  it('keeps the answer without the device token and answers a repeat with a new token; the lost one stops working', async () => {
    const { pending, activate } = await pairing();
    const first = await activate();
    expect(first.statusCode).toBe(200);
    const lost = first.json().device_token as string;

    const kept = await keptRow(pending.id);
    expect(kept?.statusCode).toBe(200);
    expect(JSON.parse(kept!.responseBody!)).toEqual({
      terminal_id: pending.id,
      name: first.json().name,
      status: 'Enabled',
      poll_after_s: 30,
    });
    expect(JSON.stringify(kept)).not.toContain(lost);

    const again = await activate();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const fresh = again.json().device_token as string;
    expect(again.json()).toEqual({
      ...first.json(),
      device_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(fresh).not.toBe(lost);
    expect((await terminalRow(t, pending.id)).deviceTokenHash).toBe(sha256(fresh));
    expect(JSON.stringify(await keptRow(pending.id))).not.toContain(fresh);

    expect((await heartbeat(lost)).statusCode).toBe(401);
    expect((await heartbeat(fresh)).statusCode).toBe(200);
  });

  it('answers 401 once a heartbeat came with the token (the phone has it), or once the terminal is deleted', async () => {
    const used = await pairing();
    const token = (await used.activate()).json().device_token as string;
    expect((await heartbeat(token)).statusCode).toBe(200);
    const refused = await used.activate();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ type: 'urn:processing:problem:unauthorized' });
    expect((await heartbeat(token)).statusCode).toBe(200);

    const deleted = await pairing();
    expect((await deleted.activate()).statusCode).toBe(200);
    await t.database.db
      .update(terminals)
      .set({ deletedAt: new Date(), deviceTokenHash: null })
      .where(eq(terminals.id, deleted.pending.id));
    expect((await deleted.activate()).statusCode).toBe(401);
    expect((await terminalRow(t, deleted.pending.id)).deviceTokenHash).toBeNull();
  });

  it('still needs the same body: another pairing key with the same Idempotency-Key is 422 and issues nothing', async () => {
    const { pending, key, activate } = await pairing();
    const token = (await activate()).json().device_token as string;
    const other = await devicePost(
      t,
      API.device.activate,
      { terminal_id: pending.id, auth_key: `${pending.authKey}x`, device: DEVICE },
      { key },
    );
    expect(other.statusCode).toBe(422);
    expect((await terminalRow(t, pending.id)).deviceTokenHash).toBe(sha256(token));
  });

  it('migration 0022 takes the token out of answers kept before it; their repeat gets a new token', async () => {
    const { pending, activate } = await pairing();
    const first = await activate();
    const lost = first.json().device_token as string;
    // As the store kept answers before 0022: the answer whole, token included.
    await t.database.db
      .update(idempotencyKeys)
      .set({ responseBody: first.body })
      .where(eq(idempotencyKeys.scope, `activate:${pending.id}`));
    expect((await keptRow(pending.id))?.responseBody).toContain(lost);

    const sql = fs.readFileSync(
      path.join(MIGRATIONS_DIR, '0022_idempotency_without_device_tokens.sql'),
      'utf8',
    );
    await t.database.raw.query(sql);
    const kept = await keptRow(pending.id);
    expect(JSON.stringify(kept)).not.toContain(lost);
    expect(JSON.parse(kept!.responseBody!)).toEqual({
      terminal_id: pending.id,
      name: first.json().name,
      status: 'Enabled',
      poll_after_s: 30,
    });

    const again = await activate();
    expect(again.statusCode).toBe(200);
    expect((await heartbeat(again.json().device_token)).statusCode).toBe(200);
    expect((await heartbeat(lost)).statusCode).toBe(401);
  });
});
