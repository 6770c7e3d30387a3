import http from 'node:http';
import { Writable } from 'node:stream';
import { API } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pairForwarder,
  smsForwarderJsonBody,
  smsForwarderPingBody,
  smsForwarderSignParam,
  smsGatewayHeaders,
  smsGatewayReceived,
  smsToUrlBody,
} from '../../../test/forwarder-fixtures.ts';
import { sha256 } from '../../../test/sha256.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { selectRow, selectRows } from '../../db/rows.ts';
import { terminalNotifications } from '../../db/schema/index.ts';
import { createLogger } from '../../lib/logger.ts';

/**
 * A forwarder URL's token is a credential written into the path: it must reach no log line (Fastify's own
 * request lines included), no metric and no table (only its SHA-256 is stored). And the one app that streams
 * its body (Incoming SMS to URL: chunked, no Content-Length, \uXXXX text) over a real socket.
 */
const METRICS_TOKEN = 'metrics-token-for-hook-logs-0123';
const SBER_SMS = 'MIR-4821 13:54 Перевод 758р от Марина Петровна А. Баланс: 22393.15р';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp(
    { METRICS_TOKEN, LOG_LEVEL: 'info', OTP_MAX_SENDS_PER_HOUR: '1000' },
    { log: createLogger('info', sink) },
  );
});
afterAll(async () => {
  await t?.close();
});

/** POSTs a body over a real socket in chunks (Transfer-Encoding: chunked, no Content-Length), as the app does. */
async function postChunked(
  url: URL,
  parts: string[],
): Promise<{ status: number; body: string; chunked: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'SMS Forwarder App' },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let body = '';
      response.on('data', (part: Buffer) => {
        body += part.toString();
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body, chunked: request.chunkedEncoding }),
      );
    });
    for (const part of parts) request.write(part);
    request.end();
  });
}

describe('Incoming SMS to URL over a socket', () => {
  it('reads its chunked JSON with \\uXXXX text; a retry is a duplicate', async () => {
    const user = await signedInUser(t);
    const paired = await pairForwarder(t, user, 'sms-to-url');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const received = Date.now() - 2000;
    const body = smsToUrlBody({
      from: '900',
      text: SBER_SMS,
      sentStamp: received - 1000,
      receivedStamp: received,
    });
    expect(body).not.toMatch(/[^\x20-\x7e\n]/);
    const thirds = [body.slice(0, 20), body.slice(20, 90), body.slice(90)];
    const url = new URL(paired.path, address);
    const first = await postChunked(url, thirds);
    expect(first.chunked).toBe(true);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ status: 'unmatched' });
    const retry = await postChunked(url, [body]);
    expect(JSON.parse(retry.body)).toEqual({ status: 'duplicate' });
    const stored = await t.database.db
      .select()
      .from(terminalNotifications)
      .where(eq(terminalNotifications.terminalId, paired.terminal_id));
    expect(
      stored.map((row) => [row.source, row.sender, row.body, row.bank, row.receivedAt.getTime()]),
    ).toEqual([['sms', '900', SBER_SMS, 'sber', received]]);
  });
});

describe('the URL token', () => {
  it('reaches no log line, no metric and no table; only its hash is stored', async () => {
    const user = await signedInUser(t);
    const forwarder = await pairForwarder(t, user, 'smsforwarder');
    const gateway = await pairForwarder(t, user, 'sms-gateway');
    const automation = await pairForwarder(t, user, 'automation');
    const now = Date.now();
    const requests = [
      // A message, a heartbeat, a GET with the sign in its query, a refused signature.
      t.app.inject({
        method: 'POST',
        url: forwarder.path,
        payload: smsForwarderJsonBody(forwarder.secret!, {
          from: '900',
          title: '',
          text: SBER_SMS,
          receivedAt: new Date(now),
          timestamp: now,
        }),
      }),
      t.app.inject({
        method: 'POST',
        url: forwarder.path,
        payload: smsForwarderPingBody(forwarder.secret!, now),
      }),
      t.app.inject({
        method: 'GET',
        url: `${forwarder.path}?type=ping&battery=50&timestamp=${now}&sign=${smsForwarderSignParam(forwarder.secret!, now)}`,
      }),
      t.app.inject({
        method: 'POST',
        url: forwarder.path,
        payload: '{"type":"ping","timestamp":1,"sign":"x"}',
      }),
      (() => {
        const body = smsGatewayReceived({
          id: 'log-test',
          message: SBER_SMS,
          sender: '900',
          receivedAt: new Date().toISOString(),
        });
        return t.app.inject({
          method: 'POST',
          url: gateway.path,
          headers: smsGatewayHeaders(gateway.secret!, body, Math.floor(now / 1000)),
          payload: body,
        });
      })(),
      t.app.inject({ method: 'POST', url: `${automation.path}?sender=900&text=hello&battery=40` }),
      // Unreadable, too large, a path below the token that no route serves.
      t.app.inject({
        method: 'POST',
        url: automation.path,
        headers: { 'content-type': 'text/plain' },
        payload: 'garbage',
      }),
      t.app.inject({ method: 'POST', url: automation.path, payload: `text=${'x'.repeat(70_000)}` }),
      t.app.inject({ method: 'POST', url: `${automation.path}/extra?battery=1` }),
    ];
    const statuses = (await Promise.all(requests)).map((response) => response.statusCode);
    expect(statuses).toEqual([200, 200, 200, 401, 200, 200, 400, 413, 404]);
    // A new URL: the old token and the new one are both credentials that were once valid.
    const renewed = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.terminals.hookUrl(automation.terminal_id)}`,
      headers: { cookie: user.cookie },
    });
    const newToken = new URL(renewed.json().webhook_url as string).pathname.split('/').at(-1)!;
    expect(
      (await t.app.inject({ method: 'POST', url: `${t.prefix}${API.device.hook(newToken)}?battery=2` }))
        .statusCode,
    ).toBe(200);
    const metrics = await t.app.inject({
      method: 'GET',
      url: `${t.prefix}${API.metrics}`,
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.statusCode).toBe(200);

    const tokens = [forwarder.token, gateway.token, automation.token, newToken];
    const secrets = [forwarder.secret!, gateway.secret!];
    const logs = logLines.join('\n');
    for (const token of tokens) {
      expect(logs).not.toContain(token);
      expect(metrics.body).not.toContain(token);
    }
    for (const secret of secrets) expect(logs).not.toContain(secret);
    const hookLines = logLines
      .map(
        (line) =>
          JSON.parse(line) as { route?: string; msg?: string; terminalId?: string; req?: { url?: string } },
      )
      .filter((line) => line.route === `${t.prefix}/device/v1/hooks/:token`);
    expect(hookLines.length).toBeGreaterThan(10);
    const incoming = hookLines.filter((line) => line.msg === 'incoming request');
    expect(new Set(incoming.map((line) => line.req?.url))).toEqual(
      new Set([`${t.prefix}/device/v1/hooks/…`]),
    );
    expect(
      hookLines.some((line) => line.msg === 'request completed' && line.terminalId === forwarder.terminal_id),
    ).toBe(true);
    expect(metrics.body).toContain('/device/v1/hooks/:token');

    const tables = await selectRows<{ table_name: string }>(
      t.database.db,
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
    );
    const names = tables.map((row) => row.table_name);
    expect(names).toContain('terminals');
    const holding = async (text: string) => {
      const found: string[] = [];
      for (const name of names) {
        const counted = await selectRow<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from ${sql.identifier(name)} r where position(${text} in r::text) > 0`,
        );
        if (counted!.n > 0) found.push(name);
      }
      return found;
    };
    for (const token of tokens) expect(await holding(token)).toEqual([]);
    expect(await holding(sha256(forwarder.token))).toEqual(['terminals']);
  });
});
