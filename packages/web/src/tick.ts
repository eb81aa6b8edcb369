/** Countdowns on the table: the time now, renewed each second while one runs. */
import { useEffect, useState } from 'preact/hooks';

/** The time now, renewed every second while `on`. */
export function useTick(on: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!on) return;
    setNow(Date.now());
    const i = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(i);
  }, [on]);
  return now;
}

/** Whole seconds from `now` until `at` (never below zero). */
export const secondsTo = (at: number, now: number): number => Math.max(0, Math.ceil((at - now) / 1000));
