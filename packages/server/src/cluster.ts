/**
 * The adapters for several server processes on one Redis (and one PostgreSQL
 * through the store): existing components for each job —
 * - Redis pub/sub (ioredis): "table X changed" between coordinators;
 * - BullMQ: bot moves, turn timers, next deals and grace periods as delayed
 *   jobs in the queue of the process that made them, which holds the table
 *   (a job run elsewhere would make that process load the table and hear its
 *   changes); when a process dies, the others settle its running tables again
 *   (`Coordinator.recover`), which queues their jobs anew;
 * - a Redis hash per table: who is connected, per process, with a heartbeat
 *   per process so the connections of a dead process stop counting
 *   (`redis-presence.ts`).
 *
 * No socket.io adapter: a process pushes to its own connections only, on
 * the "table X changed" message, so nothing needs to cross between them
 * (and Redis's adapter made one process's shutdown say goodbye to, and
 * disconnect, the players of every process).
 */
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import { ConfigError } from './config.js';
import { Redis } from 'ioredis';
import type { Logger } from './coordinator.js';
import type { LobbyChange, PubSub, Scheduler, SignedOut, TableChange, TableJob, TableReaction } from './ports.js';
import { RedisPresence } from './redis-presence.js';

export { RedisPresence } from './redis-presence.js';

/**
 * Redis pub/sub with a channel per table (`<prefix>:t:<code>`), which a
 * process subscribes to while it holds the table, and one lobby channel for
 * the listed tables' entries: a process receives and parses only the changes
 * of the tables it serves, so adding processes adds capacity.
 */
export class RedisPubSub implements PubSub {
  private readonly handlers = new Set<(c: TableChange) => void>();
  private readonly lobbyHandlers = new Set<(c: LobbyChange) => void>();
  private readonly reactionHandlers = new Set<(r: TableReaction) => void>();
  private readonly signOutHandlers = new Set<(x: SignedOut) => void>();
  private readonly lobby: string;
  private readonly signOuts: string;
  private readonly tablePrefix: string;
  private readonly following = new Set<string>();
  received = 0;
  constructor(private readonly pub: Redis, private readonly sub: Redis, prefix: string, private readonly proc: string, private readonly log: Logger) {
    this.lobby = `${prefix}:lobby`;
    this.signOuts = `${prefix}:signed-out`;
    this.tablePrefix = `${prefix}:t:`;
    void sub.subscribe(this.lobby, this.signOuts).catch((e: unknown) => log.error({ err: e }, 'cannot subscribe to the lobby'));
    sub.on('message', (channel: string, message: string) => {
      let c: { readonly origin: string };
      try {
        c = JSON.parse(message) as { origin: string };
      } catch {
        return;
      }
      // Redis hands our own messages back too: they were delivered here already, at once.
      if (c.origin === this.proc) return;
      if (channel === this.lobby) {
        for (const h of this.lobbyHandlers) h(c as unknown as LobbyChange);
        return;
      }
      if (channel === this.signOuts) {
        if (typeof (c as { device?: unknown }).device === 'string') for (const h of this.signOutHandlers) h(c as unknown as SignedOut);
        return;
      }
      // A table's channel carries its reactions too (marked by their kind): they change nothing to refresh.
      if ((c as { kind?: string }).kind === 'reaction') {
        for (const h of this.reactionHandlers) h(c as unknown as TableReaction);
        return;
      }
      this.received++;
      for (const h of this.handlers) h(c as unknown as TableChange);
    });
  }
  publish(change: TableChange): void {
    // Local handlers first and at once (as in one process); Redis carries it to the processes that follow the table.
    for (const h of this.handlers) h(change);
    void this.pub.publish(this.tablePrefix + change.code, JSON.stringify(change)).catch(() => undefined);
  }
  subscribe(handler: (c: TableChange) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }
  async follow(code: string): Promise<void> {
    if (this.following.has(code)) return;
    this.following.add(code);
    try {
      await this.sub.subscribe(this.tablePrefix + code);
    } catch (e) {
      this.following.delete(code);
      throw e;
    }
  }
  unfollow(code: string): void {
    if (!this.following.delete(code)) return;
    void this.sub.unsubscribe(this.tablePrefix + code).catch((e: unknown) => this.log.warn({ err: e, table: code }, 'cannot unsubscribe from a table'));
  }
  publishLobby(change: LobbyChange): void {
    for (const h of this.lobbyHandlers) h(change);
    void this.pub.publish(this.lobby, JSON.stringify(change)).catch(() => undefined);
  }
  subscribeLobby(handler: (c: LobbyChange) => void): () => void {
    this.lobbyHandlers.add(handler);
    return () => this.lobbyHandlers.delete(handler);
  }
  publishSignOut(x: SignedOut): void {
    for (const h of this.signOutHandlers) h(x);
    void this.pub.publish(this.signOuts, JSON.stringify(x)).catch(() => undefined);
  }
  subscribeSignOut(handler: (x: SignedOut) => void): () => void {
    this.signOutHandlers.add(handler);
    return () => this.signOutHandlers.delete(handler);
  }
  publishReaction(r: TableReaction): void {
    for (const h of this.reactionHandlers) h(r);
    void this.pub.publish(this.tablePrefix + r.code, JSON.stringify(r)).catch(() => undefined);
  }
  subscribeReaction(handler: (r: TableReaction) => void): () => void {
    this.reactionHandlers.add(handler);
    return () => this.reactionHandlers.delete(handler);
  }
  async close(): Promise<void> {
    this.handlers.clear();
    this.lobbyHandlers.clear();
    this.reactionHandlers.clear();
    this.signOutHandlers.clear();
  }
}

/**
 * Table jobs in this process's BullMQ queue (`table-jobs-<proc>`); the job id names the table state it was
 * made for, so the same step scheduled twice is one job.
 */
export class QueueScheduler implements Scheduler {
  private readonly queue: Queue;
  private worker: Worker | null = null;
  /** Connection settings, not a client: BullMQ then opens (and closes) the connections it needs. */
  private readonly connection: ConnectionOptions;
  private readonly name: string;
  constructor(url: string, private readonly prefix: string, proc: string, private readonly log: Logger) {
    this.name = `table-jobs-${proc}`;
    const u = new URL(url);
    this.connection = {
      host: u.hostname,
      port: Number(u.port || 6379),
      ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
      ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
      ...(u.pathname.length > 1 ? { db: Number(u.pathname.slice(1)) } : {}),
      ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
      maxRetriesPerRequest: null,
    };
    this.queue = new Queue(this.name, { connection: this.connection, prefix });
    this.queue.on('error', (e) => log.warn({ err: e }, 'table job queue'));
  }
  /** Removes the job queue of process `proc` (gone: its steps are queued again where its tables are held). */
  async drop(proc: string): Promise<void> {
    const q = new Queue(`table-jobs-${proc}`, { connection: this.connection, prefix: this.prefix });
    q.on('error', () => undefined);
    try {
      await q.obliterate({ force: true });
    } finally {
      await q.close();
    }
  }
  schedule(job: TableJob, ms: number): void {
    const id = job.kind === 'away' ? `away-${job.code}-${job.playerId}-${Date.now()}` : `${job.kind}-${job.code}-${job.gameNo}-${job.version}-${'seat' in job ? job.seat : 'playerId' in job ? job.playerId : 'r'}`;
    void this.queue.add(job.kind, job, { jobId: id, delay: ms, removeOnComplete: true, removeOnFail: true })
      .catch((e: unknown) => this.log.error({ err: e, job }, 'cannot schedule a table job'));
  }
  cancel(): void {
    // Jobs carry the table's version and are dropped when it has moved on.
  }
  start(run: (job: TableJob) => Promise<void>): void {
    this.worker = new Worker(this.name, async (j) => run(j.data as TableJob), {
      connection: this.connection,
      prefix: this.prefix,
      concurrency: 32,
      // A job whose process died is run again by another once its lock lapses.
      lockDuration: 5000,
      stalledInterval: 2500,
      maxStalledCount: 3,
    });
    this.worker.on('error', (e) => this.log.warn({ err: e }, 'table job worker'));
  }
  async close(): Promise<void> {
    await this.worker?.close();
    // A clean stop leaves no jobs behind: the tables' next steps are settled again wherever they are used next.
    await this.queue.obliterate({ force: true }).catch(() => undefined);
    await this.queue.close();
  }
}

export interface ClusterAdapters {
  readonly pubsub: RedisPubSub;
  readonly scheduler: QueueScheduler;
  readonly presence: RedisPresence;
  close(): Promise<void>;
}

/** Connects to Redis and builds the scale-out adapters for the process named `proc`. */
export async function connectCluster(url: string, prefix: string, proc: string, log: Logger): Promise<ClusterAdapters> {
  // Auto-pipelining: the commands of one tick (a change's publish, presence updates) go out in one write.
  // First a quick look: a Redis that does not answer stops the start with one sentence, not endless retries.
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
  } catch {
    throw new ConfigError(`REDIS_URL (${url}) does not answer: start Redis there, or unset REDIS_URL to run one process.`);
  } finally {
    probe.disconnect();
  }
  const base = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true, enableAutoPipelining: true });
  // Later losses are retried by ioredis; logged, never an unhandled 'error' event.
  base.on('error', (e: Error) => log.warn({ err: e.message }, 'redis connection error'));
  await base.connect();
  // A duplicate takes the options, not the listeners: its own, or a cut connection is an unhandled 'error'.
  const sub = base.duplicate();
  sub.on('error', (e: Error) => log.warn({ err: e.message }, 'redis subscriber connection error'));
  const pubsub = new RedisPubSub(base, sub, prefix, proc, log);
  const scheduler = new QueueScheduler(url, prefix, proc, log);
  const presence = new RedisPresence(base, prefix, proc, log);
  presence.onCleared((gone) => scheduler.drop(gone));
  await presence.start();
  return {
    pubsub,
    scheduler,
    presence,
    async close() {
      await scheduler.close();
      await presence.close();
      await pubsub.close();
      for (const r of [sub, base]) r.disconnect();
    },
  };
}
