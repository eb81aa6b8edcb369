/** Small readings of a hand and of legal actions, shared by the heuristic levels (not exported from the package). */
import { isCall, isCatch, isDraw, isPass, isPlay, SUITS, type CardName, type Suit } from '@olsen/engine';
import { widestGroups, type Action, type PlayerView } from '@olsen/engine/shedding';
import type { Choice, Reason } from './shedding.js';

export const suitIndex = (s: string): number => SUITS.indexOf(s as Suit);
export const isEight = (card: string): boolean => card[0] === '8';

/** Cards per suit, eights apart (as the yardstick counts). */
export function suitCounts(hand: readonly string[]): number[] {
  const counts = [0, 0, 0, 0];
  for (const c of hand) if (!isEight(c)) counts[suitIndex(c[1])]++;
  return counts;
}

export const plays = (legal: readonly Action[]) => legal.filter((a): a is Extract<Action, { play: readonly string[] }> => isPlay(a));

/** The card a play leaves on top (the last of a group decides the suit). */
export const lastCard = (a: { readonly play: readonly CardName[] }): CardName => a.play[a.play.length - 1];

/**
 * The seat's own moves: not catching another player, not a call on its own;
 * of its multi-card moves (S-V4, S-V5) the longest for each card on top.
 */
export const ownMoves = (view: PlayerView): Action[] => [
  ...view.legal.filter((a) => !isCatch(a) && !isCall(a)),
  ...view.groups.flatMap((o) => widestGroups(o, view.hand?.length ?? 0)),
];

/** What needs no thought: catching a forgotten call, or the one move left (with why); null when `own` offers a choice. */
export function obviousChoice(view: PlayerView, own: readonly Action[]): Choice | null {
  const catchIt = view.legal.find((a) => isCatch(a));
  if (catchIt && isCatch(catchIt)) return { action: catchIt, reason: { kind: 'catch', seat: catchIt.catch } };
  return own.length === 1 ? { action: own[0], reason: forcedReason(view, own[0]) } : null;
}

/** Why the one thing left to do is that: a draw (perhaps a stacked penalty), a pass, the drawn card. */
export function forcedReason(view: PlayerView, action: Action): Reason {
  if (isDraw(action)) return view.pendingDraw > 0 ? { kind: 'takePenalty', cards: view.pendingDraw } : { kind: 'draw' };
  if (isPass(action)) return { kind: 'pass' };
  if (isPlay(action) && view.drawn !== null && action.play[0] === view.drawn) return { kind: 'playDrawn' };
  return { kind: 'only' };
}

