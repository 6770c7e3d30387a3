import { useEffect, useState } from 'react';

/**
 * How many of a page's later parts to render: 0 on the first render, then one more in each task after the
 * browser has painted it, up to `steps`. A page renders what is below the fold this way, so no task is long:
 * on a phone one long task blocks a tap for as long as it runs (Lighthouse's Total Blocking Time counts every
 * task over 50 ms), several short ones do not. Parts that appear under what is already on screen move nothing.
 */
export function useStepsAfterFirstPaint(steps: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= steps) return;
    const next = () => setShown((count) => Math.min(steps, count + 1));
    if (shown > 0) {
      const timer = window.setTimeout(next, 0);
      return () => window.clearTimeout(timer);
    }
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(next, 0);
    });
    // A page rendered in a background tab gets no animation frames until shown.
    const fallback = window.setTimeout(next, 250);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      window.clearTimeout(fallback);
    };
  }, [shown, steps]);
  return shown;
}
