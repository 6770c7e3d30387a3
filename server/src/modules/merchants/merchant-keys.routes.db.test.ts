import { API, MERCHANT_TEXT } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, TEST_ORIGIN, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', path: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${t.prefix}${path}`,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });

describe('Settings → API keys', () => {
  it('creates (201, the key once), lists without the key, revokes (204) and the key stops working', async () => {
    const { cookie } = await signedInUser(t, { role: 'merchant' });
    const created = await call('POST', API.merchantSettings.keys, cookie, { name: '  Интернет-магазин ' });
    expect(created.statusCode).toBe(201);
    const key = created.json();
    expect(key).toMatchObject({ name: 'Интернет-магазин', revoked_at: null, last_used_at: null });
    expect(key.key).toMatch(/^mk_live_/);

    const list = await call('GET', API.merchantSettings.keys, cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      results: [
        {
          id: key.id,
          name: key.name,
          prefix: key.prefix,
          created_at: key.created_at,
          last_used_at: null,
          revoked_at: null,
        },
      ],
    });
    expect(list.body).not.toContain(key.key);

    expect(await t.ctx.merchantKeys.authenticate(`Bearer ${key.key}`)).not.toBeNull();
    const revoked = await call('DELETE', API.merchantSettings.key(key.id), cookie);
    expect(revoked.statusCode).toBe(204);
    expect(await t.ctx.merchantKeys.authenticate(`Bearer ${key.key}`)).toBeNull();
    expect((await call('DELETE', API.merchantSettings.key(key.id), cookie)).statusCode).toBe(204);
  });

  it('keeps merchants apart: another merchant’s key is 404 and stays active', async () => {
    const owner = await signedInUser(t, { role: 'merchant' });
    const other = await signedInUser(t, { role: 'merchant' });
    const key = (await call('POST', API.merchantSettings.keys, owner.cookie, { name: 'k' })).json();
    const refused = await call('DELETE', API.merchantSettings.key(key.id), other.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ detail: MERCHANT_TEXT.keyNotFound });
    expect((await call('GET', API.merchantSettings.keys, other.cookie)).json()).toEqual({ results: [] });
    expect(await t.ctx.merchantKeys.authenticate(`Bearer ${key.key}`)).not.toBeNull();
  });

  it('refuses a trader with 400 {detail} (never 403), a bad name with field errors, and no session with 401', async () => {
    const trader = await signedInUser(t, { role: 'trader' });
    for (const response of [
      await call('GET', API.merchantSettings.keys, trader.cookie),
      await call('POST', API.merchantSettings.keys, trader.cookie, { name: 'k' }),
      await call('DELETE', API.merchantSettings.key('00000000-0000-4000-8000-000000000000'), trader.cookie),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: MERCHANT_TEXT.notMerchant });
    }
    const { cookie } = await signedInUser(t, { role: 'merchant' });
    const badName = await call('POST', API.merchantSettings.keys, cookie, { name: 'x'.repeat(51) });
    expect(badName.statusCode).toBe(400);
    expect(Object.keys(badName.json())).toEqual(['name']);
    expect((await call('GET', API.merchantSettings.keys)).statusCode).toBe(401);
  });
});
