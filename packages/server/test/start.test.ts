/** `olsen serve` as a family starts it: one friendly line, then quiet (warnings and errors only); JSON logs when asked. */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
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
