import { randomUUID } from 'node:crypto';
import { API, DISPUTE_MESSAGES, disputeConsiderationText } from '@app/shared';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, paidDealOfLinkedSides } from '../../../test/dispute-fixtures.ts';
import { FAKE_BOT_TOKEN } from '../../../test/fake-telegram.ts';
import { setRate } from '../../../test/order-fixtures.ts';
import { createTestApp, signedInUser, TEST_ORIGIN, type TestApp } from '../../../test/test-app.ts';
import { deals, mailOutbox, telegramNotifications } from '../../db/schema/index.ts';
import * as repo from './disputes.repository.ts';

describe('disputes routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A bot is configured (nothing listens at its API root): spec §6's Telegram-link rule applies.
    t = await createTestApp({
      ROUTING_REQUIRE_TERMINAL: 'false',
      TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
      TELEGRAM_API_ROOT: 'http://127.0.0.1:9',
    });
    await setRate(t, '100.00');
  });
  afterAll(() => t.close());

  const headers = (cookie: string) => ({ cookie, origin: TEST_ORIGIN });
  const get = (cookie: string, url: string) =>
    t.app.inject({ method: 'GET', url: `${t.prefix}${url}`, headers: headers(cookie) });
  const post = (cookie: string, url: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `${t.prefix}${url}`,
      headers: headers(cookie),
      payload: payload as object,
    });

  /** A deal in verification with its merchant (key and session) and trader (session), both linked to Telegram. */
  async function dealInVerification() {
    const { merchant, traderId, dealId } = await paidDealOfLinkedSides(t);
    return {
      merchant,
      traderId,
      dealId,
      merchantCookie: await cookieOf(t, merchant.id),
      traderCookie: await cookieOf(t, traderId),
    };
  }

  const openByMerchant = (key: string, dealId: string, body: unknown, idempotencyKey = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.merchant.disputes(dealId)}`,
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': idempotencyKey },
      payload: body as object,
    });

  it('merchant API: opens with Idempotency-Key (a replay answers the same), problem details on refusals', async () => {
    const deal = await dealInVerification();
    const idempotencyKey = randomUUID();
    // The same request twice: the second is a replay of the first.
    const open = () =>
      openByMerchant(deal.merchant.key, deal.dealId, { reason: 'Клиент оплатил' }, idempotencyKey);
    const first = await open();
    expect(first.statusCode).toBe(201);
    expect(Object.keys(first.json()).sort()).toEqual(
      ['created_at', 'evidence_deadline', 'id', 'order_id', 'reason', 'status'].sort(),
    );
    expect(first.json()).toMatchObject({ order_id: deal.dealId, status: 'waiting' });
    const replay = await open();
    expect(replay.statusCode).toBe(201);
    expect(replay.body).toBe(first.body);
    const again = await openByMerchant(deal.merchant.key, deal.dealId, { reason: 'Ещё раз' });
    expect(again.statusCode).toBe(409);
    expect(again.headers['content-type']).toContain('application/problem+json');
    expect(again.json().detail).toBe(DISPUTE_MESSAGES.alreadyOpen);
    const unknown = await openByMerchant(deal.merchant.key, randomUUID(), { reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    const noKey = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.merchant.disputes(deal.dealId)}`,
      payload: { reason: 'x' },
    });
    expect(noKey.statusCode).toBe(401);
  });

  it('searches the list by part of an id, the card or phone digits, the owner or the bank', async () => {
    const first = await dealInVerification();
    const second = await dealInVerification();
    const opened = [];
    for (const deal of [first, second]) {
      const answer = await openByMerchant(deal.merchant.key, deal.dealId, { reason: 'Клиент оплатил' });
      expect(answer.statusCode).toBe(201);
      opened.push(answer.json().id as string);
    }
    const support = await signedInUser(t, { role: 'support' });
    const ids = async (search: string) =>
      (await get(support.cookie, `${API.disputes.list}?page_size=100&search=${encodeURIComponent(search)}`))
        .json()
        .results.map((item: { id: string }) => item.id);
    expect(await ids(opened[0]!.slice(0, 13))).toEqual([opened[0]]);
    expect(await ids(first.dealId.slice(-12).toUpperCase())).toEqual([opened[0]]);
    const [deal] = await t.database.db.select().from(deals).where(eq(deals.id, second.dealId));
    const digits = (deal!.phoneNumber ?? deal!.card ?? '').replace(/\D/g, '');
    expect(await ids(digits.slice(-7))).toContain(opened[1]);
    expect(await ids(digits.slice(-7))).not.toContain(opened[0]);
    // A LIKE wildcard typed by the user is a plain character, not "anything".
    expect(await ids('%')).toEqual([]);
    // The trader's own list is searched within their disputes only.
    expect(
      (await get(first.traderCookie, `${API.disputes.list}?search=${opened[1]!.slice(0, 13)}`)).json()
        .results,
    ).toEqual([]);
  });

  it('role, Telegram requirement (400, never 403), list shapes per role and create by support', async () => {
    const deal = await dealInVerification();
    const support = await signedInUser(t, { role: 'support' });
    const unlinked = await signedInUser(t, { role: 'trader' });
    const refused = await get(unlinked.cookie, API.disputes.list);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: DISPUTE_MESSAGES.telegramRequired });
    expect((await get(unlinked.cookie, API.disputes.userRole)).statusCode).toBe(400);
    expect((await get(deal.traderCookie, API.disputes.userRole)).json()).toEqual({
      role: 'trader',
      telegram_required: true,
    });
    expect((await get(deal.merchantCookie, API.disputes.userRole)).json()).toEqual({
      role: 'merchant',
      telegram_required: true,
    });
    expect((await get(support.cookie, API.disputes.userRole)).json()).toEqual({
      role: 'support',
      telegram_required: true,
    });

    // Create by support: 403 for others, 400 invalid data, 404 unknown transaction, 201 multipart.
    const boundary = 'x-boundary';
    const form = (fields: Record<string, string>) => {
      const parts = Object.entries(fields).map(
        ([name, value]) =>
          `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
      return `${parts.join('')}--${boundary}--\r\n`;
    };
    const create = (cookie: string, fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `${t.prefix}${API.disputes.createBySupport}`,
        headers: { ...headers(cookie), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: form(fields),
      });
    expect((await create(deal.merchantCookie, { transaction_id: deal.dealId, note: 'x' })).statusCode).toBe(
      403,
    );
    expect((await create(support.cookie, { transaction_id: 'nope', note: 'x' })).statusCode).toBe(400);
    expect((await create(support.cookie, { transaction_id: randomUUID(), note: 'x' })).statusCode).toBe(404);
    const created = await create(support.cookie, { transaction_id: deal.dealId, note: 'Жалоба плательщика' });
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(Object.keys(item).sort()).toEqual(
      [
        'comments',
        'created_at',
        'files_from_merchant',
        'files_from_trader',
        'id',
        'opened_by',
        'reason',
        'status',
        'transaction',
        'updated_at',
      ].sort(),
    );
    expect(item).toMatchObject({ reason: 'Жалоба плательщика', opened_by: 'support' });
    expect(item.transaction).toEqual({
      amount: 50,
      amount_rub: '5000.00',
      profit: 1,
      order_type: 'sbp',
      payment_details: {
        phone_number: expect.any(String),
        card: null,
        bank: { name: expect.any(String) },
        currency: { symbol: '₽' },
      },
    });

    const traderList = (await get(deal.traderCookie, API.disputes.list)).json();
    expect(traderList).toMatchObject({ count: 1, total_items: 1, support_data: [] });
    expect(traderList.results.map((r: { id: string }) => r.id)).toEqual([item.id]);
    const merchantList = (
      await get(deal.merchantCookie, `${API.disputes.list}?status=waiting,consideration`)
    ).json();
    expect(merchantList.results[0].transaction.profit).toBe(48.5);
    const other = await dealInVerification();
    expect((await get(other.traderCookie, API.disputes.list)).json()).toMatchObject({
      count: 0,
      results: [],
    });
    expect((await get(other.traderCookie, API.disputes.detail(item.id))).statusCode).toBe(404);
    const supportList = (await get(support.cookie, `${API.disputes.list}?page_size=100`)).json();
    expect(supportList.support_data).toContain(item.id);

    const detail = (await get(deal.traderCookie, API.disputes.detail(item.id))).json();
    expect(detail).toMatchObject({ id: item.id, deal_id: deal.dealId, files: [] });
    expect(detail.history[0]).toMatchObject({ actor_role: 'support', action: 'opened', status: 'waiting' });
    // Who exactly acted is support's to see (the audit); a side sees the role only.
    expect(detail.history[0]).not.toHaveProperty('actor');
    const supportDetail = (await get(support.cookie, API.disputes.detail(item.id))).json();
    expect(supportDetail.history[0]).toMatchObject({ actor_role: 'support', actor: support.email });
    // Support's note is the reason both the trader and support read in the detail.
    expect(detail).toMatchObject({ reason: 'Жалоба плательщика', opened_by: 'support' });
    expect(supportDetail).toMatchObject({ reason: 'Жалоба плательщика', opened_by: 'support' });
  });

  it('the merchant’s statement is the reason the trader and support read, in the list and the detail', async () => {
    const deal = await dealInVerification();
    const statement = 'Клиент оплатил 5000 ₽ в 12:40, чек приложен в кабинете';
    const opened = await openByMerchant(deal.merchant.key, deal.dealId, { reason: statement });
    expect(opened.statusCode).toBe(201);
    const id = opened.json().id as string;
    const support = await signedInUser(t, { role: 'support' });
    for (const cookie of [deal.traderCookie, support.cookie, deal.merchantCookie]) {
      const detail = (await get(cookie, API.disputes.detail(id))).json();
      expect(detail).toMatchObject({ reason: statement, opened_by: 'merchant' });
      expect(detail.transaction).toMatchObject({ amount: 50, amount_rub: '5000.00' });
    }
    const traderList = (await get(deal.traderCookie, API.disputes.list)).json();
    expect(traderList.results[0]).toMatchObject({ id, reason: statement, opened_by: 'merchant' });
    // Support opening without a note still says why the dispute exists.
    const other = await dealInVerification();
    const bare = await t.ctx.disputes.openBySupport(
      { id: support.user.id, role: 'support' },
      { transactionId: other.dealId, note: '  ' },
    );
    const bareDetail = (await get(other.traderCookie, API.disputes.detail(bare.id))).json();
    expect(bareDetail).toMatchObject({ reason: DISPUTE_MESSAGES.openedBySupport, opened_by: 'support' });
  });

  it('with a bot, a move by both sides’ evidence is told by Telegram and reads as evidence, not the deadline', async () => {
    const deal = await dealInVerification();
    const opened = await openByMerchant(deal.merchant.key, deal.dealId, { reason: 'Оплачено' });
    const id = opened.json().id as string;
    await repo.appendHistory(t.database.db, {
      disputeId: id,
      actorRole: 'trader',
      actorId: deal.traderId,
      action: 'file_added',
      fileId: randomUUID(),
      fileName: 'statement.pdf',
      fileSide: 'trader',
      fileSha256: 'c'.repeat(64),
      fileSize: 10,
    });
    expect(await t.ctx.disputes.advanceDue()).toBeGreaterThanOrEqual(1);
    const detail = (await get(deal.traderCookie, API.disputes.detail(id))).json();
    expect(detail.status).toBe('consideration');
    expect(
      detail.history.filter((item: { actor_role: string }) => item.actor_role === 'timer'),
    ).toMatchObject([{ action: 'status', status: 'consideration', cause: 'evidence' }]);
    const told = await t.database.db
      .select({ userId: telegramNotifications.userId, text: telegramNotifications.text })
      .from(telegramNotifications)
      .where(eq(telegramNotifications.text, disputeConsiderationText(deal.dealId, 'evidence')));
    expect(told.map((row) => row.userId).sort()).toEqual([deal.traderId, deal.merchant.id].sort());
    const mailed = await t.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(like(mailOutbox.purpose, 'dispute:%'));
    expect(mailed).toEqual([]);
  });

  it('two support users contend for a block: one gets it, the other 409 and cannot resolve; insufficient leaves the list', async () => {
    const deal = await dealInVerification();
    const opened = await openByMerchant(deal.merchant.key, deal.dealId, { reason: 'Оплачено' });
    const disputeId = opened.json().id as string;
    const first = await signedInUser(t, { role: 'support' });
    const second = await signedInUser(t, { role: 'support' });
    const results = await Promise.all([
      post(first.cookie, API.disputes.block, { dispute_id: disputeId }),
      post(second.cookie, API.disputes.block, { dispute_id: disputeId }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [winner, loser] = results[0]!.statusCode === 200 ? [first, second] : [second, first];
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({
      detail: DISPUTE_MESSAGES.blockedByOther,
    });
    const blockedResolve = await post(loser.cookie, API.disputes.resolve(disputeId), {
      resolution: 'merchant',
      comment: '',
    });
    expect(blockedResolve.statusCode).toBe(409);
    const loserList = (await get(loser.cookie, `${API.disputes.list}?page_size=100`)).json();
    expect(loserList.results.map((r: { id: string }) => r.id)).not.toContain(disputeId);
    // A trader or merchant cannot resolve or block.
    expect(
      (await post(deal.traderCookie, API.disputes.resolve(disputeId), { resolution: 'trader' })).statusCode,
    ).toBe(403);
    expect((await post(deal.merchantCookie, API.disputes.block, { dispute_id: disputeId })).statusCode).toBe(
      403,
    );

    const deep = await post(winner.cookie, API.disputes.resolve(disputeId), {
      resolution: 'insufficient',
      comment: 'Мало',
    });
    expect(deep.json()).toEqual({ detail: DISPUTE_MESSAGES.resolved, status: 'deepconsideration' });
    const winnerList = (await get(winner.cookie, `${API.disputes.list}?page_size=100`)).json();
    expect(winnerList.results.map((r: { id: string }) => r.id)).not.toContain(disputeId);
    // Resolving released the block: the other support user now sees it and decides.
    const done = await post(loser.cookie, API.disputes.resolve(disputeId), {
      resolution: 'trader',
      comment: 'Нет оплаты',
    });
    expect(done.json()).toEqual({ detail: DISPUTE_MESSAGES.resolved, status: 'completed_towards_trader' });
    const twice = await post(loser.cookie, API.disputes.resolve(disputeId), {
      resolution: 'merchant',
      comment: '',
    });
    expect(twice.statusCode).toBe(409);
    expect((await post(winner.cookie, API.disputes.unblock, { dispute_id: disputeId })).statusCode).toBe(200);
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });
});
