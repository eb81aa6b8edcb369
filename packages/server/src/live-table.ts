/**
 * A table as one process holds it (`LiveTable`): the stored row, the table
 * runner that drives its game (`@olsen/table`), who is here, and what this
 * process knows of other processes' changes; and what is read off it without
 * changing it: the frame a client sees, the seats, codes.
 */
import { randomInt } from 'node:crypto';
import { stageOf, type AnyGame, type Seat } from '@olsen/engine';
import { CODE_ALPHABET, type SeatInfo, type TableStatus, type TableUpdate } from '@olsen/protocol';
import { Table, seatInfo as seatsSeen, seatOfPlayer, type FrameBase, type TablePorts } from '@olsen/table';
import type { Move, TableRow, TimerHandle } from './ports.js';

export class LiveTable {
  /** The runner: seats, game, timed steps, marks, rematch consent, frames. */
  readonly table: Table;
  /** Seated players with a connection (any process), and spectators. */
  players: ReadonlySet<string> = new Set();
  /** Seated players who dropped: when the computer takes over each one's seat (read with `players`). */
  away: ReadonlyMap<string, number> = new Map();
  spectators = 0;
  /** Another process changed the table: reload before use. */
  stale = false;
  /**
   * Moves another process wrote and sent along with its change message, in
   * order from slot `seq` of game `gameNo`: applied at the next use instead of
   * reading the store (the engine is deterministic), if this copy still ends
   * where they start. Null when a change came without its moves.
   */
  inbox: { gameNo: number; seq: number; moves: Move[] } | null = null;
  /**
   * Moves this process wrote since it last published a change (from slot
   * `from`), sent with the next change if they are all of it (`pure`: no row
   * change came with them).
   */
  outbox: { from: number; moves: Move[]; pure: boolean } = { from: 0, moves: [], pure: true };
  /** A write failed without an answer (a timeout): it may land late, so reload and settle before use. */
  uncertain = false;
  evict: TimerHandle | null = null;
  /** Seated people whose page of this table is hidden (another tab in front, the phone locked): not looking. */
  readonly hidden = new Set<string>();
  /** People told by a push that it is their turn, by the turn (`gameNo:version` when it began); cleared as it ends. */
  readonly told = new Map<string, string>();
  /** A turn-based table: when the current turn began (its last move's time, kept in the log), or null (now). */
  turnSince: number | null = null;
  /** The address the table was made from (caps per address); null for a table restored from the store. */
  hostAddress: string | null = null;
  /** The seats as clients see them, for the row and presence they were made from. */
  private seatCache: { row: TableRow; players: ReadonlySet<string>; seats: readonly SeatInfo[] } | null = null;
  /** The lobby entry last published for this table (listed tables): a new one goes out only when it differs. */
  lobbyKey: string | null = null;

  constructor(
    public row: TableRow,
    ports: (t: LiveTable) => Omit<TablePorts, 'present'>,
  ) {
    // The daily deal's tables share the day's seed; their players' dice are the entry's own (its table id), so a
    // line scouted at one table is not answered move for move at another.
    this.table = new Table(
      { game: row.game, rules: row.rules, seats: row.seats, gameNo: row.gameNo, seed: row.seed, turnSeconds: row.turnSeconds, fillLevel: row.fillLevel, ...(row.daily ? { botSeed: `${row.seed}/bots/${row.id}`, varied: true } : {}), ...(row.turnBased ? { turnBased: true } : {}) },
      { ...ports(this), present: () => this.someoneHere(), turnSince: () => this.turnSince },
    );
  }

  get game(): AnyGame | null {
    return this.table.game;
  }
  set game(g: AnyGame | null) {
    this.table.game = g;
  }

  /** Sets the row, and the runner's seats, game number and seed from it. */
  setRow(row: TableRow): void {
    this.row = row;
    const c = this.table.config;
    c.seats = row.seats;
    c.gameNo = row.gameNo;
    c.seed = row.seed;
    // The asks other processes stored: the runner counts them with its own (and shows them in the frames).
    if (row.rematch) this.table.knowRematch(row.rematch);
  }

  /** Whether a person with a seat at the table is connected (any process). */
  someoneHere(): boolean {
    return this.row.seats.some((s) => s.kind === 'human' && this.players.has(s.playerId));
  }

  status(): TableStatus {
    return this.table.status();
  }

  /** The frame for one connection: the table's public state and the engine's view for its seat. */
  frame(playerId: string | null, hideHands: boolean): TableUpdate {
    const seat = playerId === null ? null : seatOf(this, playerId);
    return this.table.frame(seat, this.frameBase(hideHands));
  }

  /** What the frames of this row and presence share (made once for all the seats' frames of a change). */
  private baseCache: { row: TableRow; players: ReadonlySet<string>; spectators: number; hideHands: boolean; base: FrameBase } | null = null;
  private frameBase(hideHands: boolean): FrameBase {
    const c = this.baseCache;
    if (c && c.row === this.row && c.players === this.players && c.spectators === this.spectators && c.hideHands === hideHands) return c.base;
    const host = this.row.seats.findIndex((s) => s.kind === 'human' && s.playerId === this.row.host);
    const base: FrameBase = { code: this.row.code, seats: this.seatInfo(), host: Math.max(0, host), spectators: this.spectators, recordId: gameId(this), daily: this.row.daily ? true : undefined, hideHands };
    this.baseCache = { row: this.row, players: this.players, spectators: this.spectators, hideHands, base };
    return base;
  }

  /** The seats as clients see them: made once per row and presence (the same array for every frame until one changes). */
  seatInfo(): readonly SeatInfo[] {
    const c = this.seatCache;
    if (c && c.row === this.row && c.players === this.players) return c.seats;
    const seats = seatsSeen(this.row.seats, (id) => this.players.has(id), (id) => this.away.get(id));
    this.seatCache = { row: this.row, players: this.players, seats };
    return seats;
  }

  /** Whether the game is over. */
  get over(): boolean {
    return this.game !== null && stageOf(this.game) === 'gameOver';
  }
}

/** A table without timed steps or a store (tests of the caps; a look at a row). */
export const liveTable = (row: TableRow): LiveTable => new LiveTable(row, () => ({ pace: { think: () => 0, catchAfter: () => 0, hold: 0, roundPause: null } }));

export const statusOf = (t: LiveTable): TableStatus => t.status();
export const seatInfo = (t: LiveTable): readonly SeatInfo[] => t.seatInfo();
export const seatOf = (t: LiveTable, playerId: string): Seat | null => seatOfPlayer(t.row.seats, playerId);

/** A finished game's id (its record's address). */
export function gameId(t: LiveTable): string {
  return `${t.row.id}-${t.row.gameNo}`;
}

/**
 * A new invite code from the protocol's alphabet: 6 characters for a table in
 * the lobby, 10 for a private one (31¹⁰ ≈ 8·10¹⁴ codes: with the look-up limit
 * per address, guessing a live table's code takes longer than the table lives).
 */
export function newCode(length: 6 | 10): string {
  let s = '';
  for (let i = 0; i < length; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}
