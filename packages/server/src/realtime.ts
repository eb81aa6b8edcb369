/**
 * Real time over socket.io: the handshake's guest token, one `req` event
 * with acknowledgements for every request, and a `table` push per client
 * built from the engine's view for that client's seat (never a broadcast of
 * one view to many).
 *
 * Policy for bad input: a malformed or over-limit request is answered with
 * `bad_message` / `rate_limited` and dropped; a connection that earns more
 * than 20 such strikes within a minute gets `bye('abuse')` and is closed.
 * Messages over 16 KB close the connection (socket.io's maxHttpBufferSize).
 */
import type { Server as HttpServer } from 'node:http';
import { parseRequest, type ClientEvents, type ErrorReply, type Request, type ServerEvents } from '@olsen/protocol';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import type { Coordinator, Logger } from './coordinator.js';
import type { Guest, Identities } from './identity.js';
import type { PubSub } from './ports.js';

interface SocketData {
  guest: Guest;
  /** Tables this connection follows, as a seated player (their id) or a spectator (null). */
  follows: Map<string, string | null>;
}
type OlsenSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketData>;

export interface RealtimeOptions {
  readonly coordinator: Coordinator;
  readonly identities: Identities;
  readonly pubsub: PubSub;
  readonly log: Logger;
  readonly rateLimit: { readonly points: number; readonly seconds: number };
  /** socket.io's adapter between processes (the Redis adapter when scaled out); default: in memory. */
  readonly adapter?: ServerOptions['adapter'];
}

const room = (code: string): string => `t:${code}`;
const bad = (code: 'bad_message' | 'rate_limited', message: string): ErrorReply => ({ ok: false, error: { code, message } });

export function attachRealtime(http: HttpServer, o: RealtimeOptions): Server<ClientEvents, ServerEvents, Record<string, never>, SocketData> {
  const io = new Server<ClientEvents, ServerEvents, Record<string, never>, SocketData>(http, {
    maxHttpBufferSize: 16 * 1024,
    pingInterval: 10_000,
    pingTimeout: 8_000,
    cors: { origin: true },
    ...(o.adapter ? { adapter: o.adapter } : {}),
  });
  const limiter = new RateLimiterMemory({ points: o.rateLimit.points, duration: o.rateLimit.seconds });
  const strikes = new RateLimiterMemory({ points: 20, duration: 60 });
  const { coordinator } = o;

  io.use((socket, next) => {
    const guest = o.identities.verify((socket.handshake.auth as { token?: unknown } | undefined)?.token);
    if (!guest) {
      const e = new Error('auth_failed') as Error & { data: unknown };
      e.data = { code: 'auth_failed', message: 'A guest token is needed: get one with POST /api/guest.' };
      return next(e);
    }
    socket.data.guest = guest;
    socket.data.follows = new Map();
    next();
  });

  const push = async (socket: OlsenSocket, code: string): Promise<void> => {
    const role = socket.data.follows.get(code);
    if (role === undefined) return;
    const update = await coordinator.updateFor(code, role);
    if (update && socket.data.follows.has(code)) socket.emit('table', update);
  };

  const follow = async (socket: OlsenSocket, code: string, role: string | null): Promise<void> => {
    const before = socket.data.follows.get(code);
    if (before === role) return push(socket, code);
    socket.data.follows.set(code, role);
    // Only this process's sockets are in the room: each process pushes to its own connections.
    void socket.join(room(code));
    if (before !== undefined) await coordinator.disconnected(code, before);
    await coordinator.connected(code, role);
  };

  const unfollow = async (socket: OlsenSocket, code: string): Promise<void> => {
    const before = socket.data.follows.get(code);
    if (before === undefined) return;
    socket.data.follows.delete(code);
    void socket.leave(room(code));
    await coordinator.disconnected(code, before);
  };

  const unsubscribe = o.pubsub.subscribe(({ code }) => {
    const ids = io.of('/').adapter.rooms.get(room(code));
    if (!ids) return;
    for (const id of ids) {
      const s = io.sockets.sockets.get(id);
      if (s) void push(s, code).catch((e: unknown) => o.log.warn({ err: e, table: code }, 'cannot push a table update'));
    }
  });
  io.engine.on('close', unsubscribe);

  async function handle(socket: OlsenSocket, r: Request): Promise<object> {
    const g = socket.data.guest;
    switch (r.type) {
      case 'lobby':
        return { ok: true, tables: coordinator.lobby() };
      case 'create': {
        const res = await coordinator.create(g, r);
        if (res.ok) await follow(socket, res.code, g.id);
        return res;
      }
      case 'join': {
        const res = await coordinator.join(g, r.code, r.seat);
        if (res.ok) await follow(socket, r.code, g.id);
        return res;
      }
      case 'watch': {
        if (!(await coordinator.exists(r.code))) return { ok: false, error: { code: 'no_such_table', message: `There is no table ${r.code}.` } };
        await follow(socket, r.code, (await coordinator.tablesOf(g.id)).includes(r.code) ? g.id : null);
        return { ok: true };
      }
      case 'leave': {
        const res = await coordinator.leave(g, r.code);
        await unfollow(socket, r.code);
        return res;
      }
      case 'start':
        return coordinator.start(g, r.code);
      case 'act':
        return coordinator.act(g, r.code, r.version, r.action);
      case 'rematch':
        return coordinator.rematch(g, r.code);
    }
  }

  io.on('connection', (socket: OlsenSocket) => {
    const strike = async (): Promise<void> => {
      try {
        await strikes.consume(socket.id);
      } catch {
        o.log.warn({ player: socket.data.guest.id }, 'closing an abusive connection');
        socket.emit('bye', 'abuse');
        socket.disconnect(true);
      }
    };
    // Back after a drop (perhaps through another process): follow the tables where this player has a seat.
    void coordinator.tablesOf(socket.data.guest.id).then(async (codes) => {
      for (const code of codes) if (socket.connected && !socket.data.follows.has(code)) await follow(socket, code, socket.data.guest.id);
    }).catch((e: unknown) => o.log.warn({ err: e }, 'cannot follow the tables of a returning player'));

    socket.on('req', async (raw: unknown, ack: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (r: object) => void) : null;
      try {
        await limiter.consume(socket.id);
      } catch {
        reply?.(bad('rate_limited', `Too many messages: at most ${o.rateLimit.points} every ${o.rateLimit.seconds} seconds.`));
        return strike();
      }
      const parsed = parseRequest(raw);
      if (!parsed.ok || !reply) {
        reply?.(bad('bad_message', parsed.ok ? 'A request needs an acknowledgement callback.' : parsed.message));
        return strike();
      }
      try {
        reply(await handle(socket, parsed.value));
      } catch (e) {
        o.log.error({ err: e }, 'request failed');
        reply({ ok: false, error: { code: 'internal', message: 'Something went wrong on the server; the request had no effect.' } });
      }
    });
    socket.onAny((event: string) => {
      if (event !== 'req') void strike();
    });
    socket.on('disconnect', () => {
      for (const code of [...socket.data.follows.keys()]) void unfollow(socket, code).catch((e: unknown) => o.log.warn({ err: e, table: code }, 'cannot note a disconnection'));
      void limiter.delete(socket.id);
    });
  });
  return io;
}
