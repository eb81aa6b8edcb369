/**
 * The bots see only a view and always answer with one of its legal actions,
 * under every rule set, for both game families.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  apply, applyHearts, catchActions, createGame, createHeartsGame, heartsOutcome, heartsToMove, heartsViewFor, nextHeartsRound, nextRound, outcome,
  handOf, parseCard, resolveRules, seedFromString, toMove, viewFor,
} from '@olsen/engine';
import { LEVELS, chooseHearts, chooseShedding, greedy, hint, knownVoids, medium } from '../src/index.js';
import { act, table, unwrap } from '../../engine/test/helpers.js';


describe('shedding bots', () => {
  it('greedy: a non-eight of the suit held most, ties to the first found; never a voluntary draw', () => {
    const g = table({ hands: [['9s', 'Kh', '2c', '8d', '4d'], ['3c', '5c', 'Jd', 'Qs', 'Ac'], ['7h', 'Th', '6s', '2s', '3s']], upcard: '9h' });
    expect(greedy(viewFor(g, 0)).action).toEqual({ seat: 0, play: ['Kh'] });
    const spades = table({ hands: [['9s', 'Kh', '2s', '8d', '4s'], ['3c', '5c', 'Jd', 'Qs', 'Ac'], ['7h', 'Th', '6s', '2c', '3s']], upcard: '9h' });
    expect(greedy(viewFor(spades, 0)).action).toEqual({ seat: 0, play: ['9s'] });
    const eightOnly = table({ hands: [['2c', '3c', '8d', '4c', '5c'], ['3d', '5d', 'Jd', 'Qs', 'Ac'], ['7h', 'Th', '6s', '2s', '3s']], upcard: '9h' });
    expect(greedy(viewFor(eightOnly, 0)).action).toEqual({ seat: 0, play: ['8d'], suit: 'c' });
  });

  it('medium keeps an eight while it has another card that fits, and explains itself', () => {
    const g = table({ hands: [['9s', 'Kh', '2c', '8d', '4d'], ['3c', '5c', 'Jd', 'Qs', 'Ac'], ['7h', 'Th', '6s', '2s', '3s']], upcard: '9h' });
    const choice = medium(viewFor(g, 0));
    expect('play' in choice.action && choice.action.play[0]).not.toBe('8d');
    const nb = hint(viewFor(g, 0), 'nb');
    const en = hint(viewFor(g, 0), 'en');
    expect(nb?.reason.length).toBeGreaterThan(5);
    expect(en?.reason).toMatch(/[a-z]/);
    expect(hint(viewFor(g, 1))).toBeNull();
  });

  it('tracks the suits an opponent drew on', () => {
    const g = act(
      table({ hands: [['Kh', '2h', '3h', '4h', '5h'], ['3c', '5c', 'Jd', 'Qs', 'Ac'], ['7h', 'Th', '6s', '2s', '3s']], upcard: '9h', stockTop: ['4c', '6c', '7c'] }),
      'Kh', 'draw', 'draw', 'draw', 'pass',
    );
    expect(knownVoids(viewFor(g, 2))[1][2]).toBe(true);
  });

  it('a turn that begins with a draw shows a void in the suit in play', () => {
    const start = table({ hands: [['Kh', '2h', '3h', '4h', '5h'], ['3c', '5c', 'Jd', 'Qs', 'Ac'], ['7h', 'Th', '6s', '2s', '3s']], upcard: '9h', stockTop: ['4c', '6c', '7c', '9d', 'Td', '2d'] });
    expect(knownVoids(viewFor(act(start, 'Kh', 'draw'), 2))[1][2]).toBe(true);
    // Its next turn on hearts begins with a draw again: still void.
    const later = act(start, 'Kh', 'draw', 'draw', 'draw', 'pass', 'Th', '2h', 'draw');
    expect(knownVoids(viewFor(later, 2))[1][2]).toBe(true);
  });

  it('medium leaves a suit the next player is known to lack when it has the choice', () => {
    // Seat 1 drew on hearts; on Th seat 0 holds two clubs and two hearts: the heart keeps seat 1 stuck.
    const g = act(
      table({ hands: [['Kh', 'Tc', '4c', '5h', '6h'], ['3c', '5c', 'Jd', 'Qs', 'Ac'], ['7h', 'Th', '6s', '2s', '3s']], upcard: '9h', stockTop: ['4d', '6d', '7d'] }),
      'Kh', 'draw', 'draw', 'draw', 'pass', 'Th',
    );
    const choice = medium(viewFor(g, 0));
    expect('play' in choice.action && choice.action.play[0][1]).toBe('h');
  });

  it('every level plays random rule sets to the end without an illegal action', () => {
    const overrides = fc.record(
      {
        maxDraws: fc.constantFrom(1, 3, 'unlimited'),
        drawnCardMustBePlayed: fc.boolean(),
        multiSameRank: fc.boolean(),
        multiSameSuit: fc.boolean(),
        noTwistFirstTurn: fc.constantFrom('off', 'starter', 'everyone'),
        specialCards: fc.boolean(),
        noEightOnEight: fc.boolean(),
        noWinOnEight: fc.boolean(),
        playOutForPlaces: fc.boolean(),
        starterEight: fc.constantFrom('reshuffle', 'dealerChooses'),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.constantFrom('olsen', 'vri-atter', 'vri-atter-002'), overrides, fc.integer({ min: 2, max: 4 }), fc.constantFrom(...LEVELS), fc.string({ maxLength: 5 }), (game, rules, n, level, seed) => {
        fc.pre(resolveRules(game, rules, n).ok);
        let g = unwrap(createGame({ game, rules, players: Array.from({ length: n }, (_, i) => `P${i}`), seed }));
        const rng = new Int32Array(6);
        seedFromString(rng, 0, seed);
        for (let steps = 0; steps < 3000; steps++) {
          const mover = toMove(g);
          if (mover === null) {
            if (outcome(g).finished) break;
            g = unwrap(nextRound(g));
            continue;
          }
          // The search levels with a small budget: legality is the point here, not strength.
          const r = apply(g, chooseShedding(level, viewFor(g, mover), rng, { iterations: 8, ms: 5 }).action);
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          g = r.value;
          const c = catchActions(g).find((a) => 'catch' in a);
          if (c) g = unwrap(apply(g, c));
        }
      }),
      { numRuns: 60, seed: 11 },
    );
  }, 180_000); // 60 random games, some to 100 points with unlimited draws: room for a busy CI machine
});

describe('Danish Olsen bots', () => {
  it('every level plays random option sets without an illegal action', () => {
    fc.assert(
      fc.property(fc.constantFrom('none', 'left', 'rotating'), fc.boolean(), fc.integer({ min: 3, max: 5 }), fc.constantFrom(...LEVELS), fc.string({ maxLength: 5 }), (pass, first, n, level, seed) => {
        let g = unwrap(createHeartsGame({ rules: { pass, penaltyOnFirstTrick: first, deals: 2 }, players: Array.from({ length: n }, (_, i) => `P${i}`), seed }));
        const rng = new Int32Array(6);
        seedFromString(rng, 0, seed);
        for (let steps = 0; steps < 2000 && !heartsOutcome(g).finished; steps++) {
          const mover = heartsToMove(g);
          if (mover === null) {
            g = unwrap(nextHeartsRound(g));
            continue;
          }
          const r = applyHearts(g, chooseHearts(level, heartsViewFor(g, mover), rng, { iterations: 8, ms: 5 }));
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          g = r.value;
        }
        expect(heartsOutcome(g).finished).toBe(true);
      }),
      { numRuns: 30, seed: 5 },
    );
  });
});

describe('determinized search (building block)', () => {
  it('reads a greedy opponent: forced draws bind the cards held then and kept since (in tiers), a play shows the suit it held most', async () => {
    const { determinize, drawInferences, explains, playInferences } = await import('../src/pimc.js');
    const rng = new Int32Array(6);
    seedFromString(rng, 0, 'infer');
    let checked = 0;
    let tiers = 0;
    for (let game = 0; game < 30; game++) {
      let g = unwrap(createGame({ players: ['A', 'B', 'C'], seed: `inf${game}` }));
      for (let step = 0; step < 60 && toMove(g) !== null; step++) {
        const seat = toMove(g) as number;
        const view = viewFor(g, seat);
        if (seat === 0 && view.drawsThisTurn === 0) {
          const draws = drawInferences(view);
          const plays = playInferences(view);
          // What the inferences claim holds in the real hands (the opponents are greedy, who never draw by choice).
          for (const s of [1, 2]) {
            const real = handOf(g, s).map(parseCard);
            for (const d of draws[s]) {
              expect(real.filter((c) => !((d.suits >> (c >> 4)) & 1) && !((d.ranks >> (c & 15)) & 1) && (c & 15) !== 6).length).toBeGreaterThanOrEqual(d.count);
              tiers++;
            }
            for (const p of plays[s]) {
              expect(explains(real, p)).toBe(true);
              checked++;
            }
          }
          const sim = determinize(view, rng, true);
          expect(sim.cardCount()).toBe(52);
        }
        g = unwrap(apply(g, greedy(viewFor(g, seat)).action));
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(tiers).toBeGreaterThan(20);
  });

  it('a determinization keeps the view: own hand, card counts, top card, legal moves; hidden cards come from the unseen pool', async () => {
    const { determinize, pimc } = await import('../src/pimc.js');
    const rng = new Int32Array(6);
    seedFromString(rng, 0, 'det');
    for (let game = 0; game < 20; game++) {
      let g = unwrap(createGame({ players: ['A', 'B', 'C', 'D'], seed: `det${game}` }));
      for (let step = 0; step < 80 && toMove(g) !== null; step++) {
        const seat = toMove(g) as number;
        const view = viewFor(g, seat);
        if (view.drawsThisTurn === 0) {
          const sim = determinize(view, rng, step % 2 === 0);
          expect(sim.cardCount()).toBe(52);
          expect(sim.hand(seat).length).toBe(view.hand?.length);
          for (let s = 0; s < 4; s++) expect(sim.hand(s).length).toBe(view.handCounts[s]);
          const buf = new Int32Array(256);
          expect(sim.generate(buf)).toBe(viewFor(g, seat).legal.filter((a) => !('catch' in a)).length);
          if (step % 20 === 0) {
            const choice = pimc(view, rng, { samples: 4 });
            expect(view.legal).toContainEqual(choice.action);
          }
        }
        g = unwrap(apply(g, greedy(viewFor(g, seat)).action));
      }
    }
  });
});
