import { randomUUID } from 'node:crypto';
import { API } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { DEVICE, devicePost, insertPendingTerminal } from '../../../test/device-fixtures.ts';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import { testAppForFile } from '../../../test/test-app.ts';

/**
 * Bearer credentials are kept only as hashes (issue 23): after every kind of POST with an Idempotency-Key —
 * device activate, heartbeat, status and notifications, merchant order and cancel — no column of the
 * idempotency store, nor of any other table, holds a device token or a merchant API key (or the Authorization
 * header that carried it), and the store names its callers by terminal or merchant id.
 */
const t = testAppForFile({ setUp: (app) => setRate(app, '100.00') });

/** The tables of the schema whose rows, as JSON text, contain `secret`. */
async function tablesHolding(secret: string): Promise<string[]> {
  const tables = await t.database.raw.query<{ name: string }>(
    `select quote_ident(table_name) as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  const holding: string[] = [];
  for (const { name } of tables.rows) {
    const found = await t.database.raw.query(
      `select 1 from ${name} x where strpos(row_to_json(x)::text, $1) > 0 limit 1`,
      [secret],
    );
    if (found.rows.length > 0) holding.push(name);
  }
  return holding;
}

async function idempotencyRows() {
  return (
    await t.database.raw.query<{ row: string; scope: string }>(
      'select row_to_json(k)::text as row, scope from idempotency_keys k',
    )
  ).rows;
}

describe('credentials at rest', () => {
  it('no row anywhere holds a device token after the device POSTs with Idempotency-Keys', async () => {
    const pending = await insertPendingTerminal(t);
    const activated = await devicePost(t, API.device.activate, {
      terminal_id: pending.id,
      auth_key: pending.authKey,
      device: DEVICE,
    });
    expect(activated.statusCode).toBe(200);
    const token = activated.json().device_token as string;
    const posts = [
      [API.device.heartbeat, { battery: 64 }],
      [API.device.status, { enabled: true }],
      [
        API.device.notifications,
        {
          items: [
            {
              id: randomUUID(),
              source: 'sms',
              sender: '900',
              text: 'Непонятный текст',
              received_at: new Date().toISOString(),
            },
          ],
        },
      ],
    ] as const;
    for (const [route, body] of posts) {
      expect((await devicePost(t, route, body, { token })).statusCode, route).toBe(200);
    }

    const rows = await idempotencyRows();
    const scopes = rows.map((row) => row.scope).sort();
    expect(scopes).toEqual([`activate:${pending.id}`, ...posts.map(() => `device:${pending.id}`)]);
    for (const { row } of rows) {
      expect(row).not.toContain(token);
      expect(row).not.toContain(pending.authKey);
      expect(row.toLowerCase()).not.toContain('bearer');
    }
    expect(await tablesHolding(token)).toEqual([]);
    expect(await tablesHolding(pending.authKey)).toEqual([]);
  });

  it('no row anywhere holds a merchant API key after merchant POSTs with Idempotency-Keys', async () => {
    const merchant = await merchantWithKey(t);
    await routableMethod(t, { balanceUsdt: 100n * USDT });
    const created = await postOrder(t, merchant.key, { amount: '1500.00' });
    expect(created.statusCode).toBe(201);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.merchant.cancel(created.json().id)}`,
      headers: { authorization: `Bearer ${merchant.key}`, 'idempotency-key': randomUUID() },
    });
    expect(cancel.statusCode).toBe(200);

    const rows = (await idempotencyRows()).filter((row) => row.scope.startsWith('merchant:'));
    expect(rows.map((row) => row.scope)).toEqual([`merchant:${merchant.id}`, `merchant:${merchant.id}`]);
    for (const { row } of rows) {
      expect(row).not.toContain(merchant.key);
      expect(row.toLowerCase()).not.toContain('bearer');
    }
    expect(await tablesHolding(merchant.key)).toEqual([]);
  });
});
