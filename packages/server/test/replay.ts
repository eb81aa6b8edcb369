/** A finished game's record as the game at every version (the engine replays it), for checking what clients saw. */
import { replaySteps as engineSteps, type AnyGame, type GameRecord } from '@olsen/engine';

export interface Step {
  readonly game: AnyGame;
  /** The action applied to this state next (absent after a round's last action). */
  readonly next?: unknown;
}

export function replaySteps(record: GameRecord): Map<number, Step> {
  const steps = engineSteps(record);
  if (!steps.ok) throw new Error(steps.error.message);
  const byVersion = new Map<number, Step>();
  steps.value.forEach((s, i) => {
    const after = steps.value[i + 1];
    byVersion.set(s.game.version, after && after.round === s.round && after.action ? { game: s.game, next: after.action } : { game: s.game });
  });
  return byVersion;
}
