/**
 * The bot threads' waiting line, shared fairly: search decisions are taken
 * from each key (a table's host) in turn, so one party's many tables cannot
 * push another's decisions to the back; and game reviews, seconds of work
 * that nobody waits for move by move, wait until no bot decision does.
 *
 * The pool (bot-pool.ts) hands piscina only as many tasks as it has threads,
 * so this line, not piscina's, decides the order and who falls back.
 */
export class FairQueue<T> {
  /** Bot decisions waiting, per key, oldest first; keys in the order they take turns. */
  private readonly bots = new Map<string, T[]>();
  private readonly reviews: T[] = [];
  private botCount = 0;

  /** Bot decisions waiting (reviews not counted: they never make a bot fall back). */
  get botsWaiting(): number {
    return this.botCount;
  }

  get size(): number {
    return this.botCount + this.reviews.length;
  }

  /** Decisions of `key` waiting. */
  waiting(key: string): number {
    return this.bots.get(key)?.length ?? 0;
  }

  /**
   * The key with the most decisions waiting, or null; among equals the last in turn order, the one that would
   * wait longest (taking the first would hand back the decision about to be served).
   */
  busiest(): string | null {
    let best: string | null = null;
    let most = 0;
    for (const [key, list] of this.bots) {
      if (list.length >= most) {
        most = list.length;
        best = key;
      }
    }
    return best;
  }

  pushBot(key: string, item: T): void {
    let list = this.bots.get(key);
    if (!list) this.bots.set(key, (list = []));
    list.push(item);
    this.botCount++;
  }

  pushReview(item: T): void {
    this.reviews.push(item);
  }

  /** Takes back the newest decision of `key` (to play it some other way). */
  popNewest(key: string): T | undefined {
    const list = this.bots.get(key);
    const item = list?.pop();
    if (item === undefined) return undefined;
    this.botCount--;
    if (list!.length === 0) this.bots.delete(key);
    return item;
  }

  /** The next task: the oldest decision of the key whose turn it is (which then goes to the back), else a review. */
  shift(): T | undefined {
    for (const [key, list] of this.bots) {
      const item = list.shift()!;
      this.bots.delete(key);
      if (list.length > 0) this.bots.set(key, list);
      this.botCount--;
      return item;
    }
    return this.reviews.shift();
  }
}
