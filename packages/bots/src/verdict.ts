/**
 * The review's one rule for a mistake, and the one cost every sentence names: a decision's loss against the best,
 * measured again for the pair on fresh worlds (review.ts), with its 95 % interval, rounded as the pages print it.
 */
import type { Measure, ReviewDecision } from './review.js';

/** The smallest loss called a mistake: 3 points of win chance, or 1.5 points. */
export const MISTAKE_FLOOR: Record<Measure, number> = { win: 0.03, points: 1.5 };
/** Two-sided 95 % interval of a normal estimate. */
export const Z95 = 1.96;

/**
 * What a decision was: `best` (the best option taken), `noise` (the cost's 95 % interval reaches zero),
 * `small` (a real cost, below `MISTAKE_FLOOR`), `mistake` (a real cost of at least the floor).
 */
export type Verdict = 'best' | 'noise' | 'small' | 'mistake';

/** A decision's one cost as every page shows it: rounded as printed (whole percent, or a tenth of a point), with its 95 % interval. */
export interface Cost {
  readonly loss: number;
  readonly lo: number;
  readonly hi: number;
}

/** The step a cost is shown in: a whole percent of win chance, a tenth of a point. */
const SHOWN: Record<Measure, number> = { win: 0.01, points: 0.1 };
// (+ 0: a negative zero would be printed "−0,0".)
const shown = (v: number, m: Measure): number => Math.round(v / SHOWN[m]) * SHOWN[m] + 0;

/** The cost of a decision as shown: the paired re-measurement (`loss`) and its interval, rounded as printed. */
export function costOf(d: Pick<ReviewDecision, 'loss' | 'lossSe'>, measure: Measure): Cost {
  return { loss: shown(d.loss, measure), lo: shown(d.loss - Z95 * d.lossSe, measure), hi: shown(d.loss + Z95 * d.lossSe, measure) };
}

/**
 * The one rule (README, "olsen analyse"): a move is a mistake when its cost, measured again on fresh worlds, is at
 * least `MISTAKE_FLOOR` and the lower end of its 95 % interval is above zero — both read off the figures as shown,
 * so no sentence can print a cost that contradicts its verdict.
 */
export function verdictOf(d: Pick<ReviewDecision, 'loss' | 'lossSe'>, measure: Measure, isBest: boolean): Verdict {
  if (isBest) return 'best';
  const c = costOf(d, measure);
  if (c.lo <= 1e-9) return 'noise';
  return c.loss >= MISTAKE_FLOOR[measure] - 1e-9 ? 'mistake' : 'small';
}
