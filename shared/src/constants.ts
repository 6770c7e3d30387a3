/** Business constants and timings of spec §9, shared by the web app and the server. */
export const API_TIMEOUT_MS = 10_000;
export const AUTH_CHECK_TIMEOUT_MS = 5_000;
export const SUCCESS_BANNER_MS = 3_000;
export const ERROR_POPUP_MS = 5_000;
export const POST_REGISTRATION_REDIRECT_MS = 1_500;
export const POST_RESET_RETURN_MS = 2_000;
export const WALLET_SUCCESS_MS = 2_000;
export const OTP_ERROR_TOAST_MS = 3_000;
export const TOAST_MS = 3_000;
export const PAYMENT_NOTICE_MS = 1_500;
export const OTP_LENGTH = 6;
export const SIDEBAR_COLLAPSE_PX = 1140;
export const DEFAULT_API_PREFIX = '/backend';

export const PAGE_SIZES = {
  dashboardTransactions: 5,
  dashboardTerminals: 5,
  terminals: 10,
  paymentsModal: 10,
  unassignedPayments: 10,
  payments: 20,
  disputes: 10,
  deals: 20,
  referrals: 10,
} as const;

/** Number of pages for a total: total / size rounded up, at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** OTP lifetime and abuse limits (DESIGN.md security rules). */
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_SENDS_PER_HOUR = 5;

/**
 * id of the `<script type="application/json">` element in which the server hands a signed-in page load the
 * check_user_auth answer it has just verified, so the guard renders without a second round trip.
 */
export const SESSION_BOOT_ELEMENT_ID = 'session-boot';

/**
 * id of the element before `#root` in which the server paints the signed-in home page before any script runs
 * (web/src/app/home-shell.tsx); the web app removes it in the commit that shows the page.
 */
export const HOME_SHELL_ELEMENT_ID = 'boot-shell';

/**
 * id of the `<template>` holding the app's script and module preloads on a signed-in visit to `/`: the home
 * page's small entry (web/src/home-boot.ts) puts them into the head after the server's first paint.
 */
export const HOME_DEFERRED_ELEMENT_ID = 'home-deferred';
