/**
 * `olsen sim`: plays N games on the simulator tier with a policy for every
 * seat and reports a JSON summary (wins, places, points, lengths).
 */
import cliProgress from 'cli-progress';
import { resolveRules, type RuleSet } from '@olsen/engine/shedding';
import { seedFromString } from '@olsen/engine/sim';
import { P_GAME_OVER, P_ROUND_OVER, Sim } from '@olsen/engine/sim';
import { policyOf, type PolicyName } from '@olsen/bots';

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
  rules: RuleSet;
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

export function runSim(o: SimOptions): { ok: true; summary: SimSummary } | { ok: false; message: string } {
  if (o.game === 'olsen-dk') return { ok: false, message: "sim plays the shedding games; for Danish Olsen use 'olsen bench --game olsen-dk'." };
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
  const bar = o.progress ? new cliProgress.SingleBar({ format: 'sim {bar} {value}/{total} games | {eta_formatted} left', hideCursor: true }, cliProgress.Presets.shades_classic) : null;
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
  const seconds = (performance.now() - t0) / 1000;
  const mean = (xs: number[]): number[] => xs.map((x) => Math.round((x / o.games) * 1000) / 1000);
  return {
    ok: true,
    summary: {
      game: o.game,
      rules,
      players: n,
      games: o.games,
      seed: o.seed,
      policy: o.policy,
      actions,
      actionsPerGame: Math.round((actions / o.games) * 1000) / 1000,
      roundsPerGame: Math.round((rounds / o.games) * 1000) / 1000,
      blockedRounds: blocked,
      winsBySeat: wins,
      meanPlaceBySeat: rules.scoring === 'ranking' ? mean(placeSum) : null,
      meanTotalBySeat: rules.scoring === 'points' ? mean(totalSum) : null,
      seconds: Math.round(seconds * 1000) / 1000,
    },
  };
}
