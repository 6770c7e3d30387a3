import { API, type MerchantHomeResponse, type SupportQueueResponse } from '@app/shared';
import type { Handlers } from './fetch-mock.ts';

/** A signed-in merchant or support user (issue 25): the auth check and the lead check (never a lead). */
export function signedInAs(role: 'merchant' | 'support', extra: Handlers = {}): Handlers {
  return {
    [`GET ${API.auth.checkUserAuth}`]: {
      body: { user: { id: `${role}-1`, email: `${role}@example.com`, role, is_lead: false, username: role } },
    },
    [`GET ${API.auth.leadCheck}`]: { status: 451, body: { detail: 'no' } },
    [`POST ${API.auth.logout}`]: { body: { message: 'bye' } },
    ...extra,
  };
}

/** A merchant home with orders, open orders apart from the balance and webhook failures. */
export function merchantHome(overrides: Partial<MerchantHomeResponse> = {}): MerchantHomeResponse {
  return {
    time_zone: 'Europe/Moscow',
    day_start: '2026-11-27T00:00:00+03:00',
    today: { completed: 2, volume_rub: '3500.50', volume_usdt: '35.000001', credited_usdt: '33.950001' },
    conversion: { today: { created: 5, completed: 2 }, week: { created: 7, completed: 3 } },
    avg_confirmation_seconds: 1700,
    balance: { available_usdt: '1250.5' },
    open_orders: { count: 3, amount_rub: '900.00', amount_usdt: '9' },
    webhooks: {
      pending: 2,
      failed_24h: 1,
      last_failures: [
        {
          id: 'msg_0000000000000001',
          order_id: '0190a5d2-7c1e-7a41-9f3e-3b2c1d0e9f8a',
          type: 'order.complete',
          state: 'pending',
          attempts: 2,
          outcome: '5xx',
          status_code: 502,
          created_at: '2026-11-27T10:00:00.000Z',
        },
      ],
    },
    last_orders: [
      {
        id: 'o1',
        external_id: 'shop-1001',
        status: 'pending',
        amount_rub: '500.00',
        amount_usdt: '5',
        created_at: '2026-11-27T10:05:00.000Z',
      },
      {
        id: 'o2',
        external_id: 'shop-1000',
        status: 'complete',
        amount_rub: '1000.00',
        amount_usdt: '10',
        created_at: '2026-11-27T09:05:00.000Z',
      },
    ],
    ...overrides,
  };
}

/** Support's queue 2030-01-01 12:00 UTC: one overdue, one with time left, one blocked by a colleague. */
export function supportQueue(overrides: Partial<SupportQueueResponse> = {}): SupportQueueResponse {
  return {
    server_time: new Date().toISOString(),
    counts: { waiting: 1, consideration: 1, deepconsideration: 1, blocked: 1 },
    truncated: false,
    results: [
      {
        id: 'd0000001-0000-4000-8000-000000000001',
        status: 'consideration',
        created_at: new Date(Date.now() - 20 * 3_600_000).toISOString(),
        deadline: new Date(Date.now() - 2 * 3_600_000).toISOString(),
        amount_rub: '1234.00',
        amount_usdt: '12.34',
        blocked_by: null,
      },
      {
        id: 'd0000002-0000-4000-8000-000000000002',
        status: 'waiting',
        created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
        deadline: new Date(Date.now() + 12 * 3_600_000 + 30_000).toISOString(),
        amount_rub: '500.00',
        amount_usdt: '5',
        blocked_by: null,
      },
      {
        id: 'd0000003-0000-4000-8000-000000000003',
        status: 'deepconsideration',
        created_at: new Date(Date.now() - 3_600_000).toISOString(),
        deadline: new Date(Date.now() + 17 * 3_600_000).toISOString(),
        amount_rub: '100.00',
        amount_usdt: '1',
        blocked_by: { id: 's2', name: 'olga_support', is_me: false },
      },
    ],
    ...overrides,
  };
}
