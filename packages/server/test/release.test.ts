/**
 * Several processes: a process lets go of a private table once no connection
 * there follows it and another process serves it (its players reconnected
 * elsewhere, or left from here), so it stops hearing the table's moves. The
 * process that serves the table takes over the steps the other had queued.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Shared, heardBy as heard, startedPair } from './helpers.js';

const shared = new Shared('release');
afterAll(() => shared.close());

const until = async (test: () => Promise<boolean> | boolean, what: string): Promise<void> => {
  for (let i = 0; i < 250; i++) {
    if (await test()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not within 5 s: ${what}`);
};

describe('a table whose connections all moved to another process', () => {
  it('is let go by the process they left, whose queued turn timer the other process then runs; the game plays on there', async () => {
    const a = await shared.start({ reconnectGraceMs: 1000 });
    const b = await shared.start({ reconnectGraceMs: 1000 });
    const listeners = (code: string): Promise<number> => shared.listeners(code);
    const { client: anneOnA } = await shared.person(a.url, 'Anne');
    const { client: bo } = await shared.person(b.url, 'Bo');

    // Started on A (the first step, the turn timer, is queued on A); Anne on A, Bo on B: both hold the table.
    const { code, started } = await startedPair(anneOnA, bo, { turnSeconds: 5 });
    await until(async () => (await listeners(code)) === 2, 'both processes follow the table');

    // Anne reconnects through B: A has no connection left to the table and lets it go.
    anneOnA.close();
    const anne = shared.connect(b.url, anneOnA.token, 'Anne');
    await anne.until((u) => u.code === code && u.view !== null);
    await until(async () => (await listeners(code)) === 1 && a.coordinator.tableCount === 0, 'A lets the table go');
    const heardByA = await heard(a);

    // Nobody acts: the turn runs out on B's clock (A's queued timer finds the table let go and does nothing).
    const timed = await bo.until((u) => u.code === code && (u.view?.version ?? 0) > started.view!.version, 15_000);
    expect(timed.view!.version).toBe(started.view!.version + 1);

    // The game plays on through B; A hears none of it, and Anne's grace period on A (1 s) passes without a stand-in.
    const players = [anne, bo].map((c) => c.autoplay(code));
    await bo.until((u) => u.code === code && (u.view?.version ?? 0) >= timed.view!.version + 8, 15_000);
    for (const p of players) p.stop();
    await new Promise((r) => setTimeout(r, 1500));
    expect(await heard(a)).toBe(heardByA);
    expect(a.coordinator.tableCount).toBe(0);
    expect(await listeners(code)).toBe(1);
    expect(bo.latest.get(code)!.seats.some((s) => s.standIn)).toBe(false);
  }, 60_000);
});
