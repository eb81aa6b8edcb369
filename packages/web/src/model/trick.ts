/**
 * Danish Olsen's trick on the table, as a pure model: a trick just taken
 * stays in view with who took it for a moment (H5), even if the next trick
 * has begun, so a person can see what happened; then the last trick shrinks
 * to its small line.
 */
import type { HeartsView } from '@olsen/engine/hearts';

/** How long a taken trick stays in view (ms). */
export const TRICK_LINGER_MS = 1600;

/** The taken trick in view, and until when (ms since the epoch). */
export interface Linger {
  readonly key: string;
  readonly until: number;
}

const keyOf = (v: HeartsView): string => (v.lastTrick ? `${v.round}:${v.lastTrick.cards.join()}` : '');

/** The linger after view `v` arrives at `now`: a newly taken trick starts one; the same trick keeps its own. */
export function lingerAfter(v: HeartsView, prev: Linger | null, now: number): Linger | null {
  const key = keyOf(v);
  if (!key) return null;
  return prev?.key === key ? prev : { key, until: now + TRICK_LINGER_MS };
}

/** What the table shows at `now`: the trick taken (with its winner) while it lingers, the current trick, the last trick's line. */
export function trickScene(v: HeartsView, linger: Linger | null, now: number) {
  const taken = linger && linger.key === keyOf(v) && now < linger.until ? v.lastTrick : null;
  return { taken, showCurrent: !taken || v.trick.cards.length > 0, showLast: !taken && v.lastTrick !== null };
}
