/** Terminal constants (spec §9 and issue 9). */

/** Charge shown on a device card while the phone has not reported one (spec §9). */
export const DEVICE_CARD_DEFAULT_CHARGE = 12;
/** The pairing QR code (spec §9). */
export const PAIRING_QR_SIZE = 256;
export const PAIRING_QR_LEVEL = 'H';
/** How long a pairing secret (auth_key) stays usable. */
export const PAIRING_TTL_MS = 10 * 60_000;
export const TERMINAL_NAME_MAX = 50;
/** Device API input caps. */
export const NOTIFICATION_BATCH_MAX = 100;
export const NOTIFICATION_TEXT_MAX_BYTES = 4096;
/** Payment methods linked in one connect-payments call. */
export const CONNECT_PAYMENTS_MAX = 100;

/** Status values as stored and as shown (spec §4: underscores shown as spaces). */
export const TERMINAL_STATUSES = ['Enabled', 'Disabled'] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

/** Shows a status value as the spec asks: underscores become spaces. */
export function terminalStatusLabel(status: string): string {
  return status.replaceAll('_', ' ');
}
