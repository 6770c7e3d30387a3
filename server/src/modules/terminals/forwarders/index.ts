/**
 * The forwarder apps' requests to a terminal's own URL `device/v1/hooks/{token}` (issue 24), read into a
 * message, a heartbeat or nothing to store. A terminal paired for one app accepts only that app's requests
 * (see each reader): a signing app's terminal never takes an unsigned shape, so the signature cannot be
 * stepped around by sending another app's body. Pure functions; hooks.service.ts does the storing.
 *
 * Adding an app: a reader in its own file, built from the app's source (what it sends, byte for byte), a
 * case below, its id in shared FORWARDER_APPS, and requests built exactly as the app builds them in
 * forwarders.test.ts and hooks.routes.db.test.ts.
 */
import { createHash } from 'node:crypto';
import { type ForwarderApp, NOTIFICATION_TEXT_MAX_BYTES, utf8ByteLength } from '@app/shared';
import { readAutomation } from './automation.ts';
import { badHookRequest, HOOK_MESSAGES } from './hook-fields.ts';
import { readSmsGateway } from './sms-gateway.ts';
import { readSmsToUrl } from './sms-to-url.ts';
import { readSmsForwarder } from './smsforwarder.ts';
import type { ForwardedMessage, HookReading, HookRequest, ReadContext } from './types.ts';

export type * from './types.ts';

const SENDER_MAX = 200;
const TITLE_MAX = 500;

const READERS: Record<ForwarderApp, (request: HookRequest, context: ReadContext) => HookReading> = {
  smsforwarder: readSmsForwarder,
  'sms-gateway': readSmsGateway,
  'sms-to-url': readSmsToUrl,
  automation: readAutomation,
};

/**
 * What a message must be to be stored as the device API would store it. A message without a sender is the
 * app's template gone wrong (400, the app shows the refusal); one without text, or with a text longer than
 * the device API takes (4 kB: no bank notification is that long), is answered and ignored.
 */
function checked(reading: HookReading): HookReading {
  if (reading.kind !== 'message') return reading;
  const { message, ...state } = reading;
  if (message.sender === '') throw badHookRequest(HOOK_MESSAGES.noSender);
  if (message.sender.length > SENDER_MAX) throw badHookRequest(HOOK_MESSAGES.senderTooLong);
  const title = message.title?.trim().slice(0, TITLE_MAX) || null;
  // PostgreSQL text holds no U+0000; only a client's bytes can put one there.
  if ([message.sender, title ?? '', message.text].some((value) => value.includes('\u0000'))) {
    throw badHookRequest(HOOK_MESSAGES.nulCharacter);
  }
  if (message.text.trim() === '' || utf8ByteLength(message.text) > NOTIFICATION_TEXT_MAX_BYTES) {
    return { ...state, kind: 'ignored' };
  }
  return { ...reading, message: { ...message, title } };
}

/** Reads a request to a terminal paired for `app`; throws the 400/401 problem for what is really wrong. */
export function readHookRequest(app: ForwarderApp, request: HookRequest, context: ReadContext): HookReading {
  return checked(READERS[app](request, context));
}

const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The stored id (terminal_notifications.device_item_id, unique per terminal) that makes a retried or resent
 * message a duplicate: the app's id where it has one, else a hash of the sender, title, raw text and the minute
 * the app says the phone received it. Two pushes alike but for the payer in the title stay two.
 */
export function hookItemId(app: ForwarderApp, message: ForwardedMessage): string {
  const { identity } = message;
  if ('id' in identity) {
    return /^[A-Za-z0-9_-]{1,64}$/.test(identity.id)
      ? `${app}:${identity.id}`
      : `${app}:#${sha256Hex(identity.id)}`;
  }
  const key = JSON.stringify([message.source, message.sender, message.title, message.text, identity.minute]);
  return `${app}:${sha256Hex(key)}`;
}
