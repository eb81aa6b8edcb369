/**
 * The server's work per move above the transport (not a test): the
 * coordinator's `act` (queue, checks, engine, durable write on SQLite with
 * its group commit) and the four seats' updates (`updatesFor`), for many
 * tables at once in one process. No sockets: `floor-bench.mjs` measures the transport's part, and
 * the two add up to about what `bench:load` measures end to end. Quick and
 * steady enough (a few seconds, no second process) to compare two changes
 * by running both trees in turn. Prints one JSON line.
 *
 *   npm run bench:move [-- --tables 1250 --moves 60000]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ActionBody, TableUpdate } from '@olsen/protocol';
import { DEFAULTS, startServer } from '../src/index.js';

const { values } = parseArgs({ options: { tables: { type: 'string', default: '1250' }, moves: { type: 'string', default: '60000' }, warmup: { type: 'string', default: '10000' } } });
const tables = Number(values.tables);
const moves = Number(values.moves);
const warmup = Number(values.warmup);

const server = await startServer({
  ...DEFAULTS,
  port: 0,
  dataDir: mkdtempSync(join(tmpdir(), 'olsen-move-bench-')),
  logLevel: 'silent',
  rateLimit: { points: 1_000_000, seconds: 1 },
  limits: { ...DEFAULTS.limits, runningPerGuest: 1_000_000, runningPerAddress: 1_000_000, runningTables: 1_000_000 },
});
const c = server.coordinator;

interface Table {
  code: string;
  ids: string[];
  /** Each seat's latest update (what its client holds). */
  last: Map<string | null, TableUpdate>;
}
// Each table's players from their own address, as under real load (the caps count games per address).
const guest = (id: string) => ({ id, name: id.slice(0, 12), address: `10.${id.length}.${id.charCodeAt(1)}.${id.slice(1, id.indexOf('s'))}` });
const all: Table[] = [];
for (let i = 0; i < tables; i++) {
  const ids = [0, 1, 2, 3].map((s) => `p${i}s${s}`);
  const made = await c.create(guest(ids[0]), { type: 'create', game: 'olsen', rules: {}, seats: [1, 2, 3].map(() => ({ kind: 'open' as const })), listed: false, turnSeconds: null, fillLevel: 'medium' });
  if (!made.ok) throw new Error(made.error.message);
  for (const id of ids) await c.connected(made.code, id);
  for (const id of ids.slice(1)) {
    const j = await c.join(guest(id), made.code);
    if (!j.ok) throw new Error(j.error.message);
  }
  const s = await c.start(guest(ids[0]), made.code);
  if (!s.ok) throw new Error(s.error.message);
  all.push({ code: made.code, ids, last: (await c.updatesFor(made.code, ids))! });
}

let done = 0;
let rejected = 0;
/** One move at a table: the actor's choice from its view (mostly the first legal move), then every seat's update. */
async function step(t: Table): Promise<void> {
  const ups = t.last;
  let actor: TableUpdate | null = null;
  for (const u of ups.values()) if (u.view && u.view.legal.some((a) => !('catch' in a))) actor = u;
  if (!actor?.view) {
    const over = [...ups.values()][0];
    if (over.status === 'finished') for (const id of t.ids) await c.rematch(guest(id), t.code);
    t.last = (await c.updatesFor(t.code, t.ids))!;
    return;
  }
  const options = actor.view.legal.filter((a) => !('catch' in a));
  const { seat, ...body } = options[Math.random() < 0.7 ? 0 : Math.floor(Math.random() * options.length)] as Record<string, unknown> & { seat: number };
  const id = t.ids[seat];
  const r = await c.act(guest(id), t.code, actor.view.version, body as ActionBody);
  if (!r.ok) rejected++;
  // Every seat's update (the transport's part, turning them into frames and sending them, is the floor bench's).
  t.last = (await c.updatesFor(t.code, t.ids))!;
  done++;
}

/** Every table one move per round, all started in the same turn (so the store's group commit batches as under load). */
async function run(n: number): Promise<void> {
  const until = done + n;
  while (done < until) await Promise.all(all.map(step));
}

await run(warmup);
(globalThis as { gc?: () => void }).gc?.();
const heap0 = process.memoryUsage().heapUsed;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const start = done;
await run(moves);
const cpu = process.cpuUsage(cpu0);
const n = done - start;
const wall = performance.now() - t0;
console.log(
  JSON.stringify({
    bench: 'move',
    tables,
    moves: n,
    cpuMsPerMove: Math.round(((cpu.user + cpu.system) / 1000 / n) * 1000) / 1000,
    wallMsPerMove: Math.round((wall / n) * 1000) / 1000,
    rejected,
    heapMB: Math.round((process.memoryUsage().heapUsed - heap0) / 2 ** 20),
    retainedMB: ((globalThis as { gc?: () => void }).gc?.(), Math.round((process.memoryUsage().heapUsed - heap0) / 2 ** 20)),
  }),
);
await server.close();
