/**
 * Several `olsen serve` processes on PostgreSQL and Redis behind HAProxy, TLS ending at the balancer
 * (deploy/haproxy.cfg): what README's "Several processes" describes, as one command, and what the
 * load-balancer test (packages/server/test/haproxy.test.ts) starts.
 *
 *   npm run cluster [-- --processes 3 --bind 127.0.0.1:8443]
 *
 * Brings up what is missing the way `npm test` does (scripts/services.ts): PostgreSQL and Redis from
 * DATABASE_URL / REDIS_URL or at their usual addresses, else its own; HAProxy from PATH or apt. The
 * certificate is OLSEN_TLS_PEM (certificate, chain and key in one PEM file), else a self-signed one for
 * localhost made here (browsers warn about it). SIGHUP restarts the processes one at a time through the
 * balancer (each drained first); Ctrl+C stops everything.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, haproxy, postgres, redis, until, type Ctx } from './services.js';

const BIN = fileURLToPath(new URL('../packages/cli/bin/olsen.js', import.meta.url));
const CONFIG = fileURLToPath(new URL('../deploy/haproxy.cfg', import.meta.url));

export interface ClusterOptions {
  readonly pgUrl: string;
  readonly redisUrl: string;
  /** `haproxy`'s path. */
  readonly haproxy: string;
  /** A folder of this cluster's own (the balancer's config and socket, a self-signed certificate). */
  readonly root: string;
  /** `olsen serve` processes (default 2). */
  readonly processes?: number;
  /** Where the balancer listens (default 127.0.0.1 on a free port). */
  readonly bind?: string;
  /** Certificate, chain and key in one PEM file (default: a self-signed one for localhost, made in `root`). */
  readonly tlsPem?: string;
  /** More environment for every process (its schema, prefix, limits). */
  readonly env?: Readonly<Record<string, string>>;
  readonly say?: (line: string) => void;
}

/** One `olsen serve` behind the balancer, named as its server line (`s1`, `s2`, …). */
export interface Member {
  readonly name: string;
  readonly port: number;
  child: ChildProcess;
}

export interface Cluster {
  /** The balancer's address (https). */
  readonly url: string;
  readonly members: readonly Member[];
  /** The certificate the balancer shows (PEM), for a client to trust. */
  readonly ca: string;
  /** Drains `m` at the balancer, stops it (SIGTERM: its connections are told and go elsewhere), starts it again, and lets the balancer send it connections once it answers. */
  restart(m: Member): Promise<void>;
  /** Every process in turn, as `restart`. */
  rollingRestart(): Promise<void>;
  /** What the balancer thinks of each process (`UP`, `DOWN`, `DRAIN`, `MAINT`, …). */
  status(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/** A certificate for localhost and 127.0.0.1 with its key, in one PEM file (openssl). */
export function selfSigned(dir: string): string {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '30', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
  const pem = join(dir, 'olsen.pem');
  writeFileSync(pem, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'), { mode: 0o600 });
  return pem;
}

/** A GET over https that trusts `ca`: its status, or 0 when nothing answered. */
function get(url: string, ca: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { ca, timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

const answers = async (port: number): Promise<boolean> => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  } catch {
    return false;
  }
};

/** One command to the balancer's runtime API, and its answer. */
function admin(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const c = connect(socket);
    let out = '';
    c.on('data', (d) => (out += d.toString()));
    c.on('end', () => resolve(out));
    c.on('error', reject);
    c.end(`${command}\n`);
  });
}

export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  const say = o.say ?? ((line: string) => void process.stdout.write(`${line}\n`));
  const pem = o.tlsPem ?? selfSigned(o.root);
  const ca = readFileSync(pem, 'utf8');
  const socket = join(o.root, 'haproxy.sock');
  const bind = o.bind ?? `127.0.0.1:${await freePort()}`;
  const env = { ...process.env, DATABASE_URL: o.pgUrl, REDIS_URL: o.redisUrl, OLSEN_TRUST_PROXY: '1', HOST: '127.0.0.1', ...o.env };

  const launch = async (m: { name: string; port: number }): Promise<ChildProcess> => {
    const child = spawn(process.execPath, [BIN, 'serve'], { env: { ...env, PORT: String(m.port) }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-2000)));
    const gone = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`olsen serve (${m.name}, port ${m.port}) stopped (${code}): ${err}`))));
    gone.catch(() => undefined);
    await Promise.race([until(`olsen serve (${m.name}) on port ${m.port}`, 30_000, () => answers(m.port)), gone]);
    return child;
  };

  const members: Member[] = [];
  // One after the other: the first makes the schema.
  for (let i = 1; i <= (o.processes ?? 2); i++) {
    const m = { name: `s${i}`, port: await freePort() };
    members.push({ ...m, child: await launch(m) });
  }
  const config = readFileSync(CONFIG, 'utf8').replace(/^\s*server s\d+ .*\n/gm, '') + members.map((m) => `    server ${m.name} 127.0.0.1:${m.port}\n`).join('');
  const cfg = join(o.root, 'haproxy.cfg');
  writeFileSync(cfg, config);
  const lb = spawn(o.haproxy, ['-db', '-f', cfg], { env: { ...process.env, OLSEN_LB_SOCKET: socket, OLSEN_LB_BIND: bind, OLSEN_TLS_PEM: pem }, stdio: ['ignore', 'ignore', 'pipe'] });
  let lbErr = '';
  lb.stderr!.on('data', (d: Buffer) => (lbErr = (lbErr + d.toString()).slice(-2000)));
  const lbExit = new Promise<void>((r) => lb.once('exit', () => r()));
  const url = `https://${bind.startsWith(':') ? `127.0.0.1${bind}` : bind}`;

  const status = async (): Promise<Record<string, string>> => {
    const csv = await admin(socket, 'show stat');
    const [head, ...rows] = csv.trim().split('\n');
    const cols = head.replace(/^# /, '').split(',');
    const at = (name: string): number => cols.indexOf(name);
    const out: Record<string, string> = {};
    for (const r of rows) {
      const f = r.split(',');
      if (f[at('pxname')] === 'olsen' && /^s\d+$/.test(f[at('svname')])) out[f[at('svname')]] = f[at('status')];
    }
    return out;
  };
  const stopAll = async (): Promise<void> => {
    lb.kill('SIGTERM');
    await lbExit;
    await Promise.all(members.map(async (m) => {
      if (m.child.exitCode !== null || m.child.signalCode !== null) return;
      const exited = new Promise<void>((r) => m.child.once('exit', () => r()));
      m.child.kill('SIGTERM');
      await exited;
    }));
  };
  try {
    await until(`HAProxy at ${url}`, 15_000, async () => {
      if (lb.exitCode !== null) throw new Error(`HAProxy stopped: ${lbErr}`);
      const s = await status().catch(() => ({}) as Record<string, string>);
      return members.every((m) => s[m.name] === 'UP') && (await get(`${url}/healthz`, ca)) === 200;
    });
  } catch (e) {
    await stopAll();
    throw e;
  }
  say(`HAProxy at ${url} in front of ${members.map((m) => `${m.name} (127.0.0.1:${m.port})`).join(', ')}`);

  const restart = async (m: Member): Promise<void> => {
    await admin(socket, `set server olsen/${m.name} state drain`);
    const exited = new Promise<void>((r) => m.child.once('exit', () => r()));
    m.child.kill('SIGTERM');
    await exited;
    m.child = await launch(m);
    await admin(socket, `set server olsen/${m.name} state ready`);
    await until(`${m.name} up at the balancer`, 15_000, async () => (await status())[m.name] === 'UP');
    say(`${m.name} restarted`);
  };
  return {
    url,
    members,
    ca,
    restart,
    async rollingRestart() {
      for (const m of members) await restart(m);
    },
    status,
    stop: stopAll,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { processes: { type: 'string', default: '2' }, bind: { type: 'string', default: '127.0.0.1:8443' } } });
  const processes = Number(values.processes);
  if (!Number.isInteger(processes) || processes < 1 || processes > 32) throw new Error('--processes must be a whole number from 1 to 32.');
  const root = mkdtempSync(join(tmpdir(), 'olsen-cluster-'));
  // PostgreSQL's own user must be able to enter it when it is started here as root.
  chmodSync(root, 0o755);
  const say = (line: string): void => void process.stdout.write(`cluster: ${line}\n`);
  const ctx: Ctx = { mode: 'auto', root, stops: [], say };
  const cleanup = async (): Promise<void> => {
    for (const stop of ctx.stops.reverse()) await stop().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const lb = haproxy(say);
    if ('why' in lb) throw new Error(lb.why);
    const pgUrl = await postgres(ctx);
    const redisUrl = await redis(ctx);
    const tlsPem = process.env.OLSEN_TLS_PEM;
    if (!tlsPem) say('OLSEN_TLS_PEM is not set: a self-signed certificate for localhost (browsers will warn)');
    const cluster = await startCluster({ pgUrl, redisUrl, haproxy: lb.bin, root, processes, bind: values.bind, say, ...(tlsPem ? { tlsPem } : {}) });
    say(`Olsen kjører på ${cluster.url} (${processes} prosesser). SIGHUP: start dem på nytt én om gangen; Ctrl+C: stopp.`);
    let busy = false;
    process.on('SIGHUP', () => {
      if (busy) return;
      busy = true;
      cluster.rollingRestart().then(() => say('rolling restart done'), (e: unknown) => say(`rolling restart failed: ${(e as Error).message}`)).finally(() => (busy = false));
    });
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    say('stopping');
    await cluster.stop();
  } finally {
    await cleanup();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e: unknown) => {
    process.stderr.write(`cluster: ${(e as Error).message}\n`);
    process.exit(1);
  });
}
