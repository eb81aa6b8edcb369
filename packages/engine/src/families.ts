/**
 * The generic API: one set of functions that starts, plays, views, scores and
 * records any of the four games. Each function picks the game's family
 * (shedding/family.ts, hearts/family.ts) by its name; nothing else asks which
 * family a game is.
 */
import type { GameError } from './core/errors.js';
import type { Family, RecordOf, Stage, VerifyResult } from './core/family.js';
import type { GameName, SheddingPreset } from './core/games.js';
import type { Standings } from './core/standings.js';
import { err, type CardName, type Result, type Seat } from './core/types.js';
import { heartsFamily } from './hearts/family.js';
import type { HeartsAction, HeartsGame, HeartsRoundLog, HeartsView } from './hearts/game.js';
import { sheddingFamily } from './shedding/family.js';
import type { Action, Game, RoundLog } from './shedding/game.js';
import type { PlayerView } from './shedding/view.js';
import { quote } from './core/text.js';
import { lastOf, roundLength } from './core/round-log.js';
import { isGameName, GAME_NAMES } from './core/games.js';

/** A game of any family: a readonly value, never changed; `applyAction` makes the next one. */
export type AnyGame = Game | HeartsGame;
/** An action of any family, in the shape a record's `actions[]` holds (docs/record.md). */
export type AnyAction = Action | HeartsAction;
/** What one seat (or a spectator) may see of a game of any family. */
export type AnyView = PlayerView | HeartsView;
/** A seated player's view: its seat and hand are always there (a spectator's view, `viewOf(g, null)`, has neither). */
export type Seated<V extends AnyView> = V & { readonly seat: Seat; readonly hand: readonly CardName[] };
/** A game record (docs/record.md). */
export type GameRecord = RecordOf<RoundLog | HeartsRoundLog>;

type AnyFamily = Family<AnyGame, AnyAction, AnyView, RoundLog | HeartsRoundLog>;

export const isHeartsGame = (g: AnyGame): g is HeartsGame => g.game === 'olsen-dk';
export const isHeartsView = (v: AnyView): v is HeartsView => v.game === 'olsen-dk';

/** What the viewer of a view may do now: their turn, their pass (H3), a late call (S18) or a catch (S20); null: nothing. */
export type ViewerPart = 'turn' | 'give' | 'call' | 'catch';

/** Who acts now as a view shows it (`actingIn`): one answer for the highlighted seats and the viewer's status line. */
export interface Acting {
  /** The seats whose turn it is: the player to move, or every seat still to give during Danish Olsen's pass (H3). */
  readonly seats: readonly Seat[];
  /**
   * What the viewer may do now: `turn` or `give` when the viewer is among `seats`; `call` or `catch` when it is
   * another seat's turn and the rules still let the viewer say a forgotten call (S18) or catch one (S20).
   */
  readonly you: ViewerPart | null;
}

/**
 * Who acts now, read from a view: a screen highlights `seats` and tells the viewer `you`, so "your turn" and the
 * highlighted seat never disagree (a viewer who may call or catch during another's turn is told that instead).
 */
export function actingIn(v: AnyView): Acting {
  const me = v.seat;
  if (isHeartsView(v) && v.phase === 'pass') {
    const given = new Set(v.log.filter((a) => 'give' in a).map((a) => a.seat));
    const seats = v.inHand.flatMap((inHand, s) => (inHand && !given.has(s) ? [s] : []));
    return { seats, you: me !== null && seats.includes(me) && v.legal.length > 0 ? 'give' : null };
  }
  const seats = v.toMove === null ? [] : [v.toMove];
  if (me === null || v.legal.length === 0) return { seats, you: null };
  if (v.toMove === me) return { seats, you: 'turn' };
  const legal = v.legal as readonly Record<string, unknown>[];
  return { seats, you: legal.some((a) => 'catch' in a) ? 'catch' : legal.some((a) => 'call' in a) ? 'call' : null };
}

/** The family of a game name: the one place a name picks its rules. */
export const familyOf = (game: GameName): AnyFamily => (game === 'olsen-dk' ? heartsFamily : sheddingFamily) as unknown as AnyFamily;
const of = (g: AnyGame): AnyFamily => familyOf(g.game);

export interface StartOptions {
  readonly game: GameName;
  /** House rules overriding the game's defaults, e.g. `{ maxDraws: 1 }` (see `gameInfo`). */
  readonly rules?: Readonly<Record<string, unknown>>;
  /** Display names, seat 0 first, clockwise. */
  readonly players: readonly string[];
  /** Deals the first round from `${seed}/1`, the next from `${seed}/2` …; without one the game picks a random seed and keeps it in every round's deal (its record replays). */
  readonly seed?: string;
}

/** A new game of any family, dealt from the seed. */
export function startGame(o: StartOptions & { readonly game: 'olsen-dk' }): Result<HeartsGame, GameError>;
export function startGame(o: StartOptions & { readonly game: SheddingPreset }): Result<Game, GameError>;
export function startGame(o: StartOptions): Result<AnyGame, GameError>;
export function startGame(o: StartOptions): Result<AnyGame, GameError> {
  if (!isGameName(o.game)) return err({ rule: null, code: 'malformed', message: `Unknown game ${quote(o.game)}: choose one of ${GAME_NAMES.join(', ')}.` });
  return familyOf(o.game).create({ game: o.game, rules: o.rules, players: o.players, seed: o.seed });
}

/**
 * An action from outside (a message, a file, a test's literal) checked for its
 * shape and put in canonical form: cards as `Ah`, seats in range. Whether it
 * is legal now is `applyAction`'s answer.
 */
export const parseAction = (g: AnyGame, raw: unknown): Result<AnyAction, GameError> => of(g).parse(raw, g.players.length);

/** Applies an action (checked; the error names the rule and says in a sentence what is wrong). */
export function applyAction(g: Game, action: Action): Result<Game, GameError>;
export function applyAction(g: HeartsGame, action: HeartsAction): Result<HeartsGame, GameError>;
export function applyAction(g: AnyGame, action: AnyAction): Result<AnyGame, GameError>;
export function applyAction(g: AnyGame, action: AnyAction): Result<AnyGame, GameError> {
  return of(g).apply(g, action);
}

/** What `seat` may see (null: a spectator): hidden cards never leave the engine. */
export function viewOf(g: Game, seat: Seat): Seated<PlayerView>;
export function viewOf(g: HeartsGame, seat: Seat): Seated<HeartsView>;
export function viewOf(g: AnyGame, seat: Seat): Seated<PlayerView> | Seated<HeartsView>;
export function viewOf(g: Game, seat: Seat | null): PlayerView;
export function viewOf(g: HeartsGame, seat: Seat | null): HeartsView;
export function viewOf(g: AnyGame, seat: Seat | null): AnyView;
export function viewOf(g: AnyGame, seat: Seat | null): AnyView {
  return of(g).view(g, seat);
}

export const stageOf = (g: AnyGame): Stage => of(g).stage(g);

/**
 * Whose turn it is (docs/record.md `toMove`); null between rounds and at the
 * end. During Danish Olsen's pass everyone gives at once: this is the first
 * seat from the dealer's left still to give (`actorsOf` lists them all).
 */
export const moverOf = (g: AnyGame): Seat | null => of(g).mover(g);

/**
 * Every seat that may act now with its legal actions: the player to move,
 * every player still to pass cards (H3), and anyone who may catch a
 * forgotten call (S20).
 */
export function actorsOf(g: Game): Map<Seat, readonly Action[]>;
export function actorsOf(g: HeartsGame): Map<Seat, readonly HeartsAction[]>;
export function actorsOf(g: AnyGame): Map<Seat, readonly AnyAction[]>;
export function actorsOf(g: AnyGame): Map<Seat, readonly AnyAction[]> {
  return of(g).actors(g);
}

/** Deals the next round (hand) after one has ended. */
export function nextRoundOf<G extends AnyGame>(g: G): Result<G, GameError>;
export function nextRoundOf(g: AnyGame): Result<AnyGame, GameError> {
  return of(g).nextRound(g);
}

/** The result so far (every round's result, totals, winners, whose turn), in the shape `olsen verify` prints. */
export const resultOf = (g: AnyGame): VerifyResult => of(g).outcome(g);

/** Where every seat stands in the game (places, winners, totals, the order to show): what a table, a terminal or stored results show. */
export const standingsOf = (g: AnyGame): Standings => of(g).standings(g);

/** The game's record (docs/record.md), replayable with `olsen verify`. */
export const recordOf = (g: AnyGame): GameRecord => of(g).record(g);

/** Where the game is in its log: the round's index (0-based), the actions taken in it, and the last one (canonical). */
export interface Progress {
  readonly round: number;
  readonly actions: number;
  readonly last: AnyAction | null;
}

export function progressOf(g: AnyGame): Progress {
  const round = g.rounds.length - 1;
  const log = g.rounds[round] as { readonly actions: readonly AnyAction[] };
  return { round, actions: roundLength(log), last: lastOf(log) ?? null };
}
