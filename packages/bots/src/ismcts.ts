/**
 * Information-set Monte Carlo tree search (single observer) for the shedding
 * games, on the simulator tier. Every iteration deals the cards the seat
 * cannot see at random (`determinize`, consistent with its view), walks one
 * shared tree of action sequences with ISUCT — a child's exploration term
 * counts how often it was *available*, since a determinization decides which
 * moves exist — adds one node, plays the round out with greedy players, and
 * credits every node with the result for the player who moved there.
 *
 * The seat never sees more than its `PlayerView`: the tree is built from
 * sampled worlds, not from the real one.
 */
import { P_GAME_OVER, P_ROUND_OVER, pick, type PlayerView, type Sim } from '@olsen/engine';
import { determinize, toAction } from './pimc.js';
import { medium, type Choice } from './shedding.js';
import { policyOf } from './sim-policies.js';

export interface SearchBudget {
  /** Iterations per decision (the search stops at whichever of the two limits comes first). */
  readonly iterations: number;
  /** Milliseconds per decision. */
  readonly ms: number;
  /** Exploration constant of UCB. */
  readonly c?: number;
  /** Deal the unseen cards so that opponents' forced draws stay explained (default true). */
  readonly infer?: boolean;
  /** How opponents move inside the tree: as searchers (`tree`, the default) or as the greedy policy (`greedy`). */
  readonly opponents?: 'tree' | 'greedy';
}

class Node {
  readonly children: Node[] = [];
  visits = 0;
  avail = 0;
  reward = 0;
  constructor(
    readonly code: number,
    readonly mover: number,
  ) {}
}

// A global in browsers and in Node; the bots package compiles without DOM or Node types.
declare const performance: { now(): number };

const simGreedy = policyOf('greedy');
const codes = new Int32Array(1024);
const rollBuf = new Int32Array(1024);

/** Per seat, how good the round's end is for it (0…1): winning counts, places and points break ties. */
function rewards(sim: Sim, startTotals: readonly number[], out: Float64Array): void {
  const n = sim.players;
  const points = sim.rules.scoring === 'points';
  for (let s = 0; s < n; s++) {
    const place = sim.place(s);
    if (points) {
      // Points games are lost by points: fewer this round is better (a round's typical range is 0…100).
      const got = sim.total(s) - startTotals[s];
      out[s] = (place === 1 ? 0.3 : 0) + 0.7 * (1 - Math.min(got, 100) / 100);
    } else out[s] = place === 1 ? 1 : place > 0 ? 0.15 * ((n - place) / (n - 1)) : 0;
  }
}

function rollOut(sim: Sim, rng: Int32Array): void {
  for (let guard = 0; guard < 4000 && sim.phase <= 1; guard++) {
    const n = sim.generate(rollBuf);
    sim.apply(simGreedy(sim, rollBuf, n, rng));
  }
}

/** Chooses the seat's action by ISMCTS; decisions the tree does not model go to `medium`. */
export function ismcts(view: PlayerView, rng: Int32Array, budget: SearchBudget): Choice {
  const me = view.seat;
  const fallback = medium(view);
  // Catches, calls after the play, naming a turned eight: the heuristics decide those.
  if (me === null || view.toMove !== me || view.phase !== 'turn' || view.legal.some((a) => 'catch' in a)) return fallback;
  const own = view.legal.filter((a) => a.seat === me);
  if (own.length === 1) return { action: own[0], reason: { kind: 'only' } };
  const startTotals = view.players.map((_, s) => view.totals?.[s] ?? 0);
  const c = budget.c ?? 0.7;
  const modelled = budget.opponents === 'greedy';
  const root = new Node(-1, -1);
  const r = new Float64Array(view.players.length);
  const path: Node[] = [];
  const deadline = performance.now() + budget.ms;
  for (let it = 0; it < budget.iterations; it++) {
    if ((it & 15) === 15 && performance.now() > deadline) break;
    const sim = determinize(view, rng, budget.infer ?? true);
    let node = root;
    path.length = 0;
    // Selection and expansion.
    while (sim.phase <= 1) {
      const n = sim.generate(codes);
      const mover = sim.toMove;
      if (modelled && mover !== me) {
        // Opponents follow the model's policy: the tree branches on this seat's decisions only.
        sim.apply(simGreedy(sim, codes, n, rng));
        continue;
      }
      let best: Node | null = null;
      let bestValue = -Infinity;
      let fresh = 0;
      let freshCount = 0;
      for (let i = 0; i < n; i++) {
        const code = codes[i];
        // At the root only whole moves the view can express (multi-card chains go to the heuristics).
        if (node === root && toAction(view, code) === undefined) continue;
        let child: Node | null = null;
        for (const ch of node.children) if (ch.code === code && ch.mover === mover) child = ch;
        if (!child) {
          // Reservoir choice among the moves not tried yet.
          freshCount++;
          if (pick(rng, 0, freshCount) === 0) fresh = code;
          continue;
        }
        child.avail++;
        const value = child.reward / child.visits + c * Math.sqrt(Math.log(child.avail) / child.visits);
        if (value > bestValue) {
          bestValue = value;
          best = child;
        }
      }
      if (freshCount > 0) {
        const child = new Node(fresh, mover);
        child.avail = 1;
        node.children.push(child);
        sim.apply(fresh);
        path.push(child);
        break;
      }
      if (!best) break;
      sim.apply(best.code);
      path.push(best);
      node = best;
    }
    rollOut(sim, rng);
    if (sim.phase !== P_ROUND_OVER && sim.phase !== P_GAME_OVER) continue;
    rewards(sim, startTotals, r);
    for (const x of path) {
      x.visits++;
      x.reward += r[x.mover];
    }
    root.visits++;
  }
  let best: Node | null = null;
  for (const ch of root.children) if (!best || ch.visits > best.visits) best = ch;
  const action = best ? toAction(view, best.code) : undefined;
  if (!action) return fallback;
  const agrees = fallback.action === action || JSON.stringify(fallback.action) === JSON.stringify(action);
  return { action, reason: agrees ? fallback.reason : { kind: 'search', visits: best!.visits, of: root.visits } };
}

