/**
 * What the table coordinator needs from the world, as interfaces (ports):
 * storage, pub/sub between the coordinator and the connections, and a clock.
 * Adapters: `KyselyStore` (SQLite or PostgreSQL), `LocalPubSub`,
 * `systemClock`; tests and the scale-out issue plug in others.
 */
import type { BotLevel, TableStatus } from '@olsen/protocol';
import type { GameName } from '@olsen/engine';

/** A seat as stored: open, a person (maybe stood in for by a bot), or a bot. */
export type StoredSeat =
  | { readonly kind: 'open' }
  | { readonly kind: 'bot'; readonly level: BotLevel; readonly name: string }
  | { readonly kind: 'human'; readonly playerId: string; readonly name: string; readonly standIn: BotLevel | null };

export interface TableRow {
  readonly id: string;
  readonly code: string;
  readonly host: string;
  readonly game: GameName;
  readonly rules: Readonly<Record<string, unknown>>;
  readonly seats: readonly StoredSeat[];
  readonly listed: boolean;
  readonly turnSeconds: number | null;
  readonly fillLevel: BotLevel;
  readonly status: TableStatus | 'closed';
  readonly gameNo: number;
  /** Secret: the deals of the current game follow from it. Never sent to a client. */
  readonly seed: string;
  readonly createdAt: number;
}

/** One entry of a table's move log: an accepted action, or the deal of the next round. */
export type Move = { readonly action: unknown } | { readonly next: true };

export interface FinishedGame {
  readonly id: string;
  readonly tableId: string;
  readonly gameNo: number;
  readonly game: GameName;
  readonly record: unknown;
  readonly finishedAt: number;
  /** Per seat: who (a player id, or `bot:<level>`), the final place (1 = best) and whether they won. */
  readonly seats: readonly { readonly playerId: string; readonly place: number; readonly won: boolean }[];
}

export interface PlayerStats {
  readonly game: GameName;
  readonly games: number;
  readonly wins: number;
  readonly meanPlace: number;
  readonly rating: { readonly mu: number; readonly sigma: number; readonly ordinal: number } | null;
}

/** Thrown by `appendMove` when the slot is taken: another writer got there first. */
export class VersionConflict extends Error {
  constructor(readonly tableId: string, readonly seq: number) {
    super(`Move ${seq} of table ${tableId} was already written.`);
  }
}

export interface Store {
  /** Creates the schema if needed. */
  init(): Promise<void>;
  /** A value kept across restarts (e.g. the token secret), created by `make` the first time. */
  setting(key: string, make: () => string): Promise<string>;
  savePlayer(id: string, name: string): Promise<void>;
  createTable(row: TableRow): Promise<void>;
  updateTable(id: string, patch: Partial<Pick<TableRow, 'seats' | 'status' | 'gameNo' | 'seed' | 'host'>>): Promise<void>;
  /** Durably appends a move at `seq` (0-based per game); `VersionConflict` if that slot is taken. */
  appendMove(tableId: string, gameNo: number, seq: number, move: Move): Promise<void>;
  moves(tableId: string, gameNo: number): Promise<Move[]>;
  /** Tables to restore on start: waiting or playing (finished and closed tables stay in the database only). */
  liveTables(): Promise<TableRow[]>;
  /** Stores a finished game's record, the places, and updates ratings, in one transaction. */
  finishGame(g: FinishedGame, rate: (current: Map<string, { mu: number; sigma: number } | null>) => Map<string, { mu: number; sigma: number }>): Promise<void>;
  record(gameId: string): Promise<unknown | null>;
  stats(playerId: string): Promise<PlayerStats[]>;
  close(): Promise<void>;
}

/** Pub/sub between whoever changes a table and whoever holds its connections. */
export interface PubSub {
  publish(code: string): void;
  subscribe(handler: (code: string) => void): () => void;
  close(): Promise<void>;
}

export type TimerHandle = { readonly cancel: () => void };

export interface Clock {
  now(): number;
  after(ms: number, fn: () => void): TimerHandle;
}
