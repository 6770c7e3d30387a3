/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contrastRatio, TEXT_CONTRAST_MIN } from '@app/shared/color-contrast';
import { describe, expect, it } from 'vitest';

// Read from disk: the test runner empties CSS imports, ?raw included.
const css = readFileSync(join(import.meta.dirname, 'theme.css'), 'utf8');

/** The value of a colour token of theme.css (`--color-gray-500` → '#6c6b80'). */
function token(name: string): string {
  const match = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css);
  if (!match?.[1]) throw new Error(`no colour token ${name}`);
  return match[1];
}

/** Text colours the design system uses for words, and the light surfaces they sit on. */
const SURFACES = ['surface', 'canvas', 'gray-25', 'gray-50', 'gray-100'];
const TEXT = ['gray-500', 'gray-600', 'gray-700', 'gray-900', 'brand-700', 'danger-600', 'info-600'];
const TONES = ['success', 'warning', 'danger', 'info'];

describe('design tokens: text contrast (WCAG AA, 4.5:1)', () => {
  it.each(TEXT.flatMap((text) => SURFACES.map((surface) => [text, surface] as const)))(
    '%s on %s',
    (text, surface) => {
      expect(contrastRatio(token(text), token(surface))).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
    },
  );

  it.each(TONES)('an alert or badge in %s: its 700 text on its 50 background', (tone) => {
    expect(contrastRatio(token(`${tone}-700`), token(`${tone}-50`))).toBeGreaterThanOrEqual(
      TEXT_CONTRAST_MIN,
    );
  });

  it('white text on the brand button', () => {
    expect(contrastRatio('#ffffff', token('brand-600'))).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
  });

  it('gray-400 is not a text colour on light surfaces (so screens use gray-500 for faint words)', () => {
    expect(contrastRatio(token('gray-400'), token('surface'))).toBeLessThan(TEXT_CONTRAST_MIN);
  });
});
