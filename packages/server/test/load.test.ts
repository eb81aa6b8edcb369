/**
 * Hostile load against a real server (loopback only, bounded in count and
 * time): one address floods it with connections, requests, guests, bot
 * tables and code guesses while a player at another address keeps playing;
 * and clients that stop reading are cut without the heap growing.
 *
 * Loopback has many addresses (127.0.0.0/8): the attacker speaks from
 * 127.0.0.3, the unrelated player from 127.0.0.2, so the limits per address
 * apply as they would between two homes.
 */
import { Agent, request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { CODE_ALPHABET } from '@olsen/protocol';
import { DEFAULTS } from '../src/index.js';
import { Client, startTest } from './helpers.js';
import { freePort, launch } from './processes.js';

const VICTIM = '127.0.0.2';
const ATTACKER = '127.0.0.3';

/** An HTTP client bound to one loopback address (keep-alive, like a browser). */
function httpFrom(address: string) {
  const agent = new Agent({ keepAlive: true, localAddress: address, maxSockets: 16 });
  const call = (url: string, method = 'GET', body?: object): Promise<{ status: number; text: string; json: { ok?: boolean; error?: { code: string; message: string }; token?: string; player?: { id: string } } }> =>
    new Promise((resolve, reject) => {
      const data = body ? JSON.stringify(body) : undefined;
      const req = request(url, { method, agent, headers: data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {} }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, json: text.startsWith('{') ? JSON.parse(text) : {} }));
      });
      req.on('error', reject);
      req.end(data);
    });
  return { call, close: () => agent.destroy() };
}

function socketFrom(url: string, token: string, address: string): Socket {
  return io(url, { auth: { token }, transports: ['websocket'], localAddress: address, reconnection: false } as never);
}

/** Resolves once the socket connects, or to the refusal's code. */
const opened = (s: Socket): Promise<string> =>
  new Promise((resolve) => {
    s.once('connect', () => resolve('ok'));
    s.once('connect_error', (e: Error & { data?: { code?: string } }) => resolve(e.data?.code ?? e.message));
  });

const ask = (s: Socket, body: object): Promise<{ ok: boolean; code?: string; error?: { code: string; message: string } }> => s.timeout(20_000).emitWithAck('req', body);

const p99 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))];

const randomCode = (): string => Array.from({ length: 10 }, () => CODE_ALPHABET[Math.floor(Math.random() * CODE_ALPHABET.length)]).join('');

describe('hostile load (a real server process, loopback)', () => {
  let server: ChildProcess | null = null;
  afterAll(() => {
    server?.kill('SIGKILL');
  });

  it('one address flooding is refused at every door while a player at another address is answered within 50 ms (p99)', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // The default limits (not the tests' loose ones), bots that act every 20 ms, games closed 2 s after everyone left.
    const defaults: Record<string, string> = {
      OLSEN_MAX_CONNECTIONS_PER_ADDRESS: String(DEFAULTS.limits.connectionsPerAddress),
      OLSEN_MAX_CONNECTIONS_PER_GUEST: String(DEFAULTS.limits.connectionsPerGuest),
      OLSEN_HTTP_RATE_LIMIT: String(DEFAULTS.limits.httpPerMinute),
      OLSEN_GUEST_RATE_LIMIT: String(DEFAULTS.limits.guestsPerHour),
      OLSEN_CODE_MISS_LIMIT: String(DEFAULTS.limits.codeMissesPerMinute),
      OLSEN_MAX_RUNNING_PER_GUEST: String(DEFAULTS.limits.runningPerGuest),
      OLSEN_MAX_RUNNING_PER_ADDRESS: String(DEFAULTS.limits.runningPerAddress),
      OLSEN_MAX_SEARCH_BOTS_PER_GUEST: String(DEFAULTS.limits.searchBotsPerGuest),
      OLSEN_MAX_SEARCH_BOTS_PER_ADDRESS: String(DEFAULTS.limits.searchBotsPerAddress),
    };
    server = await launch({ ...defaults, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'olsen-load-')), LOG_LEVEL: 'error', OLSEN_BOT_DELAY_MS: '20', OLSEN_ROUND_PAUSE_MS: '20', OLSEN_IDLE_CLOSE_MS: '2000', OLSEN_RATE_LIMIT: '1000' });

    // ---- the unrelated player: a table of their own, and a request every 25 ms meanwhile ----
    const victimHttp = httpFrom(VICTIM);
    const kari = (await victimHttp.call(`${url}/api/guest`, 'POST', { name: 'Kari' })).json;
    const victim = socketFrom(url, kari.token!, VICTIM);
    expect(await opened(victim)).toBe('ok');
    const own = await ask(victim, { type: 'create', game: 'olsen', seats: [{ kind: 'bot', level: 'medium' }] });
    expect(own.ok).toBe(true);
    const httpMs: number[] = [];
    const socketMs: number[] = [];
    let measuring = true;
    const measure = (async () => {
      while (measuring) {
        let t = performance.now();
        const h = await victimHttp.call(`${url}/healthz`);
        httpMs.push(performance.now() - t);
        expect(h.status).toBe(200);
        t = performance.now();
        const l = await ask(victim, { type: 'lobby' });
        socketMs.push(performance.now() - t);
        expect(l.ok).toBe(true);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();

    // ---- the attacker ----
    const attackerHttp = httpFrom(ATTACKER);
    // Guests: 80 asked for, the address gets its hourly allowance.
    const made = await Promise.all(Array.from({ length: 80 }, (_, i) => attackerHttp.call(`${url}/api/guest`, 'POST', { name: `Eve ${i}` })));
    const guests = made.filter((r) => r.status === 200).map((r) => r.json.token!);
    expect(guests.length).toBe(DEFAULTS.limits.guestsPerHour);
    expect(made.find((r) => r.status === 429)?.json.error?.code).toBe('rate_limited');

    // Connections: 10 per guest for 12 guests: each guest gets 8, the address 50 in all.
    const sockets: Socket[] = [];
    const outcomes: string[] = [];
    for (const token of guests.slice(0, 12)) {
      const batch = Array.from({ length: 10 }, () => socketFrom(url, token, ATTACKER));
      sockets.push(...batch);
      outcomes.push(...(await Promise.all(batch.map(opened))));
    }
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(DEFAULTS.limits.connectionsPerAddress);
    expect(outcomes.filter((o) => o === 'over_limit').length).toBe(120 - DEFAULTS.limits.connectionsPerAddress);
    const live = sockets.filter((s) => s.connected);

    // Bot tables: every connected guest makes and starts Vri åtter tables of five expert bots to 10,000 points.
    const started: { s: Socket; code: string }[] = [];
    const refusals: string[] = [];
    for (const s of live.filter((_, i) => i % 8 === 0)) {
      for (let k = 0; k < 3; k++) {
        const c = await ask(s, { type: 'create', game: 'vri-atter', rules: { targetScore: 10000 }, seats: Array.from({ length: 5 }, () => ({ kind: 'bot', level: 'expert' })) });
        if (!c.ok) {
          refusals.push(c.error!.code);
          continue;
        }
        // The attacker plays its own seat at once whenever it may, so the expert bots think all the time.
        s.on('table', (u: { code: string; view: { version: number; legal: Record<string, unknown>[] } | null }) => {
          if (u.code !== c.code || !u.view?.legal.length) return;
          const { seat: _seat, ...action } = u.view.legal[0];
          s.emit('req', { type: 'act', code: u.code, version: u.view.version, action }, () => undefined);
        });
        const st = await ask(s, { type: 'start', code: c.code });
        if (st.ok) started.push({ s, code: c.code! });
        else refusals.push(st.error!.code);
      }
    }
    // 30 search bots for the address: six tables of five.
    expect(started).toHaveLength(DEFAULTS.limits.searchBotsPerAddress / 5);
    expect(refusals.length).toBeGreaterThan(0);
    expect(new Set(refusals)).toEqual(new Set(['over_limit']));

    // Requests over HTTP: 700 at once from one address; past the minute's allowance they are refused.
    const flood = await Promise.all(Array.from({ length: 700 }, () => attackerHttp.call(`${url}/api/lobby`)));
    expect(flood.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect(flood.find((r) => r.status === 429)?.json.error?.code).toBe('rate_limited');

    // Guessing private codes: after 20 misses a minute the address is told to wait, even for a real code.
    const guesses = [];
    for (let i = 0; i < 30; i++) guesses.push(await ask(live[1], { type: 'watch', code: randomCode() }));
    expect(guesses.filter((g) => g.error?.code === 'no_such_table')).toHaveLength(DEFAULTS.limits.codeMissesPerMinute);
    expect(guesses.filter((g) => g.error?.code === 'rate_limited')).toHaveLength(30 - DEFAULTS.limits.codeMissesPerMinute);

    // Let the expert tables play a while under the measurement.
    await new Promise((r) => setTimeout(r, 3000));
    measuring = false;
    await measure;
    // The expert bots did think meanwhile (in the pool, some moves as medium when it was full).
    const metric = async (name: string): Promise<number> => Number(/^(\S+) (\S+)$/m.exec((await victimHttp.call(`${url}/metrics`)).text.split('\n').filter((l) => l.startsWith(name)).join('\n'))?.[2] ?? 0);
    const thought = { thread: await metric('olsen_bot_decisions_total{where="thread"}'), fallbacks: await metric('olsen_bot_fallbacks_total{cause="queue"}'), actions: await metric('olsen_actions_total') };
    console.log(`during the flood: ${JSON.stringify(thought)}`);
    expect(thought.thread).toBeGreaterThan(5);

    // Everyone of the attacker leaves: nobody is left at those games, their bots wait, and the games close.
    for (const s of sockets) s.close();
    const games = async (): Promise<{ running: number; paused: number }> => ((await victimHttp.call(`${url}/healthz`)).json as unknown as { games: { running: number; paused: number } }).games;
    expect((await games()).running).toBe(started.length);
    const deadline = Date.now() + 15_000;
    while ((await games()).running > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await games()).toEqual({ running: 0, paused: 0 });

    const report = { samples: httpMs.length, httpP99: Math.round(p99(httpMs) * 10) / 10, socketP99: Math.round(p99(socketMs) * 10) / 10 };
    console.log(`unrelated player during the flood: ${JSON.stringify(report)}`);
    expect(report.httpP99).toBeLessThan(50);
    expect(report.socketP99).toBeLessThan(50);
    victim.close();
    victimHttp.close();
    attackerHttp.close();
  }, 120_000);

  it('clients that stop reading are cut and the heap returns to within 20 % of its level before', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const srv = await startTest({ slowClientMs: 2000, botDelayMs: 0, roundPauseMs: 0, limits: { ...DEFAULTS.limits, connectionsPerAddress: 1000, codeMissesPerMinute: 1000, runningPerGuest: 100, tablesPerConnection: 8 } });
    try {
      // Eight busy tables: three bots and the host, who plays at machine speed and deals again at every game's end
      // (so the tables' own memory stays level and what the heap shows is the slow readers').
      const host = await Client.open(srv.url, 'Vert');
      host.socket.on('table', (u: { code: string; status: string; gameNo: number }) => {
        // The host keeps only the latest frame per table (the helper's full history would grow the heap under test).
        host.frames.length = 0;
        host.raw.length = 0;
        if (u.status === 'finished') void host.req({ type: 'rematch', code: u.code });
      });
      const codes: string[] = [];
      for (let i = 0; i < 8; i++) {
        const c = (await host.req<{ code: string }>({ type: 'create', game: 'olsen', listed: true, seats: Array.from({ length: 3 }, () => ({ kind: 'bot', level: 'medium' })) })) as { code: string };
        await host.req({ type: 'start', code: c.code });
        host.autoplay(c.code);
        codes.push(c.code);
      }
      await new Promise((r) => setTimeout(r, 3000));
      gc();
      const before = process.memoryUsage().heapUsed;

      // Thirty guests each watch all eight tables, then stop reading their sockets.
      const watchers: Client[] = [];
      for (let i = 0; i < 30; i++) {
        const w = await Client.open(srv.url, `Sakte ${i}`);
        for (const code of codes) await w.req({ type: 'watch', code });
        (w.socket.io.engine.transport as unknown as { ws: { _socket: { pause(): void } } }).ws._socket.pause();
        watchers.push(w);
      }
      let peak = 0;
      const connections = async (): Promise<number> => ((await (await fetch(`${srv.url}/healthz`)).json()) as { connections: number }).connections;
      const deadline = Date.now() + 20_000;
      while ((await connections()) > 1 && Date.now() < deadline) {
        peak = Math.max(peak, process.memoryUsage().heapUsed);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await connections()).toBe(1);
      // The test's own clients go too (their sockets read again so they can close), leaving the server's heap to compare.
      for (const w of watchers) {
        (w.socket.io.engine.transport as unknown as { ws?: { _socket: { resume(): void } } } | null)?.ws?._socket.resume();
        w.close();
      }
      watchers.length = 0;
      host.close();
      await new Promise((r) => setTimeout(r, 500));
      gc();
      const after = process.memoryUsage().heapUsed;
      console.log(`slow readers: heap before ${(before / 1e6).toFixed(1)} MB, peak ${(peak / 1e6).toFixed(1)} MB, after ${(after / 1e6).toFixed(1)} MB`);
      expect(after).toBeLessThan(before * 1.2);
    } finally {
      await srv.close();
    }
  }, 90_000);
});
