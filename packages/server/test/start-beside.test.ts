/**
 * Several processes: one that starts beside a running one (a rolling restart,
 * a process added) loads only the tables nobody else serves. A private table
 * whose players are connected to the other process stays that process's: the
 * new one does not hear its moves, and loads it only when asked for it there.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyAction } from '@olsen/engine';
import { Shared, startedPair } from './helpers.js';

const shared = new Shared('beside');
afterAll(() => shared.close());

describe('a process started beside a running one', () => {
  it('leaves a private table served by the other process to it, and still loads the tables nobody serves', async () => {
    const a = await shared.start();

    // T1: private, playing, its two players connected to A.
    const { client: anne, id: anneId } = await shared.person(a.url, 'Anne');
    const { client: bo } = await shared.person(a.url, 'Bo');
    const { code: code1 } = await startedPair(anne, bo);

    // T2: private, playing, its players gone (no connection anywhere): someone must still time its steps.
    const { client: cara } = await shared.person(a.url, 'Cara');
    const { client: dan } = await shared.person(a.url, 'Dan');
    const { code: code2 } = await startedPair(cara, dan);
    cara.close();
    dan.close();

    // T3: listed and waiting (the lobby lists it on every process).
    const { client: eva } = await shared.person(a.url, 'Eva');
    const { client: finn } = await shared.person(a.url, 'Finn');
    const { code: code3 } = (await eva.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }, { kind: 'open' }], listed: true })) as { ok: true; code: string };

    // Presence of T2's players is gone before B looks (their disconnections are noted on A).
    for (let i = 0; i < 100 && a.coordinator.gameCount.paused === 0; i++) await new Promise((r) => setTimeout(r, 20));

    const b = await shared.start();
    expect(b.coordinator.leftToOthers).toBe(1);
    expect(b.coordinator.tableCount).toBe(2);

    // Who hears each table: T1's channel has A alone; T2's and T3's have both.
    const listeners = (code: string): Promise<number> => shared.listeners(code);
    expect([await listeners(code1), await listeners(code2), await listeners(code3)]).toEqual([1, 2, 2]);

    // A move at T1 on A: B has nothing to hear, and loads the table, move included, when asked for it there.
    const mover = [anne, bo].find((c) => (c.latest.get(code1)?.view?.legal.length ?? 0) > 0)!;
    const u = mover.latest.get(code1)!;
    const { seat: _seat, ...action } = u.view!.legal[0] as AnyAction & { seat: number };
    expect((await mover.req({ type: 'act', code: code1, version: u.view!.version, action })).ok).toBe(true);
    expect((await finn.req({ type: 'join', code: code3 })).ok).toBe(true);
    expect(b.coordinator.counters.foreignChanges).toBe(0);
    const found = await b.coordinator.lookUp(code1, anneId);
    expect(found.ok && found.update.view!.version).toBe(u.view!.version + 1);
  }, 60_000);
});
