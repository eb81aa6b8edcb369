/**
 * What every family's public tier returns besides a game: the error of a
 * refused action or a bad input (rule ID, code, sentence, the parameters the
 * sentence is built from) and a finished round's result.
 */
import { devMessage, type ErrorCode, type ErrorParams } from './messages.js';
import type { Seat } from './types.js';

/** A game error: the rule ID that forbids the action (null for malformed input), a code and a sentence. */
export interface GameError {
  readonly rule: string | null;
  readonly code: ErrorCode | 'malformed' | 'rules';
  /** The sentence in English; `localizeError` says it in another language. */
  readonly message: string;
  /** What the sentence names (players, cards as `Ah`, counts), for saying it in another language. */
  readonly params?: ErrorParams;
}

export interface RoundResult {
  readonly finished: boolean;
  /** First seat out, or null (blocked round, S17); with `playOutForPlaces` set as soon as that seat is out (S21). */
  readonly winner: Seat | null;
  /** Place per seat, ties shared (`[1, 2, 2, 4]`); null while the round runs. */
  readonly places: readonly number[] | null;
  /** Cards left per seat. */
  readonly hands: readonly number[];
  /** Points of this round per seat (S24, H7); null where no points are kept. */
  readonly points: readonly number[] | null;
}

export const gameError = (rule: string | null, code: ErrorCode, params: ErrorParams): GameError => ({
  rule,
  code,
  // The developers' sentence (cards as Qs); localizeError(e, 'en') is the player's ("the queen of spades").
  message: devMessage(code, params),
  params,
});

export const malformed = (message: string): GameError => ({ rule: null, code: 'malformed', message });
