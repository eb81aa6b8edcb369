/**
 * A table as one process holds it (`LiveTable`), and what is read off it
 * without changing it: the update a client sees, seat names, codes.
 */
import { randomInt } from 'node:crypto';
import { seedFromString } from '@olsen/engine/sim';
import { botName } from '@olsen/bots';
import { stageOf, viewOf, type AnyGame, type AnyView, type Seat } from '@olsen/engine';
import { CODE_ALPHABET, type SeatInfo, type TableStatus, type TableUpdate } from '@olsen/protocol';
import type { Move, TableRow, TimerHandle } from './ports.js';

export interface LiveTable {
  row: TableRow;
  game: AnyGame | null;
  /** Moves written for the current game (the next move's slot). */
  seq: number;
  deadline: number | null;
  nextRoundAt: number | null;
  /** Seated players with a connection (any process), and spectators. */
  players: ReadonlySet<string>;
  spectators: number;
  /** Another process changed the table: reload before use. */
  stale: boolean;
  /**
   * Moves another process wrote and sent along with its change message, in
   * order from slot `seq` of game `gameNo`: applied at the next use instead of
   * reading the store (the engine is deterministic), if this copy still ends
   * where they start. Null when a change came without its moves.
   */
  inbox: { gameNo: number; seq: number; moves: Move[] } | null;
  /**
   * Moves this process wrote since it last published a change (from slot
   * `from`), sent with the next change if they are all of it (`pure`: no row
   * change came with them).
   */
  outbox: { from: number; moves: Move[]; pure: boolean };
  /** A write failed without an answer (a timeout): it may land late, so reload and settle before use. */
  uncertain: boolean;
  evict: TimerHandle | null;
  /** Who asked for a rematch after game `gameNo` (every person must, bots always do). */
  rematch: { gameNo: number; ids: Set<string> };
  /** This round's log positions of moves the turn timer made (round and positions). */
  timerMoves: { round: number; at: number[] };
  /** The bots' random state, from the table's seed. */
  bots: Int32Array;
  /** The address the table was made from (caps per address); null for a table restored from the store. */
  hostAddress: string | null;
  /** No person is connected: the bots wait (and the game is closed after a while). */
  paused: boolean;
  /** The seats as clients see them, for the row and presence they were made from. */
  seatCache: { row: TableRow; players: ReadonlySet<string>; seats: readonly SeatInfo[] } | null;
  /** The lobby entry last published for this table (listed tables): a new one goes out only when it differs. */
  lobbyKey: string | null;
}


export function liveTable(row: TableRow): LiveTable {
  const bots = new Int32Array(6);
  // The daily deal's tables share the day's seed; their players' dice are the entry's own (its table id), so a
  // line scouted at one table is not answered move for move at another.
  seedFromString(bots, 0, row.daily ? `${row.seed}/bots/${row.id}` : `${row.seed}/bots`);
  return { row, game: null, seq: 0, deadline: null, nextRoundAt: null, players: new Set(), spectators: 0, stale: false, inbox: null, outbox: { from: 0, moves: [], pure: true }, uncertain: false, evict: null, bots, timerMoves: { round: -1, at: [] }, rematch: { gameNo: -1, ids: new Set() }, hostAddress: null, paused: false, seatCache: null, lobbyKey: null };
}

/** The update for one connection: the table's public state and the engine's view for its seat. */
export function updateOf(t: LiveTable, playerId: string | null, hideHands = false): TableUpdate {
  const seat = playerId === null ? null : seatOf(t, playerId);
  // Made afresh for each push, not kept on the table: a view kept until the table's next move outlived two
  // young-generation collections and was promoted, and the old generation's collections (a core's work for a
  // few hundred ms at 5,000 players) were what held every move up in the slowest hundredth.
  let view: AnyView | null = t.game ? viewOf(t.game, seat) : null;
  // The daily deal during its day: the other hands laid down at the end are not shown (the next player's deal is the same).
  if (hideHands && view && 'revealed' in view && view.revealed) view = { ...view, revealed: view.revealed.map((h, s) => (s === seat || h?.length === 0 ? h : null)) };
  const hostSeat = t.row.seats.findIndex((s) => s.kind === 'human' && s.playerId === t.row.host);
  // Every field always present (`undefined` where there is nothing, which JSON leaves out): one object shape for
  // every update, so the code that copies and serialises them stays on V8's fast paths.
  return {
    code: t.row.code,
    game: t.row.game,
    status: statusOf(t),
    gameNo: t.row.gameNo,
    seats: seatInfo(t),
    you: seat,
    host: Math.max(0, hostSeat),
    spectators: t.spectators,
    turnSeconds: t.row.turnSeconds,
    deadline: t.deadline,
    nextRoundAt: t.nextRoundAt,
    view,
    rules: t.row.rules,
    rematchAsked:
      t.game && stageOf(t.game) === 'gameOver' && t.rematch.gameNo === t.row.gameNo
        ? t.row.seats.flatMap((s, i) => (s.kind === 'human' && t.rematch.ids.has(s.playerId) ? [i] : []))
        : undefined,
    timerMoves: t.game && t.timerMoves.round === t.game.rounds.length - 1 && t.timerMoves.at.length ? t.timerMoves.at : undefined,
    recordId: t.game && stageOf(t.game) === 'gameOver' ? gameId(t) : null,
    daily: t.row.daily ? true : undefined,
    logFrom: undefined,
    kept: undefined,
  };
}

export function statusOf(t: LiveTable): TableStatus {
  if (!t.game) return 'waiting';
  const stage = stageOf(t.game);
  return stage === 'gameOver' ? 'finished' : stage === 'roundOver' ? 'roundOver' : 'playing';
}

/** The seats as clients see them: made once per row and presence (the same array for every frame until one changes). */
export function seatInfo(t: LiveTable): readonly SeatInfo[] {
  const c = t.seatCache;
  if (c && c.row === t.row && c.players === t.players) return c.seats;
  const seats = t.row.seats.map((s): SeatInfo => {
    if (s.kind === 'open') return { kind: 'open', name: null, level: null, connected: false, standIn: false };
    if (s.kind === 'bot') return { kind: 'bot', name: s.name, level: s.level, connected: true, standIn: false };
    return { kind: 'human', name: s.name, level: s.standIn, connected: t.players.has(s.playerId), standIn: s.standIn !== null };
  });
  t.seatCache = { row: t.row, players: t.players, seats };
  return seats;
}

export function seatOf(t: LiveTable, playerId: string): Seat | null {
  const i = t.row.seats.findIndex((s) => s.kind === 'human' && s.playerId === playerId);
  return i < 0 ? null : i;
}

/** The players' names for the engine (open seats get the bot name they will have). */
export function seatNames(row: TableRow): string[] {
  return row.seats.map((s, i) => (s.kind === 'open' ? botName(i) : s.name));
}

/** A computer player's name for `seat`, one nobody at the table has yet (`taken`): the bots' one list. */
export { botName };

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
