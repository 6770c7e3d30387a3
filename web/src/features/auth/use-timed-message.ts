import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A message that clears itself `ms` after it was last shown (the 5 s error pop-up, the 3 s success
 * banner). Showing a new message restarts the clock; show(null) hides at once.
 */
export function useTimedMessage(ms: number): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const show = useCallback(
    (next: string | null) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      setMessage(next);
      if (next !== null) {
        timer.current = setTimeout(() => {
          timer.current = null;
          setMessage(null);
        }, ms);
      }
    },
    [ms],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return [message, show];
}
