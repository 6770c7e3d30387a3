import { describe, expect, it } from 'vitest';
import { BANNER_VARIANTS, BANNERS } from './banners.ts';

const LIMIT_BYTES = 60 * 1024;

// Every SVG in the folder, as its bytes on disk (read at test time by the bundler, so no file is missed).
const onDisk = import.meta.glob<string>('./banners/*.svg', { query: '?raw', import: 'default', eager: true });
const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('banner files', () => {
  const files = BANNERS.flatMap((banner) =>
    BANNER_VARIANTS.map((variant) => ({ name: `${banner.id}-${variant.key}.svg`, variant })),
  );

  it.each(files)('$name is under 60 kB and drawn at its variant size', ({ name, variant }) => {
    const text = onDisk[`./banners/${name}`];
    expect(text).toBeDefined();
    expect(bytes(text ?? '')).toBeLessThan(LIMIT_BYTES);
    expect(text).toContain(`viewBox="0 0 ${variant.width} ${variant.height}"`);
    // Self-contained: no external fonts, images or styles to fetch.
    expect(text).not.toMatch(/@import|@font-face|href=|url\((?!#)/);
  });

  it('holds exactly the sixteen files the banners name', () => {
    expect(Object.keys(onDisk).sort()).toEqual(files.map((file) => `./banners/${file.name}`).sort());
  });
});
