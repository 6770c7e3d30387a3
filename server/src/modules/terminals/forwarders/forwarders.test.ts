import fs from 'node:fs';
import path from 'node:path';
import {
  AUTOMATION_JSON_TEMPLATE,
  HOOK_MAX_CLOCK_SKEW_MS,
  SMS_GATEWAY_EVENTS,
  SMSFORWARDER_MESSAGE_TEMPLATE,
  SMSFORWARDER_PING_TEMPLATE,
} from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  javaUrlEncode,
  okHttpFormEncode,
  smsForwarderDefaultContent,
  smsForwarderDefaultForm,
  smsForwarderJsonBody,
  smsForwarderPingBody,
  smsForwarderSignParam,
  smsGatewayHeaders,
  smsGatewayPing,
  smsGatewayReceived,
  smsToUrlBody,
} from '../../../../test/forwarder-fixtures.ts';
import { ProblemError } from '../../../lib/problem.ts';
import { batteryOf, sourceOfSender, zonedTimeOf } from './hook-fields.ts';
import { type HookRequest, hookItemId, readHookRequest } from './index.ts';
import {
  decodeUntilStable,
  smsForwarderSign,
  smsGatewaySignature,
  verifySmsForwarder,
  verifySmsGateway,
} from './signatures.ts';
import { readFormattedContent } from './smsforwarder.ts';
import { parseTolerantJson } from './tolerant-json.ts';

const SECRET = 'Qx7Lm2Vt9Rk4Pz8Wn3Hs6Jd1';
const NOW = new Date('2026-11-23T12:02:30.000Z');
const SBER = 'ru.sberbankmobile';
const SBER_TITLE = 'Перевод по СБП от АРТЁМ АНДРЕЕВИЧ М.';
const SBER_PUSH = 'Т‑Банк + 8 431,84 ₽ Плат. счёт •• 3055';
const SBER_SMS = 'MIR-4821 13:54 Перевод 758р от Марина Петровна А. Баланс: 22393.15р';

type RequestParts = Partial<Omit<HookRequest, 'body'>> & { body?: string };
const request = (parts: RequestParts): HookRequest => ({
  method: parts.method ?? 'POST',
  headers: parts.headers ?? {},
  query: parts.query ?? '',
  body: parts.body === undefined ? undefined : Buffer.from(parts.body),
});

/** The problem a reading throws: its status and detail. */
function refusal(read: () => unknown): { status: number; detail: string } {
  try {
    read();
  } catch (error) {
    if (error instanceof ProblemError) return { status: error.statusCode, detail: error.problem.detail };
    throw error;
  }
  throw new Error('not refused');
}

describe('the apps’ signatures (test vectors)', () => {
  it('SmsForwarder: SEC123 at 1700000000000 signs lkcPI1uoxBY1gUnCnnPH1Kkru0Hqjo7rFpA3haIVhEQ%3D', () => {
    expect(smsForwarderSign('SEC123', '1700000000000')).toBe('lkcPI1uoxBY1gUnCnnPH1Kkru0Hqjo7rFpA3haIVhEQ=');
    expect(smsForwarderSignParam('SEC123', 1_700_000_000_000)).toBe(
      'lkcPI1uoxBY1gUnCnnPH1Kkru0Hqjo7rFpA3haIVhEQ%3D',
    );
    const now = new Date(1_700_000_000_000 + 60_000);
    // The encoded form (JSON, form fields after decoding), the plain base64 (GET without template) and the
    // form body's double encoding all pass.
    for (const sign of [
      'lkcPI1uoxBY1gUnCnnPH1Kkru0Hqjo7rFpA3haIVhEQ%3D',
      'lkcPI1uoxBY1gUnCnnPH1Kkru0Hqjo7rFpA3haIVhEQ=',
      'lkcPI1uoxBY1gUnCnnPH1Kkru0Hqjo7rFpA3haIVhEQ%253D',
    ]) {
      expect(verifySmsForwarder({ secret: 'SEC123', timestamp: '1700000000000', sign, now })).toBe(
        1_700_000_000_000,
      );
    }
    expect(decodeUntilStable('a%252Bb%253D')).toBe('a+b=');
    // A plus is never a space here: base64 has pluses.
    expect(decodeUntilStable('a+b')).toBe('a+b');
  });

  it('SmsForwarder: a wrong sign, another timestamp, a stale or future one, no sign at all: 401', () => {
    const now = new Date(1_700_000_000_000);
    const sign = 'lkcPI1uoxBY1gUnCnnPH1Kkru0Hqjo7rFpA3haIVhEQ%3D';
    const check = (input: { secret?: string; timestamp?: string; sign?: string; at?: number }) =>
      refusal(() =>
        verifySmsForwarder({
          secret: input.secret ?? 'SEC123',
          timestamp: 'timestamp' in input ? input.timestamp : '1700000000000',
          sign: 'sign' in input ? input.sign : sign,
          now: new Date(input.at ?? now.getTime()),
        }),
      ).status;
    expect(check({ secret: 'SEC124' })).toBe(401);
    expect(check({ sign: sign.replace('lkc', 'lkd') })).toBe(401);
    expect(check({ timestamp: '1700000000001' })).toBe(401);
    expect(check({ sign: undefined })).toBe(401);
    expect(check({ timestamp: undefined })).toBe(401);
    expect(check({ sign: '%E0%A4%A' })).toBe(401);
    expect(check({ at: now.getTime() + HOOK_MAX_CLOCK_SKEW_MS + 1 })).toBe(401);
    expect(check({ at: now.getTime() - HOOK_MAX_CLOCK_SKEW_MS - 1 })).toBe(401);
    // Exactly at the edge of the window is still fresh.
    expect(
      verifySmsForwarder({
        secret: 'SEC123',
        timestamp: '1700000000000',
        sign,
        now: new Date(now.getTime() + HOOK_MAX_CLOCK_SKEW_MS),
      }),
    ).toBe(1_700_000_000_000);
  });

  it('SMS Gateway: key ab12CD34 at 1719046000 signs the documented body 0e723d…', () => {
    const body =
      '{"id":"Ey6ECgOkVVFjz3CL48B8C","webhookId":"LreFUt-Z3sSq0JufY9uWB","event":"sms:received","deviceId":"ffffffffceb0b1db0000018e937c815b","payload":{"message":"Test","receivedAt":"2024-06-22T15:46:11.000+07:00","messageId":"abc123","sender":"6505551212","simNumber":1,"phoneNumber":"6505551212"}}';
    const expected = '0e723d855d7c794f6bd33b411300b8e819faedab77b18a6d828aabc464f4f7ca';
    expect(smsGatewaySignature('ab12CD34', Buffer.from(body), '1719046000')).toBe(expected);
    const at = new Date(1_719_046_000_000 + 30_000);
    const verify = (overrides: { body?: string; signature?: string; timestamp?: string; now?: Date }) => () =>
      verifySmsGateway({
        secret: 'ab12CD34',
        body: Buffer.from(overrides.body ?? body),
        signature: overrides.signature ?? expected,
        timestamp: overrides.timestamp ?? '1719046000',
        now: overrides.now ?? at,
      });
    expect(verify({})).not.toThrow();
    expect(verify({ signature: expected.toUpperCase() })).not.toThrow();
    // One byte of the body, the timestamp or the key changed: refused.
    expect(refusal(verify({ body: body.replace('Test', 'Tesu') })).status).toBe(401);
    expect(refusal(verify({ timestamp: '1719046001' })).status).toBe(401);
    expect(
      refusal(verify({ now: new Date(1_719_046_000_000 + HOOK_MAX_CLOCK_SKEW_MS + 1000) })).detail,
    ).toMatch(/часы телефона/);
  });
});

describe('SmsForwarder requests', () => {
  const read = (parts: RequestParts) =>
    readHookRequest('smsforwarder', request(parts), { secret: SECRET, now: NOW });
  const timestamp = NOW.getTime() - 2000;
  const receivedAt = new Date(NOW.getTime() - 5000);

  it('our JSON template, a push: package as sender, title kept, receive time with its offset', () => {
    const body = smsForwarderJsonBody(SECRET, {
      from: SBER,
      title: SBER_TITLE,
      text: SBER_PUSH,
      receivedAt,
      timestamp,
      battery: '64%',
    });
    expect(body).toContain('"receive_time":"2026-11-23T15:02:25.000+0300"');
    const reading = read({ body, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(reading).toEqual({
      kind: 'message',
      battery: 64,
      message: {
        source: 'push',
        sender: SBER,
        title: SBER_TITLE,
        text: SBER_PUSH,
        receivedAt,
        identity: { minute: String(Math.floor(receivedAt.getTime() / 60_000)) },
      },
    });
  });

  it('our JSON template, an SMS: the SIM in [title] is dropped, Gson’s \\u003d escapes decoded', () => {
    const text = 'Код=1234 <не сообщайте> & никому';
    const body = smsForwarderJsonBody(SECRET, {
      from: '900',
      title: 'SIM1_МТС',
      text,
      receivedAt,
      timestamp,
    });
    expect(body).toContain('\\u003d');
    const reading = read({ body });
    expect(reading).toMatchObject({
      kind: 'message',
      message: { source: 'sms', sender: '900', title: null, text },
    });
  });

  it('the default form: raw text and title out of the formatted content, the sign double-encoded', () => {
    const content = smsForwarderDefaultContent(
      {
        from: SBER,
        text: `${SBER_PUSH}\nвторая строка`,
        slot: SBER_TITLE,
        type: 'app',
        localTime: '2026-11-23 15:02:25',
      },
      'Pixel 8',
    );
    const body = smsForwarderDefaultForm(SECRET, SBER, content, timestamp);
    expect(body).toContain('%253D');
    expect(read({ body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).toEqual({
      kind: 'message',
      message: {
        source: 'push',
        sender: SBER,
        title: SBER_TITLE,
        text: `${SBER_PUSH}\nвторая строка`,
        receivedAt: new Date(timestamp),
        identity: { minute: '2026-11-23 15:02' },
      },
    });
    const sms = smsForwarderDefaultContent({
      from: '900',
      text: SBER_SMS,
      slot: 'SIM1_Мегафон',
      type: 'sms',
      localTime: '2026-11-23 15:02:25',
    });
    expect(read({ body: smsForwarderDefaultForm(SECRET, '900', sms, timestamp) })).toMatchObject({
      message: { source: 'sms', sender: '900', title: null, text: SBER_SMS },
    });
  });

  it('a GET with a params template (values URL-encoded, the sign twice) and a PUT form in the query', () => {
    const query = [
      `from=${javaUrlEncode(SBER)}`,
      `title=${javaUrlEncode(SBER_TITLE)}`,
      `text=${javaUrlEncode(SBER_PUSH).replace(/\n/g, '%0A')}`,
      `timestamp=${timestamp}`,
      `sign=${javaUrlEncode(smsForwarderSignParam(SECRET, timestamp))}`,
    ].join('&');
    const expected = {
      kind: 'message',
      message: { source: 'push', sender: SBER, title: SBER_TITLE, text: SBER_PUSH },
    };
    expect(read({ method: 'GET', query })).toMatchObject(expected);
    const putQuery = [
      `from=${okHttpFormEncode(SBER)}`,
      `title=${okHttpFormEncode(SBER_TITLE)}`,
      `text=${okHttpFormEncode(SBER_PUSH)}`,
      `timestamp=${timestamp}`,
      `sign=${okHttpFormEncode(smsForwarderSignParam(SECRET, timestamp))}`,
    ].join('&');
    expect(read({ method: 'PUT', query: putQuery })).toMatchObject(expected);
    expect(read({ method: 'PATCH', query: putQuery })).toMatchObject(expected);
  });

  it('the heartbeat template: battery and charging', () => {
    expect(read({ body: smsForwarderPingBody(SECRET, timestamp, '85%', 'USB') })).toEqual({
      kind: 'ping',
      battery: 85,
      charging: true,
    });
    expect(read({ body: smsForwarderPingBody(SECRET, timestamp, '7%', 'unknown') })).toEqual({
      kind: 'ping',
      battery: 7,
      charging: false,
    });
  });

  it('refuses an unsigned request, a wrong secret, a stale timestamp (401) and a body it cannot read (400)', () => {
    const message = { from: '900', title: '', text: SBER_SMS, receivedAt, timestamp };
    const unsigned = smsForwarderJsonBody(SECRET, message).replace(/"sign":"[^"]*"/, '"sign":""');
    expect(refusal(() => read({ body: unsigned })).status).toBe(401);
    expect(refusal(() => read({ body: smsForwarderJsonBody('another-secret', message) })).status).toBe(401);
    const stale = { ...message, timestamp: NOW.getTime() - HOOK_MAX_CLOCK_SKEW_MS - 1 };
    expect(refusal(() => read({ body: smsForwarderJsonBody(SECRET, stale) })).status).toBe(401);
    expect(refusal(() => read({ body: 'just some text' })).status).toBe(400);
  });
});

describe('SMS Gateway requests', () => {
  const read = (body: string, headers: Record<string, string>) =>
    readHookRequest('sms-gateway', request({ body, headers }), { secret: SECRET, now: NOW });
  const ts = Math.floor(NOW.getTime() / 1000) - 3;

  it('sms:received: an SMS keyed by the envelope id, receivedAt with its offset', () => {
    const body = smsGatewayReceived({
      id: 'Ey6ECgOkVVFjz3CL48B8C',
      message: SBER_SMS,
      sender: '900',
      receivedAt: '2026-11-23T15:02:11.000+03:00',
    });
    const reading = read(body, smsGatewayHeaders(SECRET, body, ts));
    expect(reading).toEqual({
      kind: 'message',
      message: {
        source: 'sms',
        sender: '900',
        title: null,
        text: SBER_SMS,
        receivedAt: new Date('2026-11-23T12:02:11.000Z'),
        identity: { id: 'Ey6ECgOkVVFjz3CL48B8C' },
      },
    });
    if (reading.kind !== 'message') throw new Error('not a message');
    expect(hookItemId('sms-gateway', reading.message)).toBe('sms-gateway:Ey6ECgOkVVFjz3CL48B8C');
  });

  it('system:ping: battery:level and the charging flag (+1); other events ignored', () => {
    const charging = smsGatewayPing('p1', 94, 5);
    expect(read(charging, smsGatewayHeaders(SECRET, charging, ts))).toEqual({
      kind: 'ping',
      battery: 94,
      charging: true,
    });
    const usbOnly = smsGatewayPing('p2', 40, 4);
    expect(read(usbOnly, smsGatewayHeaders(SECRET, usbOnly, ts))).toEqual({
      kind: 'ping',
      battery: 40,
      charging: false,
    });
    const sent = '{"id":"x1","webhookId":"w","event":"sms:sent","deviceId":"d","payload":{"messageId":"m"}}';
    expect(read(sent, smsGatewayHeaders(SECRET, sent, ts))).toEqual({ kind: 'ignored' });
  });

  it('no signature headers, a body changed after signing, a stale X-Timestamp: 401 before the body is read', () => {
    const body = smsGatewayReceived({
      id: 'a',
      message: 'x',
      sender: '900',
      receivedAt: '2026-11-23T15:02:11.000+03:00',
    });
    expect(refusal(() => read(body, { 'content-type': 'application/json' })).status).toBe(401);
    const headers = smsGatewayHeaders(SECRET, body, ts);
    expect(refusal(() => read(body.replace('"x"', '"y"'), headers)).status).toBe(401);
    const stale = ts - HOOK_MAX_CLOCK_SKEW_MS / 1000 - 1;
    expect(refusal(() => read(body, smsGatewayHeaders(SECRET, body, stale))).status).toBe(401);
    expect(refusal(() => read('not json', smsGatewayHeaders(SECRET, 'not json', ts))).status).toBe(400);
  });
});

describe('Incoming SMS to URL requests', () => {
  const read = (parts: RequestParts) =>
    readHookRequest('sms-to-url', request(parts), { secret: null, now: NOW });

  it('its JSON with every non-ASCII character as \\uXXXX and "/" as \\/', () => {
    const text = `${SBER_SMS} http://s.ru/x`;
    const received = NOW.getTime() - 4000;
    const body = smsToUrlBody({ from: '900', text, sentStamp: received - 3000, receivedStamp: received });
    expect(body).toContain('\\u041F\\u0435\\u0440\\u0435\\u0432\\u043E\\u0434');
    expect(body).toContain('http:\\/\\/s.ru\\/x');
    expect(read({ body })).toEqual({
      kind: 'message',
      message: {
        source: 'sms',
        sender: '900',
        title: null,
        text,
        receivedAt: new Date(received),
        identity: { minute: String(Math.floor(received / 60_000)) },
      },
    });
    // The README's quoted stamps read the same.
    const quoted = body
      .replace(/"sentStamp":(\d+)/, '"sentStamp":"$1"')
      .replace(/"receivedStamp":(\d+)/, '"receivedStamp":"$1"');
    expect(read({ body: quoted })).toMatchObject({ message: { receivedAt: new Date(received) } });
  });

  it('a heartbeat is battery alone (the app has none: another app sends it); nothing usable is 400', () => {
    expect(read({ query: 'battery=55' })).toEqual({ kind: 'ping', battery: 55 });
    expect(refusal(() => read({ body: '{"sim":"sim1"}' })).status).toBe(400);
  });
});

describe('automation requests (MacroDroid, Tasker)', () => {
  const read = (parts: RequestParts) =>
    readHookRequest('automation', request(parts), { secret: null, now: NOW });
  const quotedText = 'Альфа-Банк + 4 000 ₽ Счёт карты VISA •• 2209 "Перевод денежных средств"';

  it('Query Params, a form, and the JSON template with a raw quote and a raw newline in the text', () => {
    const expected = {
      kind: 'message',
      battery: 77,
      message: { source: 'push', sender: SBER, title: SBER_TITLE, text: quotedText, receivedAt: null },
    };
    const fields = new URLSearchParams({ sender: SBER, title: SBER_TITLE, text: quotedText, battery: '77' });
    expect(read({ query: fields.toString() })).toMatchObject(expected);
    expect(
      read({ body: fields.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    ).toMatchObject(expected);
    const raw = `{"sender":"${SBER}","title":"${SBER_TITLE}","battery":"77","text":"${quotedText}\nвторая строка"}`;
    expect(() => JSON.parse(raw)).toThrow();
    expect(read({ body: raw, headers: { 'content-type': 'application/json' } })).toMatchObject({
      ...expected,
      message: { ...expected.message, text: `${quotedText}\nвторая строка` },
    });
  });

  it('an SMS trigger (a number as sender) drops the title; battery alone is a heartbeat', () => {
    expect(read({ query: 'sender=900&title=&text=hello&battery=50%25' })).toMatchObject({
      kind: 'message',
      battery: 50,
      message: { source: 'sms', sender: '900', title: null, text: 'hello' },
    });
    expect(read({ body: '{"battery":"12"}' })).toEqual({ kind: 'ping', battery: 12 });
    expect(refusal(() => read({ query: 'text=hello' })).status).toBe(400);
    expect(read({ query: 'sender=900&text=%20' })).toEqual({ kind: 'ignored' });
  });
});

describe('helpers', () => {
  it('read SmsForwarder’s default content from its end (device name, time, id line, card slot)', () => {
    expect(
      readFormattedContent('900\nline 1\nline 2\nSIM1_МТС\nSubId：3\n2026-11-23 15:02:25\nPixel'),
    ).toEqual({
      sender: '900',
      text: 'line 1\nline 2',
      title: null,
      type: 'sms',
      receiveTime: '2026-11-23 15:02:25',
    });
    expect(readFormattedContent('ru.bank\ntext\n\nUID：10001\n2026-11-23 15:02:25')).toMatchObject({
      text: 'text',
      title: '',
      type: 'app',
    });
    // Another layout (a custom template): everything after the first line is the text.
    expect(readFormattedContent('900\nsome text')).toMatchObject({ text: 'some text', type: null });
  });

  it('tolerant JSON: raw quotes and newlines in values, escapes decoded, anything else refused', () => {
    expect(parseTolerantJson('{"a":"x "q" y","b":"line\nnext \\u041F\\n","n":5}')).toEqual({
      a: 'x "q" y',
      b: 'line\nnext П\n',
      n: 5,
    });
    expect(parseTolerantJson('{}')).toEqual({});
    expect(parseTolerantJson('{"a":"unterminated}')).toBeNull();
    expect(parseTolerantJson('[1,2]')).toBeNull();
    expect(parseTolerantJson('{"a":1} trailing')).toBeNull();
  });

  it('times with offsets, battery levels, push or SMS by the sender', () => {
    expect(zonedTimeOf('2024-06-22T15:46:11.000+07:00')).toEqual(new Date('2024-06-22T08:46:11.000Z'));
    expect(zonedTimeOf('2024-06-22T15:46:11.000+0700')).toEqual(new Date('2024-06-22T08:46:11.000Z'));
    expect(zonedTimeOf('2024-06-22T15:46:11Z')).toEqual(new Date('2024-06-22T15:46:11.000Z'));
    expect(zonedTimeOf('2024-06-22 15:46:11')).toBeUndefined();
    expect(zonedTimeOf('2024-02-31T10:00:00+03:00')).toBeUndefined();
    expect(zonedTimeOf("[receive_time:yyyy-MM-dd'T'HH:mm:ss.SSSZ]")).toBeUndefined();
    expect([85, '85%', ' 85 % ', '84.6', '100'].map(batteryOf)).toEqual([85, 85, 85, 85, 100]);
    expect(['101', '-1', '{battery}', '', null, 'abc'].map(batteryOf)).toEqual(Array(6).fill(undefined));
    expect(['ru.sberbankmobile', 's.berbank', '900', 'T-Bank', 'Bank .ru'].map(sourceOfSender)).toEqual([
      'push',
      'push',
      'sms',
      'sms',
      'sms',
    ]);
  });

  it('keys a retry as the same message and two payers alike but for the title as two', () => {
    const base = {
      source: 'push' as const,
      sender: SBER,
      title: SBER_TITLE,
      text: SBER_PUSH,
      receivedAt: null,
      identity: { minute: '29000000' },
    };
    expect(hookItemId('automation', base)).toBe(hookItemId('automation', { ...base }));
    expect(hookItemId('automation', base)).not.toBe(
      hookItemId('automation', { ...base, title: 'Перевод от ИВАН И.' }),
    );
    expect(hookItemId('automation', base)).not.toBe(
      hookItemId('automation', { ...base, identity: { minute: '29000001' } }),
    );
    expect(hookItemId('automation', base).length).toBeLessThanOrEqual(100);
    expect(
      hookItemId('sms-gateway', { ...base, identity: { id: 'x'.repeat(300) } }).length,
    ).toBeLessThanOrEqual(100);
  });
});

describe('docs/terminal-apps.md', () => {
  it('tells traders to paste exactly the setup screen’s templates', () => {
    const doc = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../../docs/terminal-apps.md'),
      'utf8',
    );
    for (const text of [
      SMSFORWARDER_MESSAGE_TEMPLATE,
      SMSFORWARDER_PING_TEMPLATE,
      AUTOMATION_JSON_TEMPLATE.macrodroid,
      AUTOMATION_JSON_TEMPLATE.tasker,
      ...SMS_GATEWAY_EVENTS.map((event) => `"event":"${event}"`),
    ]) {
      expect(doc).toContain(text);
    }
  });
});
