/**
 * The public tier: readonly game values, checked actions, rule errors.
 *
 *     const g = createGame({ game: 'olsen', players: ['Kari', 'Ola'], seed: 'x' });
 *     if (!g.ok) throw new Error(g.error.message);
 *     const next = apply(g.value, legalActions(g.value)[0]);   // Result<Game, GameError>
 *
 * Every function here is pure: a Game is never changed, `apply` returns a new
 * one (or an error value naming the rule). Under it the `Sim` does the work.
 */
import { EIGHT, makeCard, parseCard, parseSuit, rankOf } from '../core/card.js';
import { randomSeed, type CreateWith, type GameOf, type VerifyResult } from '../core/family.js';
import { gameError, malformed, type GameError, type RoundResult } from '../core/errors.js';
import { clip, quote } from '../core/text.js';
import { resolveRules, handSizeFor, type RuleSet, type SheddingPreset } from './rules.js';
import {
  A_CALL,
  A_DRAW,
  A_PASS,
  A_PLAY,
  E_NEED_SEED_S16,
  E_NONE,
  F_CALL,
  F_MORE,
  O_DEALER,
  O_ERROR,
  O_HAND_COUNT,
  O_PLACE,
  O_POINTS,
  O_RNG_OK,
  O_TOTAL,
  O_WINDOW,
  O_WINNER,
  O_BLOCKED,
  P_GAME_OVER,
  P_NAME,
  P_ROUND_OVER,
  P_TURN,
  Sim,
  catchCode,
  nameCode,
  playCode,
} from './sim.js';
import { SUITS, err, ok, type CardName, type Result, type Seat, type Suit } from '../core/types.js';
import { standingsFromKeys, type Standings } from '../core/standings.js';
import { appendAction, emptyRound, roundLength } from '../core/round-log.js';
import { whyNotCatch, whyNotDraw, whyNotPass, whyNotPlay } from './why.js';

// ---- actions -------------------------------------------------------------
/** One action, in the same shape as a record's `actions[]` entry (docs/record.md). */
export type Action =
  | { readonly seat: Seat; readonly play: readonly CardName[]; readonly suit?: Suit; readonly call?: boolean }
  | { readonly seat: Seat; readonly draw: true }
  | { readonly seat: Seat; readonly pass: true }
  | { readonly seat: Seat; readonly call: true }
  | { readonly seat: Seat; readonly catch: Seat }
  /** S-V15 `dealerChooses`: the dealer names the suit of a turned eight. */
  | { readonly seat: Seat; readonly suit: Suit };

/** A deal: from a seed, or explicit (hands in seat order, the turned card, the stock top first). */
export type Deal =
  | { readonly seed: string }
  | { readonly hands: readonly (readonly CardName[])[]; readonly upcard: CardName; readonly stock: readonly CardName[]; readonly seed?: string };

export interface RoundLog {
  /** Seat of the dealer, e.g. 3; the seat to its left starts. */
  readonly dealer: Seat;
  readonly deal: Deal;
  /** Every accepted action of the round, in order. */
  readonly actions: readonly Action[];
}

/** A forgotten call caught (S20): the log index of the catch, who was caught and by whom, the penalty cards drawn. */
export interface CaughtCall {
  readonly at: number;
  readonly seat: Seat;
  readonly by: Seat;
  readonly cards: readonly CardName[];
}

/** A game of Olsen or Vri åtter: readonly, never mutated; `apply` makes the next one. */
export interface Game extends GameOf<SheddingPreset, RuleSet, RoundLog> {
  /** @internal The forgotten calls caught this round (S20) with the cards each drew: what the views tell. */
  readonly catches: readonly CaughtCall[];
}

/** A new game: a preset (default `olsen`), house rules over it, the players, a seed or an explicit first deal, the first dealer. */
export interface CreateOptions extends Omit<CreateWith, 'game' | 'deal'> {
  readonly game?: string;
  readonly deal?: Deal;
}

// ---- creating ---------------------------------------------------------------
export function createGame(options: CreateOptions): Result<Game, GameError> {
  const players = options.players;
  if (!Array.isArray(players) || players.some((p) => typeof p !== 'string')) return err(malformed('Players must be a list of names.'));
  const game = options.game ?? 'olsen';
  const rules = resolveRules(game, options.rules ?? {}, players.length);
  if (!rules.ok) return err({ rule: rules.error.rule, code: rules.error.code ?? 'rules', message: rules.error.message, ...(rules.error.params ? { params: rules.error.params } : {}) });
  const dealer = options.dealer ?? players.length - 1;
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= players.length) return err(malformed(`The dealer must be a seat from 0 to ${players.length - 1}.`));
  // No seed and no deal: a random seed, kept by the game so that its record replays.
  const seed = options.seed ?? (options.deal ? null : randomSeed());
  const deal: Deal = options.deal ?? { seed: `${seed}/1` };
  const base = {
    game: rules.value.game,
    rules: rules.value,
    players: Object.freeze([...players]),
    seed,
    rounds: [],
    results: [],
    version: 0,
    catches: [],
    core: new Sim(rules.value, players.length).snapshot(),
  } satisfies Game;
  const sim = new Sim(rules.value, players.length);
  sim.newGame();
  return startRound(base, sim, dealer, deal);
}

/** Checks and applies a deal for the next round (`dealer` given). */
function startRound(g: Game, sim: Sim, dealer: Seat, deal: Deal): Result<Game, GameError> {
  if ('hands' in deal) {
    const checked = checkExplicitDeal(g, dealer, deal);
    if (!checked.ok) return checked;
    if (deal.seed !== undefined) sim.seed(deal.seed);
    else sim.st[O_RNG_OK] = 0;
    sim.dealExplicit(dealer, checked.value.hands, checked.value.upcard, checked.value.stock);
    if (sim.st[O_ERROR] !== E_NONE) return err(gameError('S5', 'needSeed', {}));
  } else {
    if (typeof deal.seed !== 'string') return err(malformed('A deal needs a seed string or explicit hands, upcard and stock.'));
    sim.seed(deal.seed);
    sim.dealRound(dealer);
  }
  return ok(
    Object.freeze({
      ...g,
      rounds: Object.freeze([...g.rounds, emptyRound<RoundLog, Action>({ dealer, deal })]),
      version: g.version + 1,
      catches: NO_CATCHES,
      core: sim.snapshot(),
    }),
  );
}

function checkExplicitDeal(g: Game, dealer: Seat, deal: Extract<Deal, { hands: unknown }>): Result<{ hands: number[][]; upcard: number; stock: number[] }, GameError> {
  const n = g.players.length;
  const round = g.rounds.length + 1;
  if (!Array.isArray(deal.hands) || deal.hands.length !== n) return err({ rule: 'S3', code: 'malformed', message: `Round ${round}: the deal must have one hand for each of the ${n} players.` });
  const counts = new Map<number, number>();
  const take = (text: unknown, where: string): Result<number, GameError> => {
    const c = parseCard(text);
    if (c < 0) return err(malformed(`Round ${round}, ${where}: ${quote(text)} is not a card (ranks A K Q J T 9-2, suits c d h s).`.replace(/"([^"]*)"/, "'$1'")));
    counts.set(c, (counts.get(c) ?? 0) + 1);
    return ok(c);
  };
  const hands: number[][] = [];
  for (let s = 0; s < n; s++) {
    const raw = deal.hands[s];
    if (!Array.isArray(raw)) return err(malformed(`Round ${round}: ${clip(g.players[s])}'s hand must be a list of cards.`));
    const hand: number[] = [];
    for (const t of raw) {
      const c = take(t, `${clip(g.players[s])}'s hand`);
      if (!c.ok) return c;
      hand.push(c.value);
    }
    hands.push(hand);
  }
  const up = take(deal.upcard, 'the upcard');
  if (!up.ok) return up;
  if (!Array.isArray(deal.stock)) return err(malformed(`Round ${round}: the stock must be a list of cards.`));
  const stock: number[] = [];
  for (const t of deal.stock) {
    const c = take(t, 'the stock');
    if (!c.ok) return c;
    stock.push(c.value);
  }
  const size = handSizeFor(g.rules, n);
  for (let s = 0; s < n; s++) {
    const want = size + (g.rules.starterExtraCard && s === (dealer + 1) % n ? 1 : 0) + (g.rules.dealerExtraCard && s === dealer ? 1 : 0);
    if (hands[s].length !== want) {
      return err({ rule: 'S3', code: 'malformed', message: `Round ${round}: ${clip(g.players[s])} was dealt ${hands[s].length} cards; this seat gets ${want}.` });
    }
  }
  const copies = g.rules.decks;
  const problems: string[] = [];
  for (let s = 0; s < 4; s++) {
    for (let r = 0; r < 13; r++) {
      const c = (s << 4) | r;
      const k = counts.get(c) ?? 0;
      if (k > copies) problems.push(`${makeCard(c)} appears ${k} times`);
      else if (k < copies) problems.push(`${makeCard(c)} is missing`);
    }
  }
  if (problems.length > 0) {
    return err({ rule: 'S1', code: 'malformed', message: `Round ${round}: the deal must use every card of ${copies === 1 ? 'the deck exactly once' : 'both decks exactly twice'}: ${problems.slice(0, 3).join(', ')}${problems.length > 3 ? ', …' : ''}.` });
  }
  return ok({ hands, upcard: up.value, stock });
}

/** Deals the next round of a points game (S6: the deal moves one seat to the left). */
export function nextRound(g: Game, deal?: Deal): Result<Game, GameError> {
  const sim = load(g);
  if (sim.phase === P_GAME_OVER) return err(gameError('S24', 'gameOver', {}));
  if (sim.phase !== P_ROUND_OVER) return err(malformed('The round is still being played.'));
  const dealer = (sim.st[O_DEALER] + 1) % g.players.length;
  const d: Deal = deal ?? { seed: `${g.seed ?? 'olsen'}/${g.rounds.length + 1}` };
  return startRound(g, sim, dealer, d);
}

/** Starts a round with a given dealer and deal (records, where the dealer is written down). */
export function createRound(g: Game, dealer: Seat, deal: Deal): Result<Game, GameError> {
  return startRound(g, load(g), dealer, deal);
}

// ---- reading --------------------------------------------------------------
/** A simulator loaded with the game's state (a fresh object: the snapshot stays untouched). */
export function load(g: Game, stackDepth = 0): Sim {
  const sim = new Sim(g.rules, g.players.length, stackDepth);
  sim.load(g.core);
  return sim;
}

/** Simulators kept per rule set and table size for `readWith` (a view reads one per seat on every move). */
const readers = new WeakMap<RuleSet, Sim[]>();

/**
 * @internal A simulator loaded with the game's state for reading only, within
 * one synchronous call: the same object serves the next call, so it must not
 * be kept, changed, or held across a call that reads another game. Loading it
 * is a copy where `load` allocates a simulator and its buffers.
 */
export function readWith(g: Game): Sim {
  let byPlayers = readers.get(g.rules);
  if (!byPlayers) readers.set(g.rules, (byPlayers = []));
  const sim = (byPlayers[g.players.length] ??= new Sim(g.rules, g.players.length));
  sim.load(g.core);
  return sim;
}

export type Phase = 'turn' | 'nameSuit' | 'roundOver' | 'gameOver';
const PHASES: readonly Phase[] = ['turn', 'nameSuit', 'roundOver', 'gameOver'];
export const phaseOf = (g: Game): Phase => PHASES[g.core[1]];

/** The seat to act, or null when the round or game is over. */
export function toMove(g: Game): Seat | null {
  const p = g.core[1];
  return p === P_TURN || p === P_NAME ? g.core[2] : null;
}

export const handOf = (g: Game, seat: Seat): CardName[] => load(g).hand(seat).map(makeCard);

// ---- legal actions --------------------------------------------------------------
const codes = new Int32Array(512);

function toAction(seat: Seat, cards: number[], a: number): Action {
  const suit = ((a >> 9) & 7) - 1;
  const play = cards.map(makeCard);
  const base: { seat: Seat; play: CardName[]; suit?: Suit; call?: boolean } = { seat, play };
  if (suit >= 0) base.suit = SUITS[suit];
  if (a & F_CALL) base.call = true;
  return base;
}

/**
 * The legal one-card moves of the player to act (with the suit named for an
 * eight), draws, passes and suit namings. A play that leaves one card is
 * listed with the call; `includeForgottenCalls` also lists it without
 * (forgetting is legal, and may be caught under S20). Moves of several cards
 * (S-V4, S-V5) are too many to list one by one: `legalGroups` describes them.
 */
export function legalActions(g: Game, options: { includeForgottenCalls?: boolean } = {}): Action[] {
  return legalActionsIn(load(g), options);
}

/** @internal `legalActions` on a simulator already loaded with the game (a view reads one simulator for all its fields). */
export function legalActionsIn(sim: Sim, options: { includeForgottenCalls?: boolean } = {}): Action[] {
  const seat = sim.toMove;
  if (sim.phase === P_NAME) return SUITS.map((suit) => ({ seat, suit }));
  if (sim.phase !== P_TURN) return [];
  const out: Action[] = [];
  const n = sim.generate(codes);
  for (let i = 0; i < n; i++) {
    const a = codes[i];
    const kind = a & 7;
    if (kind === A_DRAW) out.push({ seat, draw: true });
    else if (kind === A_PASS) out.push({ seat, pass: true });
    else if (kind === A_PLAY && !(a & F_MORE)) {
      const cards = [(a >> 3) & 63];
      out.push(toAction(seat, cards, a));
      if (a & F_CALL && options.includeForgottenCalls) out.push(toAction(seat, cards, a & ~F_CALL));
    }
  }
  return out;
}

/**
 * A family of multi-card moves (S-V4 same rank, S-V5 same suit): `first`,
 * then one or more of `with` in any order (each copy once), all of one kind
 * (`mode`); the last card lies on top (an eight there names a suit), and a
 * move that leaves one card may carry the call. `apply` is the judge of one
 * such move; these describe them all in space linear in the hand.
 */
export interface GroupOption {
  readonly seat: Seat;
  readonly first: CardName;
  readonly mode: 'rank' | 'suit';
  readonly with: readonly CardName[];
}

/**
 * The longest moves of a group option: for each card that may lie on top,
 * the first card, every other companion, then that card (an eight on top
 * once per suit it may name; the call when one card is left of `handSize`).
 * What a player who sheds as much as the option allows chooses between.
 */
export function widestGroups(o: GroupOption, handSize: number): Action[] {
  const out: Action[] = [];
  const left = handSize - 1 - o.with.length;
  const tops = o.with.filter((c, i) => o.with.indexOf(c) === i);
  for (const top of tops) {
    const rest = [...o.with];
    rest.splice(rest.indexOf(top), 1);
    const play = [o.first, ...rest, top];
    const base = { seat: o.seat, play, ...(left === 1 ? { call: true } : {}) };
    if (rankOf(parseCard(top)) === EIGHT) for (const suit of SUITS) out.push({ ...base, suit });
    else out.push(base);
  }
  return out;
}

/**
 * The finished moves that lay `cards` (the option's first card, then picked
 * companions; the last lies on top) from a hand of `handSize`: one per suit
 * an eight on top may name, and each also with the call when one card would
 * be left (S18; forgetting it is legal). Empty when `cards` is not a group of
 * the option. A screen builds a group by picking cards and asks this for the
 * actions, never writing one itself.
 */
export function completeGroup(o: GroupOption, cards: readonly CardName[], handSize: number): Action[] {
  if (cards.length < 2 || cards[0] !== o.first) return [];
  const rest = [...o.with];
  for (const c of cards.slice(1)) {
    const i = rest.indexOf(c);
    if (i < 0) return [];
    rest.splice(i, 1);
  }
  const play = [...cards];
  const calls = handSize - cards.length === 1 ? [false, true] : [false];
  const out: Action[] = [];
  const top = parseCard(cards[cards.length - 1]);
  for (const call of calls) {
    const base = { seat: o.seat, play, ...(call ? { call: true } : {}) };
    if (rankOf(top) === EIGHT) for (const suit of SUITS) out.push({ ...base, suit });
    else out.push(base);
  }
  return out;
}

/** The multi-card moves open to the player to act, one entry per first card and kind. */
export function legalGroups(g: Game): GroupOption[] {
  if (!g.rules.multiSameRank && !g.rules.multiSameSuit) return [];
  const sim = load(g, 2);
  const seat = sim.toMove;
  if (sim.phase !== P_TURN) return [];
  const out: GroupOption[] = [];
  const firsts = Array.from(codes.subarray(0, sim.generate(codes))).filter((a) => (a & 7) === A_PLAY && a & F_MORE);
  for (const a of firsts) {
    const first = (a >> 3) & 63;
    sim.push();
    sim.apply(a);
    const n = sim.generate(codes);
    const byMode: Record<'rank' | 'suit', number[]> = { rank: [], suit: [] };
    for (let i = 0; i < n; i++) {
      const c = (codes[i] >> 3) & 63;
      const list = byMode[rankOf(c) === rankOf(first) ? 'rank' : 'suit'];
      // A card is listed once per copy in hand (two decks): the codes repeat it per suit named and per call.
      if (!list.includes(c)) list.push(c);
    }
    sim.pop();
    for (const mode of ['rank', 'suit'] as const) {
      const list = byMode[mode];
      if (list.length === 0) continue;
      const cards: CardName[] = [];
      for (const c of list) for (let k = sim.copies(seat, c) - (c === first ? 1 : 0); k > 0; k--) cards.push(makeCard(c));
      if (cards.length > 0) out.push({ seat, first: makeCard(first), mode, with: cards });
    }
  }
  return out;
}

/** Actions open to seats other than the one to act: catching a forgotten call (S20), or making it late (S18). */
export function catchActions(g: Game): Action[] {
  return catchActionsIn(g, load(g));
}

/** @internal `catchActions` on a simulator already loaded with the game. */
export function catchActionsIn(g: Game, sim: Sim): Action[] {
  const target = sim.st[O_WINDOW];
  if (target < 0 || sim.phase !== P_TURN) return [];
  const out: Action[] = [{ seat: target, call: true }];
  if (g.rules.forgottenCallPenalty > 0) {
    for (let s = 0; s < g.players.length; s++) if (s !== target) out.push({ seat: s, catch: target });
  }
  return out;
}

// ---- applying ---------------------------------------------------------------
const NO_CATCHES: readonly CaughtCall[] = Object.freeze([]);

/** The catch at log index `at`: the cards in the caught hand after that were not there before (two decks: copies count). */
function caughtCall(a: Extract<Action, { catch: Seat }>, at: number, before: readonly number[], after: readonly number[]): CaughtCall {
  const left = [...before];
  const cards: CardName[] = [];
  for (const c of after) {
    const i = left.indexOf(c);
    if (i >= 0) left.splice(i, 1);
    else cards.push(makeCard(c));
  }
  return Object.freeze({ at, seat: a.catch, by: a.seat, cards: Object.freeze(cards) });
}
/** Applies an action: the next game, or an error naming the rule. Never throws on bad input. */
export function apply(g: Game, action: unknown): Result<Game, GameError> {
  const parsed = parseActionShape(action, g.players.length);
  if (!parsed.ok) return parsed;
  const a = parsed.value;
  // No push/pop while applying: a simulator without a stack (a 17-state buffer here was 20 KB per move).
  const sim = load(g);
  // A catch: the caught hand before, to tell which penalty cards it drew.
  const before = 'catch' in a ? sim.hand(a.catch) : null;
  const res = applyTo(g, sim, a);
  if (res) return err(res);
  if (sim.st[O_ERROR] !== E_NONE) return err(gameError(sim.st[O_ERROR] === E_NEED_SEED_S16 ? 'S16' : 'S5', 'needSeed', {}));
  const rounds = g.rounds.slice();
  const last = rounds[rounds.length - 1];
  rounds[rounds.length - 1] = appendAction(last, a);
  const results = sim.phase === P_ROUND_OVER || sim.phase === P_GAME_OVER ? [...g.results, roundResult(g.rules, sim, true)] : g.results;
  const catches = before !== null && 'catch' in a ? Object.freeze([...g.catches, caughtCall(a, roundLength(last), before, sim.hand(a.catch))]) : g.catches;
  return ok(Object.freeze({ ...g, rounds: Object.freeze(rounds), results: Object.freeze(results), version: g.version + 1, core: sim.snapshot(), catches }));
}

/** Validates the JSON shape of an action (records, network): the rule is null for malformed input. */
export function parseActionShape(raw: unknown, players: number): Result<Action, GameError> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return err(malformed('An action must be an object such as {"seat": 0, "play": ["Kc"]}.'));
  const o = raw as Record<string, unknown>;
  const seat = o.seat;
  if (!Number.isInteger(seat) || (seat as number) < 0 || (seat as number) >= players) return err(malformed(`An action's seat must be a whole number from 0 to ${players - 1} (got ${quote(seat)}).`));
  const keys = Object.keys(o).filter((k) => k !== 'seat');
  const known = ['play', 'suit', 'call', 'draw', 'pass', 'catch', 'give'];
  const unknown = keys.find((k) => !known.includes(k));
  if (unknown) return err(malformed(`Unknown action field '${clip(unknown)}'.`));
  const s = seat as number;
  if ('play' in o) {
    if (!Array.isArray(o.play) || o.play.length === 0) return err(malformed('"play" must be a non-empty list of cards.'));
    const cards: CardName[] = [];
    for (const t of o.play) {
      const c = parseCard(t);
      if (c < 0) return err(malformed(`${quote(t)} is not a card (ranks A K Q J T 9-2, suits c d h s).`));
      cards.push(makeCard(c));
    }
    if (keys.some((k) => !['play', 'suit', 'call'].includes(k))) return err(malformed('A play may carry only "suit" and "call" besides its cards.'));
    const out: { seat: Seat; play: CardName[]; suit?: Suit; call?: boolean } = { seat: s, play: cards };
    if ('suit' in o) {
      const su = parseSuit(o.suit);
      if (su < 0) return err(malformed(`${quote(o.suit)} is not a suit (c, d, h, s).`));
      out.suit = SUITS[su];
    }
    if ('call' in o) {
      if (typeof o.call !== 'boolean') return err(malformed('"call" must be true or false.'));
      if (o.call) out.call = true;
    }
    return ok(out);
  }
  if (keys.length !== 1) return err(malformed('An action must be exactly one of play, draw, pass, call, catch or a named suit.'));
  const k = keys[0];
  if (k === 'draw' && o.draw === true) return ok({ seat: s, draw: true });
  if (k === 'pass' && o.pass === true) return ok({ seat: s, pass: true });
  if (k === 'call' && o.call === true) return ok({ seat: s, call: true });
  if (k === 'catch' && Number.isInteger(o.catch) && (o.catch as number) >= 0 && (o.catch as number) < players) return ok({ seat: s, catch: o.catch as number });
  if (k === 'suit') {
    const su = parseSuit(o.suit);
    if (su >= 0) return ok({ seat: s, suit: SUITS[su] });
  }
  if (k === 'give') return err(malformed('"give" (passing cards) belongs to Danish Olsen, not to this game.'));
  return err(malformed(`The action field '${k}' has a bad value: ${quote(o[k])}.`));
}

function contains(list: Int32Array, n: number, code: number): boolean {
  for (let i = 0; i < n; i++) if ((list[i] & ~F_CALL) === (code & ~F_CALL)) return true;
  return false;
}

/** Applies `a` to `sim` if legal; otherwise returns the error. */
function applyTo(g: Game, sim: Sim, a: Action): GameError | null {
  const st = sim.st;
  const name = (s: Seat): string => g.players[s];
  const phase = sim.phase;
  // S21: the round (in Olsen the whole game) ended with the last card laid.
  if (phase === P_GAME_OVER) return gameError('S21', 'gameOver', {});
  if (phase === P_ROUND_OVER) return gameError('S21', 'roundOver', {});
  const seat = a.seat;
  const player = name(seat);
  const mover = sim.toMove;
  if ('catch' in a) {
    if (g.rules.forgottenCallPenalty === 0) return gameError('S19', 'noCatchInGame', {});
    if (a.catch === seat) return gameError('S20', 'catchSelf', { player });
    if (st[O_WINDOW] !== a.catch || phase !== P_TURN) return whyNotCatch(g, sim, a.catch);
    sim.apply(catchCode(seat));
    return null;
  }
  if ('call' in a && !('play' in a)) {
    if (st[O_WINDOW] !== seat) return gameError('S18', 'noCallNeeded', { player });
    sim.apply(A_CALL);
    return null;
  }
  if (phase === P_NAME) {
    if (seat !== mover) return gameError('S7', 'dealerNames', { other: name(mover) });
    if (!('suit' in a) || 'play' in a) return gameError('S-V15', 'dealerNames', { other: name(mover) });
    sim.apply(nameCode(SUITS.indexOf(a.suit)));
    return null;
  }
  if (seat !== mover) return gameError('S7', 'notYourTurn', { player, other: name(mover) });
  const n = sim.generate(codes);
  if ('draw' in a) {
    if (contains(codes, n, A_DRAW)) {
      sim.apply(A_DRAW);
      return null;
    }
    return whyNotDraw(g, sim, seat);
  }
  if ('pass' in a) {
    if (contains(codes, n, A_PASS)) {
      sim.apply(A_PASS);
      return null;
    }
    return whyNotPass(g, sim, seat);
  }
  if (!('play' in a)) return gameError('S-V15', 'noSuitToName', {});
  return applyPlay(g, sim, a);
}

function applyPlay(g: Game, sim: Sim, a: Extract<Action, { play: readonly CardName[] }>): GameError | null {
  const st = sim.st;
  const seat = a.seat;
  const player = g.players[seat];
  const cards = a.play.map((t) => parseCard(t));
  // Holding: count copies needed against copies held.
  const need = new Map<number, number>();
  for (const c of cards) need.set(c, (need.get(c) ?? 0) + 1);
  for (const [c, k] of need) if (sim.copies(seat, c) < k) return gameError('S8', 'notInHand', { player, card: makeCard(c) });
  if (cards.length > 1 && !g.rules.multiSameRank && !g.rules.multiSameSuit) return gameError('S8', 'oneCardOnly', {});
  const last = cards[cards.length - 1];
  if (rankOf(last) === EIGHT && a.suit === undefined) return gameError('S10', 'nameSuit', {});
  if (rankOf(last) !== EIGHT && a.suit !== undefined) return gameError('S10', 'onlyEightNamesSuit', {});
  const leavesOne = st[O_HAND_COUNT + seat] - cards.length === 1;
  for (let i = 0; i < cards.length; i++) {
    const isLast = i === cards.length - 1;
    const code = playCode(cards[i], isLast && a.suit ? SUITS.indexOf(a.suit) : -1, isLast && a.call === true, !isLast);
    const n = sim.generate(codes);
    if (!contains(codes, n, code)) return whyNotPlay(g, sim, seat, cards, i);
    sim.apply(code);
  }
  // Checked after legality so that an illegal card is reported as such first.
  if (a.call && !leavesOne) return gameError('S18', 'noCallNeeded', { player });
  return null;
}

// ---- results ------------------------------------------------------------------
function roundResult(rules: RuleSet, sim: Sim, finished: boolean): RoundResult {
  const st = sim.st;
  const n = sim.players;
  const hands = Array.from({ length: n }, (_, s) => st[O_HAND_COUNT + s]);
  const winner = st[O_WINNER] >= 0 ? st[O_WINNER] : null;
  if (!finished) return { finished, winner, places: null, hands, points: null };
  return Object.freeze({
    finished,
    winner,
    places: Array.from({ length: n }, (_, s) => st[O_PLACE + s]),
    hands,
    points: rules.scoring === 'points' ? Array.from({ length: n }, (_, s) => st[O_POINTS + s]) : null,
  });
}

/** The result so far (`VerifyResult`; between rounds `toMove` is the next round's starter), and whether the last round ended blocked (S17). */
export interface Outcome extends VerifyResult {
  readonly blocked: boolean;
}

/** The result so far, in the shape `olsen verify` prints. */
export function outcome(g: Game): Outcome {
  const sim = load(g);
  const st = sim.st;
  const phase = sim.phase;
  const n = g.players.length;
  const rounds = phase === P_TURN || phase === P_NAME ? [...g.results, roundResult(g.rules, sim, false)] : g.results;
  const finished = phase === P_GAME_OVER;
  let next: Seat | null = null;
  if (phase === P_TURN || phase === P_NAME) next = sim.toMove;
  else if (phase === P_ROUND_OVER) next = (st[O_DEALER] + 2) % n;
  return {
    finished,
    rounds,
    totals: g.rules.scoring === 'points' ? Array.from({ length: n }, (_, s) => st[O_TOTAL + s]) : null,
    gameWinners: finished ? sim.gameWinners() : null,
    toMove: next,
    blocked: st[O_BLOCKED] === 1,
  };
}


/**
 * Where every seat stands: in points games (S24) by total, lowest first; in
 * ranking games (S22) by the round's places, or while it runs by cards left.
 */
export function standings(g: Game): Standings {
  return standingsOfSim(load(g), g.rules.scoring === 'points');
}

/** @internal The standings read off a simulator (views build them from the one they load). */
export function standingsOfSim(sim: Sim, points: boolean): Standings {
  const n = sim.players;
  const final = sim.phase === P_GAME_OVER;
  const totals = points ? Array.from({ length: n }, (_, s) => sim.st[O_TOTAL + s]) : null;
  const keys = Array.from({ length: n }, (_, s) => [totals ? totals[s] : sim.placeNow(s)]);
  return standingsFromKeys(keys, final, final ? sim.gameWinners() : [], totals);
}
