/**
 * Money in bank texts: amounts become bigint kopecks, never floats.
 *
 * Banks print "1 234,56 ₽", "1234.56р", "12264RUB", "2 800,00 RUB" and, in push notifications, use non-breaking
 * (U+00A0), thin (U+2009), narrow no-break (U+202F) or figure (U+2007) spaces between thousands. The text is
 * normalized to plain spaces before matching (see text.ts); parseKopecks also accepts the raw characters.
 */

/** An amount as it appears in a text: digits, optional space-separated thousands, optional kopecks. */
export const AMOUNT = String.raw`(\d(?:[\d ]*\d)?(?:[.,]\d{1,2})?)`;

/** A balance: like an amount, but a credit card may show it below zero. */
export const BALANCE = String.raw`(-?\s?\d(?:[\d ]*\d)?(?:[.,]\d{1,2})?)`;

/**
 * Ruble marks: ₽, RUB, RUR, руб, руб., р, р. — and nothing longer ("рубли" or "рублей" in an advert are words, and
 * a letter right after "р" means the "р" began a word).
 */
export const RUB = String.raw`\s?(?:₽|RUB|RUR|руб\.?|р\.?)(?![A-Za-zА-Яа-яЁё])`;

const SPACES = /[\s\u00A0\u2007\u2009\u202F]/g;
const GROUPED = /^\d{1,3}(?: \d{3})+(?:[.,]\d{1,2})?$/;
const PLAIN = /^\d+(?:[.,]\d{1,2})?$/;

/**
 * "1 234,56" → 123456n. Returns null for anything that is not one unambiguous amount: badly grouped thousands
 * ("1 2345"), three digits after the separator ("1,500" is a thousand-separated 1500 or a typo — we cannot tell),
 * letters, or an empty string. A leading minus is kept (balances of credit cards).
 */
export function parseKopecks(raw: string): bigint | null {
  let text = raw.replace(/[−–]/g, '-').trim();
  let sign = 1n;
  if (text.startsWith('-')) {
    sign = -1n;
    text = text.slice(1).trim();
  }
  const spaced = text.replace(SPACES, ' ');
  if (!GROUPED.test(spaced) && !PLAIN.test(spaced)) return null;
  const digits = spaced.replace(/ /g, '');
  const [whole = '', fraction = ''] = digits.split(/[.,]/);
  const kopecks = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  return sign * kopecks;
}
