/**
 * Every connection's heartbeat on one shared beat.
 *
 * engine.io pings each connection from a timer of its own, `pingInterval`
 * after its last pong, so with 2,000 connections and pings every 20 s the
 * server wakes about a hundred times a second for one ping each, and again
 * for each pong. Waking is what costs on a small machine (on this one a Node
 * process is charged 100–160 µs of CPU per sleep, ARCHITECTURE.md "Where a
 * move's CPU goes"): idle connections cost more than the pings themselves.
 * Here the pings that fall due within the same second go out together on
 * one timer, and their pongs come back together; a ping is at most one beat
 * (1 s) later than engine.io would have sent it, well within the client's
 * allowance (`pingInterval` + `pingTimeout`). Dead connections are still
 * found by engine.io's own ping timeout, unchanged.
 *
 * engine.io has no option for this: the beat takes over the ping timer of
 * each connection as it opens (the fields engine.io's Socket uses for it,
 * checked; a connection whose fields are not there keeps engine.io's timer).
 */

/** The parts of an engine.io connection (its `Socket`) that send pings. */
interface Pinged {
  readonly readyState: string;
  readonly protocol: number;
  pingIntervalTimer: { refresh(): unknown } | null;
  hasRefreshedPingTimeout: boolean;
  sendPacket(type: 'ping'): void;
  resetPingTimeout(): void;
}

const isPinged = (c: unknown): c is Pinged => {
  const p = c as Partial<Pinged> | null;
  return typeof p?.sendPacket === 'function' && typeof p.resetPingTimeout === 'function' && p.protocol === 4 && typeof p.pingIntervalTimer?.refresh === 'function';
};

export class Heartbeat {
  /** Connections by the beat (a whole number of beats since the epoch) at which they are pinged. */
  private readonly due = new Map<number, Set<Pinged>>();
  private readonly beatOf = new Map<Pinged, number>();
  private readonly timer: NodeJS.Timeout;
  /** Pings sent on the beat (a metric, and the tests'). */
  pings = 0;

  constructor(
    /** engine.io's `pingInterval` (ms). */
    private readonly intervalMs: number,
    /** How often the beat falls (ms): pings due within one beat go out together. */
    private readonly beatMs = 1000,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => this.beat(), beatMs);
    this.timer.unref();
  }

  /** Takes over a newly opened connection's ping timer; false (engine.io keeps it) if the connection is not as expected. */
  adopt(conn: unknown): boolean {
    if (!isPinged(conn)) return false;
    clearTimeout(conn.pingIntervalTimer as unknown as NodeJS.Timeout);
    // engine.io calls `refresh()` on a pong (the next ping an interval from then) and `clearTimeout` on close (a
    // no-op on this object: a closed connection is dropped when its beat comes).
    conn.pingIntervalTimer = { refresh: () => this.plan(conn) };
    this.plan(conn);
    return true;
  }

  /** Connections waiting for their ping. */
  get size(): number {
    return this.beatOf.size;
  }

  private plan(conn: Pinged): void {
    const at = Math.ceil((this.now() + this.intervalMs) / this.beatMs);
    const before = this.beatOf.get(conn);
    if (before === at) return;
    if (before !== undefined) this.due.get(before)?.delete(conn);
    let set = this.due.get(at);
    if (!set) this.due.set(at, (set = new Set()));
    set.add(conn);
    this.beatOf.set(conn, at);
  }

  /** Pings every connection whose beat has come (a late timer catches up on the beats it missed). */
  beat(): void {
    const current = Math.floor(this.now() / this.beatMs);
    for (const [at, set] of this.due) {
      if (at > current) continue;
      this.due.delete(at);
      for (const conn of set) {
        this.beatOf.delete(conn);
        if (conn.readyState !== 'open') continue;
        // What engine.io's own timer does: a ping, and the time the pong has to come.
        conn.hasRefreshedPingTimeout = false;
        conn.sendPacket('ping');
        conn.resetPingTimeout();
        this.pings++;
      }
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.due.clear();
    this.beatOf.clear();
  }
}
