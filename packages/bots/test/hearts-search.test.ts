/**
 * The Danish Olsen search: determinizations keep everything the seat knows
 * (its hand, the counts, the trick, the pass, the voids it saw) and deal the
 * rest from the cards it has not seen; the search answers with a legal card.
 */
import { describe, expect, it } from 'vitest';
import * as olsenDk from '@olsen/engine/hearts';
import { type HeartsGame } from '@olsen/engine/hearts';
import { loadHearts, makeCard, seedFromString } from '@olsen/engine/sim';
import type { CardName } from '@olsen/engine';
import { HeartsSim } from '@olsen/engine/sim';
import { chooseHearts, heartsDeterminize, heartsHint, heartsIsmcts, heartsKnowledge, passCards, searchRules } from '../src/index.js';
import { unwrap } from '../../engine/test/helpers.js';

/** Plays a game with the habits, calling `each` at every decision in the play. */
function walk(rules: Record<string, unknown>, n: number, seed: string, each: (g: HeartsGame, seat: number) => void): void {
  let g = unwrap(olsenDk.createGame({ rules: { ...rules, deals: 2 }, players: Array.from({ length: n }, (_, i) => `P${i}`), seed }));
  const rng = new Int32Array(6);
  seedFromString(rng, 0, seed);
  for (let step = 0; step < 400; step++) {
    const mover = olsenDk.toMove(g);
    if (mover === null) {
      const next = olsenDk.nextRound(g);
      if (!next.ok) break;
      g = next.value;
      continue;
    }
    let seat = mover;
    for (let s = 0; s < n; s++) if (olsenDk.viewFor(g, s).phase === 'pass' && olsenDk.viewFor(g, s).legal.length) seat = s;
    if (olsenDk.viewFor(g, seat).phase === 'play') each(g, seat);
    g = unwrap(olsenDk.apply(g, chooseHearts('medium', olsenDk.viewFor(g, seat), rng)));
  }
}

describe('Danish Olsen determinization', () => {
  for (const [pass, n] of [['none', 4], ['left', 4], ['rotating', 3], ['left', 5]] as const) {
    it(`keeps the view and the seat's knowledge (pass ${pass}, ${n} players)`, () => {
      const rng = new Int32Array(6);
      seedFromString(rng, 0, `det-${pass}-${n}`);
      let checked = 0;
      walk({ pass }, n, `hd-${pass}-${n}`, (g, seat) => {
        const view = olsenDk.viewFor(g, seat);
        const k = heartsKnowledge(view);
        const real = loadHearts(g);
        // What the knowledge claims holds in the real deal.
        for (let s = 0; s < n; s++) {
          for (const c of k.known[s]) expect(real.hasCard(s, c)).toBe(true);
          for (let suit = 0; suit < 4; suit++) if (k.voids[s] & (1 << suit)) expect(real.hand(s).some((c) => c >> 4 === suit)).toBe(false);
        }
        const sim = heartsDeterminize(k, new HeartsSim(searchRules(view.rules), n), rng);
        expect(sim.hand(seat).map(makeCard).sort()).toEqual([...(view.hand ?? [])].sort());
        for (let s = 0; s < n; s++) {
          expect(sim.handCount(s)).toBe(view.handCounts[s]);
          for (const c of k.known[s]) expect(sim.hasCard(s, c)).toBe(true);
          for (let suit = 0; suit < 4; suit++) if (k.voids[s] & (1 << suit)) expect(sim.hand(s).some((c) => c >> 4 === suit)).toBe(false);
          expect(sim.takenPoints(s)).toBe(view.taken[s]);
        }
        expect(sim.toMove).toBe(seat);
        expect(sim.trick().cards.map(makeCard)).toEqual(view.trick.cards);
        const buf = new Int32Array(64);
        expect(sim.generate(buf)).toBe(view.legal.length);
        checked++;
      });
      expect(checked).toBeGreaterThan(40);
    });
  }

  it('the search answers with one of the legal cards, and the pass gives three cards of the hand', () => {
    const rng = new Int32Array(6);
    seedFromString(rng, 0, 'search');
    let searched = 0;
    walk({ pass: 'left' }, 4, 'hs-1', (g, seat) => {
      const view = olsenDk.viewFor(g, seat);
      if (view.legal.length < 2 || searched > 12) return;
      const best = heartsIsmcts(view, rng, { iterations: 60, ms: 50 });
      expect(best).not.toBeNull();
      expect(view.legal.map((a) => ('play' in a ? a.play[0] : ''))).toContain(makeCard(best!.card));
      searched++;
    });
    expect(searched).toBeGreaterThan(5);
    const g = unwrap(olsenDk.createGame({ rules: { pass: 'left' }, players: ['A', 'B', 'C', 'D'], seed: 'pass' }));
    const view = olsenDk.viewFor(g, 1);
    const give = passCards(view);
    expect(new Set(give).size).toBe(3);
    for (const c of give) expect(view.hand).toContain(c);
  });

  it('the search sheds the Qs on a trick it cannot follow rather than keep it', () => {
    // Seat 0 leads clubs; seat 1 holds no club and the Qs: throwing it away costs nothing now.
    const hands = [
      ['2c', '3c', '4c', '5c', '6c', '7c', '8c', '9c', 'Tc', 'Jc', 'Qc', 'Kc', 'Ac'],
      ['Qs', '2d', '3d', '4d', '5d', '6d', '7d', '8d', '9d', 'Td', 'Jd', 'Qd', 'Kd'],
      ['2s', '3s', '4s', '5s', '6s', '7s', '8s', '9s', 'Ts', 'Js', 'Ks', 'As', 'Ad'],
      ['2h', '3h', '4h', '5h', '6h', '7h', '8h', '9h', 'Th', 'Jh', 'Qh', 'Kh', 'Ah'],
    ];
    let g = unwrap(olsenDk.createGame({ rules: { penaltyOnFirstTrick: true }, players: ['A', 'B', 'C', 'D'], deal: { hands: hands as CardName[][] }, seed: 'qs' }));
    g = unwrap(olsenDk.apply(g, { seat: 0, play: ['2c'] }));
    const rng = new Int32Array(6);
    seedFromString(rng, 0, 'qs');
    const best = heartsIsmcts(olsenDk.viewFor(g, 1), rng, { iterations: 400, ms: 1000 });
    expect(makeCard(best!.card)).toBe('Qs');
    // The hint says the same, with its reason in both languages.
    expect(heartsHint(olsenDk.viewFor(g, 1), 'en')).toEqual({ action: { seat: 1, play: ['Qs'] }, reason: 'Throw away the queen of spades now that you cannot follow suit.' });
    expect(heartsHint(olsenDk.viewFor(g, 1), 'nb')?.reason).toBe('Kast spardamen nå som du ikke kan følge farge.');
    expect(heartsHint(olsenDk.viewFor(g, 2))).toBeNull();
  });
});
