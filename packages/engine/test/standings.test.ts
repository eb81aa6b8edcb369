/**
 * The standings every client shows (places, winners, totals) and the seats of
 * a trick's cards come from the engine: S22, S24 and H9 (its tie-break), and
 * H5's tricks in a tie-break hand, where seats sitting out are skipped.
 */
import { describe, expect, it } from 'vitest';
import { actorsOf, applyAction, isHeartsGame, nextRoundOf, resultOf, standingsOf, startGame, viewOf, type AnyAction, type AnyGame, type GameName } from '../src/index.js';
import * as olsenDk from '../src/hearts/index.js';
import { type HeartsGame } from '../src/hearts/index.js';
import { unwrap } from './helpers.js';

/** Plays a whole game, every seat taking its first (or last) legal action; `each` sees every game on the way. */
function playOut(game: GameName, players: number, seed: string, rules: Record<string, unknown> = {}, pick: 'first' | 'last' = 'first', each?: (g: AnyGame, a: AnyAction | null) => void): AnyGame {
  let g = unwrap(startGame({ game, players: ['Anne', 'Bo', 'Carl', 'Dorte', 'Erik', 'Frida'].slice(0, players), seed, rules }));
  for (let i = 0; i < 100_000; i++) {
    const actors = actorsOf(g);
    if (actors.size === 0) {
      if (viewOf(g, null).phase === 'gameOver') return g;
      g = unwrap(nextRoundOf(g));
      each?.(g, null);
      continue;
    }
    const [, legal] = [...actors][0];
    const a = pick === 'first' ? legal[0] : legal[legal.length - 1];
    g = unwrap(applyAction(g, a));
    each?.(g, a);
  }
  throw new Error('the game did not end');
}

describe('standings', () => {
  it('S24: Vri åtter is won on the lowest total and the places follow the totals, not the last round (seed vr1)', () => {
    const g = playOut('vri-atter', 4, 'vr1');
    const st = standingsOf(g);
    const totals = st.totals!;
    expect(st.final).toBe(true);
    expect(Math.max(...totals)).toBeGreaterThan(100);
    // Each seat's place: one more than the seats with a strictly lower total.
    expect(st.places).toEqual(totals.map((t) => 1 + totals.filter((u) => u < t).length));
    expect(st.order.map((s) => totals[s])).toEqual([...totals].sort((a, b) => a - b));
    expect(st.winners).toEqual(totals.flatMap((t, s) => (t === Math.min(...totals) ? [s] : [])));
    // The view every client is sent carries the same standings.
    expect(viewOf(g, 1).standings).toEqual(st);
  });

  it("S22: Olsen ranks by the round's places; while it runs, by cards left after those out", () => {
    let sawRunning = false;
    const g = playOut('olsen', 4, 'rank1', {}, 'first', (game) => {
      if (isHeartsGame(game) || viewOf(game, null).phase !== 'turn') return;
      const v = viewOf(game, 0);
      const st = v.standings;
      for (let s = 0; s < 4; s++) {
        const out = v.places[s] !== 0 && v.handCounts[s] === 0;
        if (out) expect(st.places[s]).toBe(v.places[s]);
        else {
          const outCount = v.places.filter((p, t) => p !== 0 && v.handCounts[t] === 0).length;
          expect(st.places[s]).toBe(outCount + 1 + v.handCounts.filter((c) => c > 0 && c < v.handCounts[s]).length);
        }
      }
      expect(st.final).toBe(false);
      expect(st.winners).toEqual([]);
      sawRunning = true;
    });
    expect(sawRunning).toBe(true);
    const st = standingsOf(g as never);
    const last = resultOf(g as never).rounds.at(-1)!;
    // S21: the view names the round's first out, as the outcome does.
    const end = viewOf(g, 0);
    expect(end.game !== 'olsen-dk' && end.roundWinner).toBe(last.winner);
    expect(st.places).toEqual(last.places);
    expect(st.totals).toBeNull();
    expect(st.winners).toEqual([last.winner]);
  });

  it('H9: after a tie-break hand the tied seats are placed by its points, the others after them (seed tb3511, deals: 1)', () => {
    const g = playOut('olsen-dk', 4, 'tb3511', { deals: 1, pass: 'none' }) as HeartsGame;
    const v = olsenDk.viewFor(g, 0);
    expect(v.tieBreak).toBe(true);
    expect(v.inHand).toEqual([true, true, true, false]);
    expect(v.totals).toEqual([4, 4, 4, 14]);
    // Not a three-way tie for first: seat 0 won the tie-break hand.
    expect(v.standings).toEqual({ final: true, places: [1, 2, 2, 4], order: [0, 1, 2, 3], winners: [0], totals: [4, 4, 4, 14] });
  });

  it('H9: a tie-break hand that ends level leaves the tied seats sharing first', () => {
    const g = playOut('olsen-dk', 4, 'tb3511', { deals: 1, pass: 'none' }, 'last');
    expect(standingsOf(g)).toEqual({ final: true, places: [1, 3, 1, 3], order: [0, 2, 1, 3], winners: [0, 2], totals: [0, 13, 0, 13] });
  });

  it('H9: during the tie-break hand the tied seats share first and nobody has won yet', () => {
    let seen = false;
    playOut('olsen-dk', 4, 'tb3511', { deals: 1, pass: 'none' }, 'first', (g) => {
      const v = olsenDk.viewFor(g as HeartsGame, 0);
      if (v.tieBreak && v.phase === 'play') {
        expect(v.standings.places).toEqual([1, 1, 1, 4]);
        expect(v.standings.winners).toEqual([]);
        seen = true;
      }
    });
    expect(seen).toBe(true);
  });

  it.each([3, 4, 5])('H5: every card of the trick and of the last trick names the seat that laid it, tie-break hands included (%i players)', (n) => {
    for (const pick of ['first', 'last'] as const) {
      let plays: number[] = [];
      let lastTrickSeats: number[] = [];
      playOut('olsen-dk', n, 'tb3511', { deals: 1, pass: 'none' }, pick, (g, a) => {
        const v = olsenDk.viewFor(g as HeartsGame, null);
        if (a === null) plays = [];
        else if ('play' in a) plays.push(a.seat);
        if (a && 'play' in a && v.trick.cards.length === 0) {
          lastTrickSeats = plays.slice(-v.lastTrick!.cards.length);
          plays = [];
        }
        expect(v.trick.seats).toEqual(plays);
        if (v.lastTrick && a && 'play' in a) expect(v.lastTrick.seats).toEqual(lastTrickSeats);
        for (const s of [...v.trick.seats, ...(v.lastTrick?.seats ?? [])]) expect(v.inHand[s]).toBe(true);
      });
    }
  });
});
