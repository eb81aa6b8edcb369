/**
 * One or more tests per rule of docs/rules.md Part 1, each named by its rule ID.
 * Deals are explicit (helpers.dealOf) so every situation is exact.
 */
import { describe, expect, it } from 'vitest';
import { apply, catchActions, createGame, handOf, legalActions, nextRound, resolveRules, toMove, viewFor, type Game } from '../src/shedding/index.js';
import { recordOf, resultOf, replayRecord } from '../src/index.js';
import { Sim } from '../src/sim-tier.js';
import { act, dealOf, listed, ruleOf, table, tryAct, unwrap } from './helpers.js';



/** Three players; Siri (seat 0) starts on 9h. */
const basic = (over: Partial<Parameters<typeof table>[0]> = {}): Game =>
  table({
    hands: [
      ['9s', 'Kh', '2c', '8d', '4d'],
      ['3c', '5c', 'Jd', 'Qs', 'Ac'],
      ['7h', 'Th', '6s', '2s', '3s'],
    ],
    upcard: '9h',
    ...over,
  });

describe('1.1 deck and players', () => {
  it('S1: one deck of 52 cards; an explicit deal must use each card exactly once', () => {
    const g = createGame({ players: ['A', 'B'], seed: 's1' });
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    const v = viewFor(g.value, 0);
    expect(v.handCounts.reduce((a, b) => a + b, 0) + v.stockCount + v.discardCount).toBe(52);
    const bad = dealOf([['2c', '3c', '4c', '5c', '6c'], ['7c', '9c', 'Tc', 'Jc', 'Qc']], 'Kc');
    const broken = { ...bad, stock: (bad as Extract<typeof bad, { stock: unknown }>).stock.slice(1) } as typeof bad;
    const r = createGame({ players: ['A', 'B'], deal: broken });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.rule).toBe('S1');
  });

  it('S1: two decks shuffled together give 104 cards', () => {
    const g = createGame({ game: 'vri-atter', players: ['A', 'B', 'C', 'D', 'E'], seed: 'two' });
    if (!g.ok) throw new Error(g.error.message);
    const v = viewFor(g.value, 0);
    expect(g.value.rules.decks).toBe(2);
    expect(v.handCounts.reduce((a, b) => a + b, 0) + v.stockCount + v.discardCount).toBe(104);
  });

  it('S2: Olsen is for 2–4 players; Vri åtter for 2–6; others are refused with a clear error', () => {
    expect(resolveRules('olsen', {}, 4).ok).toBe(true);
    const five = resolveRules('olsen', {}, 5);
    expect(five.ok).toBe(false);
    if (!five.ok) expect(five.error.rule).toBe('S2');
    expect(resolveRules('olsen', { decks: 2 }, 5).ok).toBe(true);
    expect(resolveRules('vri-atter', {}, 6).ok).toBe(true);
    const seven = resolveRules('vri-atter', {}, 7);
    expect(seven.ok).toBe(false);
    if (!seven.ok) expect(seven.error.rule).toBe('S2');
    const one = createGame({ players: ['Solo'] });
    expect(one.ok).toBe(false);
  });
});

describe('1.2 deal', () => {
  it('S3: five cards each in Olsen for any count; seven each for two in Vri åtter', () => {
    for (const n of [2, 3, 4]) {
      const g = createGame({ players: Array.from({ length: n }, (_, i) => `P${i}`), seed: `s3-${n}` });
      if (!g.ok) throw new Error(g.error.message);
      expect(viewFor(g.value, 0).handCounts).toEqual(new Array(n).fill(5));
    }
    const vri = createGame({ game: 'vri-atter', players: ['A', 'B'], seed: 'x' });
    if (!vri.ok) throw new Error(vri.error.message);
    expect(viewFor(vri.value, 0).handCounts).toEqual([7, 7]);
  });

  it('S3: the deal goes one card at a time from the dealer\'s left (seeded deals are reproducible)', () => {
    const a = createGame({ players: ['A', 'B', 'C'], seed: 'same' });
    const b = createGame({ players: ['A', 'B', 'C'], seed: 'same' });
    if (!a.ok || !b.ok) throw new Error('create');
    expect(handOf(a.value, 0)).toEqual(handOf(b.value, 0));
    expect(toMove(a.value)).toBe(0);
  });

  it('S3: an explicit deal with the wrong number of cards is refused', () => {
    const deal = dealOf([['2c', '3c', '4c', '5c'], ['7c', '9c', 'Tc', 'Jc', 'Qc', 'Kc']], 'Ac');
    const r = createGame({ players: ['A', 'B'], deal });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.rule).toBe('S3');
  });

  it('S4: the rest is the face-down stock and its top card starts the discard pile', () => {
    const g = basic();
    const v = viewFor(g, 0);
    expect(v.top).toBe('9h');
    expect(v.activeSuit).toBe('h');
    expect(v.stockCount).toBe(52 - 15 - 1);
    expect(v.discardCount).toBe(1);
  });

  it('S5: a turned eight goes back into the stock and a new card is turned', () => {
    const g = table({ hands: [['2c', '3c', '4c', '5c', '6c'], ['7c', '9c', 'Tc', 'Jc', 'Qc']], upcard: '8h', stockTop: ['Kd'], dealSeed: 'push' });
    const v = viewFor(g, 0);
    expect(v.top).toBe('Kd');
    expect(v.stockCount).toBe(52 - 10 - 1);
    // Without a seed the engine cannot push the eight back at a random position.
    const noSeed = createGame({ players: ['A', 'B'], deal: dealOf([['2c', '3c', '4c', '5c', '6c'], ['7c', '9c', 'Tc', 'Jc', 'Qc']], '8h') });
    expect(noSeed.ok).toBe(false);
    if (!noSeed.ok) expect(noSeed.error.rule).toBe('S5');
  });

  it('S6: the dealer rotates one seat to the left each round', () => {
    let g = unwrap(createGame({ game: 'vri-atter', players: ['A', 'B', 'C'], seed: 's6', dealer: 1 }));
    // Play the round out with the first legal action each time.
    while (toMove(g) !== null) g = unwrap(apply(g, legalActions(g)[0]));
    const next = unwrap(nextRound(g));
    expect(next.rounds[1].dealer).toBe(2);
    expect(toMove(next)).toBe(0);
    // A record that names the wrong dealer for round 2 is refused under S6.
    const rec = recordOf(next);
    const wrong = { ...rec, rounds: [rec.rounds[0], { ...rec.rounds[1], dealer: 0 }] };
    const r = replayRecord(JSON.parse(JSON.stringify(wrong)));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.rule).toBe('S6');
  });
});


describe('1.3 turn order', () => {
  it('S7: the player left of the dealer starts and play goes clockwise; acting out of turn is refused', () => {
    const g = basic();
    expect(toMove(g)).toBe(0);
    expect(ruleOf(g, '1:draw')).toBe('S7');
    const g2 = act(g, '9s');
    expect(toMove(g2)).toBe(1);
  });
});

describe('1.4 playing', () => {
  it('S8: a card must match the active suit or the rank on top', () => {
    const g = basic();
    expect(listed(g)).toEqual(['Kh', '9s', '8d>c', '8d>d', '8d>h', '8d>s', 'draw']);
    const r = tryAct(g, '2c');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.rule).toBe('S8');
      expect(r.error.message).toBe('Siri cannot play 2c: it must be a heart (the suit in play), a nine (the rank on top) or an eight.');
    }
    expect(ruleOf(g, 'Ad')).toBe('S8'); // not in hand
  });

  it('S9: the same rank in another suit changes the suit ("vri")', () => {
    const g = act(basic(), '9s');
    expect(viewFor(g, 1).activeSuit).toBe('s');
    expect(listed(g)).toContain('Qs');
  });

  it('S10: an eight goes on anything and names any suit; the next player must follow it', () => {
    const g = act(basic(), '8d>c');
    const v = viewFor(g, 1);
    expect(v.top).toBe('8d');
    expect(v.activeSuit).toBe('c');
    expect(listed(g)).toEqual(['3c', '5c', 'Ac', 'draw']);
    expect(ruleOf(basic(), '8d')).toBe('S10'); // an eight needs a suit
    expect(ruleOf(basic(), 'Kh>s')).toBe('S10'); // only an eight names a suit
  });

  it('S11: an eight may be played while holding other legal cards', () => {
    const legal = listed(basic());
    expect(legal).toContain('Kh');
    expect(legal).toContain('8d>h');
  });
});

describe('1.5 drawing', () => {
  // Ola (seat 1) holds no heart, no nine, no eight when Siri plays Kh... then 9 on top is gone.
  const stuck = (over: Partial<Parameters<typeof table>[0]> = {}): Game =>
    act(
      table({
        hands: [
          ['Kh', '2h', '3h', '4h', '5h'],
          ['3c', '5c', 'Jd', 'Qs', 'Ac'],
          ['7h', 'Th', '6s', '2s', '3s'],
        ],
        upcard: '9h',
        ...over,
      }),
      'Kh',
    );

  it('S12: with no legal card you draw; you may also draw by choice', () => {
    const g = stuck({ stockTop: ['4c'] });
    expect(listed(g)).toEqual(['draw']);
    expect(listed(basic())).toContain('draw');
  });

  it('S13: a drawn card that fits is played at once (the only legal action)', () => {
    const g = act(stuck({ stockTop: ['Kc'] }), 'draw');
    expect(viewFor(g, 1).drawn).toBe('Kc');
    expect(listed(g)).toEqual(['Kc']);
    expect(ruleOf(g, 'draw')).toBe('S13');
    expect(ruleOf(g, 'pass')).toBe('S13');
  });

  it('S14: third failed draw passes the turn', () => {
    let g = act(stuck({ stockTop: ['4c', '6c', '7c'] }), 'draw', 'draw', 'draw');
    expect(viewFor(g, 1).drawsThisTurn).toBe(3);
    expect(listed(g)).toEqual(['pass']);
    expect(ruleOf(g, 'draw')).toBe('S14');
    g = act(g, 'pass');
    expect(toMove(g)).toBe(2);
    expect(viewFor(g, 1).handCounts[1]).toBe(8);
  });

  it('S14: passing before the draws are done is refused', () => {
    const g = act(stuck({ stockTop: ['4c', '6c', '7c'] }), 'draw');
    expect(ruleOf(g, 'pass')).toBe('S14');
  });

  it('S14: with nothing that fits the refusal of a pass says "draw" (how many more; with unlimited draws, until one fits)', () => {
    const limited = tryAct(act(stuck({ stockTop: ['4c', '6c', '7c'] }), 'draw'), 'pass');
    expect(limited.ok || [limited.error.code, limited.error.message]).toEqual(['drawFirst', 'Ola may not pass yet: nothing fits, so draw (up to 2 more).']);
    const unlimited = tryAct(stuck({ stockTop: ['4c', '6c', '7c'], rules: { maxDraws: 'unlimited' } }), 'pass');
    expect(unlimited.ok || [unlimited.error.code, unlimited.error.message]).toEqual(['drawFirst', 'Ola may not pass: nothing fits, so draw until a card does.']);
    expect(unlimited.ok || unlimited.error.message).not.toMatch(/play a card/);
  });

  it('S14: a voluntary draw is one card; if it does not fit the turn ends with a pass', () => {
    const g = act(basic({ stockTop: ['2d'] }), 'draw');
    expect(listed(g)).toEqual(['pass']);
    expect(ruleOf(g, 'Kh')).toBe('S14');
    expect(ruleOf(g, 'draw')).toBe('S14');
  });

  it('S15: every draw is a recorded action that moves one card', () => {
    const g = act(stuck({ stockTop: ['4c', '6c', '7c'] }), 'draw', 'draw');
    expect(g.rounds[0].actions.filter((a) => 'draw' in a)).toHaveLength(2);
    expect(viewFor(g, 1).handCounts[1]).toBe(7);
  });
});

describe('1.6 empty stock', () => {
  it('S16: an empty stock is rebuilt from the discard pile under its top card', () => {
    // Two decks' worth of draws is too long to script; use the simulator with a tiny stock.
    const rules = unwrap(resolveRules('olsen', {}, 2));
    const sim = new Sim(rules, 2);
    sim.seed('s16');
    sim.newGame();
    sim.dealExplicit(1, [[0x12, 0x13], [0x30, 0x31]], 0x15, []); // Siri: 4d 5d; Ola: 2s 3s; top 7d
    sim.apply(0 | (0x12 << 3)); // Siri plays 4d
    expect(sim.canDraw()).toBe(true); // 7d lies under 4d
    const buf = new Int32Array(64);
    const n = sim.generate(buf);
    expect(Array.from(buf.subarray(0, n))).toEqual([1]); // Ola can only draw
    sim.apply(1);
    expect(sim.hand(1)).toContain(0x15); // the 7d came back through the stock
    expect(sim.cardCount()).toBe(5);
  });

  it('S17: when nothing can be drawn and a whole circle passes, the round is blocked and ranked by cards', () => {
    const rules = unwrap(resolveRules('olsen', {}, 2));
    const sim = new Sim(rules, 2);
    sim.newGame();
    sim.dealExplicit(1, [[0x00, 0x01, 0x02], [0x10, 0x11]], 0x2b, []); // clubs vs diamonds, Kh on top
    const buf = new Int32Array(64);
    expect(sim.generate(buf)).toBe(1);
    expect(buf[0]).toBe(2); // pass
    sim.apply(2);
    sim.apply(2);
    expect(sim.phase).toBe(3);
    expect(sim.blocked).toBe(true);
    expect([sim.place(0), sim.place(1)]).toEqual([2, 1]);
  });
});

describe('1.7 last card, end, ranking, scoring', () => {
  /** Two players; Siri sheds hearts while Ola (stuck) draws one card a turn. */
  const duel = (game = 'olsen', rules: Record<string, unknown> = {}): Game =>
    table({
      game,
      rules: { maxDraws: 1, ...rules },
      hands: [
        ['Kh', '3h', '4h', '5h', '2h'],
        ['6c', '7c', 'Jd', 'Qs', 'Ac'],
      ],
      upcard: '9h',
      stockTop: ['9c', '9d', '9s', 'Tc', 'Td', 'Ts', 'Jc'],
    });
  const toOne = (g: Game, call: boolean): Game => act(g, 'Kh', 'draw', 'pass', '3h', 'draw', 'pass', '4h', 'draw', 'pass', call ? '5h!' : '5h');

  it('S18: the call goes with the play that leaves one card, or right after it', () => {
    const called = toOne(duel(), true);
    expect(called.rounds[0].actions.at(-1)).toEqual({ seat: 0, play: ['5h'], call: true });
    expect(viewFor(called, 1).catchable).toBeNull();
    const late = toOne(duel(), false);
    expect(viewFor(late, 1).catchable).toBe(0);
    const after = act(late, '0:call');
    expect(viewFor(after, 1).catchable).toBeNull();
    expect(ruleOf(duel(), 'Kh!')).toBe('S18'); // leaves four cards
    expect(ruleOf(act(duel(), 'Kh'), '0:call')).toBe('S18');
  });

  it('S19: in Olsen a forgotten call costs nothing: there is nothing to catch', () => {
    const g = toOne(duel(), false);
    expect(catchActions(g).filter((a) => 'catch' in a)).toEqual([]);
    expect(ruleOf(g, '1:catch:0')).toBe('S19');
    const done = act(g, 'draw', 'pass', '2h');
    expect(resultOf(done).rounds[0].winner).toBe(0);
  });

  it('S20: a forgotten "ett kort igjen" is caught before the next player acts: three cards', () => {
    const vri = (): Game => duel('vri-atter', { twoPlayerHandSize: null });
    const forgot = toOne(vri(), false);
    expect(catchActions(forgot)).toContainEqual({ seat: 1, catch: 0 });
    const caught = act(forgot, '1:catch:0');
    expect(viewFor(caught, 0).handCounts[0]).toBe(4);
    expect(toMove(caught)).toBe(1); // the catch is not Ola's turn
    // Too late once the next player has acted.
    expect(ruleOf(act(forgot, 'draw'), '1:catch:0')).toBe('S20');
    // A player who called cannot be caught, and nobody catches themselves.
    expect(ruleOf(toOne(vri(), true), '1:catch:0')).toBe('S20');
    expect(ruleOf(forgot, '0:catch:0')).toBe('S20');
  });

  it('S20: a refused catch says which condition failed: the call was made, not one card, or too late', () => {
    const vri = (): Game => duel('vri-atter', { twoPlayerHandSize: null });
    const refusal = (g: Game, move: string): [string | null, string] => {
      const r = tryAct(g, move);
      if (r.ok) throw new Error(`${move} was accepted`);
      return [r.error.code, r.error.message];
    };
    expect(refusal(toOne(vri(), true), '1:catch:0')).toEqual(['catchCalled', 'Siri cannot be caught: Siri made the call.']);
    expect(refusal(act(toOne(vri(), false), 'draw'), '1:catch:0')).toEqual(['catchTooLate', 'Too late to catch Siri: the next player has already acted.']);
    expect(refusal(vri(), '1:catch:0')).toEqual(['catchNotOneCard', 'Siri cannot be caught: Siri has 5 cards, not one.']);
  });

  it('S21: the round ends the moment a player lays the last card; a last 2 has no effect', () => {
    const g = act(toOne(duel('olsen', { specialCards: true }), true), 'draw', 'pass', '2h');
    const o = resultOf(g);
    expect(o.finished).toBe(true);
    expect(o.rounds[0].winner).toBe(0);
    expect(o.rounds[0].hands).toEqual([0, 9]); // no draw-two from the last card
    expect(ruleOf(g, '1:draw')).toBe('S21');
    const vri = act(toOne(duel('vri-atter', { twoPlayerHandSize: null, targetScore: 500 }), true), 'draw', 'pass', '2h');
    expect(ruleOf(vri, '1:draw')).toBe('S21');
  });

  it('S22: the others are ranked by cards left, equal counts share the place', () => {
    const g = act(
      table({
        rules: { maxDraws: 1 },
        hands: [
          ['Kh', '2h', '3h', '4h', '5h'],
          ['7c', 'Tc', 'Jc', 'Qc', 'Ac'],
          ['7d', 'Td', 'Jd', 'Qd', 'Ad'],
          ['7s', 'Ts', 'Js', 'Qs', '6h'],
        ],
        upcard: '9h',
        stockTop: ['9c', '9d', '9s', 'Kc', 'Kd', '4c', '5c', '6c', '5d', '6d', '2d'],
      }),
      'Kh', 'draw', 'pass', 'draw', 'pass', '6h',
      '2h', 'draw', 'pass', 'draw', 'pass', 'draw', 'pass',
      '3h', 'draw', 'pass', 'draw', 'pass', 'draw', 'pass',
      '4h!', 'draw', 'pass', 'draw', 'pass', 'draw', 'pass',
      '5h',
    );
    const o = resultOf(g);
    expect(o.rounds[0].hands).toEqual([0, 9, 9, 7]);
    expect(o.rounds[0].places).toEqual([1, 3, 3, 2]);
    expect(o.gameWinners).toEqual([0]);
    expect(o.totals).toBeNull();
  });

  it('S23: with play-out the others go on for second, third, … places', () => {
    let g = toOne(duel('olsen', { playOutForPlaces: true }), true);
    g = act(g, 'draw', 'pass', '2h');
    // Two players: once Siri is out only Ola holds cards, so the round ends.
    expect(resultOf(g).rounds[0].places).toEqual([1, 2]);
    let three = table({
      rules: { playOutForPlaces: true },
      hands: [
        ['Kh', '2h', '3h', '4h', '5h'],
        ['6c', '7c', 'Jd', 'Qs', 'Ac'],
        ['7h', 'Th', '6s', '2s', '3s'],
      ],
      upcard: '9h',
    });
    let firstOut = -1;
    while (toMove(three) !== null) {
      three = unwrap(apply(three, legalActions(three)[0]));
      const w = resultOf(three).rounds[0].winner;
      if (firstOut < 0 && w !== null) {
        firstOut = w;
        expect(toMove(three)).not.toBe(w);
        expect(resultOf(three).finished).toBe(false);
      }
    }
    const places = resultOf(three).rounds[0].places ?? [];
    expect([...places].sort()).toEqual([1, 2, 3]);
    expect(places[firstOut]).toBe(1);
  });

  it('S24: Vri åtter scores what is left (eight 50, picture 10, ace 1, others face value) until a total passes 100', () => {
    const g = act(
      table({
        game: 'vri-atter',
        rules: { maxDraws: 1 },
        hands: [
          ['3h', '4h', '5h', '6h', '7h'],
          ['Kc', 'Qc', 'Jc', 'Ac', '9c'],
          ['Kd', 'Qd', 'Jd', 'Ad', '8s'],
        ],
        upcard: '2h',
        stockTop: ['2s', '9s', 'Ts', 'Js', 'Qs', 'Ks', 'As', '2c'],
      }),
      '3h', 'draw', 'pass', 'draw', 'pass',
      '4h', 'draw', 'pass', 'draw', 'pass',
      '5h', 'draw', 'pass', 'draw', 'pass',
      '6h!', 'draw', 'pass', 'draw', 'pass',
      '7h',
    );
    const o = resultOf(g);
    expect(o.rounds[0].points).toEqual([0, 63, 112]);
    expect(o.totals).toEqual([0, 63, 112]);
    expect(o.finished).toBe(true);
    expect(o.gameWinners).toEqual([0]);
  });

  it('S24: below the target the game goes on with the next deal', () => {
    let g = unwrap(createGame({ game: 'vri-atter', players: ['A', 'B', 'C'], seed: 'rounds' }));
    let rounds = 1;
    while (!resultOf(g).finished) {
      while (toMove(g) !== null) g = unwrap(apply(g, legalActions(g)[0]));
      const o = resultOf(g);
      if (o.finished) break;
      expect(Math.max(...(o.totals ?? []))).toBeLessThanOrEqual(100);
      g = unwrap(nextRound(g));
      rounds++;
    }
    const o = resultOf(g);
    expect(Math.max(...(o.totals ?? []))).toBeGreaterThan(100);
    const best = Math.min(...(o.totals ?? []));
    expect(o.gameWinners).toEqual((o.totals ?? []).flatMap((t, s) => (t === best ? [s] : [])));
    expect(g.results.length).toBe(rounds);
  });
});
