/**
 * `olsen bench`: random games, 4 players, a fixed seed; every decision
 * uniform over the legal actions of the player to act. Olsen (the `olsen`
 * preset: an eight once per suit it can name, a voluntary draw is an action,
 * the last-card call is always made) is also played by a plain JavaScript
 * loop as a yardstick; Danish Olsen counts one hand as one game. Prints one
 * JSON line.
 */
import { DECK, makeCard, pick, seedFromString } from '@olsen/engine/sim';
import { apply, createGame, legalActions, legalGroups, resolveRules, toMove, viewFor, type Deal, type Game } from '@olsen/engine/shedding';
import * as olsenDk from '@olsen/engine/hearts';
import { resolveHeartsRules } from '@olsen/engine/hearts';
import { isDraw, isPass, recordOf as recordOfGame, verifyRecord } from '@olsen/engine';
import { HeartsSim, Sim, heartsRollout, rollout } from '@olsen/engine/sim';
import { playBaselineGames } from './baseline.js';
import { unwrap } from './unwrap.js';
import { playTable } from './tournament.js';

export interface TierResult {
  games: number;
  actions: number;
  seconds: number;
  gamesPerSec: number;
  actionsPerSec: number;
  actionsPerGame: number;
}

const tier = (games: number, actions: number, seconds: number): TierResult => ({
  games,
  actions,
  seconds: round(seconds, 4),
  gamesPerSec: Math.round(games / seconds),
  actionsPerSec: Math.round(actions / seconds),
  actionsPerGame: round(actions / games, 3),
});
const round = (x: number, d: number): number => Math.round(x * 10 ** d) / 10 ** d;

/** What the benchmark needs of a game family: its two tiers and its random playout. */
interface BenchFamily {
  /** A simulator ready to deal, and the random playout that plays one game (one hand) on it. */
  simulator(players: number, seed: string): { newGame(): void; dealRound(dealer: number): void; play(policy: Int32Array): number };
  /** One game through the public API with a uniform random policy. */
  apiGame(names: string[], seed: string, policy: Int32Array): number;
}

const choose = <T>(legal: readonly T[], policy: Int32Array): T => legal[legal.length === 1 ? 0 : pick(policy, 0, legal.length)];

const FAMILIES: Record<'olsen' | 'olsen-dk', BenchFamily> = {
  olsen: {
    simulator(players, seed) {
      const sim = new Sim(unwrap(resolveRules('olsen', {}, players)), players);
      sim.seed(seed);
      return { newGame: () => sim.newGame(), dealRound: (d) => sim.dealRound(d), play: (policy) => rollout(sim, policy) };
    },
    apiGame(names, seed, policy) {
      let g: Game = unwrap(createGame({ game: 'olsen', players: names, seed }));
      let actions = 0;
      for (; toMove(g) !== null; actions++) g = unwrap(apply(g, choose(legalActions(g), policy)));
      return actions;
    },
  },
  'olsen-dk': {
    simulator(players, seed) {
      const sim = new HeartsSim(unwrap(resolveHeartsRules({}, players)), players);
      sim.seed(seed);
      return { newGame: () => sim.newGame(), dealRound: (d) => sim.dealRound(d), play: (policy) => heartsRollout(sim, policy) };
    },
    apiGame(names, seed, policy) {
      let g = unwrap(olsenDk.createGame({ players: names, seed }));
      let actions = 0;
      for (; olsenDk.toMove(g) !== null; actions++) g = unwrap(olsenDk.apply(g, choose(olsenDk.legalActions(g), policy)));
      return actions;
    },
  },
};

/** The simulator tier: `games` games (Danish Olsen: hands) in one simulator, no allocation per step. */
export function simGames(games: number, seed: string, game: 'olsen' | 'olsen-dk' = 'olsen', players = 4): { actions: number; seconds: number } {
  const sim = FAMILIES[game].simulator(players, seed);
  const policy = new Int32Array(6); // pick uses four words, pickHalf six
  seedFromString(policy, 0, `${seed}/policy`);
  let actions = 0;
  let dealer = players - 1;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    sim.newGame();
    sim.dealRound(dealer);
    dealer = dealer + 1 === players ? 0 : dealer + 1;
    actions += sim.play(policy);
  }
  return { actions, seconds: (performance.now() - t0) / 1000 };
}

/** The public tier: the same policy through create / legal actions / apply. */
export function apiGames(games: number, seed: string, game: 'olsen' | 'olsen-dk' = 'olsen', players = 4): { actions: number; seconds: number } {
  const policy = new Int32Array(4);
  seedFromString(policy, 0, `${seed}/policy`);
  const names = ['A', 'B', 'C', 'D', 'E', 'F'].slice(0, players);
  let actions = 0;
  const t0 = performance.now();
  for (let i = 0; i < games; i++) actions += FAMILIES[game].apiGame(names, `${seed}/${i}`, policy);
  return { actions, seconds: (performance.now() - t0) / 1000 };
}

/**
 * The table tier: whole games of `random` computer players driven by the
 * table runner on a virtual clock, as the tournament, the terminal and (with
 * its ports) the server play them: what driving a game costs above the engine.
 */
export async function tableGames(games: number, seed: string, game: 'olsen' | 'olsen-dk' = 'olsen', players = 4): Promise<{ actions: number; seconds: number }> {
  let actions = 0;
  const t0 = performance.now();
  for (let i = 0; i < games; i++) await playTable(game, {}, Array.from({ length: players }, () => 'random' as const), `${seed}/${i}`, `${seed}/bots/${i}`, () => void actions++);
  return { actions, seconds: (performance.now() - t0) / 1000 };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export interface BenchOptions {
  /** 'olsen' (the shedding preset) or 'olsen-dk' (Danish Olsen). */
  game: string;
  seed: string;
  /** Simulator games per repetition. */
  games: number;
  apiGames: number;
  repeats: number;
  /** Hears each part as it starts (the command prints them on a terminal's stderr: the whole run takes a minute). */
  progress?: (part: string) => void;
}

/**
 * The multi-card case (S-V5): one player holds nine hearts on a heart
 * (`handSize: 8`, `starterExtraCard`, `multiSameSuit`). Time to list the legal
 * moves (one-card moves and group options) and to build the seat's view, and
 * the view's size: medians over `repeats` runs of `iterations` each.
 */
export function benchMultiCard(repeats: number, iterations = 2000): Record<string, number> {
  const hearts = ['2h', '3h', '4h', '5h', '6h', '7h', '9h', 'Th', 'Jh'];
  const rest = DECK.map(makeCard).filter((c) => !hearts.includes(c) && c !== 'Kh');
  const deal = { hands: [hearts, rest.slice(0, 8), rest.slice(8, 16)], upcard: 'Kh', stock: rest.slice(16) } as unknown as Deal;
  const g = unwrap(createGame({ game: 'olsen', players: ['a', 'b', 'c'], rules: { handSize: 8, starterExtraCard: true, multiSameSuit: true }, deal }));
  const legalUs: number[] = [];
  const viewUs: number[] = [];
  let entries = 0;
  for (let r = 0; r < repeats; r++) {
    let t0 = performance.now();
    for (let i = 0; i < iterations; i++) entries = legalActions(g).length + legalGroups(g).length;
    legalUs.push(((performance.now() - t0) * 1000) / iterations);
    t0 = performance.now();
    for (let i = 0; i < iterations; i++) viewFor(g, 0);
    viewUs.push(((performance.now() - t0) * 1000) / iterations);
  }
  return { legalMicros: round(median(legalUs), 2), viewMicros: round(median(viewUs), 2), entries, viewBytes: JSON.stringify(viewFor(g, 0)).length };
}

/**
 * A round that never ends (two players drawing whenever they may, unlimited
 * draws) of 10,000, 20,000 and 40,000 actions: the median milliseconds to
 * verify its record. Linear time shows as ratios near 2 and 4.
 */
export function benchLongRound(repeats: number): Record<string, number> {
  const recordOf40k = (): unknown => {
    let g = unwrap(createGame({ game: 'olsen', rules: { maxDraws: 'unlimited' }, players: ['a', 'b'], seed: 'long' }));
    for (let i = 0; i < 40_000; i++) {
      const legal = legalActions(g);
      g = unwrap(apply(g, legal.find((x) => isDraw(x)) ?? legal.find((x) => isPass(x) && i % 7 !== 0) ?? legal[0]));
    }
    return recordOfGame(g);
  };
  const whole = recordOf40k() as { rounds: { actions: unknown[] }[] };
  const cut = (n: number): unknown => ({ ...whole, rounds: [{ ...whole.rounds[0], actions: whole.rounds[0].actions.slice(0, n) }] });
  const out: Record<string, number> = {};
  for (const n of [10_000, 20_000, 40_000]) {
    const rec = cut(n);
    const ms: number[] = [];
    for (let r = 0; r < repeats; r++) {
      const t0 = performance.now();
      if (!verifyRecord(rec).ok) throw new Error(`the ${n}-action round does not verify`);
      ms.push(performance.now() - t0);
    }
    out[`verifyMs${n / 1000}k`] = round(median(ms), 1);
  }
  out.ratio20kOver10k = round(out.verifyMs20k / out.verifyMs10k, 2);
  out.ratio40kOver10k = round(out.verifyMs40k / out.verifyMs10k, 2);
  return out;
}

/** Runs every tier `repeats` times and reports the run nearest the median, with every run's figure. */
export async function runBench(o: BenchOptions): Promise<Record<string, unknown>> {
  const dk = o.game === 'olsen-dk';
  const game = dk ? 'olsen-dk' : 'olsen';
  const simTier = (n: number, seed: string) => simGames(n, seed, game);
  const apiTier = (n: number, seed: string) => apiGames(n, seed, game);
  const say = o.progress ?? ((): void => undefined);
  // Warm-up so the JIT has compiled the hot paths before timing.
  say('warming up');
  simTier(Math.min(20000, o.games), `${o.seed}/warmup`);
  if (!dk) playBaselineGames(Math.min(2000, o.games), 1);
  apiTier(Math.min(50, o.apiGames), `${o.seed}/warmup`);
  const sims: TierResult[] = [];
  const apis: TierResult[] = [];
  const bases: TierResult[] = [];
  // Each tier in its own block: the API tier's garbage must not land in the simulator's timings.
  say('the simulator tier');
  for (let r = 0; r < o.repeats; r++) {
    const s = simTier(o.games, o.seed);
    sims.push(tier(o.games, s.actions, s.seconds));
  }
  // The plain loop (shedding only) is slower: a quarter of the games keeps the run short.
  const baseGames = Math.max(1, Math.round(o.games / 4));
  if (!dk) say('the plain JS yardstick');
  for (let r = 0; r < o.repeats && !dk; r++) {
    const b = playBaselineGames(baseGames, 12345 + r);
    bases.push(tier(baseGames, b.actions, b.seconds));
  }
  say('the public API');
  for (let r = 0; r < o.repeats; r++) {
    const a = apiTier(o.apiGames, o.seed);
    apis.push(tier(o.apiGames, a.actions, a.seconds));
  }
  // Whole games through the table runner (Danish Olsen to its limit: fewer of them).
  const tableGameCount = Math.max(1, Math.round(o.apiGames / (dk ? 20 : 1)));
  say('whole games through the table runner');
  await tableGames(Math.min(20, tableGameCount), `${o.seed}/warmup`, game);
  const tables: TierResult[] = [];
  for (let r = 0; r < o.repeats; r++) {
    const a = await tableGames(tableGameCount, o.seed, game);
    tables.push(tier(tableGameCount, a.actions, a.seconds));
  }
  const middle = (rs: TierResult[]): TierResult => {
    const m = median(rs.map((x) => x.actionsPerSec));
    return rs.reduce((best, x) => (Math.abs(x.actionsPerSec - m) < Math.abs(best.actionsPerSec - m) ? x : best));
  };
  const simMedian = median(sims.map((x) => x.actionsPerSec));
  const out: Record<string, unknown> = {
    bench: dk ? 'olsen-dk-random' : 'olsen-random',
    game: dk ? 'olsen-dk' : 'olsen',
    players: 4,
    seed: o.seed,
    repeats: o.repeats,
    node: process.version,
    sim: { ...middle(sims), actionsPerSecRuns: sims.map((x) => x.actionsPerSec) },
    api: { ...middle(apis), actionsPerSecRuns: apis.map((x) => x.actionsPerSec) },
    table: { ...middle(tables), actionsPerSecRuns: tables.map((x) => x.actionsPerSec) },
  };
  if (!dk) {
    say('several cards at once, and a long round');
    out.multiCard = benchMultiCard(o.repeats);
    out.longRound = benchLongRound(o.repeats);
    out.baseline = { ...middle(bases), actionsPerSecRuns: bases.map((x) => x.actionsPerSec) };
    out.simOverBaseline = round(simMedian / median(bases.map((x) => x.actionsPerSec)), 2);
  }
  out.simOverApi = round(simMedian / median(apis.map((x) => x.actionsPerSec)), 1);
  out.apiOverTable = round(median(apis.map((x) => x.actionsPerSec)) / median(tables.map((x) => x.actionsPerSec)), 2);
  return out;
}
