/**
 * The house rules of docs/rules.md, house rules (S-V1 … S-V17) and rule-set validation.
 */
import { describe, expect, it } from 'vitest';
import { apply, createGame, legalActions, resolveRules, toMove, viewFor, type Game } from '../src/shedding/index.js';
import { resultOf } from '../src/index.js';
import { resolveHeartsRules } from '../src/hearts/index.js';
import { act, dealOf, listed, ruleOf, table, tryAct, unwrap } from './helpers.js';


/** Four players; Siri (seat 0) starts on 9h holding a 2, a queen and an ace of hearts. */
const four = (rules: Record<string, unknown> = {}, siri = ['2h', 'Qh', 'Ah', '5c', '6c'], ola = ['3c', '4c', '5d', '6d', '7d']): Game =>
  table({
    rules,
    hands: [siri, ola, ['3d', '4d', 'Jd', 'Td', '9d'], ['3s', '4s', '5s', '6s', '7s']],
    upcard: '9h',
  });

/** Two players; Siri sheds hearts, Ola draws one card a turn. */
const duel = (rules: Record<string, unknown> = {}, siri = ['Kh', '3h', '4h', '5h', '2h'], game = 'olsen'): Game =>
  table({
    game,
    rules: { maxDraws: 1, ...rules },
    hands: [siri, ['6c', '7c', 'Jd', 'Qs', 'Ac']],
    upcard: '9h',
    stockTop: ['9c', '9d', '9s', 'Tc', 'Td', 'Ts', 'Jc'],
  });

describe('rule-set validation', () => {
  it('rejects an unknown option, a bad value and a contradictory combination with a clear message', () => {
    const unknown = resolveRules('olsen', { jokers: true }, 4);
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error.message).toMatch(/Unknown house rule 'jokers'/);
    const bad = resolveRules('olsen', { maxDraws: 2 }, 4);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toMatch(/maxDraws.*1, 3 or 'unlimited'/);
    const both = resolveRules('vri-atter', { specialCards: true, svenskevri: true }, 4);
    expect(both.ok).toBe(false);
    if (!both.ok) expect(both.error.rule).toBe('S-V9');
    expect(resolveRules('nope', {}, 4).ok).toBe(false);
    expect(resolveRules('olsen', [], 4).ok).toBe(false);
    expect(resolveRules('olsen', { stackTwos: true }, 4).ok).toBe(false);
    // Names of the object prototype are no house rules (own properties only), in both families.
    for (const key of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const shed = resolveRules('olsen', JSON.parse(`{"${key}": 1}`), 4);
      expect(shed.ok || shed.error.message).toBe(`Unknown house rule '${key}'.`);
      const dk = resolveHeartsRules(JSON.parse(`{"${key}": 1}`), 4);
      expect(dk.ok || dk.error.message).toBe(`Unknown house rule '${key}' for Danish Olsen.`);
    }
    // A long value is cut in the message.
    const long = resolveRules('olsen', { maxDraws: 'x'.repeat(10_000) }, 4);
    expect(long.ok || long.error.message.length).toBeLessThan(200);
    expect(resolveRules('olsen', { targetScore: 50 }, 4).ok).toBe(false);
  });

  it('presets: olsen, vri-atter and vri-atter-002 are named rule sets', () => {
    const o = unwrap(resolveRules('olsen', {}, 4));
    expect([o.handSize, o.maxDraws, o.forgottenCallPenalty, o.scoring]).toEqual([5, 3, 0, 'ranking']);
    const v = unwrap(resolveRules('vri-atter', {}, 2));
    expect([v.twoPlayerHandSize, v.forgottenCallPenalty, v.scoring, v.targetScore]).toEqual([7, 3, 'points', 100]);
    const z = unwrap(resolveRules('vri-atter-002', {}, 4));
    expect([z.handSize, z.drawnCardMustBePlayed, z.noTwistFirstTurn, z.multiSameRank, z.playOutForPlaces]).toEqual([6, false, 'everyone', true, true]);
  });
});

describe('1.8 house rules', () => {
  it('S-V1: forgottenCallPenalty sets the cards drawn when caught (two here)', () => {
    const g = act(duel({ forgottenCallPenalty: 2, twoPlayerHandSize: null }, undefined, 'vri-atter'), 'Kh', 'draw', 'pass', '3h', 'draw', 'pass', '4h', 'draw', 'pass', '5h');
    const caught = act(g, '1:catch:0');
    expect(viewFor(caught, 0).handCounts[0]).toBe(3);
  });

  it('S-V2: maxDraws 1 passes after one card; unlimited draws until something fits', () => {
    const one = act(duel(), 'Kh', 'draw');
    expect(listed(one)).toEqual(['pass']);
    const unlimited = act(
      table({ rules: { maxDraws: 'unlimited' }, hands: [['Kh', '3h', '4h', '5h', '2h'], ['6c', '7c', 'Jd', 'Qs', 'Ac']], upcard: '9h', stockTop: ['9c', '9d', '9s', 'Tc', 'Kc'] }),
      'Kh', 'draw', 'draw', 'draw', 'draw',
    );
    expect(listed(unlimited)).toEqual(['draw']);
    const fits = act(unlimited, 'draw');
    expect(listed(fits)).toEqual(['Kc']);
  });

  it('S-V3: scoring by points can be chosen for Olsen too', () => {
    const g = act(duel({ scoring: 'points' }), 'Kh', 'draw', 'pass', '3h', 'draw', 'pass', '4h', 'draw', 'pass', '5h!', 'draw', 'pass', '2h');
    const o = resultOf(g);
    expect(o.rounds[0].points).toEqual([0, 6 + 7 + 10 + 10 + 1 + 9 + 9 + 9 + 10]);
    expect(o.finished).toBe(false);
  });

  it('S-V4: several cards of one rank in one move; the last one sets the suit', () => {
    const g = four({ multiSameRank: true }, ['9s', '9c', 'Kh', '2c', 'Ts']);
    expect(listed(g)).toEqual(expect.arrayContaining(['9s+[9c]', '9c+[9s]', '9s', '9c', 'Kh']));
    const after = act(g, '9s+9c');
    expect(viewFor(after, 1).activeSuit).toBe('c');
    expect(viewFor(after, 1).handCounts[0]).toBe(3);
    expect(ruleOf(g, '9s+Kh')).toBe('S-V4');
    expect(ruleOf(four({}, ['9s', '9c', 'Kh', '2c', 'Ts']), '9s+9c')).toBe('S8');
  });

  it('S-V5: several cards of the active suit in one move; the last one lies on top', () => {
    const g = four({ multiSameSuit: true }, ['3h', '7h', 'Kh', '2c', 'Ts']);
    expect(listed(g)).toEqual(expect.arrayContaining(['3h+[7h Kh]', '7h+[3h Kh]', 'Kh+[3h 7h]']));
    const after = act(g, '3h+7h+Kh');
    expect(viewFor(after, 1).top).toBe('Kh');
    expect(viewFor(after, 1).handCounts[0]).toBe(2);
    expect(ruleOf(g, '3h+2c')).toBe('S-V5');
  });

  it('S-V6: no eight and no change of suit on the starter\'s first turn (or everyone\'s)', () => {
    const starter = four({ noTwistFirstTurn: 'starter' }, ['9s', '8d', 'Kh', '2c', 'Ts'], ['9c', '3c', '4c', '5d', '6d']);
    expect(listed(starter)).toEqual(['Kh', 'draw']);
    expect(ruleOf(starter, '9s')).toBe('S-V6');
    expect(ruleOf(starter, '8d>s')).toBe('S-V6');
    const afterStarter = act(starter, 'Kh');
    expect(listed(afterStarter)).toEqual(['draw']); // Ola has no heart and no king
    const everyone = act(four({ noTwistFirstTurn: 'everyone' }, ['9s', '8d', 'Kh', '2c', 'Ts'], ['Kc', '3h', '4c', '5d', '6d']), 'Kh');
    expect(listed(everyone)).toEqual(['3h', 'draw']);
    const free = act(four({ noTwistFirstTurn: 'starter' }, ['9s', '8d', 'Kh', '2c', 'Ts'], ['Kc', '3h', '4c', '5d', '6d']), 'Kh');
    expect(listed(free)).toEqual(['3h', 'Kc', 'draw']);
  });

  it('S-V6: a same-rank group that ends in another suit on a first turn is refused as S-V6, with a true sentence', () => {
    const g = four({ noTwistFirstTurn: 'starter', multiSameRank: true }, ['9s', '3h', 'Kh', 'Ks', 'Ts'], ['9c', '3c', '4c', '5d', '6d']);
    const r = tryAct(g, 'Kh+Ks');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.rule).toBe('S-V6');
    expect(r.error.message).toMatch(/No twist on the first turn/);
    expect(r.error.message).not.toMatch(/share one rank/);
    // After the first turn the same group is fine.
    const later = four({ noTwistFirstTurn: 'off', multiSameRank: true }, ['9s', '3h', 'Kh', 'Ks', 'Ts'], ['9c', '3c', '4c', '5d', '6d']);
    expect(tryAct(later, 'Kh+Ks').ok).toBe(true);
  });

  it('S8 S-V4: a group whose first card fits neither suit nor rank is refused for that card (S8), not for the group', () => {
    const g = four({ multiSameRank: true }, ['Ks', 'Kc', '2h', '5c', '6c']);
    const r = tryAct(g, 'Ks+Kc');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.rule).toBe('S8');
    expect(r.error.message).toMatch(/cannot play Ks: it must be a heart \(the suit in play\), a nine \(the rank on top\) or an eight/);
    // A first card that fits with a companion that does not is the group's fault (S-V4).
    const mixed = tryAct(four({ multiSameRank: true }, ['9s', 'Kc', '2h', '5c', '6c']), '2h+5c');
    expect(mixed.ok || mixed.error.rule).toBe('S-V4');
  });

  it('S-V6 wins over S-V8: on a first turn under no-twist a stacked 2 of another suit is refused', () => {
    const rules = { specialCards: true, stackTwos: true, noTwistFirstTurn: 'everyone' };
    const g = act(four(rules, undefined, ['2c', '3h', '5d', '6d', '7d']), '2h');
    expect(viewFor(g, 1).pendingDraw).toBe(2);
    expect(listed(g)).toEqual(['draw']);
    const r = tryAct(g, '2c');
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.rule, r.error.code]).toEqual(['S-V6', 'firstTurnNoTwist']);
  });

  it('S-V7: a 2 makes the next player draw two and lose the turn; a queen skips; an ace reverses', () => {
    const two = act(four({ specialCards: true }), '2h');
    expect(viewFor(two, 1).handCounts[1]).toBe(7);
    expect(toMove(two)).toBe(2);
    const queen = act(four({ specialCards: true }), 'Qh');
    expect(toMove(queen)).toBe(2);
    expect(viewFor(queen, 1).handCounts[1]).toBe(5);
    const ace = act(four({ specialCards: true }), 'Ah');
    expect(toMove(ace)).toBe(3);
    expect(viewFor(ace, 0).direction).toBe('counterclockwise');
  });

  it('S-V8: a draw-two may be answered with a 2; the next player then draws four', () => {
    const g = act(four({ specialCards: true, stackTwos: true }, undefined, ['2c', '4c', '5d', '6d', '7d']), '2h');
    expect(viewFor(g, 1).pendingDraw).toBe(2);
    expect(listed(g)).toEqual(['2c', 'draw']);
    expect(ruleOf(g, 'pass')).toBe('S-V8');
    const stacked = act(g, '2c');
    expect(viewFor(stacked, 2).pendingDraw).toBe(4);
    const took = act(stacked, 'draw');
    expect(viewFor(took, 2).handCounts[2]).toBe(9);
    expect(toMove(took)).toBe(3);
  });

  it('S-V9: svenskevri — an ace makes every other player draw one card', () => {
    const g = act(four({ svenskevri: true }), 'Ah');
    expect(viewFor(g, 0).handCounts).toEqual([4, 6, 6, 6]);
    expect(toMove(g)).toBe(1);
  });

  it('S-V10: aceDraws — the next player draws N before playing', () => {
    const g = act(four({ aceDraws: 2 }), 'Ah');
    expect(viewFor(g, 1).handCounts[1]).toBe(7);
    expect(toMove(g)).toBe(1);
  });

  it('S-V11: an eight may not be played on an eight', () => {
    const g = act(four({ noEightOnEight: true }, ['8d', 'Kh', '2c', 'Ts', 'Js'], ['8c', '3c', '4c', '5d', '6d']), '8d>h');
    expect(ruleOf(g, '8c>c')).toBe('S-V11');
    expect(listed(g)).toEqual(['draw']);
  });

  it('S-V12: an eight may not be your last card', () => {
    const g = act(duel({ noWinOnEight: true }, ['Kh', '3h', '4h', '5h', '8d']), 'Kh', 'draw', 'pass', '3h', 'draw', 'pass', '4h', 'draw', 'pass', '5h!', 'draw', 'pass');
    expect(listed(g)).toEqual(['draw']);
    expect(ruleOf(g, '8d>h')).toBe('S-V12');
  });

  it('S14 S-V12: after a forced draw that does not fit, the eight is refused as S14 (only the drawn card), not as S8; without drawnCardMustBePlayed it may be laid', () => {
    const seq = ['Kh', 'draw', 'pass', '3h', 'draw', 'pass', '4h', 'draw', 'pass', '5h!', 'draw', 'pass', 'draw'];
    const g = act(duel({ noWinOnEight: true }, ['Kh', '3h', '4h', '5h', '8d']), ...seq);
    expect(viewFor(g, 0).hand).toEqual(['8d', 'Td']);
    const r = tryAct(g, '8d>h');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect([r.error.rule, r.error.code, r.error.params]).toEqual(['S14', 'onlyDrawnCard', { player: 'Siri', card: '8d' }]);
      expect(r.error.message).toContain('only the card drawn');
    }
    // One draw a turn here (maxDraws 1): it is spent, so the turn ends with a pass.
    expect(listed(g)).toEqual(['pass']);
    const free = act(duel({ noWinOnEight: true, drawnCardMustBePlayed: false }, ['Kh', '3h', '4h', '5h', '8d']), ...seq);
    expect(tryAct(free, '8d>h').ok).toBe(true);
  });

  it('S-V13: hand size, two-player hand size and the extra card for the starter or the dealer', () => {
    const seven = unwrap(createGame({ players: ['A', 'B', 'C'], seed: 'h', rules: { handSize: 7 } }));
    expect(viewFor(seven, 0).handCounts).toEqual([7, 7, 7]);
    const starter = unwrap(createGame({ players: ['A', 'B', 'C'], seed: 'h', rules: { starterExtraCard: true } }));
    expect(viewFor(starter, 0).handCounts).toEqual([6, 5, 5]);
    const dealer = unwrap(createGame({ players: ['A', 'B', 'C'], seed: 'h', rules: { dealerExtraCard: true } }));
    expect(viewFor(dealer, 0).handCounts).toEqual([5, 5, 6]);
    const two = unwrap(createGame({ players: ['A', 'B'], seed: 'h', rules: { twoPlayerHandSize: 6 } }));
    expect(viewFor(two, 0).handCounts).toEqual([6, 6]);
  });

  it('S-V14: two decks — each card twice; a deal with a third copy is refused', () => {
    const g = table({ rules: { decks: 2 }, hands: [['Kh', 'Kh', '2c', '3c', '4c'], ['5d', '6d', '7d', '9d', 'Td']], upcard: '9h', decks: 2 });
    expect(viewFor(g, 0).hand).toEqual(['2c', '3c', '4c', 'Kh', 'Kh']);
    expect(viewFor(g, 0).stockCount).toBe(104 - 11);
    const after = act(g, 'Kh');
    expect(viewFor(after, 0).hand).toEqual(['2c', '3c', '4c', 'Kh']);
    const bad = dealOf([['Kh', 'Kh', '2c', '3c', '4c'], ['5d', '6d', '7d', '9d', 'Td']], 'Kh', [], 2);
    const r = createGame({ players: ['A', 'B'], rules: { decks: 2 }, deal: bad });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.rule).toBe('S1');
  });

  it('S-V15: with dealerChooses a turned eight stays and the dealer names the suit', () => {
    const g = table({ rules: { starterEight: 'dealerChooses' }, hands: [['Kc', '2h', '3h', '4h', '5h'], ['6c', '7c', 'Jd', 'Qs', 'Ac']], upcard: '8s' });
    expect(toMove(g)).toBe(1); // the dealer (last seat) names first
    expect(viewFor(g, 1).phase).toBe('nameSuit');
    expect(ruleOf(g, '0:>c')).toBe('S7');
    const named = act(g, '1:>c');
    expect(viewFor(named, 0).activeSuit).toBe('c');
    expect(toMove(named)).toBe(0);
    expect(listed(named)).toContain('Kc');
  });

  it('S-V16: drawnCardMustBePlayed off — a drawn card that fits may be kept', () => {
    const g = act(
      table({ rules: { drawnCardMustBePlayed: false }, hands: [['Kh', '3h', '4h', '5h', '2h'], ['6c', '7c', 'Jd', 'Qs', 'Ac']], upcard: '9h', stockTop: ['Kc', '9c', '9d'] }),
      'Kh', 'draw',
    );
    expect(listed(g)).toEqual(['Kc', 'draw']);
    const kept = act(g, 'draw', 'draw');
    expect(listed(kept)).toEqual(['Kc', 'pass']);
    expect(toMove(act(kept, 'pass'))).toBe(0);
  });

  it('S-V17: playOutForPlaces — the game goes on after the winner until one player is left', () => {
    let g = unwrap(createGame({ players: ['A', 'B', 'C', 'D'], seed: 'playout', rules: { playOutForPlaces: true } }));
    while (toMove(g) !== null) g = unwrap(apply(g, legalActions(g)[0]));
    const r = resultOf(g).rounds[0];
    expect([...(r.places ?? [])].sort()).toEqual([1, 2, 3, 4]);
    expect(r.hands.filter((h) => h > 0)).toHaveLength(1);
  });
});
