/**
 * One entry for every computer player, both families: the level's choice for
 * the seat whose view this is, with its reason, and the names the computer
 * players sit under. Hosts (the server, the web app's worker, the terminal,
 * the tournament, the benches) ask here, never which family a view is.
 */
import { isHeartsView, type AnyAction, type AnyView } from '@olsen/engine';
import type { HeartsReason } from './hearts.js';
import { heartsChoice } from './hearts-levels.js';
import type { SearchBudget } from './ismcts.js';
import type { Level, Reason } from './shedding.js';
import { chooseShedding } from './shedding-levels.js';

export interface AnyChoice {
  readonly action: AnyAction;
  readonly reason: Reason | HeartsReason;
}

export interface ChooseOptions {
  /** The search levels' budget instead of the level's own (tests, tournaments, benches). */
  readonly budget?: SearchBudget;
  /** Scores jittered by `rng` (the daily deal's players: a line scouted at one table is not replayed at another). */
  readonly varied?: boolean;
}

/** The level's choice for the seat whose view this is (the view must offer an action); `rng` is the bot's dice. */
export function choose(level: Level, view: AnyView, rng: Int32Array, o: ChooseOptions = {}): AnyChoice {
  return isHeartsView(view) ? heartsChoice(level, view, rng, o.budget, o.varied) : chooseShedding(level, view, rng, o.budget, o.varied);
}

export { BOT_NAMES, FORGETS_CALL, botName } from './levels.js';
