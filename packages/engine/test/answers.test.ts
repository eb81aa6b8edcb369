/**
 * The answers the screens, the terminal and the bots read from a view instead of working them out beside the
 * engine (issue 35): the call, the named suit, draws left, the turn order, a catch's cards, the round's order,
 * the group's finished moves; in Danish Olsen the pass recipient, the received cards' window, the tricks with
 * their winners and the moon; the protocol's bounds; a missing seed; whose turn it is during the pass.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOUNDS, actingIn, actorsOf, moverOf, recordOf, replayRecord, resultOf, startGame, verifyRecord, viewOf } from '../src/index.js';
import { completeGroup, legalGroups, pointsOfCard, viewFor } from '../src/shedding/index.js';
import * as olsenDk from '../src/hearts/index.js';
import { type HeartsGame } from '../src/hearts/index.js';
import { HANDS_4, act, table, unwrap } from './helpers.js';

const hearts = (rules: Record<string, unknown> = {}, hands = HANDS_4): HeartsGame =>
  unwrap(olsenDk.createGame({ players: ['Anne', 'Bo', 'Carl', 'Dorte'], rules, dealer: 3, deal: { hands: hands as never } }));
const play = (g: HeartsGame, seat: number, card: string): HeartsGame => unwrap(olsenDk.apply(g, { seat, play: [card as never] }));

describe('what a shedding view answers', () => {
  it('S18 S19 S20: the call — its kind to translate, the game\'s word, and what forgetting it costs', () => {
    const hands = [['2h', 'Qh', 'Ah', '5c', '6c'], ['3c', '4c', '5d', '6d', '7d']];
    const olsen = viewFor(table({ hands, upcard: '9h' }), 0);
    expect(olsen.call).toEqual({ kind: 'olsen', word: 'Olsen', penalty: 0 });
    const vri = viewFor(table({ game: 'vri-atter', rules: { twoPlayerHandSize: null }, hands, upcard: '9h' }), 0);
    expect(vri.call).toEqual({ kind: 'lastCard', word: 'Ett kort igjen', penalty: 3 });
  });

  it('S10 S14: the suit named with an eight, and the draws left (null: unlimited; none after a voluntary draw)', () => {
    const g = table({ hands: [['8d', '2c', '3c', '4c', '5c'], ['6c', '7c', 'Jd', 'Qs', 'Ac'], ['2d', '3d', '4d', '5d', '6d']], upcard: '9h', stockTop: ['9c', '9d', 'Ks', 'Kd'] });
    expect(viewFor(g, 0).namedSuit).toBeNull();
    expect(viewFor(g, 0).drawsLeft).toBe(3);
    const named = act(g, '8d>s');
    expect(viewFor(named, 1).namedSuit).toBe('s');
    // Ola holds Qs: a draw now is voluntary (S12), and leaves no other draw; the view says so before he draws.
    expect(viewFor(named, 1).drawIsVoluntary).toBe(true);
    expect(viewFor(named, 0).drawIsVoluntary).toBe(false);
    expect(viewFor(act(named, 'draw'), 1).drawsLeft).toBe(0);
    const stuck = act(named, 'Qs', 'draw');
    expect(viewFor(stuck, 2).drawsLeft).toBe(2);
    // Nora holds no spade and no queen: her draw is the forced one, up to three.
    expect(viewFor(act(named, 'Qs'), 2).drawIsVoluntary).toBe(false);
    const unlimited = table({ rules: { maxDraws: 'unlimited' }, hands: [['2c', '3c', '4c', '5c', '6c'], ['7c', '9c', 'Tc', 'Jc', 'Qc']], upcard: '9h' });
    expect(viewFor(unlimited, 0).drawsLeft).toBeNull();
  });

  it('S-V7: the turn order after the player to act runs the way play goes, past seats out of cards', () => {
    const g = table({ rules: { specialCards: true }, hands: [['Ah', '2c', '3c', '4c', '5c'], ['6c', '7c', 'Jd', 'Qs', 'Ac'], ['2d', '3d', '4d', '5d', '6d'], ['2s', '3s', '4s', '5s', '6s']], upcard: '9h' });
    expect(viewFor(g, 0).turnOrder).toEqual([1, 2, 3]);
    // The ace turns play around (S-V7): after Siri comes Per, then Nora.
    const turned = act(g, 'Ah');
    expect(viewFor(turned, 3).turnOrder).toEqual([2, 1, 0]);
  });

  it('S20: a catch is told with the cards it drew — their number to all, the cards to the caught seat only', () => {
    const g = act(
      table({ game: 'vri-atter', rules: { twoPlayerHandSize: null, maxDraws: 1 }, hands: [['Kh', '3h', '4h', '5h', '2h'], ['6c', '7c', 'Jd', 'Qs', 'Ac']], upcard: '9h', stockTop: ['9c', '9d', '9s', 'Tc', 'Td', 'Ts', 'Jc'] }),
      'Kh', 'draw', 'pass', '3h', 'draw', 'pass', '4h', 'draw', 'pass', '5h', '1:catch:0',
    );
    expect(viewFor(g, 0).catches).toEqual([{ at: 10, seat: 0, by: 1, drew: 3, cards: ['Tc', 'Td', 'Ts'] }]);
    expect(viewFor(g, 1).catches).toEqual([{ at: 10, seat: 0, by: 1, drew: 3, cards: null }]);
    expect(viewFor(g, null).catches[0].cards).toBeNull();
  });

  it('S18 S19 S20: actingIn — the seat to highlight and what the viewer may do now always agree', () => {
    const deal = { hands: [['Kh', '3h', '4h', '5h', '2h'], ['6c', '7c', 'Jd', 'Qs', 'Ac'], ['6d', '7d', 'Qd', 'Js', 'Ad']], upcard: '9h', stockTop: ['9c', '9d', '9s', 'Tc', 'Td', 'Ts', 'Jc', '2s', '3s', '4s', '5s'] };
    const moves = ['Kh', 'draw', 'pass', 'draw', 'pass', '3h', 'draw', 'pass', 'draw', 'pass', '4h', 'draw', 'pass', 'draw', 'pass', '5h'];
    // Vri åtter: Siri (0) laid her second-last card without the call; Ola (1) is to move.
    const vri = act(table({ game: 'vri-atter', rules: { maxDraws: 1 }, ...deal }), ...moves);
    expect(actingIn(viewFor(vri, 1))).toEqual({ seats: [1], you: 'turn' });
    // Nora may catch her (S20) and Siri may still call (S18): neither is told it is their turn.
    expect(actingIn(viewFor(vri, 2))).toEqual({ seats: [1], you: 'catch' });
    expect(actingIn(viewFor(vri, 0))).toEqual({ seats: [1], you: 'call' });
    expect(actingIn(viewFor(vri, null))).toEqual({ seats: [1], you: null });
    // Olsen: the call only warns (S19), nobody catches; Siri may still say it.
    const olsen = act(table({ rules: { maxDraws: 1 }, ...deal }), ...moves);
    expect(actingIn(viewFor(olsen, 2))).toEqual({ seats: [1], you: null });
    expect(actingIn(viewFor(olsen, 0))).toEqual({ seats: [1], you: 'call' });
  });

  it("S22 S24: the round's order — by the round's points, lowest first, in Vri åtter; by place in Olsen; the score sheet", () => {
    // Siri sheds her hearts; Ola holds an eight and court cards, Nora low diamonds; both draw one card a turn.
    const deal = { hands: [['Kh', '3h', '4h', '5h', '6h'], ['8c', 'Kc', 'Qc', 'Jc', '7c'], ['2d', '3d', '4d', '5d', '6d']], upcard: '9h', stockTop: ['2s', '7s', 'Ts', 'Js', 'Qs', 'As', '2c', '9c'] };
    const moves = ['Kh', 'draw', 'pass', 'draw', 'pass', '3h', 'draw', 'pass', 'draw', 'pass', '4h', 'draw', 'pass', 'draw', 'pass', '5h!', 'draw', 'pass', 'draw', 'pass', '6h'];
    const v = viewFor(act(table({ game: 'vri-atter', rules: { maxDraws: 1 }, ...deal }), ...moves), 0);
    // Nine cards each: Ola's cost 111 points, Nora's 47, so Nora ranks above Ola (cards left would tie them).
    expect(v.roundPoints).toEqual([0, 111, 47]);
    expect(v.roundOrder).toEqual([0, 2, 1]);
    // The score sheet: every round that has ended, per seat; one object for every view of a round.
    expect(v.scoreSheet).toEqual([[0, 111, 47]]);
    const running = act(table({ game: 'vri-atter', rules: { maxDraws: 1 }, ...deal }), ...moves.slice(0, 5));
    expect(viewFor(running, 0).scoreSheet).toEqual([]);
    expect(viewFor(running, 1).scoreSheet).toBe(viewFor(act(running, 'draw'), 2).scoreSheet);
    const olsen = viewFor(act(table({ rules: { maxDraws: 1 }, ...deal }), ...moves), 0);
    expect(olsen.places).toEqual([1, 2, 2]);
    expect(olsen.roundOrder).toEqual([0, 1, 2]);
    expect(olsen.scoreSheet).toBeNull();
    // What a scoring line quotes (S24): eight 50, K/Q/J 10, ace 1, the rest face value.
    expect(['8s', 'Kh', 'Qd', 'Jc', 'As', '7h', 'Th', '2c'].map(pointsOfCard)).toEqual([50, 10, 10, 10, 1, 7, 10, 2]);
  });

  it('S-V4 S10 S18: completeGroup gives the finished moves — a suit for an eight on top, the call when one card is left', () => {
    const g = table({ rules: { multiSameRank: true }, hands: [['9s', '9c', '8h', 'Kh', '2c'], ['6c', '7c', 'Jd', 'Qs', 'Ac']], upcard: '9h' });
    const o = legalGroups(g).find((x) => x.first === '9s' && x.mode === 'rank')!;
    expect(completeGroup(o, ['9s', '9c'], 5)).toEqual([{ seat: 0, play: ['9s', '9c'] }]);
    expect(completeGroup(o, ['9s', 'Kh'], 5)).toEqual([]);
    const eights = table({ rules: { multiSameRank: true }, hands: [['8s', '8c', '2c', '3c', '4c'], ['6c', '7c', 'Jd', 'Qs', 'Ac']], upcard: '9h' });
    const e = legalGroups(eights).find((x) => x.first === '8s')!;
    expect(completeGroup(e, ['8s', '8c'], 5)).toHaveLength(4);
    // From a hand of three the group leaves one card: each suit also with the call.
    const moves = completeGroup(e, ['8s', '8c'], 3);
    expect(moves).toHaveLength(8);
    expect(moves.filter((m) => 'call' in m && m.call)).toHaveLength(4);
    expect(new Set(moves.map((m) => ('suit' in m ? m.suit : null)))).toEqual(new Set(['c', 'd', 'h', 's']));
  });
});

describe('what a Danish Olsen view answers', () => {
  it('H3: the pass recipient and size; toMove and actorsOf during the pass (everyone still to give)', () => {
    const g = hearts({ pass: 'left' });
    const v = olsenDk.viewFor(g, 0);
    expect([v.passTo, v.passSize, v.direction]).toEqual([1, 3, 'clockwise']);
    // Who the viewer's cards come from: the seat on the right when passing left.
    expect(v.passFrom).toBe(3);
    expect(olsenDk.viewFor(g, null).passFrom).toBeNull();
    expect([...actorsOf(g).keys()]).toEqual([0, 1, 2, 3]);
    // RECORD.md: the first seat from the dealer's left (dealer 3) that has not given.
    expect(moverOf(g)).toBe(0);
    const gave = unwrap(olsenDk.apply(g, { seat: 0, give: ['2c', '3c', '4c'] }));
    expect(moverOf(gave)).toBe(1);
    expect([...actorsOf(gave).keys()]).toEqual([1, 2, 3]);
  });

  it('H3: actingIn during the pass — every seat still to give is highlighted, and each is told to give', () => {
    const g = unwrap(olsenDk.apply(hearts({ pass: 'left' }), { seat: 0, give: ['2c', '3c', '4c'] }));
    expect(actingIn(olsenDk.viewFor(g, 0))).toEqual({ seats: [1, 2, 3], you: null });
    expect(actingIn(olsenDk.viewFor(g, 2))).toEqual({ seats: [1, 2, 3], you: 'give' });
    expect(actingIn(olsenDk.viewFor(g, null))).toEqual({ seats: [1, 2, 3], you: null });
  });

  it('H3 H5: received cards are news until the first card is led; each completed trick with its winner', () => {
    let g = hearts({ pass: 'left' });
    for (const [seat, cards] of [[0, ['2h', '3h', '4h']], [1, ['5h', '6h', '7h']], [2, ['8h', '9h', 'Th']], [3, ['Qh', 'Kh', 'Ah']]] as const) g = unwrap(olsenDk.apply(g, { seat, give: [...cards] as never }));
    expect(olsenDk.viewFor(g, 1).received).toEqual(['2h', '3h', '4h']);
    expect(olsenDk.viewFor(g, 1).receivedFresh).toBe(true);
    g = play(g, 0, '2c');
    expect(olsenDk.viewFor(g, 1).receivedFresh).toBe(false);
    g = play(play(play(g, 1, '6c'), 2, '9c'), 3, 'Qc');
    expect(olsenDk.viewFor(g, 0).tricks).toEqual([{ leader: 0, cards: ['2c', '6c', '9c', 'Qc'], seats: [0, 1, 2, 3], winner: 3 }]);
  });

  it('H8: the moon — who took every heart and the Qs in the hand just over', () => {
    const g = unwrap(replayRecord(JSON.parse(readFileSync(new URL('./fixtures/olsen-dk/moon-3-players.json', import.meta.url), 'utf8')))) as HeartsGame;
    const v = olsenDk.viewFor(g, 1);
    expect(resultOf(g).rounds[0].points).toEqual([0, 26, 26]);
    expect(v.moon).toBe(0);
    expect(olsenDk.viewFor(hearts(), 0).moon).toBeNull();
  });
});

describe('the generic API', () => {
  it('a game without a seed deals at random, keeps its seed, and its record replays', () => {
    const deals = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const g = unwrap(startGame({ game: 'olsen', players: ['A', 'B'] }));
      deals.add(JSON.stringify(viewOf(g, 0).hand));
      expect(verifyRecord(recordOf(g)).ok).toBe(true);
    }
    expect(deals.size).toBeGreaterThan(1);
  });

  it('the protocol bounds come from the games: six seats, three cards passed, every copy of a suit in one move', () => {
    expect(BOUNDS).toEqual({ seats: 6, passSize: 3, cardsPerMove: 26 });
  });

  it('hearts/ and core/ import nothing from shedding/ (and core/ nothing from hearts/)', () => {
    const src = new URL('../src/', import.meta.url);
    for (const [dir, banned] of [['hearts', /from '(\.\.\/)+shedding\//], ['core', /from '(\.\.\/)+(shedding|hearts)\//]] as const) {
      const files = readdirSync(new URL(`${dir}/`, src), { recursive: true }).map(String).filter((f) => f.endsWith('.ts'));
      for (const f of files) expect(readFileSync(new URL(`${dir}/${f}`, src), 'utf8'), `${dir}/${f}`).not.toMatch(banned);
    }
  });
});
