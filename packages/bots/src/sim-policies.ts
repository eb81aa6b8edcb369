/**
 * Simple computer players for the CLI (the real bots are their own package):
 * `random` (uniform over legal actions) and `greedy` (the fixed yardstick:
 * a non-eight from the suit held most, else an eight naming that suit, else
 * draw; never draws by choice; always calls); and `greedyPoints`, the
 * yardstick minding points, for the search's rollouts in points games. All
 * work on simulator codes.
 */
import { EIGHT, cardPoints, pick, rankOf, suitOf } from '@olsen/engine/sim';
import { A_DRAW, A_PASS, A_PLAY, F_MORE, Sim, cardOfAction, suitOfAction } from '@olsen/engine/sim';

export type PolicyName = 'random' | 'greedy';
export const POLICIES: readonly PolicyName[] = ['random', 'greedy'];

export type Policy = (sim: Sim, legal: Int32Array, n: number, rng: Int32Array) => number;

const random: Policy = (_sim, legal, n, rng) => legal[n === 1 ? 0 : pick(rng, 0, n)];

const counts = new Int32Array(4);

/** A whole move (not the start of a multi-card chain) laying one card. */
const isWholePlay = (a: number): boolean => (a & 7) === A_PLAY && !(a & F_MORE);
const isPlain = (a: number): boolean => isWholePlay(a) && rankOf(cardOfAction(a)) !== EIGHT;
const isEightNaming = (a: number, suit: number): boolean => isWholePlay(a) && rankOf(cardOfAction(a)) === EIGHT && suitOfAction(a) === suit;

/** The suit held most in `counts` (the first of equals). */
function mostHeld(): number {
  let most = 0;
  for (let s = 1; s < 4; s++) if (counts[s] > counts[most]) most = s;
  return most;
}

/** The yardstick's answer when no plain card is chosen: an eight naming the suit held most, any play, a draw, a pass. */
function lastResort(legal: Int32Array, n: number): number {
  const most = mostHeld();
  for (let i = 0; i < n; i++) if (isEightNaming(legal[i], most)) return legal[i];
  for (let i = 0; i < n; i++) if (isWholePlay(legal[i])) return legal[i];
  for (let i = 0; i < n; i++) if ((legal[i] & 7) === A_DRAW) return legal[i];
  for (let i = 0; i < n; i++) if ((legal[i] & 7) === A_PASS) return legal[i];
  return legal[0];
}

// Every rollout step of the search bots runs this: no allocation.
const greedy: Policy = (sim, legal, n) => {
  // Cards per suit in the hand of the seat to act, eights apart (as the yardstick counts).
  sim.suitCounts(sim.toMove, counts);
  let best = -1;
  let bestCount = -1;
  for (let i = 0; i < n; i++) {
    const a = legal[i];
    if (!isPlain(a)) continue;
    const suit = suitOf(cardOfAction(a));
    if (counts[suit] > bestCount) {
      best = a;
      bestCount = counts[suit];
    }
  }
  return best >= 0 ? best : lastResort(legal, n);
};

/**
 * The yardstick adjusted for points games (S24), for the search's rollouts:
 * among the suits held most, the dearest card first; and while another
 * player is down to one card, an eight (50 in hand) goes at once, naming the
 * suit held most. Measured against the plain yardstick in the rollouts,
 * `expert` vs three `medium` in Vri åtter: total 0.908 of theirs instead of
 * 0.933 (3,400 games on three seeds, the same deals); the gain is in rounds
 * gone out first. Not a level: the levels keep the yardstick as defined.
 */
export const greedyPoints: Policy = (sim, legal, n) => {
  const me = sim.toMove;
  sim.suitCounts(me, counts);
  if (sim.handCount(me) > 1) {
    let threat = false;
    for (let s = 0; s < sim.players; s++) if (s !== me && sim.handCount(s) === 1) threat = true;
    if (threat) {
      const most = mostHeld();
      for (let i = 0; i < n; i++) if (isEightNaming(legal[i], most)) return legal[i];
    }
  }
  let best = -1;
  let bestScore = -1;
  for (let i = 0; i < n; i++) {
    const a = legal[i];
    if (!isPlain(a)) continue;
    // The count decides (16 > any card's points); the points break ties.
    const card = cardOfAction(a);
    const score = counts[suitOf(card)] * 16 + cardPoints(card);
    if (score > bestScore) {
      best = a;
      bestScore = score;
    }
  }
  return best >= 0 ? best : lastResort(legal, n);
};

export const policyOf = (name: PolicyName): Policy => (name === 'greedy' ? greedy : random);
