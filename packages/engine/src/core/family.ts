/**
 * What every game family answers, as one interface: each family (shedding/,
 * hearts/) exports one object of this shape, and the generic API (families.ts)
 * picks the family by the game's name. Nothing else asks which family a game is.
 */
import type { GameError, RoundResult } from './errors.js';
import type { GameName } from './games.js';
import type { Standings } from './standings.js';
import type { Result, Seat } from './types.js';

/** A game of a family: readonly, never mutated; applying an action makes the next one. */
export interface GameOf<N extends GameName, Rules, Log> {
  /** The game's name (for the shedding games: the preset its rules start from). */
  readonly game: N;
  /** The validated rule set. */
  readonly rules: Rules;
  /** Display names, seat 0 first, clockwise. */
  readonly players: readonly string[];
  /** Seed from which later rounds are dealt (`${seed}/${round}`), or null for explicit deals only. */
  readonly seed: string | null;
  /** Every round so far with its deal and actions (the record). */
  readonly rounds: readonly Log[];
  /** Results of the finished rounds. */
  readonly results: readonly RoundResult[];
  /** Increases by one with every accepted action or deal: a stale-action guard for servers. */
  readonly version: number;
  /** @internal Simulator snapshot; never mutated. */
  readonly core: Int32Array;
}

/** Where a game stands: someone has to act, a round (hand) is over, or the game is. */
export type Stage = 'playing' | 'roundOver' | 'gameOver';

/** A game record (docs/record.md): rules as overrides of the game's defaults, then every round's deal and actions. */
export interface RecordOf<R> {
  readonly game: GameName;
  readonly rules: Readonly<Record<string, unknown>>;
  readonly players: readonly string[];
  readonly rounds: readonly R[];
}

/** The result so far, in the shape `olsen verify` prints (docs/record.md). */
export interface VerifyResult {
  readonly finished: boolean;
  readonly rounds: readonly RoundResult[];
  readonly totals: readonly number[] | null;
  readonly gameWinners: readonly Seat[] | null;
  /** Whose turn it is; during Danish Olsen's pass the first seat from the dealer's left still to give. */
  readonly toMove: Seat | null;
}

export interface CreateWith {
  readonly game: GameName;
  /** House rules over the game's defaults, e.g. `{ maxDraws: 1 }`. */
  readonly rules?: Readonly<Record<string, unknown>>;
  /** Display names, seat 0 first, clockwise. */
  readonly players: readonly string[];
  /** Deals round n from `${seed}/${n}`; without a seed and a deal, a random seed the game keeps. */
  readonly seed?: string;
  /** An explicit first deal instead of a seeded one (the family's shape). */
  readonly deal?: unknown;
  /** First dealer (default: the last seat, so seat 0 starts). */
  readonly dealer?: Seat;
}

/** Everything a game family answers; `G` its games, `A` its actions, `V` its views, `R` its record's rounds. */
export interface Family<G, A, V, R> {
  /** A new game dealt from `deal` (or from the seed, round n from `${seed}/${n}`). */
  create(o: CreateWith): Result<G, GameError>;
  /** The next round with a given dealer and deal (records). */
  createRound(g: G, dealer: Seat, deal: unknown): Result<G, GameError>;
  /** The next round dealt from the game's seed. */
  nextRound(g: G): Result<G, GameError>;
  /** An action from outside (a message, a record) in its canonical shape, or the error that says what is wrong with it. */
  parse(raw: unknown, players: number): Result<A, GameError>;
  /** Applies an action (checked; the error names the rule). */
  apply(g: G, action: A): Result<G, GameError>;
  /** What `seat` may see (null: a spectator). */
  view(g: G, seat: Seat | null): V;
  stage(g: G): Stage;
  /** Whose turn it is (docs/record.md `toMove`), or null between rounds and at the end. */
  mover(g: G): Seat | null;
  /** Every seat that may act now, with its legal actions. */
  actors(g: G): Map<Seat, A[]>;
  outcome(g: G): VerifyResult;
  standings(g: G): Standings;
  /** The record: canonical card names, the smallest rule overrides. */
  record(g: G): RecordOf<R>;
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

/** A seed nobody chose: 64 random bits, so that a game without a seed is not the same deal every time. */
export function randomSeed(): string {
  const words = new Uint32Array(2);
  // Web Crypto is in every browser and in Node 19+; the engine takes no dependency for it.
  (globalThis as unknown as { crypto: { getRandomValues(a: Uint32Array): Uint32Array } }).crypto.getRandomValues(words);
  return words[0].toString(36) + words[1].toString(36);
}
