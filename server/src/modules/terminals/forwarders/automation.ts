/** Use case: read a MacroDroid or Tasker request on a forwarder URL. */
import { batteryOf, heartbeatOf, minuteOf, requestFields, sourceOfSender, textOf } from './hook-fields.ts';
import type { HookReading, HookRequest, ReadContext } from './types.ts';

/**
 * MacroDroid or Tasker (with AutoNotification): an HTTP request the trader builds on a notification or SMS
 * trigger with the fields AUTOMATION_FIELDS (`sender`, `title`, `text`, `battery`), as Query Params or a form
 * (which the app URL-encodes itself), or as the JSON template (AUTOMATION_JSON_TEMPLATE, `text` last), read
 * tolerantly because magic text goes in unescaped. A `sender` that is a package is a push, anything else an SMS.
 * A request with `battery` and no `text` is a heartbeat. These apps neither sign nor say when the phone
 * received the message: the server's minute keys it (they do not retry on their own).
 */
export function readAutomation(request: HookRequest, context: ReadContext): HookReading {
  const fields = requestFields(request);
  const battery = batteryOf(fields.battery);
  const state = battery === undefined ? {} : { battery };
  const text = textOf(fields.text);
  if (text === undefined || (text.trim() === '' && fields.sender === undefined)) return heartbeatOf(battery);
  const sender = textOf(fields.sender)?.trim() ?? '';
  const source = sourceOfSender(sender);
  return {
    kind: 'message',
    message: {
      source,
      sender,
      title: source === 'push' ? (textOf(fields.title) ?? null) : null,
      text,
      receivedAt: null,
      identity: { minute: minuteOf(context.now) },
    },
    ...state,
  };
}
