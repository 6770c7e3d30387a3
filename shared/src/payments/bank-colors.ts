/**
 * Bank colours of spec §3: ten known Russian banks have their brand colour, every other bank is purple.
 * Keys are lower-cased bank names (Russian and Latin spellings), so operator-added spellings still match.
 * The initials on a badge are text, so each pair reaches 4.5:1 (TEXT_CONTRAST_MIN): where white on the
 * brand colour did not, the colour is a shade deeper (Sber, Alfa) or the text is dark (Otkritie).
 */
import { contrastRatio } from '../color-contrast.ts';

export interface BankColor {
  /** Background of the bank badge. */
  background: string;
  /** Text on that background, chosen for contrast. */
  foreground: string;
}

export const DEFAULT_BANK_COLOR: BankColor = { background: '#7c3aed', foreground: '#ffffff' };

const BRAND_COLORS: { names: string[]; color: BankColor }[] = [
  {
    names: ['сбербанк', 'сбер', 'sber', 'sberbank'],
    color: { background: '#1c872f', foreground: '#ffffff' },
  },
  {
    names: ['т-банк', 'тбанк', 'тинькофф', 't-bank', 'tbank', 'tinkoff'],
    color: { background: '#ffdd2d', foreground: '#1f1f1f' },
  },
  { names: ['втб', 'vtb'], color: { background: '#0a2896', foreground: '#ffffff' } },
  {
    names: ['альфа-банк', 'альфа банк', 'альфа', 'alfa-bank', 'alfa bank', 'alfa'],
    color: { background: '#e61e11', foreground: '#ffffff' },
  },
  { names: ['газпромбанк', 'gazprombank'], color: { background: '#1b3f8f', foreground: '#ffffff' } },
  {
    names: ['райффайзенбанк', 'райффайзен', 'raiffeisenbank', 'raiffeisen'],
    color: { background: '#fff200', foreground: '#1f1f1f' },
  },
  { names: ['росбанк', 'rosbank'], color: { background: '#e4002b', foreground: '#ffffff' } },
  { names: ['совкомбанк', 'sovcombank'], color: { background: '#00428c', foreground: '#ffffff' } },
  {
    names: ['банк открытие', 'открытие', 'bank otkritie', 'otkritie'],
    color: { background: '#00b2e3', foreground: '#1f1f1f' },
  },
  { names: ['почта банк', 'pochta bank'], color: { background: '#1d2d72', foreground: '#ffffff' } },
];

const BY_NAME = new Map(
  BRAND_COLORS.flatMap(({ names, color }) => names.map((name) => [name, color] as const)),
);

const DARK_TEXT = '#1f1f1f';
const LIGHT_TEXT = '#ffffff';

/**
 * The colour of a bank: the operator's ('#RRGGBB', set in the console) when there is one, with whichever text
 * colour reads better on it; otherwise by its name, purple for banks without a brand colour.
 */
export function bankColor(name: string | null | undefined, operatorColor?: string | null): BankColor {
  if (operatorColor && /^#[0-9a-fA-F]{6}$/.test(operatorColor)) {
    const background = operatorColor.toLowerCase();
    const foreground =
      contrastRatio(LIGHT_TEXT, background) >= contrastRatio(DARK_TEXT, background) ? LIGHT_TEXT : DARK_TEXT;
    return { background, foreground };
  }
  const key = (name ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  return BY_NAME.get(key) ?? DEFAULT_BANK_COLOR;
}

/** Names of the banks with a brand colour, one per bank (for tests and the legend). */
export const BRANDED_BANK_COUNT = BRAND_COLORS.length;
