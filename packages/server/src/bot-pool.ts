/**
 * Where bots think. The quick levels (random … medium) decide on the event
 * loop: a few microseconds. The search levels (hard, expert) spend up to
 * 150 ms a decision, so they run in a pool of worker threads (piscina) sized
 * to the machine; the event loop stays free for everyone's requests. When the
 * pool's queue is full, a search bot plays one move as `medium` instead of
 * making every table wait: the server degrades the bots, never the players.
 * The queue is shared fairly between parties (fair-queue.ts; a party is the
 * network a table was made from, networks.ts): when it is full, the move that
 * falls back is one of the party with the most decisions waiting, so one
 * party's many tables cost their own bots, not everyone's.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Level } from '@olsen/bots';
import { Piscina } from 'piscina';
import type { Review } from '@olsen/bots';
import { decide, review, type BotAnswer, type BotTask } from './bot-worker.js';
import type { Logger, Thinker } from './ports.js';
import { FairQueue } from './fair-queue.js';

/** Levels whose decisions are searches (worth a thread). */
export const SEARCH_LEVELS: ReadonlySet<Level> = new Set(['hard', 'expert']);

export interface BotPoolOptions {
  /** Worker threads; 0 decides everything on the event loop (one-off tools, tests). */
  readonly threads: number;
  /** Decisions waiting for a thread before search bots fall back to `medium`. */
  readonly queue: number;
  readonly log?: Logger;
}


/** The built worker beside this module, or (running from the TypeScript sources, as the tests do) the package's build. */
function workerFile(): string | null {
  for (const rel of ['./bot-worker.js', '../dist/bot-worker.js']) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path)) return path;
  }
  return null;
}

/** A task waiting for a thread, with what to do when it is done, fails, or is handed back from a full line. */
interface Waiting {
  readonly task: BotTask | { readonly record: unknown; readonly seat: number };
  readonly name?: string;
  readonly done: (answer: unknown) => void;
  readonly failed: (e: unknown) => void;
  readonly handBack: () => void;
}

/** Why a search bot played a move as medium. */
export type FallbackCause = 'queue' | 'thread';

export class BotPool implements Thinker {
  private readonly pool: Piscina<BotTask, BotAnswer> | null;
  /** Tasks waiting for a thread; piscina gets at most one task per thread, so this line sets the order. */
  private readonly line = new FairQueue<Waiting>();
  private running = 0;
  /** For /metrics: decisions made in a thread, on the loop, and search decisions played as medium (by cause). */
  readonly counters = { pooled: 0, inline: 0, fallbacks: 0, fallbacksBy: { queue: 0, thread: 0 } as Record<FallbackCause, number>, reviews: 0 };

  constructor(private readonly o: BotPoolOptions) {
    const filename = o.threads > 0 ? workerFile() : null;
    if (o.threads > 0 && !filename) o.log?.warn({}, 'the bot worker is not built (npm run build); search bots think on the event loop');
    this.pool = filename ? new Piscina<BotTask, BotAnswer>({ filename, minThreads: 0, maxThreads: o.threads, idleTimeout: 60_000 }) : null;
  }

  /** Decisions waiting for a thread. */
  get queued(): number {
    return this.line.botsWaiting;
  }

  private fallback(task: BotTask, cause: FallbackCause): BotAnswer & { fellBack: FallbackCause } {
    this.counters.fallbacks++;
    this.counters.fallbacksBy[cause]++;
    return { ...decide({ ...task, level: 'medium' }), fellBack: cause };
  }

  /** Runs `w` in a thread now, and the next waiting task when it is done. */
  private start(w: Waiting): void {
    this.running++;
    void this.pool!.run(w.task as BotTask, w.name ? { name: w.name } : {}).then(w.done, w.failed).finally(() => {
      this.running--;
      const next = this.line.shift();
      if (next) this.start(next);
    });
  }

  /** Waits for a thread (at once if one is free). */
  private enqueue(w: Waiting, key: string | null): void {
    if (this.running < this.o.threads) this.start(w);
    else if (key === null) this.line.pushReview(w);
    else this.line.pushBot(key, w);
  }

  /**
   * One decision for a table of party `key` (its network): a search in a thread when there is
   * room, else on the loop (`medium` for a search level). A full line makes
   * room by handing back the newest decision of the host with the most
   * waiting, if that party has more waiting than `key`: a party's many tables
   * cost their own bots' quality, not everyone's.
   */
  async decide(task: BotTask, key = ''): Promise<BotAnswer & { fellBack?: FallbackCause }> {
    if (!this.pool || !SEARCH_LEVELS.has(task.level)) {
      this.counters.inline++;
      return decide(task);
    }
    if (this.running >= this.o.threads && this.line.botsWaiting >= this.o.queue) {
      const busiest = this.line.busiest();
      if (busiest === null || busiest === key || this.line.waiting(busiest) <= this.line.waiting(key)) return this.fallback(task, 'queue');
      this.line.popNewest(busiest)!.handBack();
    }
    return new Promise((resolve) => {
      this.enqueue({
        task,
        done: (answer) => {
          this.counters.pooled++;
          resolve(answer as BotAnswer);
        },
        failed: (e) => {
          // A thread that died (out of memory, killed) costs one move's quality, not the table.
          this.o.log?.warn({ err: e }, 'a bot thread failed; playing this move as medium');
          resolve(this.fallback(task, 'thread'));
        },
        handBack: () => resolve(this.fallback(task, 'queue')),
      }, key);
    });
  }

  /** A game's review for one seat: seconds of work, so in a thread when there is a pool, after every bot decision waiting. */
  async review(record: unknown, seat: number): Promise<Review> {
    this.counters.reviews++;
    if (!this.pool) return review({ record, seat });
    return new Promise((resolve, reject) => {
      this.enqueue({ task: { record, seat }, name: 'review', done: (r) => resolve(r as Review), failed: reject, handBack: () => undefined }, null);
    });
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }
}
