import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render.tsx';
import { BANNER_TIMINGS, BannerCarousel, CAROUSEL_TEXT } from './banner-carousel.tsx';
import { BANNER_VARIANTS, BANNERS } from './banners.ts';

function HelpProbe() {
  const location = useLocation();
  return <pre data-testid="help-state">{JSON.stringify(location.state)}</pre>;
}

const routes = [
  { path: '/', element: <BannerCarousel /> },
  { path: '/help', element: <HelpProbe /> },
];

function renderCarousel() {
  return renderAt('/', routes);
}

const activeBanner = () =>
  screen.getAllByTestId('banner').find((slide) => slide.dataset.active === 'true')?.dataset.banner;

// Spec §9: rotation 60 s, pause 5 s (the numbers themselves, so a changed constant fails here).
const ROTATE_MS = 60_000;
const PAUSE_MS = 5_000;

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

afterEach(() => vi.useRealTimers());

describe('banner carousel timings', () => {
  it('rotates to the next banner at 60 s, not before, and keeps rotating', () => {
    vi.useFakeTimers();
    renderCarousel();
    expect(activeBanner()).toBe('telegram');
    advance(ROTATE_MS - 1);
    expect(activeBanner()).toBe('telegram');
    advance(1);
    expect(activeBanner()).toBe('terminal');
    advance(ROTATE_MS);
    expect(activeBanner()).toBe('payment');
    advance(ROTATE_MS);
    advance(ROTATE_MS);
    expect(activeBanner()).toBe('telegram');
  });

  it('a manual switch holds the rotation for 5 s, then the 60 s count starts again', () => {
    vi.useFakeTimers();
    renderCarousel();
    advance(30_000);
    fireEvent.click(screen.getByRole('button', { name: CAROUSEL_TEXT.next }));
    expect(activeBanner()).toBe('terminal');
    expect(screen.getByTestId('banner-carousel')).toHaveAttribute('data-paused', 'true');
    advance(PAUSE_MS - 1);
    expect(screen.getByTestId('banner-carousel')).toHaveAttribute('data-paused', 'true');
    advance(1);
    expect(screen.getByTestId('banner-carousel')).toHaveAttribute('data-paused', 'false');
    // The 60 s count that ran when the user clicked (due at 60 s) is gone: a new one runs from the pause's end.
    advance(ROTATE_MS - 1);
    expect(activeBanner()).toBe('terminal');
    advance(1);
    expect(activeBanner()).toBe('payment');
  });

  it('a second switch within the pause starts the 5 s again', () => {
    vi.useFakeTimers();
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: CAROUSEL_TEXT.next }));
    advance(4_000);
    fireEvent.click(screen.getByRole('button', { name: CAROUSEL_TEXT.previous }));
    expect(activeBanner()).toBe('telegram');
    advance(4_000);
    expect(screen.getByTestId('banner-carousel')).toHaveAttribute('data-paused', 'true');
    advance(1_000);
    expect(screen.getByTestId('banner-carousel')).toHaveAttribute('data-paused', 'false');
    advance(ROTATE_MS - 1);
    expect(activeBanner()).toBe('telegram');
    advance(1);
    expect(activeBanner()).toBe('terminal');
  });

  it('previous wraps to the last banner and the dots pick any banner', () => {
    vi.useFakeTimers();
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: CAROUSEL_TEXT.previous }));
    expect(activeBanner()).toBe('deposit');
    const third = screen.getByRole('button', { name: CAROUSEL_TEXT.dot(3, 4) });
    fireEvent.click(third);
    expect(activeBanner()).toBe('payment');
    expect(third).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: CAROUSEL_TEXT.dot(1, 4) })).not.toHaveAttribute('aria-current');
  });

  it('crossfades in 0.4 s, and not at all for people who ask for reduced motion', () => {
    expect(BANNER_TIMINGS).toEqual({ rotateMs: ROTATE_MS, pauseMs: PAUSE_MS, fadeMs: 400 });
    renderCarousel();
    for (const slide of screen.getAllByTestId('banner')) {
      expect(slide).toHaveClass('transition-opacity', 'duration-[400ms]', 'motion-reduce:transition-none');
    }
    const [shown, ...hidden] = screen.getAllByTestId('banner');
    expect(shown).toHaveClass('opacity-100');
    for (const slide of hidden) expect(slide).toHaveClass('opacity-0');
  });
});

describe('banner carousel navigation', () => {
  it.each(BANNERS.map((banner, index) => [banner.id, index, banner.help] as const))(
    'a click on the %s banner opens /help with its state',
    async (_id, index, state) => {
      const user = userEvent.setup();
      const { router } = renderCarousel();
      await user.click(screen.getByRole('button', { name: CAROUSEL_TEXT.dot(index + 1, 4) }));
      const slide = screen.getAllByTestId('banner')[index]!;
      await user.click(within(slide).getByRole('link'));
      expect(router.state.location.pathname).toBe('/help');
      expect(router.state.location.state).toEqual(state);
      expect(screen.getByTestId('help-state')).toHaveTextContent(JSON.stringify(state));
    },
  );

  it('opens Beginners at telegram-connect and terminal-connect from the first two banners', () => {
    expect(BANNERS.map((banner) => banner.help)).toEqual([
      { section: 'beginners', subsection: 'telegram-connect' },
      { section: 'beginners', subsection: 'terminal-connect' },
      { section: 'beginners' },
      { section: 'beginners' },
    ]);
  });

  it('reaches only the shown banner and the controls with the keyboard', async () => {
    const user = userEvent.setup();
    renderCarousel();
    await user.tab();
    expect(document.activeElement).toBe(within(screen.getAllByTestId('banner')[0]!).getByRole('link'));
    for (const slide of screen.getAllByTestId('banner').slice(1)) {
      expect(slide).toHaveAttribute('aria-hidden', 'true');
      expect(slide.querySelector('a')).toHaveAttribute('tabindex', '-1');
    }
    screen.getByRole('button', { name: CAROUSEL_TEXT.next }).focus();
    await user.keyboard('{Enter}');
    expect(activeBanner()).toBe('terminal');
    await user.keyboard(' ');
    expect(activeBanner()).toBe('payment');
  });
});

describe('banner pictures', () => {
  it('offers one source per spec width, the widest as the fallback, so only one file downloads', () => {
    renderCarousel();
    const pictures = screen.getAllByTestId('banner').map((slide) => slide.querySelector('picture')!);
    pictures.forEach((picture, index) => {
      const sources = [...picture.querySelectorAll('source')];
      expect(sources.map((source) => source.getAttribute('media'))).toEqual([
        '(max-width: 499px)',
        '(max-width: 720px)',
        '(max-width: 1499px)',
      ]);
      const banner = BANNERS[index]!;
      expect(sources.map((source) => source.getAttribute('srcset'))).toEqual([
        banner.src.xs,
        banner.src.sm,
        banner.src.md,
      ]);
      expect(picture.querySelector('img')).toHaveAttribute('src', banner.src.lg);
    });
    expect(new Set(BANNERS.flatMap((banner) => Object.values(banner.src))).size).toBe(16);
  });

  it('gives the first banner its size and a high priority, and loads the others lazily', () => {
    renderCarousel();
    const images = screen.getAllByTestId('banner').map((slide) => slide.querySelector('img')!);
    const widest = BANNER_VARIANTS[3];
    expect(images[0]).toHaveAttribute('width', String(widest.width));
    expect(images[0]).toHaveAttribute('height', String(widest.height));
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[0]).toHaveAttribute('loading', 'eager');
    for (const source of screen.getAllByTestId('banner')[0]!.querySelectorAll('source')) {
      expect(source).toHaveAttribute('width');
      expect(source).toHaveAttribute('height');
    }
    for (const image of images.slice(1)) expect(image).toHaveAttribute('loading', 'lazy');
    expect(images[0]).toHaveAccessibleName(/Подключите Telegram/);
  });
});
