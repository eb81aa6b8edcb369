/**
 * `olsen bench-review`: what the game review costs and what it finds. For
 * each game (4-player Olsen, Vri åtter to 100, Danish Olsen) it plays N games
 * with the reviewed seat played by `expert` and again by `greedy` (the other
 * seats `medium`, the same deals), reviews that seat with the defaults the web
 * app uses, and prints one JSON line: the median review time per game, and
 * how often each level's decisions are called mistakes.
 */
import { recordOf, type GameName } from '@olsen/engine';
import { reviewRecord, type Level } from '@olsen/bots';
import { playTable } from './tournament.js';

export interface ReviewBenchOptions {
  readonly games: number;
  readonly seed: string;
  readonly worlds?: number;
  /** Hears each game as its review starts (the command prints it on a terminal's stderr). */
  readonly progress?: (done: number, total: number) => void;
}

const GAMES: readonly GameName[] = ['olsen', 'vri-atter', 'olsen-dk'];

/** A whole game, seat 0 by `level`, the others by `medium`, as a record (JSON round trip: what a page or a file holds). */
async function play(game: GameName, seed: string, level: Level): Promise<unknown> {
  const g = await playTable(game, {}, [level, 'medium', 'medium', 'medium'], seed, `${seed}/bots`, () => {});
  return JSON.parse(JSON.stringify(recordOf(g)));
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export async function runReviewBench(o: ReviewBenchOptions): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { worlds: o.worlds ?? 'default', games: o.games };
  const total = GAMES.length * 2 * o.games;
  let done = 0;
  for (const game of GAMES) {
    const row: Record<string, unknown> = {};
    const times: number[] = [];
    for (const level of ['expert', 'greedy'] as const) {
      let decisions = 0;
      let mistakes = 0;
      let lost = 0;
      for (let i = 0; i < o.games; i++) {
        o.progress?.(done++, total);
        const record = await play(game, `${o.seed}/${game}/${i}`, level);
        const t0 = performance.now();
        const review = reviewRecord(record, 0, { worlds: o.worlds });
        times.push(performance.now() - t0);
        decisions += review.decisions.length;
        for (const d of review.decisions) {
          if (d.mistake) mistakes++;
          lost += d.loss;
        }
      }
      row[level] = { decisions, mistakes, mistakesPerDecision: Math.round((1000 * mistakes) / Math.max(1, decisions)) / 1000, meanLoss: Math.round((1e4 * lost) / Math.max(1, decisions)) / 1e4 };
    }
    row.reviewMsMedian = Math.round(median(times));
    row.reviewMsMax = Math.round(Math.max(...times));
    out[game] = row;
  }
  return out;
}
