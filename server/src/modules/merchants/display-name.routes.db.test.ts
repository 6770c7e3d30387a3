import { API } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealParties, insertDealsAt } from '../../../test/deal-fixtures.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const put = (cookie: string, display_name: string) =>
  t.app.inject({
    method: 'PUT',
    url: `${t.prefix}${API.merchantSettings.displayName}`,
    headers: { cookie, origin: 'http://app.test' },
    payload: { display_name },
  });

describe('the merchant shop name (issue 25)', () => {
  it('is set trimmed, 2-64 characters, cleared by an empty name, and named on the payer page', async () => {
    const merchant = await signedInUser(t, { role: 'merchant' });
    const parties = await dealParties(t, { merchantId: merchant.user.id });
    await insertDealsAt(t, parties, [new Date()]);
    const [deal] = (
      await t.database.raw.query('select id from deals where merchant_id = $1', [merchant.user.id])
    ).rows as { id: string }[];
    const payer = async () =>
      (await t.app.inject({ method: 'GET', url: `${t.prefix}${API.payer.order(deal!.id)}` })).json()
        .shop_name;

    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${t.prefix}${API.merchantSettings.displayName}`,
          headers: { cookie: merchant.cookie },
        })
      ).json(),
    ).toEqual({ display_name: null });
    expect(await payer()).toBeNull();

    const saved = await put(merchant.cookie, '  Кофейня «Зерно»  ');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ display_name: 'Кофейня «Зерно»' });
    expect(await payer()).toBe('Кофейня «Зерно»');

    for (const bad of ['Я', ' a ', 'x'.repeat(65)]) {
      const refused = await put(merchant.cookie, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().display_name[0]).toMatch(/от 2 до 64/);
    }
    expect(await payer()).toBe('Кофейня «Зерно»');

    expect((await put(merchant.cookie, '   ')).json()).toEqual({ display_name: null });
    expect(await payer()).toBeNull();
  });

  it('refuses traders and support with 400 {detail}, like the other Settings #api calls', async () => {
    for (const role of ['trader', 'support'] as const) {
      const { cookie } = await signedInUser(t, { role });
      const response = await put(cookie, 'Магазин');
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBeTruthy();
    }
  });
});
