/** sessionStorage key naming the user whose session began with signing up. */
export const FIRST_VISIT_STORAGE_KEY = 'firstVisitUser';

/**
 * Remembers that this browser session began with the user's sign-up, so the dashboard greets them with
 * a plain welcome instead of "welcome back". A sign-in (even the first one after a sign-up elsewhere)
 * is a return. sessionStorage ends with the tab and is cleared on logout, like the session itself.
 */
export function markFirstVisit(userId: string): void {
  try {
    window.sessionStorage.setItem(FIRST_VISIT_STORAGE_KEY, userId);
  } catch {
    // Storage can be blocked; the greeting then says "welcome back", which is harmless.
  }
}

/** Whether the signed-in user's session began with their sign-up in this browser tab. */
export function isFirstVisit(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(FIRST_VISIT_STORAGE_KEY) === userId;
  } catch {
    return false;
  }
}
