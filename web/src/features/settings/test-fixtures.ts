import { API, type ApiKey, type WebhookEvent } from '@app/shared';
import type { Handlers } from '../../test/fetch-mock.ts';
import { signedIn } from '../../test/session-fixtures.ts';

/** A signed-in merchant: the session and lead checks of signedIn(), with the role merchant. */
export function signedInMerchant(extra: Handlers = {}): Handlers {
  return {
    ...signedIn(false),
    [`GET ${API.auth.checkUserAuth}`]: {
      body: {
        user: { id: 'm1', email: 'shop@example.com', role: 'merchant', is_lead: false, username: 'shop' },
      },
    },
    ...extra,
  };
}

/** An API key as the keys list shows it. */
export function apiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'key-1',
    name: 'Интернет-магазин',
    prefix: 'pk_live_8f3a',
    created_at: '2026-11-20T09:25:00.000Z',
    last_used_at: '2026-11-23T10:00:00.000Z',
    revoked_at: null,
    ...overrides,
  };
}

/** A webhook delivery as the log lists it. */
export function webhookEvent(overrides: Partial<WebhookEvent> = {}): WebhookEvent {
  return {
    id: 'msg_2Yx9kQ',
    type: 'order.complete',
    order_id: '0190a5d2-7c1e-7a41-9f3e-3b2c1d0e9f8a',
    state: 'failed',
    attempts: 3,
    last_status_code: 500,
    last_outcome: '5xx',
    next_attempt_at: '2026-11-23T10:30:00.000Z',
    delivered_at: null,
    created_at: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

/** GET user_info as the profile section reads it. */
export function userInfo(overrides: Record<string, unknown> = {}) {
  return {
    username: 'anna',
    email: 'anna@example.com',
    avatar: null,
    is_lead: false,
    notification_payments: true,
    notification_account: false,
    ...overrides,
  };
}

/** A signed-in trader (or lead) whose Settings data all load well, unless `extra` says otherwise. */
export function settingsApi(isLead: boolean, extra: Handlers = {}): Handlers {
  return {
    ...signedIn(isLead),
    [`GET ${API.settings.userInfo}`]: { body: userInfo({ is_lead: isLead }) },
    [`GET ${API.telegram.key}`]: {
      body: {
        connection_key: 'k-12345',
        bot_configured: true,
        bot_username: 'processing_bot',
        deep_link: 'https://t.me/processing_bot?start=k-12345',
      },
    },
    [`GET ${API.telegram.accounts}`]: { body: { accounts: [], message: '' } },
    ...(isLead ? { [`GET ${API.wallet.white}`]: { body: { is_white_wallet: false, wallets: [] } } } : {}),
    ...extra,
  };
}
