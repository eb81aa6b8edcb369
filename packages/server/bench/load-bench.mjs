/* global setTimeout, clearTimeout, fetch */
// The server's cost per move under load (not a test). Starts `olsen serve` pinned to one core and
// `olsen loadtest` pinned to another (taskset, where the machine has two cores or more), so what the
// server spends is measured apart from the load generator. Prints one JSON line per run:
// players, steady p50/p95/p99, errors, actions/s and the server's CPU milliseconds per action.
//
//   npm run bench:load [-- --players 2000,5000 --duration 60 --think 1000 --cluster [--processes 2] [--spread seat] --client raw|socket.io --prof DIR]
//
// --cluster: N server processes (--processes, default 2) on PostgreSQL + Redis (DATABASE_URL / REDIS_URL,
// else the machine's 127.0.0.1:5432 and :6379), all pinned to the server core; CPU is summed over them.
// Per process it reports the change messages received and those for tables it does not hold (goal: 0).
// Needs `npm run build` first (the bench runs the built CLI).
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '2000,5000' },
    duration: { type: 'string', default: '60' },
    think: { type: 'string', default: '1000' },
    cluster: { type: 'boolean', default: false },
    processes: { type: 'string', default: '2' },
    game: { type: 'string', default: 'olsen' },
    client: { type: 'string', default: 'raw' },
    /** With --cluster: `seat` puts a table's players on different processes (plain round robin), `table` keeps them on one. */
    spread: { type: 'string', default: 'table' },
    /** Write the server's CPU profile (node --cpu-prof) into this folder. */
    prof: { type: 'string' },
    /** Extra node options for the server processes (e.g. "--max-semi-space-size=64"), space-separated. */
    'node-args': { type: 'string', default: '' },
    /** Append the server's output (its log, and e.g. --trace-gc lines) to this file. */
    'server-log': { type: 'string' },
  },
});
const BIN = fileURLToPath(new URL('../../cli/bin/olsen.js', import.meta.url));
const pinned = availableParallelism() >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;
const pin = (core, args) => (pinned ? ['taskset', ['-c', String(core), process.execPath, ...args]] : [process.execPath, args]);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

function startServer(env) {
  const nodeArgs = values['node-args'].split(' ').filter(Boolean);
  const [cmd, args] = pin(0, [...nodeArgs, ...(values.prof ? ['--cpu-prof', '--cpu-prof-dir', values.prof] : []), BIN, 'serve']);
  const child = spawn(cmd, args, { env: { ...process.env, LOG_LEVEL: 'error', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${out}`)), 30_000);
    const seen = (d) => {
      if (values['server-log']) appendFileSync(values['server-log'], d);
      if (out.includes('Olsen kjører på')) return;
      out += d;
      if (out.includes('Olsen kjører på')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => reject(new Error(`the server exited (${code}): ${out}`)));
  });
}

function loadtest(urls, players) {
  const [cmd, args] = pin(1, [BIN, 'loadtest', ...urls.flatMap((u) => ['--url', u]), '--players', String(players), '--duration', values.duration, '--think', values.think, '--game', values.game, '--client', values.client, '--spread', values.spread, '--json']);
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`loadtest failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

for (const players of values.players.split(',').map(Number)) {
  const servers = [];
  const urls = [];
  const id = `${process.pid}_${players}`;
  const common = { OLSEN_BOT_DELAY_MS: '700' };
  try {
    if (values.cluster) {
      const db = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
      const redis = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
      for (let i = 0; i < Number(values.processes); i++) {
        const port = await freePort();
        servers.push(await startServer({ ...common, PORT: String(port), DATABASE_URL: db, OLSEN_DB_SCHEMA: `loadbench_${id}`, REDIS_URL: redis, OLSEN_REDIS_PREFIX: `loadbench-${id}` }));
        urls.push(`http://127.0.0.1:${port}`);
      }
    } else {
      const port = await freePort();
      servers.push(await startServer({ ...common, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'olsen-loadbench-')) }));
      urls.push(`http://127.0.0.1:${port}`);
    }
    const r = loadtest(urls, players);
    // Per process: the change messages it received, and those for tables it does not hold.
    const perProcess = values.cluster ? await Promise.all(urls.map(async (u) => {
      const text = await (await fetch(`${u}/metrics`)).text();
      const metric = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
      return { changeMessages: metric('olsen_change_messages_total'), foreignChanges: metric('olsen_foreign_changes_total'), reloads: metric('olsen_table_reloads_total') };
    })) : undefined;
    console.log(
      JSON.stringify({
        bench: 'load',
        mode: values.cluster ? `postgres+redis, ${values.processes} processes` : 'sqlite, 1 process',
        pinned,
        players,
        connectedPeak: r.connectedPeak,
        thinkMs: r.thinkMs,
        steadySeconds: r.steady.seconds,
        steadyP50: r.steadyLatencyMs.p50,
        steadyP95: r.steadyLatencyMs.p95,
        steadyP99: r.steadyLatencyMs.p99,
        errors: r.errors,
        errorsByKind: r.errorsByKind,
        actionsPerSec: r.steady.actionsPerSec,
        serverCpuMsPerAction: r.steady.serverCpuMsPerAction,
        serverActMsP50: r.steady.serverActMs.p50,
        serverActMsP99: r.steady.serverActMs.p99,
        generatorLoopDelayMs: r.steady.generatorLoopDelayMs,
        client: values.client,
        spread: values.spread,
        generatorCpuMsPerAction: r.steady.generatorCpuMsPerAction,
        loadGeneratorCpuSeconds: r.cpuSeconds.loadGenerator,
        durationS: r.durationS,
        ...(perProcess ? { perProcess } : {}),
      }),
    );
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => (s.exitCode !== null ? resolve() : (s.once('exit', resolve), s.kill('SIGTERM'))))));
    if (values.cluster) await dropRun(id);
  }
}

/** A cluster run's schema and Redis keys go with it (the bench leaves nothing in the shared database). */
async function dropRun(id) {
  const { default: pg } = await import('pg');
  const { Redis } = await import('ioredis');
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "loadbench_${id}" CASCADE`);
  await c.end();
  const r = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const keys = await r.keys(`loadbench-${id}:*`);
  if (keys.length > 0) await r.del(...keys);
  r.disconnect();
}
