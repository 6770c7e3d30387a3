/**
 * What the forwarder apps' requests to `device/v1/hooks/{token}` are read into. The readers are pure: no I/O,
 * the clock passed in.
 */

/** A request as it reached the hook route: the raw body bytes (what SMS Gateway signs), the raw query. */
export interface HookRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  /** The query string without `?` ('' when none). */
  query: string;
  /** The body exactly as received; undefined when there was none. */
  body: Buffer | undefined;
}

/** What reading a request needs besides the request: the terminal's signing secret and the server's clock. */
export interface ReadContext {
  /** The secret the app signs with (SmsForwarder, SMS Gateway); null for the apps that do not sign. */
  secret: string | null;
  now: Date;
}

/**
 * What makes a retry or a resend the same message: the app's own id (SMS Gateway's event id, the same on every
 * retry), else the minute the app says the phone received it, in whatever form the app gives that time (a
 * stable text is enough: the key is only compared with itself).
 */
export type MessageIdentity = { id: string } | { minute: string };

/** A bank SMS or push as a forwarder app reported it, before it goes through the device API's path. */
export interface ForwardedMessage {
  source: 'sms' | 'push';
  /** The SMS sender, or for a push the app's package exactly as the app reported it. */
  sender: string;
  /** The push title; null for an SMS (what the apps put there for an SMS is the SIM, not the message). */
  title: string | null;
  text: string;
  /** When the phone received it, by the app; null when the app does not say. */
  receivedAt: Date | null;
  identity: MessageIdentity;
}

/** Battery and charging a request reported, each only when it did. */
export interface PhoneState {
  battery?: number;
  charging?: boolean;
}

export type HookReading =
  | ({ kind: 'message'; message: ForwardedMessage } & PhoneState)
  | ({ kind: 'ping' } & PhoneState)
  /** Authentic, but nothing to store: another event of the app, an empty or oversized text. */
  | ({ kind: 'ignored' } & PhoneState);

/** A flat set of fields read from a JSON object, a form or a query string. */
export type HookFields = Record<string, unknown>;
