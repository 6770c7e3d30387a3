import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import { API, DISPUTE_MESSAGES } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, linkTelegram, paidDealOfLinkedSides } from '../../../test/dispute-fixtures.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { postOrder, setRate } from '../../../test/order-fixtures.ts';
import { createTestApp, signedInUser, TEST_ORIGIN, type TestApp } from '../../../test/test-app.ts';
import { disputeFiles } from '../../db/schema/index.ts';
import { EVIDENCE_MAX_BYTES, evidenceDir, evidencePath } from './evidence-files.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100, 1)]);
/** The first box of an ISO MP4: size, `ftyp`, brand `isom`. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), Buffer.alloc(200, 2)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100, 3)]);
const sha = (content: Buffer) => createHash('sha256').update(content).digest('hex');

describe('dispute evidence files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ROUTING_REQUIRE_TERMINAL: 'false' });
    await setRate(t, '100.00');
  });
  afterAll(() => t.close());

  const headers = (cookie: string) => ({ cookie, origin: TEST_ORIGIN });
  async function openDispute() {
    const { merchant, traderId, dealId } = await paidDealOfLinkedSides(t);
    const dispute = await t.ctx.disputes.openByMerchant(merchant.id, dealId, { reason: 'Оплачено' });
    return {
      disputeId: dispute.id,
      merchantCookie: await cookieOf(t, merchant.id),
      traderCookie: await cookieOf(t, traderId),
    };
  }

  const boundary = 'evidence-boundary';
  const form = (type: string | null, files: { name: string; content: Buffer }[]) =>
    multipartBody(boundary, type === null ? {} : { type }, files);
  const upload = (
    cookie: string,
    disputeId: string,
    type: string | null,
    files: { name: string; content: Buffer }[],
  ) =>
    t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.disputes.files(disputeId)}`,
      headers: { ...headers(cookie), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: form(type, files),
    });
  const fetchUrl = (cookie: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: headers(cookie) });
  /** GET api/v1/disputes/{id}/ as the signed-in user: the detail's JSON. */
  const detailOf = async (cookie: string, disputeId: string) =>
    (await fetchUrl(cookie, `${t.prefix}${API.disputes.detail(disputeId)}`)).json();

  it('each side uploads its own evidence, streamed with SHA-256; files are served only to the sides spec §6 allows', async () => {
    const d = await openDispute();
    const traderUp = await upload(d.traderCookie, d.disputeId, 'trader', [
      { name: 'чек.pdf', content: PDF },
      { name: 'video.mp4', content: MP4 },
    ]);
    expect(traderUp.statusCode).toBe(200);
    expect(traderUp.json().detail).toBe(DISPUTE_MESSAGES.filesUploaded);
    const [pdfUrl, mp4Url] = traderUp.json().urls as string[];
    const rows = await t.database.db
      .select()
      .from(disputeFiles)
      .where(eq(disputeFiles.disputeId, d.disputeId));
    // Stored read-only under DATA_DIR/files/<id>, with the bytes the hash was taken of.
    for (const row of rows) {
      const stored = evidencePath(t.ctx.config.DATA_DIR, row.id);
      expect((await stat(stored)).mode & 0o777).toBe(0o400);
      expect(sha(await readFile(stored))).toBe(row.sha256);
    }
    expect(rows.map((row) => [row.contentType, row.sha256, row.sizeBytes]).sort()).toEqual(
      [
        ['application/pdf', sha(PDF), PDF.length],
        ['video/mp4', sha(MP4), MP4.length],
      ].sort(),
    );
    // The trader may not add merchant evidence.
    expect(
      (await upload(d.traderCookie, d.disputeId, 'merchant', [{ name: 'a.pdf', content: PDF }])).statusCode,
    ).toBe(403);
    const merchantUp = await upload(d.merchantCookie, d.disputeId, 'merchant', [
      { name: 'm.png', content: PDF },
    ]);
    expect(merchantUp.statusCode).toBe(200);
    const [merchantUrl] = merchantUp.json().urls as string[];

    const own = await fetchUrl(d.traderCookie, pdfUrl!);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('чек.pdf')}`);
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expect((await fetchUrl(d.traderCookie, mp4Url!)).headers['content-type']).toBe('video/mp4');
    expect((await fetchUrl(d.traderCookie, merchantUrl!)).statusCode).toBe(404);
    expect((await fetchUrl(d.merchantCookie, pdfUrl!)).statusCode).toBe(404);
    const support = await signedInUser(t, { role: 'support' });
    expect((await fetchUrl(support.cookie, pdfUrl!)).statusCode).toBe(200);
    expect((await fetchUrl(support.cookie, merchantUrl!)).statusCode).toBe(200);
    const outsider = await signedInUser(t, { role: 'trader' });
    await linkTelegram(t, outsider.user.id);
    expect((await fetchUrl(outsider.cookie, pdfUrl!)).statusCode).toBe(404);
    expect(
      (await upload(outsider.cookie, d.disputeId, 'trader', [{ name: 'a.pdf', content: PDF }])).statusCode,
    ).toBe(404);

    const traderDetail = await detailOf(d.traderCookie, d.disputeId);
    expect(traderDetail.files_from_trader).toHaveLength(2);
    expect(traderDetail.files_from_merchant).toEqual([]);
    expect(traderDetail.files.map((f: { side: string }) => f.side)).toEqual(['trader', 'trader']);
    const supportDetail = await detailOf(support.cookie, d.disputeId);
    expect(supportDetail.files).toHaveLength(3);
    expect(supportDetail.history.filter((h: { action: string }) => h.action === 'file_added')).toHaveLength(
      3,
    );
  });

  it('refuses an .exe renamed .pdf and a file of 50 MB + 1 byte, leaving nothing behind', async () => {
    const d = await openDispute();
    const exe = await upload(d.traderCookie, d.disputeId, 'trader', [{ name: 'evil.pdf', content: EXE }]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toEqual({ detail: DISPUTE_MESSAGES.fileBadType });
    const big = Buffer.alloc(EVIDENCE_MAX_BYTES + 1, 0);
    PDF.copy(big);
    const tooBig = await upload(d.traderCookie, d.disputeId, 'trader', [{ name: 'big.pdf', content: big }]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ detail: DISPUTE_MESSAGES.fileTooLarge });
    expect(
      await t.database.db.select().from(disputeFiles).where(eq(disputeFiles.disputeId, d.disputeId)),
    ).toEqual([]);
    const leftovers = (await readdir(evidenceDir(t.ctx.config.DATA_DIR))).filter((name) =>
      name.endsWith('.part'),
    );
    expect(leftovers).toEqual([]);
  });

  it('streams an upload to disk as it arrives (a 50 MB + 1 byte file is on disk in part before it is refused), not into memory', async () => {
    const d = await openDispute();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const head = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="type"\r\n\r\ntrader\r\n` +
          `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="big.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
      ),
      PDF,
    ]);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const fileBytes = EVIDENCE_MAX_BYTES + 1;
    const url = new URL(`${t.prefix}${API.disputes.files(d.disputeId)}`, address);
    const request = http.request(url, {
      method: 'POST',
      headers: {
        ...headers(d.traderCookie),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length - PDF.length + fileBytes + tail.length),
      },
    });
    // The server may answer (and stop reading) before the last byte is sent: writing stops then.
    let answered = false;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        answered = true;
        let body = '';
        response.on('data', (part: Buffer) => {
          body += part.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', (error) => (answered ? undefined : reject(error)));
    });
    const write = (bytes: Buffer) =>
      new Promise<void>((resolve) => {
        if (answered || request.destroyed) return resolve();
        if (request.write(bytes)) return resolve();
        request.once('drain', resolve);
        request.once('close', resolve);
        void answer.then(
          () => resolve(),
          () => resolve(),
        );
      });
    const partSize = async () => {
      const names = (await readdir(evidenceDir(t.ctx.config.DATA_DIR))).filter((n) => n.endsWith('.part'));
      const sizes = await Promise.all(
        names.map(async (n) => (await stat(`${evidenceDir(t.ctx.config.DATA_DIR)}/${n}`)).size),
      );
      return Math.max(0, ...sizes);
    };
    try {
      await write(head);
      let sent = PDF.length;
      // 30 MB in: the bytes are already in the file on disk (the request is not held whole anywhere first).
      while (sent < 30 * chunk.length) {
        await write(chunk);
        sent += chunk.length;
      }
      await expect.poll(partSize, { timeout: 10_000 }).toBeGreaterThan(20 * chunk.length);
      while (sent < fileBytes && !answered) {
        const piece = chunk.subarray(0, Math.min(chunk.length, fileBytes - sent));
        await write(piece);
        sent += piece.length;
      }
      if (!answered) request.end(tail);
      const { status, body } = await answer;
      expect(status).toBe(413);
      expect(JSON.parse(body)).toEqual({ detail: DISPUTE_MESSAGES.fileTooLarge });
      expect(await partSize()).toBe(0);
    } finally {
      request.destroy();
    }
  });

  it('support deletes a file (recorded in history); a completed dispute takes no uploads and loses no files', async () => {
    const d = await openDispute();
    const up = await upload(d.traderCookie, d.disputeId, 'trader', [
      { name: 'a.pdf', content: PDF },
      { name: 'b.pdf', content: PDF },
    ]);
    const [first, second] = (up.json().urls as string[]).map((url) => url.split('/').filter(Boolean).at(-1)!);
    const support = await signedInUser(t, { role: 'support' });
    const del = (cookie: string, fileId: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `${t.prefix}${API.disputes.file(d.disputeId, fileId)}?type=trader`,
        headers: headers(cookie),
      });
    expect((await del(d.traderCookie, first!)).statusCode).toBe(403);
    const deleted = await del(support.cookie, first!);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ detail: DISPUTE_MESSAGES.fileDeleted });
    expect((await del(support.cookie, first!)).statusCode).toBe(404);
    const detail = await detailOf(support.cookie, d.disputeId);
    expect(detail.files.map((f: { id: string }) => f.id)).toEqual([second]);
    expect(detail.history.at(-1)).toMatchObject({
      action: 'file_deleted',
      file: { id: first, sha256: sha(PDF) },
    });

    await t.ctx.disputes.resolve({ id: support.user.id, role: 'support' }, d.disputeId, {
      resolution: 'trader',
      comment: '',
    });
    const late = await upload(d.traderCookie, d.disputeId, 'trader', [{ name: 'c.pdf', content: PDF }]);
    expect(late.statusCode).toBe(409);
    expect((await del(support.cookie, second!)).statusCode).toBe(409);
    expect(
      (await fetchUrl(d.traderCookie, `${t.prefix}${API.disputes.file(d.disputeId, second!)}`)).statusCode,
    ).toBe(200);
  });

  it('evidence given at opening (merchant API multipart, support create) is the merchant side’s', async () => {
    const { merchant, dealId } = await paidDealOfLinkedSides(t);
    const reasonPart = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="reason"\r\n\r\nКлиент оплатил\r\n`,
    );
    const openingKey = randomUUID();
    const openWith = (files: Array<{ name: string; content: Buffer }>) =>
      t.app.inject({
        method: 'POST',
        url: `${t.prefix}${API.merchant.disputes(dealId)}`,
        headers: {
          authorization: `Bearer ${merchant.key}`,
          'idempotency-key': openingKey,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([reasonPart, form(null, files)]),
      });
    const opened = await openWith([{ name: 'receipt.pdf', content: PDF }]);
    expect(opened.statusCode).toBe(201);
    const rows = await t.database.db
      .select()
      .from(disputeFiles)
      .where(eq(disputeFiles.disputeId, opened.json().id));
    expect(rows.map((row) => [row.side, row.sha256])).toEqual([['merchant', sha(PDF)]]);
    // The same key: the same form is answered as the first time; another form (other evidence) is refused.
    const replay = await openWith([{ name: 'receipt.pdf', content: PDF }]);
    expect(replay.statusCode).toBe(201);
    expect(replay.body).toBe(opened.body);
    const otherForm = await openWith([
      { name: 'receipt.pdf', content: Buffer.concat([PDF, Buffer.from('x')]) },
    ]);
    expect(otherForm.statusCode).toBe(422);
    expect(otherForm.headers['content-type']).toContain('application/problem+json');
    const stored = await t.database.db
      .select()
      .from(disputeFiles)
      .where(eq(disputeFiles.disputeId, opened.json().id));
    expect(stored).toHaveLength(1);
    const badType = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.merchant.disputes(dealId)}`,
      headers: {
        authorization: `Bearer ${merchant.key}`,
        'idempotency-key': randomUUID(),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([reasonPart, form(null, [{ name: 'x.pdf', content: EXE }])]),
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.headers['content-type']).toContain('application/problem+json');
    expect(badType.json().detail).toBe(DISPUTE_MESSAGES.fileBadType);

    const second = (await postOrder(t, merchant.key, { amount: '5100.00' })).json();
    await t.app.inject({ method: 'POST', url: `${t.prefix}${API.payer.paid(second.id)}` });
    const support = await signedInUser(t, { role: 'support' });
    const fields = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="transaction_id"\r\n\r\n${second.id}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="note"\r\n\r\nЖалоба\r\n`,
    );
    const created = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.disputes.createBySupport}`,
      headers: { ...headers(support.cookie), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([fields, form(null, [{ name: 'a.png', content: MP4 }])]),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().files_from_merchant).toHaveLength(1);
    expect(created.json().files_from_trader).toEqual([]);
  });
});
