import { ADMIN_MESSAGES, type AdminOtpAction, API } from '@app/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import {
  closeAfterLedgerCheck,
  createTestApp,
  insertUser,
  STRONG_PASSWORD,
  signedInUser,
  signIn,
  type TestApp,
} from '../../../test/test-app.ts';
import { adminAudit, users } from '../../db/schema/index.ts';
import { AUTH_TEXT } from '../auth/auth.service.ts';

/** The console's Users area through HTTP, each action with its audit row, on both engines. */
describe('admin users routes', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    // Every action asks the same admin for a code: more codes an hour than the production budget.
    t = await createTestApp({ OTP_MAX_SENDS_PER_HOUR: '1000' });
    admin = await signedInUser(t, { role: 'admin' });
  });
  afterAll(() => closeAfterLedgerCheck(t));

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, cookie = admin.cookie) =>
    t.app.inject({ method, url: `${t.prefix}${url}`, payload: payload as object, headers: { cookie } });

  /** Mails the admin a code for `action` and reads it from the mail. */
  async function codeFor(action: AdminOtpAction): Promise<string> {
    const sent = await call('POST', API.admin.otp, { action });
    expect(sent.statusCode).toBe(200);
    return t.mailer.lastCode(admin.email);
  }

  /** The newest audit row of an action. */
  async function lastAudit(action: string) {
    const [row] = await t.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, action))
      .orderBy(desc(adminAudit.id))
      .limit(1);
    return row;
  }

  it('creates an account only with a code for create_user, mails a set-password link and audits it', async () => {
    const body = { email: 'New-Merchant@Example.com', role: 'merchant' };
    const missing = await call('POST', API.admin.users, body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ otp: [expect.any(String)] });
    const wrongAction = await call('POST', API.admin.users, { ...body, otp: await codeFor('set_rate') });
    expect(wrongAction.statusCode).toBe(400);
    expect(wrongAction.json()).toEqual({ otp: [ADMIN_MESSAGES.otpInvalid] });
    const created = await call('POST', API.admin.users, { ...body, otp: await codeFor('create_user') });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      email: 'new-merchant@example.com',
      role: 'merchant',
      blocked: false,
    });
    const mail = t.mailer.messages.filter((message) => message.to === 'new-merchant@example.com').at(-1);
    expect(mail?.text).toMatch(/\/welcome\?password_reset=new-merchant%40example\.com&code=\d{6}/);
    expect(mail?.text).not.toMatch(/парол[ья]:\s*\S+$/m);
    expect(await lastAudit('user.create')).toMatchObject({
      actor: admin.email,
      actorId: admin.user.id,
      target: 'new-merchant@example.com',
      after: { id: created.json().id, role: 'merchant' },
    });
    // The mailed code sets the password through the ordinary reset, and the user signs in with it.
    const reset = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.auth.passwordReset}`,
      payload: {
        email: 'new-merchant@example.com',
        otp: t.mailer.lastCode('new-merchant@example.com'),
        new_password: STRONG_PASSWORD,
        confirm_password: STRONG_PASSWORD,
      },
    });
    expect(reset.statusCode).toBe(200);
    await signIn(t, 'new-merchant@example.com', STRONG_PASSWORD);

    const again = await call('POST', API.admin.users, { ...body, otp: await codeFor('create_user') });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ email: [ADMIN_MESSAGES.userExists] });
  });

  it('finds users by email or username substring, exact id and role, newest first, paged', async () => {
    const { user } = await insertUser(t, { email: 'findme-one@example.com' });
    await insertUser(t, { email: 'findme-two@example.com', role: 'merchant' });
    const page = await call('GET', `${API.admin.users}?search=FINDME&page_size=1`);
    expect(page.statusCode).toBe(200);
    expect(page.json().count).toBe(2);
    expect(page.json().results).toHaveLength(1);
    expect(page.json().results[0]).toMatchObject({ email: 'findme-two@example.com', available: '0' });
    const traders = await call('GET', `${API.admin.users}?search=findme&role=trader`);
    expect(traders.json().results.map((row: { id: string }) => row.id)).toEqual([user.id]);
    const byId = await call('GET', `${API.admin.users}?search=${user.id}`);
    expect(byId.json()).toMatchObject({ count: 1, results: [{ email: 'findme-one@example.com' }] });
    // LIKE's wildcards are taken literally.
    expect((await call('GET', `${API.admin.users}?search=%25`)).json().count).toBe(0);
  });

  it("shows a user's detail with balances, terms and live sessions; 404 for nobody", async () => {
    const trader = await signedInUser(t);
    const detail = await call('GET', API.admin.user(trader.user.id));
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id: trader.user.id,
      role: 'trader',
      reward_pct: expect.any(String),
      fee_pct: null,
      balances: { available: '0', frozen: '0', debt: '0' },
      methods: [],
      terminals: [],
      sessions: [{ id: expect.any(String) }],
    });
    const nobody = await call('GET', API.admin.user('00000000-0000-4000-8000-000000000000'));
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual({ detail: ADMIN_MESSAGES.userNotFound });
    expect((await call('GET', API.admin.user('not-a-uuid'))).statusCode).toBe(404);
  });

  it('sets the lead flag without a code and the percents with a change_terms code, the CLI rules included', async () => {
    const merchant = await insertUser(t, { role: 'merchant' });
    const trader = await insertUser(t);
    const lead = await call('PATCH', API.admin.user(trader.user.id), { is_lead: true });
    expect(lead.statusCode).toBe(200);
    expect(lead.json()).toMatchObject({ is_lead: true, lead_share_pct: expect.any(String) });
    expect(await lastAudit('user.lead')).toMatchObject({
      target: trader.email,
      before: { is_lead: false },
      after: { is_lead: true },
    });

    const noCode = await call('PATCH', API.admin.user(merchant.user.id), { fee_pct: '3' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toEqual({ otp: [ADMIN_MESSAGES.otpRequired] });
    const blockCode = await call('PATCH', API.admin.user(merchant.user.id), {
      fee_pct: '3',
      otp: await codeFor('block_user'),
    });
    expect(blockCode.json()).toEqual({ otp: [ADMIN_MESSAGES.otpInvalid] });
    const wrongRole = await call('PATCH', API.admin.user(trader.user.id), {
      fee_pct: '3',
      otp: await codeFor('change_terms'),
    });
    expect(wrongRole.json()).toEqual({ fee_pct: [ADMIN_MESSAGES.termsWrongRole] });

    const fee = await call('PATCH', API.admin.user(merchant.user.id), {
      fee_pct: '3,5',
      otp: await codeFor('change_terms'),
    });
    expect(fee.statusCode).toBe(200);
    expect(fee.json().fee_pct).toBe('3.5');
    expect(await lastAudit('user.fee')).toMatchObject({ target: merchant.email, after: { fee_pct: '3.5' } });

    // The reward may not go above any merchant's fee: the platform fee would be negative.
    const above = await call('PATCH', API.admin.user(trader.user.id), {
      reward_pct: '4',
      otp: await codeFor('change_terms'),
    });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toEqual({ reward_pct: [ADMIN_MESSAGES.rewardAboveFee] });
    const reward = await call('PATCH', API.admin.user(trader.user.id), {
      reward_pct: '1.25',
      lead_share_pct: '30',
      otp: await codeFor('change_terms'),
    });
    expect(reward.statusCode).toBe(200);
    expect(reward.json()).toMatchObject({ reward_pct: '1.25', lead_share_pct: '30' });
    expect(await lastAudit('user.reward')).toMatchObject({ after: { reward_pct: '1.25' } });
    expect(await lastAudit('user.lead_share')).toMatchObject({
      actor: admin.email,
      target: trader.email,
      after: { lead_share_pct: '30' },
    });
  });

  it('blocks a trader: sessions end, sign-in is refused, no deal is routed to them; unblocking restores', async () => {
    await setRate(t, '100.00');
    const merchant = await merchantWithKey(t);
    const method = await routableMethod(t, { balanceUsdt: 100n * USDT });
    const [traderRow] = await t.database.db.select().from(users).where(eq(users.id, method.traderId));
    await t.database.db
      .update(users)
      .set({ passwordHash: (await insertUser(t)).user.passwordHash })
      .where(eq(users.id, method.traderId));
    const cookie = await signIn(t, traderRow!.email, STRONG_PASSWORD);
    const url = API.admin.user(method.traderId);

    const noReason = await call('PATCH', url, { blocked: true, otp: await codeFor('block_user') });
    expect(noReason.json()).toEqual({ reason: [ADMIN_MESSAGES.reasonRequired] });
    const termsCode = await call('PATCH', url, {
      blocked: true,
      reason: 'fraud',
      otp: await codeFor('change_terms'),
    });
    expect(termsCode.json()).toEqual({ otp: [ADMIN_MESSAGES.otpInvalid] });
    const blocked = await call('PATCH', url, {
      blocked: true,
      reason: 'fraud',
      otp: await codeFor('block_user'),
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ blocked: true, sessions: [] });
    expect(await lastAudit('user.block')).toMatchObject({
      target: traderRow!.email,
      before: { blocked_at: null },
      after: { sessions_ended: 1 },
      reason: 'fraud',
    });

    expect((await call('GET', API.auth.checkUserAuth, undefined, cookie)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.auth.login}`,
      payload: { email: traderRow!.email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({ detail: AUTH_TEXT.blocked });
    expect((await postOrder(t, merchant.key, { amount: '140.00' })).statusCode).toBe(422);

    const unblocked = await call('PATCH', url, {
      blocked: false,
      reason: 'cleared',
      otp: await codeFor('block_user'),
    });
    expect(unblocked.json()).toMatchObject({ blocked: false, blocked_at: null });
    expect(await lastAudit('user.unblock')).toMatchObject({ after: { blocked_at: null }, reason: 'cleared' });
    expect((await postOrder(t, merchant.key, { amount: '141.00' })).statusCode).toBe(201);
    await signIn(t, traderRow!.email, STRONG_PASSWORD);
  });

  it("stops a blocked merchant's API keys until the merchant is unblocked", async () => {
    const merchant = await merchantWithKey(t);
    const balance = () =>
      t.app.inject({
        method: 'GET',
        url: `${t.prefix}${API.merchant.balance}`,
        headers: { authorization: `Bearer ${merchant.key}` },
      });
    expect((await balance()).statusCode).toBe(200);
    const url = API.admin.user(merchant.id);
    await call('PATCH', url, { blocked: true, reason: 'chargebacks', otp: await codeFor('block_user') });
    expect((await balance()).statusCode).toBe(401);
    await call('PATCH', url, { blocked: false, reason: 'settled', otp: await codeFor('block_user') });
    expect((await balance()).statusCode).toBe(200);
  });

  it('refuses an admin blocking themself', async () => {
    const self = await call('PATCH', API.admin.user(admin.user.id), {
      blocked: true,
      reason: 'oops',
      otp: await codeFor('block_user'),
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ detail: ADMIN_MESSAGES.cannotBlockSelf });
  });

  it("adjusts a trader's rating with a reason (traders only) and audits it", async () => {
    const trader = await insertUser(t);
    const merchant = await insertUser(t, { role: 'merchant' });
    const adjusted = await call('POST', API.admin.userRating(trader.user.id), {
      points: '+1,5',
      reason: 'late',
    });
    expect(adjusted.statusCode).toBe(200);
    expect(adjusted.json().rating).toBe('85.00');
    expect(await lastAudit('user.rating')).toMatchObject({
      target: trader.email,
      before: { points: 0 },
      after: { points: 1.5 },
      reason: 'late',
    });
    const notTrader = await call('POST', API.admin.userRating(merchant.user.id), {
      points: '1',
      reason: 'x',
    });
    expect(notTrader.json()).toEqual({ detail: ADMIN_MESSAGES.ratingOnlyTraders });
    const noReason = await call('POST', API.admin.userRating(trader.user.id), { points: '1' });
    expect(noReason.statusCode).toBe(400);
  });

  it('adjusts a balance through the ledger with an adjust_balance code; too much taken is 400', async () => {
    const trader = await insertUser(t);
    const url = API.admin.userBalance(trader.user.id);
    const wrong = await call('POST', url, {
      amount: '10',
      reason: 'bonus',
      otp: await codeFor('create_user'),
    });
    expect(wrong.json()).toEqual({ otp: [ADMIN_MESSAGES.otpInvalid] });
    const credited = await call('POST', url, {
      amount: '10,5',
      reason: 'bonus',
      otp: await codeFor('adjust_balance'),
    });
    expect(credited.statusCode).toBe(200);
    expect(credited.json().balances.available).toBe('10.5');
    expect(await lastAudit('user.balance')).toMatchObject({
      target: trader.email,
      before: { available: '0' },
      after: { available: '10.5', amount: '10.5' },
      reason: 'bonus',
    });
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(adminAudit);
    const tooMuch = await call('POST', url, {
      amount: '-11',
      reason: 'fix',
      otp: await codeFor('adjust_balance'),
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ amount: [ADMIN_MESSAGES.insufficientFunds] });
    // Refused: no audit row either.
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(adminAudit)).toEqual(before);
  });

  it("lists a merchant's API keys and revokes one of them with an audit row", async () => {
    const merchant = await merchantWithKey(t);
    const other = await merchantWithKey(t);
    const list = await call('GET', API.admin.userApiKeys(merchant.id));
    expect(list.statusCode).toBe(200);
    const [key] = list.json().results;
    expect(key).toMatchObject({ name: 'tests', revoked_at: null });
    const [otherKey] = (await call('GET', API.admin.userApiKeys(other.id))).json().results;
    expect((await call('POST', API.admin.revokeApiKey(merchant.id, otherKey.id))).statusCode).toBe(404);
    const revoked = await call('POST', API.admin.revokeApiKey(merchant.id, key.id));
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked_at).not.toBeNull();
    expect(await lastAudit('api_key.revoke')).toMatchObject({
      target: merchant.email,
      after: { id: key.id },
    });
    const merchantCall = await t.app.inject({
      method: 'GET',
      url: `${t.prefix}${API.merchant.balance}`,
      headers: { authorization: `Bearer ${merchant.key}` },
    });
    expect(merchantCall.statusCode).toBe(401);
  });

  it('keeps the audit log append-only: the database refuses update and delete', async () => {
    await expect(t.database.db.update(adminAudit).set({ reason: 'rewritten' })).rejects.toThrow();
    await expect(t.database.db.delete(adminAudit)).rejects.toThrow();
    expect((await lastAudit('user.create'))?.reason).toBeNull();
  });

  it('never lets sign-up create an admin: a role in the body is ignored', async () => {
    const email = 'signup-admin@example.com';
    const register = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.auth.register}`,
      payload: { email, password: STRONG_PASSWORD, role: 'admin' },
    });
    expect(register.statusCode).toBe(200);
    const verify = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.auth.verifyOtp}`,
      payload: { email, password: STRONG_PASSWORD, otp: t.mailer.lastCode(email), role: 'admin' },
    });
    expect(verify.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.role).toBe('trader');
  });
});
