import { z } from 'zod';
import '../zod-messages.ts';
import { NOTIFICATION_BATCH_MAX, NOTIFICATION_TEXT_MAX_BYTES } from './constants.ts';

/**
 * The device API (`<API_PREFIX>/device/v1/…`) that the Android terminal app calls. These schemas validate the
 * requests on the server and generate the OpenAPI document; docs/device-api.md describes the protocol.
 */

/** Length of a string in UTF-8 bytes (shared has no TextEncoder: it is pure ECMAScript). */
export function utf8ByteLength(value: string): number {
  let bytes = 0;
  for (const char of value) {
    const codePoint = char.codePointAt(0) ?? 0;
    bytes += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** POST device/v1/activate: the QR code's terminal_id and auth_key, and what the phone is. */
export const deviceActivateBody = z.object({
  terminal_id: z.uuid(),
  auth_key: z.string().min(1).max(200),
  device: z.object({
    model: z.string().min(1).max(100),
    os: z.string().min(1).max(100),
    app_version: z.string().min(1).max(50),
  }),
});
export type DeviceActivateBody = z.infer<typeof deviceActivateBody>;

export const deviceActivateResponse = z.object({
  terminal_id: z.string(),
  /** Long-lived bearer token (≥ 128 bits, stored hashed): `Authorization: Bearer <device_token>`. */
  device_token: z.string(),
  name: z.string(),
  status: z.enum(['Enabled', 'Disabled']),
  /** Seconds between heartbeats the server asks for. */
  poll_after_s: z.number().int(),
});
export type DeviceActivateResponse = z.infer<typeof deviceActivateResponse>;

/** POST device/v1/heartbeat */
export const deviceHeartbeatBody = z.object({
  battery: z.number().int().min(0).max(100),
  charging: z.boolean().optional(),
  network: z.string().max(50).optional(),
  app_version: z.string().min(1).max(50).optional(),
});
export type DeviceHeartbeatBody = z.infer<typeof deviceHeartbeatBody>;

export const deviceHeartbeatResponse = z.object({
  status: z.enum(['Enabled', 'Disabled']),
  server_time: z.string(),
  poll_after_s: z.number().int(),
});
export type DeviceHeartbeatResponse = z.infer<typeof deviceHeartbeatResponse>;

/** POST device/v1/status {enabled}: the phone pauses or resumes itself. */
export const deviceStatusBody = z.object({ enabled: z.boolean() });
export const deviceStatusResponse = z.object({ status: z.enum(['Enabled', 'Disabled']) });

export const NOTIFICATION_SOURCES = ['sms', 'push'] as const;

/** One bank SMS or push notification as the phone received it. */
export const deviceNotificationSchema = z.object({
  /** Unique per device; a resent id is answered `duplicate` and stored once. */
  id: z.string().min(1).max(100),
  source: z.enum(NOTIFICATION_SOURCES),
  /** SMS sender (e.g. 900) or, for a push, the app's package name exactly as Android reports it (ru.sberbankmobile). */
  sender: z.string().min(1).max(200),
  title: z.string().max(500).optional(),
  text: z
    .string()
    .min(1)
    .refine((value) => utf8ByteLength(value) <= NOTIFICATION_TEXT_MAX_BYTES, {
      message: `Текст уведомления длиннее ${NOTIFICATION_TEXT_MAX_BYTES} байт`,
    }),
  /** When the phone received it (ISO 8601 with offset). */
  received_at: z.iso.datetime({ offset: true }),
});
export type DeviceNotification = z.infer<typeof deviceNotificationSchema>;

/** POST device/v1/notifications: up to 100 per call. */
export const deviceNotificationsBody = z.object({
  items: z.array(deviceNotificationSchema).min(1).max(NOTIFICATION_BATCH_MAX),
});
export type DeviceNotificationsBody = z.infer<typeof deviceNotificationsBody>;

/**
 * matched: an incoming transfer that confirmed a deal; unmatched: an incoming transfer (or an unparsed text)
 * that no deal awaits; ignored: not an incoming transfer (purchases, outgoing, codes, adverts); duplicate: this
 * id was received before (its first result is not repeated).
 */
export const NOTIFICATION_RESULTS = ['matched', 'unmatched', 'ignored', 'duplicate'] as const;
export const deviceNotificationsResponse = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      status: z.enum(NOTIFICATION_RESULTS),
      deal_id: z.string().optional(),
    }),
  ),
});
export type DeviceNotificationsResponse = z.infer<typeof deviceNotificationsResponse>;

/**
 * Issue 24: what `device/v1/hooks/{token}` answers a forwarder app for an accepted request (always 200, so the
 * app never retries it): matched, unmatched (an incoming transfer no deal awaits, or a text no parser
 * understood), ignored (not an incoming transfer, or not a message: another event, an empty text), duplicate
 * (this message was received before), ping (a heartbeat: battery and last seen updated).
 */
export const HOOK_RESULTS = ['matched', 'unmatched', 'ignored', 'duplicate', 'ping'] as const;
export const deviceHookResponse = z.object({ status: z.enum(HOOK_RESULTS) });
export type DeviceHookResponse = z.infer<typeof deviceHookResponse>;
