/**
 * Cards as small integers: `suit << 4 | rank`, rank 0 = deuce … 12 = ace.
 * A card id fits in 6 bits, so per-card tables have 64 slots.
 */
import { RANKS, SUITS, type CardName, type Rank, type Suit } from './types.js';

export const EIGHT = 6;
export const TWO = 0;
export const QUEEN = 10;
export const ACE = 12;
export const CARD_SLOTS = 64;

export const cardOf = (suit: number, rank: number): number => (suit << 4) | rank;
export const suitOf = (card: number): number => card >> 4;
export const rankOf = (card: number): number => card & 15;

/** The 52 card ids of one deck in canonical order (clubs 2..A, diamonds, hearts, spades). */
export const DECK: readonly number[] = SUITS.flatMap((_, s) => RANKS.map((_, r) => cardOf(s, r)));

export const makeCard = (card: number): CardName => `${RANKS[rankOf(card)]}${SUITS[suitOf(card)]}` as CardName;

const SUIT_SYMBOLS: Record<string, Suit> = { '♣': 'c', '♦': 'd', '♥': 'h', '♠': 's' };

/**
 * Parses `Kc`, `10d`, `td`, `10♦`; returns the card id or -1.
 */
export function parseCard(text: unknown): number {
  if (typeof text !== 'string') return -1;
  const m = /^(10|[2-9tjqkaTJQKA])([cdhsCDHS♣♦♥♠])$/u.exec(text.trim());
  if (!m) return -1;
  const rankText = m[1] === '10' ? 'T' : m[1].toUpperCase();
  const suitText = SUIT_SYMBOLS[m[2]] ?? m[2].toLowerCase();
  const rank = RANKS.indexOf(rankText as Rank);
  const suit = SUITS.indexOf(suitText as Suit);
  return rank < 0 || suit < 0 ? -1 : cardOf(suit, rank);
}

export const parseSuit = (text: unknown): number => {
  if (typeof text !== 'string') return -1;
  const t = SUIT_SYMBOLS[text] ?? text.toLowerCase();
  return SUITS.indexOf(t as Suit);
};

/** S24 by a card's name ('8s' → 50): what a screen's scoring line and score sheet quote. */
export const pointsOfCard = (card: string): number => cardPoints(parseCard(card));

/** S24: eight 50, K/Q/J 10, ace 1, two to ten face value. */
export function cardPoints(card: number): number {
  const r = rankOf(card);
  if (r === EIGHT) return 50;
  if (r === ACE) return 1;
  if (r >= 9) return 10;
  return r + 2;
}

/** Sort key for showing a hand: by suit then rank (or rank then suit). */
export const compareBySuit = (a: number, b: number): number => a - b;
export const compareByRank = (a: number, b: number): number => rankOf(a) - rankOf(b) || suitOf(a) - suitOf(b);
