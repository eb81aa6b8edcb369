/**
 * `olsen tournament`: bot line-ups play N games with the seats rotated over
 * duplicate deals (each deal is played once per rotation), and the win rate
 * with a 95% confidence interval, mean place, mean points and milliseconds
 * per decision are reported per entrant.
 */
import { Worker } from 'node:worker_threads';
import cliProgress from 'cli-progress';
import { LEVELS, choose, type Level } from '@olsen/bots';
import { resultOf, standingsOf, type AnyGame, type GameName } from '@olsen/engine';
import { VirtualTable } from '@olsen/table';

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

/**
 * One game to the end at a table of computer players, driven by the table
 * runner like every game (a catch of a forgotten call before the next move,
 * S20; the next deal at once), the seats' levels as given; `timing` hears
 * each decision's time.
 */
export async function playTable(game: GameName, rules: Readonly<Record<string, unknown>>, levels: readonly Level[], seed: string, botSeed: string, timing: (seat: number, ms: number) => void): Promise<AnyGame> {
  const seats = levels.map((level, i) => ({ kind: 'bot', level, name: `${level}${i}` }) as const);
  const vt = new VirtualTable(
    { game, rules, seats, gameNo: 1, seed, botSeed, turnSeconds: null, fillLevel: 'medium' },
    {
      decide: (req) => {
        const t0 = performance.now();
        const action = choose(req.level, req.view, req.rng).action;
        timing(req.view.seat ?? 0, performance.now() - t0);
        return { action, rng: req.rng };
      },
    },
  );
  const d = vt.table.deal();
  if (!d.ok) throw new Error(d.error.message);
  vt.table.begin(d.game);
  await vt.run(() => vt.table.running, 1_000_000);
  if (vt.table.running) throw new Error(`the game of seed ${seed} did not end`);
  return vt.table.game!;
}

/** One game's figures per seat. */
function figures(g: AnyGame, levels: readonly Level[]): GameFigures {
  const oc = resultOf(g);
  const winners = oc.gameWinners ?? [];
  const won = levels.map((_, s) => (winners.includes(s) ? 1 / winners.length : 0));
  const places = [...standingsOf(g).places];
  if (g.game === 'olsen-dk') {
    const hands = oc.rounds.filter((r) => r.points).length || 1;
    return [won, places, levels.map((_, s) => (oc.totals?.[s] ?? 0) / hands)];
  }
  const last = oc.rounds[oc.rounds.length - 1];
  // Where a total decides, how it came: rounds gone out first, and what the rounds lost cost.
  const rounds = oc.totals
    ? levels.map((_, s) => {
        let wonRounds = 0;
        let lost = 0;
        for (const r of oc.rounds) {
          if (r.winner === s) wonRounds++;
          else lost += r.points?.[s] ?? 0;
        }
        return [oc.rounds.length, wonRounds, lost];
      })
    : undefined;
  return [won, places, levels.map((_, s) => oc.totals?.[s] ?? last.hands[s]), rounds];
}

/** Tallies per entrant over some of a tournament's games (what a worker sends back). */
export type Tallies = Tally[];

/**
 * Plays the tournament's games with these indices. Each game's bots draw from
 * their own generator (seeded by the game's index), so a game plays the same
 * whichever worker plays it and in whatever order.
 */
export async function playGames(o: TournamentOptions, games: readonly number[], progress?: () => void): Promise<Tallies> {
  const n = o.lineup.length;
  const tallies: Tally[] = o.lineup.map(() => ({ wins: 0, placeSum: 0, pointsSum: 0, times: [], rounds: 0, roundsWon: 0, lostPoints: 0 }));
  for (const game of games) {
    const rotation = game % n;
    const entrantOf = (seat: number): number => (seat + rotation) % n;
    const levels = Array.from({ length: n }, (_, s) => o.lineup[entrantOf(s)]);
    const seed = `${o.seed}/${Math.floor(game / n)}`; // the same deal for every rotation
    const timing = (seat: number, ms: number): void => void tallies[entrantOf(seat)].times.push(ms);
    const played = await playTable(o.game as GameName, o.rules, levels, seed, `${o.seed}/bots/${game}`, timing);
    const [wins, places, points, rounds] = figures(played, levels);
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

export async function runTournament(o: TournamentOptions): Promise<TournamentReport> {
  const t0 = performance.now();
  const bar = progressBar(o);
  const tallies = await playGames(o, share(o, 0, 1), bar.tick);
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
