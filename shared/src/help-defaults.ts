/**
 * The service's defaults the Help page quotes: the server's configuration (server/src/config.ts) takes its
 * defaults from here, so the page and the server cannot drift. Each can still be changed per deployment by
 * its environment variable; the page quotes the default.
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
