/**
 * "Lær å spille": the lessons of a first game and when each is met, read off
 * the frames (headless: the learn page draws them, a test drives them). Every
 * rule question is the engine's: who acts (actingIn), what the legal actions
 * are (a play that names a suit is an eight's, one with the call leaves one
 * card), whether the round is scored in points.
 */
import { actingIn, isCatch, isDraw, isHeartsView, isPlay, type GameName } from '@olsen/engine';
import type { PlayerView } from '@olsen/engine/shedding';
import type { TableUpdate } from '@olsen/protocol';

export type Lesson = 'match' | 'eight' | 'draw' | 'call' | 'catch' | 'olsenEnd' | 'scoring' | 'pass' | 'follow' | 'points' | 'moon';

/** The lessons of each game, in the order a first game meets them. */
export const LESSONS: Readonly<Record<GameName, readonly Lesson[]>> = {
  olsen: ['match', 'eight', 'draw', 'call', 'olsenEnd'],
  'vri-atter': ['match', 'eight', 'draw', 'call', 'catch', 'scoring'],
  'vri-atter-002': ['match', 'eight', 'draw', 'call', 'catch', 'olsenEnd'],
  'olsen-dk': ['pass', 'follow', 'points', 'moon'],
};

/** The lesson this frame meets that the person has not seen yet (null: none). */
export function lessonFor(u: TableUpdate, seen: ReadonlySet<Lesson>): Lesson | null {
  const v = u.view;
  if (!v || u.you === null) return null;
  const fresh = (l: Lesson): Lesson | null => (LESSONS[u.game].includes(l) && !seen.has(l) ? l : null);
  const acting = actingIn(v);
  if (u.status === 'roundOver' || u.status === 'finished') {
    if (isHeartsView(v)) return fresh('moon');
    return (v as PlayerView).roundPoints !== null ? fresh('scoring') : fresh('olsenEnd');
  }
  if (isHeartsView(v)) {
    if (acting.you === 'give') return fresh('pass');
    if (v.taken.some((p) => p > 0)) {
      const l = fresh('points');
      if (l) return l;
    }
    return acting.you === 'turn' ? fresh('follow') : null;
  }
  if (v.legal.some(isCatch)) return fresh('catch');
  if (acting.you !== 'turn') return null;
  const plays = v.legal.filter(isPlay);
  // The call first: it is now or never (S18); then the eight, the draw, and matching as the first thing to learn.
  if (plays.some((a) => a.call)) return fresh('call') ?? null;
  if (!seen.has('match')) return fresh('match');
  if (plays.some((a) => a.suit !== undefined)) return fresh('eight');
  if (plays.length === 0 && v.legal.some(isDraw)) return fresh('draw');
  return null;
}
