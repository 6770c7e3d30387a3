import { readdir } from 'node:fs/promises';
import http from 'node:http';
import { API, DISPUTE_MESSAGES, TOO_MANY_REQUESTS } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOUNDARY,
  cookieOf,
  merchantOpens,
  orderOf,
  PDF,
  pdfOf,
  soleTrader,
  uploadEvidence,
} from '../../../test/dispute-fixtures.ts';
import { setRate } from '../../../test/order-fixtures.ts';
import { createTestApp, signedInUser, TEST_ORIGIN, type TestApp } from '../../../test/test-app.ts';
import { deals, disputeEvidenceHolds, disputeEvidenceUsage, disputeFiles } from '../../db/schema/index.ts';
import { evidenceDir } from './evidence-files.ts';

const HEALTH_TOKEN = 'evidence-limits-health-token';
const GB = 1024 * 1024 * 1024;
const files = (count: number, content = PDF) =>
  Array.from({ length: count }, (_, index) => ({ name: `receipt-${index}.pdf`, content }));

describe('dispute evidence: caps per dispute and budget, free disk space, reads before the body', () => {
  let t: TestApp;
  /** The evidence disk's free bytes as the service and /health read them. */
  let free = 50 * GB;
  beforeAll(async () => {
    t = await createTestApp(
      {
        ROUTING_REQUIRE_TERMINAL: 'false',
        // Files 20 (the default); bytes small enough to reach with a few small files.
        DISPUTE_MAX_BYTES_PER_SIDE: '300000',
        DISPUTE_UPLOADS_PER_MIN: '1000',
        HEALTH_TOKEN,
      },
      { freeDiskBytes: async () => free },
    );
    await setRate(t, '100.00');
  });
  afterAll(() => t.close());

  /** A dispute the merchant opened on a paid deal, with both sides signed in. */
  async function openDispute() {
    const traderId = await soleTrader(t);
    const { merchant, dealId } = await orderOf(t, { to: 'pay' });
    const dispute = await t.ctx.disputes.openByMerchant(merchant.id, dealId, { reason: 'Оплачено' });
    return {
      disputeId: dispute.id,
      traderCookie: await cookieOf(t, traderId),
      merchantCookie: await cookieOf(t, merchant.id),
    };
  }

  const usageOf = async (disputeId: string, budget: 'trader' | 'merchant' | 'support') => {
    const [row] = await t.database.db
      .select({ files: disputeEvidenceUsage.files, bytes: disputeEvidenceUsage.bytes })
      .from(disputeEvidenceUsage)
      .where(and(eq(disputeEvidenceUsage.disputeId, disputeId), eq(disputeEvidenceUsage.budget, budget)));
    return row ?? { files: 0, bytes: 0 };
  };
  const storedFiles = (disputeId: string) =>
    t.database.db.select().from(disputeFiles).where(eq(disputeFiles.disputeId, disputeId));
  const holds = () => t.database.db.select().from(disputeEvidenceHolds);
  /** Files on disk no dispute_files row names (a refused upload's leftovers, `.part` files included). */
  async function orphans() {
    const names = await readdir(evidenceDir(t.ctx.config.DATA_DIR)).catch(() => [] as string[]);
    const rows = await t.database.db.select({ id: disputeFiles.id }).from(disputeFiles);
    const known = new Set(rows.map((row) => row.id));
    return names.filter((name) => !known.has(name));
  }

  /**
   * What parallel uploads may end as: each stored whole or refused with the limit (a refused one stores
   * nothing), at least one refused when together they are over the cap. Which ones win depends on how their
   * reservations interleave: near the cap, all of them can be refused.
   */
  function expectCapHeld(answers: { statusCode: number; json: () => unknown }[]) {
    for (const answer of answers) {
      if (answer.statusCode !== 200) {
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toEqual({ detail: DISPUTE_MESSAGES.evidenceLimit });
      }
    }
    const stored = answers.filter((answer) => answer.statusCode === 200).length;
    expect(stored).toBeLessThan(answers.length);
    return stored;
  }

  it('parallel uploads never pass DISPUTE_MAX_FILES_PER_SIDE; a refused one stores nothing; the other side and support keep their own budgets', async () => {
    const d = await openDispute();
    const answers = await Promise.all(
      [0, 1, 2].map(() => uploadEvidence(t, d.traderCookie, d.disputeId, 'trader', files(8))),
    );
    // 20 files per side: three uploads of 8 would make 24.
    const stored = 8 * expectCapHeld(answers);
    expect(await storedFiles(d.disputeId)).toHaveLength(stored);
    expect(await usageOf(d.disputeId, 'trader')).toEqual({ files: stored, bytes: stored * PDF.length });
    expect(await holds()).toEqual([]);
    expect(await orphans()).toEqual([]);

    // Up to the file: what is left fits, then nothing does.
    for (let left = 20 - stored; left > 0; left -= Math.min(left, 10)) {
      const upload = await uploadEvidence(
        t,
        d.traderCookie,
        d.disputeId,
        'trader',
        files(Math.min(left, 10)),
      );
      expect(upload.statusCode).toBe(200);
    }
    const over = await uploadEvidence(t, d.traderCookie, d.disputeId, 'trader', files(1));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ detail: DISPUTE_MESSAGES.evidenceLimit });
    expect(await storedFiles(d.disputeId)).toHaveLength(20);

    // The merchant's side and support (who arbitrates) are not locked out by the trader's usage.
    expect((await uploadEvidence(t, d.merchantCookie, d.disputeId, 'merchant', files(1))).statusCode).toBe(
      200,
    );
    const support = await signedInUser(t, { role: 'support' });
    expect((await uploadEvidence(t, support.cookie, d.disputeId, 'trader', files(2))).statusCode).toBe(200);
    expect(await usageOf(d.disputeId, 'support')).toEqual({ files: 2, bytes: 2 * PDF.length });
    expect(await usageOf(d.disputeId, 'trader')).toEqual({ files: 20, bytes: 20 * PDF.length });
    expect(await holds()).toEqual([]);
    expect(await orphans()).toEqual([]);
  });

  it('parallel uploads never pass DISPUTE_MAX_BYTES_PER_SIDE: counted exactly, the unused reservation given back', async () => {
    const d = await openDispute();
    const receipt = [{ name: 'big.pdf', content: pdfOf(120_000) }];
    const answers = await Promise.all(
      [0, 1, 2].map(() => uploadEvidence(t, d.merchantCookie, d.disputeId, 'merchant', receipt)),
    );
    // 300 000 bytes per side: three files of 120 000 would make 360 000.
    const stored = expectCapHeld(answers);
    expect(await usageOf(d.disputeId, 'merchant')).toEqual({ files: stored, bytes: stored * 120_000 });
    expect(await holds()).toEqual([]);
    expect(await orphans()).toEqual([]);
    // Up to the byte: what is left fits, then nothing does.
    for (let count = stored; count < 2; count++) {
      expect((await uploadEvidence(t, d.merchantCookie, d.disputeId, 'merchant', receipt)).statusCode).toBe(
        200,
      );
    }
    const rest = [{ name: 'rest.pdf', content: pdfOf(60_000) }];
    expect((await uploadEvidence(t, d.merchantCookie, d.disputeId, 'merchant', rest)).statusCode).toBe(200);
    const oneMore = [{ name: 'one.pdf', content: pdfOf(PDF.length) }];
    expect((await uploadEvidence(t, d.merchantCookie, d.disputeId, 'merchant', oneMore)).statusCode).toBe(
      400,
    );
    expect((await usageOf(d.disputeId, 'merchant')).bytes).toBe(300_000);
    expect(await holds()).toEqual([]);
    expect(await orphans()).toEqual([]);
  });

  it('a reservation left by a process that died mid-upload is given back once it has not moved for an hour', async () => {
    const d = await openDispute();
    // A dead upload's reservation: the whole file budget, never settled or released.
    const dead = await t.ctx.disputes.openEvidenceHold(d.disputeId, 'trader');
    for (let index = 0; index < 20; index++) await dead.quota.reserveFile();
    expect((await uploadEvidence(t, d.traderCookie, d.disputeId, 'trader', files(1))).statusCode).toBe(400);
    // Still moving (under an hour): kept. Silent for over an hour: given back when in the way.
    await t.database.db
      .update(disputeEvidenceHolds)
      .set({ touchedAt: sql`now() - interval '61 minutes'` })
      .where(eq(disputeEvidenceHolds.disputeId, d.disputeId));
    expect((await uploadEvidence(t, d.traderCookie, d.disputeId, 'trader', files(1))).statusCode).toBe(200);
    expect(await usageOf(d.disputeId, 'trader')).toEqual({ files: 1, bytes: PDF.length });
    expect(await holds()).toEqual([]);
    // The dead upload, had it come back, could not record its files on a reservation that is gone.
    await expect(
      t.database.db.transaction((tx) => dead.settle(tx, [{ size: PDF.length }])),
    ).rejects.toMatchObject({ statusCode: 400, body: { detail: DISPUTE_MESSAGES.evidenceLimit } });
  });

  it('under DISK_MIN_FREE_MB free: uploads answer 507 before storing a byte (api/v1 {detail}, merchant/v1 problem); /health says degraded (disk)', async () => {
    const d = await openDispute();
    const health = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${t.prefix}${API.health}`,
          headers: { authorization: `Bearer ${HEALTH_TOKEN}` },
        })
      ).json();
    expect((await health()).components.disk).toMatchObject({ ok: true });
    expect((await health()).components.disk.degraded).toBeUndefined();
    free = 1023 * 1024 * 1024;
    try {
      const refused = await uploadEvidence(t, d.traderCookie, d.disputeId, 'trader', files(1));
      expect(refused.statusCode).toBe(507);
      expect(refused.json()).toEqual({ detail: DISPUTE_MESSAGES.storageFull });
      expect(await usageOf(d.disputeId, 'trader')).toEqual({ files: 0, bytes: 0 });

      await soleTrader(t);
      const { merchant, dealId } = await orderOf(t, { to: 'pay' });
      const opening = await merchantOpens(t, merchant, dealId, files(1));
      expect(opening.statusCode).toBe(507);
      expect(opening.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(opening.json()).toEqual({
        type: 'urn:processing:problem:insufficient-storage',
        title: expect.any(String),
        status: 507,
        detail: DISPUTE_MESSAGES.storageFull,
      });
      const [deal] = await t.database.db.select().from(deals).where(eq(deals.id, dealId));
      expect(deal!.status).toBe('verification');
      expect(await storedFiles(d.disputeId)).toEqual([]);
      expect(await orphans()).toEqual([]);

      const anonymous = await t.app.inject({ method: 'GET', url: `${t.prefix}${API.health}` });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json()).toEqual({ status: 'degraded' });
      expect((await health()).components.disk).toMatchObject({ ok: true, degraded: true });
    } finally {
      free = 50 * GB;
    }
    expect((await uploadEvidence(t, d.traderCookie, d.disputeId, 'trader', files(1))).statusCode).toBe(200);
    expect((await health()).components.disk.degraded).toBeUndefined();
  });

  describe('answered before the body is read (a body that never ends, over a real socket)', () => {
    let address: string;
    beforeAll(async () => {
      address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    /**
     * POSTs the headers and the first bytes of a multipart body that never ends, and resolves with the answer:
     * only a server that answers without reading the body answers at all.
     */
    function answerToEndlessBody(path: string, headers: Record<string, string>, firstFields: string) {
      const request = http.request(new URL(`${t.prefix}${path}`, address), {
        method: 'POST',
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      });
      const answer = new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        request.on('response', (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => {
            body += chunk.toString();
          });
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              type: String(response.headers['content-type']),
              body,
            }),
          );
        });
        request.on('error', reject);
      });
      request.write(
        `${firstFields}--${BOUNDARY}\r\ncontent-disposition: form-data; name="files"; filename="a.pdf"\r\n` +
          'content-type: application/pdf\r\n\r\n',
      );
      request.write(Buffer.concat([PDF, Buffer.alloc(256 * 1024, 1)]));
      return answer.finally(() => request.destroy());
    }
    const field = (name: string, value: string) =>
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

    it('merchant/v1: another merchant’s order answers 404 (problem details) without the body', async () => {
      await soleTrader(t);
      const { dealId } = await orderOf(t, { to: 'pay' });
      const stranger = await orderOf(t, { to: 'pay' });
      const answer = await answerToEndlessBody(
        API.merchant.disputes(dealId),
        { authorization: `Bearer ${stranger.merchant.key}`, 'idempotency-key': 'endless-foreign' },
        field('reason', 'Клиент оплатил'),
      );
      expect(answer.status).toBe(404);
      expect(answer.type).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(answer.body)).toMatchObject({
        type: 'urn:processing:problem:not-found',
        detail: DISPUTE_MESSAGES.transactionNotFound,
      });
      expect(await orphans()).toEqual([]);
    });

    it('api/v1 and merchant/v1: a full disk answers 507 without the body', async () => {
      const d = await openDispute();
      await soleTrader(t);
      const { merchant, dealId } = await orderOf(t, { to: 'pay' });
      free = 100 * 1024 * 1024;
      try {
        const upload = await answerToEndlessBody(
          API.disputes.files(d.disputeId),
          { cookie: d.traderCookie, origin: TEST_ORIGIN },
          field('type', 'trader'),
        );
        expect(upload.status).toBe(507);
        expect(JSON.parse(upload.body)).toEqual({ detail: DISPUTE_MESSAGES.storageFull });
        const opening = await answerToEndlessBody(
          API.merchant.disputes(dealId),
          { authorization: `Bearer ${merchant.key}`, 'idempotency-key': 'endless-full-disk' },
          field('reason', 'Клиент оплатил'),
        );
        expect(opening.status).toBe(507);
        expect(opening.type).toMatch(/^application\/problem\+json/);
      } finally {
        free = 50 * GB;
      }
      expect(await orphans()).toEqual([]);
    });
  });
});

describe('dispute evidence uploads are limited per user (DISPUTE_UPLOADS_PER_MIN)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ROUTING_REQUIRE_TERMINAL: 'false', DISPUTE_UPLOADS_PER_MIN: '1' });
    await setRate(t, '100.00');
  });
  afterAll(() => t.close());

  it('counts each user’s uploads by its id (not its address): past the limit 429, other users unaffected; merchant/v1 counts multipart openings only', async () => {
    const traderId = await soleTrader(t);
    const { merchant, dealId } = await orderOf(t, { to: 'pay' });
    const opened = await merchantOpens(t, merchant, dealId, files(1));
    expect(opened.statusCode).toBe(201);
    const disputeId = opened.json().id as string;
    const traderCookie = await cookieOf(t, traderId);
    const merchantCookie = await cookieOf(t, merchant.id);

    expect((await uploadEvidence(t, traderCookie, disputeId, 'trader', files(1))).statusCode).toBe(200);
    const limited = await uploadEvidence(t, traderCookie, disputeId, 'trader', files(1));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: TOO_MANY_REQUESTS });
    // Every test user comes from 127.0.0.1: the merchant's own count is untouched.
    expect((await uploadEvidence(t, merchantCookie, disputeId, 'merchant', files(1))).statusCode).toBe(200);

    // The merchant API: its one multipart opening this minute is spent; a JSON opening is no upload.
    const second = await orderOf(t, { merchant, to: 'pay' });
    const again = await merchantOpens(t, merchant, second.dealId, files(1));
    expect(again.statusCode).toBe(429);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(again.json()).toMatchObject({ type: 'urn:processing:problem:rate-limited' });
    expect((await merchantOpens(t, merchant, second.dealId)).statusCode).toBe(201);
  });
});
