/**
 * One bot decision in a worker thread (the pool in `bot-pool.ts`): the view
 * and the table's bot random state come in, the chosen action and the state
 * after the choice go back, so a table's bots stay deterministic from its seed
 * whichever thread thinks for them.
 */
import { choose, reviewRecord, type Level, type Review, type SearchLimits } from '@olsen/bots';
import type { AnyAction, AnyView } from '@olsen/engine';

export interface BotTask {
  readonly level: Level;
  readonly view: AnyView;
  readonly rng: Int32Array;
  /** The search's limits instead of the level's own (tests: iterations only, so a thread and the loop agree exactly). */
  readonly budget?: SearchLimits;
  /** Medium with its dice in near-equal choices (the daily deal: a line scouted at one table is not replayed at another). */
  readonly varied?: boolean;
}

export interface BotAnswer {
  readonly action: AnyAction;
  readonly rng: Int32Array;
}

export function decide({ level, view, rng, budget, varied = false }: BotTask): BotAnswer {
  const state = Int32Array.from(rng);
  const action = choose(level, view, state, { budget, varied }).action;
  return { action, rng: state };
}

/** A finished game's review for one seat (the daily deal's, which the player may not download during its day). */
export function review({ record, seat }: { readonly record: unknown; readonly seat: number }): Review {
  return reviewRecord(record, seat);
}

export default decide;
