/** Use case: read an Incoming SMS to URL forwarder request. */
import {
  badHookRequest,
  batteryOf,
  HOOK_MESSAGES,
  heartbeatOf,
  millisOf,
  minuteOf,
  requestFields,
  textOf,
} from './hook-fields.ts';
import type { HookReading, HookRequest, ReadContext } from './types.ts';

/**
 * Incoming SMS to URL forwarder (bogkonstantin): a POST of its JSON template
 * `{"from":…,"text":…,"sentStamp":ms,"receivedStamp":ms,"sim":…}` (chunked, every non-ASCII character of the
 * text as \uXXXX; the stamps may come quoted, as its README shows them). SMS only, no signature: the URL's
 * token is the credential. `receivedStamp` is taken when the phone received the SMS and is sent unchanged on
 * every retry, so it keys the message. The app has no heartbeat: a ping is `battery` alone (a form, a query
 * or JSON, e.g. from a MacroDroid macro every minute to the same URL).
 */
export function readSmsToUrl(request: HookRequest, context: ReadContext): HookReading {
  const fields = requestFields(request);
  const text = textOf(fields.text);
  if (text === undefined && fields.from === undefined) return heartbeatOf(batteryOf(fields.battery));
  if (text === undefined) throw badHookRequest(HOOK_MESSAGES.noText);
  const stamp = millisOf(fields.receivedStamp) ?? millisOf(fields.sentStamp);
  return {
    kind: 'message',
    message: {
      source: 'sms',
      sender: textOf(fields.from)?.trim() ?? '',
      title: null,
      text,
      receivedAt: stamp === undefined ? null : new Date(stamp),
      identity: { minute: minuteOf(stamp ?? context.now) },
    },
  };
}
