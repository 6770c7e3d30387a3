/** Use case: Standard Webhooks signing and verification of merchant webhooks. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks (https://www.standardwebhooks.com) signing: what a merchant verifies with the
 * `standardwebhooks` package, `new Webhook(secret).verify(body, headers)`.
 */

export const SECRET_PREFIX = 'whsec_';
export const EVENT_ID_PREFIX = 'msg_';
const EVENT_ID_LENGTH = 24;
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of 62 a byte can hold: bytes at or above it are skipped so every character is equally likely. */
const UNBIASED_BYTE_LIMIT = 248;

export const WEBHOOK_USER_AGENT = 'Processing-Webhooks/1.0';

/** A new signing secret: whsec_ and the base64 of 32 random bytes (the HMAC key). */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** A new event id (the webhook-id header): msg_ and 24 random base62 characters. */
export function newEventId(): string {
  let id = '';
  while (id.length < EVENT_ID_LENGTH) {
    for (const byte of randomBytes(EVENT_ID_LENGTH * 2)) {
      if (byte < UNBIASED_BYTE_LIMIT) id += BASE62[byte % 62];
      if (id.length === EVENT_ID_LENGTH) break;
    }
  }
  return EVENT_ID_PREFIX + id;
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed by the base64-decoded part after whsec_. */
export function signature(secret: string, id: string, timestampSeconds: number, body: string): string {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** Every header of one delivery attempt; the timestamp is the attempt's own (unix seconds). */
export function webhookHeaders(input: {
  secret: string;
  id: string;
  at: Date;
  body: string;
}): Record<string, string> {
  const timestamp = Math.floor(input.at.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': input.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature(input.secret, input.id, timestamp, input.body),
  };
}

/** How far a webhook's timestamp may be from the receiver's clock (the Standard Webhooks default). */
export const SIGNATURE_TOLERANCE_S = 300;

/**
 * The receiver's side (the merchant simulator, and what docs/merchant-api.md describes): true when one of the
 * space-separated `v1,` signatures matches, compared in constant time, and the timestamp is recent.
 */
export function verifySignature(
  secret: string,
  input: { id: string; timestamp: string; signature: string; body: string },
  now: Date = new Date(),
): boolean {
  const timestamp = Number(input.timestamp);
  if (!input.id || !Number.isInteger(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_S) return false;
  const expected = Buffer.from(signature(secret, input.id, timestamp, input.body));
  return input.signature.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
