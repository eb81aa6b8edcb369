/**
 * Every error code the engine can give, table-driven: a position, the move
 * refused, and the rule, code and params it is refused with (the params let
 * a client say the sentence in its own language).
 */
import { describe, expect, it } from 'vitest';
import { DECK, makeCard } from '../src/sim-tier.js';
import { LANGS, type ErrorParams, type GameError, type Result } from '../src/index.js';
import { localizeError } from '../src/localize.js';
import { EN as ERRORS } from '../src/core/sentences/en.js';
import type { ErrorCode } from '../src/core/sentence.js';
import * as olsenDk from '../src/hearts/index.js';
import { type HeartsGame } from '../src/hearts/index.js';
import { createGame, type Game } from '../src/shedding/index.js';
import { HANDS_4, act, table, tryAct, unwrap } from './helpers.js';

const NAMES = ['Anne', 'Bo', 'Carl', 'Dorte', 'Erik'];

/** Four players; Siri (seat 0) starts on 9h. */
const four = (rules: Record<string, unknown> = {}, siri = ['2h', 'Qh', 'Ah', '5c', '6c'], ola = ['3c', '4c', '5d', '6d', '7d']): Game =>
  table({ rules, hands: [siri, ola, ['3d', '4d', 'Jd', 'Td', '9d'], ['3s', '4s', '5s', '6s', '7s']], upcard: '9h' });
/** Siri holds nothing that fits 9h; the stock's top cards are given. */
const stuck = (stockTop: string[], siri = ['2c', '3c', '4c', '5c', '6c'], rules: Record<string, unknown> = {}): Game =>
  table({ rules, hands: [siri, ['7c', '9c', 'Tc', 'Jc', 'Qc'], ['2d', '3d', '4d', '5d', '6d']], upcard: '9h', stockTop });
/** Two players; Siri sheds hearts, Ola draws one card a turn and passes. */
const duel = (game = 'olsen', rules: Record<string, unknown> = {}, siri = ['Kh', '3h', '4h', '5h', '2h']): Game =>
  table({ game, rules: { maxDraws: 1, ...rules }, hands: [siri, ['6c', '7c', 'Jd', 'Qs', 'Ac']], upcard: '9h', stockTop: ['9c', '9d', '9s', 'Tc', 'Td', 'Ts', 'Jc'] });
const shedOut = (g: Game): Game => act(g, 'Kh', 'draw', 'pass', '3h', 'draw', 'pass', '4h', 'draw', 'pass', '5h!', 'draw', 'pass', '2h');
/** Six players of vri-atter-002 with eight cards each: the stock holds three cards. */
function shortStock(): Game {
  const siri = ['2c', '3c', '4c', '5c', '6c', '7c', 'Tc', 'Jc'];
  const ola = ['2d', '3d', '4d', '5d', '6d', '7d', 'Td', 'Jd'];
  const stockTop = ['Qc', 'Qd', 'Ks'];
  const used = new Set([...siri, ...ola, '9h', ...stockTop]);
  const rest = DECK.map(makeCard).filter((c) => !used.has(c));
  const hands = [siri, ola, rest.slice(0, 8), rest.slice(8, 16), rest.slice(16, 24), rest.slice(24, 32)];
  return table({ game: 'vri-atter-002', rules: { handSize: 8 }, hands, upcard: '9h', stockTop });
}

const hearts = (rules: Record<string, unknown> = {}, hands = HANDS_4): HeartsGame =>
  unwrap(olsenDk.createGame({ players: NAMES.slice(0, 4), rules, dealer: 3, deal: { hands: hands as never } }));
const play = (g: HeartsGame, ...cards: string[]): HeartsGame => {
  for (const c of cards) g = unwrap(olsenDk.apply(g, { seat: olsenDk.toMove(g), play: [c] }));
  return g;
};
/** A finished tie-break setup: seats 0–2 tie and play one more hand; seat 3 sits out. */
function tieBreak(): HeartsGame {
  let g = unwrap(olsenDk.createGame({ players: NAMES.slice(0, 4), seed: 'tb3511', rules: { deals: 1, pass: 'none' } }));
  for (let i = 0; i < 200 && olsenDk.toMove(g) !== null; i++) {
    const seat = olsenDk.toMove(g)!;
    const v = olsenDk.apply(g, { seat, play: [firstLegal(g)] });
    g = unwrap(v);
  }
  return unwrap(olsenDk.nextRound(g));
}
const firstLegal = (g: HeartsGame): string => {
  for (const c of DECK) {
    const r = olsenDk.apply(g, { seat: olsenDk.toMove(g), play: [makeCard(c)] });
    if (r.ok) return makeCard(c);
  }
  throw new Error('no legal card');
};

type Case = [ErrorCode, string | null, () => Result<unknown, GameError>, ErrorParams];
const shed = (g: () => Game, move: string): (() => Result<unknown, GameError>) => () => tryAct(g(), move);
const dk = (g: () => HeartsGame, action: unknown): (() => Result<unknown, GameError>) => () => olsenDk.apply(g(), action);

const CASES: Case[] = [
  ['notYourTurn', 'S7', shed(() => four(), '1:draw'), { player: 'Ola', other: 'Siri' }],
  ['notInHand', 'S8', shed(() => four(), 'Kd'), { player: 'Siri', card: 'Kd' }],
  ['mustMatch', 'S8', shed(() => four(), '5c'), { player: 'Siri', card: '5c', top: '9h', active: 'h' }],
  ['mustPlayDrawn', 'S13', shed(() => act(stuck(['Kh']), 'draw'), 'draw'), { player: 'Siri', card: 'Kh' }],
  ['voluntaryDrawOnly', 'S14', shed(() => act(stuck(['7s'], ['Kh', '2c', '3c', '4c', '5c']), 'draw'), 'Kh'), { player: 'Siri' }],
  ['firstTurnNoTwist', 'S-V6', shed(() => four({ noTwistFirstTurn: 'starter' }, ['9s', '8d', 'Kh', '2c', 'Ts']), '9s'), { player: 'Siri', active: 'h' }],
  ['noEightOnEight', 'S-V11', shed(() => act(four({ noEightOnEight: true }, ['8d', 'Qh', 'Ah', '5c', '6c'], ['8c', '4c', '5d', '6d', '7d']), '8d>h'), '8c>s'), {}],
  ['onlyDrawnCard', 'S14', shed(() => act(duel('olsen', { noWinOnEight: true }, ['Kh', '3h', '4h', '5h', '8d']), 'Kh', 'draw', 'pass', '3h', 'draw', 'pass', '4h', 'draw', 'pass', '5h!', 'draw', 'pass', 'draw'), '8d>h'), { player: 'Siri', card: '8d' }],
  ['noWinOnEight', 'S-V12', shed(() => act(duel('olsen', { noWinOnEight: true }, ['Kh', '3h', '4h', '5h', '8d']), 'Kh', 'draw', 'pass', '3h', 'draw', 'pass', '4h', 'draw', 'pass', '5h!', 'draw', 'pass'), '8d>h'), { player: 'Siri' }],
  ['nameSuit', 'S10', shed(() => four({}, ['8d', 'Qh', 'Ah', '5c', '6c']), '8d'), {}],
  ['onlyEightNamesSuit', 'S10', shed(() => four(), 'Qh>s'), {}],
  ['oneCardOnly', 'S8', shed(() => four(), 'Qh+Ah'), {}],
  ['groupMismatch', 'S-V4', shed(() => four({ multiSameRank: true }, ['9s', '9c', 'Kh', '2c', 'Ts']), '9s+Kh'), { card: 'Kh', count: 0 }],
  ['drawLimit', 'S14', shed(() => act(stuck(['5s', '6s', '7s']), 'draw', 'draw', 'draw'), 'draw'), { player: 'Siri', count: 3 }],
  ['cannotDraw', 'S17', shed(() => act(shortStock(), 'draw', 'draw', 'draw', 'pass'), 'draw'), {}],
  ['passNotAllowed', 'S14', shed(() => four(), 'pass'), { player: 'Siri' }],
  ['drawFirst', 'S14', shed(() => stuck(['5s', '6s', '7s']), 'pass'), { player: 'Siri', count: 3 }],
  ['pendingTwos', 'S-V8', shed(() => act(four({ specialCards: true, stackTwos: true }, undefined, ['2c', '4c', '5d', '6d', '7d']), '2h'), 'pass'), { player: 'Ola', count: 2 }],
  ['noCallNeeded', 'S18', shed(() => four(), 'Qh!'), { player: 'Siri' }],
  ['catchCalled', 'S20', shed(() => act(duel('vri-atter', { twoPlayerHandSize: null }), 'Kh', 'draw', 'pass', '3h', 'draw', 'pass', '4h', 'draw', 'pass', '5h!'), '1:catch:0'), { other: 'Siri' }],
  ['catchNotOneCard', 'S20', shed(() => duel('vri-atter', { twoPlayerHandSize: null }), '1:catch:0'), { other: 'Siri', count: 5 }],
  ['catchTooLate', 'S20', shed(() => act(duel('vri-atter', { twoPlayerHandSize: null }), 'Kh', 'draw', 'pass', '3h', 'draw', 'pass', '4h', 'draw', 'pass', '5h', 'draw'), '1:catch:0'), { other: 'Siri' }],
  ['noCatchInGame', 'S19', shed(() => act(duel(), 'Kh', 'draw', 'pass', '3h', 'draw', 'pass', '4h', 'draw', 'pass', '5h'), '1:catch:0'), {}],
  ['catchSelf', 'S20', shed(() => act(duel('vri-atter', { twoPlayerHandSize: null }), 'Kh', 'draw', 'pass', '3h', 'draw', 'pass', '4h', 'draw', 'pass', '5h'), '0:catch:0'), { player: 'Siri' }],
  ['roundOver', 'S21', shed(() => shedOut(duel('vri-atter', { twoPlayerHandSize: null })), '1:draw'), {}],
  ['gameOver', 'S21', shed(() => shedOut(duel()), '1:draw'), {}],
  ['needSeed', 'S5', () => createGame({ players: ['A', 'B'], deal: { hands: [['2c', '3c', '4c', '5c', '6c'], ['7c', '9c', 'Tc', 'Jc', 'Qc']], upcard: '8h', stock: DECK.map(makeCard).filter((c) => !['2c', '3c', '4c', '5c', '6c', '7c', '9c', 'Tc', 'Jc', 'Qc', '8h'].includes(c)) } as never }), {}],
  ['dealerNames', 'S7', shed(() => table({ rules: { starterEight: 'dealerChooses' }, hands: [['2h', 'Qh', 'Ah', '5c', '6c'], ['3c', '4c', '5d', '6d', '7d']], upcard: '8h' }), '0:Qh'), { other: 'Ola' }],
  ['noSuitToName', 'S-V15', shed(() => four(), '>s'), {}],
  ['firstLead', 'H4', dk(() => hearts(), { seat: 0, play: ['3c'] }), { card: '2c' }],
  ['mustFollow', 'H5', dk(() => play(hearts(), '2c'), { seat: 1, play: ['5d'] }), { player: 'Bo', active: 'c' }],
  ['heartsNotBroken', 'H6', dk(() => play(hearts(), '2c', '8c', 'Jc', 'Ac'), { seat: 3, play: ['Ah'] }), {}],
  ['noPenaltyFirstTrick', 'H7', dk(() => play(hearts({}, [HANDS_4[0], HANDS_4[1], ['9c', 'Tc', 'Jc', 'Qc', 'Kc', 'Ac', '8h', '9h', 'Th', 'Jh', '8s', '9s', 'Ts'], ['Js', 'Qs', 'Ks', 'As', 'Qh', 'Kh', 'Ah', 'Qd', 'Kd', 'Ad', '9d', 'Td', 'Jd']]), '2c', '6c', '9c'), { seat: 3, play: ['Qs'] }), { player: 'Dorte' }],
  ['passFirst', 'H3', dk(() => hearts({ pass: 'left' }), { seat: 0, play: ['2c'] }), {}],
  ['passThree', 'H3', dk(() => hearts({ pass: 'left' }), { seat: 0, give: ['2c', '3c'] }), { player: 'Anne' }],
  ['alreadyPassed', 'H3', dk(() => unwrap(olsenDk.apply(hearts({ pass: 'left' }), { seat: 0, give: ['2c', '3c', '4c'] })), { seat: 0, give: ['5c', '2d', '3d'] }), { player: 'Anne' }],
  ['noPassNow', 'H3', dk(() => hearts(), { seat: 0, give: ['2c', '3c', '4c'] }), {}],
  ['notDealtIn', 'H9', dk(tieBreak, { seat: 3, play: ['2c'] }), { player: 'Dorte' }],
  ['playerCount', 'S2', () => createGame({ game: 'vri-atter', players: ['A', 'B', 'C', 'D', 'E', 'F', 'G'] }), { game: 'vri-atter', min: 2, max: 6, count: 7 }],
  ['twoDecks', 'S2', () => createGame({ players: ['A', 'B', 'C', 'D', 'E'] }), { count: 5 }],
  ['unknownRule', null, () => createGame({ players: ['A', 'B'], rules: { jokers: true } }), { other: 'jokers', game: 'olsen' }],
  ['badRuleValue', null, () => createGame({ players: ['A', 'B'], rules: { handSize: 4 } }), { other: 'handSize', describe: '5, 6, 7 or 8', got: '4', choices: ['5', '6', '7', '8'] }],
  ['houseRules', 'S-V9', () => createGame({ game: 'vri-atter', players: ['A', 'B'], rules: { specialCards: true, svenskevri: true } }), { other: 'specialCards+svenskevri' }],
];

/** Codes a whole-move API cannot reach, and why. */
const UNREACHABLE: Partial<Record<ErrorCode, string>> = {
  finishMove: 'a group is applied whole: between two actions no group is ever half laid',
};

describe('error codes', () => {
  it('a house rule\'s value is refused with its allowed values in the reader\'s language, lists and ranges alike (both families)', () => {
    const list = createGame({ game: 'vri-atter', players: ['A', 'B'], rules: { scoring: 'x' } });
    const range = olsenDk.createGame({ players: ['A', 'B', 'C', 'D'], rules: { pointLimit: 0 } } as never);
    if (list.ok || range.ok) throw new Error('both must be refused');
    expect(localizeError(list.error, 'nb')).toBe('Husregelen \'scoring\' må være \'ranking\' eller \'points\' (fikk "x").');
    expect(localizeError(list.error, 'en')).toBe('The house rule \'scoring\' must be \'ranking\' or \'points\' (got "x").');
    expect(localizeError(range.error, 'nb')).toBe('Husregelen \'pointLimit\' må være et helt tall fra 1 til 10000 (fikk 0).');
    expect(localizeError(range.error, 'de')).toBe('Die Hausregel \'pointLimit\' muss eine ganze Zahl von 1 bis 10000 sein (nicht 0).');
  });

  it('every code the engine has is either produced below or named as unreachable', () => {
    const covered = new Set<string>([...CASES.map((c) => c[0]), ...Object.keys(UNREACHABLE)]);
    expect(Object.keys(ERRORS).filter((k) => !covered.has(k))).toEqual([]);
  });

  it.each(CASES)('%s (%s): the rule, the code and the params', (code, rule, run, params) => {
    const r = run();
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect({ rule: r.error.rule, code: r.error.code, params: r.error.params }).toEqual({ rule, code, params });
    expect(r.error.message.length).toBeGreaterThan(10);
  });

  it.each(CASES)('%s (%s): a sentence in every language, each its own, naming who it is about', (code, _rule, run) => {
    const r = run();
    if (r.ok) return;
    const said = LANGS.map((l) => localizeError(r.error, l));
    for (const text of said) expect(text).toMatch(/^\S.{9,}[.!]$/s);
    expect(new Set(said).size).toBe(LANGS.length);
    const player = r.error.params?.player as string | undefined;
    if (player) for (const text of said) expect(text).toContain(player);
  });
});
