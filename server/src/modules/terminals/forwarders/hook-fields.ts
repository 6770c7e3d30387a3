/** Use case: the fields and refusals every forwarder reader shares (text, sender, time, battery). */
import { ProblemError } from '../../../lib/problem.ts';
import { parseTolerantJson } from './tolerant-json.ts';
import type { HookFields, HookReading, HookRequest } from './types.ts';

/** The refusals of a request the token let in, in the device API's problem format. */
export const HOOK_MESSAGES = {
  unreadable:
    'Не удалось прочитать запрос: ожидается JSON, форма (application/x-www-form-urlencoded) или параметры адреса по шаблону приложения',
  noSender: 'В запросе нет отправителя: проверьте шаблон приложения (поле from или sender)',
  noText: 'В запросе нет текста уведомления: проверьте шаблон приложения (поле text)',
  senderTooLong: 'Отправитель длиннее 200 символов',
  nulCharacter: 'Запрос содержит символ U+0000',
  noSignature: 'В запросе нет подписи: в приложении должен быть указан секрет с экрана подключения',
  badSignature: 'Подпись запроса не совпадает: проверьте секрет в приложении',
  staleTimestamp:
    'Время запроса отличается от времени сервера больше чем на 5 минут: проверьте часы телефона (автоматическое время)',
} as const;

export const badHookRequest = (detail: string) => new ProblemError(400, 'bad-request', detail);
export const unauthorizedHook = (detail: string) => new ProblemError(401, 'unauthorized', detail);

/** A header's single value (the first one when sent twice). */
export function header(request: HookRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The body as text: every app here sends UTF-8 (or ASCII with \uXXXX escapes). */
export function bodyText(request: HookRequest): string {
  return request.body ? request.body.toString('utf8') : '';
}

/** `k=v&k2=v2` as fields (form and query decoding: `+` is a space); the first of a repeated key counts. */
export function urlEncodedFields(text: string): HookFields {
  const fields: HookFields = {};
  for (const [key, value] of new URLSearchParams(text)) {
    if (!Object.hasOwn(fields, key)) fields[key] = value;
  }
  return fields;
}

/** A JSON object's fields: JSON.parse first, then the tolerant reader; null when it is no object at all. */
export function jsonFields(text: string): HookFields | null {
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as HookFields;
    return null;
  } catch {
    return parseTolerantJson(text);
  }
}

/**
 * The fields of a request whatever way the app sent them: a JSON object body (any content type: apps send it
 * as application/json, text/plain or none), else a form body, with the query string's fields beneath (a GET,
 * SmsForwarder's PUT/PATCH form, MacroDroid's Query Params). A body field wins over a query field of the same
 * name. A body that is neither JSON nor a form is refused with 400.
 */
export function requestFields(request: HookRequest): HookFields {
  const text = bodyText(request).trim();
  const query = urlEncodedFields(request.query);
  if (text === '') return query;
  if (text.startsWith('{')) {
    const fields = jsonFields(text);
    if (!fields) throw badHookRequest(HOOK_MESSAGES.unreadable);
    return { ...query, ...fields };
  }
  // A form: name=value pairs. Plain text without any is no template of ours.
  if (!/^[^=&\s]+=/.test(text)) throw badHookRequest(HOOK_MESSAGES.unreadable);
  return { ...query, ...urlEncodedFields(text) };
}

/** A field as text: strings as they are, numbers and booleans written out; anything else undefined. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * A battery level in percent from what the apps send: 85, "85", "85%" (SmsForwarder's {{BATTERY_PCT}}),
 * "85.0"; rounded and within 0–100, else undefined (an unfilled magic text, a typo: no level, no error).
 */
export function batteryOf(value: unknown): number | undefined {
  const text = textOf(value)?.trim();
  const match = text ? /^(\d{1,3}(?:[.,]\d+)?)\s*%?$/.exec(text) : null;
  if (!match) return undefined;
  const level = Math.round(Number(match[1]!.replace(',', '.')));
  return level >= 0 && level <= 100 ? level : undefined;
}

/**
 * A request that carries no message (the readers without a ping of their own): a heartbeat when it says the
 * battery level, refused as having no text otherwise.
 */
export function heartbeatOf(battery: number | undefined): HookReading {
  if (battery === undefined) throw badHookRequest(HOOK_MESSAGES.noText);
  return { kind: 'ping', battery };
}

/** Milliseconds since the epoch from a number or a string of digits (10 to 16 of them), else undefined. */
export function millisOf(value: unknown): number | undefined {
  const text = textOf(value)?.trim();
  if (!text || !/^\d{10,16}$/.test(text)) return undefined;
  return Number(text);
}

const ZONED_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:[.,](\d{1,9}))?\s*(Z|[+-]\d{2}(?::?\d{2})?)$/;

/**
 * A time with its UTC offset as the apps write it: ISO 8601 (`2024-06-22T15:46:11.000+07:00`, SMS Gateway)
 * or Java's SimpleDateFormat `Z` (`2024-06-22T15:46:11.000+0700`, our SmsForwarder template). Undefined for
 * anything else, a local time without an offset included (it names no moment).
 */
export function zonedTimeOf(value: unknown): Date | undefined {
  const match = typeof value === 'string' ? ZONED_TIME.exec(value.trim()) : null;
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  const millis = Number((fraction ?? '0').padEnd(3, '0').slice(0, 3));
  const local = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
    millis,
  );
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const digits = zone!.replace(':', '');
    const sign = digits.startsWith('-') ? -1 : 1;
    offsetMinutes = sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || '0'));
  }
  const at = new Date(local - offsetMinutes * 60_000);
  // A calendar overflow (2024-02-31) or an offset beyond any zone is no time an app wrote.
  const valid =
    new Date(local).getUTCDate() === Number(day) &&
    Math.abs(offsetMinutes) <= 14 * 60 &&
    at.getUTCFullYear() >= 2000 &&
    at.getUTCFullYear() <= 2100;
  return valid ? at : undefined;
}

/** The minute of a moment, as a dedup key part. */
export const minuteOf = (at: Date | number) => String(Math.floor(new Date(at).getTime() / 60_000));

/**
 * A push or an SMS, by the sender alone (SmsForwarder and the automation apps send both through one template):
 * an Android package always has a dot and no space, so such a sender is a push. An SMS sender with a dot is
 * then read as a push from an unknown package, which is at most unparsed, never an incoming transfer: a push
 * is trusted only from a bank's exact package, and none of those (12 characters and more) can be an
 * alphanumeric SMS sender (11 at most), so no SMS can pass for a bank's push either.
 */
export function sourceOfSender(sender: string): 'sms' | 'push' {
  return sender.includes('.') && !/\s/.test(sender) ? 'push' : 'sms';
}
