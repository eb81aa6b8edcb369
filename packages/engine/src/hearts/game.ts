/**
 * Danish Olsen's public tier: readonly game values, checked actions with
 * H-rule errors, views and outcomes — the same shapes as the shedding games'
 * (`RoundLog`, `RoundResult`, `GameError`), over the `HeartsSim`.
 *
 *     const g = createHeartsGame({ players: ['Anne', 'Bo', 'Carl', 'Dorte'], seed: 'x' });
 *     const next = applyHearts(g.value, heartsLegalActions(g.value)[0]);
 */
import { makeCard, parseCard, rankOf, suitOf } from '../core/card.js';
import { randomSeed, type CreateWith, type GameOf } from '../core/family.js';
import { gameError, malformed } from '../core/errors.js';
import { A_PLAY } from '../core/codes.js';
import { SUITS, err, ok, type CardName, type Result, type Seat } from '../core/types.js';
import type { GameError, RoundResult } from '../core/errors.js';
import { scoreSheetOf, standingsFromKeys, type Standings } from '../core/standings.js';
import { PASS_SIZE, resolveHeartsRules, type HeartsRules } from './rules.js';
import { clip, quote } from '../core/text.js';
import { appendAction, emptyRound } from '../core/round-log.js';
import {
  A_GIVE, H_BROKEN, H_DEALER, H_FIRST_CARD, H_GIVEN, H_LED, H_PASS_OFFSET, H_TIEBREAK,
  H_TRICKS, H_TRICK_LEN, HP_GAME_OVER, HP_HAND_OVER, HP_PASS, HP_PLAY, HeartsSim, giveCode,
} from './sim.js';

/** A Danish Olsen action: lay one card, or pass three (`give`, H3). */
export type HeartsAction = { readonly seat: Seat; readonly play: readonly [CardName] } | { readonly seat: Seat; readonly give: readonly CardName[] };

export type HeartsDeal = { readonly seed: string } | { readonly hands: readonly (readonly CardName[])[] };

export interface HeartsRoundLog {
  readonly dealer: Seat;
  readonly deal: HeartsDeal;
  readonly actions: readonly HeartsAction[];
}

/** A game of Danish Olsen: readonly, never mutated; `applyHearts` makes the next one. */
export type HeartsGame = GameOf<'olsen-dk', HeartsRules, HeartsRoundLog>;


export function loadHearts(g: HeartsGame, stackDepth = 0): HeartsSim {
  const sim = new HeartsSim(g.rules, g.players.length, stackDepth);
  sim.load(g.core);
  return sim;
}

/** A new game of Danish Olsen: house rules, the players, a seed or an explicit first deal, the first dealer. */
export interface HeartsCreateOptions extends Omit<CreateWith, 'game' | 'deal'> {
  readonly deal?: HeartsDeal;
}

export function createHeartsGame(o: HeartsCreateOptions): Result<HeartsGame, GameError> {
  if (!Array.isArray(o.players) || o.players.some((p) => typeof p !== 'string')) return err(malformed('Players must be a list of names.'));
  const rules = resolveHeartsRules(o.rules ?? {}, o.players.length);
  if (!rules.ok) return err({ rule: rules.error.rule, code: rules.error.code ?? 'rules', message: rules.error.message, ...(rules.error.params ? { params: rules.error.params } : {}) });
  const dealer = o.dealer ?? o.players.length - 1;
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= o.players.length) return err(malformed(`The dealer must be a seat from 0 to ${o.players.length - 1}.`));
  const sim = new HeartsSim(rules.value, o.players.length);
  sim.newGame();
  // No seed and no deal: a random seed, kept by the game so that its record replays.
  const seed = o.seed ?? (o.deal ? null : randomSeed());
  const base: HeartsGame = {
    game: 'olsen-dk',
    rules: rules.value,
    players: Object.freeze([...o.players]),
    seed,
    rounds: [],
    results: [],
    version: 0,
    core: sim.snapshot(),
  };
  return startHeartsRound(base, sim, dealer, o.deal ?? { seed: `${seed}/1` });
}

function startHeartsRound(g: HeartsGame, sim: HeartsSim, dealer: Seat, deal: HeartsDeal): Result<HeartsGame, GameError> {
  const round = g.rounds.length + 1;
  if ('hands' in deal) {
    const n = g.players.length;
    if (!Array.isArray(deal.hands) || deal.hands.length !== n) return err({ rule: 'H2', code: 'malformed', message: `Round ${round}: the deal must list one hand for each of the ${n} players.` });
    const active: number[] = [];
    for (let s = 0; s < n; s++) if (sim.isActive(s)) active.push(s);
    const hands: number[][] = [];
    const seen = new Map<number, number>();
    for (let s = 0; s < n; s++) {
      const raw = deal.hands[s];
      if (!Array.isArray(raw)) return err(malformed(`Round ${round}: ${clip(g.players[s])}'s hand must be a list of cards.`));
      const hand: number[] = [];
      for (const t of raw) {
        const c = parseCard(t);
        if (c < 0) return err(malformed(`Round ${round}, ${clip(g.players[s])}'s hand: ${quote(t).replace(/^"(.*)"$/, "'$1'")} is not a card (ranks A K Q J T 9-2, suits c d h s).`));
        seen.set(c, (seen.get(c) ?? 0) + 1);
        hand.push(c);
      }
      if (!sim.isActive(s) && hand.length > 0) return err({ rule: 'H9', code: 'malformed', message: `Round ${round}: ${g.players[s]} is not in the tie-break hand and gets no cards.` });
      hands.push(hand);
    }
    const cards = HeartsSim.deckFor(active.length);
    const problems: string[] = [];
    for (const c of cards) if ((seen.get(c) ?? 0) !== 1) problems.push(`${makeCard(c)} ${seen.get(c) ? 'appears more than once' : 'is missing'}`);
    for (const c of seen.keys()) if (!cards.includes(c)) problems.push(`${makeCard(c)} is not in play with ${active.length} players`);
    if (problems.length) return err({ rule: 'H1', code: 'malformed', message: `Round ${round}: the deal must use exactly the cards in play: ${problems.slice(0, 3).join(', ')}.` });
    const per = cards.length / active.length;
    for (const s of active) if (hands[s].length !== per) return err({ rule: 'H1', code: 'malformed', message: `Round ${round}: ${g.players[s]} was dealt ${hands[s].length} cards; everyone gets ${per}.` });
    sim.dealExplicit(dealer, hands);
  } else {
    if (typeof deal.seed !== 'string') return err(malformed('A deal needs a seed string or explicit hands.'));
    sim.seed(deal.seed);
    sim.dealRound(dealer);
  }
  return ok(Object.freeze({ ...g, rounds: Object.freeze([...g.rounds, emptyRound<HeartsRoundLog, HeartsAction>({ dealer, deal })]), version: g.version + 1, core: sim.snapshot() }));
}

/** Deals the next hand (H2: the deal rotates clockwise), or the tie-break hand (H9). */
export function nextHeartsRound(g: HeartsGame, deal?: HeartsDeal): Result<HeartsGame, GameError> {
  const sim = loadHearts(g);
  if (sim.phase === HP_GAME_OVER) return err(gameError('H9', 'gameOver', {}));
  if (sim.phase !== HP_HAND_OVER) return err(malformed('The hand is still being played.'));
  const dealer = (sim.st[H_DEALER] + 1) % g.players.length;
  return startHeartsRound(g, sim, dealer, deal ?? { seed: `${g.seed ?? 'olsen'}/${g.rounds.length + 1}` });
}

export function createHeartsRound(g: HeartsGame, dealer: Seat, deal: HeartsDeal): Result<HeartsGame, GameError> {
  return startHeartsRound(g, loadHearts(g), dealer, deal);
}

export const heartsToMove = (g: HeartsGame): Seat | null => (g.core[1] === HP_PASS || g.core[1] === HP_PLAY ? g.core[2] : null);

const codes = new Int32Array(1024);

/** The legal actions of the player to act (in the pass, every choice of three cards). */
export function heartsLegalActions(g: HeartsGame): HeartsAction[] {
  const sim = loadHearts(g);
  const seat = sim.toMove;
  const n = sim.generate(codes);
  const out: HeartsAction[] = [];
  for (let i = 0; i < n; i++) {
    const a = codes[i];
    if ((a & 7) === A_GIVE) out.push({ seat, give: [makeCard((a >> 3) & 63), makeCard((a >> 9) & 63), makeCard((a >> 15) & 63)] });
    else out.push({ seat, play: [makeCard((a >> 3) & 63)] });
  }
  return out;
}

/** H3: every choice of three cards from a hand, in canonical order (any seat may pass in any order). */
function passChoices(seat: Seat, hand: readonly number[]): HeartsAction[] {
  const out: HeartsAction[] = [];
  for (let i = 0; i < hand.length; i++)
    for (let j = i + 1; j < hand.length; j++) for (let k = j + 1; k < hand.length; k++) out.push({ seat, give: [hand[i], hand[j], hand[k]].map(makeCard) });
  return out;
}

/** Validates the JSON shape of a Danish Olsen action. */
export function parseHeartsAction(raw: unknown, players: number): Result<HeartsAction, GameError> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return err(malformed('An action must be an object such as {"seat": 0, "play": ["2c"]}.'));
  const o = raw as Record<string, unknown>;
  if (!Number.isInteger(o.seat) || (o.seat as number) < 0 || (o.seat as number) >= players) return err(malformed(`An action's seat must be a whole number from 0 to ${players - 1} (got ${quote(o.seat)}).`));
  const keys = Object.keys(o).filter((k) => k !== 'seat');
  if (keys.length !== 1 || !['play', 'give'].includes(keys[0])) return err(malformed('A Danish Olsen action is either "play" (one card) or "give" (three cards).'));
  const list = o[keys[0]];
  if (!Array.isArray(list)) return err(malformed(`"${keys[0]}" must be a list of cards.`));
  const cards: CardName[] = [];
  for (const t of list) {
    const c = parseCard(t);
    if (c < 0) return err(malformed(`${quote(t)} is not a card (ranks A K Q J T 9-2, suits c d h s).`));
    cards.push(makeCard(c));
  }
  if (keys[0] === 'play') {
    if (cards.length !== 1) return err({ rule: 'H5', code: 'malformed', message: 'Each player lays exactly one card to a trick.' });
    return ok({ seat: o.seat as number, play: [cards[0]] });
  }
  return ok({ seat: o.seat as number, give: cards });
}

/** Applies an action: the next game, or an error naming the H-rule. Never throws on bad input. */
export function applyHearts(g: HeartsGame, raw: unknown): Result<HeartsGame, GameError> {
  const parsed = parseHeartsAction(raw, g.players.length);
  if (!parsed.ok) return parsed;
  const a = parsed.value;
  const sim = loadHearts(g);
  const problem = checkHearts(g, sim, a);
  if (problem) return err(problem);
  const rounds = g.rounds.slice();
  const last = rounds[rounds.length - 1];
  rounds[rounds.length - 1] = appendAction(last, a);
  const done = sim.phase === HP_HAND_OVER || sim.phase === HP_GAME_OVER;
  const results = done ? [...g.results, heartsRoundResult(sim, true)] : g.results;
  return ok(Object.freeze({ ...g, rounds: Object.freeze(rounds), results: Object.freeze(results), version: g.version + 1, core: sim.snapshot() }));
}

function checkHearts(g: HeartsGame, sim: HeartsSim, a: HeartsAction): GameError | null {
  const st = sim.st;
  const player = g.players[a.seat];
  if (sim.phase === HP_GAME_OVER) return gameError('H9', 'gameOver', {});
  if (sim.phase === HP_HAND_OVER) return gameError('H9', 'roundOver', {});
  if (!sim.isActive(a.seat)) return gameError('H9', 'notDealtIn', { player });
  if ('give' in a) {
    if (sim.phase !== HP_PASS) return gameError('H3', 'noPassNow', {});
    if (st[H_GIVEN] & (1 << a.seat)) return gameError('H3', 'alreadyPassed', { player });
    const cards = a.give.map(parseCard);
    if (cards.length !== PASS_SIZE || new Set(cards).size !== PASS_SIZE) return gameError('H3', 'passThree', { player });
    for (const c of cards) if (!sim.hasCard(a.seat, c)) return gameError('H3', 'notInHand', { player, card: makeCard(c) });
    const sorted = [...cards].sort((x, y) => x - y);
    sim.give(a.seat, giveCode(sorted[0], sorted[1], sorted[2]));
    return null;
  }
  if (sim.phase === HP_PASS) return gameError('H3', 'passFirst', {});
  const mover = sim.toMove;
  if (a.seat !== mover) return gameError('H5', 'notYourTurn', { player, other: g.players[mover] });
  const card = parseCard(a.play[0]);
  if (!sim.hasCard(a.seat, card)) return gameError('H5', 'notInHand', { player, card: makeCard(card) });
  const masks = new Int32Array(4);
  sim.playableMasks(a.seat, masks);
  if (masks[suitOf(card)] & (1 << rankOf(card))) {
    sim.apply(A_PLAY | (card << 3));
    return null;
  }
  // Why not: the first lead, following suit, hearts not broken, or the first trick's penalty cards.
  if (st[H_TRICK_LEN] === 0 && st[H_TRICKS] === 0) return gameError('H4', 'firstLead', { card: makeCard(st[H_FIRST_CARD]) });
  if (st[H_TRICK_LEN] > 0 && sim.hand(a.seat).some((c) => suitOf(c) === st[H_LED])) return gameError('H5', 'mustFollow', { player, active: SUITS[st[H_LED]] });
  if (st[H_TRICK_LEN] === 0 && !st[H_BROKEN]) return gameError('H6', 'heartsNotBroken', {});
  return gameError('H7', 'noPenaltyFirstTrick', { player });
}

function heartsRoundResult(sim: HeartsSim, finished: boolean): RoundResult {
  const n = sim.players;
  const hands = Array.from({ length: n }, (_, s) => sim.handCount(s));
  if (!finished) return { finished, winner: null, places: null, hands, points: null };
  const active = Array.from({ length: n }, (_, s) => sim.wasDealtIn(s));
  const points = Array.from({ length: n }, (_, s) => sim.points(s));
  // Places by the hand's points, lowest first, ties shared; seats outside a tie-break hand have none.
  const places = points.map((p, s) => (active[s] ? 1 + points.filter((q, t) => active[t] && q < p).length : 0));
  const firsts = places.flatMap((p, s) => (p === 1 ? [s] : []));
  return Object.freeze({ finished, winner: firsts.length === 1 ? firsts[0] : null, places, hands, points });
}

export interface HeartsOutcome {
  readonly finished: boolean;
  readonly rounds: readonly RoundResult[];
  readonly totals: readonly number[];
  readonly gameWinners: readonly Seat[] | null;
  readonly toMove: Seat | null;
}

export function heartsOutcome(g: HeartsGame): HeartsOutcome {
  const sim = loadHearts(g);
  const phase = sim.phase;
  const playing = phase === HP_PASS || phase === HP_PLAY;
  let toMove: Seat | null = playing ? sim.toMove : null;
  // Between hands: the next hand is led by whoever gets 2c, unknown before the deal; report the next dealer's left.
  if (phase === HP_HAND_OVER) toMove = (sim.st[H_DEALER] + 2) % g.players.length;
  return {
    finished: phase === HP_GAME_OVER,
    rounds: playing ? [...g.results, heartsRoundResult(sim, false)] : g.results,
    totals: Array.from({ length: g.players.length }, (_, s) => sim.total(s)),
    gameWinners: phase === HP_GAME_OVER ? sim.gameWinners() : null,
    toMove,
  };
}

/**
 * Where every seat stands (H9): lowest total first; after a tie-break hand the
 * tied seats are ordered by that hand's points (still tied: they share).
 */
export const heartsStandings = (g: HeartsGame): Standings => heartsStandingsOfSim(loadHearts(g));

function heartsStandingsOfSim(sim: HeartsSim): Standings {
  const n = sim.players;
  const final = sim.phase === HP_GAME_OVER;
  const totals = Array.from({ length: n }, (_, s) => sim.total(s));
  // The tied seats share the lowest total, so the tie-break hand only orders them.
  const decided = final && sim.tieBreak;
  const keys = totals.map((t, s) => [t, decided && sim.wasDealtIn(s) ? sim.points(s) : 0]);
  return standingsFromKeys(keys, final, final ? sim.gameWinners() : [], totals);
}

/** A view's log entry: plays are public, a pass shows its cards to the passer only. */
export type HeartsLogEntry = HeartsAction | { readonly seat: Seat; readonly give: null };

/** A completed trick: `seats[i]` laid `cards[i]`, the first led; `winner` took it (H5). */
export interface HeartsTrick {
  readonly leader: Seat;
  readonly cards: readonly CardName[];
  readonly seats: readonly Seat[];
  readonly winner: Seat;
}

/** H5: the seat whose card is the highest of the suit led (null: no card yet). */
function takerOf(cards: readonly CardName[], seats: readonly Seat[]): Seat | null {
  if (cards.length === 0) return null;
  const led = cards[0][1];
  let best = 0;
  for (let i = 1; i < cards.length; i++) if (cards[i][1] === led && rankOf(parseCard(cards[i])) > rankOf(parseCard(cards[best]))) best = i;
  return seats[best];
}

/** H5: the round's completed tricks from its plays (`perTrick` cards each: the seats dealt in). */
function tricksOf(log: readonly HeartsAction[], perTrick: number): HeartsTrick[] {
  const out: HeartsTrick[] = [];
  let cards: CardName[] = [];
  let seats: Seat[] = [];
  for (const a of log) {
    if (!('play' in a)) continue;
    cards.push(a.play[0]);
    seats.push(a.seat);
    if (cards.length < perTrick) continue;
    out.push({ leader: seats[0], cards, seats, winner: takerOf(cards, seats)! });
    cards = [];
    seats = [];
  }
  return out;
}

/** What one seat (or a spectator, null) may know (V1, H-part). */
export interface HeartsView {
  readonly game: 'olsen-dk';
  readonly rules: HeartsRules;
  readonly players: readonly string[];
  readonly seat: Seat | null;
  readonly round: number;
  readonly dealer: Seat;
  readonly phase: 'pass' | 'play' | 'handOver' | 'gameOver';
  readonly toMove: Seat | null;
  readonly hand: readonly CardName[] | null;
  readonly handCounts: readonly number[];
  /** Seats to the left the pass goes to this hand (0: no pass). */
  readonly passOffset: number;
  /** H3: the seat the viewer's cards go to this hand, or null (no pass, a spectator, sitting out). */
  readonly passTo: Seat | null;
  /** H3: the seat whose cards come to the viewer this hand, or null (no pass, a spectator, sitting out). */
  readonly passFrom: Seat | null;
  /** H3: cards each player passes. */
  readonly passSize: number;
  /** Play goes to the left, always (H5). */
  readonly direction: 'clockwise';
  /** The received cards are news: the pass is over and no card of the hand has been led yet (what a screen shows them for). */
  readonly receivedFresh: boolean;
  /** The hand's completed tricks in order, each with who took it (H5). */
  readonly tricks: readonly HeartsTrick[];
  /** H8: who took every heart and the Qs in the hand just over ("shot the moon"), else null. */
  readonly moon: Seat | null;
  readonly passed: readonly CardName[] | null;
  readonly received: readonly CardName[] | null;
  /**
   * The trick on the table: `seats[i]` laid `cards[i]` (a tie-break hand skips the seats sitting out);
   * `winning` is the seat whose card takes it so far (H5), null before a card is led.
   */
  readonly trick: { readonly leader: Seat; readonly cards: readonly CardName[]; readonly seats: readonly Seat[]; readonly winning: Seat | null };
  readonly lastTrick: { readonly leader: Seat; readonly cards: readonly CardName[]; readonly seats: readonly Seat[]; readonly winner: Seat } | null;
  readonly heartsBroken: boolean;
  /** Penalty points taken so far this hand per seat (tricks are public). */
  readonly taken: readonly number[];
  readonly totals: readonly number[];
  readonly tieBreak: boolean;
  readonly inHand: readonly boolean[];
  /** Where every seat stands in the game (H9, the tie-break included): show these, never rank by hand. */
  readonly standings: Standings;
  /** The points of every hand that has ended, per seat, in order (H7; a score sheet, the totals their sums). */
  readonly scoreSheet: readonly (readonly number[])[];
  readonly log: readonly HeartsLogEntry[];
  readonly legal: readonly HeartsAction[];
  readonly version: number;
}

const PHASE_NAMES = ['pass', 'play', 'handOver', 'gameOver'] as const;

/** H3: the seat that passes to `to` this hand, or null. */
function passerTo(sim: HeartsSim, to: Seat, n: number): Seat | null {
  if (sim.passTarget(to) < 0) return null;
  for (let s = 0; s < n; s++) if (s !== to && sim.passTarget(s) === to) return s;
  return null;
}

export function heartsViewFor(g: HeartsGame, seat: Seat | null): HeartsView {
  const sim = loadHearts(g);
  const st = sim.st;
  const n = g.players.length;
  const own = seat !== null && seat >= 0 && seat < n ? seat : null;
  const mover = heartsToMove(g);
  const last = sim.lastTrick();
  const trick = sim.trick();
  const trickCards = trick.cards.map(makeCard);
  let activeCount = 0;
  for (let s = 0; s < n; s++) if (sim.isActive(s)) activeCount++;
  const log = (g.rounds[g.rounds.length - 1]?.actions ?? []).map((a): HeartsLogEntry => ('give' in a && a.seat !== own ? { seat: a.seat, give: null } : a));
  let legal: HeartsAction[] = [];
  if (own !== null && sim.phase === HP_PLAY && mover === own) legal = heartsLegalActions(g);
  if (own !== null && sim.phase === HP_PASS && sim.isActive(own) && !(st[H_GIVEN] & (1 << own))) legal = passChoices(own, sim.hand(own));
  return {
    game: 'olsen-dk',
    rules: g.rules,
    players: g.players,
    seat: own,
    round: g.rounds.length - 1,
    dealer: st[H_DEALER],
    phase: PHASE_NAMES[sim.phase],
    toMove: mover,
    hand: own === null ? null : sim.hand(own).map(makeCard),
    handCounts: Array.from({ length: n }, (_, s) => sim.handCount(s)),
    passOffset: st[H_PASS_OFFSET],
    passTo: own === null || sim.passTarget(own) < 0 ? null : sim.passTarget(own),
    passFrom: own === null ? null : passerTo(sim, own, n),
    passSize: PASS_SIZE,
    direction: 'clockwise',
    receivedFresh: sim.phase === HP_PLAY && st[H_PASS_OFFSET] > 0 && st[H_TRICKS] === 0 && st[H_TRICK_LEN] === 0,
    tricks: tricksOf(g.rounds[g.rounds.length - 1]?.actions ?? [], activeCount),
    moon: (sim.phase === HP_HAND_OVER || sim.phase === HP_GAME_OVER) && sim.moonShooter() >= 0 ? sim.moonShooter() : null,
    passed: own === null ? null : sim.passed(own).map(makeCard),
    // Received cards are known only once everyone has passed.
    received: own === null || sim.phase === HP_PASS ? null : sim.received(own).map(makeCard),
    trick: { leader: trick.leader, cards: trickCards, seats: trick.seats, winning: takerOf(trickCards, trick.seats) },
    lastTrick: last && { leader: last.leader, cards: last.cards.map(makeCard), seats: last.seats, winner: last.winner },
    heartsBroken: st[H_BROKEN] === 1,
    taken: Array.from({ length: n }, (_, s) => sim.takenPoints(s)),
    totals: Array.from({ length: n }, (_, s) => sim.total(s)),
    tieBreak: st[H_TIEBREAK] === 1,
    inHand: Array.from({ length: n }, (_, s) => sim.wasDealtIn(s)),
    standings: heartsStandingsOfSim(sim),
    scoreSheet: scoreSheetOf(g.results),
    log,
    legal,
    version: g.version,
  };
}

