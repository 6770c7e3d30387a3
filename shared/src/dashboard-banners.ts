/**
 * The home page's banner widths (spec §9: "below 500, up to 720, below 1500, else"), narrowest first. The web
 * draws each banner in these four shapes and lets `<picture>` pick one; on a signed-in visit to `/` the server
 * preloads the first banner's file for the same widths and paints it into the HTML (server/src/web/home-page.ts,
 * web/src/app/home-shell.tsx), so the largest picture of the page shows before any code has run. One table, so
 * they always choose the same file.
 */
export const BANNER_VARIANTS = [
  { key: 'xs', media: '(max-width: 499px)', preloadMedia: '(max-width: 499px)', width: 480, height: 240 },
  {
    key: 'sm',
    media: '(max-width: 720px)',
    preloadMedia: '(min-width: 500px) and (max-width: 720px)',
    width: 720,
    height: 280,
  },
  {
    key: 'md',
    media: '(max-width: 1499px)',
    preloadMedia: '(min-width: 721px) and (max-width: 1499px)',
    width: 960,
    height: 300,
  },
  { key: 'lg', media: null, preloadMedia: '(min-width: 1500px)', width: 1080, height: 300 },
] as const;
export type BannerVariant = (typeof BANNER_VARIANTS)[number]['key'];

/** The banner shown first (its files are named `<id>-<variant>.svg`). */
export const FIRST_BANNER_ID = 'telegram';
