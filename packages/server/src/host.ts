/**
 * The server's side of a table's life, under the requests: its queue of
 * changes (one at a time per table, retried on a lost race), the store as
 * the runner's move sink, the shared job queue as its scheduler, finished
 * games stored and rated, row changes and the change messages other
 * processes hear. The coordinator's requests run through `run`.
 */
import { randomBytes } from 'node:crypto';
import { recordOf, type Seat } from '@olsen/engine';
import type { Tempo } from '@olsen/protocol';
import { fail, paceAt, withSeat, type Outcome, type Pace } from '@olsen/table';
import { RunningGames } from './caps.js';
import { LiveTable, gameId, seatOf } from './live-table.js';
import { networkOf } from './networks.js';
import { VersionConflict, type CoordinatorOptions, type Move, type StoredSeat, type TableJob, type TablePatch } from './ports.js';
import { rateGame, seatResults } from './results.js';
import { Tables } from './tables.js';

/** Reloads and retries after a `VersionConflict` before a request gives up. */
const MAX_RETRIES = 3;

/** A finished game as the daily deal hears of it. */
export interface Finished {
  readonly tableId: string;
  readonly gameNo: number;
  readonly gameId: string;
  readonly game: NonNullable<LiveTable['game']>;
  readonly finishedAt: number;
}

/** How long a turn-based table nobody follows stays in memory after a change (ms). */
export const REST_AFTER_MS = 5000;

/** A turn-based table hands a seat to the computer after this many moves in a row made by the turn timer. */
export const TIMER_STREAK = 3;

export class TableHost {
  /** This process's name in pub/sub messages. */
  readonly id: string;
  readonly tables: Tables;
  /** The games running here, for the caps on each start. */
  readonly running: RunningGames;
  private readonly queues = new Map<string, Promise<unknown>>();
  closed = false;
  readonly moves = { actions: 0, rejected: 0 };
  readonly misc = { gamesFinished: 0, conflicts: 0 };
  /** Called after a finished game is stored (once per game, by the process that finished it): the daily deal's results. */
  onFinished: ((f: Finished) => Promise<void>) | null = null;

  constructor(private readonly o: CoordinatorOptions) {
    this.id = o.id ?? randomBytes(6).toString('base64url');
    this.running = new RunningGames((t) => this.tables.get(t.row.code) === t);
    // The table's times at each tempo, from the server's settings (the `normal` tempo's).
    const base = { botDelayMs: o.botDelayMs, catchDelayMs: o.catchDelayMs ?? 1500, roundPauseMs: o.roundPauseMs };
    const paces: Record<Tempo, Pace> = { calm: paceAt('calm', base), normal: paceAt('normal', base), quick: paceAt('quick', base) };
    this.tables = new Tables({
      id: this.id, store: o.store, pubsub: o.pubsub, presence: o.presence, log: o.log, shared: o.shared === true, running: this.running,
      make: (row) => new LiveTable(row, (t) => ({
        pace: paces[t.row.tempo ?? 'normal'],
        now: () => o.clock.now(),
        schedule: (step, ms) => o.scheduler.schedule({ ...step, code: t.row.code }, ms),
        cancel: () => o.scheduler.cancel(t.row.code),
        write: (move, seq, gameNo) => this.write(t, move, seq, gameNo),
        // Shared fairly between parties: one party's many tables (many guests from one network count as one)
        // cannot make this table's search bots fall back.
        decide: (req) => o.bots.decide(req, t.hostAddress === null ? `host:${t.row.host}` : networkOf(t.hostAddress)),
        maxRoundActions: o.limits.roundActions,
        idleMs: o.limits.idleCloseMs,
        counters: this.moves,
      })),
      evictLater: (t) => this.evictLater(t),
      tookOver: (code) => void this.run(code, async (t) => (await this.settle(t), { ok: true })),
    });
  }
  /**
   * Runs `fn` after the table's earlier changes in this process, on a copy as
   * new as the store's; a write that loses a race reloads and runs `fn` again.
   * Unknown tables and faults become error replies.
   */
  run<T extends object>(code: string, fn: (t: LiveTable) => Promise<Outcome<T>>): Promise<Outcome<T>> {
    const next = (this.queues.get(code) ?? Promise.resolve()).then(async (): Promise<Outcome<T>> => {
      for (let attempt = 0; ; attempt++) {
        const t = await this.tables.ensure(code);
        if (!t || t.row.status === 'closed') return fail('no_such_table', `There is no table ${code}.`);
        try {
          if (t.stale || t.uncertain) {
            const unsure = t.uncertain;
            await this.tables.refresh(t);
            // What the store holds now is what was played: show it and set the bots and timers going again.
            if (unsure) {
              t.uncertain = false;
              if (this.tables.get(code)) await this.settle(t);
            }
          }
          if (!this.tables.get(code)) return fail('no_such_table', `There is no table ${code}.`);
          return await fn(t);
        } catch (e) {
          if (!(e instanceof VersionConflict) || attempt + 1 >= MAX_RETRIES) throw e;
          this.misc.conflicts++;
          t.stale = true;
        }
      }
    }).catch((e: unknown): Outcome<T> => {
      this.o.log.error({ err: e, table: code }, 'table request failed');
      return fail('internal', 'Something went wrong on the server; the table is unchanged.');
    });
    this.queues.set(code, next);
    void next.finally(() => {
      if (this.queues.get(code) === next) this.queues.delete(code);
    });
    return next;
  }

  /** The runner's move sink: appends a move; false if the store failed. A lost race (`VersionConflict`) is thrown for `run` to retry. */
  private async write(t: LiveTable, given: Move, seq: number, gameNo: number): Promise<boolean> {
    // A turn-based table's moves carry their time: the next turn's clock runs from it, across restarts.
    const at = t.row.turnBased ? this.o.clock.now() : undefined;
    const move: Move = at === undefined ? given : { ...given, at };
    try {
      await this.o.store.appendMove(t.row.id, gameNo, seq, move);
      if (at !== undefined) t.turnSince = at;
      if (t.outbox.moves.length === 0) t.outbox.from = seq;
      t.outbox.moves.push(move);
      return true;
    } catch (e) {
      if (e instanceof VersionConflict) throw e;
      this.o.log.error({ err: e, table: t.row.code }, 'cannot append move');
      // The write may still land (a database that answers late): read the table again before it is next used.
      t.uncertain = true;
      this.recheckLater(t.row.code);
      return false;
    }
  }

  /** Reads an uncertain table again in a moment (and again, while the store does not answer), so its game does not stall. */
  private recheckLater(code: string): void {
    this.o.clock.after(2000, () => {
      if (this.closed || !this.tables.get(code)?.uncertain) return;
      void this.run(code, async () => ({ ok: true })).then(() => {
        if (this.tables.get(code)?.uncertain) this.recheckLater(code);
      });
    });
  }

  /** The runner plans the next steps; a finished game is stored; then everyone hears. */
  async settle(t: LiveTable): Promise<void> {
    if (!this.closed) t.table.settle();
    await this.after(t);
  }

  /** After each change of a table: whom to tell that it is their turn (turn-based tables' pushes). */
  onChange: ((t: LiveTable) => void) | null = null;

  /** A turn-based table's reminder came due for `playerId` (still their turn, at the same version). */
  onRemind: ((t: LiveTable, playerId: string) => void) | null = null;

  /** After a change: a finished game is stored (then it is a promise), and everyone hears. */
  after(t: LiveTable): Promise<void> | undefined {
    if (t.row.turnBased) {
      this.onChange?.(t);
      this.planReminder(t);
      this.restLater(t);
    }
    if (t.over && t.row.status !== 'finished') return this.finish(t).then(() => this.publish(t));
    this.publish(t);
    return undefined;
  }

  /**
   * A turn-based table nobody here follows leaves memory a moment after its change: its timed steps wait in the
   * scheduler as data (code, version), and the one that comes due loads it again from the store (so 20,000 long
   * games cost a process nothing while nobody moves).
   */
  restLater(t: LiveTable): void {
    if (this.followedHere.has(t.row.code) || t.over) return;
    t.evict?.cancel();
    t.evict = this.o.clock.after(REST_AFTER_MS, () => {
      if (this.closed || this.followedHere.has(t.row.code) || this.tables.get(t.row.code) !== t || this.queues.has(t.row.code)) return;
      this.rested++;
      this.tables.forget(t.row.code);
    });
  }
  /** Turn-based tables let go of while nobody followed them (since start). */
  rested = 0;

  /** A turn-based table whose clock runs for a person: their reminder when a quarter of the time is left. */
  private planReminder(t: LiveTable): void {
    const { deadline, deadlineSeat } = t.table;
    const s = deadlineSeat === null ? undefined : t.row.seats[deadlineSeat];
    if (deadline === null || t.game === null || s?.kind !== 'human' || t.row.turnSeconds === null) return;
    const at = deadline - (t.row.turnSeconds * 1000) / 4;
    this.o.scheduler.schedule({ kind: 'remind', code: t.row.code, gameNo: t.row.gameNo, version: t.game.version, playerId: s.playerId }, Math.max(0, at - this.o.clock.now()));
  }

  /** Connections of this process that follow each table (several processes: a table nobody here follows may be let go). */
  readonly followedHere = new Map<string, number>();
  /** Connections to this process per table and seated player: who may be looking here (a push goes to the others). */
  readonly seatedHere = new Map<string, Map<string, number>>();
  /** Tables let go to the process that serves them (`release`), since start. */
  released = 0;

  /**
   * Several processes: lets go of a private table that no connection here follows while another process
   * serves it, so this process stops hearing its changes (its players moved there, or left from here). The
   * change message says `handOver`, and the processes that hold the table queue its steps; the ones queued
   * here find it let go and served elsewhere, and do nothing (`fire`). Loaded again if asked for here.
   */
  async release(code: string): Promise<void> {
    if (this.o.shared !== true || this.closed || this.releasing.has(code) || this.followedHere.has(code)) return;
    const held = this.tables.get(code);
    if (!held || held.row.listed) return;
    // One at a time per table: a second call queued behind the first would load the table again to let it go.
    this.releasing.add(code);
    try {
      if (!(await this.o.presence.servedElsewhere(code))) return;
      await this.run(code, async (t) => {
        // Checked again in the table's turn: a connection may have come meanwhile.
        if (this.closed || this.followedHere.has(code) || t !== held) return { ok: true };
        this.released++;
        this.o.pubsub.publish({ code, origin: this.id, deadline: t.table.deadline, nextRoundAt: t.table.nextRoundAt, catchBy: t.table.catchBy, listed: false, handOver: true });
        this.tables.forget(code);
        return { ok: true };
      });
    } finally {
      this.releasing.delete(code);
    }
  }
  private readonly releasing = new Set<string>();

  /** A timed job: the runner applies it only if the table is still where the job was made. */
  async fire(job: TableJob): Promise<void> {
    if (this.closed) return;
    // The grace period of an earlier absence: the player came back since (a later absence has its own job).
    if (job.kind === 'away' && job.arrivals !== undefined && (await this.o.presence.arrivals(job.code, job.playerId)) !== job.arrivals) return;
    if (this.o.shared === true && !this.tables.get(job.code) && (await this.o.presence.servedElsewhere(job.code))) {
      // Let go here and served by another process, which queued the table's steps when it was handed over. A
      // player's grace period is still judged here (where the connection was): only if they are not back.
      if (job.kind !== 'away' || (await this.o.presence.read(job.code)).players.has(job.playerId)) return;
    }
    await this.run(job.code, async (t) => {
      if (job.kind === 'remind') {
        if (t.row.gameNo === job.gameNo && t.game?.version === job.version) this.onRemind?.(t, job.playerId);
        return { ok: true };
      }
      if (job.kind === 'away') {
        const seat = seatOf(t, job.playerId);
        await this.tables.readPresence(t);
        if (seat !== null && !t.players.has(job.playerId)) await this.vacate(t, seat);
        return { ok: true };
      }
      // A job made by another process for a state this copy has not caught up with yet: catch up first.
      if (job.gameNo > t.row.gameNo || (job.gameNo === t.row.gameNo && (t.game === null || job.version > t.game.version))) await this.tables.refresh(t);
      if (!this.tables.get(job.code) || t.row.gameNo !== job.gameNo || t.game?.version !== job.version) return { ok: true };
      if (job.kind === 'idle') {
        await this.tables.readPresence(t);
        if (t.someoneHere()) return { ok: true };
        this.o.log.info({ table: t.row.code, idleMs: this.o.limits.idleCloseMs }, 'closing a game nobody followed');
        await this.patch(t, { status: 'closed' });
        this.tables.forget(t.row.code);
        this.publish(t);
        return { ok: true };
      }
      const r = await t.table.fire(job);
      if (r && !r.ok && job.kind !== 'round') this.o.log.error({ table: t.row.code, seat: job.seat, error: r.error }, 'bot move refused');
      // Over days: after three moves in a row the turn timer made, the computer keeps the seat until the person is back.
      if (r?.ok && job.kind === 'turn' && t.row.turnBased && t.table.timerStreak(job.seat) >= TIMER_STREAK) return (await this.vacate(t, job.seat), { ok: true });
      if (r?.ok) await this.after(t);
      return { ok: true };
    });
  }

  private async finish(t: LiveTable): Promise<void> {
    const g = t.game!;
    const seats = seatResults(g, t.row.seats);
    try {
      const finishedAt = this.o.clock.now();
      await this.o.store.finishGame({ id: gameId(t), tableId: t.row.id, gameNo: t.row.gameNo, game: t.row.game, record: recordOf(g), finishedAt, seats, computerMoves: t.table.computerMoves() }, (current) => rateGame(seats, current));
      this.misc.gamesFinished++;
      await this.onFinished?.({ tableId: t.row.id, gameNo: t.row.gameNo, gameId: gameId(t), game: g, finishedAt });
      try {
        await this.patch(t, { status: 'finished' });
      } catch (e) {
        if (!(e instanceof VersionConflict)) throw e;
        // The row moved on (a seat change elsewhere): the status is ours to set all the same.
        const row = await this.o.store.table(t.row.code);
        if (row) this.tables.setRow(t, { ...t.row, rev: row.rev, seats: row.seats });
        await this.patch(t, { status: 'finished' });
      }
    } catch (e) {
      this.o.log.error({ err: e, table: t.row.code }, 'cannot store finished game');
    }
    this.evictLater(t);
  }

  /** A finished table stays for a rematch, then leaves memory (the store keeps it). */
  private evictLater(t: LiveTable): void {
    t.evict?.cancel();
    t.evict = this.o.clock.after(this.o.finishedTtlMs, () => {
      if (t.over) this.tables.forget(t.row.code);
    });
  }

  /** A player leaves a seat: before the start it opens; during the game a computer player stands in (the runner's). */
  async vacate(t: LiveTable, seat: Seat): Promise<void> {
    const s = t.row.seats[seat];
    if (s.kind !== 'human') return;
    if (t.game === null) {
      const seats = withSeat(t.row.seats, seat, () => ({ kind: 'open' }));
      const humans = seats.filter((x): x is Extract<StoredSeat, { kind: 'human' }> => x.kind === 'human');
      await this.patch(t, humans.length === 0 ? { seats, status: 'closed' } : { seats, ...(t.row.host === s.playerId ? { host: humans[0].playerId } : {}) });
      if (humans.length === 0) this.tables.forget(t.row.code);
      this.publish(t);
      return;
    }
    const seats = t.table.standIn(seat);
    if (!seats) return;
    await this.patch(t, { seats });
    await this.settle(t);
  }

  /** Writes a row change made from the row's current revision (`VersionConflict` if another process was first). */
  async patch(t: LiveTable, p: TablePatch): Promise<void> {
    const rev = await this.o.store.updateTable(t.row.id, t.row.rev, p);
    // A row change goes out as a change to read again, not as moves alone.
    t.outbox.pure = false;
    this.tables.setRow(t, { ...t.row, ...p, rev });
  }

  publish(t: LiveTable): void {
    const out = t.outbox;
    const moves = out.pure && out.moves.length > 0 && t.game !== null ? { gameNo: t.row.gameNo, seq: out.from, list: out.moves } : undefined;
    t.outbox = { from: t.table.seq, moves: [], pure: true };
    this.o.pubsub.publish({ code: t.row.code, origin: this.id, deadline: t.table.deadline, nextRoundAt: t.table.nextRoundAt, catchBy: t.table.catchBy, listed: t.row.listed, ...(moves ? { moves } : {}) });
    this.tables.announce(t);
  }
}
