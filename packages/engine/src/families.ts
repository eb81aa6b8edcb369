/**
 * The one table of game families: for each game name, how to start a game
 * and a round, act, view, read the stage, the outcome and the standings, and
 * write the record. Code that runs any game (the server's tables, the web
 * app's worker, records and `olsen verify`) goes through the functions below;
 * nothing else asks which family a game is.
 */
import { makeCard, parseCard } from './card.js';
import {
  apply, catchActionsIn, createGame, createRound, legalActionsIn, nextRound, readWith, outcome, parseActionShape, phaseOf, standings, toMove,
  type Action, type Deal, type Game, type GameError,
} from './game.js';
import {
  applyHearts, createHeartsGame, createHeartsRound, heartsOutcome, heartsStandings, heartsToMove, heartsViewFor, nextHeartsRound, parseHeartsAction,
  type HeartsAction, type HeartsDeal, type HeartsGame, type HeartsRoundLog, type HeartsView,
} from './hearts/game.js';
import { heartsOverridesOf } from './hearts/rules.js';
import { HP_GAME_OVER, HP_HAND_OVER, HP_PASS } from './hearts/sim.js';
import { overridesOf, type GameName } from './rules.js';
import type { Standings } from './standings.js';
import type { Result, Seat } from './types.js';
import { viewFor, type PlayerView } from './view.js';
import type { RoundLog } from './game.js';

export type AnyGame = Game | HeartsGame;
export type AnyAction = Action | HeartsAction;
export type AnyView = PlayerView | HeartsView;

/** Where a game stands: someone has to act, a round (hand) is over, or the game is. */
export type Stage = 'playing' | 'roundOver' | 'gameOver';

/** A game record (docs/record.md): rules as overrides of the game's defaults, then every round's deal and actions. */
export interface GameRecord {
  readonly game: GameName;
  readonly rules: Readonly<Record<string, unknown>>;
  readonly players: readonly string[];
  readonly rounds: readonly (RoundLog | HeartsRoundLog)[];
}

/** The result so far, in the shape `olsen verify` prints. */
export interface VerifyResult {
  readonly finished: boolean;
  readonly rounds: readonly import('./game.js').RoundResult[];
  readonly totals: readonly number[] | null;
  readonly gameWinners: readonly Seat[] | null;
  readonly toMove: Seat | null;
}

/** Everything a game family answers; `G` its games, `A` its actions, `V` its views. */
export interface Family<G extends AnyGame, A extends AnyAction, V extends AnyView> {
  /** A new game dealt from `deal` (or from the seed, round n from `${seed}/${n}`). */
  create(o: { game: GameName; rules?: Readonly<Record<string, unknown>>; players: readonly string[]; seed?: string; deal?: unknown; dealer?: Seat }): Result<G, GameError>;
  /** The next round with a given dealer and deal (records). */
  createRound(g: G, dealer: Seat, deal: unknown): Result<G, GameError>;
  /** The next round dealt from the game's seed. */
  nextRound(g: G): Result<G, GameError>;
  /** Applies an action (checked; the error names the rule). */
  apply(g: G, action: unknown): Result<G, GameError>;
  /** What `seat` may see (null: a spectator). */
  view(g: G, seat: Seat | null): V;
  stage(g: G): Stage;
  /** The seat whose turn it is, or null (between rounds; in Danish Olsen's pass everyone may act). */
  mover(g: G): Seat | null;
  /** Every seat that may act now, with its legal actions. */
  actors(g: G): Map<Seat, A[]>;
  outcome(g: G): VerifyResult;
  standings(g: G): Standings;
  /** The record: canonical card names, the smallest rule overrides. */
  record(g: G): GameRecord;
  /** An action of a record's in its canonical shape (or as given, if it is not one). */
  canonicalAction(a: unknown, players: number): unknown;
  /** The dealer of the round after the last one. */
  nextDealer(g: G): Seat;
  /** The rule an extra round after the end of the game breaks. */
  overRule(g: G): string;
  /** The rule the dealer's rotation is. */
  readonly dealerRule: string;
  /** Deal fields besides `seed` that this family's explicit deals carry, and how a sentence names them. */
  readonly dealFields: readonly string[];
  readonly dealWords: string;
}

const canonicalShedding = (a: unknown, players: number): unknown => {
  const parsed = parseActionShape(a, players);
  return parsed.ok ? parsed.value : a;
};

function canonicalDeal(d: Deal): Deal {
  if (!('hands' in d)) return { seed: d.seed };
  const c = (t: string): ReturnType<typeof makeCard> => makeCard(parseCard(t));
  return { hands: d.hands.map((h) => h.map(c)), upcard: c(d.upcard), stock: d.stock.map(c), ...(d.seed !== undefined ? { seed: d.seed } : {}) };
}

const shedding: Family<Game, Action, PlayerView> = {
  create: (o) => createGame({ game: o.game, rules: o.rules, players: o.players, seed: o.seed, deal: o.deal as Deal | undefined, dealer: o.dealer }),
  createRound: (g, dealer, deal) => createRound(g, dealer, deal as Deal),
  nextRound: (g) => nextRound(g),
  apply,
  view: viewFor,
  stage: (g) => {
    const p = phaseOf(g);
    return p === 'gameOver' ? 'gameOver' : p === 'roundOver' ? 'roundOver' : 'playing';
  },
  mover: toMove,
  actors: (g) => {
    const out = new Map<Seat, Action[]>();
    if (shedding.stage(g) !== 'playing') return out;
    const mover = toMove(g);
    const sim = readWith(g);
    if (mover !== null) out.set(mover, legalActionsIn(sim));
    // S20: anyone may catch a forgotten call while its window is open.
    for (const a of catchActionsIn(g, sim)) out.set(a.seat, [...(out.get(a.seat) ?? []), a]);
    return out;
  },
  outcome: (g) => {
    const o = outcome(g);
    return { finished: o.finished, rounds: o.rounds, totals: o.totals, gameWinners: o.gameWinners, toMove: o.toMove };
  },
  standings,
  record: (g) => ({
    game: g.game,
    rules: overridesOf(g.rules, g.players.length),
    players: [...g.players],
    rounds: g.rounds.map((r) => ({ dealer: r.dealer, deal: canonicalDeal(r.deal), actions: r.actions.map((a) => canonicalShedding(a, 8) as Action) })),
  }),
  canonicalAction: canonicalShedding,
  nextDealer: (g) => (g.rounds[g.rounds.length - 1].dealer + 1) % g.players.length,
  overRule: (g) => (g.rules.scoring === 'points' ? 'S24' : 'S22'),
  dealerRule: 'S6',
  dealFields: ['hands', 'upcard', 'stock'],
  dealWords: 'hands, upcard and stock',
};

const canonicalHearts = (a: unknown, players: number): unknown => {
  const parsed = parseHeartsAction(a, players);
  return parsed.ok ? parsed.value : a;
};

const hearts: Family<HeartsGame, HeartsAction, HeartsView> = {
  create: (o) => createHeartsGame({ rules: o.rules, players: o.players, seed: o.seed, deal: o.deal as HeartsDeal | undefined, dealer: o.dealer }),
  createRound: (g, dealer, deal) => createHeartsRound(g, dealer, deal as HeartsDeal),
  nextRound: (g) => nextHeartsRound(g),
  apply: applyHearts,
  view: heartsViewFor,
  stage: (g) => {
    const p = g.core[1];
    return p === HP_GAME_OVER ? 'gameOver' : p === HP_HAND_OVER ? 'roundOver' : 'playing';
  },
  mover: (g) => (g.core[1] === HP_PASS ? null : heartsToMove(g)),
  actors: (g) => {
    const out = new Map<Seat, HeartsAction[]>();
    if (hearts.stage(g) !== 'playing') return out;
    // H3: during the pass every seat still to give acts at once.
    for (let s = 0; s < g.players.length; s++) {
      const legal = heartsViewFor(g, s).legal;
      if (legal.length > 0) out.set(s, [...legal]);
    }
    return out;
  },
  outcome: heartsOutcome,
  standings: heartsStandings,
  record: (g) => ({
    game: 'olsen-dk',
    rules: heartsOverridesOf(g.rules),
    players: [...g.players],
    rounds: g.rounds.map((r) => ({
      dealer: r.dealer,
      deal: 'hands' in r.deal ? { hands: r.deal.hands.map((h) => h.map((t) => makeCard(parseCard(t)))) } : { seed: r.deal.seed },
      actions: r.actions.map((a) => canonicalHearts(a, g.players.length) as HeartsAction),
    })),
  }),
  canonicalAction: canonicalHearts,
  nextDealer: (g) => (g.rounds[g.rounds.length - 1].dealer + 1) % g.players.length,
  overRule: () => 'H9',
  dealerRule: 'H2',
  dealFields: ['hands'],
  dealWords: 'a list of hands',
};

/** The family of each game name. */
export type FamilyOf<N extends GameName> = N extends 'olsen-dk' ? Family<HeartsGame, HeartsAction, HeartsView> : Family<Game, Action, PlayerView>;

export const FAMILIES: { readonly [N in GameName]: FamilyOf<N> } = {
  olsen: shedding,
  'vri-atter': shedding,
  'vri-atter-002': shedding,
  'olsen-dk': hearts,
};

/** Work done the same way for any family: `run` gets the game's family and the game typed as its own. */
export type FamilyTask<R> = <G extends AnyGame, A extends AnyAction, V extends AnyView>(family: Family<G, A, V>, g: G) => R;

export const isHeartsGame = (g: AnyGame): g is HeartsGame => g.game === 'olsen-dk';
export const isHeartsView = (v: AnyView): v is HeartsView => v.game === 'olsen-dk';

/** Runs `task` with the family of `g`. */
export const withFamily = <R>(g: AnyGame, task: FamilyTask<R>): R => (isHeartsGame(g) ? task(FAMILIES['olsen-dk'], g) : task(FAMILIES[g.game], g));

/** Runs `task` with the family of the game name (no game yet). */
export function withFamilyOf<R>(game: GameName, task: <G extends AnyGame, A extends AnyAction, V extends AnyView>(family: Family<G, A, V>) => R): R {
  return game === 'olsen-dk' ? task(FAMILIES[game]) : task(FAMILIES[game]);
}

export interface StartOptions {
  readonly game: GameName;
  readonly rules?: Readonly<Record<string, unknown>>;
  readonly players: readonly string[];
  readonly seed: string;
}

/** A new game of any family, dealt from the seed (round n from `${seed}/${n}`). */
export const startGame = (o: StartOptions): Result<AnyGame, GameError> => withFamilyOf<Result<AnyGame, GameError>>(o.game, (f) => f.create(o));

/** Applies an action (checked; the error names the rule). */
export const applyAction = (g: AnyGame, action: unknown): Result<AnyGame, GameError> => withFamily<Result<AnyGame, GameError>>(g, (f, x) => f.apply(x, action));

/** What `seat` may see (null: a spectator). */
export const viewOf = (g: AnyGame, seat: Seat | null): AnyView => withFamily<AnyView>(g, (f, x) => f.view(x, seat));

export const stageOf = (g: AnyGame): Stage => withFamily(g, (f, x) => f.stage(x));

/** The seat whose turn it is, or null (between rounds; in Danish Olsen's pass everyone may act). */
export const moverOf = (g: AnyGame): Seat | null => withFamily(g, (f, x) => f.mover(x));

/**
 * Every seat that may act now with its legal actions: the player to move,
 * players who may still pass cards (H3), and anyone who may catch a
 * forgotten call (S20).
 */
export const actorsOf = (g: AnyGame): Map<Seat, readonly AnyAction[]> => withFamily<Map<Seat, readonly AnyAction[]>>(g, (f, x) => f.actors(x));

/** Deals the next round (hand) after one has ended. */
export const nextRoundOf = (g: AnyGame): Result<AnyGame, GameError> => withFamily<Result<AnyGame, GameError>>(g, (f, x) => f.nextRound(x));

/** The result so far, in the shape `olsen verify` prints. */
export const resultOf = (g: AnyGame): VerifyResult => withFamily(g, (f, x) => f.outcome(x));

/** Where every seat stands in the game (places, winners, totals): what a table, a terminal or stored results show. */
export const standingsOf = (g: AnyGame): Standings => withFamily(g, (f, x) => f.standings(x));

/** The game's record (docs/record.md), replayable with `olsen verify`. */
export const recordOf = (g: AnyGame): GameRecord => withFamily(g, (f, x) => f.record(x));
