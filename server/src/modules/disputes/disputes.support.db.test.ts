import { API, DISPUTE_MESSAGES } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, linkTelegram } from '../../../test/dispute-fixtures.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { merchantWithKey, postOrder, routableMethod, setRate, USDT } from '../../../test/order-fixtures.ts';
import { createTestApp, signedInUser, TEST_ORIGIN, type TestApp } from '../../../test/test-app.ts';
import { disputes as disputesTable } from '../../db/schema/index.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 1)]);
const boundary = 'support-boundary';

/** A multipart body of text fields and files. */
const form = (fields: Record<string, string>, files: { name: string; content: Buffer }[] = []) =>
  multipartBody(boundary, fields, files);

/**
 * Support's side of disputes with a clock: blocks expire after DISPUTE_BLOCK_TTL_MIN, a block stops every
 * other support user's action (verdict, deletion, upload), create-by-support without a comment, and the
 * list's sorting and paging (spec §9: 10 per page, created_at descending by default).
 */
describe('disputes: support blocks, create-by-support, list order and pages', () => {
  let t: TestApp;
  let now = new Date('2032-03-01T09:00:00Z');
  beforeAll(async () => {
    t = await createTestApp(
      { ROUTING_REQUIRE_TERMINAL: 'false', DISPUTE_BLOCK_TTL_MIN: '30' },
      { now: () => now },
    );
  });
  afterAll(() => t.close());

  const headers = (cookie: string) => ({ cookie, origin: TEST_ORIGIN });
  const get = (cookie: string, url: string) =>
    t.app.inject({ method: 'GET', url: `${t.prefix}${url}`, headers: headers(cookie) });
  const post = (cookie: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${t.prefix}${url}`, headers: headers(cookie), payload });
  const postForm = (cookie: string, url: string, body: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: `${t.prefix}${url}`,
      headers: { ...headers(cookie), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  /** A deal in verification of `merchant` for `amount` roubles (100 ₽/USDT), on its own trader. */
  async function paidDeal(merchant: { key: string }, amount: string) {
    await setRate(t, '100.00');
    const { traderId } = await routableMethod(t, { balanceUsdt: 200n * USDT });
    const order = await postOrder(t, merchant.key, { amount });
    expect(order.statusCode).toBe(201);
    const paid = await t.app.inject({ method: 'POST', url: `${t.prefix}${API.payer.paid(order.json().id)}` });
    expect(paid.statusCode).toBe(200);
    return { dealId: order.json().id as string, traderId };
  }

  const minutes = (count: number) => {
    now = new Date(now.getTime() + count * 60_000);
  };

  it('a block keeps every other support user out (verdict, deletion, upload, list) until it expires after DISPUTE_BLOCK_TTL_MIN', async () => {
    const merchant = await merchantWithKey(t);
    const { dealId, traderId } = await paidDeal(merchant, '5000.00');
    await linkTelegram(t, traderId);
    const dispute = await t.ctx.disputes.openByMerchant(merchant.id, dealId, { reason: 'Оплачено' });
    const traderCookie = await cookieOf(t, traderId);
    const upload = await postForm(
      traderCookie,
      API.disputes.files(dispute.id),
      form({ type: 'trader' }, [{ name: 'чек.pdf', content: PDF }]),
    );
    expect(upload.statusCode).toBe(200);
    const fileId = (upload.json().urls as string[])[0]!.split('/').filter(Boolean).at(-1)!;
    const holder = await signedInUser(t, { role: 'support' });
    const other = await signedInUser(t, { role: 'support' });
    const listed = async (cookie: string) =>
      (await get(cookie, `${API.disputes.list}?page_size=100`)).json() as {
        results: { id: string }[];
        support_data: string[];
      };

    expect((await post(holder.cookie, API.disputes.block, { dispute_id: dispute.id })).statusCode).toBe(200);
    const refusedEverywhere = async () => {
      const block = await post(other.cookie, API.disputes.block, { dispute_id: dispute.id });
      expect(block.statusCode).toBe(409);
      expect(block.json()).toEqual({ detail: DISPUTE_MESSAGES.blockedByOther });
      const resolve = await post(other.cookie, API.disputes.resolve(dispute.id), {
        resolution: 'merchant',
        comment: '',
      });
      expect(resolve.statusCode).toBe(409);
      const deletion = await t.app.inject({
        method: 'DELETE',
        url: `${t.prefix}${API.disputes.file(dispute.id, fileId)}?type=trader`,
        headers: headers(other.cookie),
      });
      expect(deletion.statusCode).toBe(409);
      expect(deletion.json()).toEqual({ detail: DISPUTE_MESSAGES.blockedByOther });
      const supportUpload = await postForm(
        other.cookie,
        API.disputes.files(dispute.id),
        form({ type: 'merchant' }, [{ name: 'выписка.pdf', content: PDF }]),
      );
      expect(supportUpload.statusCode).toBe(409);
      const list = await listed(other.cookie);
      expect(list.results.map((item) => item.id)).not.toContain(dispute.id);
      expect(list.support_data).not.toContain(dispute.id);
    };
    await refusedEverywhere();
    // The holder's list shows it as actionable.
    expect((await listed(holder.cookie)).support_data).toContain(dispute.id);

    // 29 minutes on the block still stands; the holder renews it (the modal still open), so it lasts.
    minutes(29);
    await refusedEverywhere();
    expect((await post(holder.cookie, API.disputes.block, { dispute_id: dispute.id })).statusCode).toBe(200);
    minutes(2);
    await refusedEverywhere();

    // A vanished session: 30 minutes after the last renewal the block has expired.
    minutes(29);
    const list = await listed(other.cookie);
    expect(list.results.map((item) => item.id)).toContain(dispute.id);
    expect(list.support_data).toContain(dispute.id);
    expect((await post(other.cookie, API.disputes.block, { dispute_id: dispute.id })).statusCode).toBe(200);
    // Now the first holder is the outsider: its verdict is refused; the new holder decides.
    expect(
      (
        await post(holder.cookie, API.disputes.resolve(dispute.id), {
          resolution: 'merchant',
          comment: '',
        })
      ).statusCode,
    ).toBe(409);
    const decided = await post(other.cookie, API.disputes.resolve(dispute.id), {
      resolution: 'trader',
      comment: 'Поступления нет',
    });
    expect(decided.json()).toEqual({ detail: DISPUTE_MESSAGES.resolved, status: 'completed_towards_trader' });
    expect(await t.ctx.ledger.verify()).toEqual([]);
  });

  it('create-by-support takes an empty or missing comment (optional, spec §5); 400 for a bad id, 404 for an unknown one', async () => {
    const merchant = await merchantWithKey(t);
    const support = await signedInUser(t, { role: 'support' });
    const first = await paidDeal(merchant, '5000.00');
    const withEmptyNote = await postForm(
      support.cookie,
      API.disputes.createBySupport,
      form({ transaction_id: first.dealId, note: '' }),
    );
    expect(withEmptyNote.statusCode).toBe(201);
    expect(withEmptyNote.json()).toMatchObject({ status: 'waiting', comments: null });
    const [row] = await t.database.db
      .select()
      .from(disputesTable)
      .where(eq(disputesTable.id, withEmptyNote.json().id));
    expect(row).toMatchObject({ reason: DISPUTE_MESSAGES.openedBySupport, openedByRole: 'support' });

    const second = await paidDeal(merchant, '5100.00');
    const withoutNote = await postForm(
      support.cookie,
      API.disputes.createBySupport,
      form({ transaction_id: second.dealId }),
    );
    expect(withoutNote.statusCode).toBe(201);
    const badId = await postForm(support.cookie, API.disputes.createBySupport, form({ transaction_id: 'x' }));
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({ detail: DISPUTE_MESSAGES.invalidData });
    const unknown = await postForm(
      support.cookie,
      API.disputes.createBySupport,
      form({ transaction_id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: DISPUTE_MESSAGES.transactionNotFound });
  });

  it('pages of 10, created_at descending by default; sorts by amount, id and status both ways; status as a comma list', async () => {
    const merchant = await merchantWithKey(t);
    await linkTelegram(t, merchant.id);
    const opened: { id: string; amount: number }[] = [];
    // 12 disputes a minute apart, amounts not in creation order.
    const amounts = [5300, 5000, 5800, 5100, 6000, 5200, 5900, 5400, 5700, 5500, 6100, 5600];
    for (const amount of amounts) {
      minutes(1);
      const { dealId } = await paidDeal(merchant, `${amount}.00`);
      const dispute = await t.ctx.disputes.openByMerchant(merchant.id, dealId, { reason: 'Оплачено' });
      opened.push({ id: dispute.id, amount: amount / 100 });
    }
    const support = await signedInUser(t, { role: 'support' });
    const [deep, decided] = [opened[0]!, opened[1]!];
    await t.ctx.disputes.resolve({ id: support.user.id, role: 'support' }, deep.id, {
      resolution: 'insufficient',
      comment: '',
    });
    await t.ctx.disputes.resolve({ id: support.user.id, role: 'support' }, decided.id, {
      resolution: 'merchant',
      comment: '',
    });
    const cookie = await cookieOf(t, merchant.id);
    const page = async (query: string) => {
      const answer = await get(cookie, `${API.disputes.list}${query}`);
      expect(answer.statusCode).toBe(200);
      return answer.json() as {
        count: number;
        total_items: number;
        results: { id: string; status: string; transaction: { amount: number } }[];
      };
    };
    const newestFirst = [...opened].reverse().map((item) => item.id);
    const first = await page('');
    expect(first).toMatchObject({ count: 12, total_items: 12 });
    expect(first.results.map((item) => item.id)).toEqual(newestFirst.slice(0, 10));
    const second = await page('?page=2');
    expect(second.results.map((item) => item.id)).toEqual(newestFirst.slice(10));
    expect((await page('?sort=created_at&order=asc&page_size=12')).results.map((item) => item.id)).toEqual(
      opened.map((item) => item.id),
    );

    const byAmount = [...opened].sort((a, b) => a.amount - b.amount);
    expect((await page('?sort=amount&order=asc')).results.map((item) => item.transaction.amount)).toEqual(
      byAmount.slice(0, 10).map((item) => item.amount),
    );
    expect(
      (await page('?sort=amount&order=desc&page=2')).results.map((item) => item.transaction.amount),
    ).toEqual(
      [...byAmount]
        .reverse()
        .slice(10)
        .map((item) => item.amount),
    );
    const byId = opened.map((item) => item.id).sort();
    expect((await page('?sort=id&order=asc&page_size=12')).results.map((item) => item.id)).toEqual(byId);
    expect((await page('?sort=id&order=desc&page_size=12')).results.map((item) => item.id)).toEqual(
      [...byId].reverse(),
    );
    const byStatus = (await page('?sort=status&order=asc&page_size=12')).results.map((item) => item.status);
    expect(byStatus).toEqual([...byStatus].sort());
    expect(new Set(byStatus)).toEqual(
      new Set(['waiting', 'deepconsideration', 'completed_towards_merchant']),
    );

    const filtered = await page('?status=deepconsideration,completed_towards_merchant');
    expect(filtered.count).toBe(2);
    expect(filtered.results.map((item) => item.id).sort()).toEqual([deep.id, decided.id].sort());
    expect((await page('?status=waiting')).count).toBe(10);
    expect((await get(cookie, `${API.disputes.list}?status=unknown`)).statusCode).toBe(400);
    expect((await get(cookie, `${API.disputes.list}?sort=reason`)).statusCode).toBe(400);
  });
});
