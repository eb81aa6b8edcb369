/**
 * `olsen bench-bots`: how long a search level takes per decision, on one
 * core, in 4-player Olsen against three `greedy` players (the issue's
 * setting). Decisions with a real choice (more than one own move, no catch
 * pending) are timed apart from the rest: the forced ones cost nothing and
 * would pull the median down to microseconds. Prints one JSON line.
 */
import type { PlayerView } from '@olsen/engine/shedding';
import { SEARCH_BUDGETS, choose, type Level } from '@olsen/bots';
import { VirtualTable, type TableSeat } from '@olsen/table';
import { isCatch, isPlay } from '@olsen/engine';

export interface BotBenchOptions {
  level: Extract<Level, 'hard' | 'expert'>;
  games: number;
  players: number;
  seed: string;
  /** Spend every iteration of the budget (no early stop), to see what the stop saves. */
  exhaust: boolean;
  /** Hears each game as it starts (the command prints it on a terminal's stderr). */
  progress?: (done: number, total: number) => void;
}

/** A decision the search makes (the level hands the others to its heuristics). */
const searched = (v: PlayerView): boolean =>
  v.phase === 'turn' && v.toMove === v.seat && !v.legal.some((a) => isCatch(a)) && v.legal.filter((a) => a.seat === v.seat && !('call' in a && !(isPlay(a)))).length > 1;

const quantile = (sorted: readonly number[], q: number): number => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
const ms = (x: number): number => Math.round(x * 100) / 100;

export async function runBotBench(o: BotBenchOptions): Promise<Record<string, unknown>> {
  const budget = { ...SEARCH_BUDGETS[o.level], exhaust: o.exhaust };
  const choice: number[] = [];
  let other = 0;
  const t0 = performance.now();
  for (let game = 0; game < o.games; game++) {
    o.progress?.(game, o.games);
    // The level sits in every seat in turn; the table runner drives the game (a catch before the next move, S20).
    const me = game % o.players;
    const seats: TableSeat[] = Array.from({ length: o.players }, (_, s) => ({ kind: 'bot', level: s === me ? o.level : 'greedy', name: s === me ? o.level : `greedy${s}` }));
    const vt = new VirtualTable(
      { game: 'olsen', rules: {}, seats, gameNo: 1, seed: `${o.seed}/${game}`, botSeed: `${o.seed}/bots/${game}`, turnSeconds: null, fillLevel: 'greedy' },
      {
        decide: (req) => {
          if (req.view.seat !== me) return { action: choose(req.level, req.view, req.rng).action, rng: req.rng };
          const t = performance.now();
          const action = choose(req.level, req.view, req.rng, { budget }).action;
          if (searched(req.view as PlayerView)) choice.push(performance.now() - t);
          else other++;
          return { action, rng: req.rng };
        },
      },
    );
    const d = vt.table.deal();
    if (!d.ok) throw new Error(d.error.message);
    vt.table.begin(d.game);
    await vt.run(() => vt.table.running, 100_000);
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
