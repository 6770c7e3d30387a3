import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { API } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantWithKey } from '../../test/order-fixtures.ts';
import { createTestApp, STRONG_PASSWORD, sessionCookie, type TestApp } from '../../test/test-app.ts';
import { createLogger } from '../lib/logger.ts';

const METRICS_TOKEN = 'metrics-token-for-logs-0123';

interface Line {
  reqId?: string;
  route?: string | null;
  userId?: string;
  merchantId?: string;
  msg?: string;
}

let t: TestApp;
const raw: string[] = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      raw.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({ METRICS_TOKEN, LOG_LEVEL: 'info' }, { log: createLogger('info', sink) });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `${t.prefix}${url}`, payload, headers });

/** A six-digit code as a token of its own (a timestamp may hold the same digits). */
const standalone = (code: string) => new RegExp(`(?<!\\d)${code}(?!\\d)`);

describe('request logs', () => {
  it('carry reqId, route and the caller, and never a password, code, cookie or bearer token', async () => {
    const email = `logs-${randomUUID()}@example.com`;
    expect((await post(API.auth.register, { email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    const registerCode = t.mailer.lastCode(email);
    const verify = await post(API.auth.verifyOtp, { email, password: STRONG_PASSWORD, otp: registerCode });
    expect(verify.statusCode).toBe(200);
    const firstCookie = sessionCookie(verify.headers['set-cookie']);

    expect((await post(API.auth.login, { email, password: STRONG_PASSWORD })).statusCode).toBe(200);
    const loginCode = t.mailer.lastCode(email);
    const signIn = await post(
      API.auth.loginVerify,
      { email, password: STRONG_PASSWORD, code_otp: loginCode },
      { cookie: firstCookie },
    );
    expect(signIn.statusCode).toBe(200);
    const cookie = sessionCookie(signIn.headers['set-cookie']);

    const check = await t.app.inject({
      method: 'GET',
      url: `${t.prefix}${API.auth.checkUserAuth}`,
      headers: { cookie },
    });
    expect(check.statusCode).toBe(200);
    const userId = check.json().user.id as string;
    expect(userId).toEqual(expect.any(String));

    const merchant = await merchantWithKey(t);
    const order = await t.app.inject({
      method: 'GET',
      url: `${t.prefix}${API.merchant.order(randomUUID())}`,
      headers: { authorization: `Bearer ${merchant.key}` },
    });
    expect(order.statusCode).toBe(404);
    const scrape = await t.app.inject({
      method: 'GET',
      url: `${t.prefix}${API.metrics}`,
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scrape.statusCode).toBe(200);

    const text = raw.join('\n');
    for (const secret of [
      STRONG_PASSWORD,
      firstCookie.split('=')[1]!,
      cookie.split('=')[1]!,
      merchant.key,
      METRICS_TOKEN,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(standalone(registerCode));
    expect(text).not.toMatch(standalone(loginCode));

    const lines = raw.map((line) => JSON.parse(line) as Line);
    const requestLines = lines.filter((line) => line.reqId);
    expect(requestLines.length).toBeGreaterThan(10);
    for (const line of requestLines) expect(line, JSON.stringify(line)).toHaveProperty('route');

    const completed = (route: string) =>
      requestLines.filter((line) => line.msg === 'request completed' && line.route === `${t.prefix}${route}`);
    expect(completed(API.auth.loginVerify)).toHaveLength(1);
    expect(completed(API.auth.checkUserAuth).map((line) => line.userId)).toEqual([userId]);
    expect(completed(API.merchant.order(':id')).map((line) => line.merchantId)).toEqual([merchant.id]);
    const incoming = requestLines.filter((line) => line.msg === 'incoming request');
    expect(incoming.map((line) => line.route)).toContain(`${t.prefix}${API.auth.register}`);
    // One request id per request, on its incoming and completed lines alike.
    const checkId = completed(API.auth.checkUserAuth)[0]!.reqId;
    expect(requestLines.filter((line) => line.reqId === checkId).map((line) => line.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });
});
