/**
 * Issue 51 (2): the server's own transport (transport.ts), Socket.IO's wire over a bare WebSocket. Real
 * socket.io-client connections and raw WebSockets against a real HTTP server: the handshake, events and their
 * acknowledgements, refusals with their code, a server-side disconnect the client hears as socket.io's; what is
 * not served (long polling, other protocol versions, other namespaces, binary, garbage, oversize) is refused or
 * closed, never left hanging.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Transport, type Connection } from '../src/transport.js';
import { guest, startTest } from './helpers.js';

interface Data {
  readonly name: string;
}

describe('the transport: Socket.IO 5 over a bare WebSocket', () => {
  let http: Server;
  let transport: Transport<Data>;
  let url: string;
  const joined: Connection<Data>[] = [];
  const closed: string[] = [];
  const events: [string, unknown, number][] = [];

  beforeEach(async () => {
    http = createServer((_req, res) => res.end('http'));
    transport = new Transport<Data>(http, {
      maxPayload: 1024,
      pingIntervalMs: 60_000,
      pingTimeoutMs: 10_000,
      connectTimeoutMs: 300,
      admit: (auth) => {
        const name = (auth as { name?: unknown } | undefined)?.name;
        return typeof name === 'string' ? { ok: true, data: { name } } : { ok: false, code: 'auth_failed', message: 'A name is needed.' };
      },
      onConnect: (c) => {
        joined.push(c);
        c.onEvent = (name, arg, ackId) => {
          events.push([name, arg, ackId]);
          if (ackId >= 0) c.ack(ackId, { ok: true, echo: arg });
        };
        c.onClose = () => closed.push(c.data.name);
      },
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    joined.length = 0;
    closed.length = 0;
    events.length = 0;
  });
  afterEach(async () => {
    transport.close();
    http.closeAllConnections();
    await new Promise((r) => http.close(r));
  });

  const client = (auth: object): Socket => io(url, { auth, transports: ['websocket'], reconnection: false });
  const connected = (s: Socket): Promise<void> =>
    new Promise((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
  /** A raw WebSocket on the Engine.IO path, with every text message it receives, and when it closed. */
  const raw = async (query = 'EIO=4&transport=websocket') => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/socket.io/?${query}`);
    const got: string[] = [];
    const waiting: ((m: string) => void)[] = [];
    ws.on('message', (d) => {
      const m = String(d);
      got.push(m);
      waiting.shift()?.(m);
    });
    const closedAt = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    await new Promise((r, j) => {
      ws.once('open', r);
      ws.once('error', j);
    });
    const next = (): Promise<string> => new Promise((r) => (got.length > 0 ? r(got.shift()!) : waiting.push((m) => (got.shift(), r(m)))));
    return { ws, next, closed: closedAt };
  };
  const wait = async (f: () => boolean, ms = 3000): Promise<void> => {
    const end = Date.now() + ms;
    while (!f()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('lets socket.io-client in with its auth, answers its events with acknowledgements, and pushes events to it', async () => {
    const s = client({ name: 'Kari' });
    await connected(s);
    expect(transport.count).toBe(1);
    expect(joined.map((c) => c.data.name)).toEqual(['Kari']);
    const reply = await s.timeout(2000).emitWithAck('req', { type: 'lobby', n: [1, 'æøå'] });
    expect(reply).toEqual({ ok: true, echo: { type: 'lobby', n: [1, 'æøå'] } });
    s.emit('other', 7);
    await wait(() => events.length === 2);
    expect(events).toEqual([['req', { type: 'lobby', n: [1, 'æøå'] }, 0], ['other', 7, -1]]);
    const heard = new Promise((r) => s.once('table', r));
    joined[0].emit('table', { code: 'ABC', view: { hand: ['8s'] } });
    expect(await heard).toEqual({ code: 'ABC', view: { hand: ['8s'] } });
    s.disconnect();
    await wait(() => closed.length === 1);
    expect(transport.count).toBe(0);
  });

  it('refuses a handshake with the code in connect_error\'s data, and closes that connection', async () => {
    const s = client({});
    const e = await connected(s).then(
      () => null,
      (err: Error & { data?: unknown }) => err,
    );
    expect(e?.message).toBe('auth_failed');
    expect(e?.data).toEqual({ code: 'auth_failed', message: 'A name is needed.' });
    await wait(() => transport.count === 0);
    expect(joined).toEqual([]);
    s.close();
  });

  it('a server-side disconnect is "io server disconnect" to the client (which does not retry it by itself)', async () => {
    const s = client({ name: 'Bo' });
    await connected(s);
    const reason = new Promise((r) => s.once('disconnect', r));
    joined[0].disconnect();
    expect(await reason).toBe('io server disconnect');
    expect(closed).toEqual(['Bo']);
    s.close();
  });

  it('sends a turn\'s messages to a connection together, not counting them as unsent; a client that stops reading shows as unsent bytes', async () => {
    const s = client({ name: 'Liv' });
    await connected(s);
    const c = joined[0];
    const got: number[] = [];
    s.on('table', (u: { n: number }) => got.push(u.n));
    // One turn: 40 frames of about 1 KB are held in the corked socket, none of them "unsent" yet.
    const pad = 'x'.repeat(1000);
    for (let n = 0; n < 40; n++) c.emit('table', { n, pad });
    expect(c.bufferedAmount).toBe(0);
    await wait(() => got.length === 40);
    expect(got).toEqual([...Array(40).keys()]);
    // The client stops reading: over later turns what the kernel cannot take shows up.
    (s.io.engine.transport as unknown as { ws: { _socket: { pause(): void; resume(): void } } }).ws._socket.pause();
    const big = 'y'.repeat(15_000);
    for (let turn = 0; turn < 2000 && c.bufferedAmount === 0; turn++) {
      c.emit('table', { n: -1, big });
      await new Promise((r) => setImmediate(r));
    }
    expect(c.bufferedAmount).toBeGreaterThan(0);
    c.terminate();
    s.close();
  });

  it('opens with Engine.IO 4\'s handshake, pings on the beat, and refuses another namespace', async () => {
    const c = await raw();
    const open = JSON.parse((await c.next()).slice(1)) as Record<string, unknown>;
    expect(open).toMatchObject({ upgrades: [], pingInterval: 60_000, pingTimeout: 10_000, maxPayload: 1024 });
    expect(open.sid).toMatch(/^[\w-]{20}$/);
    c.ws.send('40/admin,{"name":"x"}');
    expect(await c.next()).toBe('44/admin,{"message":"Invalid namespace"}');
    c.ws.send('40{"name":"Ola"}');
    expect(await c.next()).toMatch(/^40\{"sid":"[\w-]{20}"\}$/);
    c.ws.send('4212["req",{"a":1}]');
    expect(await c.next()).toBe('4312[{"ok":true,"echo":{"a":1}}]');
    c.ws.close();
    await c.closed;
  });

  it('closes a connection that sends garbage, binary, an event before joining, a ping, or more than maxPayload', async () => {
    const joinFirst = async (send: (ws: WebSocket) => void): Promise<void> => {
      const c = await raw();
      await c.next();
      c.ws.send('40{"name":"Ola"}');
      await c.next();
      send(c.ws);
      await c.closed;
    };
    await joinFirst((ws) => ws.send('42["req",'));
    await joinFirst((ws) => ws.send('42{"type":"lobby"}'));
    await joinFirst((ws) => ws.send('42[1,2]'));
    await joinFirst((ws) => ws.send('4299999999999["req",{}]'));
    await joinFirst((ws) => ws.send('451-["req",{"_placeholder":true,"num":0}]'));
    await joinFirst((ws) => ws.send(Buffer.from('42["req",{}]'), { binary: true }));
    await joinFirst((ws) => ws.send('2'));
    await joinFirst((ws) => ws.send('zzz'));
    await joinFirst((ws) => ws.send(`42["req","${'x'.repeat(2000)}"]`));
    // Before joining, an event is out of order.
    const early = await raw();
    await early.next();
    early.ws.send('42["req",{}]');
    await early.closed;
    // Nothing reached the server's handler, and nobody is left open.
    expect(events).toEqual([]);
    await wait(() => transport.count === 0);
  });

  it('closes a connection that never joins, after the connect timeout', async () => {
    const c = await raw();
    await c.next();
    const t0 = Date.now();
    await c.closed;
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
    expect(transport.count).toBe(0);
  });

  it('refuses what it does not serve with an HTTP error, not a hang: another Engine.IO version, long polling, another path', async () => {
    for (const [path, status, message] of [
      ['/socket.io/?EIO=3&transport=websocket', 400, /Engine\.IO 4/],
      ['/socket.io/?EIO=4&transport=polling', 400, /WebSocket only/],
      ['/elsewhere?EIO=4&transport=websocket', 404, /\/socket\.io\//],
    ] as const) {
      const ws = new WebSocket(`${url.replace('http', 'ws')}${path}`);
      const res = await new Promise<{ status: number; body: string }>((resolve) =>
        ws.once('unexpected-response', (_req, r) => {
          let body = '';
          r.on('data', (d: Buffer) => (body += String(d)));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
        }),
      );
      ws.on('error', () => undefined);
      expect(res.status).toBe(status);
      expect((JSON.parse(res.body) as { message: string }).message).toMatch(message);
    }
  });
});

describe('the server\'s realtime endpoint', () => {
  it('answers an old long-polling client with a 400 naming WebSocket, and socket.io-client with polling only gets connect_error, not a hang', async () => {
    const server = await startTest();
    try {
      const res = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling&t=x`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/WebSocket only/);
      const g = await guest(server.url, 'Gammel');
      const s = io(server.url, { auth: { token: g.token }, transports: ['polling'], reconnection: false });
      const e = await new Promise<Error>((resolve, reject) => {
        s.once('connect_error', resolve);
        s.once('connect', () => reject(new Error('connected over polling')));
      });
      expect(e).toBeInstanceOf(Error);
      s.close();
    } finally {
      await server.close();
    }
  });
});
