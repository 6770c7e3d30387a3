import { useSyncExternalStore } from 'react';

/** localStorage key of the lead flag; the spec calls the flag isLead (server name is_lead). */
export const LEAD_STORAGE_KEY = 'isLead';

const listeners = new Set<() => void>();

function readStored(): boolean {
  try {
    return window.localStorage.getItem(LEAD_STORAGE_KEY) === 'true';
  } catch {
    // Storage can be unavailable (private mode, blocked cookies); the in-memory value still works.
    return false;
  }
}

let current = typeof window === 'undefined' ? false : readStored();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Current lead flag (memory copy of localStorage). */
export function getIsLead(): boolean {
  return current;
}

/** Sets the lead flag in memory and in localStorage and notifies subscribers. */
export function setIsLead(value: boolean): void {
  try {
    window.localStorage.setItem(LEAD_STORAGE_KEY, String(value));
  } catch {
    // See readStored: memory is the source of truth for this tab either way.
  }
  if (current === value) return;
  current = value;
  emit();
}

/** Re-reads the flag after storage was cleared elsewhere (logout) so memory and storage agree. */
export function syncIsLeadFromStorage(): void {
  const stored = readStored();
  if (stored === current) return;
  current = stored;
  emit();
}

/** Subscribes to lead flag changes; returns the unsubscribe function. */
export function subscribeIsLead(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Another tab logging in or out changes localStorage; follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === LEAD_STORAGE_KEY || event.key === null) syncIsLeadFromStorage();
  });
}

/**
 * React hook: the lead flag, re-rendering when it changes. Rendered on the server (the home page's first paint,
 * web/src/home-shell-server.tsx) it reads the flag that render set.
 */
export function useIsLead(): boolean {
  return useSyncExternalStore(subscribeIsLead, getIsLead, getIsLead);
}
