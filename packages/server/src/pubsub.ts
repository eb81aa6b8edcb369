import { EventEmitter } from 'node:events';
import type { Clock, LobbyChange, Presence, PubSub, Scheduler, SignedOut, TableChange, TableJob, TableReaction, TimerHandle } from './ports.js';

/** Pub/sub inside one process. */
export class LocalPubSub implements PubSub {
  private readonly bus = new EventEmitter().setMaxListeners(0);
  publish(change: TableChange): void {
    this.bus.emit('table', change);
  }
  subscribe(handler: (change: TableChange) => void): () => void {
    this.bus.on('table', handler);
    return () => this.bus.off('table', handler);
  }
  /** One process holds every table: nothing to follow. */
  async follow(): Promise<void> {}
  unfollow(): void {}
  publishLobby(change: LobbyChange): void {
    this.bus.emit('lobby', change);
  }
  subscribeLobby(handler: (change: LobbyChange) => void): () => void {
    this.bus.on('lobby', handler);
    return () => this.bus.off('lobby', handler);
  }
  publishSignOut(x: SignedOut): void {
    this.bus.emit('signed-out', x);
  }
  subscribeSignOut(handler: (x: SignedOut) => void): () => void {
    this.bus.on('signed-out', handler);
    return () => this.bus.off('signed-out', handler);
  }
  publishReaction(r: TableReaction): void {
    this.bus.emit('reaction', r);
  }
  subscribeReaction(handler: (r: TableReaction) => void): () => void {
    this.bus.on('reaction', handler);
    return () => this.bus.off('reaction', handler);
  }
  readonly received = 0;
  async close(): Promise<void> {
    this.bus.removeAllListeners();
  }
}

/** Timers of one process, on its clock. */
export class LocalScheduler implements Scheduler {
  private readonly timers = new Map<string, Set<TimerHandle>>();
  private run: ((job: TableJob) => Promise<void>) | null = null;
  constructor(private readonly clock: Clock) {}

  schedule(job: TableJob, ms: number): void {
    // Grace timers ('away') outlive the table's other timers: they are checked when they fire instead.
    const key = job.kind === 'away' ? `${job.code}#away` : job.code;
    let set = this.timers.get(key);
    if (!set) this.timers.set(key, (set = new Set()));
    const handle = this.clock.after(ms, () => {
      set.delete(handle);
      void this.run?.(job);
    });
    set.add(handle);
  }
  cancel(code: string): void {
    for (const h of this.timers.get(code) ?? []) h.cancel();
    this.timers.delete(code);
  }
  start(run: (job: TableJob) => Promise<void>): void {
    this.run = run;
  }
  async close(): Promise<void> {
    for (const set of this.timers.values()) for (const h of set) h.cancel();
    this.timers.clear();
    this.run = null;
  }
}

/** Connections of one process. */
export class LocalPresence implements Presence {
  private readonly tables = new Map<string, { players: Map<string, number>; spectators: number; arrivals: Map<string, number>; away: Map<string, number> }>();
  private entry(code: string): { players: Map<string, number>; spectators: number; arrivals: Map<string, number>; away: Map<string, number> } {
    let e = this.tables.get(code);
    if (!e) this.tables.set(code, (e = { players: new Map(), spectators: 0, arrivals: new Map(), away: new Map() }));
    return e;
  }
  async markAway(code: string, playerId: string, until: number): Promise<void> {
    this.entry(code).away.set(playerId, until);
  }
  async add(code: string, playerId: string | null): Promise<void> {
    const e = this.entry(code);
    if (playerId === null) e.spectators++;
    else {
      e.players.set(playerId, (e.players.get(playerId) ?? 0) + 1);
      e.arrivals.set(playerId, (e.arrivals.get(playerId) ?? 0) + 1);
      e.away.delete(playerId);
    }
  }
  async arrivals(code: string, playerId: string): Promise<number> {
    return this.tables.get(code)?.arrivals.get(playerId) ?? 0;
  }
  async remove(code: string, playerId: string | null): Promise<number> {
    const e = this.entry(code);
    if (playerId === null) {
      e.spectators = Math.max(0, e.spectators - 1);
      return 0;
    }
    const left = Math.max(0, (e.players.get(playerId) ?? 0) - 1);
    if (left === 0) e.players.delete(playerId);
    else e.players.set(playerId, left);
    return left;
  }
  async read(code: string): Promise<{ players: ReadonlySet<string>; spectators: number; away: ReadonlyMap<string, number> }> {
    const e = this.tables.get(code);
    return { players: new Set(e?.players.keys() ?? []), spectators: e?.spectators ?? 0, away: new Map(e?.away ?? []) };
  }
  /** One process: there is no elsewhere. */
  async servedElsewhere(): Promise<boolean> {
    return false;
  }
  async close(): Promise<void> {
    this.tables.clear();
  }
}
