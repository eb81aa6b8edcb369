/**
 * Information-set MCTS for the shedding games, on the simulator tier: the
 * shedding `Problem` of `search.ts`. Every iteration deals the cards the seat
 * cannot see at random (`determinize`, consistent with its view) and plays
 * the round out with greedy players (minding points in points games).
 *
 * The seat never sees more than its `PlayerView`: the tree is built from
 * sampled worlds, not from the real one.
 */
import type { PlayerView } from '@olsen/engine/shedding';
import { P_GAME_OVER, P_ROUND_OVER, type Sim } from '@olsen/engine/sim';
import { Determinizer, toAction } from './pimc.js';
import { search, type Problem, type SearchLimits } from './search.js';
import { medium } from './medium.js';
import { forcedReason } from './hand.js';
import type { Choice } from './shedding.js';
import { greedyPoints, policyOf } from './sim-policies.js';
import { isCatch } from '@olsen/engine';

export interface SearchBudget extends SearchLimits {
  /** Deal the unseen cards so that opponents' forced draws stay explained (default true). */
  readonly infer?: boolean;
  /**
   * How opponents move inside the tree: as searchers (`tree`), as the yardstick's
   * policy (`greedy`), or (`auto`, the default) as the yardstick while their play
   * reads as its, else as searchers.
   */
  readonly opponents?: 'tree' | 'greedy' | 'auto';
}

const simGreedy = policyOf('greedy');
const rollBuf = new Int32Array(1024);

/**
 * Per seat, how good the round's end is for it (0…1). Ranking games: the win
 * only. Points games: the round's points against the others' mean, since a
 * game is won by a total lower than the others' and points handed to them
 * count as much as points spared (a round's typical range is 0…100).
 */
export function roundRewards(sim: Sim, startTotals: readonly number[], out: Float64Array): void {
  const n = sim.players;
  if (sim.rules.scoring !== 'points') {
    for (let s = 0; s < n; s++) out[s] = sim.place(s) === 1 ? 1 : 0;
    return;
  }
  let sum = 0;
  for (let s = 0; s < n; s++) sum += Math.min(sim.total(s) - startTotals[s], 100);
  for (let s = 0; s < n; s++) {
    const got = Math.min(sim.total(s) - startTotals[s], 100);
    const others = (sum - got) / (n - 1);
    out[s] = Math.max(0, Math.min(1, 0.5 + (others - got) / 200));
  }
}

/** Plays the round out by the yardstick, in points games by `greedyPoints` (measured there). */
function rollOut(sim: Sim, rng: Int32Array): void {
  const policy = sim.rules.scoring === 'points' ? greedyPoints : simGreedy;
  for (let guard = 0; guard < 4000 && sim.phase <= 1; guard++) {
    const n = sim.generate(rollBuf);
    sim.apply(policy(sim, rollBuf, n, rng));
  }
}

/** Chooses the seat's action by ISMCTS; decisions the tree does not model go to `medium`. */
export function ismcts(view: PlayerView, rng: Int32Array, budget: SearchBudget): Choice {
  const me = view.seat;
  const fallback = medium(view);
  // Catches, calls after the play, naming a turned eight: the heuristics decide those.
  if (me === null || view.toMove !== me || view.phase !== 'turn' || view.legal.some((a) => isCatch(a))) return fallback;
  const own = view.legal.filter((a) => a.seat === me);
  if (own.length === 1 && view.groups.length === 0) return { action: own[0], reason: forcedReason(view, own[0]) };
  const startTotals = view.players.map((_, s) => view.totals?.[s] ?? 0);
  const det = new Determinizer(view, budget.infer ?? true, rng);
  const opponents = budget.opponents ?? 'auto';
  // A seat that plays like the yardstick is best predicted by it; the search then branches on its own moves only.
  const modelled = Uint8Array.from(view.players, (_, s) => (s !== me && (opponents === 'greedy' || (opponents === 'auto' && det.reading(s) === 'exact')) ? 1 : 0));
  const problem: Problem<Sim> = {
    sample: () => det.sample(rng),
    live: (sim) => sim.phase <= 1,
    playOut: (sim) => rollOut(sim, rng),
    rewards: (sim, out) => {
      if (sim.phase !== P_ROUND_OVER && sim.phase !== P_GAME_OVER) return false;
      roundRewards(sim, startTotals, out);
      return true;
    },
    // At the root only whole moves the view can express (multi-card chains go to the heuristics).
    rootAllowed: (code) => toAction(view, code) !== undefined,
    modelled: (seat) => modelled[seat] === 1,
    modelMove: (sim, codes, n) => simGreedy(sim, codes, n, rng),
  };
  const best = search(problem, view.players.length, budget, rng);
  const action = best ? toAction(view, best.code) : undefined;
  if (!best || !action) return fallback;
  const agrees = fallback.action === action || JSON.stringify(fallback.action) === JSON.stringify(action);
  return { action, reason: agrees ? fallback.reason : { kind: 'search', visits: best.visits, of: best.of } };
}
