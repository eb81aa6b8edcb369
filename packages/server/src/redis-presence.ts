/**
 * Who is connected to each table, across server processes: a Redis hash per
 * table with one field per process and player, and a heartbeat per process
 * so the connections of a dead (or stopped) process stop counting, its
 * players get the grace period and the others plan its tables' steps again.
 */
import type { Redis } from 'ioredis';
import type { Logger } from './coordinator.js';
import type { Presence } from './ports.js';

const HEARTBEAT_MS = 2000;
/** A process silent this long is dead: its connections no longer count. */
const DEAD_AFTER_MS = 3 * HEARTBEAT_MS;

export class RedisPresence implements Presence {
  private readonly beat: NodeJS.Timeout;
  private live = new Set<string>();
  private lostHandler: ((code: string, playerId: string) => void) | null = null;
  private deadHandler: (() => Promise<void>) | null = null;
  private goneHandler: (() => Promise<void>) | null = null;
  private clearedHandler: ((proc: string) => Promise<void>) | null = null;
  private backHandler: (() => Promise<void>) | null = null;
  /** The first heartbeat is made (a later one that adds this process to the set finds it was taken for dead). */
  private beating = false;
  constructor(private readonly redis: Redis, private readonly prefix: string, private readonly proc: string, private readonly log: Logger) {
    this.beat = setInterval(() => void this.heartbeat().catch((e: unknown) => log.warn({ err: e }, 'presence heartbeat')), HEARTBEAT_MS);
    this.beat.unref();
  }
  /** Called for every seated player whose connection was on a process that died. */
  onLost(handler: (code: string, playerId: string) => void): void {
    this.lostHandler = handler;
  }
  /** Called once another process is found dead (by the one process that clears up after it). */
  onDeadProcess(handler: () => Promise<void>): void {
    this.deadHandler = handler;
  }
  /**
   * Called in every other process once a process is gone (stopped or dead): the steps it had queued went with
   * its queue, so the tables held here are settled again (the one process that clears up gets `onDeadProcess`).
   */
  onGoneProcess(handler: () => Promise<void>): void {
    this.goneHandler = handler;
  }
  /** Called when this process finds it was taken for dead and is back (its connections are noted again first). */
  onBack(handler: () => Promise<void>): void {
    this.backHandler = handler;
  }
  /** Called, in the one process that clears up after a gone process, with its name (its job queue is removed). */
  onCleared(handler: (proc: string) => Promise<void>): void {
    this.clearedHandler = handler;
  }
  async start(): Promise<void> {
    await this.heartbeat();
  }
  private key(code: string): string {
    return `${this.prefix}:presence:${code}`;
  }
  /** This process's connections per table and field, as written to Redis: written again if the others took it for dead. */
  private readonly mine = new Map<string, Map<string, number>>();
  private note(code: string, field: string, by: number): void {
    let fields = this.mine.get(code);
    if (!fields) this.mine.set(code, (fields = new Map()));
    const n = (fields.get(field) ?? 0) + by;
    if (n > 0) fields.set(field, n);
    else fields.delete(field);
    if (fields.size === 0) this.mine.delete(code);
  }
  async add(code: string, playerId: string | null): Promise<void> {
    this.note(code, `${this.proc}|${playerId ?? ''}`, 1);
    const m = this.redis.multi()
      .hincrby(this.key(code), `${this.proc}|${playerId ?? ''}`, 1)
      .sadd(`${this.prefix}:proc:${this.proc}:codes`, code);
    // Kept a day after the last arrival: longer than any grace period.
    if (playerId !== null) m.hincrby(this.arrivalsKey(code), playerId, 1).expire(this.arrivalsKey(code), 86_400).hdel(this.awayKey(code), playerId);
    await m.exec();
  }
  private awayKey(code: string): string {
    return `${this.prefix}:away:${code}`;
  }
  async markAway(code: string, playerId: string, until: number): Promise<void> {
    // Kept a day, as the arrivals: longer than any grace period.
    await this.redis.multi().hset(this.awayKey(code), playerId, String(until)).expire(this.awayKey(code), 86_400).exec();
  }
  private arrivalsKey(code: string): string {
    return `${this.prefix}:arrivals:${code}`;
  }
  async arrivals(code: string, playerId: string): Promise<number> {
    return Number((await this.redis.hget(this.arrivalsKey(code), playerId)) ?? 0);
  }
  async remove(code: string, playerId: string | null): Promise<number> {
    const field = `${this.proc}|${playerId ?? ''}`;
    this.note(code, field, -1);
    const n = await this.redis.hincrby(this.key(code), field, -1);
    if (n <= 0) await this.redis.hdel(this.key(code), field);
    if (playerId === null) return 0;
    const counts = await this.counts(code);
    return counts.get(playerId) ?? 0;
  }
  async read(code: string): Promise<{ players: ReadonlySet<string>; spectators: number; away: ReadonlyMap<string, number> }> {
    const [counts, away] = await Promise.all([this.counts(code), this.redis.hgetall(this.awayKey(code))]);
    const spectators = counts.get('') ?? 0;
    counts.delete('');
    return { players: new Set(counts.keys()), spectators, away: new Map(Object.entries(away).map(([id, at]) => [id, Number(at)])) };
  }
  async servedElsewhere(code: string): Promise<boolean> {
    const procs = new Set<string>();
    for (const [field, v] of Object.entries(await this.redis.hgetall(this.key(code)))) {
      const proc = field.slice(0, field.indexOf('|'));
      if (proc !== this.proc && Number(v) > 0) procs.add(proc);
    }
    for (const proc of await this.liveOf(procs)) if (proc !== this.proc) return true;
    return false;
  }
  /** Connections per player id ('' = spectators), counting live processes only. */
  private async counts(code: string): Promise<Map<string, number>> {
    const fields: { proc: string; who: string; n: number }[] = [];
    for (const [field, v] of Object.entries(await this.redis.hgetall(this.key(code)))) {
      const bar = field.indexOf('|');
      const n = Number(v);
      if (n > 0) fields.push({ proc: field.slice(0, bar), who: field.slice(bar + 1), n });
    }
    const live = await this.liveOf(new Set(fields.map((f) => f.proc)));
    const out = new Map<string, number>();
    for (const f of fields) if (live.has(f.proc)) out.set(f.who, (out.get(f.who) ?? 0) + f.n);
    return out;
  }
  /**
   * Which of `procs` are live: this one, those live at the last heartbeat, and any started since (its own
   * heartbeat fresh). Without the last, a process that just joined would count as absent for up to a heartbeat.
   */
  private async liveOf(procs: ReadonlySet<string>): Promise<Set<string>> {
    const out = new Set<string>();
    const unknown: string[] = [];
    for (const p of procs) {
      if (p === this.proc || this.live.has(p)) out.add(p);
      else unknown.push(p);
    }
    if (unknown.length === 0) return out;
    const scores = await this.redis.zmscore(`${this.prefix}:procs`, ...unknown);
    const fresh = Date.now() - DEAD_AFTER_MS;
    unknown.forEach((p, i) => {
      const sc = scores[i];
      if (sc !== null && Number(sc) >= fresh) out.add(p);
    });
    return out;
  }
  private async heartbeat(): Promise<void> {
    const now = Date.now();
    const procs = `${this.prefix}:procs`;
    const back = (await this.redis.zadd(procs, String(now), this.proc)) === 1 && this.beating;
    this.beating = true;
    if (back) {
      // Taken for dead (paused past the dead-process delay: a long GC, a stopped VM), so the others cleared this
      // process's connections; they are still open here: noted again, and the tables held here planned again.
      const m = this.redis.multi();
      for (const [code, fields] of this.mine) {
        for (const [field, n] of fields) m.hset(this.key(code), field, String(n));
        m.sadd(`${this.prefix}:proc:${this.proc}:codes`, code);
      }
      await m.exec();
      this.log.warn({ proc: this.proc, tables: this.mine.size }, 'this process was taken for dead (no heartbeat for 6 s) and is back: its connections are noted again');
      await this.backHandler?.();
    }
    const rows = await this.redis.zrange(procs, '0', '-1', 'WITHSCORES');
    const live = new Set<string>();
    const dead: string[] = [];
    const stopped = new Set<string>();
    for (let i = 0; i < rows.length; i += 2) {
      if (Number(rows[i + 1]) >= now - DEAD_AFTER_MS) live.add(rows[i]);
      else dead.push(rows[i]);
      // A heartbeat of 0: the process said it stopped (`close`).
      if (Number(rows[i + 1]) === 0) stopped.add(rows[i]);
    }
    const gone = [...this.live].some((p) => p !== this.proc && !live.has(p));
    this.live = live;
    let cleared = false;
    // Whoever removes a dead process from the set clears its connections, and reports the players it held.
    for (const proc of dead) {
      if ((await this.redis.zrem(procs, proc)) !== 1) continue;
      cleared = true;
      const codesKey = `${this.prefix}:proc:${proc}:codes`;
      for (const code of await this.redis.smembers(codesKey)) {
        const all = await this.redis.hgetall(this.key(code));
        for (const field of Object.keys(all)) {
          if (!field.startsWith(`${proc}|`)) continue;
          await this.redis.hdel(this.key(code), field);
          const player = field.slice(proc.length + 1);
          if (player) this.lostHandler?.(code, player);
        }
      }
      await this.redis.del(codesKey);
      if (stopped.has(proc)) this.log.info({ proc }, 'a server process stopped; its connections were released and the running tables are settled again');
      else this.log.warn({ proc }, 'a server process stopped answering; its connections were released and the running tables are settled again');
      // Its job queue: the steps in it are queued again by the processes that hold the tables; nobody runs it now.
      await this.clearedHandler?.(proc).catch((e: unknown) => this.log.warn({ err: e, proc }, "cannot remove a gone process's job queue"));
      await this.deadHandler?.();
    }
    if (gone && !cleared) await this.goneHandler?.();
  }
  async close(): Promise<void> {
    clearInterval(this.beat);
    // A clean stop is told as a death, at once: at their next heartbeat the others stop counting this process's
    // connections, give its players the grace period, and queue again the table steps its queue took with it.
    await this.redis.zadd(`${this.prefix}:procs`, '0', this.proc).catch(() => undefined);
  }
}
