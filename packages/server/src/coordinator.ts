/**
 * The table coordinator: what is the server's about a table — its queue of
 * changes, the store, pub/sub, caps and presence. The game itself (who acts
 * and when, bots, the catch window, timers, the next deal, rematch consent,
 * stand-ins, frames) is the table runner's (`@olsen/table`); this class
 * passes it the server's ports: the store as the move sink, the shared job
 * queue as its scheduler, the bot pool as where bots think.
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
 * change arrives as a pub/sub message and marks the copy here stale (tables.ts).
 */
import { randomBytes } from 'node:crypto';
import { actingIn } from '@olsen/engine';
import type { ActionBody, CreateTable, TableSummary, TableUpdate, Tempo } from '@olsen/protocol';
import { Table, fail, freeName, seatsFor, withSeat, type Outcome } from '@olsen/table';
import type { Guest } from './identity.js';
import type { Caller, CoordinatorOptions, StoredSeat, TableRow } from './ports.js';
import { type LiveTable, newCode, seatOf } from './live-table.js';
import { dayOf } from './clock.js';
import { TableHost, type Finished } from './host.js';

export type { Outcome } from '@olsen/table';
export type { Caller, CoordinatorOptions, Logger } from './ports.js';

/** Tables one player may have waiting for their start at once (a bound on what one guest can make the server hold). */
const MAX_WAITING_TABLES = 5;

export class Coordinator {
  private readonly h: TableHost;
  private readonly newSeed: () => string;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeLobby: () => void;

  constructor(private readonly o: CoordinatorOptions) {
    this.h = new TableHost(o);
    this.newSeed = o.seeds ?? (() => randomBytes(12).toString('base64url'));
    this.unsubscribe = o.pubsub.subscribe((c) => {
      this.h.tables.changed(c);
      if (c.origin === this.h.id || !this.h.tables.get(c.code)) return;
      // Another process let the table go: the steps it had queued are not run there, so they are queued here.
      if (c.handOver) void this.h.run(c.code, async (t) => (t.game && !t.over && t.row.status === 'playing' && (await this.h.settle(t)), { ok: true }));
      // A table held here that nobody here follows, changed by a process that serves it: let it go.
      else if (o.shared === true && !this.h.followedHere.has(c.code)) void this.h.release(c.code);
    });
    this.unsubscribeLobby = o.pubsub.subscribeLobby((c) => this.h.tables.lobbyChanged(c));
    o.scheduler.start((job) => this.h.fire(job));
  }

  /** This process's name in pub/sub messages. */
  get id(): string {
    return this.h.id;
  }

  /** Counters for /metrics; `foreignChanges`: change messages for a table this process does not hold (should stay 0). */
  get counters(): { readonly actions: number; readonly rejected: number; readonly gamesFinished: number; readonly conflicts: number; readonly reloads: number; readonly peerMoves: number; readonly foreignChanges: number } {
    return { ...this.h.moves, ...this.h.misc, ...this.h.tables.counters };
  }

  /** Private tables let go to the process that serves them: at start or after a death (`leftToOthers`), or once nobody here followed them (`release`). */
  get handedOver(): { readonly atStart: number; readonly released: number } {
    return { atStart: this.leftToOthers, released: this.h.released };
  }

  get tableCount(): number {
    return this.h.tables.map.size;
  }

  /** Games in memory being played (not over), and how many of them wait for a person to come back. */
  get gameCount(): { running: number; paused: number } {
    return this.h.tables.games();
  }

  /** Called after a finished game is stored (once per game, by the process that finished it): the daily deal's results. */
  /** Hears each change of a table, after it is made (the turn-based tables' pushes). */
  set onChange(f: ((t: LiveTable) => void) | null) {
    this.h.onChange = f;
  }

  /** Hears a turn-based table's reminder: a quarter of a person's time left. */
  set onRemind(f: ((t: LiveTable, playerId: string) => void) | null) {
    this.h.onRemind = f;
  }

  set onFinished(f: ((f: Finished) => Promise<void>) | null) {
    this.h.onFinished = f;
  }

  // ---- lifecycle -------------------------------------------------------------
  /**
   * Loads every waiting or running table and sets its timers again (jobs already queued are not doubled).
   * Several processes: a private table whose players are connected to another live process is left to that
   * process, which holds it and times its steps; loaded here too, it would make this process hear every such
   * table's moves until the game ended (every process that started beside others did). It is loaded here when
   * someone asks for it here. Listed tables are loaded everywhere, for the lobby.
   */
  async restore(): Promise<number> {
    let n = 0;
    for (const row of await this.o.store.liveTables()) {
      try {
        if (await this.servedElsewhere(row)) {
          this.leftToOthers++;
          continue;
        }
        const t = await this.h.tables.ensure(row.code, row);
        if (!t) continue;
        n++;
        if (t.game) await this.h.run(row.code, async (tt) => (await this.h.settle(tt), { ok: true }));
      } catch (e) {
        // One table that cannot be restored does not keep the others (or the server) down.
        this.o.log.error({ err: e, table: row.code }, `table ${row.code} could not be restored`);
      }
    }
    return n;
  }

  /** Private tables `restore` and `recover` left to the processes that serve them (since start). */
  leftToOthers = 0;

  private async servedElsewhere(row: TableRow): Promise<boolean> {
    return this.o.shared === true && !row.listed && !this.h.tables.get(row.code) && (await this.o.presence.servedElsewhere(row.code));
  }

  close(): void {
    this.h.closed = this.h.tables.closed = true;
    this.unsubscribe();
    this.unsubscribeLobby();
    for (const t of this.h.tables.map.values()) {
      this.o.scheduler.cancel(t.row.code);
      t.evict?.cancel();
    }
  }

  // ---- requests -----------------------------------------------------------------
  lobby(): TableSummary[] {
    return this.h.tables.lobby();
  }

  /** A new table; `daily` (the day's deal) deals its game from the given seed and marks the table as the day's (no rematch). */
  async create(guest: Caller, req: CreateTable, daily?: { readonly seed: string; readonly date: string }): Promise<Outcome<{ code: string }>> {
    let waiting = 0;
    for (const t of this.h.tables.map.values()) if (t.row.host === guest.id && t.game === null && t.row.status === 'waiting') waiting++;
    if (waiting >= MAX_WAITING_TABLES) return fail('rate_limited', `You already have ${waiting} tables waiting to start; start or leave one first.`);
    const seats: StoredSeat[] = seatsFor(guest, req.seats);
    // The engine is the judge of the options.
    const refused = Table.refusal(req.game, req.rules, seats.length);
    if (refused) return refused;
    // A code another process took a moment ago: draw another (three tries).
    for (let attempt = 0; attempt < 3; attempt++) {
      // Listed tables are in the lobby anyway; a private table's code is its only lock, so it is longer.
      let code = newCode(req.listed ? 6 : 10);
      while (this.h.tables.get(code)) code = newCode(req.listed ? 6 : 10);
      const row: TableRow = {
        id: randomBytes(9).toString('base64url'), code, host: guest.id, game: req.game, rules: req.rules, seats, listed: req.listed, turnSeconds: req.moveHours !== undefined ? (this.o.turnBasedMoveSeconds ?? req.moveHours * 3600) : req.turnSeconds, fillLevel: req.fillLevel, tempo: req.tempo, turnBased: req.moveHours !== undefined,
        status: 'waiting', gameNo: 1, seed: daily?.seed ?? this.newSeed(), createdAt: this.o.clock.now(), rev: 0, daily: daily?.date ?? null,
      };
      try {
        await this.o.store.createTable(row);
      } catch (e) {
        // Another process may have taken the code a moment ago: draw another.
        if (await this.o.store.table(code).catch(() => null)) continue;
        this.o.log.error({ err: e }, 'cannot store new table');
        return fail('internal', 'The table could not be saved; try again.');
      }
      const t = this.h.tables.make(row);
      t.hostAddress = guest.address ?? null;
      await this.o.pubsub.follow(code).catch((e: unknown) => this.o.log.warn({ err: e, table: code }, 'cannot follow a new table'));
      this.h.tables.add(t);
      this.h.publish(t);
      return { ok: true, code };
    }
    return fail('internal', 'No free table code was found; try again.');
  }

  join(guest: Guest, code: string, wanted?: number): Promise<Outcome<{ seat: number }>> {
    return this.h.run(code, async (t) => {
      const mine = seatOf(t, guest.id);
      if (mine !== null) {
        // Back at the table: the stand-in gives the seat back.
        const back = t.table.comeBack(mine);
        if (back) {
          await this.h.patch(t, { seats: back });
          await this.h.settle(t);
        }
        return { ok: true, seat: mine };
      }
      if (t.game !== null) return fail('already_started', 'The game has started; you can watch it.');
      const open = t.row.seats.flatMap((s, i) => (s.kind === 'open' ? [i] : []));
      if (open.length === 0) return fail('table_full', 'Every seat at this table is taken.');
      if (wanted !== undefined && !open.includes(wanted)) return fail('seat_taken', `Seat ${wanted + 1} is not free.`);
      const seat = wanted ?? open[0];
      // Two players of one name at a table would be told apart by nobody: the newcomer gets a number.
      await this.h.patch(t, { seats: withSeat(t.row.seats, seat, () => ({ kind: 'human', playerId: guest.id, name: freeName(t.row.seats, guest.name), standIn: null, ...(guest.avatar ? { avatar: guest.avatar } : {}) })) });
      this.h.publish(t);
      return { ok: true, seat };
    });
  }

  leave(guest: Guest, code: string): Promise<Outcome> {
    return this.h.run(code, async (t) => {
      const seat = seatOf(t, guest.id);
      if (seat === null) return fail('not_seated', 'You have no seat at this table.');
      await this.h.vacate(t, seat);
      return { ok: true };
    });
  }

  start(guest: Guest, code: string): Promise<Outcome> {
    return this.h.run(code, async (t) => {
      if (t.row.host !== guest.id) return fail('not_host', 'Only the player who created the table can start it.');
      if (t.game !== null) return fail('already_started', 'The game has already started.');
      const dealt = t.table.deal();
      if (!dealt.ok) return dealt;
      const capped = this.h.running.refusal(t, dealt.seats, this.o.limits);
      if (capped) return capped;
      await this.h.patch(t, { seats: dealt.seats, status: 'playing' });
      return this.begin(t, dealt.game);
    });
  }

  act(guest: Guest, code: string, version: number, body: ActionBody): Promise<Outcome<{ version: number }>> {
    return this.h.run(code, async (t) => {
      const seat = seatOf(t, guest.id);
      if (seat === null) return fail('not_seated', 'You have no seat at this table.');
      // A copy behind the client's (a change by another process whose message is still on its way): catch up first.
      if (t.game === null || version > t.game.version) await this.h.tables.refresh(t);
      if (!this.h.tables.get(code)) return fail('no_such_table', `There is no table ${code}.`);
      // The protocol's schema has checked the message's shape; the runner checks the seat and version, the engine the move.
      const r = await t.table.act(seat, version, body);
      // A move that does not end the game is published at once (no promise turn on the hot path).
      const finishing = r.ok ? this.h.after(t) : undefined;
      if (finishing) await finishing;
      return r;
    });
  }

  /** A new game at the same seats, once every person still at the table has asked (the runner counts); the last ask deals. */
  rematch(guest: Guest, code: string): Promise<Outcome> {
    return this.h.run(code, async (t) => {
      if (seatOf(t, guest.id) === null) return fail('not_seated', 'You have no seat at this table.');
      if (!t.over) return fail('not_started', 'A rematch can start once the game is over.');
      if (t.row.daily) return fail('game_over', 'The daily deal is played once a day: come back tomorrow, or start a game of your own.');
      await this.h.tables.readPresence(t);
      if (!t.table.askRematch(guest.id, (id) => t.players.has(id))) {
        // Kept with the table, not in this process alone: the others at the table may be on another process.
        const asked = t.row.rematch ?? [];
        if (!asked.includes(guest.id)) await this.h.patch(t, { rematch: [...asked, guest.id] });
        return this.h.publish(t), { ok: true };
      }
      const capped = this.h.running.refusal(t, t.row.seats, this.o.limits);
      if (capped) return capped;
      const seed = this.newSeed();
      const dealt = t.table.dealAgain(seed);
      if (!dealt.ok) return dealt;
      await this.h.patch(t, { gameNo: t.row.gameNo + 1, seed, status: 'playing', rematch: [] });
      t.evict?.cancel();
      t.evict = null;
      return this.begin(t, dealt.game);
    });
  }

  private async begin(t: LiveTable, game: NonNullable<LiveTable['game']>): Promise<Outcome> {
    t.table.game = game;
    this.h.running.add(t);
    t.table.begin(game);
    await this.h.after(t);
    return { ok: true };
  }

  // ---- presence -------------------------------------------------------------------
  /**
   * Whether `playerId` may be looking at the table through this process: a connection here whose page is not hidden.
   * A person connected only to another process is told by a push from here all the same; their service worker
   * shows nothing while a page of that table is in view (push-sw.js).
   */
  lookingHere(t: LiveTable, playerId: string): boolean {
    return (this.h.seatedHere.get(t.row.code)?.get(playerId) ?? 0) > 0 && !t.hidden.has(playerId);
  }

  /** A seated person's page showing the table came into view or went out of it (their pushes follow: push.ts). */
  look(code: string, playerId: string | null, visible: boolean): void {
    const t = this.h.tables.get(code);
    if (!t || playerId === null) return;
    if (visible) t.hidden.delete(playerId);
    else t.hidden.add(playerId);
  }


  /** A connection of `playerId` (null: a spectator) is now following the table. */
  async connected(code: string, playerId: string | null): Promise<void> {
    this.h.followedHere.set(code, (this.h.followedHere.get(code) ?? 0) + 1);
    const t = await this.h.tables.ensure(code);
    if (!t) return;
    const seated = playerId !== null && seatOf(t, playerId) !== null;
    if (seated) {
      let here = this.h.seatedHere.get(code);
      if (!here) this.h.seatedHere.set(code, (here = new Map()));
      here.set(playerId, (here.get(playerId) ?? 0) + 1);
    }
    await this.o.presence.add(code, seated ? playerId : null);
    await this.h.run(code, async (tt) => {
      const alone = !tt.someoneHere();
      await this.h.tables.readPresence(tt);
      // The first person back at a game whose bots waited for one: play on.
      if (alone && tt.someoneHere() && tt.table.status() === 'playing') await this.h.settle(tt);
      else this.h.publish(tt);
      return { ok: true };
    });
  }

  async disconnected(code: string, playerId: string | null): Promise<void> {
    // Stopping, with other processes: the connections stay noted under this process, which the others then find
    // gone and treat as a crash's (their players get the grace period there, where the tables play on).
    if (this.h.closed && this.o.shared === true) return;
    const here = playerId === null ? undefined : this.h.seatedHere.get(code);
    if (here && playerId !== null && here.has(playerId)) {
      const k = here.get(playerId)! - 1;
      if (k > 0) here.set(playerId, k);
      else here.delete(playerId);
      if (here.size === 0) this.h.seatedHere.delete(code);
    }
    const n = (this.h.followedHere.get(code) ?? 1) - 1;
    if (n > 0) this.h.followedHere.set(code, n);
    else this.h.followedHere.delete(code);
    const t = await this.h.tables.ensure(code);
    if (!t) return;
    const seated = playerId !== null && seatOf(t, playerId) !== null;
    const left = await this.o.presence.remove(code, seated ? playerId : null);
    // A turn-based table's people come and go over days: leaving the page is not leaving the game.
    const away = seated && left === 0 && !this.h.closed && t.row.turnBased !== true;
    // Noted before the frames go out: everyone at the table sees when the computer takes over, from this deadline.
    const until = this.o.clock.now() + this.o.reconnectGraceMs;
    if (away) await this.o.presence.markAway(code, playerId, until);
    await this.h.run(code, async (tt) => {
      await this.h.tables.readPresence(tt);
      // The last person gone: settle now, so the bots stop and the game's closing time starts.
      if (!tt.table.paused && !tt.someoneHere() && tt.table.status() === 'playing') await this.h.settle(tt);
      else this.h.publish(tt);
      return { ok: true };
    });
    // Gone for good after the grace period: a bot takes the seat (or, before the start, the seat opens).
    if (away) this.o.scheduler.schedule({ kind: 'away', code, playerId, arrivals: await this.o.presence.arrivals(code, playerId) }, Math.max(0, until - this.o.clock.now()));
    // The last connection here to a table another process serves: this process need not hear it any more; a
    // turn-based table nobody here follows rests in the store until a step of it is due.
    if (n <= 0) {
      await this.h.release(code);
      const held = this.h.tables.get(code);
      if (held?.row.turnBased) this.h.restLater(held);
    }
  }

  /**
   * Another process died: every running table is read again from the store and settled (queued jobs are not
   * doubled), but for the private tables other live processes serve (as in `restore`).
   */
  async recover(): Promise<void> {
    if (this.h.closed) return;
    for (const row of await this.o.store.liveTables()) {
      if (await this.servedElsewhere(row)) {
        this.leftToOthers++;
        continue;
      }
      const t = await this.h.tables.ensure(row.code, row);
      if (!t) continue;
      t.stale = true;
      if (row.status === 'playing') await this.h.run(row.code, async (tt) => (await this.h.settle(tt), { ok: true }));
    }
  }

  /**
   * Plans again the steps of the games held here, presence read first: after another process stopped or died (the
   * steps it had queued went with its queue), and after this process was taken for dead and came back (its queue
   * was removed, its players' seats were seen empty).
   */
  async settleHeld(): Promise<void> {
    for (const t of [...this.h.tables.map.values()]) {
      if (this.h.closed) return;
      await this.h.run(t.row.code, async (tt) => {
        // Its connections no longer count: seen here before the steps are planned.
        await this.h.tables.readPresence(tt);
        if (tt.game && !tt.over && tt.row.status === 'playing') await this.h.settle(tt);
        else this.h.publish(tt);
        return { ok: true };
      });
    }
  }

  /** A seated player's connection was on a process that died: the grace period starts now. */
  async lost(code: string, playerId: string): Promise<void> {
    if (this.h.closed) return;
    await this.o.presence.markAway(code, playerId, this.o.clock.now() + this.o.reconnectGraceMs);
    this.o.scheduler.schedule({ kind: 'away', code, playerId, arrivals: await this.o.presence.arrivals(code, playerId) }, this.o.reconnectGraceMs);
    // A table not held here that another process serves: that process shows the seat as gone and plans the steps
    // (`settleHeld`); loading it here would only make this process hear it.
    if (!this.h.tables.get(code) && (await this.o.presence.servedElsewhere(code))) return;
    await this.h.run(code, async (t) => (await this.h.tables.readPresence(t), this.h.publish(t), { ok: true }));
  }

  // ---- what clients see ------------------------------------------------------------------
  /** The update for one connection: the table's public state and the engine's view for its seat. */
  async updateFor(code: string, playerId: string | null): Promise<TableUpdate | null> {
    const r = await this.lookUp(code, playerId);
    return r.ok ? r.update : null;
  }

  /** The update for one connection, or why there is none: `internal` when the store did not answer (not a code guessed). */
  lookUp(code: string, playerId: string | null): Promise<Outcome<{ update: TableUpdate; tempo: Tempo }>> {
    return this.h.run(code, async (t) => ({ ok: true, update: t.frame(playerId, this.handsHidden(t)), tempo: t.row.tempo ?? 'normal' }));
  }

  /** The updates for several connections of one table at once (one turn in the table's queue for all of them). */
  async updatesFor(code: string, playerIds: readonly (string | null)[]): Promise<Map<string | null, TableUpdate> | null> {
    const r = await this.h.run(code, async (t) => {
      const hidden = this.handsHidden(t);
      return { ok: true, updates: new Map(playerIds.map((p) => [p, t.frame(p, hidden)])) };
    });
    return r.ok ? r.updates : null;
  }

  /** A daily deal's table during its day: the hands laid down at a round's end stay hidden but the player's own. */
  private handsHidden(t: LiveTable): boolean {
    return t.row.daily != null && t.row.daily >= dayOf(this.o.clock.now());
  }

  /** Whether the table exists (loading it from the store if this process has not seen it). */
  async exists(code: string): Promise<boolean> {
    const t = await this.h.tables.ensure(code);
    return t !== null && t.row.status !== 'closed';
  }

  /** Codes of the tables where the player has a seat (to follow them again after a reconnect). */
  async tablesOf(playerId: string): Promise<string[]> {
    const codes = new Set(this.h.tables.seatedAt(playerId));
    // Several processes: a table another process made a moment ago may not be here yet; and a turn-based table
    // nobody follows rests in the store, not in memory (once any has rested, the store is asked).
    if (this.o.shared || this.h.rested > 0) for (const c of await this.o.store.tablesOfPlayer(playerId)) codes.add(c);
    return [...codes];
  }

  /**
   * "Dine spill": the games at which the player has a seat and that are not over, the ones waiting for their move
   * first (the least time left first). Whose move it is, is the engine's answer.
   */
  async myTables(playerId: string, most = 50): Promise<MyTable[]> {
    const tables: MyTable[] = [];
    for (const code of (await this.tablesOf(playerId)).slice(0, most)) {
      const u = await this.updateFor(code, playerId);
      if (u && (u.status === 'waiting' || u.status === 'playing' || u.status === 'roundOver')) tables.push({ code: u.code, game: u.game, status: u.status, seats: u.seats, you: u.you, yourTurn: u.view !== null && actingIn(u.view).you !== null, turnBased: u.turnBased === true, deadline: u.deadline });
    }
    return tables.sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn) || (a.deadline ?? Infinity) - (b.deadline ?? Infinity));
  }

  /** How many turn-based games wait for the player's move (the app's badge). */
  async waitingFor(playerId: string): Promise<number> {
    return (await this.myTables(playerId)).filter((x) => x.turnBased && x.yourTurn).length;
  }
}

/** A game of the player's in "Dine spill". */
export interface MyTable {
  readonly code: string;
  readonly game: TableUpdate['game'];
  readonly status: TableUpdate['status'];
  readonly seats: TableUpdate['seats'];
  readonly you: TableUpdate['you'];
  readonly yourTurn: boolean;
  readonly turnBased: boolean;
  readonly deadline: TableUpdate['deadline'];
}
