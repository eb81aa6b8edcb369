/**
 * The deployment README describes, run for real (issue 51, 3): HAProxy (deploy/haproxy.cfg) in front of two
 * `olsen serve` processes on PostgreSQL and Redis, TLS ending at the balancer with a self-signed certificate,
 * health checks on /healthz. Tables are played through the balancer while every process is restarted in turn
 * (drained at the balancer, then SIGTERM): no table stalls, no acknowledged move is lost or doubled.
 */
import { mkdtempSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { verifyRecord, type AnyAction, type GameRecord } from '@olsen/engine';
import { startCluster, type Cluster } from '../../../scripts/cluster.js';
import { HAPROXY, HAPROXY_WHY, REDIS_URL } from '../../../test/services.js';
import { Client, PG_URL, dropShared } from './helpers.js';
import { LOOSE_LIMITS } from './processes.js';
import { replaySteps } from './replay.js';

const random = (legal: readonly AnyAction[]): AnyAction => legal[Math.random() < 0.67 ? 0 : Math.floor(Math.random() * legal.length)];

let cluster: Cluster | null = null;
const schema = `lb_${process.pid}_${Date.now()}`;
afterAll(async () => {
  await cluster?.stop();
  await dropShared(schema, `test-${schema}`);
});

if (!HAPROXY) console.log(`the load-balancer test cannot run here: ${HAPROXY_WHY}`);

describe.skipIf(!HAPROXY)('behind HAProxy (deploy/haproxy.cfg), TLS at the balancer', () => {
  it('three tables of Vri åtter played through the balancer over a rolling restart of both processes: none stalls, every acknowledged move is in its record once', async () => {
    const root = mkdtempSync(join(process.env.TMPDIR ?? '/tmp', 'olsen-lb-'));
    cluster = await startCluster({
      pgUrl: PG_URL,
      redisUrl: REDIS_URL,
      haproxy: HAPROXY,
      root,
      env: { ...LOOSE_LIMITS, OLSEN_DB_SCHEMA: schema, OLSEN_REDIS_PREFIX: `test-${schema}`, LOG_LEVEL: 'error', OLSEN_BOT_DELAY_MS: '40', OLSEN_ROUND_PAUSE_MS: '20' },
      say: () => undefined,
    });
    const { url, ca } = cluster;
    expect(url).toMatch(/^https:/);
    // The clients trust the balancer's certificate, as a device that installed it would; nothing speaks plain http.
    const tls = { ca };
    const call = (path: string, body?: unknown): Promise<unknown> =>
      new Promise((resolve, reject) => {
        const req = request(`${url}${path}`, { ...tls, method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve(JSON.parse(text)));
        });
        req.on('error', reject);
        req.end(body === undefined ? undefined : JSON.stringify(body));
      });
    const open = async (name: string): Promise<Client> => {
      const g = (await call('/api/guest', { name })) as { token: string };
      const c = new Client(url, g.token, name, io(url, { auth: { token: g.token }, transports: ['websocket'], reconnectionDelay: 50, reconnectionDelayMax: 300, ...tls }));
      // A process that stops says goodbye ('io server disconnect'): the client comes back at once, as the web app does.
      c.socket.on('disconnect', (reason) => {
        if (reason === 'io server disconnect') setTimeout(() => c.socket.connect(), 50);
      });
      await c.connected();
      c.ackTimeoutMs = 5000;
      return c;
    };

    const tables: { code: string; clients: Client[] }[] = [];
    for (let i = 0; i < 3; i++) {
      const [a, b] = [await open(`A${i}`), await open(`B${i}`)];
      const created = (await a.req<{ code: string }>({ type: 'create', game: 'vri-atter', seats: [{ kind: 'open' }, { kind: 'bot', level: 'greedy' }] })) as { ok: true; code: string };
      expect(created.ok).toBe(true);
      expect((await b.req({ type: 'join', code: created.code })).ok).toBe(true);
      expect(await a.req({ type: 'start', code: created.code })).toEqual({ ok: true });
      tables.push({ code: created.code, clients: [a, b] });
    }
    const players = tables.flatMap((t) => t.clients.map((c) => c.autoplay(t.code, random)));
    // Well into every game, then each process in turn: drained, stopped, started, taken back.
    for (const t of tables) await t.clients[0].until((u) => u.code === t.code && (u.view?.version ?? 0) >= 8, 60_000);
    const before = tables.map((t) => t.clients[0].latest.get(t.code)!.view!.version);
    const ackedBefore = players.reduce((n, p) => n + p.acked.length, 0);
    await cluster.rollingRestart();
    // The tables were played while the processes went down and came back.
    expect(players.reduce((n, p) => n + p.acked.length, 0)).toBeGreaterThan(ackedBefore);
    expect(Object.values(await cluster.status())).toEqual(['UP', 'UP']);
    // No table stalls: each moves on after the restarts (a game may have ended in between: then it is over).
    for (const [i, t] of tables.entries()) {
      const u = await t.clients[0].until((x) => x.code === t.code && (x.status === 'finished' || (x.view?.version ?? 0) >= before[i] + 10), 60_000);
      expect(u.status === 'finished' || u.view!.version >= before[i] + 10).toBe(true);
    }
    // Played to the end: every acknowledged move is in the record at its version, once.
    const ends = await Promise.all(tables.map((t) => t.clients[0].until((u) => u.code === t.code && u.status === 'finished', 120_000)));
    players.forEach((p) => p.stop());
    const acked = players.flatMap((p, i) => p.acked.map((a) => ({ ...a, table: Math.floor(i / 2) })));
    expect(acked.length).toBeGreaterThan(20);
    for (const [i, end] of ends.entries()) {
      const record = (await call(`/api/games/${end.recordId}/record`)) as GameRecord;
      const verified = verifyRecord(record);
      expect(verified.ok && verified.result.finished).toBe(true);
      const steps = replaySteps(record);
      const mine = acked.filter((a) => a.table === i);
      expect(new Set(mine.map((a) => a.version)).size).toBe(mine.length);
      for (const { version, action } of mine) expect(steps.get(version)?.next, `table ${i}: acknowledged action at version ${version}`).toEqual(action);
    }
    for (const t of tables) for (const c of t.clients) c.close();
  }, 300_000);
});
