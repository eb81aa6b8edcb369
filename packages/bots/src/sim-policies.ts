/**
 * Simple computer players for the CLI (the real bots are their own package):
 * `random` (uniform over legal actions) and `greedy` (the fixed yardstick:
 * a non-eight from the suit held most, else an eight naming that suit, else
 * draw; never draws by choice; always calls). Both work on simulator codes.
 */
import { A_DRAW, A_PASS, A_PLAY, EIGHT, F_MORE, Sim, pick } from '@olsen/engine';

export type PolicyName = 'random' | 'greedy';
export const POLICIES: readonly PolicyName[] = ['random', 'greedy'];

export type Policy = (sim: Sim, legal: Int32Array, n: number, rng: Int32Array) => number;

const random: Policy = (_sim, legal, n, rng) => legal[n === 1 ? 0 : pick(rng, 0, n)];

const counts = new Int32Array(4);

// Every rollout step of the search bots runs this: no allocation.
const greedy: Policy = (sim, legal, n) => {
  // Cards per suit in the hand of the seat to act, eights apart (as the yardstick counts).
  sim.suitCounts(sim.toMove, counts);
  let best = -1;
  let bestCount = -1;
  for (let i = 0; i < n; i++) {
    const a = legal[i];
    if ((a & 7) !== A_PLAY || a & F_MORE || ((a >> 3) & 15) === EIGHT) continue;
    const suit = (a >> 7) & 3;
    if (counts[suit] > bestCount) {
      best = a;
      bestCount = counts[suit];
    }
  }
  if (best >= 0) return best;
  let most = 0;
  for (let s = 1; s < 4; s++) if (counts[s] > counts[most]) most = s;
  for (let i = 0; i < n; i++) {
    const a = legal[i];
    if ((a & 7) === A_PLAY && !(a & F_MORE) && ((a >> 3) & 15) === EIGHT && ((a >> 9) & 7) - 1 === most) return a;
  }
  for (let i = 0; i < n; i++) if ((legal[i] & 7) === A_PLAY && !(legal[i] & F_MORE)) return legal[i];
  for (let i = 0; i < n; i++) if ((legal[i] & 7) === A_DRAW) return legal[i];
  for (let i = 0; i < n; i++) if ((legal[i] & 7) === A_PASS) return legal[i];
  return legal[0];
};

export const policyOf = (name: PolicyName): Policy => (name === 'greedy' ? greedy : random);
