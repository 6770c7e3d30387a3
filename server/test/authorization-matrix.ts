/**
 * The authorization matrix (issue 15): every registered route × every kind of caller, with the status each
 * caller must get. authorization-matrix.db.test.ts collects the routes the built app registers and fails
 * for a route without a row here, so a new route is added here with its expected outcomes.
 *
 * The request of a row carries the ids of objects that belong to the row's `owner` (its trader's payment
 * method, its merchant's order…): every other caller is therefore trying another user's object and must be
 * refused without the object changing.
 */

/** Signed in with a session cookie. */
export const SESSION_CALLERS = [
  'trader',
  'otherTrader',
  'merchant',
  'otherMerchant',
  'support',
  'lead',
  'otherLead',
  'admin',
] as const;
/** No cookie: nothing, or a bearer token of a program-facing API. */
export const TOKEN_CALLERS = ['anonymous', 'device', 'merchantKey', 'otherMerchantKey'] as const;
export const CALLERS = [...TOKEN_CALLERS, ...SESSION_CALLERS] as const;

export type SessionCaller = (typeof SESSION_CALLERS)[number];
export type Caller = (typeof CALLERS)[number];

/** A status, or the statuses one of which is right (an owner's call that may also be refused by a rule). */
export type Outcome = number | readonly number[];

/** The objects of the matrix's users, created once per run; every id belongs to its owner only. */
export interface MatrixObjects {
  /** The trader's payment method linked to its terminal. */
  methodId: string;
  /** The trader's payment method linked to no terminal. */
  spareMethodId: string;
  /** The trader's active terminal (the device caller's). */
  terminalId: string;
  /** A second terminal of the trader, for the delete route. */
  removableTerminalId: string;
  /** A forwarder-app terminal of the trader (issue 24), for the new-URL route. */
  forwarderTerminalId: string;
  /** A deal of the merchant routed to the trader (paid, disputed: the dispute below). */
  dealId: string;
  /** A paid deal of the merchant and the trader, for the trader's confirmation. */
  confirmDealId: string;
  /** A pending order of the merchant, for the cancel route. */
  cancelOrderId: string;
  /** A paid order of the merchant, for the merchant API's dispute opening. */
  disputeOrderId: string;
  /** A paid deal of the merchant and the trader, for support's dispute creation. */
  supportDealId: string;
  /** The open dispute on dealId (trader and merchant are its sides). */
  disputeId: string;
  /** A second open dispute of the same sides, for support's verdict. */
  resolveDisputeId: string;
  /** The trader's evidence file on disputeId. */
  disputeFileId: string;
  /** The trader's avatar: its user id and content hash. */
  avatarUserId: string;
  avatarHash: string;
  /** The lead's referral code. */
  referralId: string;
  /** The lead's whitelist entry. */
  whitelistId: string;
  /** A second API key of the merchant, for the revoke route. */
  revocableKeyId: string;
  /** A webhook event of the merchant. */
  webhookEventId: string;
  /** The trader's second linked Telegram account (the disconnect keeps the first). */
  telegramId: number;
}

/** What a row's request carries: path parameters, query, JSON body or a multipart form with one file. */
export interface MatrixRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  multipart?: { fields?: Record<string, string>; file: { field: string; name: string; content: Buffer } };
}

export interface MatrixRow {
  /** No authentication by design: every caller gets the route's public answer. */
  public?: true;
  /** Whose objects the request names; the test calls the owner last (its call may change them). */
  owner?: Caller;
  request?: (objects: MatrixObjects) => MatrixRequest;
  expect: Record<Caller, Outcome>;
  /**
   * The call undoes what other rows need (refreshing the Telegram key unlinks the accounts, logout ends the
   * session): the test runs such rows after every other, in this order (1 before 2).
   */
  runsLast?: 1 | 2;
}

/** A small PDF: evidence a dispute side may upload. */
export const TINY_PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 1)]);

const NOBODY = { anonymous: 401, device: 401, merchantKey: 401, otherMerchantKey: 401 } as const;

/** A session route: every caller without a cookie gets 401; each signed-in caller its own outcome. */
function web(
  owner: SessionCaller | null,
  expected: Record<SessionCaller, Outcome>,
  request?: MatrixRow['request'],
) {
  return { ...(owner ? { owner } : {}), request, expect: { ...NOBODY, ...expected } } satisfies MatrixRow;
}

/** The same outcome for every caller. */
function all(outcome: Outcome): Record<Caller, Outcome> {
  return Object.fromEntries(CALLERS.map((caller) => [caller, outcome])) as Record<Caller, Outcome>;
}

/** A public route: every caller gets the same answer, cookies and tokens are ignored. */
function open(outcome: Outcome, request?: MatrixRow['request']): MatrixRow {
  return { public: true, request, expect: all(outcome) };
}

/** Every signed-in caller gets `outcome` (an answer about the caller's own data). */
const anyUser = (outcome: Outcome): Record<SessionCaller, Outcome> =>
  Object.fromEntries(SESSION_CALLERS.map((caller) => [caller, outcome])) as Record<SessionCaller, Outcome>;

/** An id nothing has (the console's refusals of an unknown withdrawal). */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** An operator console route (issue 27): the admin gets `outcome`, every other signed-in caller 403. */
function adminOnly(outcome: Outcome, request?: MatrixRow['request']): MatrixRow {
  return web('admin', { ...anyUser(403), admin: outcome }, request);
}

/** A device API route: only the terminal's token. */
function device(outcome: Outcome, request?: MatrixRow['request']): MatrixRow {
  return { owner: 'device', request, expect: { ...all(401), device: outcome } };
}

/** A merchant API route on the merchant's objects: its key, the other merchant's key is refused. */
function merchantApi(outcome: Outcome, other: Outcome, request?: MatrixRow['request']): MatrixRow {
  return {
    owner: 'merchantKey',
    request,
    expect: { ...all(401), merchantKey: outcome, otherMerchantKey: other },
  };
}

const UUID_ZERO = '00000000-0000-4000-8000-000000000000';
/** Well-formed (256 bits, base64url) but no terminal's. */
const UNKNOWN_HOOK_TOKEN = 'A'.repeat(43);

/**
 * One row per registered route, keyed `METHOD path` as Fastify registers it under API_PREFIX (parameters as
 * `:name`). HEAD twins of GET routes share their GET row.
 */
export const AUTHORIZATION_MATRIX: Record<string, MatrixRow> = {
  'GET /health': open(200),
  // Only the scraper's METRICS_TOKEN opens it; no caller kind of the matrix holds that token.
  'GET /metrics': { expect: all(401) },
  'POST /account/user/register/': open(400),
  'POST /account/user/verify-otp/': open(400),
  'POST /account/user/login/': open(400),
  'POST /account/user/login-verify/': open(400),
  'POST /account/user/request-password-reset/': open(400),
  'POST /account/user/password-reset/': open(400),
  'POST /account/logout/': { ...open(200), runsLast: 2 },
  // Telegram proves itself with the secret token header, which no caller of the matrix has.
  'POST /telegram/webhook/': open(401),
  'GET /device/v1/openapi.json': open(200),
  'GET /merchant/v1/openapi.json': open(200),
  'GET /merchant/v1/docs': open(200),
  'GET /merchant/v1/docs.css': open(200),
  // The pairing key in the body is the credential; a made-up one is refused after validation.
  'POST /device/v1/activate': open(400, () => ({ body: { terminal_id: UUID_ZERO } })),
  // The payer page: the order id is the payer's capability, shown to anyone who has the link.
  'GET /c2c/:id/': open(200, (o) => ({ params: { id: o.dealId } })),
  'POST /c2c/:id/paid/': open(409, (o) => ({ params: { id: o.dealId } })),
  'POST /c2c/:id/receipt/': open(400, (o) => ({ params: { id: o.dealId } })),

  'GET /account/check_user_auth/': web(null, anyUser(200)),
  'GET /api/account/user_info/': web(null, anyUser(200)),
  'POST /account/user/change-username/': web(null, anyUser(400), () => ({ body: { username: '' } })),
  'PUT /api/account/change_notify_settings/': web(null, anyUser(400), () => ({ body: {} })),
  'GET /api/account/avatar/:userId/:hash.jpg': web('trader', { ...anyUser(404), trader: 200 }, (o) => ({
    params: { userId: o.avatarUserId, hash: o.avatarHash },
  })),
  'POST /account/user/change-avatar/': web(null, anyUser(400)),
  'GET /api/account/dashboard/': web(null, anyUser(200)),
  'GET /account/user/get-data-grafic/': web(null, anyUser(200), () => ({ query: { range: '24h' } })),

  'GET /account/lead/refferal/': web(null, { ...anyUser(451), lead: 200, otherLead: 200 }),
  'POST /account/lead/refferal/': web(null, { ...anyUser(451), lead: 400, otherLead: 400 }, () => ({
    body: { email: '' },
  })),
  'GET /account/lead/refferal/:id/': web('lead', { ...anyUser(451), lead: 200, otherLead: 404 }, (o) => ({
    params: { id: o.referralId },
  })),

  'GET /api/v1/payments/banks/': web(null, anyUser(200)),
  'GET /api/v1/payments/list/': web(null, anyUser(200)),
  'POST /api/v1/payments/create/': web(null, anyUser(400), () => ({ body: {} })),
  'PATCH /api/v1/payments/:id/update/': web('trader', { ...anyUser(404), trader: 200 }, (o) => ({
    params: { id: o.methodId },
    body: { is_active: true },
  })),
  'GET /account/user/change-payment-limits/': web('trader', { ...anyUser(404), trader: 200 }, (o) => ({
    query: { payment_id: o.methodId },
  })),
  'POST /account/user/change-payment-limits/': web(
    'trader',
    { ...anyUser(404), trader: 400 },
    (o) => ({
      body: { payment_id: o.methodId, min_amount_for_deposit: null, max_amount_for_deposit: null },
    }),
    // The owner passes authorization and meets the rule that an active method's limits are locked.
  ),

  'GET /account/wallet/address/': web(null, anyUser(404)),
  'POST /account/wallet/address/request/': web(null, anyUser(200)),
  'POST /account/wallet/address/confirm/': web(null, anyUser(400), () => ({ body: { otp: '000000' } })),
  'POST /account/wallet/deposit/': web(null, anyUser(200)),
  'POST /account/wallet/withdraw/request/': web(null, { ...anyUser(451), lead: 400, otherLead: 400 }, () => ({
    body: {},
  })),
  'POST /account/wallet/withdraw/verify/': web(null, { ...anyUser(451), lead: 400, otherLead: 400 }, () => ({
    body: {},
  })),
  'GET /account/wallet/withdraw/limits/': web(null, { ...anyUser(451), lead: 200, otherLead: 200 }),
  'GET /account/wallet/withdraw/available/': web(null, { ...anyUser(451), lead: 200, otherLead: 200 }),
  'GET /account/wallet/withdrawals/': web(null, { ...anyUser(451), lead: 200, otherLead: 200 }),
  'GET /account/wallet/white/': web(null, { ...anyUser(451), lead: 200, otherLead: 200 }),
  'POST /account/wallet/white/otp/': web(null, { ...anyUser(451), lead: 200, otherLead: 200 }),
  'PATCH /account/wallet/white/': web(null, { ...anyUser(451), lead: 400, otherLead: 400 }, () => ({
    body: { otp: '000000' },
  })),
  'POST /account/wallet/white/': web(null, { ...anyUser(451), lead: 400, otherLead: 400 }, () => ({
    body: { wallet: 'not-an-address' },
  })),
  'DELETE /account/wallet/white/': web('lead', { ...anyUser(451), lead: 200, otherLead: 404 }, (o) => ({
    body: { id: o.whitelistId },
  })),

  'POST /device/v1/heartbeat': device(400, () => ({ body: {} })),
  'POST /device/v1/status': device(400, () => ({ body: {} })),
  'POST /device/v1/notifications': device(400, () => ({ body: {} })),
  // A forwarder app's URL: the token in the path is the credential, which no caller of the matrix holds
  // (a cookie or a device token does not open it); the token's own tests are hooks.routes.db.test.ts.
  ...Object.fromEntries(
    ['POST', 'GET', 'PUT', 'PATCH'].map((method) => [
      `${method} /device/v1/hooks/:token`,
      {
        expect: all(401),
        request: () => ({ params: { token: UNKNOWN_HOOK_TOKEN }, query: { battery: '50' } }),
      },
    ]),
  ),

  'GET /user/terminals/': web(null, anyUser(200)),
  'POST /user/terminal/connect-request/': web(null, anyUser(200)),
  'POST /user/terminal/verify-request/': web(null, anyUser(400), () => ({ body: {} })),
  'PATCH /terminals/:id/update-name/': web('trader', { ...anyUser(404), trader: 200 }, (o) => ({
    params: { id: o.terminalId },
    body: { name: 'Терминал 1' },
  })),
  'DELETE /terminals/:id/': web('trader', { ...anyUser(404), trader: 204 }, (o) => ({
    params: { id: o.removableTerminalId },
  })),
  'PATCH /api/v1/terminals/:id/status/': web('trader', { ...anyUser(404), trader: 200 }, (o) => ({
    params: { id: o.terminalId },
    body: { enabled: true },
  })),
  'POST /api/v1/terminals/:id/hook-url/': web('trader', { ...anyUser(404), trader: 200 }, (o) => ({
    params: { id: o.forwarderTerminalId },
  })),
  'GET /api/v1/terminals/:id/payments/': web('trader', { ...anyUser(404), trader: 200 }, (o) => ({
    params: { id: o.terminalId },
  })),
  'GET /api/v1/payments/unassigned/': web(null, anyUser(200)),
  'PATCH /api/terminals/:id/connect-payments/': web('trader', { ...anyUser(404), trader: 200 }, (o) => ({
    params: { id: o.terminalId },
    body: { payment_ids: [o.spareMethodId] },
  })),
  'POST /api/payments/:id/unbind/': web('trader', { ...anyUser(404), trader: 200 }, (o) => ({
    params: { id: o.spareMethodId },
    body: { payment_id: o.spareMethodId },
  })),

  'GET /api/v1/merchant/webhook/': web(null, { ...anyUser(400), merchant: 200, otherMerchant: 200 }),
  'PUT /api/v1/merchant/webhook/': web(null, { ...anyUser(400), merchant: 200, otherMerchant: 200 }, () => ({
    body: { url: 'https://merchant.example/hook' },
  })),
  'POST /api/v1/merchant/webhook/secret/': web(null, { ...anyUser(400), merchant: 200, otherMerchant: 200 }),
  'GET /api/v1/merchant/webhook/events/': web(null, { ...anyUser(400), merchant: 200, otherMerchant: 200 }),
  'POST /api/v1/merchant/webhook/events/:id/resend/': web(
    'merchant',
    { ...anyUser(400), merchant: 200, otherMerchant: 404 },
    (o) => ({ params: { id: o.webhookEventId } }),
  ),
  'GET /api/v1/merchant/display-name/': web(null, { ...anyUser(400), merchant: 200, otherMerchant: 200 }),
  'PUT /api/v1/merchant/display-name/': web(
    null,
    { ...anyUser(400), merchant: 200, otherMerchant: 200 },
    () => ({
      body: { display_name: 'Магазин' },
    }),
  ),
  'GET /api/v1/merchant/keys/': web(null, { ...anyUser(400), merchant: 200, otherMerchant: 200 }),
  'POST /api/v1/merchant/keys/': web(null, { ...anyUser(400), merchant: 201, otherMerchant: 201 }, () => ({
    body: { name: 'matrix' },
  })),
  'DELETE /api/v1/merchant/keys/:id/': web(
    'merchant',
    { ...anyUser(400), merchant: 204, otherMerchant: 404 },
    (o) => ({ params: { id: o.revocableKeyId } }),
  ),

  'POST /merchant/v1/orders': merchantApi(400, 400, () => ({ body: {} })),
  'GET /merchant/v1/orders': merchantApi(200, 200),
  'GET /merchant/v1/orders/:id': merchantApi(200, 404, (o) => ({ params: { id: o.dealId } })),
  'POST /merchant/v1/orders/:id/cancel': merchantApi(200, 404, (o) => ({ params: { id: o.cancelOrderId } })),
  'GET /merchant/v1/balance': merchantApi(200, 200),
  'POST /merchant/v1/orders/:id/disputes': merchantApi(201, 404, (o) => ({
    params: { id: o.disputeOrderId },
    body: { reason: 'Оплачено, средства не зачислены' },
  })),

  // Issue 25: each role's home; the web app calls each only for its own role.
  'GET /api/v1/merchant/home/': web(null, { ...anyUser(403), merchant: 200, otherMerchant: 200 }),
  'GET /api/v1/support/disputes/queue/': web(null, { ...anyUser(403), support: 200 }),

  'GET /api/v1/transactions/': web(null, anyUser(200)),
  'GET /api/v1/transactions/:id/': web('trader', { ...anyUser(404), trader: 200, merchant: 200 }, (o) => ({
    params: { id: o.dealId },
  })),
  'GET /api/v1/transactions/:id/receipt/': web(
    'trader',
    { ...anyUser(404), trader: 404, merchant: 404 },
    (o) => ({ params: { id: o.dealId } }),
  ),
  'POST /user/verficate-transaction/': web('trader', { ...anyUser(404), trader: 200 }, (o) => ({
    body: { transaction_id: o.confirmDealId },
  })),

  // Admins are no side of a dispute and no arbiter: every disputes call refuses them first (403).
  'GET /api/v1/disputes/user-role/': web(null, { ...anyUser(200), admin: 403 }),
  'GET /api/v1/disputes/': web(null, { ...anyUser(200), admin: 403 }),
  'GET /api/v1/disputes/:id/': web(
    'trader',
    { ...anyUser(404), trader: 200, merchant: 200, support: 200, admin: 403 },
    (o) => ({ params: { id: o.disputeId } }),
  ),
  'POST /api/v1/disputes/:id/resolve/': web('support', { ...anyUser(403), support: 200 }, (o) => ({
    params: { id: o.resolveDisputeId },
    body: { resolution: 'merchant', comment: '' },
  })),
  'POST /support/dispute/block/': web('support', { ...anyUser(403), support: 200 }, (o) => ({
    body: { dispute_id: o.disputeId },
  })),
  'POST /support/dispute/unblock/': web('support', { ...anyUser(403), support: 200 }, (o) => ({
    body: { dispute_id: o.disputeId },
  })),
  'GET /api/v1/disputes/:id/files/:fileId/': web(
    'trader',
    { ...anyUser(404), trader: 200, support: 200, admin: 403 },
    (o) => ({ params: { id: o.disputeId, fileId: o.disputeFileId } }),
  ),
  'DELETE /api/v1/disputes/:id/files/:fileId/': web('support', { ...anyUser(403), support: 200 }, (o) => ({
    params: { id: o.disputeId, fileId: o.disputeFileId },
    query: { type: 'trader' },
  })),
  'POST /api/v1/disputes/:id/files/': web(
    'trader',
    { ...anyUser(404), trader: 200, merchant: 403, support: 200, admin: 403 },
    (o) => ({
      params: { id: o.disputeId },
      multipart: { fields: { type: 'trader' }, file: { field: 'files', name: 'чек.pdf', content: TINY_PDF } },
    }),
  ),
  'POST /api/v1/disputes/create-by-support/': web('support', { ...anyUser(403), support: 201 }, (o) => ({
    body: { transaction_id: o.supportDealId, note: 'Проверка' },
  })),

  'GET /api/account/get_tg_key/': web(null, anyUser(200)),
  'POST /api/account/refresh/tg_key/': { ...web(null, anyUser(200)), runsLast: 1 },
  'GET /api/account/tg_action/': web(null, anyUser(200)),
  'PUT /api/account/tg_action/': web('trader', { ...anyUser(404), trader: 200 }, (o) => ({
    body: { telegram_id: o.telegramId },
  })),

  // The operator console (issue 27). A code request for an action: the admin gets 200 and a mail.
  'POST /api/v1/admin/otp/': adminOnly(200, () => ({ body: { action: 'set_rate' } })),
  'GET /api/v1/admin/audit/': adminOnly(200),
  // The Users area: a wrong code (400) stands for the confirmed actions, which the admin-users tests make.
  'POST /api/v1/admin/users/': adminOnly(400, () => ({
    body: { email: 'matrix-new@example.com', role: 'merchant', otp: '000000' },
  })),
  'GET /api/v1/admin/users/': adminOnly(200, () => ({ query: { search: 'example', role: 'trader' } })),
  'GET /api/v1/admin/users/:id/': adminOnly(200, (o) => ({ params: { id: o.avatarUserId } })),
  'PATCH /api/v1/admin/users/:id/': adminOnly(400, (o) => ({
    params: { id: o.avatarUserId },
    body: { reward_pct: '1', otp: '000000' },
  })),
  // Penalty points below zero only raise a rating that is already at 100 %: nothing else changes.
  'POST /api/v1/admin/users/:id/rating/': adminOnly(200, (o) => ({
    params: { id: o.avatarUserId },
    body: { points: '-1', reason: 'matrix' },
  })),
  'POST /api/v1/admin/users/:id/balance/': adminOnly(400, (o) => ({
    params: { id: o.avatarUserId },
    body: { amount: '1', reason: 'matrix', otp: '000000' },
  })),
  'GET /api/v1/admin/users/:id/api-keys/': adminOnly(200, (o) => ({ params: { id: o.avatarUserId } })),
  // The merchant's key named with the trader's id: 404, and the key stays live for the other rows.
  'POST /api/v1/admin/users/:id/api-keys/:key_id/revoke/': adminOnly(404, (o) => ({
    params: { id: o.avatarUserId, key_id: o.revocableKeyId },
  })),
  // Operations (withdrawals, banks, rate, webhooks, notifications, overview): no withdrawal of that id exists,
  // and a made-up code is refused before anything is looked at.
  'GET /api/v1/admin/withdrawals/': adminOnly(200),
  'POST /api/v1/admin/withdrawals/:id/approve/': adminOnly(400, () => ({
    params: { id: NO_SUCH_ID },
    body: { otp: '000000' },
  })),
  'POST /api/v1/admin/withdrawals/:id/reject/': adminOnly(404, () => ({
    params: { id: NO_SUCH_ID },
    body: { reason: 'matrix' },
  })),
  'POST /api/v1/admin/withdrawals/:id/mark-sent/': adminOnly(400, () => ({
    params: { id: NO_SUCH_ID },
    body: { txid: '0'.repeat(64), otp: '000000' },
  })),
  'GET /api/v1/admin/banks/': adminOnly(200),
  'POST /api/v1/admin/banks/': adminOnly(201, () => ({ body: { name: 'Матрица-банк' } })),
  'PATCH /api/v1/admin/banks/:id/': adminOnly(404, () => ({
    params: { id: '999999' },
    body: { popular: true },
  })),
  'GET /api/v1/admin/rate/': adminOnly(200),
  'PUT /api/v1/admin/rate/': adminOnly(400, () => ({ body: { rub_per_usdt: '90', otp: '000000' } })),
  'GET /api/v1/admin/webhooks/': adminOnly(200),
  'POST /api/v1/admin/webhooks/:id/retry/': adminOnly(409, (o) => ({ params: { id: o.webhookEventId } })),
  'GET /api/v1/admin/notifications/unparsed/': adminOnly(200),
  'GET /api/v1/admin/notifications/stats/': adminOnly(200),
  'GET /api/v1/admin/overview/': adminOnly(200),
  'GET /api/v1/admin/ledger-verify/': adminOnly([200, 404]),
  'POST /api/v1/admin/ledger-verify/': adminOnly(200),
  'POST /api/v1/admin/rating-recompute/': adminOnly(200),
};
