/**
 * Several processes: a change message that arrives while a process is still
 * loading the table (subscribed before reading, as it must be) is not lost.
 * The copy is read again before its first use, and the message is not
 * counted as one for a table the process does not serve.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyAction } from '@olsen/engine';
import { openStore, startServer, type OlsenServer, type Store } from '../src/index.js';
import { Client, PG_URL, dropShared, guest, testConfig } from './helpers.js';
import { REDIS_URL } from '../../../test/services.js';

const schema = `loading_${process.pid}_${Date.now()}`;
const prefix = `test-${schema}`;
const servers: OlsenServer[] = [];
const clients: Client[] = [];
afterAll(async () => {
  for (const c of clients) c.close();
  for (const s of servers) await s.close().catch(() => undefined);
  await dropShared(schema, prefix);
});

describe('a change heard while the table loads', () => {
  it('is applied before the loaded copy is first used (it was dropped, and the copy stayed a move behind)', async () => {
    const cfg = { databaseUrl: PG_URL, dbSchema: schema, redisUrl: REDIS_URL, redisPrefix: prefix };
    const a = await startServer(testConfig(cfg));
    servers.push(a);
    // Process B reads a table's moves, then waits at the gate while it is armed (the moves are read, the table not yet held).
    const real = openStore({ databaseUrl: PG_URL, schema });
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
    const b = await startServer(testConfig(cfg), { store: gated });
    servers.push(b);

    const ga = await guest(a.url, 'Anne');
    const gb = await guest(a.url, 'Bo');
    const anne = new Client(a.url, ga.token, 'Anne');
    const bo = new Client(a.url, gb.token, 'Bo');
    clients.push(anne, bo);
    await Promise.all([anne.connected(), bo.connected()]);
    const { code } = (await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }] })) as { ok: true; code: string };
    expect((await bo.req({ type: 'join', code })).ok).toBe(true);
    expect(await anne.req({ type: 'start', code })).toEqual({ ok: true });
    const before = await anne.until((u) => u.code === code && u.view !== null && u.status === 'playing');
    const version = before.view!.version;

    // B starts loading the table and stops with its moves read.
    gate = new Promise<void>((r) => (open = r));
    const reached = new Promise<void>((r) => (atGate = r));
    const lookUp = b.coordinator.lookUp(code, ga.id);
    await reached;

    // Meanwhile a move is made on A; its change message reaches B while B still loads the table.
    const mover = [anne, bo].find((c) => (c.latest.get(code)?.view?.legal.length ?? 0) > 0)!;
    const u = mover.latest.get(code)!;
    const { seat: _seat, ...action } = u.view!.legal[0] as AnyAction & { seat: number };
    expect((await mover.req({ type: 'act', code, version: u.view!.version, action })).ok).toBe(true);
    const heard = async (): Promise<number> => Number(/^olsen_change_messages_total (\d+)/m.exec(await (await fetch(`${b.url}/metrics`)).text())?.[1] ?? 0);
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
