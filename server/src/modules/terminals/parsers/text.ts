/**
 * Text helpers shared by the bank parsers: one normal form for matching, and payer names.
 */

/**
 * One line, single plain spaces: the exotic spaces banks put between thousands (U+00A0, U+2007, U+2009, U+202F)
 * and line breaks become plain spaces; the non-breaking hyphen (U+2011, "Т‑Банк") becomes "-" and the minus sign
 * (U+2212) becomes "-". Matching then needs only one spelling of each.
 */
export function normalizeText(text: string): string {
  return text
    .replace(/[\s\u00A0\u2007\u2009\u202F\uFEFF]+/g, ' ')
    .replace(/[\u2010\u2011]/g, '-')
    .replace(/\u2212/g, '-')
    .trim();
}

/** Cyrillic letters that look Latin: some banks' transliterated SMS mix them in ("Рostupleniyе"). */
const LOOKALIKES: Record<string, string> = {
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
};

/** For transliterated formats only: turns Cyrillic look-alikes into the Latin letters they imitate. */
export function latinLookalikes(text: string): string {
  return text.replace(/[АВЕКМНОРСТХаеорсух]/g, (letter) => LOOKALIKES[letter] ?? letter);
}

/** A person as banks print a payer: "Иван И.", "ОЛЕГ НИКОЛАЕВИЧ К.", "Семён П", "Куницын Е.В.". */
const PERSON = /^[А-ЯЁ][А-ЯЁа-яё-]+(?: [А-ЯЁ][А-ЯЁа-яё-]+)?(?: [А-ЯЁ]\.?(?:[А-ЯЁ]\.?)?)$/;

/**
 * The payer's name when the text names a person, in one spelling: trimmed, a bare final initial gets its dot
 * ("Иван И" → "Иван И."). Sources that are not people ("Card2Card", "Банкомат", "AVITO") give undefined.
 */
export function payerName(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const name = raw.trim().replace(/[.,]+$/, '');
  if (!PERSON.test(name)) return undefined;
  return /(?:^| |\.)[А-ЯЁ]$/.test(name) ? `${name}.` : name;
}
