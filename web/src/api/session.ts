import { syncIsLeadFromStorage } from './lead-store.ts';

const cleanups = new Set<() => void>();

/**
 * Registers work to do whenever the client session ends (e.g. dropping the query cache).
 * Returns the unregister function.
 */
export function onClientSessionCleared(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Forgets everything the browser holds about the signed-in user: both storages, the lead flag, caches. */
export function clearClientSession(): void {
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // Storage may be blocked; there is then nothing stored to clear.
  }
  syncIsLeadFromStorage();
  for (const cleanup of cleanups) cleanup();
}
