import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealParties, insertDealsAt } from '../../../test/deal-fixtures.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { walletWhitelist } from '../../db/schema/index.ts';
import { DASHBOARD_TERMINALS_CAP } from './dashboard.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(await t.ctx.ledger.verify()).toEqual([]);
  await t?.close();
});

const dashboard = (cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `${t.prefix}/api/account/dashboard/`,
    headers: cookie ? { cookie } : {},
  });

describe('GET /api/account/dashboard/', () => {
  it('answers 401 without a session', async () => {
    const response = await dashboard();
    expect(response.statusCode).toBe(401);
  });

  it('shows a new user zero balances, the profile and empty lists', async () => {
    const { cookie } = await signedInUser(t);
    const response = await dashboard(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      profile: {
        avatar: null,
        username: null,
        rating: 100,
        balance: 0,
        frozen_balance: 0,
        total_profit: 0,
        withdrawing: 0,
        withdrawable: 0,
        reserved: 0,
        is_lead: false,
        white_list: [],
      },
      transactions: [],
      terminals: [],
    });
  });

  it('shows balance = available + frozen, frozen and profit as USDT numbers with up to 6 decimals', async () => {
    const { user, cookie } = await signedInUser(t);
    const { ledger } = t.ctx;
    await ledger.creditDeposit({
      userId: user.id,
      amount: 150_123_456n,
      idempotencyKey: `deposit:${user.id}`,
    });
    await ledger.freeze({ userId: user.id, amount: 40_000_001n, idempotencyKey: `freeze:${user.id}:1` });
    await ledger.freeze({ userId: user.id, amount: 10_000_000n, idempotencyKey: `freeze:${user.id}:2` });
    await ledger.settle({
      userId: user.id,
      amount: 10_000_000n,
      traderReward: 250_000n,
      idempotencyKey: `settle:${user.id}`,
    });
    const { profile } = (await dashboard(cookie)).json();
    // Available 100.123455 + the 0.25 reward + frozen 40.000001 (10 of the frozen 50.000001 settled away).
    expect(profile.balance).toBe(140.373456);
    expect(profile.frozen_balance).toBe(40.000001);
    expect(profile.total_profit).toBe(0.25);
  });

  it("lists a lead's whitelisted addresses and nobody else's, and none for a non-lead", async () => {
    const lead = await signedInUser(t, { isLead: true });
    const other = await signedInUser(t, { isLead: true });
    const trader = await signedInUser(t);
    const first = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
    const second = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';
    await t.database.db.insert(walletWhitelist).values([
      { userId: lead.user.id, address: first, createdAt: new Date('2025-01-01T00:00:00Z') },
      { userId: lead.user.id, address: second, createdAt: new Date('2025-01-02T00:00:00Z') },
      { userId: other.user.id, address: second },
      { userId: trader.user.id, address: first },
    ]);
    const leadProfile = (await dashboard(lead.cookie)).json().profile;
    expect(leadProfile.is_lead).toBe(true);
    const wallets = (list: { wallet: string }[]) => list.map((entry) => entry.wallet);
    expect(wallets(leadProfile.white_list)).toEqual([first, second]);
    expect(leadProfile.white_list[0]).toMatchObject({
      id: expect.any(String),
      usable_at: expect.any(String),
    });
    expect(wallets((await dashboard(other.cookie)).json().profile.white_list)).toEqual([second]);
    expect((await dashboard(trader.cookie)).json().profile.white_list).toEqual([]);
  });

  it('carries the last 50 deals of the trader, newest first, and none of anybody else', async () => {
    const { user, cookie } = await signedInUser(t);
    const parties = await dealParties(t, { traderId: user.id });
    const start = Date.parse('2026-01-01T00:00:00Z');
    await insertDealsAt(
      t,
      parties,
      Array.from({ length: 55 }, (_, i) => new Date(start + i * 60_000)),
    );
    await insertDealsAt(t, await dealParties(t, { merchantId: parties.merchantId }), [
      '2026-02-01T00:00:00Z',
    ]);
    const { transactions } = (await dashboard(cookie)).json();
    expect(transactions).toHaveLength(50);
    expect(transactions[0]).toMatchObject({
      created_at: new Date(start + 54 * 60_000).toISOString(),
      bank: 'Сбербанк',
    });
    expect(transactions[49].created_at).toBe(new Date(start + 5 * 60_000).toISOString());
  });

  it("carries all of the user's listed terminals, newest first, up to the cap, and nobody else's", async () => {
    const { user, cookie } = await signedInUser(t);
    const other = await signedInUser(t);
    const terminal = (
      userId: string,
      name: string,
      minute: number,
      extra: 'listed' | 'pending' | 'deleted',
    ) => sql`
      insert into terminals (user_id, name, status, activated_at, deleted_at, phone_charge, created_at)
      values (${userId}::uuid, ${name}, ${extra === 'pending' ? 'pending' : 'Enabled'},
              ${extra === 'pending' ? null : '2026-01-01T00:00:00Z'}::timestamptz,
              ${extra === 'deleted' ? '2026-01-02T00:00:00Z' : null}::timestamptz,
              ${minute}, ${new Date(Date.parse('2026-01-01T00:00:00Z') + minute * 60_000).toISOString()}::timestamptz)`;
    for (let minute = 1; minute <= 7; minute++)
      await t.database.db.execute(terminal(user.id, `Телефон ${minute}`, minute, 'listed'));
    await t.database.db.execute(terminal(user.id, 'Не активирован', 30, 'pending'));
    await t.database.db.execute(terminal(user.id, 'Удалён', 31, 'deleted'));
    await t.database.db.execute(terminal(other.user.id, 'Чужой', 32, 'listed'));
    const { terminals } = (await dashboard(cookie)).json();
    expect(terminals.map((row: { name: string }) => row.name)).toEqual(
      [7, 6, 5, 4, 3, 2, 1].map((n) => `Телефон ${n}`),
    );
    expect(terminals[0]).toEqual({ id: expect.any(String), name: 'Телефон 7', phone_charge: 7 });

    await t.database.db.execute(sql`
      insert into terminals (user_id, name, status, activated_at, created_at)
      select ${user.id}::uuid, 'Пакет ' || g, 'Enabled', now(), now() + g * interval '1 second'
      from generate_series(1, ${DASHBOARD_TERMINALS_CAP}) as g`);
    const capped = (await dashboard(cookie)).json().terminals;
    expect(capped).toHaveLength(DASHBOARD_TERMINALS_CAP);
    expect(capped[0].name).toBe(`Пакет ${DASHBOARD_TERMINALS_CAP}`);
  });
});
