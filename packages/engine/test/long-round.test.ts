/**
 * Rounds in linear time: a game's action log is appended, not copied, so a
 * very long round (two players drawing for ever under unlimited draws) costs
 * O(n) to play and to verify (`npm run bench` → `longRound` measures it).
 */
import { describe, expect, it } from 'vitest';
import { apply, legalActions } from '../src/shedding/index.js';
import { recordOf, verifyRecord } from '../src/index.js';
import { lastOf, roundLength } from '../src/core/round-log.js';
import { longRound, unwrap } from './helpers.js';

describe('long rounds', () => {
  it('S-V2: a legal 40,000-action round (unlimited draws) plays, records and verifies', () => {
    const { game, actions } = longRound(40_000);
    expect(roundLength(game.rounds[0])).toBe(40_000);
    expect(lastOf(game.rounds[0])).toEqual(actions.at(-1));
    const record = recordOf(game);
    expect(record.rounds[0].actions).toHaveLength(40_000);
    const v = verifyRecord(JSON.parse(JSON.stringify(record)));
    expect(v.ok).toBe(true);
  });

  it('S-V2: games are values: a branch from an older game does not change it or the newer one', () => {
    const { game: g0 } = longRound(50);
    const [a, b] = legalActions(g0);
    const g1 = unwrap(apply(g0, a));
    const g2 = unwrap(apply(g0, b ?? a));
    const g1b = unwrap(apply(g1, legalActions(g1)[0]));
    expect(roundLength(g0.rounds[0])).toBe(50);
    expect(g0.rounds[0].actions).toHaveLength(50);
    expect(g1.rounds[0].actions).toHaveLength(51);
    expect(g1b.rounds[0].actions).toHaveLength(52);
    expect(g2.rounds[0].actions.at(-1)).toEqual(b ?? a);
    expect(g1.rounds[0].actions.at(-1)).toEqual(a);
    expect(Object.isFrozen(g1b.rounds[0].actions)).toBe(true);
    // A round log reads as plain data: JSON and spreading see its actions.
    expect(JSON.parse(JSON.stringify(g1.rounds[0])).actions).toHaveLength(51);
    expect({ ...g2.rounds[0] }.actions).toHaveLength(51);
  });
});
