import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { cx } from '../../ui/index.ts';
import { BANNER_VARIANTS, BANNERS, type Banner } from './banners.ts';

/** Spec §9 Banner rotation / pause / fade: 60 s / 5 s / 0.4 s. */
export const BANNER_TIMINGS = { rotateMs: 60_000, pauseMs: 5_000, fadeMs: 400 } as const;

/** Words of the carousel's controls (ours, so Russian). */
export const CAROUSEL_TEXT = {
  region: 'Первые шаги',
  previous: 'Предыдущий баннер',
  next: 'Следующий баннер',
  dots: 'Выбор баннера',
  dot: (index: number, total: number) => `Баннер ${index} из ${total}`,
  slide: 'слайд',
  carousel: 'карусель',
} as const;

const total = BANNERS.length;

/** The widest variant, the `<img>` fallback for widths no `<source>` matches (1500 px and more). */
const LAST_VARIANT = BANNER_VARIANTS[3];

/**
 * One banner: a `<picture>` whose sources follow the spec's widths, so only the file for the current width
 * downloads. The first banner is the page's largest picture: it loads at once with high priority and
 * reserves its box through width/height (no layout shift); the others load lazily.
 */
function BannerPicture({ banner, first }: { banner: Banner; first: boolean }) {
  return (
    <picture>
      {BANNER_VARIANTS.filter((variant) => variant.media !== null).map((variant) => (
        <source
          key={variant.key}
          media={variant.media ?? undefined}
          srcSet={banner.src[variant.key]}
          width={variant.width}
          height={variant.height}
        />
      ))}
      <img
        src={banner.src[LAST_VARIANT.key]}
        width={LAST_VARIANT.width}
        height={LAST_VARIANT.height}
        alt={banner.alt}
        className="block h-auto w-full"
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'low'}
        decoding={first ? undefined : 'async'}
        draggable={false}
      />
    </picture>
  );
}

/**
 * The home page's banner carousel (spec §2 Home dashboard): four banners on a trader's first steps, crossfading
 * (0.4 s, none for people who ask for reduced motion) to the next one every 60 s. Previous/next and the dots
 * switch by hand and hold the rotation for 5 s, after which the 60 s count starts again. A banner leads to the
 * Help page's Beginners section, opened at the subsection that explains its step.
 */
export function BannerCarousel({ className }: { className?: string }) {
  const [active, setActive] = useState(0);
  // Each manual switch gets a new number, so a second click within the pause restarts the 5 s.
  const [pause, setPause] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every change of banner starts a new 60 s count.
  useEffect(() => {
    if (pause > 0) {
      const timer = window.setTimeout(() => setPause(0), BANNER_TIMINGS.pauseMs);
      return () => window.clearTimeout(timer);
    }
    const timer = window.setTimeout(() => setActive((index) => (index + 1) % total), BANNER_TIMINGS.rotateMs);
    return () => window.clearTimeout(timer);
  }, [active, pause]);

  const show = (index: number) => {
    setActive((index + total) % total);
    setPause((count) => count + 1);
  };

  return (
    <section
      aria-roledescription={CAROUSEL_TEXT.carousel}
      aria-label={CAROUSEL_TEXT.region}
      data-testid="banner-carousel"
      data-paused={pause > 0}
      className={cx('min-w-0', className)}
    >
      <div className="grid overflow-hidden rounded-xl bg-brand-800 shadow-card">
        {BANNERS.map((banner, index) => {
          const current = index === active;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the carousel pattern's slide, not a form group.
            <div
              key={banner.id}
              role="group"
              aria-roledescription={CAROUSEL_TEXT.slide}
              aria-label={CAROUSEL_TEXT.dot(index + 1, total)}
              aria-hidden={current ? undefined : true}
              inert={!current}
              data-testid="banner"
              data-banner={banner.id}
              data-active={current}
              className={cx(
                '[grid-area:1/1] transition-opacity duration-[400ms] ease-in-out motion-reduce:transition-none',
                current ? 'z-10 opacity-100' : 'pointer-events-none opacity-0',
              )}
            >
              <Link
                to="/help"
                state={banner.help}
                tabIndex={current ? undefined : -1}
                className="block rounded-xl outline-offset-[-3px]"
              >
                <BannerPicture banner={banner} first={index === 0} />
              </Link>
            </div>
          );
        })}
      </div>
      <div className="mt-3 flex items-center justify-between gap-3">
        <fieldset className="m-0 flex min-w-0 items-center border-0 p-0 lg:gap-1.5">
          <legend className="sr-only">{CAROUSEL_TEXT.dots}</legend>
          {BANNERS.map((banner, index) => (
            <button
              key={banner.id}
              type="button"
              aria-label={CAROUSEL_TEXT.dot(index + 1, total)}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => show(index)}
              className="group -my-2.5 flex h-11 min-w-11 items-center justify-center lg:my-0 lg:h-6 lg:min-w-6"
            >
              <span
                className={cx(
                  'block h-1.5 rounded-full transition-all duration-300 motion-reduce:transition-none',
                  index === active ? 'w-6 bg-brand-600' : 'w-1.5 bg-gray-300 group-hover:bg-gray-400',
                )}
              />
            </button>
          ))}
        </fieldset>
        <div className="flex items-center gap-3 lg:gap-1.5">
          <button
            type="button"
            aria-label={CAROUSEL_TEXT.previous}
            onClick={() => show(active - 1)}
            className="tap-area flex size-8 items-center justify-center rounded-full border border-gray-200 bg-white text-gray-600 shadow-xs transition hover:border-gray-300 hover:text-gray-900"
          >
            <ChevronLeft size={16} aria-hidden />
          </button>
          <button
            type="button"
            aria-label={CAROUSEL_TEXT.next}
            onClick={() => show(active + 1)}
            className="tap-area flex size-8 items-center justify-center rounded-full border border-gray-200 bg-white text-gray-600 shadow-xs transition hover:border-gray-300 hover:text-gray-900"
          >
            <ChevronRight size={16} aria-hidden />
          </button>
        </div>
      </div>
    </section>
  );
}
