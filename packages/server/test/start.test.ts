/** `olsen serve` as a family starts it: one friendly line, then quiet (warnings and errors only); JSON logs when asked. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { ConfigError, configFromEnv } from '../src/index.js';
import { PG_URL, api } from './helpers.js';
import { freePort } from './processes.js';

const BIN = fileURLToPath(new URL('../../cli/bin/olsen.js', import.meta.url));

async function serveFor(env: Record<string, string>): Promise<{ stdout: string; stderr: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [BIN, 'serve'], { env: { ...process.env, ...env, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'olsen-start-')) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  for (let i = 0; i < 100 && !stdout.includes('Olsen kjører på'); i++) await new Promise((r) => setTimeout(r, 100));
  for (let i = 0; i < 3; i++) await (await api(`http://127.0.0.1:${port}/healthz`)).text();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { stdout, stderr };
}

describe('starting the server', () => {
  it('prints one friendly line and no request logs by default', async () => {
    const { stdout, stderr } = await serveFor({ LOG_LEVEL: 'info' });
    expect(stdout.trim().split('\n')).toEqual([expect.stringMatching(/^Olsen kjører på http:\/\/127\.0\.0\.1:\d+ /)]);
    expect(stderr).toBe('');
  }, 30_000);

  it('logs every request as JSON with LOG_FORMAT=json', async () => {
    const { stdout } = await serveFor({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
    expect(stdout.split('\n').filter((l) => l.includes('"incoming request"')).length).toBeGreaterThanOrEqual(3);
  }, 30_000);

  it('a Redis that does not answer stops the start within seconds: one sentence naming REDIS_URL, exit 2', async () => {
    const child = spawn(process.execPath, [BIN, 'serve'], {
      env: { ...process.env, PORT: '0', DATABASE_URL: PG_URL, OLSEN_DB_SCHEMA: `start_${process.pid}`, REDIS_URL: 'redis://127.0.0.1:1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => (child.kill('SIGKILL'), resolve(null)), 10_000);
      child.once('exit', (c) => (clearTimeout(timer), resolve(c)));
    });
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^olsen serve: REDIS_URL \(redis:\/\/127\.0\.0\.1:1\) does not answer/)]);
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "start_${process.pid}" CASCADE`);
    await admin.end();
  }, 20_000);

  it('refuses a LOG_FORMAT it does not know with a sentence', () => {
    expect(() => configFromEnv({ LOG_FORMAT: 'xml' })).toThrow(ConfigError);
    expect(() => configFromEnv({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT must be plain or json/);
  });
});

/** The process `pid` started (the one-core launcher's server), by /proc. */
function childOf(pid: number): number | null {
  const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return kids ? Number(kids.split(' ')[0]) : null;
}
const gone = async (pid: number): Promise<boolean> => {
  for (let i = 0; i < 100 && existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '); i++) await new Promise((r) => setTimeout(r, 100));
  return !existsSync(`/proc/${pid}`) || readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
};
const oneCore = process.platform === 'linux' && spawnSync('taskset', ['-c', '0', 'true']).status === 0;

describe.runIf(oneCore)('on one core (serve-process.ts)', () => {
  async function start(): Promise<{ parent: ReturnType<typeof spawn>; server: number; port: number; out: () => string }> {
    const port = await freePort();
    const parent = spawn('taskset', ['-c', '0', process.execPath, BIN, 'serve'], { env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'olsen-onecore-')) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    parent.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    parent.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    for (let i = 0; i < 150 && !out.includes('Olsen kjører på'); i++) await new Promise((r) => setTimeout(r, 100));
    const server = childOf(parent.pid!);
    expect(server).not.toBeNull();
    return { parent, server: server!, port, out: () => out };
  }

  it('the server runs in a child with single-threaded GC; SIGTERM to the launcher stops both cleanly (exit 0)', async () => {
    const { parent, server, port, out } = await start();
    expect(readFileSync(`/proc/${server}/cmdline`, 'utf8').split('\0')).toContain('--single-threaded-gc');
    expect((await api(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const exit = new Promise<number | null>((r) => parent.once('exit', (c) => r(c)));
    parent.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(await gone(server)).toBe(true);
    // One stop, said once: the forwarded signal is not taken for a second, "stop at once" one.
    expect(out()).not.toMatch(/stopped after|stopping failed/);
  }, 30_000);

  it('a Ctrl+C that reaches the launcher and the server alike is one clean stop', async () => {
    const { parent, server } = await start();
    const exit = new Promise<number | null>((r) => parent.once('exit', (c) => r(c)));
    process.kill(server, 'SIGINT');
    parent.kill('SIGINT');
    expect(await exit).toBe(0);
    expect(await gone(server)).toBe(true);
  }, 30_000);

  it('killing the launcher outright (kill -9) ends the server too', async () => {
    const { parent, server } = await start();
    parent.kill('SIGKILL');
    expect(await gone(server)).toBe(true);
  }, 30_000);
});
