/**
 * Socket.IO's wire over a bare WebSocket (`ws`): the part of Engine.IO 4 and
 * Socket.IO 5 that Olsen's clients use, and nothing else.
 *
 * Every client (the web app's and the CLI's socket.io-client, the load
 * generator's raw socket, the tests) connects with `transports: ['websocket']`
 * to `/socket.io/?EIO=4&transport=websocket`, joins the main namespace with
 * its guest token, sends requests as `req` events with an acknowledgement, and
 * hears `table`, `reaction` and `bye` events. Served by socket.io, each of
 * those passed through engine.io's socket and transport, socket.io's client,
 * namespace and socket, a packet object, an encoder and a write buffer with
 * its own flush and drain events, and a timer per connection for its pings
 * (about a ninth of the server's CPU per move at 2,000 players,
 * ARCHITECTURE.md "Where a move's CPU went under socket.io"). Here a packet is a string:
 * parsed where it arrives, written in one `send`. What is served is the same
 * protocol, so clients cannot tell the difference; what is not served is
 * refused, not left hanging: long polling (a 400 naming WebSocket), other
 * Engine.IO versions, other namespaces (socket.io's "Invalid namespace"),
 * binary packets (closed), and anything that does not parse (closed, as
 * socket.io does).
 *
 * The wire, as text frames (`0`–`6` Engine.IO's packet types, then Socket.IO's
 * inside a `4` message):
 *   server → `0{"sid",…,"pingInterval","pingTimeout","maxPayload"}` on open;
 *   client → `40{auth}`; server → `40{"sid"}` or `44{"message","data"}` (refused);
 *   client → `42<id>["req",{…}]`; server → `43<id>[{…}]` (the acknowledgement);
 *   server → `42["table",{…}]`; server → `2` (ping), client → `3` (pong);
 *   either → `41` (the namespace left) and the WebSocket closed.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { Heartbeat, type Beating } from './heartbeat.js';

/** Where clients connect (socket.io-client's default path). */
export const PATH = '/socket.io/';

/** A connection refused at the handshake: the client's `connect_error` has `message` = `code` and `data` = this. */
export interface Refusal {
  readonly code: string;
  readonly message: string;
}

export interface TransportOptions<D> {
  /** The largest message a client may send (bytes); a larger one closes the connection. */
  readonly maxPayload: number;
  /** From a pong to the next ping, and from a ping to the close of a connection that did not answer (ms). */
  readonly pingIntervalMs: number;
  readonly pingTimeoutMs: number;
  /** How long an opened connection may take to join the namespace before it is closed (ms; socket.io's 45 s). */
  readonly connectTimeoutMs?: number;
  /** The handshake: the data the connection carries, or why it is refused. */
  admit(auth: unknown, req: IncomingMessage): { readonly ok: true; readonly data: D } | ({ readonly ok: false } & Refusal);
  /** A connection joined (its `data` set, `40` sent): set its `onEvent` and `onClose` here. */
  onConnect(c: Connection<D>): void;
}

const OPEN = 1; // WebSocket.OPEN
const id = (): string => randomBytes(15).toString('base64url');

export class Connection<D> implements Beating {
  /** What the handshake gave (set before `onConnect`). */
  data!: D;
  /** Joined the namespace and not closed. */
  connected = false;
  /** An event from the client: its name, first argument, and acknowledgement id (-1: none asked). */
  onEvent: ((name: string, arg: unknown, ackId: number) => void) | null = null;
  /** Once, when the connection is gone (either side closed it, or its pings went unanswered). */
  onClose: (() => void) | null = null;
  pingAt = 0;
  pongBy = 0;
  private closed = false;
  /** Writes held until the end of this turn of the event loop (see `send`), and about how many bytes. */
  private corked = false;
  private turnBytes = 0;
  private req: IncomingMessage | null;
  private connectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ws: WebSocket,
    /** The TCP socket under the WebSocket (the one the upgrade came on). */
    private readonly socket: Duplex,
    req: IncomingMessage,
    private readonly transport: Transport<D>,
  ) {
    this.req = req;
  }

  /**
   * Every message to this connection within one turn of the event loop goes out in one write: the first corks
   * the socket, and the transport uncorks it once the turn's callbacks and promises are done (`setImmediate`).
   * A move's acknowledgement and the mover's frame leave together, one system call where they took two (a
   * system call is what costs on a virtual machine: about 1 in 5 of a move's writes saved).
   */
  private send(text: string): void {
    if (!this.corked && !this.closed) {
      this.corked = true;
      this.socket.cork();
      this.transport.corked(this);
    }
    // The frame's header is 2–4 bytes; a character outside ASCII is more than one byte (near enough here).
    this.turnBytes += text.length + 4;
    this.ws.send(text);
  }

  /** @internal The turn is over: what this connection was sent goes out. */
  uncork(): void {
    if (!this.corked) return;
    this.corked = false;
    this.turnBytes = 0;
    this.socket.uncork();
  }

  /**
   * Bytes written before this turn of the event loop and not yet taken by the kernel (the client is not reading,
   * or the network is slow). What this turn wrote waits in the corked socket by design and is not counted.
   */
  get bufferedAmount(): number {
    return Math.max(0, this.ws.bufferedAmount - this.turnBytes);
  }

  /** Sends an event, if connected. */
  emit(event: string, payload: unknown): void {
    if (this.connected) this.send(`42["${event}",${JSON.stringify(payload)}]`);
  }

  /** Answers the client's event `ackId`. */
  ack(ackId: number, body: unknown): void {
    if (this.connected) this.send(`43${ackId}[${JSON.stringify(body)}]`);
  }

  /** Leaves the namespace from the server's side (the client hears "io server disconnect") and closes. */
  disconnect(): void {
    if (this.connected && this.ws.readyState === OPEN) this.send('41');
    this.close();
  }

  /** Closes the WebSocket (its queued frames still go first), and forgets the connection now. */
  close(): void {
    this.gone();
    if (this.ws.readyState === OPEN) this.ws.close(1000);
  }

  /** Drops the TCP connection at once, with whatever waits to be written (a client that reads nothing takes no close frame). */
  terminate(): void {
    this.gone();
    this.ws.terminate();
  }

  ping(): void {
    if (this.ws.readyState === OPEN) this.send('2');
  }

  timedOut(): void {
    this.terminate();
  }

  /** @internal Called by the transport once the WebSocket is open. */
  open(sid: string, open: string, connectTimeoutMs: number): void {
    this.ws.on('message', (data: Buffer, isBinary: boolean) => (isBinary ? this.close() : this.message(data.toString())));
    // Protocol errors (a frame over maxPayload, bad UTF-8): ws closes the socket itself and says why here.
    this.ws.on('error', () => this.gone());
    this.ws.on('close', () => this.gone());
    this.ws.send(`0{"sid":"${sid}",${open}`);
    this.connectTimer = setTimeout(() => this.close(), connectTimeoutMs);
    this.connectTimer.unref();
  }

  private message(p: string): void {
    switch (p.charCodeAt(0)) {
      case 51: // '3' pong
        this.transport.heartbeat.pong(this);
        return;
      case 52: // '4' a Socket.IO packet
        this.packet(p);
        return;
      case 54: // '6' noop
        return;
      default: // '1' close; a ping from the client (Engine.IO 4 pings from the server), an upgrade, garbage
        this.close();
    }
  }

  private packet(p: string): void {
    switch (p.charCodeAt(1)) {
      case 50: // '2' EVENT: `42[<id>][<name>, <arg>…]`
        return this.event(p);
      case 48: // '0' CONNECT: `40[/<nsp>,][<auth>]`
        return this.join(p);
      case 51: // '3' ACK of an event of ours: the server asks none
        return;
      default: // '1' DISCONNECT (the client left); binary packets, CONNECT_ERROR from a client, garbage
        this.close();
    }
  }

  private event(p: string): void {
    if (!this.connected) return this.close();
    let i = 2;
    let ackId = -1;
    for (let c = p.charCodeAt(i); c >= 48 && c <= 57; c = p.charCodeAt(++i)) ackId = (ackId < 0 ? 0 : ackId * 10) + c - 48;
    // Ids beyond 2^31 are not socket.io-client's (it counts from 0); a namespace other than the main one is not served.
    if (ackId > 0x7fffffff || p.charCodeAt(i) !== 91 /* [ */) return this.close();
    let args: unknown;
    try {
      args = JSON.parse(p.slice(i));
    } catch {
      return this.close();
    }
    // As socket.io's decoder: an event is an array whose first item is its name; anything else is a parse error.
    if (!Array.isArray(args) || typeof args[0] !== 'string') return this.close();
    this.onEvent?.(args[0], args[1], ackId);
  }

  private join(p: string): void {
    if (this.connected) return;
    if (p.charCodeAt(2) === 47 /* / */) {
      const comma = p.indexOf(',');
      const nsp = comma < 0 ? p.slice(2) : p.slice(2, comma);
      if (this.ws.readyState === OPEN) this.ws.send(`44${JSON.stringify(nsp).slice(1, -1)},{"message":"Invalid namespace"}`);
      return;
    }
    let auth: unknown;
    if (p.length > 2) {
      try {
        auth = JSON.parse(p.slice(2));
      } catch {
        return this.close();
      }
    }
    const req = this.req;
    if (!req || this.closed) return;
    this.req = null;
    if (this.connectTimer) clearTimeout(this.connectTimer);
    const admitted = this.transport.options.admit(auth, req);
    if (!admitted.ok) {
      const { code, message } = admitted;
      this.ws.send(`44${JSON.stringify({ message: code, data: { code, message } })}`);
      this.close();
      return;
    }
    this.data = admitted.data;
    this.connected = true;
    this.ws.send(`40{"sid":"${id()}"}`);
    this.transport.options.onConnect(this);
  }

  /** Forgets the connection (once): off the beat, out of the transport, and `onClose` if it had joined. */
  private gone(): void {
    if (this.closed) return;
    this.closed = true;
    this.req = null;
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.transport.drop(this);
    if (this.connected) {
      this.connected = false;
      this.onClose?.();
    }
  }
}

export class Transport<D> {
  readonly heartbeat: Heartbeat<Connection<D>>;
  private readonly wss: WebSocketServer;
  /** The end of the open packet, the same for every connection. */
  private readonly openTail: string;
  private readonly onUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

  constructor(
    private readonly http: HttpServer,
    readonly options: TransportOptions<D>,
  ) {
    this.heartbeat = new Heartbeat(options.pingIntervalMs, options.pingTimeoutMs);
    // No deflate (frames are about a kilobyte; compressing each costs more CPU than the bytes it saves on a LAN or
    // a phone's link), no client tracking (the heartbeat holds the connections).
    this.wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload, perMessageDeflate: false, clientTracking: false });
    this.openTail = `"upgrades":[],"pingInterval":${options.pingIntervalMs},"pingTimeout":${options.pingTimeoutMs},"maxPayload":${options.maxPayload}}`;
    this.onUpgrade = (req, socket, head) => this.upgrade(req, socket, head);
    http.on('upgrade', this.onUpgrade);
  }

  /** Open connections (joined or not). */
  get count(): number {
    return this.heartbeat.size;
  }

  /** The connections that have joined. */
  *connections(): IterableIterator<Connection<D>> {
    for (const c of this.heartbeat) if (c.connected) yield c;
  }

  /** @internal */
  drop(c: Connection<D>): void {
    this.heartbeat.delete(c);
  }

  /** Connections written to in this turn of the event loop, uncorked when it ends. */
  private corkedList: Connection<D>[] = [];
  private readonly uncorkAll = (): void => {
    const list = this.corkedList;
    this.corkedList = [];
    for (const c of list) c.uncork();
  };

  /** @internal */
  corked(c: Connection<D>): void {
    if (this.corkedList.push(c) === 1) setImmediate(this.uncorkAll);
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const query = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
    if (path !== PATH && path !== PATH.slice(0, -1)) return refuseUpgrade(socket, 404, { code: 0, message: `Nothing upgrades to a WebSocket at ${path}; real time is at ${PATH}.` });
    if (query.get('EIO') !== '4') return refuseUpgrade(socket, 400, { code: 5, message: 'Unsupported protocol version: this server speaks Engine.IO 4 (socket.io-client 3 or 4).' });
    if (query.get('transport') !== 'websocket') return refuseUpgrade(socket, 400, { code: 0, message: 'Transport unknown: this server speaks WebSocket only.' });
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const c = new Connection<D>(ws, socket, req, this);
      this.heartbeat.add(c);
      c.open(id(), this.openTail, this.options.connectTimeoutMs ?? 45_000);
    });
  }

  /** Sends an event to every joined connection. */
  broadcast(event: string, payload: unknown): void {
    for (const c of this.connections()) c.emit(event, payload);
  }

  /** Stops taking connections and closes every one (joined ones hear "io server disconnect"). */
  close(): void {
    this.http.off('upgrade', this.onUpgrade);
    for (const c of [...this.heartbeat]) c.disconnect();
    this.heartbeat.close();
    this.wss.close();
  }
}

/** Answers an upgrade that is not served with an HTTP error and Engine.IO's JSON body, and closes. */
function refuseUpgrade(socket: Duplex, status: 400 | 404, body: { code: number; message: string }): void {
  const json = JSON.stringify(body);
  socket.on('error', () => undefined);
  socket.end(`HTTP/1.1 ${status} ${status === 400 ? 'Bad Request' : 'Not Found'}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`);
}
