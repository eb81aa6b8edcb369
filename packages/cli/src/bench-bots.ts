/**
 * `olsen bench-bots`: how long a search level takes per decision, on one
 * core, in 4-player Olsen against three `greedy` players (the issue's
 * setting). Decisions with a real choice (more than one own move, no catch
 * pending) are timed apart from the rest: the forced ones cost nothing and
 * would pull the median down to microseconds. Prints one JSON line.
 */
import { apply, catchActions, createGame, toMove, viewFor, type Action, type PlayerView } from '@olsen/engine/shedding';
import { seedFromString } from '@olsen/engine/sim';
import { SEARCH_BUDGETS, chooseShedding, type Level } from '@olsen/bots';
import { unwrap } from './unwrap.js';

export interface BotBenchOptions {
  level: Extract<Level, 'hard' | 'expert'>;
  games: number;
  players: number;
  seed: string;
  /** Spend every iteration of the budget (no early stop), to see what the stop saves. */
  exhaust: boolean;
}

/** A decision the search makes (the level hands the others to its heuristics). */
const searched = (v: PlayerView): boolean =>
  v.phase === 'turn' && v.toMove === v.seat && !v.legal.some((a) => 'catch' in a) && v.legal.filter((a) => a.seat === v.seat && !('call' in a && !('play' in a))).length > 1;

const quantile = (sorted: readonly number[], q: number): number => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
const ms = (x: number): number => Math.round(x * 100) / 100;

export function runBotBench(o: BotBenchOptions): Record<string, unknown> {
  const rng = new Int32Array(6);
  seedFromString(rng, 0, `${o.seed}/bots`);
  const budget = { ...SEARCH_BUDGETS[o.level], exhaust: o.exhaust };
  const choice: number[] = [];
  let other = 0;
  const t0 = performance.now();
  for (let game = 0; game < o.games; game++) {
    // The level sits in every seat in turn.
    const me = game % o.players;
    let g = unwrap(createGame({ game: 'olsen', players: Array.from({ length: o.players }, (_, s) => (s === me ? o.level : `greedy${s}`)), seed: `${o.seed}/${game}` }));
    for (let guard = 0; guard < 10_000; guard++) {
      const seat = toMove(g);
      if (seat === null) break;
      const view = viewFor(g, seat);
      let action: Action;
      if (seat === me) {
        const t = performance.now();
        action = chooseShedding(o.level, view, rng, budget).action;
        if (searched(view)) choice.push(performance.now() - t);
        else other++;
      } else action = chooseShedding('greedy', view, rng).action;
      g = unwrap(apply(g, action));
      const c = catchActions(g).find((a) => 'catch' in a);
      if (c) g = unwrap(apply(g, c));
    }
  }
  const sorted = [...choice].sort((a, b) => a - b);
  return {
    bench: 'bot-decisions',
    level: o.level,
    budget: { iterations: budget.iterations, ms: budget.ms, exhaust: o.exhaust },
    opponents: 'greedy',
    players: o.players,
    games: o.games,
    seed: o.seed,
    node: process.version,
    seconds: Math.round((performance.now() - t0) / 10) / 100,
    forcedOrHeuristic: other,
    choices: { decisions: sorted.length, medianMs: ms(quantile(sorted, 0.5)), p90Ms: ms(quantile(sorted, 0.9)), p99Ms: ms(quantile(sorted, 0.99)), maxMs: ms(sorted[sorted.length - 1] ?? 0) },
  };
}
