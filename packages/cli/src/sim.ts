/**
 * `olsen sim`: plays N games on the simulator tier with a policy for every
 * seat and reports a JSON summary (wins, places, points, lengths).
 */
import cliProgress from 'cli-progress';
import { resolveRules, type RuleSet } from '@olsen/engine/shedding';
import { resolveHeartsRules, type HeartsRules } from '@olsen/engine/hearts';
import { HP_GAME_OVER, HP_PASS, HP_PLAY, HeartsSim, pick, seedFromString } from '@olsen/engine/sim';
import { P_GAME_OVER, P_ROUND_OVER, Sim } from '@olsen/engine/sim';
import { heartsPolicy, policyOf, type PolicyName } from '@olsen/bots';

export interface SimOptions {
  game: string;
  rules: Record<string, unknown>;
  players: number;
  games: number;
  seed: string;
  policy: PolicyName;
  progress: boolean;
}

export interface SimSummary {
  game: string;
  rules: RuleSet | HeartsRules;
  players: number;
  games: number;
  seed: string;
  policy: PolicyName;
  actions: number;
  actionsPerGame: number;
  roundsPerGame: number;
  blockedRounds: number;
  winsBySeat: number[];
  meanPlaceBySeat: number[] | null;
  meanTotalBySeat: number[] | null;
  seconds: number;
}

/** The progress bar on a terminal (stderr), or null. */
const progressBar = (o: SimOptions): cliProgress.SingleBar | null =>
  o.progress ? new cliProgress.SingleBar({ format: 'sim {bar} {value}/{total} games | {eta_formatted} left', hideCursor: true }, cliProgress.Presets.shades_classic) : null;

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** What both families' runs counted, and the summary made of it. */
interface Tally {
  readonly rules: RuleSet | HeartsRules;
  readonly actions: number;
  readonly rounds: number;
  readonly blocked: number;
  readonly wins: number[];
  readonly meanPlaceBy: number[] | null;
  readonly meanTotalBy: number[] | null;
  readonly t0: number;
}

function summary(o: SimOptions, t: Tally): { ok: true; summary: SimSummary } {
  const mean = (xs: number[] | null): number[] | null => xs && xs.map((x) => round3(x / o.games));
  return {
    ok: true,
    summary: {
      game: o.game,
      rules: t.rules,
      players: o.players,
      games: o.games,
      seed: o.seed,
      policy: o.policy,
      actions: t.actions,
      actionsPerGame: round3(t.actions / o.games),
      roundsPerGame: round3(t.rounds / o.games),
      blockedRounds: t.blocked,
      winsBySeat: t.wins,
      meanPlaceBySeat: mean(t.meanPlaceBy),
      meanTotalBySeat: mean(t.meanTotalBy),
      seconds: round3((performance.now() - t.t0) / 1000),
    },
  };
}

export function runSim(o: SimOptions): { ok: true; summary: SimSummary } | { ok: false; message: string } {
  if (o.game === 'olsen-dk') return simHearts(o);
  const resolved = resolveRules(o.game, o.rules, o.players);
  if (!resolved.ok) return { ok: false, message: resolved.error.message };
  const rules = resolved.value;
  const sim = new Sim(rules, o.players);
  sim.seed(o.seed);
  const rng = new Int32Array(4);
  seedFromString(rng, 0, `${o.seed}/policy`);
  const policy = policyOf(o.policy);
  const buf = new Int32Array(4096);
  const n = o.players;
  const wins = new Array<number>(n).fill(0);
  const placeSum = new Array<number>(n).fill(0);
  const totalSum = new Array<number>(n).fill(0);
  let actions = 0;
  let rounds = 0;
  let blocked = 0;
  const bar = progressBar(o);
  bar?.start(o.games, 0);
  const t0 = performance.now();
  let dealer = n - 1;
  for (let g = 0; g < o.games; g++) {
    sim.newGame();
    for (;;) {
      sim.dealRound(dealer);
      dealer = (dealer + 1) % n;
      rounds++;
      while (sim.phase <= 1) {
        const k = sim.generate(buf);
        sim.apply(policy(sim, buf, k, rng));
        actions++;
      }
      if (sim.blocked) blocked++;
      if (sim.phase === P_GAME_OVER) break;
      if (sim.phase !== P_ROUND_OVER) break;
    }
    for (const s of sim.gameWinners()) wins[s]++;
    for (let s = 0; s < n; s++) {
      placeSum[s] += sim.place(s);
      totalSum[s] += sim.total(s);
    }
    if (bar && (g & 255) === 0) bar.update(g);
  }
  bar?.update(o.games);
  bar?.stop();
  const points = rules.scoring === 'points';
  return summary(o, { rules, actions, rounds, blocked, wins, meanPlaceBy: points ? null : placeSum, meanTotalBy: points ? totalSum : null, t0 });
}

/**
 * Danish Olsen on its simulator: whole games (hands to the point limit or the number of deals, H8, H9), the pass
 * included; `random` picks uniformly, `greedy` plays the habits the search's playouts use (lowest lead, duck,
 * shed the danger).
 */
function simHearts(o: SimOptions): { ok: true; summary: SimSummary } | { ok: false; message: string } {
  const resolved = resolveHeartsRules(o.rules, o.players);
  if (!resolved.ok) return { ok: false, message: resolved.error.message };
  const rules = resolved.value;
  const n = o.players;
  const sim = new HeartsSim(rules, n);
  sim.seed(o.seed);
  const rng = new Int32Array(6);
  seedFromString(rng, 0, `${o.seed}/policy`);
  const buf = new Int32Array(512);
  const wins = new Array<number>(n).fill(0);
  const totalSum = new Array<number>(n).fill(0);
  let actions = 0;
  let hands = 0;
  const bar = progressBar(o);
  bar?.start(o.games, 0);
  const t0 = performance.now();
  let dealer = n - 1;
  for (let g = 0; g < o.games; g++) {
    sim.newGame();
    // (newGame leaves the last game's phase: every game deals at least one hand.)
    for (let guard = 0; guard === 0 || (guard < 1000 && sim.phase !== HP_GAME_OVER); guard++) {
      sim.dealRound(dealer);
      dealer = (dealer + 1) % n;
      hands++;
      while (sim.phase === HP_PASS || sim.phase === HP_PLAY) {
        const k = sim.generate(buf);
        sim.apply(o.policy === 'random' || sim.phase === HP_PASS ? buf[k === 1 ? 0 : pick(rng, 0, k)] : heartsPolicy(sim, buf, k, rng));
        actions++;
      }
    }
    for (const s of sim.gameWinners()) wins[s]++;
    for (let s = 0; s < n; s++) totalSum[s] += sim.total(s);
    if (bar && (g & 255) === 0) bar.update(g);
  }
  bar?.update(o.games);
  bar?.stop();
  return summary(o, { rules, actions, rounds: hands, blocked: 0, wins, meanPlaceBy: null, meanTotalBy: totalSum, t0 });
}
