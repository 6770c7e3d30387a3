import { LEAD_STORAGE_KEY, syncIsLeadFromStorage } from './lead-store.ts';

const cleanups = new Set<() => void>();

/**
 * Registers work to do whenever the client session ends (e.g. dropping the query cache).
 * Returns the unregister function.
 */
export function onClientSessionCleared(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Counts the sessions this tab has ended; an answer to a call made under an earlier one is stale. */
let generation = 0;

/** Which session (as counted by clearClientSession) a call is made under. */
export function sessionGeneration(): number {
  return generation;
}

/** Set by a signed-in answer in this tab; storage alone would forget it when another tab logs out. */
let signedInHere = false;

/** Records that this tab holds a session (a sign-in, or a session check that answered 200). */
export function noteSignedIn(): void {
  signedInHere = true;
}

/**
 * Whether this browser holds a session, as far as script can tell: the session cookie is HttpOnly, but
 * every sign-in and every successful session check store the lead flag, and every logout clears storage.
 */
export function hasSessionHint(): boolean {
  try {
    return window.localStorage.getItem(LEAD_STORAGE_KEY) !== null;
  } catch {
    // Storage blocked: nothing tells us there is no session, so check.
    return true;
  }
}

/**
 * Whether a call made now is made with a session: this tab signed in, or storage says so. A 401 then means
 * the session ended; without one it only means the visitor never signed in.
 */
export function heldSession(): boolean {
  return signedInHere || hasSessionHint();
}

/** Forgets everything the browser holds about the signed-in user: both storages, the lead flag, caches. */
export function clearClientSession(): void {
  generation += 1;
  signedInHere = false;
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // Storage may be blocked; there is then nothing stored to clear.
  }
  syncIsLeadFromStorage();
  for (const cleanup of cleanups) cleanup();
}

/**
 * The notice /welcome owes the user after an ended session. In memory: the logout clears both storages, and
 * the router (installed before anything can call the API) moves to /welcome without loading a page.
 */
let sessionEnded = false;

/** Marks that the session ended on its own (401), so /welcome says so. */
export function markSessionEnded(): void {
  sessionEnded = true;
}

/** Whether /welcome owes the user the ended-session notice. */
export function hasSessionEndedNotice(): boolean {
  return sessionEnded;
}

/** The notice has been shown (or the user signed in again): it is not shown a second time. */
export function clearSessionEndedNotice(): void {
  sessionEnded = false;
}
