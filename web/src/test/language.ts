import { TERMINAL_APP_LABELS } from '@app/shared';

/**
 * Latin-script words Russian pages use as they are (the project's own texts write "SMS", "push-уведомления",
 * "QR-код", "Новый URL"), and product names a Russian text names as they are.
 */
const LOANWORDS = new Set(
  [
    'SMS',
    'push',
    'URL',
    'QR',
    'APK',
    'JSON',
    'HTTP',
    'Android',
    'Wi-Fi',
    'macOS',
    'Linux',
    'Windows',
    'cmd',
  ].map((word) => word.toLowerCase()),
);
const PRODUCT_NAMES = [
  ...Object.values(TERMINAL_APP_LABELS),
  'Google Play',
  'F-Droid',
  'MacroDroid',
  'Tasker',
  'AutoNotification',
];

/**
 * The Latin-script words of an element's text that are neither literals (code, values to paste, the names a
 * phone app shows: marked `data-literal`) nor loanwords or product names: English that slipped into a
 * Russian widget. Empty when the widget speaks one language.
 */
export function latinOutsideLiterals(element: HTMLElement): string[] {
  const copy = element.cloneNode(true) as HTMLElement;
  for (const literal of copy.querySelectorAll('code, [data-literal], svg')) literal.remove();
  // Words, not glued text: block elements' texts would otherwise run into each other.
  let text = Array.from(copy.querySelectorAll('*'))
    .flatMap((node) => Array.from(node.childNodes))
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent ?? '')
    .join(' ');
  for (const name of PRODUCT_NAMES) text = text.replaceAll(name, ' ');
  // "push-уведомления", "QR-код": the Russian part of a compound is not Latin.
  return (text.match(/[A-Za-z](?:[A-Za-z0-9]|-(?=[A-Za-z0-9]))*/g) ?? []).filter(
    (word) => !LOANWORDS.has(word.toLowerCase()),
  );
}
