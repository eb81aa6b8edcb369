/**
 * Database faults: PostgreSQL closing the server's pooled connections
 * (pg_terminate_backend, as a restart or an idle cut does), or hanging (a
 * proxy that stops forwarding), leaves the process up and the table playable;
 * a damaged row closes its table only; a data folder the kernel owns is
 * refused at once.
 */
import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ConfigError, openStore, startServer, type CorruptRow } from '../src/index.js';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Client, PG_URL, api, testConfig } from './helpers.js';
import { REDIS_URL } from '../../../test/services.js';
import { freePort, launch } from './processes.js';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

describe('PostgreSQL faults', () => {
  it('pg_terminate_backend on every pooled connection: the server stays up and the game goes on', async () => {
    const port = await freePort();
    const schema = `faults_${process.pid}_${Date.now()}`;
    const app = `olsen-faults-${process.pid}`;
    const url = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}application_name=${app}`;
    const server = await launch({ PORT: String(port), DATABASE_URL: url, OLSEN_DB_SCHEMA: schema, LOG_LEVEL: 'error', OLSEN_BOT_DELAY_MS: '2', OLSEN_RATE_LIMIT: '100000' });
    children.push(server);
    let exited = false;
    server.once('exit', () => (exited = true));
    const base = `http://127.0.0.1:${port}`;
    const anne = await Client.open(base, 'Anne');
    const created = (await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'bot', level: 'greedy' }] })) as { code: string };
    expect(await anne.req({ type: 'start', code: created.code })).toEqual({ ok: true });
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    const killed = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [app]);
    expect(killed.rowCount).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(exited).toBe(false);
    // The next moves open new connections: the game plays on.
    const auto = anne.autoplay(created.code);
    const later = await anne.until((u) => u.code === created.code && (u.view?.version ?? 0) >= 6, 20_000);
    auto.stop();
    expect(later.view!.version).toBeGreaterThanOrEqual(6);
    expect((await api(`${base}/healthz`)).status).toBe(200);
    anne.close();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }, 60_000);
});

/** A TCP proxy to PostgreSQL that can stop forwarding (a hung server or network) and start again. */
class HangingProxy {
  private readonly pairs: [Socket, Socket][] = [];
  private readonly waiting: Socket[] = [];
  private hung = false;
  private readonly server: Server;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = createServer((c) => {
      c.on('error', () => undefined);
      if (this.hung) {
        c.pause();
        this.waiting.push(c);
      } else this.link(c);
    });
  }

  listen(): Promise<number> {
    return new Promise((r) => this.server.listen(0, '127.0.0.1', () => r((this.port = (this.server.address() as { port: number }).port))));
  }

  private link(c: Socket): void {
    const u = connect(this.target.port, this.target.host);
    u.on('error', () => c.destroy());
    c.on('close', () => u.destroy());
    u.on('close', () => c.destroy());
    c.pipe(u);
    u.pipe(c);
    this.pairs.push([c, u]);
  }

  hang(): void {
    this.hung = true;
    for (const [c, u] of this.pairs) {
      c.unpipe(u);
      u.unpipe(c);
      c.pause();
      u.pause();
    }
  }

  resume(): void {
    this.hung = false;
    for (const [c, u] of this.pairs) {
      c.pipe(u);
      u.pipe(c);
    }
    for (const c of this.waiting.splice(0)) this.link(c);
  }

  /** Cuts every connection (a failover, a proxy restart): the server side sees its sockets end mid-stream. */
  cut(): void {
    for (const pair of this.pairs.splice(0)) for (const s of pair) s.destroy();
    for (const c of this.waiting.splice(0)) c.destroy();
  }

  close(): void {
    for (const pair of this.pairs) for (const s of pair) s.destroy();
    for (const c of this.waiting) c.destroy();
    this.server.close();
  }
}

/** A proxy in front of the service at `url`, and the URL that goes through it. */
async function inFront(url: string, defaultPort: number): Promise<{ proxy: HangingProxy; viaProxy: URL }> {
  const target = new URL(url);
  const proxy = new HangingProxy({ host: target.hostname, port: Number(target.port || defaultPort) });
  await proxy.listen();
  const viaProxy = new URL(url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  return { proxy, viaProxy };
}

describe('a hung PostgreSQL', () => {
  it('a proxy that stops forwarding: the move is answered internal within the statement timeout, the process stays up, and the table plays on once it forwards again', async () => {
    const { proxy, viaProxy } = await inFront(PG_URL, 5432);
    const port = await freePort();
    const schema = `hung_${process.pid}_${Date.now()}`;
    const server = await launch({ PORT: String(port), DATABASE_URL: viaProxy.toString(), OLSEN_DB_SCHEMA: schema, LOG_LEVEL: process.env.OLSEN_TEST_DEBUG ? 'info' : 'fatal', LOG_FORMAT: 'json', OLSEN_BOT_DELAY_MS: '2' });
    children.push(server);
    let exited = false;
    server.once('exit', () => (exited = true));
    const base = `http://127.0.0.1:${port}`;
    const anne = await Client.open(base, 'Anne');
    anne.ackTimeoutMs = 30_000;
    const { code } = (await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'bot', level: 'greedy' }] })) as { code: string };
    await anne.req({ type: 'start', code });
    const mine = await anne.until((u) => u.code === code && (u.view?.legal.length ?? 0) > 0);

    proxy.hang();
    const t0 = performance.now();
    const { seat: _seat, ...action } = mine.view!.legal[0] as Record<string, unknown>;
    const answer = anne.req({ type: 'act', code, version: mine.view!.version, action });
    let lookMs = 0;
    const looking = api(`${base}/api/tables/${code}`).finally(() => (lookMs = performance.now() - t0));
    // Meanwhile the process answers what needs no database at once.
    const health = performance.now();
    expect((await api(`${base}/healthz`)).status).toBe(200);
    expect(performance.now() - health).toBeLessThan(1000);
    const r = await answer;
    const waited = performance.now() - t0;
    expect(r).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(r)).not.toMatch(/timeout|ECONN|127\.0\.0\.1|pg|postgres/i);
    expect(waited).toBeLessThan(15_000);

    // A lookup of the table while the database hangs is a fault, not a missing table (and no code miss), told
    // within one database timeout (10 s) although it waited behind the move's write, then needed a read itself.
    const look = await looking;
    expect(look.status).toBe(503);
    expect(await look.json()).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(lookMs).toBeLessThan(13_000);

    // Then every connection is cut, as a failover or a proxy restart does: the process lives.
    proxy.cut();
    await new Promise((r) => setTimeout(r, 1000));
    expect(exited).toBe(false);
    expect((await api(`${base}/healthz`)).status).toBe(200);

    proxy.resume();
    expect(exited).toBe(false);
    // Forwarding again: the game goes on (the move sent during the hang may land late; the table shows what did).
    const before = (anne.latest.get(code)?.view?.version ?? 0);
    const auto = anne.autoplay(code);
    const later = await anne.until((u) => u.code === code && (u.view?.version ?? 0) >= before + 6, 30_000);
    auto.stop();
    expect(later.view!.version).toBeGreaterThanOrEqual(before + 6);
    anne.close();
    proxy.close();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }, 90_000);
});

describe('a Redis connection cut', () => {
  it('every Redis connection cut while the server runs: the process lives, reconnects, and the table plays on', async () => {
    const { proxy, viaProxy } = await inFront(REDIS_URL, 6379);
    const port = await freePort();
    const schema = `rcut_${process.pid}_${Date.now()}`;
    const server = await launch({ PORT: String(port), DATABASE_URL: PG_URL, OLSEN_DB_SCHEMA: schema, REDIS_URL: viaProxy.toString(), OLSEN_REDIS_PREFIX: schema, LOG_LEVEL: 'fatal', LOG_FORMAT: 'json', OLSEN_BOT_DELAY_MS: '2' });
    children.push(server);
    let exited = false;
    server.once('exit', () => (exited = true));
    const base = `http://127.0.0.1:${port}`;
    const anne = await Client.open(base, 'Anne');
    const { code } = (await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'bot', level: 'greedy' }] })) as { code: string };
    await anne.req({ type: 'start', code });
    await anne.until((u) => u.code === code && (u.view?.legal.length ?? 0) > 0);
    proxy.cut();
    await new Promise((res) => setTimeout(res, 1500));
    expect(exited).toBe(false);
    expect((await api(`${base}/healthz`)).status).toBe(200);
    // The bots' timers and the change messages run through Redis again: the game goes on.
    const before = anne.latest.get(code)?.view?.version ?? 0;
    const auto = anne.autoplay(code);
    const later = await anne.until((u) => u.code === code && (u.view?.version ?? 0) >= before + 6, 30_000);
    auto.stop();
    expect(later.view!.version).toBeGreaterThanOrEqual(before + 6);
    expect(exited).toBe(false);
    anne.close();
    proxy.close();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }, 90_000);
});

describe('damaged storage', () => {
  it('a damaged row or move closes that table only, named in the log; the server starts and the other table plays on', async () => {
    const cfg = testConfig();
    let server = await startServer(cfg);
    const anne = await Client.open(server.url, 'Anne');
    const tables: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { code } = (await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }] })) as { code: string };
      tables.push(code);
    }
    // The first two get started (a move log); the third waits.
    const bo = await Client.open(server.url, 'Bo');
    for (const code of tables.slice(0, 2)) {
      await bo.req({ type: 'join', code });
      await anne.req({ type: 'start', code });
    }
    anne.close();
    bo.close();
    await server.close();

    const file = new Database(join(cfg.dataDir, 'olsen.sqlite'));
    file.prepare('UPDATE tables SET seats = ? WHERE code = ?').run('[{"kind":"human"', tables[2]);
    const id = (file.prepare('SELECT id FROM tables WHERE code = ?').get(tables[1]) as { id: string }).id;
    file.prepare("INSERT INTO moves (table_id, game_no, seq, body) VALUES (?, 1, 0, 'not json')").run(id);
    file.close();

    const damaged: CorruptRow[] = [];
    const store = openStore({ dataDir: cfg.dataDir, onCorrupt: (e) => damaged.push(e) });
    await store.init();
    expect((await store.liveTables()).map((r) => r.code).sort()).toEqual(tables.slice(0, 2).sort());
    expect(damaged.map((e) => e.message)).toEqual([expect.stringMatching(new RegExp(`Table ${tables[2]} in .*olsen\\.sqlite is damaged \\(its seats`))]);
    await store.close();

    server = await startServer(cfg);
    const anne2 = await Client.open(server.url, 'Anne');
    expect(await anne2.req({ type: 'watch', code: tables[2] })).toMatchObject({ ok: false, error: { code: 'no_such_table' } });
    expect(await anne2.req({ type: 'watch', code: tables[1] })).toMatchObject({ ok: false, error: { code: 'no_such_table' } });
    expect(await anne2.req({ type: 'watch', code: tables[0] })).toEqual({ ok: true });
    expect((await api(`${server.url}/healthz`)).status).toBe(200);
    anne2.close();
    await server.close();
  });

  it('DATA_DIR inside /proc, /sys or /dev is refused with a sentence, and olsen serve exits 2 at once', () => {
    expect(() => openStore({ dataDir: '/proc/olsen' })).toThrow(ConfigError);
    expect(() => openStore({ dataDir: '/proc/olsen' })).toThrow(/DATA_DIR \(\/proc\/olsen\) is inside \/proc/);
    const bin = new URL('../../cli/bin/olsen.js', import.meta.url).pathname;
    const r = spawnSync(process.execPath, [bin, 'serve'], { env: { ...process.env, DATA_DIR: '/proc/olsen', PORT: '0' }, encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/DATA_DIR .*\/proc/);
    expect(() => openStore({ dataDir: '/sys/kernel/x' })).toThrow(/inside \/proc, \/sys or \/dev/);
  });
});
