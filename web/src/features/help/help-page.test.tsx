import {
  formatRatingPoints,
  gaugeTone,
  PAYMENT_MESSAGES,
  paymentRatingTone,
  RATING,
  RATING_RULES,
  SUPPORT_CONTACTS,
} from '@app/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch-mock.ts';
import { bodyRowTexts } from '../../test/markup.ts';
import { loadLazyRoutes, renderAt } from '../../test/render.tsx';
import { signedIn } from '../../test/session-fixtures.ts';
import { FAQ_ITEMS } from './faq.tsx';
import { HELP_TEXT } from './help-page.tsx';
import type { HelpNavigationState } from './help-sections.ts';
import { colourBands, percentEffect, ratingExample, reserveTenths, thresholdTenths } from './rating-help.tsx';

beforeAll(() => loadLazyRoutes());
// The page renders inside the whole app (auth check, shell); on a busy machine its first render is slow.
vi.setConfig({ testTimeout: 30_000 });

let scrolled: Element[] = [];

beforeEach(() => {
  mockApi(signedIn(false));
  scrolled = [];
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
    scrolled.push(this);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const T = HELP_TEXT;
/** Renders the app at `path` and waits for the Help page's title. */
async function openHelp(path: string) {
  const view = renderAt(path);
  await screen.findByRole('heading', { level: 1, name: T.title }, { timeout: 10_000 });
  return view;
}
const sectionButton = (name: keyof typeof T.sections) =>
  screen.findByRole('button', { name: new RegExp(`^${T.sections[name].title}`) });
const subsectionButton = (name: keyof typeof T.subsections) =>
  screen.findByRole('button', { name: T.subsections[name].title });
const expanded = async (button: Promise<HTMLElement>) => (await button).getAttribute('aria-expanded');

describe('Help page: layout', () => {
  it('has the page title, the two sections as h2 and their subsections as h3, Beginners open by default', async () => {
    await openHelp('/help');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      `${T.sections.beginners.title}${T.sections.beginners.summary}`,
      `${T.sections.support.title}${T.sections.support.summary}`,
    ]);
    expect(await expanded(sectionButton('beginners'))).toBe('true');
    expect(await expanded(sectionButton('support'))).toBe('false');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      T.subsections.rating.title,
      T.subsections['terminal-connect'].title,
      T.subsections['telegram-connect'].title,
    ]);
    expect(await expanded(subsectionButton('rating'))).toBe('false');
  });
});

describe('Help page: rating rules from the engine', () => {
  it('prints one row per RATING_RULES entry with its points and percent effect', async () => {
    await openHelp('/help#rating');
    const table = await screen.findByRole('table', { name: 'Как события меняют рейтинг' });
    const rows = bodyRowTexts(table);
    expect(rows).toEqual(
      RATING_RULES.map((rule) => [rule.text, formatRatingPoints(rule.tenths), percentEffect(rule.tenths)]),
    );
    // The spec's numbers, spelled out once so a formatting change shows here.
    expect(rows).toEqual([
      ['Успешная сделка (завершена без спора)', '−0,1', '+1 %'],
      ['Спор завершён в течение 18 часов', '−1', '+10 %'],
      ['Открыт спор по вашей сделке', '+1', '−10 %'],
      ['Спор проигнорирован (нет доказательств в течение 15 часов)', '+1', '−10 %'],
    ]);
  });

  it('states the gating, the threshold, the floor and the formula', async () => {
    await openHelp('/help#rating');
    const region = await screen.findByTestId('rating-rules');
    const text = region.closest('.flex-col')!.textContent!;
    expect(text).toContain('100 − 10 × баллы');
    expect(text).toContain('Новый платёжный метод начинает с рейтинга трейдера');
    expect(text).toContain(`Метод с рейтингом ниже ${RATING.minPercent} % не получает сделок`);
    expect(text).toContain(`Если рейтинг трейдера ниже ${RATING.minPercent} %, добавить новый метод нельзя`);
    expect(text).toContain(
      'Рейтинг 51 % соответствует +4,9 балла; при +5 баллах рейтинг уже 50 % и сделки прекращаются',
    );
    expect(text).toContain('Лучшая граница — −3 балла');
    expect(text).toContain('первые 3 штрафных балла его ещё не снижают');
    expect(thresholdTenths()).toBe(49);
    expect(reserveTenths()).toBe(30);
  });

  it('computes the worked example with the engine', () => {
    expect(ratingExample()).toEqual([
      { event: 'Начало', points: '0', percent: '100 %' },
      { event: 'Открыт спор', points: '+1', percent: '90 %' },
      { event: 'Открыт ещё один спор', points: '+2', percent: '80 %' },
      { event: 'Этот спор завершён в течение 18 часов', points: '+1', percent: '90 %' },
      { event: '10 успешных сделок', points: '0', percent: '100 %' },
    ]);
  });

  it('shows the colour bands of the dashboard gauge and the Payments cards as the colour functions give them', async () => {
    await openHelp('/help#rating');
    const table = await screen.findByRole('table', { name: 'Цвет рейтинга' });
    const rows = bodyRowTexts(table);
    expect(rows).toEqual([
      ['75–100 %', 'зелёный', 'зелёный'],
      ['50–74 %', 'жёлтый', 'оранжевый'],
      ['0–49 %', 'красный', 'красный'],
    ]);
    for (const band of colourBands()) {
      for (const percent of [band.from, band.to]) {
        expect(gaugeTone(percent)).toBe(band.gauge);
        expect(paymentRatingTone(percent)).toBe(band.payments);
      }
    }
  });
});

describe('Help page: opening from navigation state', () => {
  async function arriveWith(state: HelpNavigationState) {
    const view = renderAt('/nowhere');
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    await act(() => view.router.navigate('/help', { state }));
    await screen.findByRole('heading', { level: 1, name: T.title }, { timeout: 10_000 });
    return view;
  }

  it.each([
    ['telegram-connect', 'Подключение Telegram'],
    ['terminal-connect', 'Подключение терминала'],
  ] as const)(
    'beginners + %s opens it, scrolls to it, focuses it and puts it in the hash',
    async (subsection, title) => {
      const { router } = await arriveWith({ section: 'beginners', subsection });
      const trigger = await screen.findByRole('button', { name: title });
      expect(trigger).toHaveAttribute('aria-expanded', 'true');
      await waitFor(() => expect(router.state.location.hash).toBe(`#${subsection}`));
      expect(scrolled.map((element) => element.id)).toContain(`help-${subsection}`);
      expect(trigger).toHaveFocus();
      expect(await expanded(sectionButton('beginners'))).toBe('true');
    },
  );

  it('support alone opens the Support section', async () => {
    const { router } = await arriveWith({ section: 'support' });
    expect(await expanded(sectionButton('support'))).toBe('true');
    expect(await expanded(subsectionButton('faq'))).toBe('false');
    await waitFor(() => expect(router.state.location.hash).toBe('#support'));
  });

  it('a state of another shape opens the default and scrolls nowhere', async () => {
    const { router } = await arriveWith({ section: 'nope' } as unknown as HelpNavigationState);
    expect(await expanded(sectionButton('beginners'))).toBe('true');
    expect(await expanded(sectionButton('support'))).toBe('false');
    expect(router.state.location.hash).toBe('');
    expect(scrolled).toEqual([]);
  });
});

describe('Help page: opening from the hash', () => {
  it.each([
    ['#rating', 'beginners', 'rating'],
    ['#terminal-connect', 'beginners', 'terminal-connect'],
    ['#telegram-connect', 'beginners', 'telegram-connect'],
    ['#faq', 'support', 'faq'],
    ['#technical-support', 'support', 'technical-support'],
  ] as const)('%s opens %s → %s and scrolls to it', async (hash, section, subsection) => {
    await openHelp(`/help${hash}`);
    expect(await expanded(sectionButton(section))).toBe('true');
    expect(await expanded(subsectionButton(subsection))).toBe('true');
    await waitFor(() => expect(scrolled.map((element) => element.id)).toContain(`help-${subsection}`));
  });

  it.each(['support', 'beginners'] as const)('#%s opens that section only', async (section) => {
    await openHelp(`/help#${section}`);
    expect(await expanded(sectionButton(section))).toBe('true');
    const other = section === 'support' ? 'beginners' : 'support';
    expect(await expanded(sectionButton(other))).toBe('false');
    await waitFor(() => expect(scrolled.map((element) => element.id)).toContain(`help-${section}`));
  });

  it('an unknown hash leaves the default', async () => {
    await openHelp('/help#nothing');
    expect(await expanded(sectionButton('beginners'))).toBe('true');
    expect(await expanded(subsectionButton('rating'))).toBe('false');
  });

  it('a section link at the top opens its subsection', async () => {
    const user = userEvent.setup();
    const { router } = await openHelp('/help');
    const nav = await screen.findByRole('navigation', { name: T.jumpLabel });
    await user.click(within(nav).getByRole('link', { name: T.subsections['technical-support'].short }));
    expect(router.state.location.hash).toBe('#technical-support');
    expect(await expanded(sectionButton('support'))).toBe('true');
    expect(await expanded(subsectionButton('technical-support'))).toBe('true');
  });
});

describe('Help page: the hash follows the reader', () => {
  it('opening and closing sections and subsections rewrites the hash without scrolling', async () => {
    const user = userEvent.setup();
    const { router } = await openHelp('/help');
    const hash = () => router.state.location.hash;

    await user.click(await subsectionButton('telegram-connect'));
    await waitFor(() => expect(hash()).toBe('#telegram-connect'));
    await user.click(await subsectionButton('rating'));
    await waitFor(() => expect(hash()).toBe('#rating'));
    expect(await expanded(subsectionButton('telegram-connect'))).toBe('false');
    await user.click(await subsectionButton('rating'));
    await waitFor(() => expect(hash()).toBe('#beginners'));

    await user.click(await sectionButton('support'));
    await waitFor(() => expect(hash()).toBe('#support'));
    await user.click(await subsectionButton('faq'));
    await waitFor(() => expect(hash()).toBe('#faq'));
    await user.click(await sectionButton('support'));
    await waitFor(() => expect(hash()).toBe(''));
    expect(scrolled).toEqual([]);
    // Replaced, not pushed: Back leaves the page instead of walking through every click.
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('Help page: support', () => {
  it('answers at least ten questions, each a heading with a button that opens its answer', async () => {
    const user = userEvent.setup();
    await openHelp('/help#faq');
    const faq = await screen.findByTestId('faq');
    const questions = within(faq).getAllByRole('heading', { level: 4 });
    expect(questions.length).toBeGreaterThanOrEqual(10);
    expect(questions.map((q) => q.textContent)).toEqual(FAQ_ITEMS.map((item) => item.question));
    const noDeals = within(faq).getByRole('button', { name: 'Почему мне не приходят сделки?' });
    expect(noDeals).toHaveAttribute('aria-expanded', 'false');
    await user.click(noDeals);
    expect(noDeals).toHaveAttribute('aria-expanded', 'true');
    expect(faq).toHaveTextContent('не ниже 51 %');
    expect(faq).toHaveTextContent('не дольше 90 секунд назад');
    await user.click(within(faq).getByRole('button', { name: 'Почему я не могу добавить платёжный метод?' }));
    expect(faq).toHaveTextContent(PAYMENT_MESSAGES.ratingTooLow);
    await user.click(within(faq).getByRole('button', { name: 'Как проходит спор и какие сроки?' }));
    expect(faq).toHaveTextContent('У трейдера 15 часов');
    expect(faq).toHaveTextContent('в течение 72 часов');
  });

  it('technical support is 24/7 with the Telegram and mail contacts', async () => {
    await openHelp('/help#technical-support');
    const telegram = await screen.findByRole('link', { name: new RegExp(SUPPORT_CONTACTS.telegram) });
    expect(telegram).toHaveAttribute('href', 'https://t.me/processing_support');
    expect(screen.getByRole('link', { name: new RegExp(SUPPORT_CONTACTS.email) })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_CONTACTS.email}`,
    );
    expect(screen.getByText(`${SUPPORT_CONTACTS.hours}.`)).toBeInTheDocument();
  });
});
