/** Use case: check the forwarder apps' signatures (SmsForwarder, SMS Gateway HMAC) with a clock skew. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { HOOK_MAX_CLOCK_SKEW_MS } from '@app/shared';
import { HOOK_MESSAGES, unauthorizedHook } from './hook-fields.ts';

/** Equal strings, compared in constant time. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** URL-decodes until the value stops changing (or stops being valid percent-encoding); `+` stays a plus. */
export function decodeUntilStable(value: string): string {
  let current = value;
  for (let round = 0; round < 5; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** SmsForwarder's signature (the DingTalk scheme): base64(HMAC-SHA256(key = secret, `${timestamp}\n${secret}`)). */
export function smsForwarderSign(secret: string, timestamp: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${secret}`, 'utf8').digest('base64');
}

/**
 * Checks SmsForwarder's `timestamp` (ms) and `sign`: the timestamp within HOOK_MAX_CLOCK_SKEW_MS of the
 * server's clock, the sign equal to smsForwarderSign once URL-decoded until stable. The app URL-encodes its
 * sign (`…%3D`), and a form body or a GET template encodes it again (`…%253D`), so every layer comes off; a
 * plain base64 (`…=`) is already stable. The body is not signed: only freshness and dedup make a replay
 * harmless. Throws the 401 problem otherwise.
 */
export function verifySmsForwarder(input: {
  secret: string;
  timestamp: string | undefined;
  sign: string | undefined;
  now: Date;
}): number {
  const { timestamp, sign } = input;
  if (!timestamp || !sign) throw unauthorizedHook(HOOK_MESSAGES.noSignature);
  if (!/^\d{10,16}$/.test(timestamp)) throw unauthorizedHook(HOOK_MESSAGES.badSignature);
  if (!sameText(decodeUntilStable(sign), smsForwarderSign(input.secret, timestamp))) {
    throw unauthorizedHook(HOOK_MESSAGES.badSignature);
  }
  const millis = Number(timestamp);
  if (Math.abs(input.now.getTime() - millis) > HOOK_MAX_CLOCK_SKEW_MS) {
    throw unauthorizedHook(HOOK_MESSAGES.staleTimestamp);
  }
  return millis;
}

/** SMS Gateway's X-Signature: lowercase hex of HMAC-SHA256(key = signing key, raw body bytes + X-Timestamp). */
export function smsGatewaySignature(secret: string, body: Buffer, timestamp: string): string {
  return createHmac('sha256', secret).update(body).update(timestamp, 'utf8').digest('hex');
}

/**
 * Checks SMS Gateway's X-Signature over the exact bytes received and its X-Timestamp (Unix seconds) within
 * HOOK_MAX_CLOCK_SKEW_MS. The app signs every request; throws the 401 problem otherwise.
 */
export function verifySmsGateway(input: {
  secret: string;
  body: Buffer;
  signature: string | undefined;
  timestamp: string | undefined;
  now: Date;
}): void {
  const { signature, timestamp } = input;
  if (!signature || !timestamp) throw unauthorizedHook(HOOK_MESSAGES.noSignature);
  if (!/^\d{1,12}$/.test(timestamp)) throw unauthorizedHook(HOOK_MESSAGES.badSignature);
  const expected = smsGatewaySignature(input.secret, input.body, timestamp);
  if (!sameText(signature.trim().toLowerCase(), expected)) throw unauthorizedHook(HOOK_MESSAGES.badSignature);
  if (Math.abs(input.now.getTime() - Number(timestamp) * 1000) > HOOK_MAX_CLOCK_SKEW_MS) {
    throw unauthorizedHook(HOOK_MESSAGES.staleTimestamp);
  }
}
