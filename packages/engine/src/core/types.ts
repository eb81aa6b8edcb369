/**
 * The engine's vocabulary: suits, ranks, seats and the Result type every
 * boundary function returns instead of throwing.
 */

/** Suits in canonical order (clubs, diamonds, hearts, spades). */
export const SUITS = ['c', 'd', 'h', 's'] as const;
export type Suit = (typeof SUITS)[number];

/** Ranks from low to high; the index is the rank number used inside the engine. */
export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'] as const;
export type Rank = (typeof RANKS)[number];

/** A card in canonical two-character notation, e.g. `Kc`, `Td`, `8h`. */
export type CardName = `${Rank}${Suit}`;

/** A seat index, 0-based, clockwise. */
export type Seat = number;

/** One value per seat, seat 0 first. */
export type BySeat<T> = readonly T[];
/** One value per suit, in `SUITS` order. */
export type BySuit<T> = readonly [T, T, T, T];

export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({ ok: false, error });

import type { ErrorCode, ErrorParams } from './sentence.js';

/**
 * An illegal action or a bad input: the rule ID from docs/rules.md that forbids it
 * (null for malformed input) and a sentence a player understands.
 */
export interface RuleError {
  readonly rule: string | null;
  /** The sentence in English. */
  readonly message: string;
  /** With `params`, what says the sentence in another language (`localizeError`); absent for malformed input. */
  readonly code?: ErrorCode;
  readonly params?: ErrorParams;
}
