/**
 * Perft: the number of legal action sequences to depth 1, 2 and 3 from named
 * seeded deals, on the simulator (card by card for multi-card moves) and,
 * where every move is one card, on the public API too. A change in these
 * numbers is a change in the rules: look at it before updating the table.
 */
import { describe, expect, it } from 'vitest';
import { apply, createGame, legalActions, resolveRules, type Game } from '../src/shedding/index.js';
import { Sim } from '../src/sim-tier.js';

function perft(sim: Sim, depth: number, bufs: Int32Array[]): number {
  if (depth === 0 || sim.phase > 1) return 1;
  const out = bufs[depth];
  const n = sim.generate(out);
  if (depth === 1) return n;
  let total = 0;
  for (let i = 0; i < n; i++) {
    sim.push();
    sim.apply(out[i]);
    total += perft(sim, depth - 1, bufs);
    sim.pop();
  }
  return total;
}

function perftApi(g: Game, depth: number): number {
  if (depth === 0) return 1;
  const legal = legalActions(g);
  if (legal.length === 0) return 1;
  if (depth === 1) return legal.length;
  let total = 0;
  for (const a of legal) {
    const r = apply(g, a);
    if (!r.ok) throw new Error(r.error.message);
    total += perftApi(r.value, depth - 1);
  }
  return total;
}

// game, seed of the deal, house rules, players, [depth 1, 2, 3]; the dealer is the last seat.
const TABLE: [string, string, Record<string, unknown>, number, [number, number, number]][] = [
  // Olsen, four players: the product's default game.
  ['olsen', 'perft-a', {}, 4, [2, 5, 14]],
  // Olsen, two players: the starter holds 5c 8d Jh 7s Qs; the eight counts once per suit.
  ['olsen', 'perft-b', {}, 2, [6, 30, 75]],
  // Vri åtter, three players.
  ['vri-atter', 'perft-c', {}, 3, [3, 6, 13]],
  // 002's reading: six cards, no twist on anyone's first turn, multi-card moves, keep a drawn card.
  ['vri-atter-002', 'perft-d', {}, 4, [3, 3, 3]],
  // Multi-card moves of both kinds with special cards: the branching grows fast.
  ['olsen', 'perft-e', { multiSameRank: true, multiSameSuit: true, specialCards: true }, 3, [5, 15, 45]],
];

describe('perft', () => {
  for (const [game, seed, rules, players, counts] of TABLE) {
    it(`${game} ${seed} ${JSON.stringify(rules)} ×${players}: ${counts.join(', ')}`, () => {
      const r = resolveRules(game, rules, players);
      if (!r.ok) throw new Error(r.error.message);
      const sim = new Sim(r.value, players, 8);
      sim.seed(`${seed}/1`);
      sim.newGame();
      sim.dealRound(players - 1);
      const bufs = Array.from({ length: 4 }, () => new Int32Array(4096));
      expect([1, 2, 3].map((d) => perft(sim, d, bufs))).toEqual(counts);
      if (!r.value.multiSameRank && !r.value.multiSameSuit) {
        const g = createGame({ game, rules, players: Array.from({ length: players }, (_, i) => `P${i}`), seed });
        if (!g.ok) throw new Error(g.error.message);
        expect([1, 2, 3].map((d) => perftApi(g.value, d))).toEqual(counts);
      }
    });
  }
});
