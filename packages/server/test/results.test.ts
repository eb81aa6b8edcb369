/** A finished game's stored places and ratings come from the engine's standings (H9's tie-break, S24's totals). */
import { describe, expect, it } from 'vitest';
import { actorsOf, applyAction, nextRoundOf, startGame, viewOf, type AnyGame, type GameName } from '@olsen/engine';
import { rateGame, seatResults } from '../src/results.js';
import type { StoredSeat } from '../src/ports.js';

function firstLegalGame(game: GameName, players: number, seed: string, rules: Record<string, unknown>): AnyGame {
  const start = startGame({ game, players: Array.from({ length: players }, (_, i) => `P${i}`), seed, rules });
  if (!start.ok) throw new Error(start.error.message);
  let g = start.value;
  while (viewOf(g, null).phase !== 'gameOver') {
    const first = [...actorsOf(g)][0];
    const next = first ? applyAction(g, first[1][0]) : nextRoundOf(g);
    if (!next.ok) throw new Error(next.error.message);
    g = next.value;
  }
  return g;
}

const humans = (n: number): StoredSeat[] => Array.from({ length: n }, (_, i) => ({ kind: 'human', playerId: `p${i}`, name: `P${i}`, standIn: null }));

describe('stored results', () => {
  it('H9: after a tie-break of seats 0–2 (seed tb3511, deals: 1) the places are 1, 2, 2, 4 and only seat 0 won — not a three-way tie', () => {
    const g = firstLegalGame('olsen-dk', 4, 'tb3511', { deals: 1, pass: 'none' });
    const seats = seatResults(g, humans(4));
    expect(seats.map((s) => s.place)).toEqual([1, 2, 2, 4]);
    expect(seats.map((s) => s.won)).toEqual([true, false, false, false]);
    // Rated as placed: the tie-break winner gains on the two it beat.
    const rated = rateGame(seats, new Map());
    expect(rated.get('p0')!.mu).toBeGreaterThan(rated.get('p1')!.mu);
    expect(rated.get('p1')!.mu).toBeCloseTo(rated.get('p2')!.mu, 6);
    expect(rated.get('p2')!.mu).toBeGreaterThan(rated.get('p3')!.mu);
  });

  it('S24: a Vri åtter game is stored with places by the final totals, lowest first', () => {
    const g = firstLegalGame('vri-atter', 4, 'vr1', {});
    const totals = viewOf(g, null).standings.totals!;
    const seats = seatResults(g, humans(4));
    expect(seats.map((s) => s.place)).toEqual(totals.map((t) => 1 + totals.filter((u) => u < t).length));
    expect(seats.filter((s) => s.won).map((s) => s.place)).toEqual([1]);
  });
});
