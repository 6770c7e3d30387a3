import { createHmac } from 'node:crypto';
import {
  API,
  type ForwarderApp,
  type ForwarderSetupResponse,
  SMSFORWARDER_MESSAGE_TEMPLATE,
  SMSFORWARDER_PING_TEMPLATE,
} from '@app/shared';
import type { TestApp } from './test-app.ts';

/**
 * Forwarder apps' requests built exactly as each app builds them (from their source; see
 * /work/shared/research/android-forwarders.md): SmsForwarder's template filling and encodings, its default
 * form, SMS Gateway's envelope and signature, Incoming SMS to URL's escaped JSON. Used by the readers' unit
 * tests and the hook route's database tests.
 */

/** A forwarder terminal paired through the real routes (connect-request, verify-request with `app`). */
export async function pairForwarder(
  t: TestApp,
  user: { email: string; cookie: string },
  app: ForwarderApp,
): Promise<ForwarderSetupResponse & { token: string; path: string }> {
  const request = await t.app.inject({
    method: 'POST',
    url: `${t.prefix}${API.terminals.connectRequest}`,
    headers: { cookie: user.cookie },
  });
  if (request.statusCode !== 200) throw new Error(`connect-request: ${request.statusCode} ${request.body}`);
  const terminalId = request.json().terminal_id as string;
  const verify = await t.app.inject({
    method: 'POST',
    url: `${t.prefix}${API.terminals.verifyRequest}`,
    headers: { cookie: user.cookie },
    payload: { terminal_id: terminalId, otp: t.mailer.lastCode(user.email), app },
  });
  if (verify.statusCode !== 200) throw new Error(`verify-request: ${verify.statusCode} ${verify.body}`);
  const setup = verify.json() as ForwarderSetupResponse;
  return { ...setup, ...hookTarget(t, setup.webhook_url) };
}

/** The token of a webhook_url and its path as app.inject takes it. */
export function hookTarget(t: TestApp, webhookUrl: string): { token: string; path: string } {
  const path = new URL(webhookUrl).pathname;
  const token = path.split('/').at(-1)!;
  if (path !== `${t.prefix}${API.device.hook(token)}`) throw new Error(`unexpected hook URL ${webhookUrl}`);
  return { token, path };
}

/** Java's URLEncoder.encode(value, "UTF-8"): space as `+`, only `*-._` and letters/digits kept. */
export function javaUrlEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** OkHttp's FormBody encoding of one name or value (what XHttp2's form POST sends). */
export function okHttpFormEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*~]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** SmsForwarder's escapeJson: Gson's toJson without the quotes (HTML-safe: < > & = ' as \uXXXX; Cyrillic raw). */
export function gsonEscape(value: string): string {
  return JSON.stringify(value)
    .slice(1, -1)
    .replace(/[<>&=']/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/[\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`);
}

/** SmsForwarder's sign as the app puts it in `[sign]`: URL-encoded base64 of its HMAC. */
export function smsForwarderSignParam(secret: string, timestamp: number): string {
  const b64 = createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
  return javaUrlEncode(b64);
}

/** SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSSZ") in a zone `offsetMinutes` east of UTC. */
export function simpleDateFormatZ(at: Date, offsetMinutes = 180): string {
  const local = new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 23);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

export interface SmsForwarderMessage {
  /** SMS sender, or the app's package for a push. */
  from: string;
  /** `[title]`: the push title, or the SIM ("SIM1_…") for an SMS. */
  title: string;
  /** `[org_content]`: the raw text. */
  text: string;
  receivedAt: Date;
  /** `System.currentTimeMillis()` when sending. */
  timestamp: number;
  battery?: string;
}

/** The body SmsForwarder sends for SMSFORWARDER_MESSAGE_TEMPLATE (JSON mode: WebhookUtils' replace chain). */
export function smsForwarderJsonBody(secret: string, message: SmsForwarderMessage): string {
  return SMSFORWARDER_MESSAGE_TEMPLATE.replace('{{BATTERY_PCT}}', () => message.battery ?? '85%')
    .replace('[from]', () => message.from)
    .replace('[org_content]', () => gsonEscape(message.text))
    .replace('[title]', () => gsonEscape(message.title))
    .replace(/\[receive_time(:(.*?))?]/, () => simpleDateFormatZ(message.receivedAt))
    .replace('[timestamp]', () => String(message.timestamp))
    .replace('[sign]', smsForwarderSignParam(secret, message.timestamp));
}

/** The heartbeat SmsForwarder's auto-task sends with SMSFORWARDER_PING_TEMPLATE. */
export function smsForwarderPingBody(
  secret: string,
  timestamp: number,
  battery = '85%',
  plugged = 'AC',
): string {
  return SMSFORWARDER_PING_TEMPLATE.replace('{{BATTERY_PCT}}', () => battery)
    .replace('{{BATTERY_PLUGGED}}', () => plugged)
    .replace('[timestamp]', () => String(timestamp))
    .replace('[sign]', smsForwarderSignParam(secret, timestamp));
}

/**
 * SmsForwarder's default `[content]` (no template): from, text, card slot (the title for a push), the id line
 * (`SubId：`/`UID：`, full-width colon), the local receive time and the device name, trimmed.
 */
export function smsForwarderDefaultContent(
  message: { from: string; text: string; slot: string; type: 'sms' | 'app'; localTime: string },
  deviceName = '',
): string {
  const id = message.type === 'app' ? 'UID：10234\n' : 'SubId：1\n';
  return `${message.from}\n${message.text}\n${message.slot}\n${id}${message.localTime}\n${deviceName}`.trim();
}

/** SmsForwarder's default form body: `from=…&content=…&timestamp=…&sign=…`, OkHttp-encoded (sign twice). */
export function smsForwarderDefaultForm(
  secret: string,
  from: string,
  content: string,
  timestamp: number,
): string {
  return [
    ['from', from],
    ['content', content],
    ['timestamp', String(timestamp)],
    ['sign', smsForwarderSignParam(secret, timestamp)],
  ]
    .map(([name, value]) => `${okHttpFormEncode(name!)}=${okHttpFormEncode(value!)}`)
    .join('&');
}

/** SMS Gateway's X-Signature: hex HMAC-SHA256 of the raw body followed by X-Timestamp. */
export function smsGatewaySign(secret: string, body: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${body}${timestamp}`).digest('hex');
}

/** An SMS Gateway `sms:received` body (Gson's field order, Gson's HTML-safe escaping). */
export function smsGatewayReceived(input: {
  id: string;
  message: string;
  sender: string;
  receivedAt: string;
}): string {
  return (
    `{"id":"${input.id}","webhookId":"LreFUt-Z3sSq0JufY9uWB","event":"sms:received",` +
    `"deviceId":"ffffffffceb0b1db0000018e937c815b","payload":{"message":"${gsonEscape(input.message)}",` +
    `"receivedAt":"${input.receivedAt}","messageId":"abc123","sender":"${input.sender}","simNumber":1,` +
    `"phoneNumber":"${input.sender}"}}`
  );
}

/** An SMS Gateway `system:ping` body with its health checks. */
export function smsGatewayPing(id: string, battery: number, chargingFlags: number): string {
  const check = (value: number, unit: string) =>
    `{"status":"pass","observedValue":${value},"observedUnit":"${unit}","description":"x"}`;
  return (
    `{"id":"${id}","webhookId":"ping-hook","event":"system:ping","deviceId":"ffffffffceb0b1db0000018e937c815b",` +
    `"payload":{"health":{"version":"1.68.0","releaseId":1,"status":"pass","checks":{` +
    `"messages:failed":${check(0, 'messages')},"battery:level":${check(battery, 'percent')},` +
    `"battery:charging":${check(chargingFlags, 'flags')}}}}}`
  );
}

/** The headers SMS Gateway sends with a body. */
export function smsGatewayHeaders(secret: string, body: string, timestamp: number): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'me.capcom.smsgateway/1.68.0',
    'x-timestamp': String(timestamp),
    'x-signature': smsGatewaySign(secret, body, timestamp),
  };
}

/** commons-text 1.9 escapeJson (Incoming SMS to URL): `"` `\` `/` escaped, everything outside 0x20–0x7E as \uXXXX. */
export function commonsEscapeJson(value: string): string {
  let out = '';
  for (const char of value) {
    for (let index = 0; index < char.length; index++) {
      const code = char.charCodeAt(index);
      if (char === '"') out += '\\"';
      else if (char === '\\') out += '\\\\';
      else if (char === '/') out += '\\/';
      else if (char === '\n') out += '\\n';
      else if (char === '\r') out += '\\r';
      else if (char === '\t') out += '\\t';
      else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
      else out += char;
    }
  }
  return out;
}

/** Incoming SMS to URL's default template, filled as the app fills it (stamps unquoted). */
export function smsToUrlBody(input: {
  from: string;
  text: string;
  sentStamp: number;
  receivedStamp: number;
}) {
  return `{\n  "from":"${input.from}",\n  "text":"${commonsEscapeJson(input.text)}",\n  "sentStamp":${input.sentStamp},\n  "receivedStamp":${input.receivedStamp},\n  "sim":"sim1"\n}`;
}
