import { useCallback, useState } from 'react';

/** localStorage key remembering whether the My Balance amounts are hidden. */
export const BALANCE_HIDDEN_STORAGE_KEY = 'balanceHidden';

function readHidden(): boolean {
  try {
    return window.localStorage.getItem(BALANCE_HIDDEN_STORAGE_KEY) === 'true';
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page only.
    return false;
  }
}

/** The hide/show choice of the My Balance card, remembered across visits. */
export function useBalanceHidden(): [boolean, () => void] {
  const [hidden, setHidden] = useState(readHidden);
  const toggle = useCallback(() => {
    setHidden((current) => {
      const next = !current;
      try {
        window.localStorage.setItem(BALANCE_HIDDEN_STORAGE_KEY, String(next));
      } catch {
        // See readHidden.
      }
      return next;
    });
  }, []);
  return [hidden, toggle];
}
