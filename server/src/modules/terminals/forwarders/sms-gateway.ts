/** Use case: read an SMS Gateway for Android webhook (sms:received, system:ping). */
import {
  badHookRequest,
  bodyText,
  HOOK_MESSAGES,
  header,
  textOf,
  unauthorizedHook,
  zonedTimeOf,
} from './hook-fields.ts';
import { verifySmsGateway } from './signatures.ts';
import type { HookReading, HookRequest, PhoneState, ReadContext } from './types.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `checks[name].observedValue` of a system:ping health report, when it is a number. */
function observed(checks: Record<string, unknown>, name: string): number | undefined {
  const check = checks[name];
  const value = isRecord(check) ? check.observedValue : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** battery:level (percent) and battery:charging (flags: +1 charging, +2 AC, +4 USB) of a ping's health. */
function pingState(payload: Record<string, unknown>): PhoneState {
  const health = isRecord(payload.health) ? payload.health : {};
  const checks = isRecord(health.checks) ? health.checks : {};
  const level = observed(checks, 'battery:level');
  const flags = observed(checks, 'battery:charging');
  const battery = level === undefined ? undefined : Math.round(level);
  return {
    ...(battery !== undefined && battery >= 0 && battery <= 100 ? { battery } : {}),
    ...(flags === undefined ? {} : { charging: (Math.trunc(flags) & 1) === 1 }),
  };
}

/**
 * SMS Gateway for Android (capcom6) webhooks: always signed (X-Signature over the raw body and X-Timestamp,
 * checked before the body is read), the envelope `{id, webhookId, event, deviceId, payload}`. `sms:received`
 * is a message (SMS only: the app forwards no pushes) keyed by the envelope's `id`, the same on every retry;
 * `system:ping` reports the battery; any other event is answered and ignored, so the app does not retry it.
 */
export function readSmsGateway(request: HookRequest, context: ReadContext): HookReading {
  if (!context.secret) throw unauthorizedHook(HOOK_MESSAGES.noSignature);
  verifySmsGateway({
    secret: context.secret,
    body: request.body ?? Buffer.alloc(0),
    signature: header(request, 'x-signature'),
    timestamp: header(request, 'x-timestamp'),
    now: context.now,
  });
  let envelope: unknown;
  try {
    envelope = JSON.parse(bodyText(request));
  } catch {
    throw badHookRequest(HOOK_MESSAGES.unreadable);
  }
  if (!isRecord(envelope) || typeof envelope.event !== 'string' || !isRecord(envelope.payload)) {
    throw badHookRequest(HOOK_MESSAGES.unreadable);
  }
  const { payload } = envelope;
  if (envelope.event === 'system:ping') return { kind: 'ping', ...pingState(payload) };
  if (envelope.event !== 'sms:received') return { kind: 'ignored' };
  const id = textOf(envelope.id);
  if (!id) throw badHookRequest(HOOK_MESSAGES.unreadable);
  const sender = (textOf(payload.sender) ?? textOf(payload.phoneNumber) ?? '').trim();
  const text = textOf(payload.message) ?? '';
  return {
    kind: 'message',
    message: {
      source: 'sms',
      sender,
      title: null,
      text,
      receivedAt: zonedTimeOf(payload.receivedAt) ?? null,
      identity: { id },
    },
  };
}
