/**
 * Every call of spec §7, written exactly as the spec lists it (trailing slashes kept), relative to API_PREFIX.
 * The server registers these paths and the web client calls them, so the two cannot drift apart.
 */
export const API = {
  health: '/health',
  /** Prometheus text exposition, behind `Authorization: Bearer <METRICS_TOKEN>` (our addition, not in spec §7). */
  metrics: '/metrics',
  auth: {
    register: '/account/user/register/',
    verifyOtp: '/account/user/verify-otp/',
    login: '/account/user/login/',
    loginVerify: '/account/user/login-verify/',
    requestPasswordReset: '/account/user/request-password-reset/',
    passwordReset: '/account/user/password-reset/',
    leadCheck: '/account/lead/refferal/',
    logout: '/account/logout/',
    checkUserAuth: '/account/check_user_auth/',
  },
  dashboard: '/api/account/dashboard/',
  /** Spec §7 Dashboard chart, spelt as the spec writes it: `?range=24h|30d|1y` plus our optional `tz` (IANA). */
  dashboardChart: '/account/user/get-data-grafic/',
  /** Spec §7 Settings (Profile and Notification); the password change uses auth.requestPasswordReset/passwordReset. */
  settings: {
    userInfo: '/api/account/user_info/',
    changeUsername: '/account/user/change-username/',
    changeAvatar: '/account/user/change-avatar/',
    /** Spelt as spec §7 writes it; the body key is `notification_paymets` (sic) or `notification_account`. */
    notifySettings: '/api/account/change_notify_settings/',
    /** Our addition: the stored avatar image (the user's own, behind the session), named by its content hash. */
    avatar: (userId: string, hash: string) => `/api/account/avatar/${userId}/${hash}.jpg`,
  },
  /** Spec §7 Settings (Telegram connection). */
  telegram: {
    key: '/api/account/get_tg_key/',
    refreshKey: '/api/account/refresh/tg_key/',
    accounts: '/api/account/tg_action/',
    /** The bot's webhook (our addition), used when TELEGRAM_WEBHOOK_URL is set; checked by its secret token. */
    webhook: '/telegram/webhook/',
  },
  payments: {
    banks: '/api/v1/payments/banks/',
    list: '/api/v1/payments/list/',
    create: '/api/v1/payments/create/',
    update: (id: string | number) => `/api/v1/payments/${id}/update/`,
    limits: '/account/user/change-payment-limits/',
  },
  wallet: {
    address: '/account/wallet/address/',
    deposit: '/account/wallet/deposit/',
    addressRequest: '/account/wallet/address/request/',
    addressConfirm: '/account/wallet/address/confirm/',
    withdrawRequest: '/account/wallet/withdraw/request/',
    withdrawVerify: '/account/wallet/withdraw/verify/',
    /** Our addition: the withdrawal fee and minimum, shown before the user submits. */
    withdrawLimits: '/account/wallet/withdraw/limits/',
    /** Our addition: what can be withdrawn now, the reserves and the debt that hold the rest back. */
    withdrawable: '/account/wallet/withdraw/available/',
    /** Our addition: the user's withdrawals (in flight and history), newest first. */
    withdrawals: '/account/wallet/withdrawals/',
    white: '/account/wallet/white/',
    whiteOtp: '/account/wallet/white/otp/',
  },
  terminals: {
    list: '/user/terminals/',
    connectRequest: '/user/terminal/connect-request/',
    verifyRequest: '/user/terminal/verify-request/',
    updateName: (id: string) => `/terminals/${id}/update-name/`,
    remove: (id: string) => `/terminals/${id}/`,
    /** Our addition: the trader enables or disables a terminal. */
    status: (id: string) => `/api/v1/terminals/${id}/status/`,
    payments: (id: string) => `/api/v1/terminals/${id}/payments/`,
    unassigned: '/api/v1/payments/unassigned/',
    connectPayments: (id: string) => `/api/terminals/${id}/connect-payments/`,
    /** Spec §7 writes it without the leading slash; it is relative to API_PREFIX like every other path. */
    unbind: (id: string) => `/api/payments/${id}/unbind/`,
    /** Our addition (issue 24): a forwarder terminal's new URL; the old one answers 401 at once. */
    hookUrl: (id: string) => `/api/v1/terminals/${id}/hook-url/`,
  },
  /** Spec §7 Disputes (web, session) and the support block calls. */
  disputes: {
    userRole: '/api/v1/disputes/user-role/',
    list: '/api/v1/disputes/',
    /** Our addition: one dispute with its history, for the detail modal. */
    detail: (id: string) => `/api/v1/disputes/${id}/`,
    createBySupport: '/api/v1/disputes/create-by-support/',
    files: (id: string) => `/api/v1/disputes/${id}/files/`,
    file: (id: string, fileId: string) => `/api/v1/disputes/${id}/files/${fileId}/`,
    resolve: (id: string) => `/api/v1/disputes/${id}/resolve/`,
    block: '/support/dispute/block/',
    unblock: '/support/dispute/unblock/',
  },
  /** Spec §7 Referrals (lead only; the list's GET is also the lead check), plus the detail modal's call (our addition). */
  referrals: {
    list: '/account/lead/refferal/',
    create: '/account/lead/refferal/',
    detail: (id: string) => `/account/lead/refferal/${id}/`,
  },
  /** Spec §7 Transactions, plus the detail modal's call (our addition). */
  transactions: {
    list: '/api/v1/transactions/',
    detail: (id: string) => `/api/v1/transactions/${id}/`,
    /** The payer's receipt file, for the deal's trader or merchant (our addition). */
    receipt: (id: string) => `/api/v1/transactions/${id}/receipt/`,
    /** Spelt as spec §7 writes it. */
    verify: '/user/verficate-transaction/',
  },
  /** The public payer page's calls (our addition; no session). */
  payer: {
    order: (id: string) => `/c2c/${id}/`,
    paid: (id: string) => `/c2c/${id}/paid/`,
    receipt: (id: string) => `/c2c/${id}/receipt/`,
  },
  /** The merchant API (our addition, docs/merchant-api.md): Bearer API keys, Idempotency-Key, problem+json. */
  merchant: {
    orders: '/merchant/v1/orders',
    order: (id: string) => `/merchant/v1/orders/${id}`,
    cancel: (id: string) => `/merchant/v1/orders/${id}/cancel`,
    /** Opens a dispute on the order (multipart: reason and evidence files). */
    disputes: (id: string) => `/merchant/v1/orders/${id}/disputes`,
    balance: '/merchant/v1/balance',
    openapi: '/merchant/v1/openapi.json',
    docs: '/merchant/v1/docs',
    /** The docs page's style sheet (a file, since the CSP allows no inline styles). */
    docsStyles: '/merchant/v1/docs.css',
  },
  /** The merchant's Settings #api section (our addition; session-authenticated, merchants only). */
  merchantSettings: {
    keys: '/api/v1/merchant/keys/',
    key: (id: string) => `/api/v1/merchant/keys/${id}/`,
    webhook: '/api/v1/merchant/webhook/',
    webhookSecret: '/api/v1/merchant/webhook/secret/',
    webhookEvents: '/api/v1/merchant/webhook/events/',
    resendEvent: (id: string) => `/api/v1/merchant/webhook/events/${id}/resend/`,
    /** The merchant's home (issue 25): today's orders, conversion, balance, webhooks, the last orders. */
    home: '/api/v1/merchant/home/',
    /** The shop name the payer page shows (issue 25). */
    displayName: '/api/v1/merchant/display-name/',
  },
  /** Support's home (issue 25; session, support only): the open disputes, oldest first. */
  supportHome: {
    queue: '/api/v1/support/disputes/queue/',
  },
  /** The device API of the terminal app (our addition, docs/device-api.md). */
  /** The operator console (issue 27): admins only, 403 for every other role. */
  admin: {
    otp: '/api/v1/admin/otp/',
    overview: '/api/v1/admin/overview/',
    ledgerVerify: '/api/v1/admin/ledger-verify/',
    ratingRecompute: '/api/v1/admin/rating-recompute/',
    users: '/api/v1/admin/users/',
    user: (id: string) => `/api/v1/admin/users/${id}/`,
    userRating: (id: string) => `/api/v1/admin/users/${id}/rating/`,
    userBalance: (id: string) => `/api/v1/admin/users/${id}/balance/`,
    userApiKeys: (id: string) => `/api/v1/admin/users/${id}/api-keys/`,
    revokeApiKey: (id: string, keyId: string) => `/api/v1/admin/users/${id}/api-keys/${keyId}/revoke/`,
    withdrawals: '/api/v1/admin/withdrawals/',
    approveWithdrawal: (id: string) => `/api/v1/admin/withdrawals/${id}/approve/`,
    rejectWithdrawal: (id: string) => `/api/v1/admin/withdrawals/${id}/reject/`,
    markWithdrawalSent: (id: string) => `/api/v1/admin/withdrawals/${id}/mark-sent/`,
    banks: '/api/v1/admin/banks/',
    bank: (id: number | string) => `/api/v1/admin/banks/${id}/`,
    rate: '/api/v1/admin/rate/',
    webhooks: '/api/v1/admin/webhooks/',
    retryWebhook: (id: string) => `/api/v1/admin/webhooks/${id}/retry/`,
    unparsedNotifications: '/api/v1/admin/notifications/unparsed/',
    notificationStats: '/api/v1/admin/notifications/stats/',
    audit: '/api/v1/admin/audit/',
  },
  device: {
    activate: '/device/v1/activate',
    heartbeat: '/device/v1/heartbeat',
    status: '/device/v1/status',
    notifications: '/device/v1/notifications',
    /** Issue 24: where a forwarder app posts (any of POST, GET, PUT, PATCH); the token is the terminal's. */
    hook: (token: string) => `/device/v1/hooks/${token}`,
    /** The OpenAPI 3.1 document of the device API. */
    openapi: '/device/v1/openapi.json',
  },
} as const;

/** Header the forced logout sends (spec §7 Authentication). */
export const FORCE_LOGOUT_HEADER = 'X-Force-Logout';
