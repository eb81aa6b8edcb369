/**
 * A bare socket.io client for the load generator: one `ws` WebSocket speaking
 * Engine.IO 4 / Socket.IO 5 text packets directly (open → CONNECT with the
 * auth → events and acknowledgements, pings answered), without the client
 * library's manager, reconnection logic, buffers and per-packet encoding
 * passes. It does only what `olsen loadtest` needs of a connection, so one
 * generator core can drive many more simulated people. The server cannot tell
 * it from socket.io-client over the websocket transport.
 */
import { EventEmitter } from 'node:events';
import WebSocket from 'ws';

/** What a simulated person needs of a connection (socket.io-client through an adapter, or this). */
export interface Wire {
  readonly connected: boolean;
  on(event: 'connect' | 'disconnect', f: () => void): this;
  on(event: 'connect_error', f: (e: Error) => void): this;
  on(event: 'table', f: (u: unknown) => void): this;
  /** Emits `req` with an acknowledgement; rejects after `ms` without one, or when the connection closes. */
  ask(body: unknown, ms: number): Promise<unknown>;
  disconnect(): void;
  removeAllListeners(): this;
}

interface Pending {
  readonly resolve: (v: unknown) => void;
  readonly reject: (e: Error) => void;
  readonly timer: NodeJS.Timeout;
}

export class RawSocket extends EventEmitter implements Wire {
  connected = false;
  private readonly ws: WebSocket;
  private nextId = 0;
  private readonly acks = new Map<number, Pending>();

  constructor(url: string, private readonly auth: object, localAddress?: string) {
    super();
    const u = new URL(url);
    u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
    u.pathname = '/socket.io/';
    u.search = '?EIO=4&transport=websocket';
    this.ws = new WebSocket(u, { localAddress, perMessageDeflate: false });
    this.ws.on('message', (data: WebSocket.RawData) => this.packet(data.toString()));
    this.ws.on('error', (e: Error) => {
      if (!this.connected) this.emit('connect_error', e);
    });
    this.ws.on('close', () => this.closed());
  }

  private packet(p: string): void {
    switch (p.charCodeAt(0)) {
      case 48: // '0' Engine.IO open: join the default namespace with the auth
        this.ws.send(`40${JSON.stringify(this.auth)}`);
        return;
      case 50: // '2' ping
        this.ws.send('3');
        return;
      case 49: // '1' close
        this.ws.close();
        return;
      case 52: // '4' a Socket.IO packet
        this.message(p);
        return;
    }
  }

  /** `4<type>[<id>]<json>` on the default namespace (no attachments: the server sends JSON only). */
  private message(p: string): void {
    const type = p.charCodeAt(1) - 48;
    if (type === 0) {
      this.connected = true;
      this.emit('connect');
      return;
    }
    if (type === 4) {
      let message = 'connection refused';
      try {
        message = (JSON.parse(p.slice(2)) as { message?: string }).message ?? message;
      } catch {
        // keep the plain sentence
      }
      this.emit('connect_error', new Error(message));
      this.ws.close();
      return;
    }
    // The acknowledgement id, if any, runs up to the payload's '['.
    let i = 2;
    while (i < p.length && p.charCodeAt(i) >= 48 && p.charCodeAt(i) <= 57) i++;
    const id = i > 2 ? Number(p.slice(2, i)) : -1;
    if (type === 2) {
      const [event, data] = JSON.parse(p.slice(i)) as [string, unknown];
      this.emit(event, data);
    } else if (type === 3 && id >= 0) {
      const pending = this.acks.get(id);
      if (!pending) return;
      this.acks.delete(id);
      clearTimeout(pending.timer);
      pending.resolve((JSON.parse(p.slice(i)) as unknown[])[0]);
    } else if (type === 1) {
      this.ws.close();
    }
  }

  ask(body: unknown, ms: number): Promise<unknown> {
    if (!this.connected) return Promise.reject(new Error('not connected'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.acks.delete(id);
        reject(new Error(`no acknowledgement within ${ms} ms`));
      }, ms);
      this.acks.set(id, { resolve, reject, timer });
      this.ws.send(`42${id}${JSON.stringify(['req', body])}`);
    });
  }

  private closed(): void {
    for (const p of this.acks.values()) {
      clearTimeout(p.timer);
      p.reject(new Error('connection closed'));
    }
    this.acks.clear();
    if (this.connected) {
      this.connected = false;
      this.emit('disconnect');
    }
  }

  disconnect(): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send('41');
    this.ws.close();
  }
}
