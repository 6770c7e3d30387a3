/**
 * The service's defaults the Help page quotes: the server reads them from its environment
 * (server/src/config.ts), and the web app cannot ask for them. help-facts.test.ts reads that file and fails
 * when a default there no longer equals the number written here, so the page cannot drift from the server.
 */
export const SERVICE_DEFAULTS = {
  /** DISPUTE_EVIDENCE_H: the trader's time to upload evidence. */
  disputeEvidenceHours: 15,
  /** DISPUTE_WINDOW_H: how long after a deal expired or was canceled a dispute can still be opened. */
  disputeWindowHours: 72,
  /** TERMINAL_OFFLINE_AFTER_S: a terminal silent this long is offline. */
  terminalOfflineAfterSeconds: 90,
  /** TERMINAL_HEARTBEAT_S: how often the app reports. */
  terminalHeartbeatSeconds: 30,
  /** WHITELIST_COOLDOWN_H: a new whitelist address waits this long before withdrawals to it. */
  whitelistCooldownHours: 24,
  /** ORDER_TTL_S: how long a deal waits for the payer unless the merchant sets another time. */
  orderTtlSeconds: 900,
  /** MERCHANT_FEE_PCT and TRADER_REWARD_PCT: percent of the deal's USDT amount. */
  merchantFeePct: 3,
  traderRewardPct: 2,
  /** WITHDRAWAL_FEE_USDT, WITHDRAWAL_MIN_USDT, WITHDRAWAL_AUTO_LIMIT_USDT. */
  withdrawalFeeUsdt: '1',
  withdrawalMinUsdt: '10',
  withdrawalAutoLimitUsdt: '1000',
  /** SESSION_IDLE_HOURS and SESSION_MAX_DAYS. */
  sessionIdleHours: 24,
  sessionMaxDays: 7,
  /** LOGIN_MAX_FAILURES wrong passwords within LOGIN_FAILURE_WINDOW_MIN lock sign-in for LOGIN_LOCK_MIN. */
  loginMaxFailures: 10,
  loginFailureWindowMinutes: 15,
  loginLockMinutes: 15,
} as const;

/** Which server variable each default is (for the test that compares them). */
export const SERVICE_DEFAULT_NAMES: Record<keyof typeof SERVICE_DEFAULTS, string> = {
  disputeEvidenceHours: 'DISPUTE_EVIDENCE_H',
  disputeWindowHours: 'DISPUTE_WINDOW_H',
  terminalOfflineAfterSeconds: 'TERMINAL_OFFLINE_AFTER_S',
  terminalHeartbeatSeconds: 'TERMINAL_HEARTBEAT_S',
  whitelistCooldownHours: 'WHITELIST_COOLDOWN_H',
  orderTtlSeconds: 'ORDER_TTL_S',
  merchantFeePct: 'MERCHANT_FEE_PCT',
  traderRewardPct: 'TRADER_REWARD_PCT',
  withdrawalFeeUsdt: 'WITHDRAWAL_FEE_USDT',
  withdrawalMinUsdt: 'WITHDRAWAL_MIN_USDT',
  withdrawalAutoLimitUsdt: 'WITHDRAWAL_AUTO_LIMIT_USDT',
  sessionIdleHours: 'SESSION_IDLE_HOURS',
  sessionMaxDays: 'SESSION_MAX_DAYS',
  loginMaxFailures: 'LOGIN_MAX_FAILURES',
  loginFailureWindowMinutes: 'LOGIN_FAILURE_WINDOW_MIN',
  loginLockMinutes: 'LOGIN_LOCK_MIN',
};
