/**
 * How fast the computer plays: a bot's time to think by level, how long
 * after a forgotten call a bot catches it, and the pause before the next
 * deal. One place for the table's sense of time, so the server, the web app
 * and the terminal feel the same.
 */
import { LEVELS, type Level } from '@olsen/bots/levels';
import type { Tempo } from '@olsen/protocol';

export interface Pace {
  /** How long a bot of `level` takes before it moves (ms). */
  think(level: Level): number;
  /**
   * How long after a play without the last-card call a bot of `level` catches
   * it (S20), in ms. Until the shortest of these has passed no bot moves, so
   * the person who forgot can still make the late call, and a person who
   * could catch a bot has the time to.
   */
  catchAfter(level: Level): number;
  /** The shortest catch time: how long the next bot waits while a catch is open (ms). */
  readonly hold: number;
  /** The pause between a round's end and the next deal (ms); null: the next deal waits for a person to ask. */
  readonly roundPause: number | null;
}

/**
 * A bot's think time as a share of the base: the quick yardsticks move at
 * once, the beginner hesitates, the search levels take a moment more.
 */
export const THINK_SHARE: Readonly<Record<Level, number>> = { random: 0.6, greedy: 0.8, easy: 1.3, medium: 1, hard: 1.2, expert: 1.4 };

/**
 * A bot's catch time as a multiple of the shortest: the strong levels bang
 * the table as soon as it is fair, the easy ones notice late (or half-asleep).
 */
export const CATCH_SHARE: Readonly<Record<Level, number>> = { expert: 1, hard: 1, medium: 4 / 3, greedy: 5 / 3, easy: 2, random: 2 };

export interface PaceOptions {
  /** A `medium` bot's think time; the other levels' follow THINK_SHARE (ms). */
  readonly botDelayMs: number;
  /** The strongest bots' catch time (ms); the product's default is 1,500: a person must have time for the late call. */
  readonly catchDelayMs: number;
  /** Pause before the next deal; null: the next deal waits for a person. */
  readonly roundPauseMs: number | null;
}

/** The table's times from a base: what the server's settings and the web app's options give. */
export function pace(o: PaceOptions): Pace {
  const think = {} as Record<Level, number>;
  const catches = {} as Record<Level, number>;
  for (const l of LEVELS) {
    think[l] = Math.round(o.botDelayMs * THINK_SHARE[l]);
    catches[l] = Math.round(o.catchDelayMs * CATCH_SHARE[l]);
  }
  return { think: (l) => think[l], catchAfter: (l) => catches[l], hold: o.catchDelayMs, roundPause: o.roundPauseMs };
}

/**
 * The table's times at a tempo the players chose, from the host's base (the
 * server's settings, the web app's): `calm` doubles the think time and the
 * pause between rounds and gives at least 4 s to call late; `quick` halves
 * the think time (the time to call late stays: a person must have it).
 */
export function paceAt(tempo: Tempo, base: PaceOptions): Pace {
  if (tempo === 'normal') return pace(base);
  if (tempo === 'calm') return pace({ botDelayMs: base.botDelayMs * 2, catchDelayMs: Math.max(CALM_CATCH_MS, base.catchDelayMs * 2), roundPauseMs: base.roundPauseMs === null ? null : base.roundPauseMs * 1.5 });
  return pace({ botDelayMs: Math.round(base.botDelayMs / 2), catchDelayMs: base.catchDelayMs, roundPauseMs: base.roundPauseMs === null ? null : Math.round(base.roundPauseMs / 2) });
}

/** The least time to call late at a calm table (ms). */
export const CALM_CATCH_MS = 4000;

/** What a person at the table sees: a medium bot thinks 0.7 s, a catch comes after 1.5 s (strong) to 3 s (easy), 4 s between rounds. */
export const HUMANE: Pace = pace({ botDelayMs: 700, catchDelayMs: 1500, roundPauseMs: 4000 });

/** No waiting at all (tournaments, benches, tests): steps run in the order they would fall due. */
export const INSTANT: Pace = pace({ botDelayMs: 0, catchDelayMs: 0, roundPauseMs: 0 });
