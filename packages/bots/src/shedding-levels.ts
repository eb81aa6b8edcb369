/**
 * Every shedding level's choice, the search levels' included: `chooseShedding`
 * (the habit levels are in shedding.ts, without the search).
 */
import type { PlayerView } from '@olsen/engine/shedding';
import { ismcts, type SearchBudget } from './ismcts.js';
import { quickShedding, type Choice } from './shedding.js';
import type { Level } from './levels.js';

/**
 * The level's choice for the seat whose view this is. `budget` overrides the
 * search levels' default budget (tests, tournaments).
 */
export function chooseShedding(level: Level, view: PlayerView, rng: Int32Array, budget?: SearchBudget, varied = false): Choice {
  if (level === 'hard' || level === 'expert') return ismcts(view, rng, budget ?? SEARCH_BUDGETS[level]);
  return quickShedding(level, view, rng, varied)!;
}

/** The search levels' default budgets (iterations, and a time cap per decision). */
export const SEARCH_BUDGETS = {
  hard: { iterations: 400, ms: 40 },
  expert: { iterations: 2000, ms: 150 },
} as const satisfies Record<string, SearchBudget>;
