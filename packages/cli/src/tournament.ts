/**
 * `olsen tournament`: bot line-ups play N games with the seats rotated over
 * duplicate deals (each deal is played once per rotation), and the win rate
 * with a 95% confidence interval, mean place, mean points and milliseconds
 * per decision are reported per entrant.
 */
import { Worker } from 'node:worker_threads';
import cliProgress from 'cli-progress';
import { LEVELS, chooseHearts, chooseShedding, type Level } from '@olsen/bots';
import { apply, catchActions, createGame, nextRound, toMove, viewFor, type Game } from '@olsen/engine/shedding';
import { applyHearts, createHeartsGame, heartsToMove, heartsViewFor, nextHeartsRound, type HeartsGame } from '@olsen/engine/hearts';
import { resultOf, standingsOf } from '@olsen/engine';
import { seedFromString } from '@olsen/engine/sim';
import { unwrap } from './unwrap.js';

export interface TournamentOptions {
  game: string;
  lineup: Level[];
  games: number;
  seed: string;
  rules: Record<string, unknown>;
  progress: boolean;
}

interface Tally {
  wins: number;
  placeSum: number;
  pointsSum: number;
  times: number[];
  /** Points games of several rounds: rounds played, rounds gone out first, points taken in the rounds not won. */
  rounds: number;
  roundsWon: number;
  lostPoints: number;
}

/** Per seat of one game: [won share, place, final points] and, in points games, [rounds, rounds won, points in rounds lost]. */
type GameFigures = [number[], number[], number[], number[][]?];

/** Wilson score interval for a proportion at 95%. */
export function wilson(wins: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = wins / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

const round = (x: number, d = 4): number => Math.round(x * 10 ** d) / 10 ** d;

const quantile = (xs: number[], q: number): number => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

/** One shedding game to the end. */
function playShedding(o: TournamentOptions, levels: Level[], seed: string, rng: Int32Array, timing: (seat: number, ms: number) => void): GameFigures {
  let g: Game = unwrap(createGame({ game: o.game, rules: o.rules, players: levels.map((l, i) => `${l}${i}`), seed }));
  for (let guard = 0; guard < 100_000; guard++) {
    const mover = toMove(g);
    if (mover === null) {
      if (resultOf(g).finished) break;
      g = unwrap(nextRound(g));
      continue;
    }
    const t0 = performance.now();
    const choice = chooseShedding(levels[mover], viewFor(g, mover), rng);
    timing(mover, performance.now() - t0);
    g = unwrap(apply(g, choice.action));
    // Anyone may catch a forgotten call before the next player acts (S20).
    const catcher = catchActions(g).find((a) => 'catch' in a);
    if (catcher) g = unwrap(apply(g, catcher));
  }
  const oc = resultOf(g);
  const winners = oc.gameWinners ?? [];
  const last = oc.rounds[oc.rounds.length - 1];
  // Where a total decides, how it came: rounds gone out first, and what the rounds lost cost.
  const rounds = oc.totals
    ? levels.map((_, s) => {
        let won = 0;
        let lost = 0;
        for (const r of oc.rounds) {
          if (r.winner === s) won++;
          else lost += r.points?.[s] ?? 0;
        }
        return [oc.rounds.length, won, lost];
      })
    : undefined;
  return [
    levels.map((_, s) => (winners.includes(s) ? 1 / winners.length : 0)),
    [...standingsOf(g).places],
    levels.map((_, s) => oc.totals?.[s] ?? last.hands[s]),
    rounds,
  ];
}

function playHearts(o: TournamentOptions, levels: Level[], seed: string, rng: Int32Array, timing: (seat: number, ms: number) => void): GameFigures {
  let g: HeartsGame = unwrap(createHeartsGame({ rules: o.rules, players: levels.map((l, i) => `${l}${i}`), seed }));
  const n = levels.length;
  for (let guard = 0; guard < 100_000; guard++) {
    const mover = heartsToMove(g);
    if (mover === null) {
      if (resultOf(g).finished) break;
      g = unwrap(nextHeartsRound(g));
      continue;
    }
    // In the pass any seat still to give may act; take them in turn.
    let seat = mover;
    for (let s = 0; s < n; s++) if (heartsViewFor(g, s).phase === 'pass' && heartsViewFor(g, s).legal.length) seat = s;
    const t0 = performance.now();
    const action = chooseHearts(levels[seat], heartsViewFor(g, seat), rng);
    timing(seat, performance.now() - t0);
    g = unwrap(applyHearts(g, action));
  }
  const oc = resultOf(g);
  const winners = oc.gameWinners ?? [];
  const hands = oc.rounds.filter((r) => r.points).length || 1;
  return [
    levels.map((_, s) => (winners.includes(s) ? 1 / winners.length : 0)),
    [...standingsOf(g).places],
    levels.map((_, s) => (oc.totals?.[s] ?? 0) / hands),
  ];
}

/** Tallies per entrant over some of a tournament's games (what a worker sends back). */
export type Tallies = Tally[];

/**
 * Plays the tournament's games with these indices. Each game's bots draw from
 * their own generator (seeded by the game's index), so a game plays the same
 * whichever worker plays it and in whatever order.
 */
export function playGames(o: TournamentOptions, games: readonly number[], progress?: () => void): Tallies {
  const n = o.lineup.length;
  const tallies: Tally[] = o.lineup.map(() => ({ wins: 0, placeSum: 0, pointsSum: 0, times: [], rounds: 0, roundsWon: 0, lostPoints: 0 }));
  const rng = new Int32Array(6);
  for (const game of games) {
    seedFromString(rng, 0, `${o.seed}/bots/${game}`);
    const rotation = game % n;
    const entrantOf = (seat: number): number => (seat + rotation) % n;
    const levels = Array.from({ length: n }, (_, s) => o.lineup[entrantOf(s)]);
    const seed = `${o.seed}/${Math.floor(game / n)}`; // the same deal for every rotation
    const timing = (seat: number, ms: number): void => void tallies[entrantOf(seat)].times.push(ms);
    const [wins, places, points, rounds] = o.game === 'olsen-dk' ? playHearts(o, levels, seed, rng, timing) : playShedding(o, levels, seed, rng, timing);
    for (let s = 0; s < n; s++) {
      const t = tallies[entrantOf(s)];
      t.wins += wins[s];
      t.placeSum += places[s];
      t.pointsSum += points[s];
      if (rounds) {
        t.rounds += rounds[s][0];
        t.roundsWon += rounds[s][1];
        t.lostPoints += rounds[s][2];
      }
    }
    progress?.();
  }
  return tallies;
}

/** One entrant's figures in the report. */
export interface EntrantFigures {
  entrant: number;
  level: Level;
  winRate: number;
  winRate95: [number, number];
  meanPlace: number;
  meanPoints: number;
  msPerDecision: { median: number; p95: number; p99: number; decisions: number };
  /** Points games only: rounds played, the share gone out first, mean points of a round lost. */
  rounds?: { played: number; wonRate: number; pointsPerLostRound: number };
}

export interface TournamentReport {
  tournament: string;
  rules: Record<string, unknown>;
  lineup: Level[];
  games: number;
  seed: string;
  workers: number;
  seconds: number;
  entrants: EntrantFigures[];
}

/** The report: per entrant the win rate with its 95% interval, mean place and points, decision times. */
export function report(o: TournamentOptions, parts: readonly Tallies[], seconds: number, workers = 1): TournamentReport {
  return {
    tournament: o.game,
    rules: o.rules,
    lineup: o.lineup,
    games: o.games,
    seed: o.seed,
    workers,
    seconds: round(seconds, 2),
    entrants: o.lineup.map((level, e) => {
      const wins = parts.reduce((x, p) => x + p[e].wins, 0);
      const times = parts.flatMap((p) => p[e].times);
      const [lo, hi] = wilson(wins, o.games);
      return {
        entrant: e,
        level,
        winRate: round(wins / o.games),
        winRate95: [round(lo), round(hi)] as [number, number],
        meanPlace: round(parts.reduce((x, p) => x + p[e].placeSum, 0) / o.games, 3),
        meanPoints: round(parts.reduce((x, p) => x + p[e].pointsSum, 0) / o.games, 3),
        msPerDecision: { median: round(quantile(times, 0.5)), p95: round(quantile(times, 0.95)), p99: round(quantile(times, 0.99)), decisions: times.length },
        ...roundFigures(parts, e),
      };
    }),
  };
}

/**
 * In points games (Vri åtter), a final total is rounds won times nothing plus
 * rounds lost times their points: the share of rounds gone out first and the
 * mean points of a round not won say which of the two a level is good at.
 */
function roundFigures(parts: readonly Tallies[], e: number): Pick<EntrantFigures, 'rounds'> {
  const played = parts.reduce((x, p) => x + p[e].rounds, 0);
  if (played === 0) return {};
  const won = parts.reduce((x, p) => x + p[e].roundsWon, 0);
  const lost = parts.reduce((x, p) => x + p[e].lostPoints, 0);
  return { rounds: { played, wonRate: round(won / played), pointsPerLostRound: played > won ? round(lost / (played - won), 3) : 0 } };
}

/** The games a worker of `workers` plays: whole deals (all their rotations), dealt round-robin. */
export function share(o: TournamentOptions, worker: number, workers: number): number[] {
  const n = o.lineup.length;
  const out: number[] = [];
  for (let g = 0; g < o.games; g++) if (Math.floor(g / n) % workers === worker) out.push(g);
  return out;
}

function progressBar(o: TournamentOptions): { tick: () => void; stop: () => void } {
  if (!o.progress) return { tick: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar({ format: 'tournament {bar} {value}/{total} games | {eta_formatted} left', hideCursor: true }, cliProgress.Presets.shades_classic);
  bar.start(o.games, 0);
  let done = 0;
  return {
    tick: () => {
      done++;
      if (done % 16 === 0 || done === o.games) bar.update(done);
    },
    stop: () => bar.stop(),
  };
}

export function runTournament(o: TournamentOptions): TournamentReport {
  const t0 = performance.now();
  const bar = progressBar(o);
  const tallies = playGames(o, share(o, 0, 1), bar.tick);
  bar.stop();
  return report(o, [tallies], (performance.now() - t0) / 1000);
}

/**
 * The same tournament on `workers` threads (each a core): the games are the
 * same and play the same as on one, so the figures agree with `runTournament`'s
 * but for the decision times, which other threads' load may lengthen.
 */
export async function runTournamentParallel(o: TournamentOptions, workers: number): Promise<TournamentReport> {
  const t0 = performance.now();
  const bar = progressBar(o);
  const parts = await Promise.all(
    Array.from({ length: workers }, (_, w) =>
      new Promise<Tallies>((resolve, reject) => {
        const worker = new Worker(new URL('./tournament-worker.js', import.meta.url), { workerData: { options: { ...o, progress: false }, games: share(o, w, workers) } });
        worker.on('message', (m: { tick?: true; tallies?: Tallies }) => {
          if (m.tick) bar.tick();
          if (m.tallies) resolve(m.tallies);
        });
        worker.on('error', reject);
        worker.on('exit', (code) => (code === 0 ? undefined : reject(new Error(`a tournament worker stopped with code ${code}`))));
      }),
    ),
  );
  bar.stop();
  return report(o, parts, (performance.now() - t0) / 1000, workers);
}

export const isLevel = (x: string): x is Level => (LEVELS as readonly string[]).includes(x);

const percent = (x: number): string => `${(100 * x).toFixed(1)} %`;
const ms = (x: number): string => x.toFixed(x < 1 ? 2 : 1);

/**
 * The report as a table for a person at a terminal (the JSON is for scripts):
 * one row per entrant, the win rate with its interval first.
 */
export function formatReport(r: TournamentReport): string {
  const points = r.entrants.some((e) => e.rounds);
  const head = ['seat', 'level', 'wins', '95 % interval', 'place', 'points', ...(points ? ['rounds won', 'points/round lost'] : []), 'ms median', 'p95', 'p99'];
  const rows = r.entrants.map((e) => [
    String(e.entrant),
    e.level,
    percent(e.winRate),
    `${percent(e.winRate95[0])} – ${percent(e.winRate95[1])}`,
    e.meanPlace.toFixed(2),
    e.meanPoints.toFixed(2),
    ...(points ? [e.rounds ? percent(e.rounds.wonRate) : '', e.rounds ? e.rounds.pointsPerLostRound.toFixed(1) : ''] : []),
    ms(e.msPerDecision.median),
    ms(e.msPerDecision.p95),
    ms(e.msPerDecision.p99),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  // Text left, figures right.
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  const rules = Object.keys(r.rules).length > 0 ? ` · rules ${JSON.stringify(r.rules)}` : '';
  const title = `${r.tournament} · ${r.games} games · seed ${r.seed}${rules} · ${r.seconds} s on ${r.workers} thread${r.workers === 1 ? '' : 's'}`;
  return [title, '', line(head), ...rows.map(line), ''].join('\n');
}
