import { MERCHANT_API_KEYS_MAX, MERCHANT_TEXT } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../../../test/test-app.ts';
import { merchantApiKeys, users } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-errors.ts';
import {
  AUTHENTICATED_KEY_TTL_MS,
  createMerchantKeysService,
  LAST_USED_RESOLUTION_MS,
  sha256Hex,
} from './merchant-keys.service.ts';

let t: TestApp;
let clock = Date.parse('2026-11-23T12:00:00Z');
let service: ReturnType<typeof createMerchantKeysService>;

beforeAll(async () => {
  t = await createTestApp();
  service = createMerchantKeysService({ database: t.database, now: () => new Date(clock) });
});
afterAll(async () => {
  await t?.close();
});

const merchant = async () => (await insertUser(t, { role: 'merchant' })).user;
const storedRow = async (id: string) =>
  (await t.database.db.select().from(merchantApiKeys).where(eq(merchantApiKeys.id, id)))[0]!;

/** The HttpError a call fails with. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return { status: error.statusCode, body: error.body };
}

describe('merchant API keys', () => {
  it('shows a new key once and stores only its SHA-256 and a short prefix', async () => {
    const user = await merchant();
    const created = await service.createKey(user.id, 'Магазин');
    expect(created.key).toMatch(/^mk_live_[A-Za-z0-9]{32}$/);
    expect(created).toMatchObject({
      name: 'Магазин',
      prefix: created.key.slice(0, 12),
      last_used_at: null,
      revoked_at: null,
      created_at: new Date(clock).toISOString(),
    });
    const row = await storedRow(created.id);
    expect(row.keyHash).toBe(sha256Hex(created.key));
    expect(Object.values(row).some((value) => value === created.key)).toBe(false);
    // Listed without the key itself.
    const { key: _shownOnce, ...withoutKey } = created;
    expect(await service.listKeys(user.id)).toEqual([withoutKey]);
  });

  it('makes a different key every time', async () => {
    const user = await merchant();
    const keys = await Promise.all([1, 2, 3].map(() => service.createKey(user.id, 'k')));
    expect(new Set(keys.map((key) => key.key)).size).toBe(3);
  });

  it('lists the merchant’s own keys, newest first, revoked ones too', async () => {
    const user = await merchant();
    const other = await merchant();
    const first = await service.createKey(user.id, 'первый');
    clock += 1000;
    const second = await service.createKey(user.id, 'второй');
    await service.createKey(other.id, 'чужой');
    await service.revokeKey(user.id, first.id);
    const list = await service.listKeys(user.id);
    expect(list.map((key) => key.name)).toEqual(['второй', 'первый']);
    expect(list[0]!.id).toBe(second.id);
    expect(list[1]!.revoked_at).toBe(new Date(clock).toISOString());
  });

  it('revokes: twice is fine and keeps the first time; another merchant’s or an unknown key is 404', async () => {
    const user = await merchant();
    const other = await merchant();
    const key = await service.createKey(user.id, 'k');
    await service.revokeKey(user.id, key.id);
    const revokedAt = (await storedRow(key.id)).revokedAt;
    clock += 5000;
    await service.revokeKey(user.id, key.id);
    expect((await storedRow(key.id)).revokedAt).toEqual(revokedAt);

    const theirs = await service.createKey(other.id, 'их');
    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect(await refusal(service.revokeKey(user.id, id))).toEqual({
        status: 404,
        body: { detail: MERCHANT_TEXT.keyNotFound },
      });
    }
    expect((await storedRow(theirs.id)).revokedAt).toBeNull();
  });

  it('refuses a user who is not a merchant with 400 (never 403)', async () => {
    const trader = (await insertUser(t, { role: 'trader' })).user;
    const expected = { status: 400, body: { detail: MERCHANT_TEXT.notMerchant } };
    expect(await refusal(service.createKey(trader.id, 'k'))).toEqual(expected);
    expect(await refusal(service.listKeys(trader.id))).toEqual(expected);
    expect(await refusal(service.revokeKey(trader.id, '00000000-0000-4000-8000-000000000000'))).toEqual(
      expected,
    );
    expect(
      await t.database.db.select().from(merchantApiKeys).where(eq(merchantApiKeys.userId, trader.id)),
    ).toEqual([]);
  });

  it(`holds at most ${MERCHANT_API_KEYS_MAX} active keys, even under parallel creates`, async () => {
    const user = await merchant();
    const results = await Promise.allSettled(
      Array.from({ length: MERCHANT_API_KEYS_MAX + 10 }, (_, i) => service.createKey(user.id, `k${i}`)),
    );
    const created = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(created).toHaveLength(MERCHANT_API_KEYS_MAX);
    expect(refused).toHaveLength(10);
    for (const result of refused) {
      expect(await refusal(Promise.reject(result.reason))).toEqual({
        status: 400,
        body: { detail: MERCHANT_TEXT.tooManyKeys },
      });
    }
    const active = await service.listKeys(user.id);
    expect(active.filter((key) => key.revoked_at === null)).toHaveLength(MERCHANT_API_KEYS_MAX);
    // A revoked key frees its place.
    await service.revokeKey(user.id, active[0]!.id);
    await expect(service.createKey(user.id, 'ещё один')).resolves.toMatchObject({ name: 'ещё один' });
    await expect(service.createKey(user.id, 'лишний')).rejects.toBeInstanceOf(HttpError);
  });
});

describe('authenticate', () => {
  it('answers null for a missing, malformed, unknown or revoked key and the ids for a valid one', async () => {
    const user = await merchant();
    const key = await service.createKey(user.id, 'k');
    expect(await service.authenticate(`Bearer ${key.key}`)).toEqual({ merchantId: user.id, keyId: key.id });
    const refused = [
      undefined,
      '',
      key.key,
      `Basic ${key.key}`,
      `Bearer  ${key.key}`,
      `Bearer ${key.key}x`,
      `Bearer ${key.key.slice(0, -1)}`,
      `Bearer mk_live_${'A'.repeat(32)}`,
      `Bearer mk_test_${key.key.slice(8)}`,
    ];
    for (const header of refused) expect(await service.authenticate(header)).toBeNull();
    await service.revokeKey(user.id, key.id);
    expect(await service.authenticate(`Bearer ${key.key}`)).toBeNull();
  });

  it('stops a key whose owner is no longer a merchant', async () => {
    const user = await merchant();
    const key = await service.createKey(user.id, 'k');
    await t.database.db.update(users).set({ role: 'trader' }).where(eq(users.id, user.id));
    expect(await service.authenticate(`Bearer ${key.key}`)).toBeNull();
  });

  it('records the last use at most once a minute', async () => {
    const user = await merchant();
    const key = await service.createKey(user.id, 'k');
    const header = `Bearer ${key.key}`;
    const first = clock;
    await service.authenticate(header);
    expect((await storedRow(key.id)).lastUsedAt).toEqual(new Date(first));
    clock += LAST_USED_RESOLUTION_MS - 1;
    await service.authenticate(header);
    expect((await storedRow(key.id)).lastUsedAt).toEqual(new Date(first));
    clock += 1;
    await service.authenticate(header);
    expect((await storedRow(key.id)).lastUsedAt).toEqual(new Date(clock));
    expect((await service.listKeys(user.id))[0]!.last_used_at).toBe(new Date(clock).toISOString());
  });
});

describe('remembered keys', () => {
  it('remembers a found key for AUTHENTICATED_KEY_TTL_MS: a revocation elsewhere applies after it, one here at once', async () => {
    const user = await merchant();
    const first = await service.createKey(user.id, 'a');
    const principal = { merchantId: user.id, keyId: first.id };
    expect(await service.authenticate(`Bearer ${first.key}`)).toEqual(principal);
    // Revoked by another instance (straight in the table): this one still knows the key for the interval…
    await t.database.db
      .update(merchantApiKeys)
      .set({ revokedAt: new Date(clock) })
      .where(eq(merchantApiKeys.id, first.id));
    clock += AUTHENTICATED_KEY_TTL_MS - 1;
    expect(await service.authenticate(`Bearer ${first.key}`)).toEqual(principal);
    // …and not a millisecond longer.
    clock += 1;
    expect(await service.authenticate(`Bearer ${first.key}`)).toBeNull();

    const second = await service.createKey(user.id, 'b');
    expect(await service.authenticate(`Bearer ${second.key}`)).not.toBeNull();
    await service.revokeKey(user.id, second.id);
    expect(await service.authenticate(`Bearer ${second.key}`)).toBeNull();
  });
});

describe('operator functions', () => {
  it('create, list and revoke by email and id', async () => {
    const { user, email } = await insertUser(t, { role: 'merchant' });
    const created = await service.createKeyForEmail(email.toUpperCase(), 'CLI');
    if (!created.ok) throw new Error(created.reason);
    expect(await service.authenticate(`Bearer ${created.key.key}`)).toEqual({
      merchantId: user.id,
      keyId: created.key.id,
    });
    expect((await service.listKeysForEmail(email))!.map((key) => key.id)).toEqual([created.key.id]);
    expect((await service.revokeKeyById(created.key.id))!.revoked_at).not.toBeNull();
    expect(await service.authenticate(`Bearer ${created.key.key}`)).toBeNull();
    expect(await service.revokeKeyById('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await service.revokeKeyById('nope')).toBeNull();
    expect(await service.createKeyForEmail('nobody@example.com', 'CLI')).toEqual({
      ok: false,
      reason: 'user-not-found',
    });
    expect(await service.listKeysForEmail('nobody@example.com')).toBeNull();
    const trader = await insertUser(t, { role: 'trader' });
    expect(await service.createKeyForEmail(trader.email, 'CLI')).toEqual({
      ok: false,
      reason: 'not-merchant',
    });
  });
});
