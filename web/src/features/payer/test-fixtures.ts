import type { PayerOrder } from '@app/shared';

export const ORDER_ID = '0190a5d2-7c1e-7a41-9f3e-3b2c1d0e9f8a';

/** An order as GET c2c/{id}/ answers it: 1 500 ₽ by card, 14 min 32 s left on the server's clock. */
export function payerOrder(overrides: Partial<PayerOrder> = {}): PayerOrder {
  return {
    id: ORDER_ID,
    status: 'pending',
    amount: '1500.00',
    currency: 'RUB',
    payment_mode: 'c2c',
    bank: { name: 'Т-Банк' },
    card: '2200123456789012',
    phone_number: null,
    owner_name: 'Иван И.',
    expires_at: '2030-01-01T10:14:32.000Z',
    server_time: '2030-01-01T10:00:00.000Z',
    paid_at: null,
    receipt_uploaded: false,
    return_url: null,
    shop_name: null,
    ...overrides,
  };
}
