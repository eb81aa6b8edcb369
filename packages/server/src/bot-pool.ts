/**
 * Where bots think. The quick levels (random … medium) decide on the event
 * loop: a few microseconds. The search levels (hard, expert) spend up to
 * 150 ms a decision, so they run in a pool of worker threads (piscina) sized
 * to the machine; the event loop stays free for everyone's requests. When the
 * pool's queue is full, a search bot plays one move as `medium` instead of
 * making every table wait: the server degrades the bots, never the players.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Level } from '@olsen/bots';
import { Piscina } from 'piscina';
import type { Review } from '@olsen/bots';
import { decide, review, type BotAnswer, type BotTask } from './bot-worker.js';
import type { Logger } from './coordinator.js';

/** Levels whose decisions are searches (worth a thread). */
export const SEARCH_LEVELS: ReadonlySet<Level> = new Set(['hard', 'expert']);

export interface BotPoolOptions {
  /** Worker threads; 0 decides everything on the event loop (one-off tools, tests). */
  readonly threads: number;
  /** Decisions waiting for a thread before search bots fall back to `medium`. */
  readonly queue: number;
  readonly log?: Logger;
}

/** The default thread count: every core but one (the event loop's), at least one. */
export const defaultBotThreads = (): number => Math.max(1, availableParallelism() - 1);

/** The built worker beside this module, or (running from the TypeScript sources, as the tests do) the package's build. */
function workerFile(): string | null {
  for (const rel of ['./bot-worker.js', '../dist/bot-worker.js']) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path)) return path;
  }
  return null;
}

export class BotPool {
  private readonly pool: Piscina<BotTask, BotAnswer> | null;
  /** For /metrics: decisions made in a thread, on the loop, and search decisions played as medium because the queue was full. */
  readonly counters = { pooled: 0, inline: 0, fallbacks: 0 };

  constructor(private readonly o: BotPoolOptions) {
    const filename = o.threads > 0 ? workerFile() : null;
    if (o.threads > 0 && !filename) o.log?.warn({}, 'the bot worker is not built (npm run build); search bots think on the event loop');
    this.pool = filename ? new Piscina<BotTask, BotAnswer>({ filename, minThreads: 0, maxThreads: o.threads, idleTimeout: 60_000 }) : null;
  }

  /** Decisions waiting for a thread. */
  get queued(): number {
    return this.pool?.queueSize ?? 0;
  }

  /** One decision: a search in a thread when there is room, else on the loop (`medium` for a search level). */
  async decide(task: BotTask): Promise<BotAnswer> {
    if (!this.pool || !SEARCH_LEVELS.has(task.level)) {
      this.counters.inline++;
      return decide(task);
    }
    if (this.pool.queueSize >= this.o.queue) {
      this.counters.fallbacks++;
      return decide({ ...task, level: 'medium' });
    }
    try {
      const answer = await this.pool.run(task);
      this.counters.pooled++;
      return answer;
    } catch (e) {
      // A thread that died (out of memory, killed) costs one move's quality, not the table.
      this.o.log?.warn({ err: e }, 'a bot thread failed; playing this move as medium');
      this.counters.fallbacks++;
      return decide({ ...task, level: 'medium' });
    }
  }

  /** A game's review for one seat: seconds of work, so in a thread when there is a pool. */
  async review(record: unknown, seat: number): Promise<Review> {
    if (!this.pool) return review({ record, seat });
    return (await this.pool.run({ record, seat } as unknown as BotTask, { name: 'review' })) as unknown as Review;
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }
}
