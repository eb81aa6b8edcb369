/**
 * Several processes: a process lets go of a private table once no connection
 * there follows it and another process serves it (its players reconnected
 * elsewhere, or left from here), so it stops hearing the table's moves. The
 * process that serves the table takes over the steps the other had queued.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startServer, type OlsenServer } from '../src/index.js';
import { Client, PG_URL, dropShared, guest, testConfig } from './helpers.js';
import { REDIS_URL } from '../../../test/services.js';

const schema = `release_${process.pid}_${Date.now()}`;
const prefix = `test-${schema}`;
const servers: OlsenServer[] = [];
const clients: Client[] = [];
afterAll(async () => {
  for (const c of clients) c.close();
  for (const s of servers) await s.close().catch(() => undefined);
  await dropShared(schema, prefix);
});

const heard = async (s: OlsenServer): Promise<number> => Number(/^olsen_change_messages_total (\d+)/m.exec(await (await fetch(`${s.url}/metrics`)).text())?.[1] ?? 0);
const until = async (test: () => Promise<boolean> | boolean, what: string): Promise<void> => {
  for (let i = 0; i < 250; i++) {
    if (await test()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not within 5 s: ${what}`);
};

describe('a table whose connections all moved to another process', () => {
  it('is let go by the process they left, whose queued turn timer the other process then runs; the game plays on there', async () => {
    const cfg = { databaseUrl: PG_URL, dbSchema: schema, redisUrl: REDIS_URL, redisPrefix: prefix, reconnectGraceMs: 1000 };
    const a = await startServer(testConfig(cfg));
    const b = await startServer(testConfig(cfg));
    servers.push(a, b);
    const redis = new Redis(REDIS_URL);
    const listeners = async (code: string): Promise<number> => Number(((await redis.pubsub('NUMSUB', `${prefix}:t:${code}`)) as [string, number])[1]);
    try {
      const ga = await guest(a.url, 'Anne');
      const gb = await guest(b.url, 'Bo');
      const anneOnA = new Client(a.url, ga.token, 'Anne');
      const bo = new Client(b.url, gb.token, 'Bo');
      clients.push(anneOnA, bo);
      await Promise.all([anneOnA.connected(), bo.connected()]);

      // Started on A (the first step, the turn timer, is queued on A); Anne on A, Bo on B: both hold the table.
      const { code } = (await anneOnA.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }], turnSeconds: 5 })) as { ok: true; code: string };
      expect((await bo.req({ type: 'join', code })).ok).toBe(true);
      expect(await anneOnA.req({ type: 'start', code })).toEqual({ ok: true });
      const started = await bo.until((u) => u.code === code && u.view !== null && u.status === 'playing');
      await until(async () => (await listeners(code)) === 2, 'both processes follow the table');

      // Anne reconnects through B: A has no connection left to the table and lets it go.
      anneOnA.close();
      const anne = new Client(b.url, ga.token, 'Anne');
      clients.push(anne);
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
    } finally {
      redis.disconnect();
    }
  }, 60_000);
});
