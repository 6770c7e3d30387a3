import {
  type AdminAuditEntry,
  type AdminBank,
  type AdminOverview,
  type AdminRate,
  type AdminUserDetail,
  type AdminUserListItem,
  type AdminWebhookEvent,
  type AdminWithdrawal,
  API,
} from '@app/shared';
import { screen, within } from '@testing-library/react';
import type { userEvent } from '@testing-library/user-event';
import type { Handlers } from './fetch-mock.ts';

/** Types a six-digit code into the open OTP modal ('Подтверждение …') and submits it. */
export async function typeCode(user: ReturnType<typeof userEvent.setup>, code = '123456'): Promise<void> {
  const dialog = await screen.findByRole('dialog', { name: /Подтверждение/ });
  await user.click(within(dialog).getAllByRole('textbox')[0]!);
  await user.paste(code);
  await user.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
}

/** A signed-in admin (issue 27): the auth check, the lead check (never a lead) and logout. */
export function signedInAdmin(extra: Handlers = {}): Handlers {
  return {
    [`GET ${API.auth.checkUserAuth}`]: {
      body: {
        user: { id: 'admin-1', email: 'admin@demo.local', role: 'admin', is_lead: false, username: null },
      },
    },
    [`GET ${API.auth.leadCheck}`]: { status: 451, body: { detail: 'no' } },
    [`POST ${API.auth.logout}`]: { body: { message: 'bye' } },
    [`POST ${API.admin.otp}`]: { body: { detail: 'Код отправлен на вашу почту' } },
    ...extra,
  };
}

export function adminOverview(overrides: Partial<AdminOverview> = {}): AdminOverview {
  return {
    users: { trader: 12, merchant: 3, support: 2, admin: 1, leads: 4, blocked: 1 },
    usdt: { available: '1500.5', frozen: '20', reserved: '35.25', debt: '0', in_flight: '100' },
    platform_fee: { today: '12.5', total: '3456.78' },
    open_disputes: 2,
    held_withdrawals: 3,
    failed_webhooks: 1,
    unparsed_notifications: 5,
    components: [
      { name: 'rate', ok: true, degraded: false, detail: null, age_s: null },
      { name: 'deposit-watcher', ok: true, degraded: true, detail: 'slow', age_s: 125 },
    ],
    ledger_verify: { at: '2026-11-27T10:00:00.000Z', actor: 'admin-cli', ok: true, differences: [] },
    ...overrides,
  };
}

export function adminUser(overrides: Partial<AdminUserListItem> = {}): AdminUserListItem {
  return {
    id: 'u-trader-1',
    email: 'trader@example.com',
    username: 'ivan',
    role: 'trader',
    is_lead: false,
    blocked: false,
    rating: '87.5',
    available: '250.5',
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function adminUserDetail(overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    ...adminUser(),
    blocked_at: null,
    fee_pct: null,
    reward_pct: '2.5',
    lead_share_pct: null,
    referred_by: null,
    balances: { available: '250.5', frozen: '10', reserved: '0', debt: '0', total_profit: '40' },
    methods: [{ id: 'm1', bank: 'Сбербанк', method: 'card', requisites: '2202 **** 1234', active: true }],
    terminals: [{ id: 't1', name: 'Pixel 7', status: 'Enabled', online: true, last_seen_at: null }],
    deals: [
      {
        id: 'd1000000-0000',
        status: 'complete',
        amount_rub: '1000.00',
        amount_usdt: '10.5',
        created_at: '2026-11-20T10:00:00.000Z',
      },
    ],
    disputes: [],
    referrals: [],
    sessions: [
      {
        id: 's1',
        created_at: '2026-11-27T08:00:00.000Z',
        last_seen_at: null,
        expires_at: '2026-12-27T08:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

export function adminWithdrawal(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    id: 'w1000000-aaaa',
    status: 'held',
    user_id: 'u-trader-1',
    email: 'trader@example.com',
    amount: '150',
    fee: '1',
    to_address: 'TXYZabc1234567890abcdefghijklmnop',
    whitelisted_at: '2026-11-20T10:00:00.000Z',
    txid: null,
    last_error: null,
    marked_sent_by: null,
    created_at: '2026-11-27T09:00:00.000Z',
    recent_deposits: [{ amount: '500', txid: 'dep1', at: '2026-11-25T10:00:00.000Z' }],
    recent_disputes: [],
    ...overrides,
  };
}

export function adminBank(overrides: Partial<AdminBank> = {}): AdminBank {
  return {
    id: 1,
    name: 'Сбербанк',
    full_name: 'ПАО Сбербанк',
    popular: true,
    color: '#21A038',
    methods: 7,
    ...overrides,
  };
}

export function adminRate(overrides: Partial<AdminRate> = {}): AdminRate {
  return {
    current: {
      rub_per_usdt: '92.50',
      source: 'manual',
      set_by: 'admin@demo.local',
      at: '2026-11-27T09:00:00.000Z',
    },
    age_s: 600,
    max_age_s: 3600,
    configured_source: 'manual',
    history: [
      { rub_per_usdt: '92.50', source: 'manual', set_by: 'admin@demo.local', at: '2026-11-27T09:00:00.000Z' },
      { rub_per_usdt: '91.00', source: 'manual', set_by: 'admin-cli', at: '2026-11-26T09:00:00.000Z' },
    ],
    ...overrides,
  };
}

export function adminWebhook(overrides: Partial<AdminWebhookEvent> = {}): AdminWebhookEvent {
  return {
    id: 'msg_1',
    state: 'failed',
    type: 'order.complete',
    order_id: 'o1000000-0000',
    merchant_email: 'shop@example.com',
    attempts: 8,
    next_attempt_at: null,
    delivered_at: null,
    last_status_code: 502,
    last_outcome: '5xx',
    last_error: 'Bad Gateway',
    created_at: '2026-11-27T09:00:00.000Z',
    ...overrides,
  };
}

export function adminAuditEntry(overrides: Partial<AdminAuditEntry> = {}): AdminAuditEntry {
  return {
    id: 'a1',
    at: '2026-11-27T09:30:00.000Z',
    actor: 'admin@demo.local',
    action: 'user.fee',
    target: 'shop@example.com',
    before: { fee_pct: '3' },
    after: { fee_pct: '3.5' },
    reason: null,
    ...overrides,
  };
}
