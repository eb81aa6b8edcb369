/**
 * Issue 50 (4): long games cost nothing while nobody moves (not a test). Makes N turn-based Vri åtter tables in
 * progress in a fresh data folder (`--tables`, default 20,000; the computer's and people's seats, a day per move,
 * untouched for a day), then starts `olsen serve` on it as its own process and prints one JSON line: its start
 * (the restore), its memory once the tables rested (RSS and the peak), and the time a move takes on a table
 * nobody has touched (loaded on demand: the seated person joins, then moves) — p50 and p99 over `--sample`
 * tables, each through a real socket.io client.
 *
 *   npm run build && node --import tsx packages/server/bench/turn-based-bench.ts [--tables 20000 --sample 200]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import type { TableUpdate } from '@olsen/protocol';
import { mergeUpdate } from '@olsen/protocol';
import { DEFAULTS, startServer } from '../src/index.js';
import { newCode } from '../src/live-table.js';
import type { TableRow } from '../src/ports.js';

const { values } = parseArgs({ options: { tables: { type: 'string', default: '20000' }, sample: { type: 'string', default: '200' } } });
const N = Number(values.tables);
const SAMPLE = Math.min(N, Number(values.sample));
const dataDir = mkdtempSync(join(tmpdir(), 'olsen-turn-based-bench-'));
const cli = fileURLToPath(new URL('../../cli/bin/olsen.js', import.meta.url));

// 1. The tables, written through the server's own store (and guests for the sampled tables' people).
const maker = await startServer({ ...DEFAULTS, port: 0, dataDir, logLevel: 'silent', limits: { ...DEFAULTS.limits, guestsPerHour: 1_000_000, httpPerMinute: 1_000_000 } });
const people: { token: string; id: string }[] = [];
for (let i = 0; i < SAMPLE; i++) {
  const r = (await (await fetch(`${maker.url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `P${i}` }) })).json()) as { token: string; player: { id: string } };
  people.push({ token: r.token, id: r.player.id });
}
const dayAgo = Date.now() - 86_400_000;
const sampled: { code: string; person: { token: string; id: string } }[] = [];
const t0 = Date.now();
for (let i = 0; i < N; i++) {
  const person = i < SAMPLE ? people[i]! : { token: '', id: `far-${i}` };
  const code = newCode(10);
  const row: TableRow = {
    id: randomBytes(9).toString('base64url'), code, host: person.id, game: 'vri-atter', rules: {},
    seats: [{ kind: 'human', playerId: person.id, name: `P${i}`, standIn: null }, { kind: 'human', playerId: `other-${i}`, name: 'Mormor', standIn: null }, { kind: 'bot', level: 'medium', name: 'Kari' }],
    listed: false, turnSeconds: 86_400, fillLevel: 'medium', tempo: 'normal', turnBased: true, status: 'playing', gameNo: 1, seed: randomBytes(12).toString('base64url'), createdAt: dayAgo, rev: 0, daily: null,
  };
  await maker.store.createTable(row);
  if (i < SAMPLE) sampled.push({ code, person });
}
const madeSeconds = (Date.now() - t0) / 1000;
await maker.close();

// 2. The server as its own process on them.
const port = 20_000 + Math.floor(Math.random() * 20_000);
const started = Date.now();
const child = spawn(process.execPath, [cli, 'serve', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir], { env: { ...process.env, OLSEN_LOG_LEVEL: 'silent', OLSEN_RATE_LIMIT: '100000', OLSEN_MAX_CONNECTIONS_PER_ADDRESS: '100000' }, stdio: ['ignore', 'ignore', 'inherit'] });
const url = `http://127.0.0.1:${port}`;
for (;;) {
  if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
  await new Promise((r) => setTimeout(r, 100));
}
const readySeconds = (Date.now() - started) / 1000;
const status = async (): Promise<{ rssMB: number; peakMB: number; heapUsedMB: number; tablesInMemory: number }> => {
  const s = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (k: string): number => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(s)?.[1] ?? 0);
  // The server's own figures: V8's heap in use and the tables it holds (an RSS keeps pages a collection freed).
  const m = await (await fetch(`${url}/metrics`)).text();
  const metric = (name: string): number => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([\\d.e+]+)$`, 'm').exec(m)?.[1] ?? NaN);
  return { rssMB: Math.round(kb('VmRSS') / 1024), peakMB: Math.round(kb('VmHWM') / 1024), heapUsedMB: Math.round(metric('olsen_nodejs_heap_size_used_bytes') / 1048576), tablesInMemory: metric('olsen_tables') };
};
// The restored tables rest after their first settle (5 s); then the memory of a server holding none.
await new Promise((r) => setTimeout(r, 15_000));
const rested = await status();

process.on('exit', () => child.kill('SIGTERM'));
// 3. A move on a table nobody touched for a day: the person joins (the table is loaded), then moves.
const joins: number[] = [];
const moves: number[] = [];
for (const { code, person } of sampled) {
  const s: Socket = io(url, { auth: { token: person.token }, transports: ['websocket'], reconnection: false });
  await new Promise<void>((r, j) => { s.once('connect', () => r()); s.once('connect_error', (e) => j(e)); });
  let latest: TableUpdate | undefined;
  const frames: ((u: TableUpdate) => void)[] = [];
  s.on('table', (f: TableUpdate) => {
    latest = mergeUpdate(latest, f) ?? latest;
    for (const w of frames.splice(0)) w(latest!);
  });
  const a = performance.now();
  const joined = (await s.timeout(30_000).emitWithAck('req', { type: 'join', code })) as { ok: boolean };
  joins.push(performance.now() - a);
  if (!joined.ok) throw new Error(`join ${code}: ${JSON.stringify(joined)}`);
  if (!latest?.view) await new Promise<void>((r) => frames.push(() => r()));
  if (!latest?.view) throw new Error(`no table at ${code}`);
  const v = latest.view;
  if (v.toMove !== latest.you || v.legal.length === 0) throw new Error(`not the person's turn at ${code}`);
  const { seat: _seat, ...action } = v.legal[0] as { seat: number };
  const b = performance.now();
  const acted = (await s.timeout(30_000).emitWithAck('req', { type: 'act', code, version: v.version, action })) as { ok: boolean };
  moves.push(performance.now() - b);
  if (!acted.ok) throw new Error(`act ${code}: ${JSON.stringify(acted)}`);
  s.close();
}
const q = (xs: number[], p: number): number => Math.round([...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * xs.length))]! * 10) / 10;
const both = joins.map((j, i) => j + moves[i]!);
console.log(JSON.stringify({
  bench: 'turn-based', tables: N, made: { seconds: madeSeconds }, start: { readySeconds },
  memory: { ...rested, afterSample: await status() },
  untouchedMove: { sample: SAMPLE, joinMs: { p50: q(joins, 0.5), p99: q(joins, 0.99) }, moveMs: { p50: q(moves, 0.5), p99: q(moves, 0.99) }, joinAndMoveMs: { p50: q(both, 0.5), p99: q(both, 0.99) } },
}));
child.kill('SIGTERM');
