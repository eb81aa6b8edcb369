/**
 * `olsen loadtest`: simulated people against running servers on this machine.
 * Each person gets a guest token, connects over socket.io, sits at a table of
 * four (the first of every four creates it, the others join by its code),
 * plays with a think time, and now and then drops the connection and comes
 * back. Measured: connected players, actions per second, latency from
 * sending an action to receiving the update that shows it, errors, and the
 * servers' memory per table (from their /metrics).
 */
import { request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ActionBody, Request, TableUpdate } from '@olsen/protocol';
import { io } from 'socket.io-client';
import { RawSocket, type Wire } from './raw-socket.js';

export interface LoadtestOptions {
  /** Server base URLs (players are spread over them in turn, as DNS round robin would). Loopback only. */
  readonly urls: readonly string[];
  readonly players: number;
  readonly durationS: number;
  /** Mean think time before an action (ms); each wait is uniform in [0.5, 1.5] × this. */
  readonly thinkMs: number;
  /** New connections per second while ramping up. */
  readonly rampPerS: number;
  /** Chance per player per second of dropping the connection and reconnecting a second later. */
  readonly reconnectRate: number;
  readonly game: string;
  /**
   * How players are spread over the URLs: `table` (default) puts a table's
   * four on one server, as a balancer that keeps a table together would;
   * `seat` gives each player the next server in turn, as plain round robin
   * would, so a table's players sit on different processes.
   */
  readonly spread?: 'table' | 'seat';
  readonly progress: ((line: string) => void) | null;
  /**
   * The simulated people's connections: `raw` (default) speaks the socket.io
   * protocol over a bare WebSocket (`raw-socket.ts`), so the generator's CPU
   * per person is small; `socket.io` uses socket.io-client as a browser would.
   */
  readonly client?: 'raw' | 'socket.io';
}

export interface LoadtestReport {
  readonly loadtest: 'olsen';
  readonly urls: readonly string[];
  readonly players: number;
  readonly durationS: number;
  readonly thinkMs: number;
  /** Players with an open connection at the end, and at most during the run. */
  readonly connected: number;
  readonly connectedPeak: number;
  readonly tables: number;
  readonly gamesFinished: number;
  readonly actions: number;
  readonly actionsPerSec: number;
  /** Sending an action → the update with the new version (ms). */
  readonly latencyMs: { readonly p50: number; readonly p95: number; readonly p99: number; readonly max: number; readonly samples: number };
  readonly reconnects: number;
  /** Actions in flight when this load generator dropped their connection (not counted as errors). */
  readonly unansweredAtReconnect: number;
  readonly errors: number;
  readonly errorsByKind: Readonly<Record<string, number>>;
  /** Growth of the servers' used heap (and resident memory) over the tables they hold, summed over the servers. */
  readonly serverMemory: { readonly heapPerTableBytes: number | null; readonly rssPerTableBytes: number | null; readonly tablesOnServers: number };
  readonly rampSeconds: number;
  /** Latency once every table was seated (the ramp's HTTP and connection load left out). */
  readonly steadyLatencyMs: { readonly p50: number; readonly p95: number; readonly p99: number; readonly samples: number };
  /** Where the time went: CPU seconds of the servers (from /metrics) and of this load generator. */
  readonly cpuSeconds: { readonly servers: number | null; readonly loadGenerator: number };
  /**
   * After the ramp (every table seated) to the end: actions the servers accepted, per second, and
   * the servers' CPU per accepted action (ms; from their /metrics, so the generator's CPU is not in it).
   */
  readonly steady: {
    readonly seconds: number;
    readonly actions: number;
    readonly actionsPerSec: number;
    readonly serverCpuSeconds: number | null;
    readonly serverCpuMsPerAction: number | null;
    /** The servers' own time per move (arrival to answer), as the histogram bucket bound (ms) under which 50 % / 99 % fell. */
    readonly serverActMs: { readonly p50: number | null; readonly p99: number | null };
    /** This generator's event-loop delay beyond its 10 ms sampling (ms). */
    readonly generatorLoopDelayMs: { readonly p99: number; readonly max: number };
    /** This generator's CPU per action it saw acknowledged (ms): what one core of it can drive. */
    readonly generatorCpuMsPerAction: number | null;
  };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Refuses anything but this machine: a load test is not to be pointed at someone else's server. */
export function checkLoopback(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`--url ${url} is not a URL (e.g. http://127.0.0.1:8080).`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`--url ${url} must be http:// or https://.`);
  if (!LOOPBACK.has(u.hostname)) throw new Error(`--url ${url}: the load test only targets this machine (127.0.0.1, localhost or ::1).`);
  // The simulated players speak from many 127.x.y.z addresses (one per household), which reach IPv4 loopback only.
  if (u.hostname !== '127.0.0.1' && u.hostname !== 'localhost') throw new Error(`--url ${url}: use 127.0.0.1 (the players speak from 127.x.y.z addresses, which reach IPv4 loopback only).`);
  u.hostname = '127.0.0.1';
  return u.origin;
}

function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

interface Metrics {
  heap: number;
  rss: number;
  tables: number;
  cpu: number;
  /** Actions the server accepted (all of its tables). */
  actions: number;
  /** The server's own time per move, as cumulative histogram buckets (upper bound in s → count). */
  actBuckets: Map<number, number>;
}

function buckets(text: string, name: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const m of text.matchAll(new RegExp(`^${name}_bucket\\{le="([^"]+)"\\} ([0-9.e+]+)$`, 'gm'))) out.set(m[1] === '+Inf' ? Infinity : Number(m[1]), Number(m[2]));
  return out;
}

/** The bucket bound under which a share `q` of the moves fell, from cumulative counts at the end minus the start. */
function bucketQuantile(before: Map<number, number>[], after: Map<number, number>[], q: number): number | null {
  const sum = new Map<number, number>();
  after.forEach((a, i) => {
    for (const [le, n] of a) sum.set(le, (sum.get(le) ?? 0) + n - (before[i]?.get(le) ?? 0));
  });
  const total = sum.get(Infinity) ?? 0;
  if (total === 0) return null;
  for (const [le, n] of [...sum].sort((x, y) => x[0] - y[0])) if (n >= q * total) return le === Infinity ? null : le * 1000;
  return null;
}

async function metrics(url: string): Promise<Metrics | null> {
  try {
    const text = await (await fetch(`${url}/metrics`)).text();
    const read = (name: string): number => {
      const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'm').exec(text);
      return m ? Number(m[1]) : 0;
    };
    return { heap: read('olsen_nodejs_heap_size_used_bytes'), rss: read('olsen_process_resident_memory_bytes'), tables: read('olsen_tables'), cpu: read('olsen_process_cpu_seconds_total'), actions: read('olsen_actions_total'), actBuckets: buckets(text, 'olsen_act_seconds') };
  } catch {
    return null;
  }
}

/** A connection by socket.io-client, as a `Wire`. */
function socketIoWire(url: string, token: string, localAddress: string): Wire {
  const s = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, timeout: 20_000, localAddress } as Parameters<typeof io>[1]);
  return Object.assign(s, { ask: (body: unknown, ms: number) => s.timeout(ms).emitWithAck('req', body) }) as unknown as Wire;
}

/** One simulated person. */
class Person {
  socket: Wire | null = null;
  code: string | null = null;
  seatReady = false;
  /** Version of the action in flight and when it was sent. */
  private pending: { version: number; at: number } | null = null;
  private thinking: NodeJS.Timeout | null = null;
  private latest: TableUpdate | null = null;
  /** The game number this person last asked a rematch after. */
  private askedFor = 0;
  /** The game number whose end this person (as the host) last counted. */
  private countedFor = 0;

  constructor(readonly n: number, readonly url: string, readonly token: string, private readonly run: Run) {}

  connect(): Promise<void> {
    return new Promise((resolve) => {
      const s = this.run.o.client === 'socket.io' ? socketIoWire(this.url, this.token, addressOf(this.n)) : new RawSocket(this.url, { token: this.token }, addressOf(this.n));
      this.socket = s;
      let settled = false;
      const done = (): void => {
        if (settled) return;
        settled = true;
        resolve();
      };
      s.on('connect', () => {
        this.run.connectedNow++;
        this.run.connectedPeak = Math.max(this.run.connectedPeak, this.run.connectedNow);
        done();
      });
      s.on('connect_error', (e: Error) => {
        this.run.error(`connect: ${e.message}`);
        done();
      });
      s.on('disconnect', () => {
        this.run.connectedNow--;
        this.pending = null;
      });
      s.on('table', (u) => this.onTable(u as TableUpdate));
    });
  }

  async req<T extends object>(r: Request | Record<string, unknown>): Promise<({ ok: true } & T) | { ok: false; error: { code: string; message: string } }> {
    if (!this.socket?.connected) return { ok: false, error: { code: 'offline', message: 'not connected' } };
    try {
      return (await this.socket.ask(r, 20_000)) as ({ ok: true } & T) | { ok: false; error: { code: string; message: string } };
    } catch {
      return { ok: false, error: { code: 'timeout', message: 'no acknowledgement within 20 s' } };
    }
  }

  private onTable(u: TableUpdate): void {
    if (u.code !== this.code) return;
    this.latest = u;
    const v = u.view?.version ?? -1;
    if (this.pending && v > this.pending.version) {
      this.run.latency(performance.now() - this.pending.at);
      this.pending = null;
    }
    // Every person at the table asks once per finished game (the server deals again when all have).
    if (u.status === 'finished' && this.askedFor !== u.gameNo) {
      if (u.you === u.host && this.countedFor !== u.gameNo) {
        this.countedFor = u.gameNo;
        this.run.gamesFinished++;
      }
      this.askRematch(u.gameNo);
    }
    this.think();
  }

  private askRematch(gameNo: number): void {
    if (this.run.stopping) return;
    this.askedFor = gameNo;
    const sent = this.socket;
    void this.req({ type: 'rematch', code: this.code! }).then((r) => {
      if (r.ok || this.run.stopping) return;
      if (sent !== this.socket || !sent?.connected) {
        // Our own dropped connection took the request with it: ask again on the first frame after the reconnect.
        this.run.unanswered++;
        if (this.askedFor === gameNo) this.askedFor = 0;
        return;
      }
      this.run.error(`rematch: ${r.error.code}`);
    });
  }

  /** When the view offers this seat a move (not only a catch), act after a think time. */
  private think(): void {
    if (this.thinking || this.pending || this.run.stopping) return;
    const u = this.latest;
    if (!u?.view || !u.view.legal.some((a) => !('catch' in (a as object)))) return;
    const wait = this.run.o.thinkMs * (0.5 + Math.random());
    this.thinking = setTimeout(() => {
      this.thinking = null;
      void this.act();
    }, wait);
  }

  private async act(): Promise<void> {
    const u = this.latest;
    if (!u?.view || this.run.stopping || !this.socket?.connected) return;
    const moves = (u.view.legal as object[]).filter((a) => !('catch' in a));
    if (moves.length === 0) return;
    // Mostly the first legal move (a sensible play), sometimes any: games of a natural length.
    const { seat: _seat, ...body } = moves[Math.random() < 0.7 ? 0 : Math.floor(Math.random() * moves.length)] as Record<string, unknown>;
    const version = u.view.version;
    this.pending = { version, at: performance.now() };
    const sent = this.socket;
    const r = await this.req({ type: 'act', code: u.code, version, action: body as ActionBody });
    if (r.ok) this.run.actions++;
    else if (sent !== this.socket || !sent.connected) {
      // Our own dropped connection took the answer with it (a reconnect's cost, not the server's fault).
      this.run.unanswered++;
    } else {
      this.pending = null;
      // A move made stale by a reconnect or a turn that moved on is part of play, not a fault.
      if (r.error.code !== 'stale_version' && r.error.code !== 'not_your_turn') this.run.error(`act: ${r.error.code}`);
      this.think();
    }
  }

  async drop(): Promise<void> {
    if (!this.socket?.connected) return;
    this.run.reconnects++;
    this.socket.disconnect();
    await new Promise((r) => setTimeout(r, 1000));
    if (this.run.stopping) return;
    this.socket.removeAllListeners();
    await this.connect();
  }

  close(): void {
    if (this.thinking) clearTimeout(this.thinking);
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
  }
}

class Run {
  connectedNow = 0;
  connectedPeak = 0;
  actions = 0;
  reconnects = 0;
  /** Actions and rematch requests whose answer was lost with a connection this load generator dropped on purpose. */
  unanswered = 0;
  gamesFinished = 0;
  stopping = false;
  private readonly samples: number[] = [];
  /** Index of the first sample after the ramp. */
  steadyFrom = -1;
  private readonly errors = new Map<string, number>();

  constructor(readonly o: LoadtestOptions) {}

  error(kind: string): void {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
  }
  latency(ms: number): void {
    this.samples.push(ms);
  }
  errorCount(): number {
    let n = 0;
    for (const v of this.errors.values()) n += v;
    return n;
  }
  errorsByKind(): Record<string, number> {
    return Object.fromEntries(this.errors);
  }
  latencies(from = 0): Float64Array {
    return Float64Array.from(this.samples.slice(Math.max(0, from))).sort();
  }
  markSteady(): void {
    this.steadyFrom = this.samples.length;
  }
}

/**
 * The loopback address a person speaks from: one per table of four, as a
 * household would (127.0.1.1, 127.0.1.2, …), so the server's limits per
 * address apply as they do to real players and need not be raised for a test.
 */
export const addressOf = (n: number): string => {
  const home = Math.floor(n / 4);
  return `127.${1 + Math.floor(home / 62_500)}.${1 + (Math.floor(home / 250) % 250)}.${1 + (home % 250)}`;
};

function guest(url: string, name: string, localAddress: string): Promise<string> {
  const body = JSON.stringify({ name });
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/guest`, { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        try {
          const b = JSON.parse(text) as { ok: boolean; token?: string };
          if (b.ok && b.token) return resolve(b.token);
        } catch {
          // fall through to the error below
        }
        reject(new Error(`POST ${url}/api/guest failed (${res.statusCode})`));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function runLoadtest(o: LoadtestOptions): Promise<LoadtestReport> {
  const urls = o.urls.map(checkLoopback);
  const run = new Run(o);
  const before = await Promise.all(urls.map(metrics));
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const deadline = start + o.durationS * 1000;
  const people: Person[] = [];
  let tables = 0;

  // Ramp up: a table of four at a time, started at about `rampPerS` connections per second, each
  // group on its own (a slow answer to one group does not hold up the next), at most 64 groups at once.
  const groups = Math.ceil(o.players / 4);
  const inFlight = new Set<Promise<void>>();
  const startGroup = async (g: number): Promise<void> => {
    const size = Math.min(4, o.players - g * 4);
    const group: Person[] = [];
    await Promise.all(Array.from({ length: size }, async (_, i) => {
      const n = g * 4 + i;
      const url = urls[(o.spread === 'seat' ? g + i : g) % urls.length];
      try {
        group[i] = new Person(n, url, await guest(url, `Load ${n}`, addressOf(n)), run);
      } catch (e) {
        run.error(`guest: ${(e as Error).message}`);
      }
    }));
    const members = group.filter(Boolean);
    await Promise.all(members.map((p) => p.connect()));
    people.push(...members);
    if (await seat(members, run)) tables++;
  };
  for (let g = 0; g < groups && performance.now() < deadline; g++) {
    const due = start + (g * 4 * 1000) / o.rampPerS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    while (inFlight.size >= 64) await Promise.race(inFlight);
    const p = startGroup(g).catch((e: unknown) => run.error(`group: ${(e as Error).message}`)).finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
  const rampSeconds = (performance.now() - start) / 1000;
  run.markSteady();
  const steadyAt = performance.now();
  const steadyBefore = await Promise.all(urls.map(metrics));
  const steadyCpu0 = process.cpuUsage();
  const steadyOwnActions = run.actions;
  // The generator's own event-loop delay: a late reading here is latency the servers did not cause.
  const ownLoop = monitorEventLoopDelay({ resolution: 10 });
  ownLoop.enable();

  // Play until the deadline, with the occasional dropped connection.
  const tick = setInterval(() => {
    if (o.reconnectRate > 0) for (const p of people) if (Math.random() < o.reconnectRate) void p.drop();
    o.progress?.(`${Math.round((performance.now() - start) / 1000)} s: ${run.connectedNow} connected, ${tables} tables, ${run.actions} actions, ${run.errorCount()} errors`);
  }, 1000);
  const left = deadline - performance.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
  clearInterval(tick);
  const seconds = (performance.now() - start) / 1000;
  const steadySeconds = (performance.now() - steadyAt) / 1000;
  ownLoop.disable();
  const after = await Promise.all(urls.map(metrics));
  const cpu1 = process.cpuUsage(cpu0);
  const steadyOwn = process.cpuUsage(steadyCpu0);
  const steadyOwnDone = run.actions - steadyOwnActions;
  const connected = run.connectedNow;
  run.stopping = true;
  for (const p of people) p.close();

  let heapGrowth = 0;
  let rssGrowth = 0;
  let tablesOnServers = 0;
  let known = true;
  let serverCpu = 0;
  urls.forEach((_, i) => {
    const b = before[i];
    const a = after[i];
    if (!a || !b) {
      known = false;
      return;
    }
    heapGrowth += a.heap - b.heap;
    rssGrowth += a.rss - b.rss;
    tablesOnServers += a.tables - b.tables;
    serverCpu += a.cpu - b.cpu;
  });
  let steadyActions = 0;
  let steadyCpu: number | null = 0;
  urls.forEach((_, i) => {
    const b = steadyBefore[i];
    const a = after[i];
    if (!a || !b || steadyCpu === null) {
      steadyCpu = null;
      return;
    }
    steadyActions += a.actions - b.actions;
    steadyCpu += a.cpu - b.cpu;
  });
  const lat = run.latencies();
  const steady = run.latencies(run.steadyFrom);
  return {
    loadtest: 'olsen',
    urls,
    players: o.players,
    durationS: Math.round(seconds * 10) / 10,
    thinkMs: o.thinkMs,
    connected,
    connectedPeak: run.connectedPeak,
    tables,
    gamesFinished: run.gamesFinished,
    actions: run.actions,
    actionsPerSec: Math.round((run.actions / seconds) * 10) / 10,
    latencyMs: {
      p50: round(quantile(lat, 0.5)),
      p95: round(quantile(lat, 0.95)),
      p99: round(quantile(lat, 0.99)),
      max: round(lat.length ? lat[lat.length - 1] : 0),
      samples: lat.length,
    },
    reconnects: run.reconnects,
    unansweredAtReconnect: run.unanswered,
    errors: run.errorCount(),
    errorsByKind: run.errorsByKind(),
    serverMemory: {
      heapPerTableBytes: known && tablesOnServers > 0 ? Math.round(heapGrowth / tablesOnServers) : null,
      rssPerTableBytes: known && tablesOnServers > 0 ? Math.round(rssGrowth / tablesOnServers) : null,
      tablesOnServers,
    },
    rampSeconds: Math.round(rampSeconds * 10) / 10,
    steadyLatencyMs: { p50: round(quantile(steady, 0.5)), p95: round(quantile(steady, 0.95)), p99: round(quantile(steady, 0.99)), samples: steady.length },
    cpuSeconds: { servers: known ? round(serverCpu) : null, loadGenerator: round((cpu1.user + cpu1.system) / 1e6) },
    steady: {
      seconds: round(steadySeconds),
      actions: steadyActions,
      actionsPerSec: round(steadyActions / Math.max(steadySeconds, 1e-9)),
      serverCpuSeconds: steadyCpu === null ? null : Math.round(steadyCpu * 1000) / 1000,
      serverCpuMsPerAction: steadyCpu === null || steadyActions === 0 ? null : Math.round((steadyCpu / steadyActions) * 1e6) / 1000,
      generatorLoopDelayMs: { p99: round(Math.max(0, ownLoop.percentile(99) / 1e6 - 10)), max: round(Math.max(0, ownLoop.max / 1e6 - 10)) },
      generatorCpuMsPerAction: steadyOwnDone > 0 ? Math.round(((steadyOwn.user + steadyOwn.system) / 1e3 / steadyOwnDone) * 1000) / 1000 : null,
      serverActMs: steadyBefore.every(Boolean) && after.every(Boolean)
        ? { p50: bucketQuantile(steadyBefore.map((m) => m!.actBuckets), after.map((m) => m!.actBuckets), 0.5), p99: bucketQuantile(steadyBefore.map((m) => m!.actBuckets), after.map((m) => m!.actBuckets), 0.99) }
        : { p50: null, p99: null },
    },
  };
}

const round = (x: number): number => Math.round(x * 10) / 10;

/** The first of the group creates a private table of four, the others join by its code, the creator starts. */
async function seat(group: Person[], run: Run): Promise<boolean> {
  const [host, ...rest] = group;
  if (!host) return false;
  const created = await host.req<{ code: string }>({ type: 'create', game: run.o.game, seats: [1, 2, 3].map(() => ({ kind: 'open' })), listed: false });
  if (!created.ok) {
    run.error(`create: ${created.error.code}`);
    return false;
  }
  for (const p of group) p.code = created.code;
  for (const p of rest) {
    const r = await p.req({ type: 'join', code: created.code });
    if (!r.ok) run.error(`join: ${r.error.code}`);
  }
  // A short group (players not a multiple of four) leaves seats open: bots fill them at the start.
  const started = await host.req({ type: 'start', code: created.code });
  if (!started.ok) {
    run.error(`start: ${started.error.code}`);
    return false;
  }
  return true;
}
