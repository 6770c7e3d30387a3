import { useEffect, useState } from 'react';

const TICK_MS = 1_000;

/** Whole seconds left until `expiresAt` on the server's clock (this device's clock + offset), never below 0. */
export function secondsLeft(expiresAt: string, clockOffsetMs: number, now: number = Date.now()): number {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - (now + clockOffsetMs)) / 1000));
}

/** The seconds left until expiry, updated every second until it reaches 0. */
export function useCountdown(expiresAt: string, clockOffsetMs: number): number {
  const [left, setLeft] = useState(() => secondsLeft(expiresAt, clockOffsetMs));
  useEffect(() => {
    const update = () => setLeft(secondsLeft(expiresAt, clockOffsetMs));
    update();
    const timer = setInterval(() => {
      update();
      if (secondsLeft(expiresAt, clockOffsetMs) === 0) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [expiresAt, clockOffsetMs]);
  return left;
}
