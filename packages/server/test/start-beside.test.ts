/**
 * Several processes: one that starts beside a running one (a rolling restart,
 * a process added) loads only the tables nobody else serves. A private table
 * whose players are connected to the other process stays that process's: the
 * new one does not hear its moves, and loads it only when asked for it there.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyAction } from '@olsen/engine';
import { startServer, type OlsenServer } from '../src/index.js';
import { Client, PG_URL, dropShared, guest, testConfig } from './helpers.js';
import { Redis } from 'ioredis';
import { REDIS_URL } from '../../../test/services.js';

const schema = `beside_${process.pid}_${Date.now()}`;
const prefix = `test-${schema}`;
const servers: OlsenServer[] = [];
const clients: Client[] = [];
afterAll(async () => {
  for (const c of clients) c.close();
  for (const s of servers) await s.close().catch(() => undefined);
  await dropShared(schema, prefix);
});

async function seated(url: string, names: readonly string[]): Promise<{ clients: Client[]; ids: string[] }> {
  const gs = await Promise.all(names.map((n) => guest(url, n)));
  const cs = gs.map((g, i) => new Client(url, g.token, names[i]));
  clients.push(...cs);
  await Promise.all(cs.map((c) => c.connected()));
  return { clients: cs, ids: gs.map((g) => g.id) };
}

describe('a process started beside a running one', () => {
  it('leaves a private table served by the other process to it, and still loads the tables nobody serves', async () => {
    const cfg = { databaseUrl: PG_URL, dbSchema: schema, redisUrl: REDIS_URL, redisPrefix: prefix };
    const a = await startServer(testConfig(cfg));
    servers.push(a);

    // T1: private, playing, its two players connected to A.
    const t1 = await seated(a.url, ['Anne', 'Bo']);
    const [anne, bo] = t1.clients;
    const { code: code1 } = (await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }] })) as { ok: true; code: string };
    expect((await bo.req({ type: 'join', code: code1 })).ok).toBe(true);
    expect(await anne.req({ type: 'start', code: code1 })).toEqual({ ok: true });
    await anne.until((u) => u.code === code1 && u.view !== null && u.status === 'playing');

    // T2: private, playing, its players gone (no connection anywhere): someone must still time its steps.
    const t2 = await seated(a.url, ['Cara', 'Dan']);
    const [cara, dan] = t2.clients;
    const { code: code2 } = (await cara.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }] })) as { ok: true; code: string };
    expect((await dan.req({ type: 'join', code: code2 })).ok).toBe(true);
    expect(await cara.req({ type: 'start', code: code2 })).toEqual({ ok: true });
    await cara.until((u) => u.code === code2 && u.status === 'playing');
    cara.close();
    dan.close();

    // T3: listed and waiting (the lobby lists it on every process).
    const t3 = await seated(a.url, ['Eva', 'Finn']);
    const [eva, finn] = t3.clients;
    const { code: code3 } = (await eva.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }, { kind: 'open' }], listed: true })) as { ok: true; code: string };

    // Presence of T2's players is gone before B looks (their disconnections are noted on A).
    for (let i = 0; i < 100 && a.coordinator.gameCount.paused === 0; i++) await new Promise((r) => setTimeout(r, 20));

    const b = await startServer(testConfig(cfg));
    servers.push(b);
    expect(b.coordinator.leftToOthers).toBe(1);
    expect(b.coordinator.tableCount).toBe(2);

    // Who hears each table: T1's channel has A alone; T2's and T3's have both.
    const redis = new Redis(REDIS_URL);
    const listeners = async (code: string): Promise<number> => Number(((await redis.pubsub('NUMSUB', `${prefix}:t:${code}`)) as [string, number])[1]);
    try {
      expect([await listeners(code1), await listeners(code2), await listeners(code3)]).toEqual([1, 2, 2]);
    } finally {
      redis.disconnect();
    }

    // A move at T1 on A: B has nothing to hear, and loads the table, move included, when asked for it there.
    const mover = [anne, bo].find((c) => (c.latest.get(code1)?.view?.legal.length ?? 0) > 0)!;
    const u = mover.latest.get(code1)!;
    const { seat: _seat, ...action } = u.view!.legal[0] as AnyAction & { seat: number };
    expect((await mover.req({ type: 'act', code: code1, version: u.view!.version, action })).ok).toBe(true);
    expect((await finn.req({ type: 'join', code: code3 })).ok).toBe(true);
    expect(b.coordinator.counters.foreignChanges).toBe(0);
    const found = await b.coordinator.lookUp(code1, t1.ids[0]);
    expect(found.ok && found.update.view!.version).toBe(u.view!.version + 1);
  }, 60_000);
});
