/**
 * Real time over Socket.IO's wire (transport.ts): the handshake's guest token, one `req` event
 * with acknowledgements for every request, and a `table` push per client
 * built from the engine's view for that client's seat (never a broadcast of
 * one view to many).
 *
 * Admission (admission.ts): connections per address and per guest are
 * counted at the handshake; requests are limited per guest; table codes
 * that name nothing are limited per address; a connection follows at most
 * `tablesPerConnection` tables.
 *
 * Backpressure: a table update is pushed only when the connection has taken
 * the previous ones (nothing much waits in its WebSocket's buffer); otherwise the table is marked and its latest state
 * goes out when the client catches up, so a slow reader costs one pending
 * mark per table, not a queue of frames. A connection that stays congested
 * for `slowClientMs`, or holds more than `slowClientBytes` unsent, is cut.
 *
 * Policy for bad input: a malformed or over-limit request is answered with
 * `bad_message` / `rate_limited` and dropped; a guest who earns more than 20
 * such strikes within a minute gets `bye('abuse')` and is closed. Messages
 * over 16 KB close the connection (the transport's maxPayload).
 */
import type { Server as HttpServer } from 'node:http';
import { parseRequest, type ErrorReply, type Request, type KeptField, type ReactionPush, type ServerEvents, type TableUpdate } from '@olsen/protocol';
import type { Admission } from './admission.js';
import type { Coordinator, Logger } from './coordinator.js';
import type { Guest, Identities } from './identity.js';
import type { Heartbeat } from './heartbeat.js';
import type { PubSub } from './ports.js';
import { Transport, type Connection } from './transport.js';

interface SocketData {
  guest: Guest;
  /** The client's address (admission counts per address). */
  address: string;
  /** Tables whose latest state waits for the client to take what was sent before. */
  pending: Set<string>;
  /** Since when the connection has had updates it could not take (ms), or 0. */
  congestedSince: number;
  drainTimer: NodeJS.Timeout | null;
  /** Per table, how much of the round's log this connection has been sent (the next frame carries only what follows). */
  sent: Map<string, { gameNo: number; round: number; length: number; seats: unknown; rules: unknown; viewRules: unknown; players: unknown; scoreSheet: unknown }>;
  /** Tables this connection follows, as a seated player (their id) or a spectator (null). */
  follows: Map<string, string | null>;
}
type OlsenSocket = Connection<SocketData>;
type Event = keyof ServerEvents;

export interface RealtimeOptions {
  readonly coordinator: Coordinator;
  readonly identities: Identities;
  /** A guest's device connected (its "last seen", devices.ts). */
  readonly seen?: (guest: Guest) => void;
  readonly pubsub: PubSub;
  readonly log: Logger;
  readonly admission: Admission;
  /** Take the client's address from X-Forwarded-For (behind a reverse proxy). */
  readonly trustProxy: boolean;
  /** A connection congested this long (ms), or holding this many unsent bytes, is cut. */
  readonly slowClientMs: number;
  readonly slowClientBytes: number;
  /** How often each connection is pinged (Engine.IO's `pingInterval`, ms). */
  readonly pingIntervalMs: number;
  /** A table update held back because the connection had not taken the last ones (a metric). */
  readonly onDeferred?: () => void;
  /** Seconds from a move's arrival to its answer (a metric). */
  readonly observeAct?: (seconds: number) => void;
  /** The connections' shared heartbeat, once made (metrics and tests look at it). */
  readonly onHeartbeat?: (h: Heartbeat) => void;
}

/**
 * Bytes waiting in a connection's WebSocket buffer from which it counts as congested: a frame or two waiting for
 * the kernel is normal between two moves (holding those back would delay every player's update); a dozen is not.
 */
const CONGESTED_BYTES = 16 * 1024;
const bad = (code: 'bad_message' | 'rate_limited' | 'over_limit' | 'not_seated', message: string): ErrorReply => ({ ok: false, error: { code, message } });

/** Real time as the server holds it: for the health check, a device's sign-out and the shutdown. */
export interface Realtime {
  /** Open connections. */
  readonly count: number;
  /** Closes the connections of a device (signed out of its profile). */
  closeDevice(device: string): void;
  /** Tells every connection the server is stopping, closes them all and takes no more. */
  close(): void;
}

export function attachRealtime(http: HttpServer, o: RealtimeOptions): Realtime {
  const transport = new Transport<SocketData>(http, {
    maxPayload: 16 * 1024,
    // A connection that went silent (a phone out of coverage; a closed tab is seen at once) is noticed within
    // 30 s, and then has the reconnect grace. The pings are on one shared beat (heartbeat.ts).
    pingIntervalMs: o.pingIntervalMs,
    pingTimeoutMs: 10_000,
    admit: (auth, req) => {
      const guest = o.identities.verify((auth as { token?: unknown } | undefined)?.token);
      if (!guest) return { ok: false, code: 'auth_failed', message: 'A guest token is needed (this one is unknown, or its device was signed out of the profile): get one with POST /api/guest.' };
      o.seen?.(guest);
      const forwarded = o.trustProxy ? String(req.headers['x-forwarded-for'] ?? '').split(',')[0].trim() : '';
      const address = forwarded || req.socket.remoteAddress || '';
      const refusal = admission.open(guest.id, address);
      if (refusal) return { ok: false, code: 'over_limit', message: refusal };
      return { ok: true, data: { guest, address, follows: new Map(), pending: new Set(), congestedSince: 0, drainTimer: null, sent: new Map() } };
    },
    onConnect: (socket) => connected(socket),
  });
  o.onHeartbeat?.(transport.heartbeat);
  const { coordinator, admission } = o;
  const { limits } = admission;
  /** Per table, this process's connections that follow it. */
  const followers = new Map<string, Set<OlsenSocket>>();
  const emit = <E extends Event>(socket: OlsenSocket, event: E, payload: Parameters<ServerEvents[E]>[0]): void => socket.emit(event, payload);

  /** Bytes the connection has not sent yet (its WebSocket's buffer). */
  const unsent = (socket: OlsenSocket): number => socket.bufferedAmount;
  /** The client has not taken what was sent before: frames pile up in the WebSocket's buffer behind a write that does not finish. */
  const congested = (socket: OlsenSocket): boolean => socket.bufferedAmount > CONGESTED_BYTES;

  const cut = (socket: OlsenSocket, why: string): void => {
    o.log.warn({ player: socket.data.guest.id, unsent: unsent(socket) }, `closing a connection that does not read (${why})`);
    emit(socket, 'bye', 'slow');
    socket.disconnect();
    // A client that reads nothing never takes a close frame either: drop the TCP connection and what waits for it now.
    socket.terminate();
  };

  /** Sends the latest state of the tables that waited, once the client has caught up; cuts it if it never does. */
  const drain = (socket: OlsenSocket): void => {
    socket.data.drainTimer = null;
    if (!socket.connected) return;
    if (congested(socket)) {
      if (Date.now() - socket.data.congestedSince > o.slowClientMs) return cut(socket, `congested for ${o.slowClientMs} ms`);
      socket.data.drainTimer = setTimeout(drain, 50, socket);
      return;
    }
    socket.data.congestedSince = 0;
    const codes = [...socket.data.pending];
    socket.data.pending.clear();
    for (const code of codes) void push(socket, code).catch((e: unknown) => o.log.warn({ err: e, table: code }, 'cannot push a table update'));
  };

  const push = async (socket: OlsenSocket, code: string): Promise<void> => {
    const role = socket.data.follows.get(code);
    if (role === undefined) return;
    if (congested(socket)) {
      // Only the latest state matters: mark the table and send it when the client has taken the last frame.
      socket.data.pending.add(code);
      o.onDeferred?.();
      if (socket.data.congestedSince === 0) socket.data.congestedSince = Date.now();
      if (unsent(socket) > o.slowClientBytes) return cut(socket, `${unsent(socket)} bytes unsent`);
      socket.data.drainTimer ??= setTimeout(drain, 50, socket);
      return;
    }
    const update = await coordinator.updateFor(code, role);
    if (!update || !socket.data.follows.has(code) || !socket.connected) return;
    emit(socket, 'table', delta(socket, update));
  };

  /**
   * The update as this connection needs it: the log's new entries only, and
   * without the fields it already has (the same objects as in its last frame
   * of the table: the seats, the rules, the view's rule set and names). Only
   * for the wire: the fields left out are `undefined`, not absent.
   */
  const delta = (socket: OlsenSocket, update: TableUpdate): TableUpdate => {
    const v = update.view;
    const had = socket.data.sent.get(update.code);
    if (!had) {
      socket.data.sent.set(update.code, { gameNo: update.gameNo, round: v?.round ?? -1, length: v?.log.length ?? 0, seats: update.seats, rules: update.rules, viewRules: v?.rules, players: v?.players, scoreSheet: v?.scoreSheet });
      return update;
    }
    // The fields it already has are `undefined`, which JSON leaves out (never `delete`: an object with deleted
    // keys turns slow, and so does its JSON).
    const kept: KeptField[] = [];
    const sameSeats = had.seats === update.seats;
    const sameRules = had.rules === update.rules;
    if (sameSeats) kept.push('seats');
    if (sameRules) kept.push('rules');
    let view: TableUpdate['view'] = v;
    let logFrom: number | undefined;
    if (v) {
      const sameViewRules = had.viewRules === v.rules;
      const samePlayers = had.players === v.players;
      if (sameViewRules) kept.push('view.rules');
      if (samePlayers) kept.push('view.players');
      // The score sheet changes once a round: the same object until then.
      const sameSheet = had.scoreSheet === v.scoreSheet && v.scoreSheet !== null;
      if (sameSheet) kept.push('view.scoreSheet');
      const follows = had.gameNo === update.gameNo && had.round === v.round && had.length <= v.log.length;
      if (follows) logFrom = had.length;
      view = { ...v, rules: sameViewRules ? undefined : v.rules, players: samePlayers ? undefined : v.players, scoreSheet: sameSheet ? undefined : v.scoreSheet, log: follows ? v.log.slice(had.length) : v.log } as unknown as TableUpdate['view'];
    }
    // What this frame sends, in the entry of the last one (changed in place: it lives from one move of the table to
    // the next, about a second, so a new one per frame would outlive the young generation and die in the old).
    had.gameNo = update.gameNo;
    had.round = v?.round ?? -1;
    had.length = v?.log.length ?? 0;
    had.seats = update.seats;
    had.rules = update.rules;
    had.viewRules = v?.rules;
    had.players = v?.players;
    had.scoreSheet = v?.scoreSheet;
    // Every field named (a literal of one shape, where a spread of the update with fields added is a slow clone);
    // the type makes a field added to `TableUpdate` an error here rather than a field missing from frames.
    const frame: { [K in keyof Required<TableUpdate>]: TableUpdate[K] | undefined } = {
      code: update.code,
      game: update.game,
      status: update.status,
      gameNo: update.gameNo,
      seats: sameSeats ? undefined : update.seats,
      you: update.you,
      host: update.host,
      spectators: update.spectators,
      turnSeconds: update.turnSeconds,
      deadline: update.deadline,
      turnBased: update.turnBased,
      nextRoundAt: update.nextRoundAt,
      catchBy: update.catchBy,
      view,
      rules: sameRules ? undefined : update.rules,
      rematchAsked: update.rematchAsked,
      timerMoves: update.timerMoves,
      standInMoves: update.standInMoves,
      recordId: update.recordId,
      daily: update.daily,
      logFrom,
      kept: kept.length > 0 ? kept : undefined,
    };
    return frame as TableUpdate;
  };

  /** A refusal if following one more table would pass the connection's cap. */
  const overFollowCap = (socket: OlsenSocket, code: string): object | null =>
    socket.data.follows.has(code) || socket.data.follows.size < limits.tablesPerConnection
      ? null
      : bad('over_limit', `This connection follows ${socket.data.follows.size} tables already (at most ${limits.tablesPerConnection}); leave one first.`);

  /** A refusal if the address has looked up too many codes that named nothing. */
  const lookUpRefused = async (socket: OlsenSocket): Promise<object | null> => ((await admission.mayLookUp(socket.data.address)) ? null : bad('rate_limited', admission.lookUpRefusal()));

  const follow = async (socket: OlsenSocket, code: string, role: string | null): Promise<void> => {
    const before = socket.data.follows.get(code);
    // Asked again for a table it follows: the client has lost track (a missed frame); the next frame is whole.
    socket.data.sent.delete(code);
    if (before === role) return push(socket, code);
    socket.data.follows.set(code, role);
    // This process's connections only: each process pushes to its own.
    let set = followers.get(code);
    if (!set) followers.set(code, (set = new Set()));
    set.add(socket);
    if (before !== undefined) await coordinator.disconnected(code, before);
    await coordinator.connected(code, role);
  };

  const unfollow = async (socket: OlsenSocket, code: string): Promise<void> => {
    const before = socket.data.follows.get(code);
    if (before === undefined) return;
    socket.data.follows.delete(code);
    socket.data.pending.delete(code);
    socket.data.sent.delete(code);
    const set = followers.get(code);
    if (set?.delete(socket) && set.size === 0) followers.delete(code);
    await coordinator.disconnected(code, before);
  };

  /** After a change: every connection here that follows the table gets its update, all made in one turn of the table's queue. */
  const pushAll = async (code: string): Promise<void> => {
    const set = followers.get(code);
    if (!set) return;
    const ready: OlsenSocket[] = [];
    for (const s of set) {
      if (congested(s)) void push(s, code);
      else ready.push(s);
    }
    if (ready.length === 0) return;
    const roles = [...new Set(ready.map((s) => s.data.follows.get(code)).filter((r): r is string | null => r !== undefined))];
    const updates = await coordinator.updatesFor(code, roles);
    if (!updates) return;
    for (const s of ready) {
      const role = s.data.follows.get(code);
      const update = role === undefined ? undefined : updates.get(role);
      if (!update || !s.connected) continue;
      if (congested(s)) void push(s, code);
      else emit(s, 'table', delta(s, update));
    }
  };
  const unsubscribe = o.pubsub.subscribe(({ code }) => {
    void pushAll(code).catch((e: unknown) => o.log.warn({ err: e, table: code }, 'cannot push a table update'));
  });
  // A reaction goes to this process's followers of the table, as it is: nothing is stored or rebuilt.
  const unsubscribeReactions = o.pubsub.subscribeReaction(({ code, seat, reaction }) => {
    const push: ReactionPush = { code, seat, reaction };
    for (const s of followers.get(code) ?? []) if (s.connected && !congested(s)) emit(s, 'reaction', push);
  });

  async function handle(socket: OlsenSocket, r: Request): Promise<object> {
    const g = { ...socket.data.guest, address: socket.data.address };
    switch (r.type) {
      case 'lobby':
        return { ok: true, tables: coordinator.lobby() };
      case 'create': {
        const capped = overFollowCap(socket, '');
        if (capped) return capped;
        const res = await coordinator.create(g, r);
        if (res.ok) await follow(socket, res.code, g.id);
        return res;
      }
      case 'join': {
        const refused = overFollowCap(socket, r.code) ?? (await lookUpRefused(socket));
        if (refused) return refused;
        const res = await coordinator.join(g, r.code, r.seat);
        if (res.ok) await follow(socket, r.code, g.id);
        else if (res.error.code === 'no_such_table') await admission.missed(socket.data.address);
        return res;
      }
      case 'watch': {
        const refused = overFollowCap(socket, r.code) ?? (await lookUpRefused(socket));
        if (refused) return refused;
        if (!(await coordinator.exists(r.code))) {
          await admission.missed(socket.data.address);
          return { ok: false, error: { code: 'no_such_table', message: `There is no table ${r.code}.` } };
        }
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
      case 'act': {
        const t0 = performance.now();
        const res = await coordinator.act(g, r.code, r.version, r.action);
        o.observeAct?.((performance.now() - t0) / 1000);
        return res;
      }
      case 'rematch':
        return coordinator.rematch(g, r.code);
      case 'look':
        coordinator.look(r.code, socket.data.follows.get(r.code) === g.id ? g.id : null, r.visible);
        return { ok: true };
      case 'react': {
        // Only a seated person reacts (at their seat); a flood is refused, not shown.
        const seat = socket.data.follows.get(r.code) === g.id ? (await coordinator.updateFor(r.code, g.id))?.you ?? null : null;
        if (seat === null) return bad('not_seated', 'Only a player seated at this table can react there.');
        if (!(await admission.react(g.id))) return bad('rate_limited', `Too many reactions: at most ${limits.reactionsPerMinute} a minute.`);
        o.pubsub.publishReaction({ kind: 'reaction', code: r.code, origin: coordinator.id, seat, reaction: r.reaction });
        return { ok: true };
      }
    }
  }

  function connected(socket: OlsenSocket): void {
    const strike = async (): Promise<void> => {
      if (await admission.strike(socket.data.guest.id)) return;
      o.log.warn({ player: socket.data.guest.id }, 'closing an abusive connection');
      emit(socket, 'bye', 'abuse');
      socket.disconnect();
    };
    // Back after a drop (perhaps through another process): follow the tables where this player has a seat.
    void coordinator.tablesOf(socket.data.guest.id).then(async (codes) => {
      for (const code of codes) if (socket.connected && !socket.data.follows.has(code)) await follow(socket, code, socket.data.guest.id);
    }).catch((e: unknown) => o.log.warn({ err: e }, 'cannot follow the tables of a returning player'));

    const request = async (raw: unknown, ackId: number): Promise<void> => {
      const reply = ackId >= 0 ? (r: object): void => socket.ack(ackId, r) : null;
      if (!(await admission.request(socket.data.guest.id))) {
        reply?.(bad('rate_limited', `Too many messages: at most ${admission.rate.points} every ${admission.rate.seconds} seconds.`));
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
    };
    // Requests are `req` events; any other event from a client is a strike.
    socket.onEvent = (name, arg, ackId) => {
      (name === 'req' ? request(arg, ackId) : strike()).catch((e: unknown) => o.log.warn({ err: e }, 'cannot answer a request'));
    };
    socket.onClose = () => {
      admission.close(socket.data.guest.id, socket.data.address);
      if (socket.data.drainTimer) clearTimeout(socket.data.drainTimer);
      socket.data.pending.clear();
      for (const code of [...socket.data.follows.keys()]) void unfollow(socket, code).catch((e: unknown) => o.log.warn({ err: e, table: code }, 'cannot note a disconnection'));
    };
  }

  return {
    get count() {
      return transport.count;
    },
    closeDevice(device) {
      for (const socket of transport.connections()) if (socket.data.guest.device === device) socket.disconnect();
    },
    close() {
      unsubscribe();
      unsubscribeReactions();
      transport.broadcast('bye', 'shutdown');
      transport.close();
    },
  };
}
