import type { Clock } from './ports.js';

/** The day (of the daily deal) turns at midnight in Norway. */
const DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The day (YYYY-MM-DD, Norwegian time) that `ms` falls in. */
export const dayOf = (ms: number): string => DATE.format(new Date(ms));

/** The real clock: `Date.now` and `setTimeout` (timers do not keep the process alive). */
export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    t.unref();
    return { cancel: () => clearTimeout(t) };
  },
};
