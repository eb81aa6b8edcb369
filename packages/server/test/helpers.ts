/** Test helpers: a real server on a free port, real socket.io clients that record every frame. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyAction } from '@olsen/engine';
import { mergeUpdate, type Request, type TableUpdate } from '@olsen/protocol';
import pg from 'pg';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { DEFAULTS, startServer, type OlsenServer, type ServerConfig } from '../src/index.js';

/** The run's PostgreSQL (found or brought up by the test setup). */
export { PG_URL } from '../../../test/services.js';
import { PG_URL, REDIS_URL } from '../../../test/services.js';

/** What a test of several processes leaves behind: its PostgreSQL schema and its Redis keys. */
export async function dropShared(schema: string, redisPrefix: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await c.end();
  const r = new Redis(REDIS_URL);
  const keys = await r.keys(`${redisPrefix}:*`);
  if (keys.length) await r.del(...keys);
  r.disconnect();
}

/**
 * Server processes of one test sharing a PostgreSQL schema and a Redis prefix (several processes in this
 * process), and the people it connects; `close` stops them all and drops the schema and the keys.
 */
export class Shared {
  readonly schema: string;
  readonly prefix: string;
  private readonly servers: OlsenServer[] = [];
  private readonly clients: Client[] = [];
  constructor(name: string) {
    this.schema = `${name}_${process.pid}_${Date.now()}`;
    this.prefix = `test-${this.schema}`;
  }
  async start(over: Partial<ServerConfig> = {}, adapters?: Parameters<typeof startServer>[1]): Promise<OlsenServer> {
    const s = await startServer(testConfig({ databaseUrl: PG_URL, dbSchema: this.schema, redisUrl: REDIS_URL, redisPrefix: this.prefix, ...over }), adapters);
    this.servers.push(s);
    return s;
  }
  /** A new guest named `name`, connected to `url`; its id beside it. */
  async person(url: string, name: string): Promise<{ client: Client; id: string }> {
    const g = await guest(url, name);
    const client = this.connect(url, g.token, name);
    await client.connected();
    return { client, id: g.id };
  }
  /** A connection of an existing guest (closed with the rest). */
  connect(url: string, token: string, name: string): Client {
    const c = new Client(url, token, name);
    this.clients.push(c);
    return c;
  }
  /** How many processes listen on a table's change channel (Redis `PUBSUB NUMSUB`). */
  async listeners(code: string): Promise<number> {
    const r = new Redis(REDIS_URL);
    try {
      return Number(((await r.pubsub('NUMSUB', `${this.prefix}:t:${code}`)) as [string, number])[1]);
    } finally {
      r.disconnect();
    }
  }
  async close(): Promise<void> {
    for (const c of this.clients) c.close();
    for (const s of this.servers) await s.close().catch(() => undefined);
    await dropShared(this.schema, this.prefix);
  }
}

/** A table of two made by `host` with `req`'s options, joined by `other`, started: its code and the first playing frame. */
export async function startedPair(host: Client, other: Client, req: Record<string, unknown> = {}): Promise<{ code: string; started: TableUpdate }> {
  const made = await host.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }], ...req });
  if (!made.ok) throw new Error(`create: ${made.error.message}`);
  const joined = await other.req({ type: 'join', code: made.code });
  if (!joined.ok) throw new Error(`join: ${joined.error.message}`);
  const started = await host.req({ type: 'start', code: made.code });
  if (!started.ok) throw new Error(`start: ${started.error.message}`);
  return { code: made.code, started: await other.until((u) => u.code === made.code && u.view !== null && u.status === 'playing') };
}

/** The change messages a process received from the others (`olsen_change_messages_total`). */
export async function heardBy(s: OlsenServer): Promise<number> {
  return Number(/^olsen_change_messages_total (\d+)/m.exec(await (await fetch(`${s.url}/metrics`)).text())?.[1] ?? 0);
}

export function testConfig(over: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...DEFAULTS,
    port: 0,
    dataDir: mkdtempSync(join(tmpdir(), 'olsen-server-')),
    logLevel: 'silent',
    botDelayMs: 1,
    catchDelayMs: 2,
    roundPauseMs: 5,
    reconnectGraceMs: 60_000,
    // Clients here play at machine speed, all from one address; the limits have their own tests.
    rateLimit: { points: 100_000, seconds: 1 },
    limits: { ...DEFAULTS.limits, connectionsPerAddress: 100_000, connectionsPerGuest: 1000, httpPerMinute: 1_000_000, guestsPerHour: 1_000_000, codeMissesPerMinute: 1_000_000, runningPerGuest: 10_000, runningPerAddress: 100_000, searchBotsPerGuest: 100_000, searchBotsPerAddress: 100_000 },
    ...over,
  };
}

export const startTest = (over: Partial<ServerConfig> = {}): Promise<OlsenServer> => startServer(testConfig(over));

/**
 * fetch, once more on a connection reset. The clients and the server share this
 * process's event loop: after a long busy stretch the client can pick a kept-alive
 * connection whose idle timeout the server has just acted on. Browsers retry such a
 * request on a new connection too; every request the tests send is safe to repeat.
 */
export async function api(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (e) {
    const code = (e as { cause?: { code?: string } }).cause?.code;
    if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET' && code !== 'EPIPE') throw e;
    return fetch(url, init);
  }
}

export async function guest(url: string, name: string): Promise<{ token: string; id: string }> {
  const res = await api(`${url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
  const body = (await res.json()) as { token: string; player: { id: string } };
  return { token: body.token, id: body.player.id };
}

/** A client that keeps every `table` frame it receives, raw, in order. */
export class Client {
  readonly socket: Socket;
  readonly frames: TableUpdate[] = [];
  readonly raw: string[] = [];
  latest = new Map<string, TableUpdate>();
  ackTimeoutMs = 10_000;
  private waiters: { test: (u: TableUpdate) => boolean; resolve: (u: TableUpdate) => void }[] = [];

  /** `socket`: one made with options of its own (a certificate to trust); by default a plain WebSocket one to `url`. */
  constructor(url: string, readonly token: string, readonly name: string, socket?: Socket) {
    this.socket = socket ?? io(url, { auth: { token }, transports: ['websocket'], reconnectionDelay: 50, reconnectionDelayMax: 200 });
    this.socket.on('table', (frame: TableUpdate) => {
      this.raw.push(JSON.stringify(frame));
      // Frames carry the log's new entries only: put the whole log together, as a client does.
      const u = mergeUpdate(this.latest.get(frame.code), frame);
      if (!u) throw new Error(`${name}: a log delta that does not follow the previous frame of ${frame.code}`);
      this.frames.push(u);
      this.latest.set(u.code, u);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(u)) return true;
        w.resolve(u);
        return false;
      });
    });
  }

  static async open(url: string, name: string): Promise<Client> {
    const g = await guest(url, name);
    const c = new Client(url, g.token, name);
    await c.connected();
    return c;
  }

  connected(): Promise<void> {
    return this.socket.connected ? Promise.resolve() : new Promise((r) => this.socket.once('connect', () => r()));
  }

  req<T = Record<string, unknown>>(r: Request | Record<string, unknown>): Promise<({ ok: true } & T) | { ok: false; error: { code: string; message: string; rule?: string } }> {
    return this.socket.timeout(this.ackTimeoutMs).emitWithAck('req', r);
  }

  /** The first frame (already received or coming) for which `test` holds. */
  until(test: (u: TableUpdate) => boolean, ms = 30_000): Promise<TableUpdate> {
    for (const u of this.latest.values()) if (test(u)) return Promise.resolve(u);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: no such frame within ${ms} ms`)), ms);
      this.waiters.push({ test, resolve: (u) => { clearTimeout(timer); resolve(u); } });
    });
  }

  /**
   * Plays automatically: whenever a frame offers legal actions, sends one
   * (the `choose` function's pick; default the first). Returns a stopper.
   */
  autoplay(code: string, choose: (legal: readonly AnyAction[], u: TableUpdate) => AnyAction = (l) => l[0]): { stop: () => void; acked: { version: number; action: AnyAction }[] } {
    const acked: { version: number; action: AnyAction }[] = [];
    let busy = false;
    let stopped = false;
    const step = async (): Promise<void> => {
      if (busy || stopped) return;
      const u = this.latest.get(code);
      if (!u?.view || u.view.legal.length === 0) return;
      busy = true;
      const action = choose(u.view.legal as AnyAction[], u);
      const { seat: _seat, ...body } = action as AnyAction & { seat: number };
      try {
        const r = await this.req<{ version: number }>({ type: 'act', code, version: u.view.version, action: body });
        if (r.ok) acked.push({ version: u.view.version, action });
      } catch {
        // a timeout during a server crash: the action may or may not have landed
      }
      busy = false;
      setImmediate(() => void step());
    };
    this.socket.on('table', () => void step());
    void step();
    return { stop: () => { stopped = true; }, acked };
  }

  close(): void {
    this.socket.disconnect();
  }
}
