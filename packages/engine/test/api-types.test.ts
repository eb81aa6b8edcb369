/**
 * Issue 48: the library's types can be named and narrow by themselves. The type-check of the tests
 * (`npm run typecheck:tests`, in CI) is half of this test: each annotation below compiles only if the API gives it.
 */
import { describe, expect, it } from 'vitest';
import {
  actorsOf, isCatch, isDraw, isGive, isPlay, startGame, viewOf,
  type Action, type AnyAction, type CardName, type Game, type HeartsAction, type HeartsGame, type HeartsView, type PlayerView, type RoundLog,
} from '../src/index.js';

describe('the engine API as a TypeScript user meets it', () => {
  it('startGame narrows by the game name; a seated view has its hand; the guards narrow actions of either family', () => {
    const olsen = startGame({ game: 'olsen', players: ['Kari', 'Ola'], seed: 'types' });
    const dk = startGame({ game: 'olsen-dk', players: ['Kari', 'Ola', 'Per'], seed: 'types', rules: { pass: 'left' } });
    if (!olsen.ok || !dk.ok) throw new Error('not started');
    const g: Game = olsen.value;
    const h: HeartsGame = dk.value;
    const kari: PlayerView = viewOf(g, 0);
    const hand: readonly CardName[] = viewOf(g, 0).hand;
    const dkHand: readonly CardName[] = viewOf(h, 1).hand;
    const log: RoundLog = g.rounds[0];
    expect(hand).toHaveLength(5);
    expect(dkHand.length).toBeGreaterThan(10);
    expect(kari.seat).toBe(0);
    expect(log.actions).toHaveLength(0);
    // A spectator has no hand.
    expect(viewOf(g, null).hand).toBeNull();
    const all: AnyAction[] = [...actorsOf(g).values()].flat();
    const plays = all.filter(isPlay);
    for (const p of plays) expect(p.play.length).toBeGreaterThan(0);
    expect(all.filter(isDraw).every((a) => a.draw)).toBe(true);
    expect(all.some(isCatch)).toBe(false);
    const gives: HeartsAction[] = [...actorsOf(h).values()].flat();
    const give = gives.find(isGive);
    expect(give?.give).toHaveLength(3);
    const one: Action = { seat: 0, catch: 1 };
    if (isCatch(one)) expect(one.catch).toBe(1);
    const v: HeartsView = viewOf(h, 0);
    expect(v.game).toBe('olsen-dk');
  });
});
