/** Use case: read an SmsForwarder request (its default content and its signed form). */
import {
  badHookRequest,
  batteryOf,
  HOOK_MESSAGES,
  minuteOf,
  requestFields,
  sourceOfSender,
  textOf,
  unauthorizedHook,
  zonedTimeOf,
} from './hook-fields.ts';
import { verifySmsForwarder } from './signatures.ts';
import type { HookFields, HookReading, HookRequest, MessageIdentity, ReadContext } from './types.ts';

/** A line of SmsForwarder's default content: `yyyy-MM-dd HH:mm:ss`, the phone's local time. */
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** The id line of the default content; its colon is a full-width one (U+FF1A). */
const ID_LINE = /^(SubId|UID)[：:]/;

/** What SmsForwarder's default `[content]` holds besides the raw text. */
interface FormattedContent {
  sender: string;
  text: string;
  /** The push title (the line after the text of an app notification); null for an SMS. */
  title: string | null;
  /** `sms` or `app` when the id line said which; null when the content is not the default layout. */
  type: 'sms' | 'app' | null;
  /** The receive time line (local, no zone) when present. */
  receiveTime: string | null;
}

/**
 * Takes SmsForwarder's default formatted content apart (no template: `from=…&content=…`). Its layout is
 * `{{FROM}}\n{{SMS}}\n{{CARD_SLOT}}\n` + `SubId：<n>\n` (SMS) or `UID：<n>\n` (app) + `{{RECEIVE_TIME}}\n{{DEVICE_NAME}}`,
 * the whole trimmed (so an empty device name leaves no line). For an app notification the card-slot line is
 * the notification's title. Read from the end, so a multi-line text stays whole; content in another layout
 * (a custom template) keeps everything after the first line as its text.
 */
export function readFormattedContent(content: string): FormattedContent {
  const lines = content.replace(/\r\n?/g, '\n').split('\n');
  const sender = lines[0]!.trim();
  const rest = lines.slice(1);
  if (rest.length >= 2 && !LOCAL_TIME.test(rest.at(-1)!) && LOCAL_TIME.test(rest.at(-2)!)) rest.pop();
  const receiveTime = rest.length > 0 && LOCAL_TIME.test(rest.at(-1)!) ? rest.pop()! : null;
  const id = rest.length >= 2 ? ID_LINE.exec(rest.at(-1)!) : null;
  let type: FormattedContent['type'] = null;
  let title: string | null = null;
  if (id) {
    rest.pop();
    const slot = rest.pop()!;
    type = id[1] === 'UID' ? 'app' : 'sms';
    if (type === 'app') title = slot;
  }
  return { sender, text: rest.join('\n'), title, type, receiveTime };
}

/** `{{BATTERY_PLUGGED}}`: AC, USB or wireless (any of the app's languages) is charging; unknown is not. */
function pluggedOf(value: unknown): boolean | undefined {
  const text = textOf(value)?.trim().toLowerCase();
  if (!text || text.includes('{{')) return undefined;
  if (['ac', 'usb', 'wireless', '无线', '無線'].includes(text)) return true;
  if (['unknown', '未知', 'none', 'unplugged'].includes(text)) return false;
  return undefined;
}

/**
 * The app's receive time: our template's `receive_time` (with its offset) when it came, which stays the same
 * when the app sends the message again; else the send time `timestamp` (the same on the app's own retries).
 */
function receivedOf(fields: HookFields, sentAt: number): { at: Date | null; identity: MessageIdentity } {
  const received = zonedTimeOf(fields.receive_time);
  if (received) return { at: received, identity: { minute: minuteOf(received) } };
  return { at: new Date(sentAt), identity: { minute: minuteOf(sentAt) } };
}

/**
 * SmsForwarder (pppscn) through its Webhook sender: our JSON templates (SMSFORWARDER_MESSAGE_TEMPLATE,
 * SMSFORWARDER_PING_TEMPLATE), a GET/PUT/PATCH with the same fields in the query, or its default form
 * `from=…&content=<formatted>&timestamp=…&sign=…`. Every request must carry the signature of the terminal's
 * secret with a fresh timestamp (401 otherwise, before anything is read from it).
 */
export function readSmsForwarder(request: HookRequest, context: ReadContext): HookReading {
  const fields = requestFields(request);
  if (!context.secret) throw unauthorizedHook(HOOK_MESSAGES.noSignature);
  const sentAt = verifySmsForwarder({
    secret: context.secret,
    timestamp: textOf(fields.timestamp)?.trim(),
    sign: textOf(fields.sign),
    now: context.now,
  });
  const state = {
    ...(batteryOf(fields.battery) === undefined ? {} : { battery: batteryOf(fields.battery) }),
    ...(pluggedOf(fields.plugged) === undefined ? {} : { charging: pluggedOf(fields.plugged) }),
  };
  if (textOf(fields.type) === 'ping') return { kind: 'ping', ...state };

  const text = textOf(fields.text);
  if (text !== undefined) {
    const sender = textOf(fields.from)?.trim() ?? '';
    const source = sourceOfSender(sender);
    const title = source === 'push' ? (textOf(fields.title) ?? null) : null;
    const received = receivedOf(fields, sentAt);
    return {
      kind: 'message',
      message: { source, sender, title, text, receivedAt: received.at, identity: received.identity },
      ...state,
    };
  }

  const content = textOf(fields.content);
  if (content === undefined) throw badHookRequest(HOOK_MESSAGES.noText);
  const formatted = readFormattedContent(content);
  const sender = textOf(fields.from)?.trim() || formatted.sender;
  const source = sourceOfSender(sender);
  return {
    kind: 'message',
    message: {
      source,
      sender,
      title: source === 'push' ? formatted.title : null,
      text: formatted.text,
      // The receive time line has no zone: the send time stands for it, the line (stable on a resend) keys it.
      receivedAt: new Date(sentAt),
      identity: { minute: formatted.receiveTime?.slice(0, 16) ?? minuteOf(sentAt) },
    },
    ...state,
  };
}
