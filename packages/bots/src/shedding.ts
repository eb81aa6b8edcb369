/**
 * Computer players for Olsen and Vri åtter. A bot is a function of a seat's
 * `PlayerView` (and its own RNG) to one of `view.legal`: it never sees the
 * `Game`, so it cannot reach another hand or the stock — by type.
 */
import { isCall, isDraw, isPass, isPlay, SUITS, type CardName, type Suit } from '@olsen/engine';
import { pick } from '@olsen/engine/sim';
import type { Action, PlayerView } from '@olsen/engine/shedding';
import { isEight, obviousChoice, ownMoves, plays, suitCounts, suitIndex } from './hand.js';
import { medium } from './medium.js';

export { knownVoids, medium } from './medium.js';

import type { Level } from './levels.js';
export { LEVELS, type Level } from './levels.js';

/** A choice and, for hints, why. */
export interface Choice {
  readonly action: Action;
  readonly reason: Reason;
}

/** Why a bot chose what it chose (turned into a sentence by `hint`). */
export type Reason =
  | { readonly kind: 'only' }
  | { readonly kind: 'mostSuit'; readonly suit: Suit }
  /** Of the suits that fit, `suit` is held most (another suit that does not fit is held more). */
  | { readonly kind: 'mostSuitThatFits'; readonly suit: Suit }
  /** Only plain cards of `suit` fit; `eight`: an eight would fit too (and is kept). */
  | { readonly kind: 'onlySuit'; readonly suit: Suit; readonly eight: boolean; readonly byRank?: boolean }
  /** A suit the next player will likely not follow, chosen over one held more. */
  | { readonly kind: 'hardToFollow'; readonly seat: number; readonly suit: Suit }
  /** A card drawn by choice rather than an eight played. */
  | { readonly kind: 'saveEight' }
  /** A plain card played while an eight is kept back for an opponent down to one card. */
  | { readonly kind: 'keepEight'; readonly seat: number }
  /** An eight naming `suit`: nothing else fits (`stuck`), or the suit is the one held most. */
  | { readonly kind: 'eightNeeded'; readonly suit: Suit; readonly stuck: boolean }
  /** A plain card that `seat`, down to one card, most likely cannot follow (no void known). */
  | { readonly kind: 'awayFrom'; readonly seat: number }
  /** A special card that makes `seat` draw `cards` (S-V7 draw-two, stacked S-V8, or an ace under S-V10). */
  | { readonly kind: 'attack'; readonly seat: number; readonly cards: number }
  /** A queen that skips `seat` (S-V7). */
  | { readonly kind: 'skip'; readonly seat: number }
  /** An ace that turns the direction away from `seat` (S-V7). */
  | { readonly kind: 'reverse'; readonly seat: number }
  /** An ace that makes every other player draw (S-V9). */
  | { readonly kind: 'everyoneDraws' }
  /** The last card: the round is won. */
  | { readonly kind: 'goOut' }
  | { readonly kind: 'blockNext'; readonly seat: number; readonly suit: Suit }
  | { readonly kind: 'shedPoints'; readonly card: CardName }
  | { readonly kind: 'draw' }
  /** Drawing a stacked draw-two's cards, with no two to answer (S-V8). */
  | { readonly kind: 'takePenalty'; readonly cards: number }
  /** The card just drawn fits and must be laid (S13). */
  | { readonly kind: 'playDrawn' }
  | { readonly kind: 'pass' }
  | { readonly kind: 'catch'; readonly seat: number }
  | { readonly kind: 'random' }
  /** The search's choice: it was tried `visits` times of `of`. */
  | { readonly kind: 'search'; readonly visits: number; readonly of: number };


/** The fixed yardstick (the baseline every level is measured against), exactly. */
export function greedy(view: PlayerView): Choice {
  const own = ownMoves(view);
  const plain = obviousChoice(view, own);
  if (plain) return plain;
  const counts = suitCounts(view.hand ?? []);
  let best: Action | null = null;
  let bestCount = -1;
  for (const a of plays(own)) {
    if (a.play.length !== 1 || isEight(a.play[0])) continue;
    const n = counts[suitIndex(a.play[0][1])];
    if (n > bestCount) {
      best = a;
      bestCount = n;
    }
  }
  if (best && isPlay(best)) return { action: best, reason: { kind: 'mostSuit', suit: best.play[0][1] as Suit } };
  const most = SUITS[counts.indexOf(Math.max(...counts))];
  const eight = plays(own).find((a) => a.play.length === 1 && isEight(a.play[0]) && a.suit === most);
  if (eight) return { action: eight, reason: { kind: 'eightNeeded', suit: most, stuck: true } };
  const anyPlay = plays(own).find((a) => a.play.length === 1);
  if (anyPlay) return { action: anyPlay, reason: { kind: 'only' } };
  const draw = own.find((a) => isDraw(a));
  if (draw) return { action: draw, reason: { kind: 'draw' } };
  return { action: own.find((a) => isPass(a)) ?? own[0], reason: { kind: 'pass' } };
}

export function random(view: PlayerView, rng: Int32Array): Choice {
  const legal = view.legal.filter((a) => !isCall(a));
  return { action: legal[legal.length === 1 ? 0 : pick(rng, 0, legal.length)], reason: { kind: 'random' } };
}

/** Greedy with noise: one decision in five at random. */
export function easy(view: PlayerView, rng: Int32Array): Choice {
  return pick(rng, 0, 5) === 0 ? random(view, rng) : greedy(view);
}

/**
 * The habit levels' choice (random, greedy, easy, medium): no search, so a
 * first game in the browser needs none of it (null for hard and expert).
 */
export function quickShedding(level: Level, view: PlayerView, rng: Int32Array, varied = false): Choice | null {
  switch (level) {
    case 'random':
      return random(view, rng);
    case 'greedy':
      return greedy(view);
    case 'easy':
      return easy(view, rng);
    case 'medium':
      // Varied: the same habits with a little of the dice in near-equal choices (the daily deal's players).
      return medium(view, varied ? rng : undefined);
    default:
      return null;
  }
}
