import type { Clock } from './ports.js';

/** The real clock: `Date.now` and `setTimeout` (timers do not keep the process alive). */
export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    t.unref();
    return { cancel: () => clearTimeout(t) };
  },
};
