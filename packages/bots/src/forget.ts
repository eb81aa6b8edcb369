/**
 * A computer player's slip: the last-card call forgotten at its level's rate
 * (FORGETS_CALL), drawn from the table's bot dice so a game replays the same.
 */
import { isPlay, type AnyAction } from '@olsen/engine';
import { pick } from '@olsen/engine/sim';
import { FORGETS_CALL, type Level } from './levels.js';

/** `action` as a bot of `level` makes it: a play with the call, now and then without it (the dice are drawn only then). */
export function slip(level: Level, action: AnyAction, rng: Int32Array): AnyAction {
  const rate = FORGETS_CALL[level];
  if (rate === 0 || !isPlay(action) || !('call' in action) || action.call !== true) return action;
  if (pick(rng, 0, 1000) >= rate * 1000) return action;
  const { call: _call, ...forgot } = action;
  return forgot as AnyAction;
}
