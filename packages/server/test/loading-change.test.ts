/**
 * Several processes: a change message that arrives while a process is still
 * loading the table (subscribed before reading, as it must be) is not lost.
 * The copy is read again before its first use, and the message is not
 * counted as one for a table the process does not serve.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyAction } from '@olsen/engine';
import { openStore, type Store } from '../src/index.js';
import { PG_URL, Shared, heardBy, startedPair } from './helpers.js';

const shared = new Shared('loading');
afterAll(() => shared.close());

describe('a change heard while the table loads', () => {
  it('is applied before the loaded copy is first used (it was dropped, and the copy stayed a move behind)', async () => {
    const a = await shared.start();
    // Process B reads a table's moves, then waits at the gate while it is armed (the moves are read, the table not yet held).
    const real = openStore({ databaseUrl: PG_URL, schema: shared.schema });
    let gate: Promise<void> | null = null;
    let open = (): void => undefined;
    let atGate = (): void => undefined;
    const gated = new Proxy(real, {
      get(target, key) {
        if (key === 'moves') {
          return async (...args: Parameters<Store['moves']>) => {
            const moves = await target.moves(...args);
            if (gate) {
              atGate();
              await gate;
            }
            return moves;
          };
        }
        const v = Reflect.get(target, key, target) as unknown;
        return typeof v === 'function' ? (v as (...x: unknown[]) => unknown).bind(target) : v;
      },
    }) as Store;
    const b = await shared.start({}, { store: gated });

    const { client: anne, id: anneId } = await shared.person(a.url, 'Anne');
    const { client: bo } = await shared.person(a.url, 'Bo');
    const { started: before } = await startedPair(anne, bo);
    const code = before.code;
    const version = before.view!.version;

    // B starts loading the table and stops with its moves read.
    gate = new Promise<void>((r) => (open = r));
    const reached = new Promise<void>((r) => (atGate = r));
    const lookUp = b.coordinator.lookUp(code, anneId);
    await reached;

    // Meanwhile a move is made on A; its change message reaches B while B still loads the table.
    const mover = [anne, bo].find((c) => (c.latest.get(code)?.view?.legal.length ?? 0) > 0)!;
    const u = mover.latest.get(code)!;
    const { seat: _seat, ...action } = u.view!.legal[0] as AnyAction & { seat: number };
    expect((await mover.req({ type: 'act', code, version: u.view!.version, action })).ok).toBe(true);
    const heard = (): Promise<number> => heardBy(b);
    for (let i = 0; i < 100 && (await heard()) === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await heard()).toBeGreaterThan(0);

    open();
    const found = await lookUp;
    expect(found.ok).toBe(true);
    // The copy B now holds has the move made on A.
    expect(found.ok && found.update.view!.version).toBe(version + 1);
    expect(b.coordinator.counters.foreignChanges).toBe(0);
  }, 60_000);
});
