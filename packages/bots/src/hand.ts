/** Small readings of a hand and of legal actions, shared by the heuristic levels (not exported from the package). */
import { SUITS, type Action, type Suit } from '@olsen/engine';

export const suitIndex = (s: string): number => SUITS.indexOf(s as Suit);
export const isEight = (card: string): boolean => card[0] === '8';

/** Cards per suit, eights apart (as the yardstick counts). */
export function suitCounts(hand: readonly string[]): number[] {
  const counts = [0, 0, 0, 0];
  for (const c of hand) if (!isEight(c)) counts[suitIndex(c[1])]++;
  return counts;
}

export const plays = (legal: readonly Action[]) => legal.filter((a): a is Extract<Action, { play: readonly string[] }> => 'play' in a);
