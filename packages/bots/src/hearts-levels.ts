/**
 * Every Danish Olsen level's choice, the search levels' included
 * (`heartsChoice`); the habits are in hearts.ts, without the search.
 */
import { isGive, isPlay, type CardName } from '@olsen/engine';
import type { HeartsAction, HeartsView } from '@olsen/engine/hearts';
import { heartsIsmcts } from './hearts-search.js';
import { heartsHabit, heartsHabitChoice, type HeartsChoice } from './hearts.js';
import type { SearchLimits } from './search.js';
import type { Level } from './levels.js';

/** The search levels' default budgets for Danish Olsen (iterations, and a time cap per card). */
export const HEARTS_SEARCH_BUDGETS = {
  hard: { iterations: 400, ms: 40 },
  expert: { iterations: 1500, ms: 90 },
} as const satisfies Record<string, SearchLimits>;

export function chooseHearts(level: Level, view: HeartsView, rng: Int32Array, budget?: SearchLimits): HeartsAction {
  return heartsChoice(level, view, rng, budget).action;
}

const ORDER = '23456789TJQKA';
const cardName = (card: number): string => `${ORDER[card & 15]}${'cdhs'[card >> 4]}`;

/** The level's choice and why (the view must offer an action). */
export function heartsChoice(level: Level, view: HeartsView, rng: Int32Array, budget?: SearchLimits, varied = false): HeartsChoice {
  const legal = view.legal;
  if ((level !== 'hard' && level !== 'expert') || legal.length === 1 || isGive(legal[0])) return heartsHabitChoice(level, view, rng, varied);
  const seat = view.seat ?? 0;
  const habit = heartsHabit(view, varied ? rng : undefined);
  const best = heartsIsmcts(view, rng, budget ?? HEARTS_SEARCH_BUDGETS[level]);
  const found = best && legal.find((a) => isPlay(a) && a.play[0] === cardName(best.card));
  if (found && best) return { action: found, reason: cardName(best.card) === habit.card ? habit.reason : { kind: 'search', visits: best.visits, of: best.of } };
  return { action: { seat, play: [habit.card as CardName] }, reason: habit.reason };
}
