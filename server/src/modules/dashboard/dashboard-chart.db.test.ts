import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealParties, insertDealsAt } from '../../../test/deal-fixtures.ts';
import { createTestApp, insertUser, signedInUser, signIn, type TestApp } from '../../../test/test-app.ts';

let clock = new Date('2026-03-01T10:30:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

const chart = (query: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `${t.prefix}/account/user/get-data-grafic/?${query}`,
    headers: cookie ? { cookie } : {},
  });

/** A trader signed in at the current clock, with a merchant and a method to hang deals on. */
async function traderWithDeals(createdAt: string[], merchantId?: string) {
  const trader = await signedInUser(t);
  const parties = await dealParties(t, { traderId: trader.user.id, merchantId });
  await insertDealsAt(t, parties, createdAt);
  return { ...trader, parties };
}

/** The non-zero buckets of an answer, as period → count. */
const nonZero = (data: { period: string; count: number }[]) =>
  Object.fromEntries(
    data.filter((bucket) => bucket.count > 0).map((bucket) => [bucket.period, bucket.count]),
  );

describe('GET /account/user/get-data-grafic/', () => {
  it('answers 401 without a session', async () => {
    expect((await chart('range=24h')).statusCode).toBe(401);
  });

  it('gives 24 hourly buckets ending with the current hour, zero-filled, with only ?range=', async () => {
    clock = new Date('2026-03-01T10:30:00Z');
    const { cookie } = await traderWithDeals([
      '2026-03-01T10:05:00Z',
      '2026-03-01T09:59:59Z',
      '2026-03-01T09:00:00Z',
      '2026-02-28T11:00:00Z',
      // Before the first bucket: not counted.
      '2026-02-28T10:59:59Z',
    ]);
    const response = await chart('range=24h', cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.time_range).toBe('24h');
    expect(body.data).toHaveLength(24);
    expect(body.data[0]).toEqual({ period: '2026-02-28T11:00:00+00:00', count: 1 });
    expect(body.data[23]).toEqual({ period: '2026-03-01T10:00:00+00:00', count: 1 });
    expect(body.data[22]).toEqual({ period: '2026-03-01T09:00:00+00:00', count: 2 });
    expect(body.data[12]).toEqual({ period: '2026-02-28T23:00:00+00:00', count: 0 });
    expect(body.data.reduce((sum: number, bucket: { count: number }) => sum + bucket.count, 0)).toBe(4);
  });

  it('gives 30 daily buckets across the end of February', async () => {
    clock = new Date('2026-03-01T10:30:00Z');
    const { cookie } = await traderWithDeals([
      '2026-02-28T23:59:59Z',
      '2026-03-01T00:00:00Z',
      '2026-03-01T00:00:01Z',
      '2026-01-31T00:00:00Z',
      '2026-01-30T23:59:59Z',
    ]);
    const { data } = (await chart('range=30d', cookie)).json();
    expect(data).toHaveLength(30);
    expect(data[0].period).toBe('2026-01-31T00:00:00+00:00');
    expect(data.slice(-2).map((bucket: { period: string }) => bucket.period)).toEqual([
      '2026-02-28T00:00:00+00:00',
      '2026-03-01T00:00:00+00:00',
    ]);
    expect(nonZero(data)).toEqual({
      '2026-01-31T00:00:00+00:00': 1,
      '2026-02-28T00:00:00+00:00': 1,
      '2026-03-01T00:00:00+00:00': 2,
    });
  });

  it('gives 12 monthly buckets ending with the current month', async () => {
    clock = new Date('2026-03-01T10:30:00Z');
    const { cookie } = await traderWithDeals([
      '2026-03-01T00:00:00Z',
      '2025-04-01T00:00:00Z',
      '2025-03-31T23:00:00Z',
    ]);
    const { time_range, data } = (await chart('range=1y', cookie)).json();
    expect(time_range).toBe('1y');
    expect(data.map((bucket: { period: string }) => bucket.period)).toEqual([
      '2025-04-01T00:00:00+00:00',
      '2025-05-01T00:00:00+00:00',
      '2025-06-01T00:00:00+00:00',
      '2025-07-01T00:00:00+00:00',
      '2025-08-01T00:00:00+00:00',
      '2025-09-01T00:00:00+00:00',
      '2025-10-01T00:00:00+00:00',
      '2025-11-01T00:00:00+00:00',
      '2025-12-01T00:00:00+00:00',
      '2026-01-01T00:00:00+00:00',
      '2026-02-01T00:00:00+00:00',
      '2026-03-01T00:00:00+00:00',
    ]);
    expect(nonZero(data)).toEqual({ '2025-04-01T00:00:00+00:00': 1, '2026-03-01T00:00:00+00:00': 1 });
  });

  it("counts in the tz zone's days and months: a deal changes day and month against UTC", async () => {
    clock = new Date('2026-03-01T10:30:00Z');
    // 13:00 UTC on 28 February is 01:00 on 1 March in Kamchatka (+12); 23:00 UTC on 31 March 2025 is 02:00 on
    // 1 April in Moscow (+03).
    const { cookie } = await traderWithDeals(['2026-02-28T13:00:00Z', '2025-03-31T23:00:00Z']);
    const utc = (await chart('range=30d&tz=UTC', cookie)).json().data;
    expect(nonZero(utc)).toEqual({ '2026-02-28T00:00:00+00:00': 1 });
    const kamchatka = (await chart('range=30d&tz=Asia/Kamchatka', cookie)).json().data;
    expect(kamchatka).toHaveLength(30);
    expect(kamchatka[29].period).toBe('2026-03-01T00:00:00+12:00');
    expect(nonZero(kamchatka)).toEqual({ '2026-03-01T00:00:00+12:00': 1 });
    const hours = (await chart('range=24h&tz=Asia/Kamchatka', cookie)).json().data;
    expect(hours[23].period).toBe('2026-03-01T22:00:00+12:00');
    expect(nonZero(hours)).toEqual({ '2026-03-01T01:00:00+12:00': 1 });

    expect(nonZero((await chart('range=1y', cookie)).json().data)).toEqual({
      '2026-02-01T00:00:00+00:00': 1,
    });
    const moscow = (await chart('range=1y&tz=Europe/Moscow', cookie)).json().data;
    expect(moscow[0].period).toBe('2025-04-01T00:00:00+03:00');
    expect(nonZero(moscow)).toEqual({ '2025-04-01T00:00:00+03:00': 1, '2026-02-01T00:00:00+03:00': 1 });
  });

  it('follows a DST change: the repeated hour is two buckets, the 25-hour day one', async () => {
    // Berlin leaves summer time at 01:00 UTC on 25 October 2026: 02:00–03:00 local happens twice.
    clock = new Date('2026-10-25T12:10:00Z');
    const { cookie } = await traderWithDeals([
      '2026-10-25T00:30:00Z',
      '2026-10-25T01:30:00Z',
      '2026-10-24T22:30:00Z',
    ]);
    const hours = (await chart('range=24h&tz=Europe/Berlin', cookie)).json().data;
    expect(hours).toHaveLength(24);
    expect(hours[0].period).toBe('2026-10-24T15:00:00+02:00');
    expect(hours[23].period).toBe('2026-10-25T13:00:00+01:00');
    expect(nonZero(hours)).toEqual({
      '2026-10-25T00:00:00+02:00': 1,
      '2026-10-25T02:00:00+02:00': 1,
      '2026-10-25T02:00:00+01:00': 1,
    });

    clock = new Date('2026-10-26T12:00:00Z');
    const days = (await chart('range=30d&tz=Europe/Berlin', cookie)).json().data;
    expect(days.slice(-3).map((bucket: { period: string }) => bucket.period)).toEqual([
      '2026-10-24T00:00:00+02:00',
      '2026-10-25T00:00:00+02:00',
      '2026-10-26T00:00:00+01:00',
    ]);
    expect(nonZero(days)).toEqual({ '2026-10-25T00:00:00+02:00': 3 });
  });

  it("counts only the caller's side: a trader's deals, a merchant's orders, nobody else's", async () => {
    clock = new Date('2026-03-01T10:30:00Z');
    const merchant = await insertUser(t, { role: 'merchant' });
    const mine = await traderWithDeals(['2026-03-01T08:00:00Z', '2026-03-01T08:10:00Z'], merchant.user.id);
    // Another trader's deals for the same merchant, and that trader's deals for another merchant.
    const other = await dealParties(t, { merchantId: merchant.user.id });
    await insertDealsAt(t, other, ['2026-03-01T08:20:00Z', '2026-03-01T09:00:00Z']);
    await insertDealsAt(t, await dealParties(t, { traderId: other.traderId }), ['2026-03-01T08:30:00Z']);

    expect(nonZero((await chart('range=24h', mine.cookie)).json().data)).toEqual({
      '2026-03-01T08:00:00+00:00': 2,
    });
    const merchantCookie = await signIn(t, merchant.email, merchant.password);
    expect(nonZero((await chart('range=24h', merchantCookie)).json().data)).toEqual({
      '2026-03-01T08:00:00+00:00': 3,
      '2026-03-01T09:00:00+00:00': 1,
    });
    const stranger = await signedInUser(t, { role: 'merchant' });
    expect(nonZero((await chart('range=24h', stranger.cookie)).json().data)).toEqual({});
  });

  it('answers 400 with field errors for an unknown range or time zone', async () => {
    const { cookie } = await signedInUser(t);
    const badRange = await chart('range=7d', cookie);
    expect(badRange.statusCode).toBe(400);
    expect(Object.keys(badRange.json())).toEqual(['range']);
    expect((await chart('', cookie)).statusCode).toBe(400);
    for (const zone of ['Mars/Olympus_Mons', '+03:00', 'UTC+3', 'Europe/Moscow;drop', 'x'.repeat(65)]) {
      const response = await chart(`range=24h&tz=${encodeURIComponent(zone)}`, cookie);
      expect(response.statusCode, zone).toBe(400);
      expect(Object.keys(response.json()), zone).toEqual(['tz']);
    }
    const unknown = (await chart('range=24h&tz=Mars/Olympus_Mons', cookie)).json();
    expect(unknown).toEqual({ tz: ['Неизвестный часовой пояс'] });
  });
});
