/**
 * The table coordinator: every table's seats, game and timers, and the only
 * place where actions are applied. It receives storage, pub/sub and the
 * clock as ports, so tests and the scale-out setup can plug in others.
 *
 * Per table, changes run one at a time (a promise queue). An action is
 * checked by the engine, appended to the store, and only then applied in
 * memory, acknowledged and published: an acknowledged action is never lost,
 * and a failed write leaves the table as it was.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { chooseHearts, chooseShedding } from '@olsen/bots';
import {
  actorsOf, applyAction, isHeartsView, moverOf, nextRoundOf, recordOf, resultOf, seedFromString, stageOf, startGame, viewOf,
  type AnyAction, type AnyGame, type AnyView, type GameError, type Seat,
} from '@olsen/engine';
import { CODE_ALPHABET, type ActionBody, type BotLevel, type CreateTable, type ErrorCode, type ErrorReply, type SeatInfo, type TableStatus, type TableSummary, type TableUpdate } from '@olsen/protocol';
import { rate, rating } from 'openskill';
import type { Guest } from './identity.js';
import { VersionConflict, type Clock, type Move, type PubSub, type StoredSeat, type Store, type TableRow, type TimerHandle } from './ports.js';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface CoordinatorOptions {
  readonly store: Store;
  readonly pubsub: PubSub;
  readonly clock: Clock;
  readonly log: Logger;
  /** Pause before a bot acts (ms), so people can follow the game. */
  readonly botDelayMs: number;
  /** Pause between a round's end and the next deal (ms). */
  readonly roundPauseMs: number;
  /** How long a dropped player keeps their seat before a bot takes over (ms). */
  readonly reconnectGraceMs: number;
  /** How long a finished table stays in memory for a rematch (ms). */
  readonly finishedTtlMs: number;
}

export type Outcome<T extends object = object> = ({ ok: true } & T) | ErrorReply;

const fail = (code: ErrorCode, message: string, extra: { rule?: string | null; engineCode?: string; params?: Readonly<Record<string, unknown>> } = {}): ErrorReply => ({ ok: false, error: { code, message, ...extra } });

/** Tables one player may have waiting for their start at once (a bound on what one guest can make the server hold). */
const MAX_WAITING_TABLES = 5;

const BOT_NAMES = ['Kari', 'Ola', 'Siri', 'Per', 'Ingrid', 'Nils'];

interface LiveTable {
  row: TableRow;
  game: AnyGame | null;
  /** Moves written for the current game (the next move's slot). */
  seq: number;
  queue: Promise<unknown>;
  timers: TimerHandle[];
  deadline: number | null;
  nextRoundAt: number | null;
  /** Open connections per player id, and spectators. */
  presence: Map<string, number>;
  spectators: number;
  away: Map<string, TimerHandle>;
  evict: TimerHandle | null;
  views: Map<Seat | null, AnyView>;
  bots: Int32Array;
}

/** Ranks per seat from final totals (lower is better) or the last round's places. */
function finalPlaces(g: AnyGame): number[] {
  const r = resultOf(g);
  if (r.totals) return r.totals.map((t) => 1 + r.totals!.filter((u) => u < t).length);
  const last = r.rounds[r.rounds.length - 1];
  return [...(last?.places ?? g.players.map(() => 1))];
}

export class Coordinator {
  private readonly tables = new Map<string, LiveTable>();
  private closed = false;
  /** Counters for /metrics. */
  readonly counters = { actions: 0, rejected: 0, gamesFinished: 0 };

  constructor(private readonly o: CoordinatorOptions) {}

  get tableCount(): number {
    return this.tables.size;
  }

  // ---- lifecycle -------------------------------------------------------------
  /** Restores every table that was running by replaying its move log. */
  async restore(): Promise<number> {
    let n = 0;
    for (const row of await this.o.store.liveTables()) {
      const t = this.live(row);
      if (row.status !== 'waiting') {
        const started = startGame({ game: row.game, rules: row.rules, players: this.names(row), seed: row.seed });
        if (!started.ok) {
          this.o.log.error({ table: row.code, error: started.error }, 'cannot restore table');
          continue;
        }
        let g = started.value;
        const moves = await this.o.store.moves(row.id, row.gameNo);
        let broken: GameError | null = null;
        for (const m of moves) {
          const r = 'next' in m ? nextRoundOf(g) : applyAction(g, m.action);
          if (!r.ok) {
            broken = r.error;
            break;
          }
          g = r.value;
        }
        if (broken) {
          this.o.log.error({ table: row.code, error: broken }, 'move log does not replay; table left closed');
          continue;
        }
        t.game = g;
        t.seq = moves.length;
      }
      this.tables.set(row.code, t);
      n++;
      if (t.game) await this.settle(t);
    }
    return n;
  }

  close(): void {
    this.closed = true;
    for (const t of this.tables.values()) {
      this.clearTimers(t);
      for (const a of t.away.values()) a.cancel();
      t.evict?.cancel();
    }
  }

  // ---- requests -----------------------------------------------------------------
  lobby(): TableSummary[] {
    const out: TableSummary[] = [];
    for (const t of this.tables.values()) {
      if (!t.row.listed || t.row.status === 'closed') continue;
      const seats = this.seatInfo(t);
      out.push({ code: t.row.code, game: t.row.game, status: this.status(t), seats, openSeats: seats.filter((s) => s.kind === 'open').length });
    }
    return out;
  }

  async create(guest: Guest, req: CreateTable): Promise<Outcome<{ code: string }>> {
    let waiting = 0;
    for (const t of this.tables.values()) if (t.row.host === guest.id && t.game === null) waiting++;
    if (waiting >= MAX_WAITING_TABLES) return fail('rate_limited', `You already have ${waiting} tables waiting to start; start or leave one first.`);
    const seats: StoredSeat[] = [
      { kind: 'human', playerId: guest.id, name: guest.name, standIn: null },
      ...req.seats.map((s, i): StoredSeat => (s.kind === 'bot' ? { kind: 'bot', level: s.level, name: this.botName(i + 1) } : { kind: 'open' })),
    ];
    // The engine is the judge of the options: try the game with placeholder names.
    const probe = startGame({ game: req.game, rules: req.rules, players: seats.map((_, i) => `P${i}`), seed: 'probe' });
    if (!probe.ok) return fail('bad_options', probe.error.message, { rule: probe.error.rule });
    let code = this.newCode();
    while (this.tables.has(code)) code = this.newCode();
    const row: TableRow = {
      id: randomBytes(9).toString('base64url'),
      code,
      host: guest.id,
      game: req.game,
      rules: req.rules,
      seats,
      listed: req.listed,
      turnSeconds: req.turnSeconds,
      fillLevel: req.fillLevel,
      status: 'waiting',
      gameNo: 1,
      seed: randomBytes(12).toString('base64url'),
      createdAt: this.o.clock.now(),
    };
    try {
      await this.o.store.createTable(row);
    } catch (e) {
      this.o.log.error({ err: e }, 'cannot store new table');
      return fail('internal', 'The table could not be saved; try again.');
    }
    this.tables.set(code, this.live(row));
    this.o.pubsub.publish(code);
    return { ok: true, code };
  }

  join(guest: Guest, code: string, wanted?: number): Promise<Outcome<{ seat: number }>> {
    return this.run(code, async (t) => {
      const mine = this.seatOf(t, guest.id);
      if (mine !== null) {
        const s = t.row.seats[mine];
        if (s.kind === 'human' && s.standIn !== null) {
          // Back at the table: the stand-in bot gives the seat back.
          await this.setSeats(t, t.row.seats.map((x, i) => (i === mine ? { ...s, standIn: null } : x)));
          await this.settle(t);
        }
        return { ok: true, seat: mine };
      }
      if (t.game !== null) return fail('already_started', 'The game has started; you can watch it.');
      const open = t.row.seats.map((s, i) => (s.kind === 'open' ? i : -1)).filter((i) => i >= 0);
      if (open.length === 0) return fail('table_full', 'Every seat at this table is taken.');
      let seat = open[0];
      if (wanted !== undefined) {
        if (!open.includes(wanted)) return fail('seat_taken', `Seat ${wanted + 1} is not free.`);
        seat = wanted;
      }
      await this.setSeats(t, t.row.seats.map((x, i) => (i === seat ? { kind: 'human', playerId: guest.id, name: guest.name, standIn: null } : x)));
      this.o.pubsub.publish(code);
      return { ok: true, seat };
    });
  }

  leave(guest: Guest, code: string): Promise<Outcome> {
    return this.run(code, async (t) => {
      const seat = this.seatOf(t, guest.id);
      if (seat === null) return fail('not_seated', 'You have no seat at this table.');
      await this.vacate(t, seat);
      return { ok: true };
    });
  }

  start(guest: Guest, code: string): Promise<Outcome> {
    return this.run(code, async (t) => {
      if (t.row.host !== guest.id) return fail('not_host', 'Only the player who created the table can start it.');
      if (t.game !== null) return fail('already_started', 'The game has already started.');
      // Bots fill the seats nobody took.
      const seats = t.row.seats.map((s, i): StoredSeat => (s.kind === 'open' ? { kind: 'bot', level: t.row.fillLevel, name: this.botName(i) } : s));
      const started = startGame({ game: t.row.game, rules: t.row.rules, players: seats.map((s) => (s.kind === 'open' ? '?' : s.name)), seed: t.row.seed });
      if (!started.ok) return fail('bad_options', started.error.message, { rule: started.error.rule });
      await this.o.store.updateTable(t.row.id, { seats, status: 'playing' });
      t.row = { ...t.row, seats, status: 'playing' };
      t.game = started.value;
      t.seq = 0;
      await this.settle(t);
      return { ok: true };
    });
  }

  act(guest: Guest, code: string, version: number, body: ActionBody): Promise<Outcome<{ version: number }>> {
    return this.run(code, async (t) => {
      const seat = this.seatOf(t, guest.id);
      if (seat === null) return fail('not_seated', 'You have no seat at this table.');
      if (t.game === null) return fail('not_started', 'The game has not started yet.');
      if (stageOf(t.game) === 'gameOver') return fail('game_over', 'The game is over.');
      if (version !== t.game.version) return fail('stale_version', `The table has moved on (version ${t.game.version}, not ${version}); choose again.`);
      const r = await this.commit(t, { ...body, seat });
      return r.ok ? { ok: true, version: r.version } : r;
    });
  }

  rematch(guest: Guest, code: string): Promise<Outcome> {
    return this.run(code, async (t) => {
      if (this.seatOf(t, guest.id) === null) return fail('not_seated', 'You have no seat at this table.');
      if (t.game === null || stageOf(t.game) !== 'gameOver') return fail('not_started', 'A rematch can start once the game is over.');
      const seed = randomBytes(12).toString('base64url');
      const gameNo = t.row.gameNo + 1;
      const started = startGame({ game: t.row.game, rules: t.row.rules, players: this.names(t.row), seed });
      if (!started.ok) return fail('bad_options', started.error.message);
      await this.o.store.updateTable(t.row.id, { gameNo, seed, status: 'playing' });
      t.row = { ...t.row, gameNo, seed, status: 'playing' };
      t.evict?.cancel();
      t.evict = null;
      t.game = started.value;
      t.seq = 0;
      await this.settle(t);
      return { ok: true };
    });
  }

  // ---- presence -------------------------------------------------------------------
  /** A connection of `playerId` (null: a spectator) is now following the table. */
  connected(code: string, playerId: string | null): void {
    const t = this.tables.get(code);
    if (!t) return;
    if (playerId === null || this.seatOf(t, playerId) === null) {
      t.spectators++;
    } else {
      t.presence.set(playerId, (t.presence.get(playerId) ?? 0) + 1);
      t.away.get(playerId)?.cancel();
      t.away.delete(playerId);
    }
    this.publish(t);
  }

  disconnected(code: string, playerId: string | null): void {
    const t = this.tables.get(code);
    if (!t) return;
    const seated = playerId !== null && t.presence.has(playerId);
    if (!seated) {
      t.spectators = Math.max(0, t.spectators - 1);
      this.publish(t);
      return;
    }
    const left = (t.presence.get(playerId) ?? 1) - 1;
    if (left > 0) {
      t.presence.set(playerId, left);
      return;
    }
    t.presence.delete(playerId);
    this.publish(t);
    if (this.closed) return;
    // Gone for good after the grace period: a bot takes the seat (or, before the start, the seat opens).
    t.away.set(playerId, this.o.clock.after(this.o.reconnectGraceMs, () => {
      t.away.delete(playerId);
      void this.run(code, async (tt) => {
        const seat = this.seatOf(tt, playerId);
        if (seat !== null && !tt.presence.has(playerId)) await this.vacate(tt, seat);
        return { ok: true };
      });
    }));
  }

  // ---- what clients see ------------------------------------------------------------------
  /** The update for one connection: the table's public state and the engine's view for its seat. */
  updateFor(code: string, playerId: string | null): TableUpdate | null {
    const t = this.tables.get(code);
    if (!t) return null;
    const seat = playerId === null ? null : this.seatOf(t, playerId);
    let view: AnyView | null = null;
    if (t.game) {
      view = t.views.get(seat) ?? null;
      if (!view) {
        view = viewOf(t.game, seat);
        t.views.set(seat, view);
      }
    }
    const hostSeat = t.row.seats.findIndex((s) => s.kind === 'human' && s.playerId === t.row.host);
    return {
      code: t.row.code,
      game: t.row.game,
      status: this.status(t),
      gameNo: t.row.gameNo,
      seats: this.seatInfo(t),
      you: seat,
      host: Math.max(0, hostSeat),
      spectators: t.spectators,
      turnSeconds: t.row.turnSeconds,
      deadline: t.deadline,
      nextRoundAt: t.nextRoundAt,
      view,
      recordId: t.game && stageOf(t.game) === 'gameOver' ? this.gameId(t) : null,
    };
  }

  has(code: string): boolean {
    return this.tables.has(code);
  }

  /** Codes of the tables where the player has a seat (to follow them again after a reconnect). */
  tablesOf(playerId: string): string[] {
    const out: string[] = [];
    for (const t of this.tables.values()) if (this.seatOf(t, playerId) !== null) out.push(t.row.code);
    return out;
  }

  // ---- internals -------------------------------------------------------------------
  private live(row: TableRow): LiveTable {
    const bots = new Int32Array(6);
    seedFromString(bots, 0, `${row.seed}/bots`);
    return { row, game: null, seq: 0, queue: Promise.resolve(), timers: [], deadline: null, nextRoundAt: null, presence: new Map(), spectators: 0, away: new Map(), evict: null, views: new Map(), bots };
  }

  /** Runs `fn` after the table's earlier changes; unknown tables and faults become error replies. */
  private run<T extends object>(code: string, fn: (t: LiveTable) => Promise<Outcome<T>>): Promise<Outcome<T>> {
    const t = this.tables.get(code);
    if (!t || t.row.status === 'closed') return Promise.resolve(fail('no_such_table', `There is no table ${code}.`));
    const next = t.queue.then(() => fn(t)).catch((e: unknown): Outcome<T> => {
      this.o.log.error({ err: e, table: code }, 'table request failed');
      return fail('internal', 'Something went wrong on the server; the table is unchanged.');
    });
    t.queue = next;
    return next;
  }

  /** Checks, stores, then applies one action. */
  private async commit(t: LiveTable, action: AnyAction | Record<string, unknown>): Promise<Outcome<{ version: number }>> {
    const g = t.game!;
    const r = applyAction(g, action);
    if (!r.ok) {
      this.counters.rejected++;
      const code: ErrorCode = r.error.code === 'notYourTurn' ? 'not_your_turn' : r.error.code === 'malformed' ? 'bad_message' : 'illegal_action';
      return fail(code, r.error.message, { rule: r.error.rule, engineCode: r.error.code, ...(r.error.params ? { params: r.error.params } : {}) });
    }
    const ok = await this.write(t, { action: r.value.rounds[r.value.rounds.length - 1].actions.at(-1) ?? action });
    if (!ok) return fail('internal', 'The move could not be saved; it was not played.');
    t.game = r.value;
    this.counters.actions++;
    await this.settle(t);
    return { ok: true, version: r.value.version };
  }

  private async write(t: LiveTable, move: Move): Promise<boolean> {
    try {
      await this.o.store.appendMove(t.row.id, t.row.gameNo, t.seq, move);
      t.seq++;
      return true;
    } catch (e) {
      this.o.log.error({ err: e, table: t.row.code, conflict: e instanceof VersionConflict }, 'cannot append move');
      return false;
    }
  }

  /** After every change: finish the game, or schedule the next deal, bots and turn timers; then publish. */
  private async settle(t: LiveTable): Promise<void> {
    this.clearTimers(t);
    const g = t.game;
    if (!g || this.closed) return this.publish(t);
    const stage = stageOf(g);
    if (stage === 'gameOver') {
      if (t.row.status !== 'finished') await this.finish(t);
      return this.publish(t);
    }
    if (stage === 'roundOver') {
      t.nextRoundAt = this.o.clock.now() + this.o.roundPauseMs;
      const version = g.version;
      this.timer(t, this.o.roundPauseMs, async () => {
        if (t.game !== g || g.version !== version) return;
        const r = nextRoundOf(g);
        if (!r.ok || !(await this.write(t, { next: true }))) return;
        t.game = r.value;
        await this.settle(t);
      });
      return this.publish(t);
    }
    const version = g.version;
    const mover = moverOf(g);
    for (const [seat, legal] of actorsOf(g)) {
      const s = t.row.seats[seat];
      const level = s.kind === 'bot' ? s.level : s.kind === 'human' ? s.standIn : null;
      if (level !== null) {
        this.timer(t, this.o.botDelayMs, () => this.botMove(t, seat, level, version));
      } else if (t.row.turnSeconds !== null && (seat === mover || mover === null) && legal.some((a) => !('catch' in a))) {
        // The turn timer: when it runs out, the medium bot plays for the person (a catch is never forced).
        const ms = t.row.turnSeconds * 1000;
        t.deadline = this.o.clock.now() + ms;
        this.timer(t, ms, () => this.botMove(t, seat, 'medium', version));
      }
    }
    this.publish(t);
  }

  private async botMove(t: LiveTable, seat: Seat, level: BotLevel, version: number): Promise<void> {
    const g = t.game;
    if (!g || g.version !== version) return;
    const view = viewOf(g, seat);
    if (view.legal.length === 0) return;
    const action = isHeartsView(view) ? chooseHearts(level, view, t.bots) : chooseShedding(level, view, t.bots).action;
    const r = await this.commit(t, action);
    if (!r.ok) this.o.log.error({ table: t.row.code, seat, error: r.error }, 'bot move refused');
  }

  private timer(t: LiveTable, ms: number, fn: () => Promise<void>): void {
    const code = t.row.code;
    t.timers.push(this.o.clock.after(ms, () => {
      void this.run(code, async () => {
        await fn();
        return { ok: true };
      });
    }));
  }

  private clearTimers(t: LiveTable): void {
    for (const h of t.timers) h.cancel();
    t.timers = [];
    t.deadline = null;
    t.nextRoundAt = null;
  }

  private async finish(t: LiveTable): Promise<void> {
    const g = t.game!;
    const places = finalPlaces(g);
    const winners = new Set(resultOf(g).gameWinners ?? places.flatMap((p, s) => (p === 1 ? [s] : [])));
    const seats = t.row.seats.map((s, i) => ({ playerId: s.kind === 'human' ? s.playerId : `bot:${s.kind === 'bot' ? s.level : 'open'}`, place: places[i], won: winners.has(i) }));
    try {
      await this.o.store.finishGame(
        { id: this.gameId(t), tableId: t.row.id, gameNo: t.row.gameNo, game: t.row.game, record: recordOf(g), finishedAt: this.o.clock.now(), seats },
        (current) => {
          const teams = seats.map((s) => [current.get(s.playerId) ? rating(current.get(s.playerId)!) : rating()]);
          const rated = rate(teams, { rank: places });
          const out = new Map<string, { mu: number; sigma: number }>();
          seats.forEach((s, i) => out.set(s.playerId, { mu: rated[i][0].mu, sigma: rated[i][0].sigma }));
          return out;
        },
      );
      await this.o.store.updateTable(t.row.id, { status: 'finished' });
      t.row = { ...t.row, status: 'finished' };
      this.counters.gamesFinished++;
    } catch (e) {
      this.o.log.error({ err: e, table: t.row.code }, 'cannot store finished game');
    }
    // A finished table stays for a rematch, then leaves memory.
    t.evict?.cancel();
    t.evict = this.o.clock.after(this.o.finishedTtlMs, () => {
      if (t.game && stageOf(t.game) === 'gameOver') this.tables.delete(t.row.code);
    });
  }

  /** A player leaves a seat: before the start it opens; during the game a bot stands in. */
  private async vacate(t: LiveTable, seat: Seat): Promise<void> {
    const s = t.row.seats[seat];
    if (s.kind !== 'human') return;
    if (t.game === null) {
      const seats = t.row.seats.map((x, i): StoredSeat => (i === seat ? { kind: 'open' } : x));
      const humans = seats.filter((x): x is Extract<StoredSeat, { kind: 'human' }> => x.kind === 'human');
      if (humans.length === 0) {
        await this.o.store.updateTable(t.row.id, { seats, status: 'closed' });
        t.row = { ...t.row, seats, status: 'closed' };
        this.tables.delete(t.row.code);
        this.o.pubsub.publish(t.row.code);
        return;
      }
      if (t.row.host === s.playerId) {
        await this.o.store.updateTable(t.row.id, { host: humans[0].playerId });
        t.row = { ...t.row, host: humans[0].playerId };
      }
      await this.setSeats(t, seats);
      this.publish(t);
      return;
    }
    if (stageOf(t.game) === 'gameOver' || s.standIn !== null) return;
    await this.setSeats(t, t.row.seats.map((x, i) => (i === seat ? { ...s, standIn: t.row.fillLevel } : x)));
    await this.settle(t);
  }

  private async setSeats(t: LiveTable, seats: StoredSeat[]): Promise<void> {
    await this.o.store.updateTable(t.row.id, { seats });
    t.row = { ...t.row, seats };
  }

  private publish(t: LiveTable): void {
    t.views.clear();
    this.o.pubsub.publish(t.row.code);
  }

  private status(t: LiveTable): TableStatus {
    if (!t.game) return 'waiting';
    const stage = stageOf(t.game);
    return stage === 'gameOver' ? 'finished' : stage === 'roundOver' ? 'roundOver' : 'playing';
  }

  private seatInfo(t: LiveTable): SeatInfo[] {
    return t.row.seats.map((s): SeatInfo => {
      if (s.kind === 'open') return { kind: 'open', name: null, level: null, connected: false, standIn: false };
      if (s.kind === 'bot') return { kind: 'bot', name: s.name, level: s.level, connected: true, standIn: false };
      return { kind: 'human', name: s.name, level: s.standIn, connected: t.presence.has(s.playerId), standIn: s.standIn !== null };
    });
  }

  private seatOf(t: LiveTable, playerId: string): Seat | null {
    const i = t.row.seats.findIndex((s) => s.kind === 'human' && s.playerId === playerId);
    return i < 0 ? null : i;
  }

  private names(row: TableRow): string[] {
    return row.seats.map((s, i) => (s.kind === 'open' ? this.botName(i) : s.name));
  }

  private botName(seat: number): string {
    return `${BOT_NAMES[seat % BOT_NAMES.length]} (bot)`;
  }

  private gameId(t: LiveTable): string {
    return `${t.row.id}-${t.row.gameNo}`;
  }

  private newCode(): string {
    let s = '';
    for (let i = 0; i < 6; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    return s;
  }
}
