/**
 * The one information-set MCTS of the bots (single observer), for any game
 * whose simulator speaks in integer action codes. A game brings a `Problem`:
 * how to sample a world consistent with the seat's view (a determinization),
 * how to play a world out, and what the end is worth to each seat. The
 * shedding games (`ismcts.ts`) and Danish Olsen (`hearts-search.ts`) are the
 * two problems.
 *
 * Every iteration samples a world, walks one shared tree of action sequences
 * with ISUCT — a child's exploration term counts how often it was
 * *available*, since the sampled world decides which moves exist — adds one
 * node, plays out, and credits every node on the path with the result of the
 * seat that moved there. A modelled seat's move is an edge too, followed
 * rather than chosen: the searching seat's later decisions are then told
 * apart by what it saw happen before them (closed loop).
 */
import { pick } from '@olsen/engine/sim';

/** What the search needs of a simulator state. */
export interface SearchWorld {
  /** Seat to act. */
  readonly toMove: number;
  /** Writes the legal action codes into `out`; returns how many. */
  generate(out: Int32Array): number;
  apply(code: number): void;
}

export interface Problem<W extends SearchWorld> {
  /** A world consistent with everything the searching seat knows. */
  sample(): W;
  /** Is the world still being played (the tree and the playout stop when not)? */
  live(world: W): boolean;
  /** Plays the world to its end. */
  playOut(world: W): void;
  /** Per seat, how good the end is for it (0…1, higher better); false when the world did not end. */
  rewards(world: W, out: Float64Array): boolean;
  /** At the root only: may this code be chosen (e.g. a move the view can express)? Default: all. */
  rootAllowed?(code: number): boolean;
  /** Seats that move by this policy inside the tree instead of branching (opponent models). */
  modelled?(seat: number): boolean;
  /** The model's move for a modelled seat. */
  modelMove?(world: W, codes: Int32Array, n: number): number;
}

export interface SearchLimits {
  /** Iterations per decision (the search stops at whichever limit comes first). */
  readonly iterations: number;
  /** Milliseconds per decision. */
  readonly ms: number;
  /** Exploration constant of UCB. */
  readonly c?: number;
  /** Spend every iteration even once the choice cannot change any more (default false: stop then). */
  readonly exhaust?: boolean;
}

/** The search's answer: the root code visited most, and how often of all. */
export interface SearchResult {
  readonly code: number;
  readonly visits: number;
  readonly of: number;
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

const codes = new Int32Array(4096);

/** Runs the search for the seat that samples are drawn for; null when no root move was ever tried. */
export function search<W extends SearchWorld>(problem: Problem<W>, players: number, limits: SearchLimits, rng: Int32Array): SearchResult | null {
  const c = limits.c ?? 0.7;
  const exhaust = limits.exhaust ?? false;
  const root = new Node(-1, -1);
  const r = new Float64Array(players);
  const path: Node[] = [];
  const deadline = performance.now() + limits.ms;
  const modelled = problem.modelled;
  for (let it = 0; it < limits.iterations; it++) {
    if ((it & 15) === 15 && performance.now() > deadline) break;
    // Decided: the iterations left could not lift another root move past the most visited one.
    if ((it & 7) === 7 && !exhaust && decided(root, limits.iterations - it)) break;
    const world = problem.sample();
    let node = root;
    path.length = 0;
    // Selection and expansion.
    while (problem.live(world)) {
      const n = world.generate(codes);
      const mover = world.toMove;
      if (modelled && modelled(mover)) {
        // A modelled seat follows its policy. Its move is still an edge of the tree (what the
        // searching seat saw happen), so that its later decisions are told apart by what it saw.
        const code = problem.modelMove!(world, codes, n);
        let child: Node | null = null;
        for (const ch of node.children) if (ch.code === code && ch.mover === mover) child = ch;
        world.apply(code);
        if (!child) {
          child = new Node(code, mover);
          node.children.push(child);
          path.push(child);
          break;
        }
        path.push(child);
        node = child;
        continue;
      }
      let best: Node | null = null;
      let bestValue = -Infinity;
      let fresh = 0;
      let freshCount = 0;
      for (let i = 0; i < n; i++) {
        const code = codes[i];
        if (node === root && problem.rootAllowed && !problem.rootAllowed(code)) continue;
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
        world.apply(fresh);
        path.push(child);
        break;
      }
      if (!best) break;
      world.apply(best.code);
      path.push(best);
      node = best;
    }
    problem.playOut(world);
    if (!problem.rewards(world, r)) continue;
    for (const x of path) {
      x.visits++;
      x.reward += r[x.mover];
    }
    root.visits++;
  }
  let best: Node | null = null;
  for (const ch of root.children) if (!best || ch.visits > best.visits) best = ch;
  return best ? { code: best.code, visits: best.visits, of: root.visits } : null;
}

/** Is the root's most visited move more than `left` visits ahead of every other (each iteration adds at most one)? */
function decided(root: Node, left: number): boolean {
  let first = 0;
  let second = 0;
  for (const ch of root.children) {
    if (ch.visits > first) {
      second = first;
      first = ch.visits;
    } else if (ch.visits > second) second = ch.visits;
  }
  return first - second > left;
}
