/**
 * The tables this process holds, kept as new as the store: loaded once
 * however many ask at the same moment, marked stale by another process's
 * change message (and brought up to date from the moves it carried, or from
 * the store), indexed by the people seated at them, and listed in the lobby
 * with the listed tables other processes hold.
 */
import { stageOf } from '@olsen/engine';
import type { TableSummary } from '@olsen/protocol';
import type { RunningGames } from './caps.js';
import type { Logger } from './ports.js';
import { LiveTable, seatInfo } from './live-table.js';
import type { LobbyChange, Move, Presence, PubSub, Store, TableChange, TableRow } from './ports.js';
import { CorruptRow } from './store.js';

export interface TablesOptions {
  readonly id: string;
  readonly store: Store;
  readonly pubsub: PubSub;
  readonly presence: Presence;
  readonly log: Logger;
  readonly shared: boolean;
  readonly running: RunningGames;
  /** A table object for a row (its runner wired to this process's ports). */
  readonly make: (row: TableRow) => LiveTable;
  /** A loaded table whose game is over stays for a rematch, then leaves memory. */
  readonly evictLater: (t: LiveTable) => void;
  /** A running table this process took over from another (its timed steps are set going here). */
  readonly tookOver: (code: string) => void;
}

export class Tables {
  readonly map = new Map<string, LiveTable>();
  /** Player id → codes of the tables in memory where they have a seat. */
  private readonly seated = new Map<string, Set<string>>();
  private readonly loading = new Map<string, Promise<LiveTable | null>>();
  /** Tables whose change message came while they were being loaded (`changed`). */
  private readonly changedWhileLoading = new Set<string>();
  /** Listed tables that other processes hold, as their lobby entries (a process serves only its own tables). */
  private readonly remoteLobby = new Map<string, TableSummary>();
  closed = false;
  /** `foreignChanges`: change messages for a table this process does not hold (should stay 0). */
  readonly counters = { reloads: 0, peerMoves: 0, foreignChanges: 0 };

  constructor(private readonly o: TablesOptions) {}

  /** A table object for a row (not yet held: `add` holds it). */
  make(row: TableRow): LiveTable {
    return this.o.make(row);
  }

  get(code: string): LiveTable | undefined {
    return this.map.get(code);
  }

  /** Codes of the tables in memory where the player has a seat. */
  seatedAt(playerId: string): ReadonlySet<string> {
    return this.seated.get(playerId) ?? new Set();
  }

  /** Adds a new table (made here). */
  add(t: LiveTable): void {
    this.map.set(t.row.code, t);
    this.setRow(t, t.row);
  }

  /** Sets a table's row and keeps the player → tables index in step with its seats. */
  setRow(t: LiveTable, row: TableRow): void {
    const code = row.code;
    for (const s of t.row.seats) if (s.kind === 'human') this.seated.get(s.playerId)?.delete(code);
    t.setRow(row);
    if (this.map.get(code) !== t) return;
    for (const s of row.seats) {
      if (s.kind !== 'human') continue;
      let set = this.seated.get(s.playerId);
      if (!set) this.seated.set(s.playerId, (set = new Set()));
      set.add(code);
    }
  }

  /** Drops a table from memory (the store keeps it). */
  forget(code: string): void {
    const t = this.map.get(code);
    if (!t) return;
    this.map.delete(code);
    this.o.running.remove(t);
    this.o.pubsub.unfollow(code);
    this.announce(t, true);
    for (const s of t.row.seats) {
      if (s.kind !== 'human') continue;
      const set = this.seated.get(s.playerId);
      set?.delete(code);
      if (set?.size === 0) this.seated.delete(s.playerId);
    }
  }

  async readPresence(t: LiveTable): Promise<void> {
    const p = await this.o.presence.read(t.row.code);
    t.players = p.players;
    t.away = p.away;
    t.spectators = p.spectators;
  }

  /** The table from memory, or loaded from the store (once, however many ask at the same moment). */
  ensure(code: string, known?: TableRow): Promise<LiveTable | null> {
    const have = this.map.get(code);
    if (have) return Promise.resolve(have);
    let p = this.loading.get(code);
    if (!p) {
      p = this.load(code, known).finally(() => {
        this.loading.delete(code);
        // A change heard during a load that ended another way (the table was put in memory meanwhile): stale too.
        if (this.changedWhileLoading.delete(code)) {
          const t = this.map.get(code);
          if (t) t.stale = true;
        }
      });
      this.loading.set(code, p);
    }
    return p;
  }

  private async load(code: string, known?: TableRow): Promise<LiveTable | null> {
    this.changedWhileLoading.delete(code);
    let row: TableRow | null = known ?? null;
    // Hear the table's changes before reading it, so none falls between the read and the subscription.
    await this.o.pubsub.follow(code);
    const t = await (async () => {
      row ??= await this.o.store.table(code);
      if (!row || row.status === 'closed') return null;
      const live = this.o.make(row);
      return (await this.replay(live, row)) ? live : null;
    })().catch(async (e: unknown) => {
      if (!(e instanceof CorruptRow)) throw e;
      // A damaged row or move closes this table only (its players are told there is no such table).
      this.o.log.error({ table: code, err: e }, `table ${code} is damaged and closed: ${e.message}`);
      if (row) await this.o.store.updateTable(row.id, row.rev, { status: 'closed' }).catch(() => undefined);
      return null;
    });
    if (!t || !row) {
      if (!this.map.has(code)) this.o.pubsub.unfollow(code);
      return null;
    }
    // A finished game looked up (a link, GET /api/tables/:code) stays for a rematch like any other, then leaves memory.
    if (t.over) this.o.evictLater(t);
    await this.readPresence(t);
    if (this.closed) return null;
    if (!this.map.has(code)) {
      this.remoteLobby.delete(code);
      this.add(t);
      if (this.changedWhileLoading.delete(code)) t.stale = true;
      if (t.game) this.o.running.add(t);
      // Several processes: a table's timed steps are queued by the process that holds it. One that takes a running
      // table over (its players came here; its process stopped) sets them going here too; a step queued twice is
      // applied once (the second is for a version that has moved on).
      if (this.o.shared && !known && t.game && !t.over) this.o.tookOver(code);
    }
    return this.map.get(code)!;
  }

  /** Brings `t` up to the store: the row, then the moves written since (the whole game again after a rematch). */
  async refresh(t: LiveTable): Promise<void> {
    t.stale = false;
    const inbox = t.inbox;
    t.inbox = null;
    // Only moves since this copy was last fresh, sent with the change messages: apply them (as the store would give them).
    if (inbox && t.game && !t.uncertain && inbox.gameNo === t.row.gameNo && inbox.seq === t.table.seq && this.applyMoves(t, inbox.moves)) {
      this.counters.peerMoves += inbox.moves.length;
      if (t.over) this.o.evictLater(t);
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
      const moves = await this.o.store.moves(row.id, row.gameNo, t.table.seq);
      if (!this.applyMoves(t, moves)) this.forget(row.code);
    } else if (!(await this.replay(t, row))) this.forget(row.code);
    await this.readPresence(t);
    if (t.over) this.o.evictLater(t);
  }

  /** The current game from its start and its whole move log. */
  private async replay(t: LiveTable, row: TableRow): Promise<boolean> {
    t.game = null;
    if (row.status === 'waiting') return true;
    return this.applyMoves(t, await this.o.store.moves(row.id, row.gameNo), true);
  }

  private applyMoves(t: LiveTable, moves: readonly Move[], fromStart = false): boolean {
    if (!t.table.load(moves, fromStart ? null : t.game)) {
      this.o.log.error({ table: t.row.code }, 'move log does not replay; table left closed');
      return false;
    }
    // A turn-based table's clock runs from its last move's time (kept in the log).
    const last = moves.length > 0 ? moves[moves.length - 1]!.at : undefined;
    if (last !== undefined) t.turnSince = last;
    // A table reloaded in place (another process started its game) may run now.
    if (this.map.get(t.row.code) === t) this.o.running.add(t);
    return true;
  }

  /** Another process changed a table: mark this copy stale (or learn of a new listed table, for the lobby). */
  changed(c: TableChange): void {
    if (c.origin === this.o.id || this.closed) return;
    const t = this.map.get(c.code);
    if (!t) {
      // Being loaded: subscribed before the read, so this change may have come after it. The copy is read again
      // before its first use (never a change lost between the read and the table's arrival in memory).
      if (this.loading.has(c.code)) {
        this.changedWhileLoading.add(c.code);
        return;
      }
      // A table this process does not hold (a message on its way when it let the table go): loaded when asked for.
      this.counters.foreignChanges++;
      return;
    }
    t.table.deadline = c.deadline;
    t.table.nextRoundAt = c.nextRoundAt;
    t.table.catchBy = c.catchBy ?? null;
    // Moves that reach past where this copy ends (with the moves already waiting) wait to be applied at the next
    // use, with no read of the store; the ones it holds already (read with an earlier change) are skipped. Anything
    // else, or a gap, and the copy is read again in full.
    const m = c.moves;
    const gameNo = t.inbox ? t.inbox.gameNo : t.row.gameNo;
    const ends = t.inbox ? t.inbox.seq + t.inbox.moves.length : t.stale ? -1 : t.table.seq;
    if (m && t.game !== null && ends >= 0 && m.gameNo === gameNo && m.seq <= ends && ends <= m.seq + m.list.length) {
      if (ends === m.seq + m.list.length) return;
      t.inbox ??= { gameNo, seq: ends, moves: [] };
      for (let i = ends - m.seq; i < m.list.length; i++) t.inbox.moves.push(m.list[i]);
    } else t.inbox = null;
    t.stale = true;
  }

  // ---- the lobby --------------------------------------------------------------------
  lobby(): TableSummary[] {
    const out: TableSummary[] = [];
    for (const t of this.map.values()) {
      const s = this.summaryOf(t);
      if (s) out.push(s);
    }
    // The other processes' listed tables, as they last announced them.
    for (const [code, s] of this.remoteLobby) if (!this.map.has(code)) out.push(s);
    return out;
  }

  /** A table's lobby entry, or null if it is not in the lobby. */
  private summaryOf(t: LiveTable): TableSummary | null {
    if (!t.row.listed || t.row.status === 'closed') return null;
    const seats = seatInfo(t);
    return { code: t.row.code, game: t.row.game, status: t.status(), seats, openSeats: seats.filter((s) => s.kind === 'open').length };
  }

  /** Another process's listed table changed its entry (or left the lobby). */
  lobbyChanged(c: LobbyChange): void {
    if (c.origin === this.o.id || this.closed) return;
    if (c.summary) this.remoteLobby.set(c.code, c.summary);
    else this.remoteLobby.delete(c.code);
  }

  /** Tells the other processes' lobbies about a listed table, when its entry changed (seats, status; never a move). */
  announce(t: LiveTable, gone = false): void {
    if (!t.row.listed) return;
    const summary = gone ? null : this.summaryOf(t);
    // Between rounds is still playing for the lobby (no message per round).
    const key = summary ? JSON.stringify({ ...summary, status: summary.status === 'roundOver' ? 'playing' : summary.status }) : 'gone';
    if (key === t.lobbyKey) return;
    t.lobbyKey = key;
    this.o.pubsub.publishLobby({ code: t.row.code, origin: this.o.id, summary });
  }

  /** Games in memory being played (not over), and how many of them wait for a person to come back. */
  games(): { running: number; paused: number } {
    let running = 0, paused = 0;
    for (const t of this.map.values()) {
      if (!t.game || t.row.status === 'closed' || stageOf(t.game) === 'gameOver') continue;
      running++;
      if (t.table.paused) paused++;
    }
    return { running, paused };
  }
}
