/**
 * What one seat may know (docs/rules.md V1): `viewFor(game, seat)` is the only way
 * a game's state leaves the engine for other eyes. Spectators pass `null`.
 */
import { EIGHT, makeCard, rankOf } from '../core/card.js';
import { catchActionsIn, legalActionsIn, legalGroups, phaseOf, readWith, standingsOfSim, toMove, type Action, type Game, type GroupOption, type Phase } from './game.js';
import { scoreSheetOf, type Standings } from '../core/standings.js';
import { callWordOf, type RuleSet, type SheddingPreset } from './rules.js';
import { P_GAME_OVER, P_ROUND_OVER } from './sim-layout.js';
import type { Sim } from './sim.js';
import { O_ACTIVE, O_DEALER, O_DIR, O_DISCARD_LEN, O_DRAWN, O_DRAWS, O_FIRST_TURN, O_HAND_COUNT, O_PASS_STREAK, O_PENDING, O_PLACE, O_POINTS, O_STOCK_LEN, O_TOP, O_TOTAL, O_UPCARD, O_VOLUNTARY, O_WINDOW, O_WINNER } from './sim.js';
import { SUITS, type CardName, type Seat, type Suit } from '../core/types.js';

/** The last-card call (S18): `olsen` in Olsen, `lastCard` ("Ett kort igjen") in Vri åtter. */
export interface CallInfo {
  readonly kind: 'olsen' | 'lastCard';
  /** The game's own word, e.g. `Olsen`, `Ett kort igjen`. */
  readonly word: string;
  /** Cards drawn by a player caught without it (S20, S-V1); 0: the call only warns the others (S19). */
  readonly penalty: number;
}

/** A forgotten call caught (S20), as a view tells it. */
export interface CatchNote {
  /** Index in the round's log of the catch. */
  readonly at: number;
  readonly seat: Seat;
  readonly by: Seat;
  /** Penalty cards drawn (fewer than the rule's when the stock ran short). */
  readonly drew: number;
  /** Those cards, to the caught seat only; null to everyone else. */
  readonly cards: readonly CardName[] | null;
}

/** What one seat (or a spectator, seat null) may know: docs/rules.md V1. */
export interface PlayerView {
  readonly game: SheddingPreset;
  readonly rules: RuleSet;
  readonly players: readonly string[];
  /** The viewer's seat, or null for a spectator. */
  readonly seat: Seat | null;
  readonly round: number;
  readonly dealer: Seat;
  readonly phase: Phase;
  readonly toMove: Seat | null;
  readonly direction: 'clockwise' | 'counterclockwise';
  /** The viewer's own hand (canonical order), null for spectators. */
  readonly hand: readonly CardName[] | null;
  readonly handCounts: readonly number[];
  readonly top: CardName;
  /** The card turned up to start the round (with the log, it lets a player replay the round's public story). */
  readonly upcard: CardName;
  readonly activeSuit: Suit;
  readonly stockCount: number;
  readonly discardCount: number;
  /** Cards drawn in the current turn by the player to act. */
  readonly drawsThisTurn: number;
  /**
   * Cards the player to act may still draw this turn (S14: `maxDraws` less those drawn; 0 after a voluntary
   * draw), or null where the draws are unlimited.
   */
  readonly drawsLeft: number | null;
  /** The suit named with the eight on top (S10, S-V15), or null when no eight lies there. */
  readonly namedSuit: Suit | null;
  /** The seats still holding cards in the order they play after the player to act (direction included). */
  readonly turnOrder: readonly Seat[];
  /** The last-card call of this game (S18, S19, S20): what to translate, the game's own word, the cards a forgotten one costs (0: a warning only). */
  readonly call: CallInfo;
  /** Forgotten calls caught this round (S20), each with the log index of its catch and the cards it drew (the cards only to the caught seat). */
  readonly catches: readonly CatchNote[];
  /** The card the viewer drew this turn, if the viewer is to act (own information). */
  readonly drawn: CardName | null;
  /** The viewer is to act and drew this turn while holding a card that fitted (S14's voluntary draw: own information). */
  readonly voluntaryDraw: boolean;
  /**
   * The viewer is to act, has not drawn this turn, holds a card that fits and may draw all the same: such a draw
   * is S14's voluntary draw, one card only (then lay it if it fits, or pass) — what a draw button should say.
   */
  readonly drawIsVoluntary: boolean;
  /** Turns in a row passed without a play or a draw (S17: a full circle blocks the round). */
  readonly passStreak: number;
  /** Seats whose first turn, restricted by S-V6, is still to come. */
  readonly firstTurns: readonly Seat[];
  /** Cards a stacked draw-two makes the player to act take (S-V8). */
  readonly pendingDraw: number;
  /** Seat that forgot the last-card call and may still be caught (S20), or null. */
  readonly catchable: Seat | null;
  /** Place per seat in this round (0 while a seat is still playing): S22. */
  readonly places: readonly number[];
  readonly totals: readonly number[] | null;
  /** The first seat out this round (S21), or null (still playing, or blocked: S17). */
  readonly roundWinner: Seat | null;
  /** Each seat's points of the round just over (S24, points games), else null. */
  readonly roundPoints: readonly number[] | null;
  /**
   * The seats in the order of the round just over (null while it runs): by the round's points, lowest first,
   * in points games (S24); by place in ranking games (S22). A round table lists them in this order.
   */
  readonly roundOrder: readonly Seat[] | null;
  /**
   * Every seat's hand once the round is over (they are laid on the table to count), else null. A seat's entry
   * is null where a server keeps that hand hidden (the daily deal's, until its day is over).
   */
  readonly revealed: readonly (readonly CardName[] | null)[] | null;
  /** Where every seat stands in the game (places, winners, totals): show these, never rank by hand. */
  readonly standings: Standings;
  /**
   * Points games (S24): the points of every round that has ended, per seat, in order (a score sheet; the totals
   * are their sums); null in ranking games (S22). The same object for every view of a round.
   */
  readonly scoreSheet: readonly (readonly number[])[] | null;
  /** Public actions of this round (records carry no drawn card, so they are public as they stand). */
  readonly log: readonly Action[];
  /** What the viewer may do now (own turn, or a catch/call): every one-card move, draw, pass, call, catch. */
  readonly legal: readonly Action[];
  /** The viewer's multi-card moves (S-V4, S-V5), one entry per first card and kind: see `GroupOption`. */
  readonly groups: readonly GroupOption[];
  readonly version: number;
}

/**
 * The last game state's standings, made once for the views of all its seats (frozen, so shared): a server
 * makes every seat's view of a move in a row. One entry, not a WeakMap: an entry per move would be
 * ephemerons for every old-generation collection to trace.
 */
let standingsOfLast: { game: Game; standings: Standings } | null = null;
function standingsOfView(g: Game, sim: Sim): Standings {
  if (standingsOfLast?.game !== g) standingsOfLast = { game: g, standings: standingsOfSim(sim, g.rules.scoring === 'points') };
  return standingsOfLast.standings;
}

/** One number per seat from the state (plain loops: a server makes four views per move, and `Array.from` with a length object is the slow generic path). */
function slots(st: ArrayLike<number>, at: number, n: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < n; s++) out.push(st[at + s]);
  return out;
}

/** The seats whose bit is set in a seat mask. */
function seatsIn(mask: number, n: number): Seat[] {
  const out: Seat[] = [];
  for (let s = 0; s < n; s++) if ((mask & (1 << s)) !== 0) out.push(s);
  return out;
}

/** One frozen call per rule set (views share it: nothing to allocate per view). */
const calls = new WeakMap<RuleSet, CallInfo>();
function callOf(rules: RuleSet): CallInfo {
  let c = calls.get(rules);
  if (!c) {
    const word = callWordOf(rules);
    c = Object.freeze({ kind: word === 'Olsen' ? 'olsen' : 'lastCard', word, penalty: rules.forgottenCallPenalty });
    calls.set(rules, c);
  }
  return c;
}

const NO_NOTES: readonly CatchNote[] = Object.freeze([]);
function catchNotes(g: Game, own: Seat | null): readonly CatchNote[] {
  if (g.catches.length === 0) return NO_NOTES;
  return g.catches.map((c) => ({ at: c.at, seat: c.seat, by: c.by, drew: c.cards.length, cards: c.seat === own ? c.cards : null }));
}

/** S14: the draws left to the player to act (null: unlimited). */
function drawsLeft(rules: RuleSet, st: Int32Array): number | null {
  if (st[O_DRAWS] > 0 && st[O_VOLUNTARY] === 1) return 0;
  return rules.maxDraws === 0 ? null : Math.max(0, rules.maxDraws - st[O_DRAWS]);
}

/** The seats with cards after `from`, in the direction of play. */
function orderAfter(st: Int32Array, from: Seat, n: number): Seat[] {
  const step = st[O_DIR] === 1 ? 1 : n - 1;
  const out: Seat[] = [];
  for (let i = 1, s = (from + step) % n; i < n; i++, s = (s + step) % n) if (st[O_HAND_COUNT + s] > 0) out.push(s);
  return out;
}

/** S22/S24: the seats in the order of the round just over. */
function roundOrderOf(points: readonly number[] | null, places: readonly number[]): Seat[] {
  const seats = places.map((_, s) => s);
  // Points games: the round's points, lowest first (place breaks a tie); ranking games: place (0: not placed, last).
  const rank = (p: number): number => (p === 0 ? Number.MAX_SAFE_INTEGER : p);
  return seats.sort((a, b) => (points ? points[a] - points[b] : 0) || rank(places[a]) - rank(places[b]) || a - b);
}

export function viewFor(g: Game, seat: Seat | null): PlayerView {
  // Read only, and nothing below loads another game into it (legalGroups takes its own simulator).
  const sim = readWith(g);
  const st = sim.st;
  const n = g.players.length;
  const mover = toMove(g);
  const own = seat !== null && seat >= 0 && seat < n ? seat : null;
  const legal: Action[] = [];
  const groups = own !== null && mover === own ? legalGroups(g) : [];
  const over = sim.phase === P_ROUND_OVER || sim.phase === P_GAME_OVER;
  const points = g.rules.scoring === 'points';
  if (own !== null) {
    if (mover === own) for (const a of legalActionsIn(sim)) legal.push(a);
    for (const a of catchActionsIn(g, sim)) if (a.seat === own) legal.push(a);
  }
  return {
    game: g.game,
    rules: g.rules,
    players: g.players,
    seat: own,
    round: g.rounds.length - 1,
    dealer: st[O_DEALER],
    phase: phaseOf(g),
    toMove: mover,
    direction: st[O_DIR] === 1 || n === 2 ? 'clockwise' : 'counterclockwise',
    hand: own === null ? null : sim.hand(own).map(makeCard),
    handCounts: slots(st, O_HAND_COUNT, n),
    top: makeCard(st[O_TOP]),
    upcard: makeCard(st[O_UPCARD]),
    activeSuit: SUITS[st[O_ACTIVE]],
    stockCount: st[O_STOCK_LEN],
    discardCount: st[O_DISCARD_LEN],
    drawsThisTurn: st[O_DRAWS],
    drawsLeft: drawsLeft(g.rules, st),
    namedSuit: rankOf(st[O_TOP]) === EIGHT ? SUITS[st[O_ACTIVE]] : null,
    turnOrder: orderAfter(st, mover ?? st[O_DEALER], n),
    call: callOf(g.rules),
    catches: catchNotes(g, own),
    drawn: own !== null && own === mover && st[O_DRAWN] >= 0 ? makeCard(st[O_DRAWN]) : null,
    voluntaryDraw: own !== null && own === mover && st[O_DRAWS] > 0 && st[O_VOLUNTARY] === 1,
    drawIsVoluntary: own !== null && own === mover && st[O_DRAWS] === 0 && legal.some((a) => 'play' in a && a.seat === own) && legal.some((a) => 'draw' in a),
    passStreak: st[O_PASS_STREAK],
    firstTurns: seatsIn(st[O_FIRST_TURN], n),
    pendingDraw: st[O_PENDING],
    catchable: st[O_WINDOW] >= 0 ? st[O_WINDOW] : null,
    places: slots(st, O_PLACE, n),
    totals: g.rules.scoring === 'points' ? slots(st, O_TOTAL, n) : null,
    roundWinner: st[O_WINNER] >= 0 ? st[O_WINNER] : null,
    roundPoints: over && points ? slots(st, O_POINTS, n) : null,
    roundOrder: over ? roundOrderOf(points ? slots(st, O_POINTS, n) : null, slots(st, O_PLACE, n)) : null,
    revealed: sim.phase === P_ROUND_OVER || sim.phase === P_GAME_OVER ? Array.from({ length: n }, (_, s) => sim.hand(s).map(makeCard)) : null,
    standings: standingsOfView(g, sim),
    scoreSheet: points ? scoreSheetOf(g.results) : null,
    log: g.rounds[g.rounds.length - 1]?.actions ?? [],
    legal,
    groups,
    version: g.version,
  };
}
