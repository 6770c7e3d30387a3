import { LOGO_MARK, PRODUCT_NAME } from './brand.ts';
import { HOME_SHELL_ELEMENT_ID } from './constants.ts';
import { BANNER_VARIANTS } from './dashboard-banners.ts';

/** The first banner's file for each of BANNER_VARIANTS' keys (hashed asset URLs from the web build). */
export type BannerFiles = Record<(typeof BANNER_VARIANTS)[number]['key'], string>;

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The signed-in home page as it first paints, written into the HTML by the server (server/src/web/home-page.ts)
 * so the screen is laid out and its largest picture shown before any script has loaded: the top bar, the side
 * column or bottom menu of the layout, the welcome header's place and the first banner. It uses the classes of
 * the components it stands for (AppShell, TopBar, Sidebar, BottomMenu, DashboardPage, BannerCarousel: web's
 * theme.css reads this file as a Tailwind source), and the breakpoints they choose in JavaScript are media
 * queries here: the layout collapses at 1140 px, the Rating card leaves the banner's row at 900 px. An e2e test
 * holds the banner to the app's position and size at every width, so the app takes over without anything moving.
 * Nothing in it is focusable and it is hidden from assistive technology: it stands for the page for a moment.
 */
export function homeShellHtml(banner: BannerFiles): string {
  const sources = BANNER_VARIANTS.filter((variant) => variant.media !== null)
    .map(
      (variant) =>
        `<source media="${attribute(variant.media ?? '')}" srcset="${attribute(banner[variant.key])}" width="${variant.width}" height="${variant.height}">`,
    )
    .join('');
  const widest = BANNER_VARIANTS[BANNER_VARIANTS.length - 1]!;
  const picture = `<picture>${sources}<img src="${attribute(banner[widest.key])}" width="${widest.width}" height="${widest.height}" alt="" class="block h-auto w-full" fetchpriority="high" draggable="false"></picture>`;
  const column = 'mx-auto w-full max-w-[1280px] px-4 sm:px-6 lg:px-10';
  // As the app's Logo inside its link (a block, hence the outer span): the same line box, the same place.
  const logo = `<span><span class="inline-flex items-center gap-2.5"><svg viewBox="${LOGO_MARK.viewBox}" class="size-8 shrink-0"><rect width="32" height="32" rx="${LOGO_MARK.radius}" fill="var(--color-brand-600)"></rect><path d="${LOGO_MARK.letterPath}" fill="#fff"></path></svg><span class="text-[1.0625rem] font-semibold tracking-tight text-gray-900">${PRODUCT_NAME}</span></span></span>`;
  return [
    // One pixel taller than the screen, like the dashboard it stands for: where scroll bars take room, both
    // have one, so the banner keeps its width when the app takes over.
    `<div id="${HOME_SHELL_ELEMENT_ID}" class="min-h-[calc(100dvh+1px)]" aria-hidden="true">`,
    `<div class="fixed inset-y-0 left-0 z-30 hidden w-sidebar border-r border-gray-200 bg-white min-[1141px]:block"><div class="flex h-topbar items-center px-6">${logo}</div></div>`,
    '<div class="flex min-h-dvh flex-col min-[1141px]:pl-sidebar">',
    '<div class="sticky top-0 z-20 h-topbar border-b border-gray-200/80 bg-canvas/85">',
    `<div class="${column} flex h-full items-center gap-4">`,
    `<p class="hidden text-small font-medium text-gray-500 min-[1141px]:block">${PRODUCT_NAME} <span class="px-1.5 text-gray-300">/</span><span class="text-gray-900">Overview</span></p>`,
    `<div class="min-[1141px]:hidden">${logo}</div>`,
    '</div></div>',
    `<div class="${column} flex-1 pt-6 pb-12 sm:pt-8">`,
    '<div class="mb-8 flex items-center gap-4"><span class="size-14 shrink-0 rounded-full bg-gray-200"></span><span class="h-7 w-56 max-w-[60%] rounded-md bg-gray-200"></span></div>',
    '<div class="grid grid-cols-1 items-start gap-6 min-[901px]:grid-cols-[minmax(0,1fr)_17rem] min-[1261px]:grid-cols-[minmax(0,1fr)_19rem]">',
    `<div class="min-w-0"><div class="grid overflow-hidden rounded-xl bg-brand-800 shadow-card">${picture}</div><div class="mt-3 h-8"></div></div>`,
    '<div class="hidden self-stretch rounded-xl bg-white shadow-card min-[901px]:block"></div>',
    '</div></div></div>',
    '<div class="fixed inset-x-0 bottom-0 z-30 h-bottom-menu border-t border-gray-200 bg-white/95 min-[1141px]:hidden"></div>',
    '</div>',
  ].join('');
}
