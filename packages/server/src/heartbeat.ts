/**
 * Every connection's heartbeat on one shared beat.
 *
 * The server pings each connection `pingInterval` after its last pong and
 * closes it when the pong has not come `pingTimeout` after the ping (Engine.IO
 * 4's heartbeat, which socket.io-client answers). A timer per connection would
 * wake the server about a hundred times a second at 2,000 connections (pings
 * every 20 s), once per ping and again per timeout; waking is what costs on a
 * small machine (on this one a Node process is charged 100–160 µs of CPU per
 * sleep, ARCHITECTURE.md "What this machine charges for sleeping"). Here one timer falls
 * every beat (1 s): the pings due within it go out together, and silent
 * connections are found on it. A ping is at most one beat later than its
 * interval, well within the client's allowance (`pingInterval` +
 * `pingTimeout`), and a silent connection is closed between `pingTimeout` and
 * one beat after it.
 */

/** A connection as the beat sees it: when it is next pinged, and by when its pong must come (0: no ping out). */
export interface Beating {
  pingAt: number;
  pongBy: number;
  /** Sends a ping. */
  ping(): void;
  /** The pong did not come in time: close the connection. */
  timedOut(): void;
}

export class Heartbeat<C extends Beating = Beating> {
  private readonly members = new Set<C>();
  private readonly timer: NodeJS.Timeout;
  /** Pings sent on the beat (a metric, and the tests'). */
  pings = 0;

  constructor(
    /** From a pong to the next ping (ms). */
    private readonly intervalMs: number,
    /** From a ping to the close of a connection that has not answered (ms). */
    private readonly timeoutMs: number,
    /** How often the beat falls (ms). */
    beatMs = 1000,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => this.beat(), beatMs);
    this.timer.unref();
  }

  /** A connection just opened: its first ping an interval from now. */
  add(c: C): void {
    c.pingAt = this.now() + this.intervalMs;
    c.pongBy = 0;
    this.members.add(c);
  }

  delete(c: C): void {
    this.members.delete(c);
  }

  /** Its pong came: the next ping an interval from now. */
  pong(c: C): void {
    c.pongBy = 0;
    c.pingAt = this.now() + this.intervalMs;
  }

  /** Connections on the beat. */
  get size(): number {
    return this.members.size;
  }

  /** Every connection on the beat, in the order they came (shutdown and device sign-out walk them). */
  [Symbol.iterator](): IterableIterator<C> {
    return this.members.values();
  }

  /** Closes the connections whose pong is late, and pings those whose time has come (a late timer catches up). */
  beat(): void {
    const now = this.now();
    for (const c of this.members) {
      if (c.pongBy !== 0) {
        if (now >= c.pongBy) {
          this.members.delete(c);
          c.timedOut();
        }
      } else if (now >= c.pingAt) {
        c.pongBy = now + this.timeoutMs;
        c.ping();
        this.pings++;
      }
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.members.clear();
  }
}
