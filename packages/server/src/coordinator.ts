/**
 * The table coordinator: every table's seats, game and timers, and the only
 * place where actions are applied. Storage, pub/sub, timers and presence are
 * ports, so one process runs on in-memory adapters and several processes
 * share a table through PostgreSQL and Redis.
 *
 * Per table, changes run one at a time in this process (a promise queue).
 * An action is checked by the engine, appended to the store, and only then
 * applied in memory, acknowledged and published: an acknowledged action is
 * never lost, and a failed write leaves the table as it was.
 *
 * Across processes the store is the judge: a move takes the next slot of the
 * game's log (primary key) and a row change names the revision it was made
 * from, so of two processes acting on one table at once, one write fails with
 * `VersionConflict`; that process reloads the table and tries again (an
 * action made for the old state is then refused as stale). Another process's
 * change arrives as a pub/sub message and marks the copy here stale; it is
 * reloaded from the store before it is next used. A change that is only
 * moves carries them: a copy that ends where they start applies them itself
 * at its next use (the engine is deterministic), without reading the store.
 */
import { randomBytes } from 'node:crypto';
import { actorsOf, applyAction, parseAction, progressOf, type AnyGame, moverOf, nextRoundOf, recordOf, stageOf, startGame, viewOf, type AnyAction, type Seat } from '@olsen/engine';
import { gameErrorReply, type ActionBody, type CreateTable, type ErrorCode, type ErrorReply, type TableSummary, type TableUpdate } from '@olsen/protocol';
import type { BotPool } from './bot-pool.js';
import { RunningGames } from './caps.js';
import type { Limits } from './config.js';
import type { Guest } from './identity.js';
import { CorruptRow } from './store.js';
import { VersionConflict, type Clock, type LobbyChange, type Move, type Presence, type PubSub, type Scheduler, type StoredSeat, type Store, type TableChange, type TableJob, type TablePatch, type TableRow } from './ports.js';
import { botName, gameId, liveTable, newCode, seatInfo, seatNames, seatOf, statusOf, updateOf, type LiveTable } from './live-table.js';
import { rateGame, seatResults } from './results.js';
import { dayOf } from './daily.js';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface CoordinatorOptions {
  readonly store: Store;
  readonly pubsub: PubSub;
  readonly scheduler: Scheduler;
  readonly presence: Presence;
  readonly clock: Clock;
  readonly log: Logger;
  /** Where bots think (search levels in worker threads). */
  readonly bots: BotPool;
  /** Caps on running games and search bots, and when a game nobody follows is closed. */
  readonly limits: Limits;
  /** This process's name in pub/sub messages and presence (default: random). */
  readonly id?: string;
  /** Several processes share the tables (scale-out): look in the store for what may not be in memory yet. */
  readonly shared?: boolean;
  /** Pause before a bot acts (ms), so people can follow the game. */
  readonly botDelayMs: number;
  /** Pause between a round's end and the next deal (ms). */
  readonly roundPauseMs: number;
  /** How long a dropped player keeps their seat before a bot takes over (ms). */
  readonly reconnectGraceMs: number;
  /** How long a finished table stays in memory for a rematch (ms). */
  readonly finishedTtlMs: number;
  /** Where each game's deal seed comes from (default: 12 random bytes). */
  readonly seeds?: () => string;
}

/** Who asks: the guest, and the address their connection comes from (caps per address). */
export interface Caller extends Guest {
  readonly address?: string;
}

export type Outcome<T extends object = object> = ({ ok: true } & T) | ErrorReply;

const fail = (code: ErrorCode, message: string, extra: { rule?: string | null; engineCode?: string; params?: Readonly<Record<string, unknown>> } = {}): ErrorReply => ({ ok: false, error: { code, message, ...extra } });

/** Tables one player may have waiting for their start at once (a bound on what one guest can make the server hold). */
const MAX_WAITING_TABLES = 5;
/** Reloads and retries after a `VersionConflict` before a request gives up. */
const MAX_RETRIES = 3;


export class Coordinator {
  /** This process's name in pub/sub messages. */
  readonly id: string;
  private readonly tables = new Map<string, LiveTable>();
  /** The games running here, for the caps on each start. */
  private readonly running: RunningGames;
  /** Player id → codes of the tables in memory where they have a seat. */
  private readonly seated = new Map<string, Set<string>>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly newSeed: () => string;
  private readonly loading = new Map<string, Promise<LiveTable | null>>();
  private closed = false;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeLobby: () => void;
  /** Listed tables that other processes hold, as their lobby entries (a process serves only its own tables). */
  private readonly remoteLobby = new Map<string, TableSummary>();
  /** Counters for /metrics; `foreignChanges`: change messages for a table this process does not hold (should stay 0). */
  readonly counters = { actions: 0, rejected: 0, gamesFinished: 0, conflicts: 0, reloads: 0, peerMoves: 0, foreignChanges: 0 };

  constructor(private readonly o: CoordinatorOptions) {
    this.id = o.id ?? randomBytes(6).toString('base64url');
    this.newSeed = o.seeds ?? (() => randomBytes(12).toString('base64url'));
    this.running = new RunningGames((t) => this.tables.get(t.row.code) === t);
    this.unsubscribe = o.pubsub.subscribe((c) => this.changed(c));
    this.unsubscribeLobby = o.pubsub.subscribeLobby((c) => this.lobbyChanged(c));
    o.scheduler.start((job) => this.fire(job));
  }

  get tableCount(): number {
    return this.tables.size;
  }

  /** Games in memory being played (not over), and how many of them wait for a person to come back. */
  get gameCount(): { running: number; paused: number } {
    let running = 0, paused = 0;
    for (const t of this.tables.values()) {
      if (!t.game || t.row.status === 'closed' || stageOf(t.game) === 'gameOver') continue;
      running++;
      if (t.paused) paused++;
    }
    return { running, paused };
  }

  // ---- lifecycle -------------------------------------------------------------
  /** Loads every waiting or running table and sets its timers again (jobs already queued are not doubled). */
  async restore(): Promise<number> {
    let n = 0;
    for (const row of await this.o.store.liveTables()) {
      try {
        const t = await this.ensure(row.code, row);
        if (!t) continue;
        n++;
        if (t.game) await this.run(row.code, async (tt) => (await this.settle(tt), { ok: true }));
      } catch (e) {
        // One table that cannot be restored does not keep the others (or the server) down.
        this.o.log.error({ err: e, table: row.code }, `table ${row.code} could not be restored`);
      }
    }
    return n;
  }

  close(): void {
    this.closed = true;
    this.unsubscribe();
    this.unsubscribeLobby();
    for (const t of this.tables.values()) {
      this.o.scheduler.cancel(t.row.code);
      t.evict?.cancel();
    }
  }

  // ---- requests -----------------------------------------------------------------
  lobby(): TableSummary[] {
    const out: TableSummary[] = [];
    for (const t of this.tables.values()) {
      const s = this.summaryOf(t);
      if (s) out.push(s);
    }
    // The other processes' listed tables, as they last announced them.
    for (const [code, s] of this.remoteLobby) if (!this.tables.has(code)) out.push(s);
    return out;
  }

  /** A table's lobby entry, or null if it is not in the lobby. */
  private summaryOf(t: LiveTable): TableSummary | null {
    if (!t.row.listed || t.row.status === 'closed') return null;
    const seats = seatInfo(t);
    return { code: t.row.code, game: t.row.game, status: statusOf(t), seats, openSeats: seats.filter((s) => s.kind === 'open').length };
  }

  /** Another process's listed table changed its entry (or left the lobby). */
  private lobbyChanged(c: LobbyChange): void {
    if (c.origin === this.id || this.closed) return;
    if (c.summary) this.remoteLobby.set(c.code, c.summary);
    else this.remoteLobby.delete(c.code);
  }

  /** Tells the other processes' lobbies about a listed table, when its entry changed (seats, status; never a move). */
  private announce(t: LiveTable, gone = false): void {
    if (!t.row.listed) return;
    const summary = gone ? null : this.summaryOf(t);
    // Between rounds is still playing for the lobby (no message per round).
    const key = summary ? JSON.stringify({ ...summary, status: summary.status === 'roundOver' ? 'playing' : summary.status }) : 'gone';
    if (key === t.lobbyKey) return;
    t.lobbyKey = key;
    this.o.pubsub.publishLobby({ code: t.row.code, origin: this.id, summary });
  }

  /**
   * Called after a finished game is stored (once per game, by the process that
   * finished it): the daily deal's results hang on this.
   */
  onFinished: ((f: { readonly tableId: string; readonly gameNo: number; readonly gameId: string; readonly game: AnyGame; readonly finishedAt: number }) => Promise<void>) | null = null;

  /**
   * A new table; `daily` (the day's deal) deals its game from the given seed
   * instead of a fresh one, and marks the table as the day's (no rematch).
   */
  async create(guest: Caller, req: CreateTable, daily?: { readonly seed: string; readonly date: string }): Promise<Outcome<{ code: string }>> {
    let waiting = 0;
    for (const t of this.tables.values()) if (t.row.host === guest.id && t.game === null && t.row.status === 'waiting') waiting++;
    if (waiting >= MAX_WAITING_TABLES) return fail('rate_limited', `You already have ${waiting} tables waiting to start; start or leave one first.`);
    const botsTaken = new Set([guest.name]);
    const seats: StoredSeat[] = [
      { kind: 'human', playerId: guest.id, name: guest.name, standIn: null },
      ...req.seats.map((s, i): StoredSeat => {
        if (s.kind !== 'bot') return { kind: 'open' };
        const name = botName(i + 1, botsTaken);
        botsTaken.add(name);
        return { kind: 'bot', level: s.level, name };
      }),
    ];
    // The engine is the judge of the options: try the game with placeholder names.
    const probe = startGame({ game: req.game, rules: req.rules, players: seats.map((_, i) => `P${i}`), seed: 'probe' });
    if (!probe.ok) return fail('bad_options', probe.error.message, { rule: probe.error.rule });
    for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
      // Listed tables are in the lobby anyway; a private table's code is its only lock, so it is longer.
      let code = newCode(req.listed ? 6 : 10);
      while (this.tables.has(code)) code = newCode(req.listed ? 6 : 10);
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
        seed: daily?.seed ?? this.newSeed(),
        createdAt: this.o.clock.now(),
        rev: 0,
        daily: daily?.date ?? null,
      };
      try {
        await this.o.store.createTable(row);
      } catch (e) {
        // Another process may have taken the code a moment ago: draw another.
        if (await this.o.store.table(code).catch(() => null)) continue;
        this.o.log.error({ err: e }, 'cannot store new table');
        return fail('internal', 'The table could not be saved; try again.');
      }
      const t = liveTable(row);
      t.players = new Set();
      t.hostAddress = guest.address ?? null;
      await this.o.pubsub.follow(code).catch((e: unknown) => this.o.log.warn({ err: e, table: code }, 'cannot follow a new table'));
      this.tables.set(code, t);
      this.setRow(t, row);
      this.publish(t);
      return { ok: true, code };
    }
    return fail('internal', 'No free table code was found; try again.');
  }

  join(guest: Guest, code: string, wanted?: number): Promise<Outcome<{ seat: number }>> {
    return this.run(code, async (t) => {
      const mine = seatOf(t, guest.id);
      if (mine !== null) {
        const s = t.row.seats[mine];
        if (s.kind === 'human' && s.standIn !== null) {
          // Back at the table: the stand-in bot gives the seat back.
          await this.patch(t, { seats: t.row.seats.map((x, i) => (i === mine ? { ...s, standIn: null } : x)) });
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
      // Two players of one name at a table would be told apart by nobody: the newcomer gets a number.
      const taken = new Set(t.row.seats.flatMap((x) => (x.kind === 'open' ? [] : [x.name])));
      let name = guest.name;
      for (let k = 2; taken.has(name); k++) name = `${guest.name} ${k}`;
      await this.patch(t, { seats: t.row.seats.map((x, i) => (i === seat ? { kind: 'human', playerId: guest.id, name, standIn: null } : x)) });
      this.publish(t);
      return { ok: true, seat };
    });
  }

  leave(guest: Guest, code: string): Promise<Outcome> {
    return this.run(code, async (t) => {
      const seat = seatOf(t, guest.id);
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
      const taken = new Set(t.row.seats.flatMap((s) => (s.kind === 'open' ? [] : [s.name])));
      const seats = t.row.seats.map((s, i): StoredSeat => {
        if (s.kind !== 'open') return s;
        const name = botName(i, taken);
        taken.add(name);
        return { kind: 'bot', level: t.row.fillLevel, name };
      });
      const capped = this.running.refusal(t, seats, this.o.limits);
      if (capped) return capped;
      const started = startGame({ game: t.row.game, rules: t.row.rules, players: seats.map((s) => (s.kind === 'open' ? '?' : s.name)), seed: t.row.seed });
      if (!started.ok) return fail('bad_options', started.error.message, { rule: started.error.rule });
      await this.patch(t, { seats, status: 'playing' });
      t.game = started.value;
      t.seq = 0;
      this.running.add(t);
      await this.settle(t);
      return { ok: true };
    });
  }

  act(guest: Guest, code: string, version: number, body: ActionBody): Promise<Outcome<{ version: number }>> {
    return this.run(code, async (t) => {
      const seat = seatOf(t, guest.id);
      if (seat === null) return fail('not_seated', 'You have no seat at this table.');
      // A player who left has handed the seat to the computer: one of them plays it, until they join again.
      const held = t.row.seats[seat];
      if (held.kind === 'human' && held.standIn !== null) return fail('not_seated', 'The computer plays your seat since you left; join the table again to take it back.');
      // A copy behind the client's (a change by another process whose message is still on its way): catch up first.
      if (t.game === null || version > t.game.version) await this.refresh(t);
      if (!this.tables.has(code)) return fail('no_such_table', `There is no table ${code}.`);
      if (t.game === null) return fail('not_started', 'The game has not started yet.');
      if (stageOf(t.game) === 'gameOver') return fail('game_over', 'The game is over.');
      if (version !== t.game.version) return fail('stale_version', `The table has moved on (version ${t.game.version}, not ${version}); choose again.`);
      const r = await this.commit(t, { ...body, seat });
      return r.ok ? { ok: true, version: r.version } : r;
    });
  }

  /**
   * A new game at the same seats, once every person still at the table has
   * asked for it (bots and stand-ins always agree): the first ask shows the
   * others "Ny runde?", and the last one deals.
   */
  rematch(guest: Guest, code: string): Promise<Outcome> {
    return this.run(code, async (t) => {
      if (seatOf(t, guest.id) === null) return fail('not_seated', 'You have no seat at this table.');
      if (t.game === null || stageOf(t.game) !== 'gameOver') return fail('not_started', 'A rematch can start once the game is over.');
      if (t.row.daily) return fail('game_over', "The daily deal is played once a day: come back tomorrow, or start a game of your own.");
      if (t.rematch.gameNo !== t.row.gameNo) t.rematch = { gameNo: t.row.gameNo, ids: new Set() };
      t.rematch.ids.add(guest.id);
      await this.readPresence(t);
      const waitingFor = t.row.seats.filter((s) => s.kind === 'human' && s.standIn === null && t.players.has(s.playerId) && !t.rematch.ids.has(s.playerId));
      if (waitingFor.length > 0) {
        this.publish(t);
        return { ok: true };
      }
      const capped = this.running.refusal(t, t.row.seats, this.o.limits);
      if (capped) return capped;
      const seed = this.newSeed();
      const gameNo = t.row.gameNo + 1;
      const started = startGame({ game: t.row.game, rules: t.row.rules, players: seatNames(t.row), seed });
      if (!started.ok) return fail('bad_options', started.error.message);
      await this.patch(t, { gameNo, seed, status: 'playing' });
      t.evict?.cancel();
      t.evict = null;
      t.game = started.value;
      t.seq = 0;
      this.running.add(t);
      await this.settle(t);
      return { ok: true };
    });
  }

  // ---- presence -------------------------------------------------------------------
  /** A connection of `playerId` (null: a spectator) is now following the table. */
  async connected(code: string, playerId: string | null): Promise<void> {
    const t = await this.ensure(code);
    if (!t) return;
    const seated = playerId !== null && seatOf(t, playerId) !== null;
    await this.o.presence.add(code, seated ? playerId : null);
    await this.run(code, async (tt) => {
      const alone = !this.someoneHere(tt);
      await this.readPresence(tt);
      // The first person back at a game whose bots waited for one: play on.
      if (alone && this.someoneHere(tt) && tt.game && stageOf(tt.game) === 'playing') await this.settle(tt);
      else this.publish(tt);
      return { ok: true };
    });
  }

  async disconnected(code: string, playerId: string | null): Promise<void> {
    const t = await this.ensure(code);
    if (!t) return;
    const seated = playerId !== null && seatOf(t, playerId) !== null;
    const left = await this.o.presence.remove(code, seated ? playerId : null);
    await this.run(code, async (tt) => {
      await this.readPresence(tt);
      // The last person gone: settle now, so the bots stop and the game's closing time starts.
      if (!tt.paused && !this.someoneHere(tt) && tt.game && stageOf(tt.game) === 'playing') await this.settle(tt);
      else this.publish(tt);
      return { ok: true };
    });
    // Gone for good after the grace period: a bot takes the seat (or, before the start, the seat opens).
    if (seated && left === 0 && !this.closed) this.o.scheduler.schedule({ kind: 'away', code, playerId }, this.o.reconnectGraceMs);
  }

  /**
   * Another process died: it may have written a move and died before its
   * timers were queued or its change announced. Every running table is read
   * again from the store and settled (queued jobs are not doubled: a job's id
   * names the table state it was made for).
   */
  async recover(): Promise<void> {
    if (this.closed) return;
    for (const row of await this.o.store.liveTables()) {
      const t = await this.ensure(row.code, row);
      if (!t) continue;
      t.stale = true;
      if (row.status === 'playing') await this.run(row.code, async (tt) => (await this.settle(tt), { ok: true }));
    }
  }

  /** A seated player's connection was on a process that died: the grace period starts now. */
  lost(code: string, playerId: string): void {
    if (this.closed) return;
    this.o.scheduler.schedule({ kind: 'away', code, playerId }, this.o.reconnectGraceMs);
    void this.run(code, async (t) => (await this.readPresence(t), this.publish(t), { ok: true }));
  }

  // ---- what clients see ------------------------------------------------------------------
  /** The update for one connection: the table's public state and the engine's view for its seat. */
  async updateFor(code: string, playerId: string | null): Promise<TableUpdate | null> {
    const r = await this.lookUp(code, playerId);
    return r.ok ? r.update : null;
  }

  /**
   * The update for one connection, or why there is none: `no_such_table`
   * when the store has no such table, `internal` when the store did not
   * answer (a fault is not a missing table, and must not count as a code guessed).
   */
  lookUp(code: string, playerId: string | null): Promise<Outcome<{ update: TableUpdate }>> {
    return this.run(code, async (t) => ({ ok: true, update: updateOf(t, playerId, this.handsHidden(t)) }));
  }

  /** The updates for several connections of one table at once (one turn in the table's queue for all of them). */
  async updatesFor(code: string, playerIds: readonly (string | null)[]): Promise<Map<string | null, TableUpdate> | null> {
    const r = await this.run(code, async (t) => {
      const hidden = this.handsHidden(t);
      return { ok: true, updates: new Map(playerIds.map((p) => [p, updateOf(t, p, hidden)])) };
    });
    return r.ok ? r.updates : null;
  }

  /**
   * A daily deal's table during its day: the hands laid down at a round's end stay hidden but the player's own
   * (they are the day's deal, which opens with the record when the day is over).
   */
  private handsHidden(t: LiveTable): boolean {
    return t.row.daily != null && t.row.daily >= dayOf(this.o.clock.now());
  }

  /** Whether the table exists (loading it from the store if this process has not seen it). */
  async exists(code: string): Promise<boolean> {
    const t = await this.ensure(code);
    return t !== null && t.row.status !== 'closed';
  }

  /** Codes of the tables where the player has a seat (to follow them again after a reconnect). */
  async tablesOf(playerId: string): Promise<string[]> {
    const codes = new Set(this.seated.get(playerId) ?? []);
    // Several processes: a table another process made a moment ago may not be here yet.
    if (this.o.shared) for (const c of await this.o.store.tablesOfPlayer(playerId)) codes.add(c);
    return [...codes];
  }

  /** Sets a table's row and keeps the player → tables index in step with its seats. */
  private setRow(t: LiveTable, row: TableRow): void {
    const code = row.code;
    for (const s of t.row.seats) if (s.kind === 'human') this.seated.get(s.playerId)?.delete(code);
    t.row = row;
    if (!this.tables.has(code) || this.tables.get(code) !== t) return;
    for (const s of row.seats) {
      if (s.kind !== 'human') continue;
      let set = this.seated.get(s.playerId);
      if (!set) this.seated.set(s.playerId, (set = new Set()));
      set.add(code);
    }
  }

  /** Drops a table from memory (the store keeps it). */
  private forget(code: string): void {
    const t = this.tables.get(code);
    if (!t) return;
    this.tables.delete(code);
    this.o.pubsub.unfollow(code);
    this.announce(t, true);
    for (const s of t.row.seats) {
      if (s.kind !== 'human') continue;
      const set = this.seated.get(s.playerId);
      set?.delete(code);
      if (set?.size === 0) this.seated.delete(s.playerId);
    }
  }

  // ---- internals -------------------------------------------------------------------

  /** The table from memory, or loaded from the store (once, however many ask at the same moment). */
  private async ensure(code: string, known?: TableRow): Promise<LiveTable | null> {
    const have = this.tables.get(code);
    if (have) return have;
    let p = this.loading.get(code);
    if (!p) {
      p = (async () => {
        let row: TableRow | null = known ?? null;
        // Hear the table's changes before reading it, so none falls between the read and the subscription.
        await this.o.pubsub.follow(code);
        const t = await (async () => {
          row ??= await this.o.store.table(code);
          if (!row || row.status === 'closed') return null;
          const live = liveTable(row);
          return (await this.replay(live, row)) ? live : null;
        })().catch(async (e: unknown) => {
          if (!(e instanceof CorruptRow)) throw e;
          // A damaged row or move closes this table only (its players are told there is no such table).
          this.o.log.error({ table: code, err: e }, `table ${code} is damaged and closed: ${e.message}`);
          if (row) await this.o.store.updateTable(row.id, row.rev, { status: 'closed' }).catch(() => undefined);
          return null;
        });
        if (!t || !row) {
          if (!this.tables.has(code)) this.o.pubsub.unfollow(code);
          return null;
        }
        // A finished game looked up (a link, GET /api/tables/:code) stays for a rematch like any other, then leaves memory.
        if (t.game && stageOf(t.game) === 'gameOver') this.evictLater(t);
        await this.readPresence(t);
        if (this.closed) return null;
        if (!this.tables.has(code)) {
          this.remoteLobby.delete(code);
          this.tables.set(code, t);
          this.setRow(t, row);
          if (t.game) this.running.add(t);
          // Several processes: a table's timed steps are queued by the process that holds it. One that takes a
          // running table over (its players came here; its process stopped) sets them going here too; a step
          // queued twice is applied once (the second is for a version that has moved on).
          if (this.o.shared && !known && t.game && stageOf(t.game) !== 'gameOver') void this.run(code, async (tt) => (await this.settle(tt), { ok: true }));
        }
        return this.tables.get(code)!;
      })().finally(() => this.loading.delete(code));
      this.loading.set(code, p);
    }
    return p;
  }

  /** Brings `t` up to the store: the row, then the moves written since (the whole game again after a rematch). */
  private async refresh(t: LiveTable): Promise<void> {
    t.stale = false;
    const inbox = t.inbox;
    t.inbox = null;
    // Only moves since this copy was last fresh, sent with the change messages: apply them (as the store would give them).
    if (inbox && t.game && !t.uncertain && inbox.gameNo === t.row.gameNo && inbox.seq === t.seq && this.applyMoves(t, inbox.moves)) {
      this.counters.peerMoves += inbox.moves.length;
      if (stageOf(t.game) === 'gameOver') this.evictLater(t);
      return;
    }
    this.counters.reloads++;
    const row = await this.o.store.table(t.row.code);
    if (!row || row.status === 'closed') {
      this.setRow(t, row ?? { ...t.row, status: 'closed' });
      this.forget(t.row.code);
      return;
    }
    const sameGame = row.gameNo === t.row.gameNo && t.game !== null;
    this.setRow(t, row);
    if (sameGame) {
      const moves = await this.o.store.moves(row.id, row.gameNo, t.seq);
      if (!this.applyMoves(t, moves)) this.forget(row.code);
    } else if (!(await this.replay(t, row))) this.forget(row.code);
    await this.readPresence(t);
    if (t.game && stageOf(t.game) === 'gameOver') this.evictLater(t);
  }

  /** The current game from its start and its whole move log. */
  private async replay(t: LiveTable, row: TableRow): Promise<boolean> {
    t.game = null;
    t.seq = 0;
    if (row.status === 'waiting') return true;
    const started = startGame({ game: row.game, rules: row.rules, players: seatNames(row), seed: row.seed });
    if (!started.ok) {
      this.o.log.error({ table: row.code, error: started.error }, 'cannot restore table');
      return false;
    }
    t.game = started.value;
    return this.applyMoves(t, await this.o.store.moves(row.id, row.gameNo));
  }

  private applyMoves(t: LiveTable, moves: readonly Move[]): boolean {
    let g = t.game!;
    for (const m of moves) {
      const parsed = 'next' in m ? null : parseAction(g, m.action);
      const r = parsed === null ? nextRoundOf(g) : parsed.ok ? applyAction(g, parsed.value) : parsed;
      if (!r.ok) {
        this.o.log.error({ table: t.row.code, error: r.error }, 'move log does not replay; table left closed');
        return false;
      }
      g = r.value;
    }
    t.game = g;
    t.seq += moves.length;
    // A table reloaded in place (another process started its game) may run now.
    if (this.tables.get(t.row.code) === t) this.running.add(t);
    return true;
  }

  private async readPresence(t: LiveTable): Promise<void> {
    const p = await this.o.presence.read(t.row.code);
    t.players = p.players;
    t.spectators = p.spectators;
  }

  /** Another process changed a table: mark this copy stale (or learn of a new listed table, for the lobby). */
  private changed(c: TableChange): void {
    if (c.origin === this.id || this.closed) return;
    const t = this.tables.get(c.code);
    if (!t) {
      // A table this process does not hold (a message on its way when it let the table go): loaded when asked for.
      this.counters.foreignChanges++;
      return;
    }
    t.deadline = c.deadline;
    t.nextRoundAt = c.nextRoundAt;
    // Moves that reach past where this copy ends (with the moves already waiting) wait to be applied at the next
    // use, with no read of the store; the ones it holds already (read with an earlier change) are skipped. Anything
    // else, or a gap, and the copy is read again in full.
    const m = c.moves;
    const gameNo = t.inbox ? t.inbox.gameNo : t.row.gameNo;
    const ends = t.inbox ? t.inbox.seq + t.inbox.moves.length : t.stale ? -1 : t.seq;
    if (m && t.game !== null && ends >= 0 && m.gameNo === gameNo && m.seq <= ends && ends <= m.seq + m.list.length) {
      if (ends === m.seq + m.list.length) return;
      t.inbox ??= { gameNo, seq: ends, moves: [] };
      for (let i = ends - m.seq; i < m.list.length; i++) t.inbox.moves.push(m.list[i]);
    } else t.inbox = null;
    t.stale = true;
  }

  /**
   * Runs `fn` after the table's earlier changes in this process, on a copy as
   * new as the store's; a write that loses a race reloads and runs `fn` again.
   * Unknown tables and faults become error replies.
   */
  private run<T extends object>(code: string, fn: (t: LiveTable) => Promise<Outcome<T>>): Promise<Outcome<T>> {
    const next = (this.queues.get(code) ?? Promise.resolve()).then(async (): Promise<Outcome<T>> => {
      for (let attempt = 0; ; attempt++) {
        const t = await this.ensure(code);
        if (!t || t.row.status === 'closed') return fail('no_such_table', `There is no table ${code}.`);
        try {
          if (t.stale || t.uncertain) {
            const unsure = t.uncertain;
            await this.refresh(t);
            if (unsure) {
              // What the store holds now is what was played: show it and set the bots and timers going again.
              t.uncertain = false;
              if (this.tables.has(code)) await this.settle(t);
            }
          }
          if (!this.tables.has(code)) return fail('no_such_table', `There is no table ${code}.`);
          return await fn(t);
        } catch (e) {
          if (!(e instanceof VersionConflict) || attempt + 1 >= MAX_RETRIES) throw e;
          this.counters.conflicts++;
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

  /** Checks, stores, then applies one action. */
  private async commit(t: LiveTable, action: AnyAction | Record<string, unknown>): Promise<Outcome<{ version: number }>> {
    const g = t.game!;
    if (this.roundFull(g)) return this.roundFullReply();
    // The protocol's schema has checked the message's shape (and a bot answers with a listed action); the engine
    // checks it again as it applies it, so a separate parseAction here would only repeat the work on every move.
    const r = applyAction(g, action as AnyAction);
    if (!r.ok) {
      this.counters.rejected++;
      return gameErrorReply(r.error);
    }
    if (!(await this.write(t, { action: progressOf(r.value).last ?? action }))) {
      return fail('internal', 'The move could not be confirmed as saved; the table will show whether it was played.');
    }
    t.game = r.value;
    this.counters.actions++;
    await this.settle(t);
    return { ok: true, version: r.value.version };
  }

  /** Appends a move; false if the store failed. A lost race (`VersionConflict`) is thrown for `run` to retry. */
  private async write(t: LiveTable, move: Move): Promise<boolean> {
    try {
      await this.o.store.appendMove(t.row.id, t.row.gameNo, t.seq, move);
      if (t.outbox.moves.length === 0) t.outbox.from = t.seq;
      t.outbox.moves.push(move);
      t.seq++;
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

  /** After every change: finish the game, or schedule the next deal, bots and turn timers; then publish. */
  private async settle(t: LiveTable): Promise<void> {
    this.o.scheduler.cancel(t.row.code);
    t.deadline = null;
    t.nextRoundAt = null;
    const g = t.game;
    if (!g || this.closed) return this.publish(t);
    const base = { code: t.row.code, gameNo: t.row.gameNo, version: g.version };
    const stage = stageOf(g);
    if (stage === 'gameOver') {
      if (t.row.status !== 'finished') await this.finish(t);
      return this.publish(t);
    }
    if (stage === 'roundOver') {
      t.nextRoundAt = this.o.clock.now() + this.o.roundPauseMs;
      this.o.scheduler.schedule({ kind: 'round', ...base }, this.o.roundPauseMs);
      return this.publish(t);
    }
    // Nobody to play for (or a round at the server's length limit): the bots wait, and the game is closed after a while.
    if (!this.someoneHere(t) || this.roundFull(g)) {
      t.paused = true;
      this.o.scheduler.schedule({ kind: 'idle', ...base }, this.o.limits.idleCloseMs);
      return this.publish(t);
    }
    t.paused = false;
    const mover = moverOf(g);
    for (const [seat, legal] of actorsOf(g)) {
      const s = t.row.seats[seat];
      const level = s.kind === 'bot' ? s.level : s.kind === 'human' ? s.standIn : null;
      if (level !== null) {
        this.o.scheduler.schedule({ kind: 'bot', ...base, seat, level }, this.o.botDelayMs);
      } else if (t.row.turnSeconds !== null && (seat === mover || mover === null) && legal.some((a) => !('catch' in a))) {
        // The turn timer: when it runs out, the medium bot plays for the person (a catch is never forced).
        const ms = t.row.turnSeconds * 1000;
        t.deadline = this.o.clock.now() + ms;
        this.o.scheduler.schedule({ kind: 'turn', ...base, seat, level: 'medium' }, ms);
      }
    }
    this.publish(t);
  }

  /** A timed job: applied only if the table is still where the job was made (else another process or a person got there first). */
  private async fire(job: TableJob): Promise<void> {
    if (this.closed) return;
    await this.run(job.code, async (t) => {
      if (job.kind === 'away') {
        const seat = seatOf(t, job.playerId);
        await this.readPresence(t);
        if (seat !== null && !t.players.has(job.playerId)) await this.vacate(t, seat);
        return { ok: true };
      }
      // A job made by another process for a state this copy has not caught up with yet: catch up first.
      if (job.gameNo > t.row.gameNo || (job.gameNo === t.row.gameNo && (t.game === null || job.version > t.game.version))) await this.refresh(t);
      const g = t.game;
      if (!g || !this.tables.has(job.code) || t.row.gameNo !== job.gameNo || g.version !== job.version) return { ok: true };
      if (job.kind === 'idle') {
        await this.readPresence(t);
        if (this.someoneHere(t)) return { ok: true };
        this.o.log.info({ table: t.row.code, idleMs: this.o.limits.idleCloseMs }, 'closing a game nobody followed');
        await this.patch(t, { status: 'closed' });
        this.forget(t.row.code);
        this.publish(t);
        return { ok: true };
      }
      if (job.kind === 'round') {
        if (stageOf(g) !== 'roundOver') return { ok: true };
        const r = nextRoundOf(g);
        if (!r.ok || !(await this.write(t, { next: true }))) return { ok: true };
        t.game = r.value;
        await this.settle(t);
        return { ok: true };
      }
      const view = viewOf(g, job.seat);
      if (view.legal.length === 0) return { ok: true };
      // Shared fairly between hosts: one party's many tables cannot make this table's search bots fall back.
      const answer = await this.o.bots.decide({ level: job.level, view, rng: t.bots, varied: t.row.daily != null }, t.row.host);
      t.bots.set(answer.rng);
      const action = answer.action;
      if (job.kind === 'turn') {
        // Mark the move as the timer's before it is published, so the person's seat can say so.
        const round = g.rounds.length - 1;
        if (t.timerMoves.round !== round) t.timerMoves = { round, at: [] };
        t.timerMoves.at.push(progressOf(g).actions);
      }
      const r = await this.commit(t, action);
      if (!r.ok && job.kind === 'turn') t.timerMoves.at.pop();
      if (!r.ok) this.o.log.error({ table: t.row.code, seat: job.seat, error: r.error }, 'bot move refused');
      return { ok: true };
    });
  }

  private async finish(t: LiveTable): Promise<void> {
    const g = t.game!;
    const seats = seatResults(g, t.row.seats);
    try {
      const finishedAt = this.o.clock.now();
      await this.o.store.finishGame(
        { id: gameId(t), tableId: t.row.id, gameNo: t.row.gameNo, game: t.row.game, record: recordOf(g), finishedAt, seats },
        (current) => rateGame(seats, current),
      );
      this.counters.gamesFinished++;
      await this.onFinished?.({ tableId: t.row.id, gameNo: t.row.gameNo, gameId: gameId(t), game: g, finishedAt });
      try {
        await this.patch(t, { status: 'finished' });
      } catch (e) {
        if (!(e instanceof VersionConflict)) throw e;
        // The row moved on (a seat change elsewhere): the status is ours to set all the same.
        const row = await this.o.store.table(t.row.code);
        if (row) this.setRow(t, { ...t.row, rev: row.rev, seats: row.seats });
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
      if (t.game && stageOf(t.game) === 'gameOver') this.forget(t.row.code);
    });
  }

  /** Whether the current round has as many moves as the server plays in one. */
  private roundFull(g: AnyGame): boolean {
    return progressOf(g).actions >= this.o.limits.roundActions;
  }

  private roundFullReply(): ErrorReply {
    return fail('over_limit', `This round has reached ${this.o.limits.roundActions} moves, the most the server plays in one round (OLSEN_MAX_ROUND_ACTIONS); no more moves can be made in this game.`);
  }

  /** Whether a person with a seat at the table is connected (any process). */
  private someoneHere(t: LiveTable): boolean {
    return t.row.seats.some((s) => s.kind === 'human' && t.players.has(s.playerId));
  }

  /** A player leaves a seat: before the start it opens; during the game a bot stands in. */
  private async vacate(t: LiveTable, seat: Seat): Promise<void> {
    const s = t.row.seats[seat];
    if (s.kind !== 'human') return;
    if (t.game === null) {
      const seats = t.row.seats.map((x, i): StoredSeat => (i === seat ? { kind: 'open' } : x));
      const humans = seats.filter((x): x is Extract<StoredSeat, { kind: 'human' }> => x.kind === 'human');
      if (humans.length === 0) {
        await this.patch(t, { seats, status: 'closed' });
        this.forget(t.row.code);
        this.publish(t);
        return;
      }
      await this.patch(t, { seats, ...(t.row.host === s.playerId ? { host: humans[0].playerId } : {}) });
      this.publish(t);
      return;
    }
    if (stageOf(t.game) === 'gameOver' || s.standIn !== null) return;
    await this.patch(t, { seats: t.row.seats.map((x, i) => (i === seat ? { ...s, standIn: t.row.fillLevel } : x)) });
    await this.settle(t);
  }

  /** Writes a row change made from the row's current revision (`VersionConflict` if another process was first). */
  private async patch(t: LiveTable, p: TablePatch): Promise<void> {
    const rev = await this.o.store.updateTable(t.row.id, t.row.rev, p);
    // A row change goes out as a change to read again, not as moves alone.
    t.outbox.pure = false;
    this.setRow(t, { ...t.row, ...p, rev });
  }

  private publish(t: LiveTable): void {
    const out = t.outbox;
    const moves = out.pure && out.moves.length > 0 && t.game !== null ? { gameNo: t.row.gameNo, seq: out.from, list: out.moves } : undefined;
    t.outbox = { from: t.seq, moves: [], pure: true };
    this.o.pubsub.publish({ code: t.row.code, origin: this.id, deadline: t.deadline, nextRoundAt: t.nextRoundAt, listed: t.row.listed, ...(moves ? { moves } : {}) });
    this.announce(t);
  }
}
