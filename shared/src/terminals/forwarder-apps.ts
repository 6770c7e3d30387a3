import { z } from 'zod';
import '../zod-messages.ts';

/**
 * Issue 24: Android apps a trader can install today that forward the bank's SMS and push notifications to a
 * terminal's own URL (`device/v1/hooks/{token}`), beside our QR-paired device protocol. The ids are what
 * `POST /user/terminal/verify-request/ {app}` takes and what the terminal list shows.
 */
export const FORWARDER_APPS = ['smsforwarder', 'sms-gateway', 'sms-to-url', 'automation'] as const;
export type ForwarderApp = (typeof FORWARDER_APPS)[number];

/** Every kind of terminal: the QR-paired device protocol ('terminal-manager') or a forwarder app. */
export const TERMINAL_APPS = ['terminal-manager', ...FORWARDER_APPS] as const;
export type TerminalApp = (typeof TERMINAL_APPS)[number];

/** The apps as the add-terminal choice and the terminal card name them. */
export const TERMINAL_APP_LABELS: Record<TerminalApp, string> = {
  'terminal-manager': 'Terminal Manager (QR)',
  smsforwarder: 'SmsForwarder',
  'sms-gateway': 'SMS Gateway for Android',
  'sms-to-url': 'Incoming SMS to URL forwarder',
  automation: 'MacroDroid / Tasker',
};

/** Which apps sign their requests with a secret the trader types into the app (the others rely on the URL's token). */
export const SIGNING_APPS: readonly ForwarderApp[] = ['smsforwarder', 'sms-gateway'];

/** How far a signed request's timestamp may be from the server's clock. */
export const HOOK_MAX_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * What a trader pastes into SmsForwarder (Webhook sender, POST, "Request body" template): a template starting
 * with `{` goes out as JSON with the text (`[org_content]`, the raw SMS or push text — never the formatted
 * `[content]`) JSON-escaped; `[from]` is the SMS sender or, for a push, the app's package; `[title]` the push
 * title (the SIM for an SMS); `[timestamp]` ms and `[sign]` the app's signature with the secret.
 * `[receive_time:…]` is when the phone received the message, with its UTC offset (SimpleDateFormat `Z`): unlike
 * `[timestamp]` (the moment of sending) it stays the same when the app sends the message again (its Resend
 * task, a resend from its log), so a resent message is the same message and an old one never reads as new.
 */
export const SMSFORWARDER_MESSAGE_TEMPLATE =
  '{"type":"message","from":"[from]","title":"[title]","text":"[org_content]","receive_time":"[receive_time:yyyy-MM-dd\'T\'HH:mm:ss.SSSZ]","timestamp":[timestamp],"sign":"[sign]","battery":"{{BATTERY_PCT}}"}';

/**
 * SmsForwarder's heartbeat: a second Webhook sender with the same URL and secret and this template, sent by an
 * auto-task every minute (SmsForwarder has no heartbeat of its own).
 */
export const SMSFORWARDER_PING_TEMPLATE =
  '{"type":"ping","timestamp":[timestamp],"sign":"[sign]","battery":"{{BATTERY_PCT}}","plugged":"{{BATTERY_PLUGGED}}"}';

/** SMS Gateway for Android: the events to register with the webhook URL, and the ping interval to set. */
export const SMS_GATEWAY_EVENTS = ['sms:received', 'system:ping'] as const;
export const SMS_GATEWAY_PING_INTERVAL_S = 60;

/**
 * MacroDroid / Tasker: their magic text is inserted unescaped, so the safest body is form fields the app
 * URL-encodes itself (MacroDroid's Query Params, Tasker's form body): `sender`, `title`, `text`, `battery`.
 * A JSON body is read too, written with `text` last so a raw quote or newline in the text still reads.
 */
export const AUTOMATION_FIELDS = ['sender', 'title', 'text', 'battery'] as const;
export const AUTOMATION_JSON_TEMPLATE = {
  macrodroid:
    '{"sender":"{not_app_package}","title":"{not_title}","battery":"{battery}","text":"{not_text_big}"}',
  tasker: '{"sender":"%anpackage","title":"%antitle","battery":"%BATT","text":"%antextbig"}',
} as const;

/** The setup screen's data for a forwarder app (answer of verify-request with `app`, and of a new URL). */
export const forwarderSetupResponse = z.object({
  terminal_id: z.string(),
  app: z.enum(FORWARDER_APPS),
  /** Absolute: PUBLIC_URL + API_PREFIX + `/device/v1/hooks/<token>`; the token (256 bits) is stored only hashed. */
  webhook_url: z.string(),
  /** The signing secret to type into SmsForwarder or SMS Gateway; null for apps that do not sign. */
  secret: z.string().nullable(),
});
export type ForwarderSetupResponse = z.infer<typeof forwarderSetupResponse>;
