import { API, DEAL_MESSAGES, PAYER_TEXT, RECEIPT_MAX_BYTES } from '@app/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Handlers, mockApi, type RecordedCall } from '../../test/fetch-mock.ts';
import { loadLazyRoutes, renderAt } from '../../test/render.tsx';
import { notify } from '../../ui/toast.tsx';
import { PAYER_POLL_MS } from './api.ts';
import { ORDER_ID, payerOrder } from './test-fixtures.ts';

const GET = `GET ${API.payer.order(ORDER_ID)}`;
const PAID = `POST ${API.payer.paid(ORDER_ID)}`;
const RECEIPT = `POST ${API.payer.receipt(ORDER_ID)}`;

beforeAll(() => loadLazyRoutes());

afterEach(() => {
  vi.unstubAllGlobals();
  notify.dismiss();
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
});

function openPage(handlers: Handlers) {
  const api = mockApi(handlers);
  const view = renderAt(`/c2c/${ORDER_ID}`);
  const count = (key: string) =>
    api.calls.filter((call: RecordedCall) => `${call.method} ${call.path}` === key).length;
  return { ...api, ...view, count };
}

describe('payer page: paying', () => {
  it('shows the amount, bank, card grouped by four and the owner for a card order', async () => {
    openPage({ [GET]: { body: payerOrder() } });
    expect(await screen.findByText('1 500,00 ₽')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: PAYER_TEXT.title })).toBeInTheDocument();
    expect(screen.getByText('Т-Банк')).toBeInTheDocument();
    expect(screen.getByText('2200 1234 5678 9012')).toBeInTheDocument();
    expect(screen.getByText('Иван И.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: PAYER_TEXT.paid })).toBeEnabled();
    expect(screen.getByText(/одним переводом/)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows the phone as +7 (xxx) xxx-xx-xx for an SBP order, and copies its digits', async () => {
    const user = userEvent.setup();
    const copied = vi.spyOn(notify, 'success');
    openPage({
      [GET]: { body: payerOrder({ payment_mode: 'sbp', card: null, phone_number: '+79991234567' }) },
    });
    expect(await screen.findByText('+7 (999) 123-45-67')).toBeInTheDocument();
    expect(screen.queryByText(/Номер карты/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Скопировать: телефон/ }));
    expect(await navigator.clipboard.readText()).toBe('79991234567');
    expect(copied).toHaveBeenCalledWith(PAYER_TEXT.copied);
  });

  it('copies the card number without spaces', async () => {
    const user = userEvent.setup();
    openPage({ [GET]: { body: payerOrder() } });
    await user.click(await screen.findByRole('button', { name: /Скопировать: номер карты/ }));
    expect(await navigator.clipboard.readText()).toBe('2200123456789012');
  });

  it("counts down on the server's clock, not the phone's", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    // The phone thinks it is 2021; the server says 14:32 are left.
    vi.setSystemTime(new Date('2021-06-01T08:00:00.000Z'));
    openPage({ [GET]: { body: payerOrder() } });
    const countdown = await screen.findByTestId('payer-countdown');
    expect(countdown).toHaveTextContent('14:32');
    act(() => vi.advanceTimersByTime(1_000));
    expect(countdown).toHaveTextContent('14:31');
    act(() => vi.advanceTimersByTime(61_000));
    expect(countdown).toHaveTextContent('13:30');
  });

  it('"Я оплатил" posts and shows the waiting state', async () => {
    const user = userEvent.setup();
    const { calls } = openPage({
      [GET]: { body: payerOrder() },
      [PAID]: { body: payerOrder({ status: 'verification', paid_at: '2030-01-01T10:01:00.000Z' }) },
    });
    await user.click(await screen.findByRole('button', { name: PAYER_TEXT.paid }));
    expect(await screen.findByRole('heading', { name: PAYER_TEXT.waiting })).toBeInTheDocument();
    const posted = calls.filter((call) => call.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.path).toBe(API.payer.paid(ORDER_ID));
    expect(posted[0]?.body).toBeUndefined();
    expect(screen.queryByRole('button', { name: PAYER_TEXT.paid })).not.toBeInTheDocument();
  });

  it('says why "Я оплатил" was refused and shows the real state', async () => {
    const user = userEvent.setup();
    const failed = vi.spyOn(notify, 'error');
    let expired = false;
    openPage({
      [GET]: () => ({ body: payerOrder({ status: expired ? 'expired' : 'pending' }) }),
      [PAID]: () => {
        expired = true;
        return { status: 409, body: { detail: DEAL_MESSAGES.notPayable } };
      },
    });
    await user.click(await screen.findByRole('button', { name: PAYER_TEXT.paid }));
    expect(await screen.findByRole('heading', { name: PAYER_TEXT.expired })).toBeInTheDocument();
    expect(failed).toHaveBeenCalledWith(DEAL_MESSAGES.notPayable);
  });
});

describe('payer page: receipt', () => {
  it('refuses a file over 10 MB before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { count } = openPage({ [GET]: { body: payerOrder() } });
    await screen.findByText('1 500,00 ₽');
    const big = new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: RECEIPT_MAX_BYTES + 1 });
    await user.upload(screen.getByTestId('receipt-input'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent(DEAL_MESSAGES.receiptTooLarge);
    expect(count(RECEIPT)).toBe(0);
  });

  it('refuses a file of another type before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { count } = openPage({ [GET]: { body: payerOrder() } });
    await screen.findByText('1 500,00 ₽');
    await user.upload(
      screen.getByTestId('receipt-input'),
      new File(['GIF89a'], 'receipt.gif', { type: 'image/gif' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(DEAL_MESSAGES.receiptBadType);
    expect(count(RECEIPT)).toBe(0);
  });

  it('uploads a PNG as the multipart field "file" and then says "Чек загружен"', async () => {
    const user = userEvent.setup();
    const { calls } = openPage({
      [GET]: { body: payerOrder() },
      [RECEIPT]: { body: payerOrder({ receipt_uploaded: true }) },
    });
    await screen.findByText('1 500,00 ₽');
    const png = new File(['\x89PNG'], 'чек.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('receipt-input'), png);
    expect(await screen.findByText(DEAL_MESSAGES.receiptUploaded)).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST')?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toBe(png);
    expect(screen.queryByRole('button', { name: PAYER_TEXT.uploadReceipt })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a receipt", async () => {
    const user = userEvent.setup();
    openPage({
      [GET]: { body: payerOrder() },
      [RECEIPT]: { status: 400, body: { detail: DEAL_MESSAGES.receiptBadType } },
    });
    await screen.findByText('1 500,00 ₽');
    await user.upload(
      screen.getByTestId('receipt-input'),
      new File(['not a pdf'], 'receipt.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(DEAL_MESSAGES.receiptBadType);
  });
});

describe('payer page: outcomes', () => {
  it('success offers the way back to the shop', async () => {
    openPage({
      [GET]: { body: payerOrder({ status: 'complete', return_url: 'https://shop.example/thanks?order=7' }) },
    });
    expect(await screen.findByRole('heading', { name: PAYER_TEXT.success })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: PAYER_TEXT.backToShop })).toHaveAttribute(
      'href',
      'https://shop.example/thanks?order=7',
    );
    expect(screen.queryByText('2200 1234 5678 9012')).not.toBeInTheDocument();
  });

  it('success without a (web) return address shows no link', async () => {
    openPage({ [GET]: { body: payerOrder({ status: 'complete', return_url: 'javascript:alert(1)' }) } });
    expect(await screen.findByRole('heading', { name: PAYER_TEXT.success })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: PAYER_TEXT.backToShop })).not.toBeInTheDocument();
  });

  it.each([
    ['expired', PAYER_TEXT.expired],
    ['canceled', PAYER_TEXT.canceled],
    ['dispute', PAYER_TEXT.dispute],
  ] as const)('%s shows its screen and no requisites', async (status, title) => {
    openPage({ [GET]: { body: payerOrder({ status }) } });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByText('2200 1234 5678 9012')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PAYER_TEXT.paid })).not.toBeInTheDocument();
  });

  it('an unknown id says the order was not found', async () => {
    openPage({ [GET]: { status: 404, body: { detail: 'Сделка не найдена' } } });
    expect(await screen.findByRole('heading', { name: PAYER_TEXT.notFound })).toBeInTheDocument();
  });

  it('shows a skeleton while loading', () => {
    openPage({ [GET]: 'never' });
    expect(screen.getByTestId('payer-loading')).toHaveAttribute('aria-busy', 'true');
  });

  it('a network failure offers a retry', async () => {
    const user = userEvent.setup();
    let online = false;
    openPage({ [GET]: () => (online ? { body: payerOrder() } : 'network-error') });
    expect(await screen.findByText(PAYER_TEXT.loadFailed, {}, { timeout: 4_000 })).toBeInTheDocument();
    online = true;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('1 500,00 ₽')).toBeInTheDocument();
  });
});

describe('payer page: live status', () => {
  it('asks every 5 s while pending, pauses while the tab is hidden, and stops once final', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let status: 'pending' | 'complete' = 'pending';
    const { count } = openPage({ [GET]: () => ({ body: payerOrder({ status }) }) });
    await screen.findByText('1 500,00 ₽');
    expect(count(GET)).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(PAYER_POLL_MS));
    await waitFor(() => expect(count(GET)).toBe(2));

    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await act(() => vi.advanceTimersByTimeAsync(PAYER_POLL_MS * 3));
    expect(count(GET)).toBe(2);

    status = 'complete';
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    act(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    expect(await screen.findByRole('heading', { name: PAYER_TEXT.success })).toBeInTheDocument();
    const settled = count(GET);
    await act(() => vi.advanceTimersByTimeAsync(PAYER_POLL_MS * 3));
    expect(count(GET)).toBe(settled);
  });
});

describe('payer page: whom the payer pays (issue 25)', () => {
  it('names the shop when the merchant set a name, and shows nothing (never an email) when not', async () => {
    const first = openPage({ [GET]: { body: payerOrder({ shop_name: 'Кофейня «Зерно»' }) } });
    expect(await screen.findByTestId('payer-shop')).toHaveTextContent('Магазин: Кофейня «Зерно»');
    first.unmount();

    openPage({ [GET]: { body: payerOrder({ shop_name: null }) } });
    expect(await screen.findByText('1 500,00 ₽')).toBeInTheDocument();
    expect(screen.queryByTestId('payer-shop')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('@');
  });

  it('writes valid description lists: dt and dd only, directly or in div groups', async () => {
    openPage({ [GET]: { body: payerOrder() } });
    await screen.findByText('1 500,00 ₽');
    const lists = [...document.querySelectorAll('dl')];
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) {
      for (const child of list.children) {
        if (child.tagName === 'DIV') {
          expect(
            [...child.children].map((inner) => inner.tagName).every((tag) => tag === 'DT' || tag === 'DD'),
          ).toBe(true);
        } else {
          expect(['DT', 'DD']).toContain(child.tagName);
        }
      }
    }
  });
});
