/**
 * A table on a virtual clock: its timed steps wait in a queue and run at
 * once, in the order they fall due (ties in the order they were planned:
 * a catch before the next move). The terminal plays this way (a person's
 * turn waits for their line, the bots' turns do not wait), and so do the
 * tournament, the benches and the tests.
 */
import { choose } from '@olsen/bots';
import { Table, type BotAnswer, type BotRequest, type Move, type Step, type TableConfig } from './table.js';
import { INSTANT, type Pace } from './pace.js';

export interface VirtualOptions {
  /** The table's times (default INSTANT: no waiting, the next deal at once). */
  readonly pace?: Pace;
  /** Where moves are written (default: nowhere, memory only). */
  readonly write?: (move: Move, seq: number, gameNo: number) => boolean | Promise<boolean>;
  /** Where bots think (default: `choose`, every level, with the table's dice). */
  readonly decide?: (req: BotRequest) => BotAnswer | Promise<BotAnswer>;
  readonly maxRoundActions?: number;
}

export class VirtualTable {
  readonly table: Table;
  /** The virtual time (ms). */
  now = 0;
  private pending: { step: Step; at: number }[] = [];

  constructor(config: TableConfig, o: VirtualOptions = {}) {
    this.table = new Table(config, {
      pace: o.pace ?? INSTANT,
      now: () => this.now,
      schedule: (step, ms) => {
        // Stable: a step planned earlier runs first at the same time.
        const at = this.now + ms;
        let i = this.pending.length;
        while (i > 0 && this.pending[i - 1].at > at) i--;
        this.pending.splice(i, 0, { step, at });
      },
      cancel: () => (this.pending.length = 0),
      ...(o.write ? { write: o.write } : {}),
      // Every level here, the search too (the terminal, the tournament, the tests).
      decide: o.decide ?? ((req) => ({ action: choose(req.level, req.view, req.rng, { varied: req.varied }).action, rng: req.rng })),
      ...(o.maxRoundActions !== undefined ? { maxRoundActions: o.maxRoundActions } : {}),
    });
  }

  /** The step that falls due next, if any. */
  peek(): { readonly step: Step; readonly at: number } | undefined {
    return this.pending[0];
  }

  /** Runs the earliest waiting step (the clock moves to its time); false if none waits. */
  async step(): Promise<boolean> {
    const next = this.pending.shift();
    if (!next) return false;
    this.now = Math.max(this.now, next.at);
    const r = await this.table.fire(next.step);
    if (r && !r.ok) throw new Error(`a timed step was refused (${next.step.kind}): ${r.error.message}`);
    return true;
  }

  /** Runs steps while `go()` holds and a step waits (at most `limit`); the number run. */
  async run(go: () => boolean = () => true, limit = 1_000_000): Promise<number> {
    let n = 0;
    while (n < limit && go() && (await this.step())) n++;
    return n;
  }
}
