import { API } from '@app/shared/api-paths';
import { AUTH_MESSAGES } from '@app/shared/auth/field-messages';
import type { Referral, ReferralDetailResponse } from '@app/shared/referrals/contracts';
import { REFERRAL_MESSAGES } from '@app/shared/referrals/messages';
import { PAIRING_QR_LEVEL, PAIRING_QR_SIZE } from '@app/shared/terminals/constants';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QRCodeSVG } from 'qrcode.react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Handlers, mockApi } from '../../test/fetch-mock.ts';
import { renderAt } from '../../test/render.tsx';
import { setViewportWidth } from '../../test/viewport.ts';
import { notify } from '../../ui/index.ts';
import { formatMonth, REFERRALS_TEXT as TEXT } from './referral-parts.tsx';
// The page loads the detail modal lazily; loading it here keeps the first opening from waiting on a transform.
import './referral-detail-modal.tsx';
import { ReferralsPage } from './referrals-page.tsx';

let counter = 0;

function referral(overrides: Partial<Referral> = {}): Referral {
  counter += 1;
  return {
    id: `r${counter}`,
    referral_code: `CODE${counter}XYZ`,
    email: `trader${counter}@example.com`,
    created_at: new Date(2026, 10, 25, 14, 5).toISOString(),
    profit: 0,
    is_used: false,
    ...overrides,
  };
}

function detailOf(item: Referral, overrides: Partial<ReferralDetailResponse> = {}): ReferralDetailResponse {
  return {
    ...item,
    link: `https://pay.example/welcome?ref=${item.referral_code}`,
    used_at: null,
    deals_count: 0,
    by_month: [],
    ...overrides,
  };
}

const listOf = (results: Referral[], count = results.length) => ({ body: { results, count } });

const LIST = `GET ${API.referrals.list}`;
const CREATE = `POST ${API.referrals.create}`;

function renderPage(handlers: Handlers) {
  const api = mockApi(handlers);
  const view = renderAt('/referrals', [
    { path: '/referrals', element: <ReferralsPage /> },
    { path: '/welcome', element: <p>welcome page</p> },
  ]);
  const listUrls = () =>
    api.fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith(API.referrals.list));
  return { ...api, ...view, listUrls };
}

afterEach(() => {
  vi.unstubAllGlobals();
  notify.dismiss();
  setViewportWidth(1024);
});

describe('ReferralsPage: the list', () => {
  it('shows code, email, created, profit in USDT and both statuses as table rows, page 1', async () => {
    const used = referral({ profit: 1234.5, is_used: true });
    const open = referral();
    const { listUrls } = renderPage({ [LIST]: listOf([open, used]) });
    const rows = await screen.findAllByTestId('referral-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByTestId('referrals-list')).toHaveAttribute('data-layout', 'table');
    for (const name of Object.values(TEXT.columns)) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    const first = within(rows[0]!);
    expect(first.getByTestId('referral-code')).toHaveTextContent(open.referral_code);
    expect(first.getByTestId('referral-code')).toHaveClass('font-mono');
    expect(first.getByText(open.email)).toBeInTheDocument();
    expect(first.getByText('25.11.2026 14:05')).toBeInTheDocument();
    expect(first.getByText('0,00 USDT')).toBeInTheDocument();
    expect(first.getByText(REFERRAL_MESSAGES.pending)).toBeInTheDocument();
    const second = within(rows[1]!);
    expect(second.getByText('1 234,50 USDT')).toBeInTheDocument();
    expect(second.getByText(REFERRAL_MESSAGES.activated)).toBeInTheDocument();
    expect(Object.fromEntries(listUrls()[0]!.searchParams)).toEqual({ page: '1' });
  });

  it('asks the page it shows: 10 per page, the pager sends ?page=', async () => {
    const user = userEvent.setup();
    const { listUrls } = renderPage({
      [LIST]: listOf(
        Array.from({ length: 10 }, () => referral()),
        23,
      ),
    });
    await screen.findAllByTestId('referral-row');
    expect(screen.getByRole('button', { name: 'Страница 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Страница 4' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Страница 2' }));
    await waitFor(() => expect(listUrls().at(-1)?.searchParams.get('page')).toBe('2'));
  });

  it('hides the pager when everything fits on one page', async () => {
    renderPage({ [LIST]: listOf([referral()], 10) });
    await screen.findAllByTestId('referral-row');
    expect(screen.queryByRole('button', { name: 'Страница 2' })).not.toBeInTheDocument();
  });

  it('stacks cards at 375 px and 768 px, the table above', async () => {
    setViewportWidth(375);
    renderPage({ [LIST]: listOf([referral({ is_used: true, profit: 5 })]) });
    const card = await screen.findByTestId('referral-card');
    expect(screen.getByTestId('referrals-list')).toHaveAttribute('data-layout', 'cards');
    expect(within(card).getByText('5,00 USDT')).toBeInTheDocument();
    expect(within(card).getByText(REFERRAL_MESSAGES.activated)).toBeInTheDocument();
    setViewportWidth(768);
    expect(screen.getByTestId('referrals-list')).toHaveAttribute('data-layout', 'cards');
    setViewportWidth(1280);
    await waitFor(() => expect(screen.getByTestId('referrals-list')).toHaveAttribute('data-layout', 'table'));
  });

  it('shows a skeleton while loading', async () => {
    renderPage({ [LIST]: 'never' });
    expect(await screen.findByTestId('referrals-loading')).toHaveAttribute('aria-busy', 'true');
  });

  it('shows the empty state with the create button', async () => {
    const user = userEvent.setup();
    renderPage({ [LIST]: listOf([]) });
    expect(await screen.findByText(TEXT.emptyTitle)).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: TEXT.create });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]!);
    expect(await screen.findByRole('dialog', { name: TEXT.createTitle })).toBeInTheDocument();
  });

  it('shows the load error and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderPage({
      [LIST]: () => (fail ? { status: 500, body: {} } : listOf([referral()])),
    });
    // A 5xx is tried once more (the app's query rule) before the error shows.
    expect(await screen.findByText(REFERRAL_MESSAGES.loadFailed, {}, { timeout: 3000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findAllByTestId('referral-row')).toHaveLength(1);
    expect(screen.queryByText(REFERRAL_MESSAGES.loadFailed)).not.toBeInTheDocument();
  });

  it('shows a 451 as the no-permission message, with no create button and no logout', async () => {
    const { calls, router } = renderPage({
      [LIST]: { status: 451, body: { detail: REFERRAL_MESSAGES.noPermission } },
    });
    expect(await screen.findByText(REFERRAL_MESSAGES.noPermission)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.create })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === API.auth.logout)).toBe(false);
    expect(router.state.location.pathname).toBe('/referrals');
  });
});

describe('ReferralsPage: the create-code modal', () => {
  async function openCreate(handlers: Handlers) {
    const user = userEvent.setup();
    const api = renderPage(handlers);
    await screen.findAllByTestId('referral-row');
    await user.click(screen.getByRole('button', { name: TEXT.create }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.createTitle });
    return { user, dialog, ...api };
  }

  it('requires the email, then its format, before asking the server', async () => {
    const { user, dialog, calls } = await openCreate({ [LIST]: listOf([referral()]) });
    await user.click(within(dialog).getByRole('button', { name: TEXT.submit }));
    expect(await within(dialog).findByText(TEXT.emailRequired)).toBeInTheDocument();
    const input = within(dialog).getByLabelText(new RegExp(TEXT.emailLabel));
    expect(input).toHaveAttribute('type', 'email');
    await user.type(input, 'trader@example');
    await user.click(within(dialog).getByRole('button', { name: TEXT.submit }));
    expect(await within(dialog).findByText(AUTH_MESSAGES.emailFormat)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('creates the code, toasts, closes and reads the list again', async () => {
    const fresh = referral({ email: 'new@example.com' });
    let created = false;
    const { user, dialog, calls } = await openCreate({
      [LIST]: () => listOf(created ? [fresh, referral()] : [referral()]),
      [CREATE]: () => {
        created = true;
        return { status: 201, body: fresh };
      },
    });
    await user.type(within(dialog).getByLabelText(new RegExp(TEXT.emailLabel)), 'new@example.com');
    await user.click(within(dialog).getByRole('button', { name: TEXT.submit }));
    expect(await screen.findByText(REFERRAL_MESSAGES.created)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'new@example.com' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getAllByTestId('referral-row')).toHaveLength(2));
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
  });

  it("shows the server's field error under the email field and keeps the modal open", async () => {
    const { user, dialog } = await openCreate({
      [LIST]: listOf([referral()]),
      [CREATE]: { status: 400, body: { email: [REFERRAL_MESSAGES.openCodeExists] } },
    });
    const input = within(dialog).getByLabelText(new RegExp(TEXT.emailLabel));
    await user.type(input, 'taken@example.com');
    await user.click(within(dialog).getByRole('button', { name: TEXT.submit }));
    expect(await within(dialog).findByText(REFERRAL_MESSAGES.openCodeExists)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(REFERRAL_MESSAGES.created)).not.toBeInTheDocument();
  });

  it("toasts other failures: the server's detail, else the create error", async () => {
    let reply: { status: number; body: unknown } = { status: 409, body: { detail: 'Слишком много кодов' } };
    const { user, dialog } = await openCreate({
      [LIST]: listOf([referral()]),
      [CREATE]: () => reply,
    });
    await user.type(within(dialog).getByLabelText(new RegExp(TEXT.emailLabel)), 'a@example.com');
    await user.click(within(dialog).getByRole('button', { name: TEXT.submit }));
    expect(await screen.findByText('Слишком много кодов')).toBeInTheDocument();
    reply = { status: 500, body: {} };
    await user.click(within(dialog).getByRole('button', { name: TEXT.submit }));
    expect(await screen.findByText(REFERRAL_MESSAGES.createFailed)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: TEXT.createTitle })).toBeInTheDocument();
  });
});

describe('ReferralsPage: the detail modal', () => {
  const used = () =>
    referral({ is_used: true, profit: 12.3, referral_code: 'ABCD2345EF', email: 'ivan@example.com' });

  function renderDetail(item: Referral, detail: ReferralDetailResponse | { status: number; body: unknown }) {
    return renderPage({
      [LIST]: listOf([item]),
      [`GET ${API.referrals.detail(item.id)}`]: 'status' in detail ? detail : { body: detail },
    });
  }

  it('shows the code, the sign-up link, its QR code (256, level H), the use, deals, commission and months', async () => {
    const user = userEvent.setup();
    const item = used();
    const detail = detailOf(item, {
      used_at: new Date(2026, 10, 26, 9, 30).toISOString(),
      deals_count: 7,
      by_month: [
        { month: '2026-11', deals: 4, profit: 10 },
        { month: '2026-10', deals: 3, profit: 2.3 },
      ],
    });
    renderDetail(item, detail);
    await user.click(await screen.findByTestId('referral-row'));
    const dialog = await screen.findByRole('dialog', { name: TEXT.detailTitle });
    expect(await within(dialog).findByTestId('detail-code')).toHaveTextContent('ABCD2345EF');
    expect(within(dialog).getByTestId('detail-link')).toHaveTextContent(detail.link);
    expect(within(dialog).getByTestId('detail-used-at')).toHaveTextContent('26.11.2026 09:30');
    expect(within(dialog).getByTestId('detail-deals')).toHaveTextContent('7');
    expect(within(dialog).getByTestId('detail-profit')).toHaveTextContent('12,30 USDT');
    expect(within(dialog).getByText(REFERRAL_MESSAGES.activated)).toBeInTheDocument();

    const qr = within(dialog).getByTestId('referral-qr');
    expect(qr).toHaveAttribute('data-qr-value', detail.link);
    const svg = within(qr).getByRole('img', { name: TEXT.qrTitle });
    expect(svg).toHaveAttribute('height', String(PAIRING_QR_SIZE));
    const reference = render(
      <QRCodeSVG value={detail.link} size={PAIRING_QR_SIZE} level={PAIRING_QR_LEVEL} marginSize={1} />,
    );
    const lowLevel = render(
      <QRCodeSVG value={detail.link} size={PAIRING_QR_SIZE} level="L" marginSize={1} />,
    );
    const pathOf = (root: ParentNode) =>
      Array.from(root.querySelectorAll('path'))
        .map((path) => path.getAttribute('d'))
        .join('|');
    expect(pathOf(svg)).toBe(pathOf(reference.container));
    expect(pathOf(svg)).not.toBe(pathOf(lowLevel.container));

    const months = within(dialog).getAllByTestId('referral-month');
    expect(months).toHaveLength(2);
    expect(within(months[0]!).getByText(formatMonth('2026-11'))).toBeInTheDocument();
    expect(formatMonth('2026-11')).toBe('Ноябрь 2026');
    expect(within(months[0]!).getByText('10,00 USDT')).toBeInTheDocument();
    expect(within(months[1]!).getByText('3')).toBeInTheDocument();
    expect(within(months[1]!).getByText('2,30 USDT')).toBeInTheDocument();
  });

  it('a pending code: not used yet, no months, and opens from the details button too', async () => {
    const user = userEvent.setup();
    const item = referral();
    renderDetail(item, detailOf(item));
    await screen.findByTestId('referral-row');
    await user.click(screen.getByRole('button', { name: TEXT.details }));
    const dialog = await screen.findByRole('dialog', { name: TEXT.detailTitle });
    expect(await within(dialog).findByTestId('detail-used-at')).toHaveTextContent(TEXT.notUsed);
    expect(within(dialog).getByText(REFERRAL_MESSAGES.pending)).toBeInTheDocument();
    expect(within(dialog).getByText(TEXT.noMonths)).toBeInTheDocument();
    expect(within(dialog).queryByTestId('referral-months')).not.toBeInTheDocument();
  });

  it('shows a skeleton while the detail loads, and its error with a retry', async () => {
    const user = userEvent.setup();
    const item = referral();
    let reply: 'never' | { status: number; body: unknown } = 'never';
    renderPage({
      [LIST]: listOf([item]),
      [`GET ${API.referrals.detail(item.id)}`]: () => reply,
    });
    await user.click(await screen.findByTestId('referral-row'));
    const dialog = await screen.findByRole('dialog', { name: TEXT.detailTitle });
    expect(within(dialog).getByTestId('referral-detail-loading')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    reply = { status: 404, body: { detail: 'Не найдено' } };
    await user.click(screen.getByTestId('referral-row'));
    const again = await screen.findByRole('dialog', { name: TEXT.detailTitle });
    expect(await within(again).findByText(TEXT.detailFailed)).toBeInTheDocument();
    reply = { status: 200, body: detailOf(item) };
    await user.click(within(again).getByRole('button', { name: 'Повторить' }));
    expect(await within(again).findByTestId('detail-code')).toHaveTextContent(item.referral_code);
  });

  it('copies the code and the link, and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const item = used();
    const detail = detailOf(item);
    renderDetail(item, detail);
    await user.click(await screen.findByTestId('referral-row'));
    const dialog = await screen.findByRole('dialog', { name: TEXT.detailTitle });
    await user.click(await within(dialog).findByRole('button', { name: TEXT.copyLink }));
    expect(writeText).toHaveBeenLastCalledWith(detail.link);
    expect(await screen.findByText(REFERRAL_MESSAGES.copied)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: TEXT.copyCode }));
    expect(writeText).toHaveBeenLastCalledWith('ABCD2345EF');
  });

  it('toasts the copy error when the clipboard refuses', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const item = used();
    renderDetail(item, detailOf(item));
    await user.click(await screen.findByTestId('referral-row'));
    const dialog = await screen.findByRole('dialog', { name: TEXT.detailTitle });
    await user.click(await within(dialog).findByRole('button', { name: TEXT.copyLink }));
    expect(await screen.findByText(REFERRAL_MESSAGES.copyFailed)).toBeInTheDocument();
    expect(screen.queryByText(REFERRAL_MESSAGES.copied)).not.toBeInTheDocument();
  });

  it("copies a row's code without opening its details", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const item = referral();
    renderDetail(item, detailOf(item));
    const row = await screen.findByTestId('referral-row');
    await user.click(within(row).getByRole('button', { name: TEXT.copyCode }));
    expect(writeText).toHaveBeenCalledWith(item.referral_code);
    expect(await screen.findByText(REFERRAL_MESSAGES.copied)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
