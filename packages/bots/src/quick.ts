/**
 * `@olsen/bots/quick`: the habit levels (random, easy, greedy, medium) of
 * both families, hints, and a computer player's slip of the call — none of
 * the search. A host that plays the search levels only now and then (the
 * web app's worker) takes this first and the search when a table needs it.
 */
import { isHeartsView, type AnyView } from '@olsen/engine';
import type { AnyChoice } from './choose.js';
import { heartsHabitChoice } from './hearts.js';
import type { Level } from './levels.js';
import { quickShedding } from './shedding.js';

export { slip } from './forget.js';

/** The level's choice without search (null for `hard` and `expert`: ask `choose` of `@olsen/bots`). */
export function chooseQuick(level: Level, view: AnyView, rng: Int32Array, varied = false): AnyChoice | null {
  if (level === 'hard' || level === 'expert') return null;
  return isHeartsView(view) ? heartsHabitChoice(level, view, rng, varied) : quickShedding(level, view, rng, varied);
}
