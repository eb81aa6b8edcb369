/**
 * Server benchmark (not a test): accepted actions per second through one
 * process with real socket.io clients and the real store, and memory per
 * table. Prints one JSON line.
 *
 *   npm run bench:server [-- --tables 20 --seconds 10 --db sqlite|postgres]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import type { TableUpdate } from '@olsen/protocol';
import { DEFAULTS, startServer, type ServerConfig } from '../src/index.js';

const { values } = parseArgs({ options: { tables: { type: 'string', default: '20' }, seconds: { type: 'string', default: '10' }, idle: { type: 'string', default: '1000' }, db: { type: 'string', default: 'sqlite' } } });
const tables = Number(values.tables);
const seconds = Number(values.seconds);
const idleTables = Number(values.idle);
const pgSchema = `bench_${process.pid}`;
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const config = (over: Partial<ServerConfig>): ServerConfig => ({
  ...DEFAULTS,
  port: 0,
  dataDir: mkdtempSync(join(tmpdir(), 'olsen-bench-')),
  logLevel: 'silent',
  rateLimit: { points: 1_000_000, seconds: 1 },
  ...(values.db === 'postgres' ? { databaseUrl: PG_URL, dbSchema: pgSchema } : {}),
  ...over,
});

async function token(url: string, name: string): Promise<string> {
  const r = await fetch(`${url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
  return ((await r.json()) as { token: string }).token;
}

function connect(url: string, t: string): Promise<Socket> {
  return new Promise((resolve) => {
    const s = io(url, { auth: { token: t }, transports: ['websocket'] });
    s.once('connect', () => resolve(s));
  });
}

type Throughput = { tables: number; seconds: number; actions: number; actionsPerSec: number; gamesFinished: number };
let throughput: Throughput;
let memory: { tables: number; heapBytesPerTable: number; gcExposed: boolean };

// 1. Throughput: tables of one person and three bots (no bot delay); the person answers at once.
{
  const server = await startServer(config({ botDelayMs: 0, roundPauseMs: 0 }));
  const sockets: Socket[] = [];
  for (let i = 0; i < tables; i++) {
    const s = await connect(server.url, await token(server.url, `P${i}`));
    sockets.push(s);
    const play = (u: TableUpdate): void => {
      if (u.status === 'finished') {
        void s.emitWithAck('req', { type: 'rematch', code: u.code });
        return;
      }
      const a = u.view?.legal[0];
      if (!a) return;
      const { seat: _seat, ...action } = a as { seat: number };
      s.emit('req', { type: 'act', code: u.code, version: u.view!.version, action }, () => undefined);
    };
    s.on('table', play);
    const r = (await s.emitWithAck('req', { type: 'create', game: i % 2 ? 'olsen-dk' : 'vri-atter', seats: [{ kind: 'bot', level: 'medium' }, { kind: 'bot', level: 'greedy' }, { kind: 'bot', level: 'easy' }] })) as { code: string };
    await s.emitWithAck('req', { type: 'start', code: r.code });
  }
  const a0 = server.coordinator.counters.actions;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const actions = server.coordinator.counters.actions - a0;
  const elapsed = (performance.now() - t0) / 1000;
  for (const s of sockets) s.close();
  await server.close();
  throughput = { tables, seconds: Number(elapsed.toFixed(2)), actions, actionsPerSec: Math.round(actions / elapsed), gamesFinished: server.coordinator.counters.gamesFinished };
}

// 2. Memory: started tables at rest (one person each, bots that wait a minute).
{
  const server = await startServer(config({ botDelayMs: 60_000 }));
  const s = await connect(server.url, await token(server.url, 'Host'));
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < idleTables; i++) {
    const r = (await s.emitWithAck('req', { type: 'create', game: 'olsen', seats: [{ kind: 'bot', level: 'medium' }, { kind: 'bot', level: 'medium' }, { kind: 'bot', level: 'medium' }] })) as { code: string };
    await s.emitWithAck('req', { type: 'start', code: r.code });
  }
  global.gc?.();
  const after = process.memoryUsage().heapUsed;
  s.close();
  await server.close();
  memory = { tables: idleTables, heapBytesPerTable: Math.round((after - before) / idleTables), gcExposed: typeof global.gc === 'function' };
}

if (values.db === 'postgres') {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
  await c.end();
}
console.log(JSON.stringify({ bench: 'server', db: values.db, node: process.version, throughput, memory }));
