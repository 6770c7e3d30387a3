import { BannerCarousel } from './banner-carousel.tsx';

/** The banner's row: the carousel, and beside it above 900 px the Rating card's column (spec §2, §9). */
export const BANNER_ROW_CLASS =
  'grid grid-cols-1 items-start gap-6 min-[901px]:grid-cols-[minmax(0,1fr)_17rem] min-[1261px]:grid-cols-[minmax(0,1fr)_19rem]';

/**
 * The top of the dashboard as the server paints it before any script runs (app/home-shell.tsx): the welcome
 * header's place (the avatar's circle and the title's line: the greeting depends on the dashboard's answer and
 * on this browser's first visit), the real banner carousel, and the Rating card's place, whose column CSS
 * decides here because no script has measured the screen yet. Same boxes as DashboardPage's, so the banner
 * stays where it is when the app takes over.
 */
export function DashboardFirstPaint() {
  return (
    <>
      <div className="mb-8 flex items-center gap-4">
        <span className="size-14 shrink-0 rounded-full bg-gray-200" />
        <span className="h-7 w-56 max-w-[60%] rounded-md bg-gray-200" />
      </div>
      <div className={BANNER_ROW_CLASS}>
        <BannerCarousel />
        <div className="hidden self-stretch rounded-xl bg-white shadow-card min-[901px]:block" />
      </div>
    </>
  );
}
