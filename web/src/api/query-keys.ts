/**
 * Every TanStack Query key of the web app, in one module: a feature invalidates another's data (money moved,
 * so the dashboard refreshes) through these keys, never by importing the other feature's api.ts. Each domain's
 * `all` prefix invalidates all of its queries. No imports: the entry chunk seeds the session check with it
 * (app/session-boot.ts), so it must stay this small.
 */

/** The session check; its own key so the first paint can seed it. */
export const authKeys = {
  all: ['auth'] as const,
  check: ['auth', 'check'] as const,
};

/** The home dashboard. Invalidate `all` after money moves so the balances refresh. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: ['dashboard', 'summary'] as const,
};

export const dealsKeys = {
  all: ['deals'] as const,
  lists: ['deals', 'list'] as const,
  list: <Filters, Sort>(filters: Filters, sort: Sort, page: number) =>
    ['deals', 'list', filters, sort, page] as const,
  detail: (id: string) => ['deals', 'detail', id] as const,
};

export const disputesKeys = {
  all: ['disputes'] as const,
  role: ['disputes', 'role'] as const,
  lists: ['disputes', 'list'] as const,
  list: <Sort>(statuses: string[], sort: Sort, page: number, search: string) =>
    ['disputes', 'list', statuses, sort, page, search] as const,
  detail: (id: string) => ['disputes', 'detail', id] as const,
};

export const terminalsKeys = {
  all: ['terminals'] as const,
  lists: ['terminals', 'list'] as const,
  list: <Filters>(filters: Filters, page: number) => ['terminals', 'list', filters, page] as const,
  payments: (id: string) => ['terminals', 'payments', id] as const,
  paymentsPage: (id: string, page: number) => ['terminals', 'payments', id, page] as const,
  unassigned: ['terminals', 'unassigned'] as const,
  unassignedPage: (page: number) => ['terminals', 'unassigned', page] as const,
  /** One setup screen's watch on its terminal; `opened` keeps each screen's answers its own. */
  signal: (id: string, opened: number) => ['terminals', 'signal', id, opened] as const,
};

export const paymentsKeys = {
  all: ['payments'] as const,
  banks: ['payments', 'banks'] as const,
  lists: ['payments', 'list'] as const,
  list: <Filters>(filters: Filters, page: number) => ['payments', 'list', filters, page] as const,
  limits: (paymentId: string) => ['payments', 'limits', paymentId] as const,
};

export const walletKeys = {
  all: ['wallet'] as const,
  address: ['wallet', 'address'] as const,
  white: ['wallet', 'white'] as const,
  withdrawLimits: ['wallet', 'withdraw-limits'] as const,
  withdrawable: ['wallet', 'withdrawable'] as const,
  withdrawals: (page: number) => ['wallet', 'withdrawals', page] as const,
};

export const referralsKeys = {
  all: ['referrals'] as const,
  lists: ['referrals', 'list'] as const,
  list: (page: number) => ['referrals', 'list', page] as const,
  detail: (id: string) => ['referrals', 'detail', id] as const,
};

export const payerKeys = {
  order: (id: string) => ['payer', 'order', id] as const,
};

export const merchantHomeKeys = { all: ['merchant-home'] as const };

export const supportHomeKeys = { all: ['support-home'] as const };

/** The merchant's settings: API keys, webhook and its deliveries. */
export const merchantSettingsKeys = {
  all: ['merchant-settings'] as const,
  keys: ['merchant-settings', 'keys'] as const,
  webhook: ['merchant-settings', 'webhook'] as const,
  events: ['merchant-settings', 'events'] as const,
};

export const telegramKeys = {
  key: ['settings', 'telegram', 'key'] as const,
  accounts: ['settings', 'telegram', 'accounts'] as const,
};

export const profileKeys = {
  userInfo: ['settings', 'user-info'] as const,
};

/** The operator console (issue 27); `usersAll`, `withdrawalsAll`, `webhooksAll` prefix their pages. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  usersAll: ['admin', 'users'] as const,
  users: <Filter>(filter: Filter, page: number) => ['admin', 'users', filter, page] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  apiKeys: (id: string) => ['admin', 'user', id, 'api-keys'] as const,
  withdrawalsAll: ['admin', 'withdrawals'] as const,
  withdrawals: (status: string, page: number) => ['admin', 'withdrawals', status, page] as const,
  banks: ['admin', 'banks'] as const,
  rate: ['admin', 'rate'] as const,
  webhooksAll: ['admin', 'webhooks'] as const,
  webhooks: (state: string, page: number) => ['admin', 'webhooks', state, page] as const,
  unparsed: (page: number) => ['admin', 'notifications', 'unparsed', page] as const,
  notificationStats: (days: number) => ['admin', 'notifications', 'stats', days] as const,
  audit: <Filter>(filter: Filter, page: number) => ['admin', 'audit', filter, page] as const,
};
