/**
 * What the table coordinator needs from the world, as interfaces (ports):
 * storage, pub/sub between the coordinator and the connections, and a clock.
 * Adapters: `KyselyStore` (SQLite or PostgreSQL); for one process
 * `LocalPubSub`, `LocalScheduler`, `LocalPresence`; for several processes
 * `RedisPubSub`, `QueueScheduler` (BullMQ) (cluster.ts) and `RedisPresence` (redis-presence.ts).
 */
import type { Avatar, BotLevel, Reaction, TableStatus, TableSummary, Tempo } from '@olsen/protocol';
import type { GameName } from '@olsen/engine';
import type { ComputerMoves } from '@olsen/bots';
import type { Step, TableSeat } from '@olsen/table';
import type { Review } from '@olsen/bots';
import type { BotAnswer, BotTask } from './bot-worker.js';
import type { Limits } from './config.js';
import type { Guest } from './identity.js';

/** A seat as stored: open, a person (maybe stood in for by a bot), or a bot. */
export type StoredSeat = TableSeat;

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
  /** The table's pace (absent: `normal`). */
  readonly tempo?: Tempo;
  /** Played over days ("Spill over tid"): `turnSeconds` per move, nobody need be here (absent: a live table). */
  readonly turnBased?: boolean;
  readonly status: TableStatus | 'closed';
  readonly gameNo: number;
  /** Secret: the deals of the current game follow from it. Never sent to a client. */
  readonly seed: string;
  readonly createdAt: number;
  /** The row's revision: every `updateTable` checks it and moves it on (optimistic concurrency across processes). */
  readonly rev: number;
  /** The day (YYYY-MM-DD) whose daily deal this table plays, or null for any other table. */
  readonly daily?: string | null;
  /** The people who asked for a rematch after game `gameNo` (the table's, whichever process each asked on). */
  readonly rematch?: readonly string[];
}

/** A device's Web Push subscription (push.ts). */
export interface PushSubscriptionRow {
  readonly playerId: string;
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
  /** The language the device's page speaks (the notification's words). */
  readonly lang: string;
  readonly createdAt: number;
}

/** A player's game of the day's deal ("Dagens giv"). */
export interface DailyEntry {
  readonly date: string;
  readonly game: GameName;
  readonly playerId: string;
  readonly name: string;
  readonly tableId: string;
  readonly code: string;
  /** Set once the game is over. */
  readonly gameId: string | null;
  readonly place: number | null;
  readonly points: number | null;
  readonly moves: number | null;
  readonly finishedAt: number | null;
}

export interface DailyResult {
  readonly gameId: string;
  readonly place: number;
  readonly points: number | null;
  readonly moves: number;
  readonly finishedAt: number;
}

/** One entry of a table's move log: an accepted action, or the deal of the next round. */
export type { Move } from '@olsen/table';
import type { Move } from '@olsen/table';

export interface FinishedGame {
  readonly id: string;
  readonly tableId: string;
  readonly gameNo: number;
  readonly game: GameName;
  readonly record: unknown;
  readonly finishedAt: number;
  /** Per seat: who (a player id, or `bot:<level>`), the final place (1 = best) and whether they won. */
  /** Per seat; `left`: the computer finished it for a person who had left; `ratedAs`: whose rating the result moves. */
  readonly seats: readonly { readonly playerId: string; readonly place: number; readonly won: boolean; readonly left: boolean; readonly ratedAs: string }[];
  /** The moves the computer made for people, by round (the table runner's marks; a review does not judge them). */
  readonly computerMoves?: readonly ComputerMoves[];
}

/** A device a profile is on (a token made for it): its own tokens name it, and it can be signed out from another. */
export interface DeviceRow {
  readonly id: string;
  readonly playerId: string;
  /** What the device said it is when its token was made ("Chrome · Android"), for the person to tell them apart. */
  readonly label: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
  readonly signedOutAt: number | null;
}

/** A one-time code that moves a guest's profile (id, name, avatar, the device's own statistics) to another device. */
export interface ProfileCode {
  readonly code: string;
  readonly playerId: string;
  readonly name: string;
  readonly avatar: Avatar | null;
  /** What the device keeps itself (its games against the computer), passed on as it came. */
  readonly local: unknown;
  readonly expiresAt: number;
}

export interface PlayerStats {
  readonly game: GameName;
  readonly games: number;
  readonly wins: number;
  /** Games the computer finished for the player after they left: in `games`, never in `wins`, `meanPlace` or the rating. */
  readonly left: number;
  /** Over the games played to the end (null: every game was left). */
  readonly meanPlace: number | null;
  /** `strength`: the figure people are shown (`strengthOf`: 1,000 at the start, never negative). */
  readonly rating: { readonly mu: number; readonly sigma: number; readonly ordinal: number; readonly strength: number } | null;
}

/** Thrown by `appendMove` when the slot is taken, or by `updateTable` when the row has moved on: another writer got there first. */
export class VersionConflict extends Error {
  constructor(readonly tableId: string, readonly seq: number) {
    super(`Table ${tableId} changed under this write (at ${seq}).`);
  }
}

export type TablePatch = Partial<Pick<TableRow, 'seats' | 'status' | 'gameNo' | 'seed' | 'host' | 'rematch'>>;

export interface Store {
  /** Creates the schema if needed. */
  init(): Promise<void>;
  /** A value kept across restarts (e.g. the token secret), created by `make` the first time. */
  setting(key: string, make: () => string): Promise<string>;
  savePlayer(id: string, name: string): Promise<void>;
  createTable(row: TableRow): Promise<void>;
  /** Applies `patch` if the row is still at revision `rev`; returns the new revision, or throws `VersionConflict`. */
  updateTable(id: string, rev: number, patch: TablePatch): Promise<number>;
  /** One table by its code (any status), or null. */
  table(code: string): Promise<TableRow | null>;
  /** Codes of the waiting or playing tables where the player has a seat. */
  tablesOfPlayer(playerId: string): Promise<string[]>;
  /** Durably appends a move at `seq` (0-based per game); `VersionConflict` if that slot is taken. */
  appendMove(tableId: string, gameNo: number, seq: number, move: Move): Promise<void>;
  /** The move log of one game from slot `from` (default 0) on. */
  moves(tableId: string, gameNo: number, from?: number): Promise<Move[]>;
  /** Tables to restore on start: waiting or playing (finished and closed tables stay in the database only). */
  liveTables(): Promise<TableRow[]>;
  /** Stores a finished game's record, the places, and updates ratings, in one transaction. */
  finishGame(g: FinishedGame, rate: (current: Map<string, { mu: number; sigma: number } | null>) => Map<string, { mu: number; sigma: number }>): Promise<void>;
  record(gameId: string): Promise<unknown | null>;
  saveProfileCode(p: ProfileCode): Promise<void>;
  /** The devices a profile is on (devices.ts): kept when a token is made, seen now and then, signed out from another. */
  saveDevice(d: DeviceRow): Promise<void>;
  devices(playerId: string): Promise<DeviceRow[]>;
  seenDevice(id: string, at: number): Promise<void>;
  /** Signs out the profile's device `id`; false when the profile has no such device (or it is signed out already). */
  signOutDevice(playerId: string, id: string, at: number): Promise<boolean>;
  /** Every signed-out device (their tokens are refused). */
  signedOutDevices(): Promise<string[]>;
  /** Web Push subscriptions (push.ts): a person's devices, kept and removed by endpoint. */
  pushSubscriptions(playerId: string): Promise<PushSubscriptionRow[]>;
  savePushSubscription(s: PushSubscriptionRow): Promise<void>;
  removePushSubscription(endpoint: string): Promise<void>;
  /** The code's profile, deleted as it is read (a code works once); null when there is none or it has expired. */
  takeProfileCode(code: string, now: number): Promise<ProfileCode | null>;
  /** The moves the computer made for people in a finished game (empty when none, or for a game finished before they were kept). */
  computerMoves(gameId: string): Promise<readonly ComputerMoves[]>;
  stats(playerId: string): Promise<PlayerStats[]>;
  /** The player's entry for a day's deal of a game (a table started, perhaps finished), or null. */
  dailyEntry(date: string, game: GameName, playerId: string): Promise<DailyEntry | null>;
  /** Records that the player started the day's deal at a table; false if there was an entry already. */
  startDaily(entry: DailyEntry): Promise<boolean>;
  /** The day's deal at this table (game 1 of it) is over: its game id and the player's result. */
  finishDaily(tableId: string, result: DailyResult): Promise<void>;
  /** The entry of a finished game of the day's deal by its game id, or null (not a daily game). */
  dailyOfGame(gameId: string): Promise<DailyEntry | null>;
  /** The day's finished games of a game, best first (place, points, moves, then who finished first). */
  dailyResults(date: string, game: GameName, limit: number): Promise<DailyEntry[]>;
  /** The player's own daily games, newest first. */
  dailyHistory(playerId: string, limit: number): Promise<DailyEntry[]>;
  /** Keeps a finished daily game's review (JSON) so it is computed once. */
  saveDailyReview(gameId: string, review: string): Promise<void>;
  dailyReview(gameId: string): Promise<string | null>;
  close(): Promise<void>;
}

/** What changed: the table, who changed it, and the timers that only the changer knows. */
/** Someone at a table reacted (issue 38): passed on to its followers, kept nowhere. */
export interface TableReaction {
  readonly kind: 'reaction';
  readonly code: string;
  readonly origin: string;
  readonly seat: number;
  readonly reaction: Reaction;
}

export interface TableChange {
  readonly code: string;
  /** The process that made the change (`Coordinator.id`): others refresh their copy from the store. */
  readonly origin: string;
  readonly deadline: number | null;
  readonly nextRoundAt: number | null;
  /** The runner's `catchBy` (absent: null). */
  readonly catchBy?: number | null;
  /** The table is in the public lobby (other processes load such tables to list them). */
  readonly listed: boolean;
  /**
   * When the change is only moves appended to the game's log: them, from slot
   * `seq` of game `gameNo`. A copy that holds every move before them applies
   * them itself; any other copy reloads from the store.
   */
  readonly moves?: { readonly gameNo: number; readonly seq: number; readonly list: readonly Move[] };
  /**
   * The sender let its copy go (no connection there follows the table, another process serves it): a process
   * that holds the table queues its next steps, as the ones queued by the sender are no longer run there.
   */
  readonly handOver?: true;
}

/** A listed table as the public lobby shows it, from the process that holds it (null: no longer listed there). */
export interface LobbyChange {
  readonly code: string;
  readonly origin: string;
  readonly summary: TableSummary | null;
}

/** A device signed out of its profile, from process `origin`. */
export interface SignedOut {
  readonly device: string;
  readonly origin: string;
}

/**
 * Pub/sub between whoever changes a table and whoever holds its connections.
 * A process hears a table's changes only while it follows the table (it holds
 * a copy: its players' connections, a request, a job), so the messages a
 * process handles grow with the tables it serves, not with the cluster's.
 */
export interface PubSub {
  publish(change: TableChange): void;
  subscribe(handler: (change: TableChange) => void): () => void;
  /** Hear the changes of table `code` from now on (resolves once they will arrive). */
  follow(code: string): Promise<void>;
  unfollow(code: string): void;
  /** The lobby's entries go to every process (only when an entry changes: seats or status, never a move). */
  publishLobby(change: LobbyChange): void;
  subscribeLobby(handler: (change: LobbyChange) => void): () => void;
  /** A device signed out of its profile goes to every process (their connections of it close, its tokens are refused). */
  publishSignOut(s: SignedOut): void;
  subscribeSignOut(handler: (s: SignedOut) => void): () => void;
  /** A reaction at table `code` goes to every process that follows the table (on the table's own channel). */
  publishReaction(r: TableReaction): void;
  subscribeReaction(handler: (r: TableReaction) => void): () => void;
  /** Change messages received from other processes (for /metrics). */
  readonly received: number;
  close(): Promise<void>;
}

/** A timed step of a table: a bot's move, a turn running out, the next deal, a player gone for good, a game nobody follows closed. */
/**
 * `away`: a player's grace period ended. `arrivals` is their count of arrivals at the table when they left
 * (`Presence.arrivals`): a job whose player has arrived since is for an earlier absence, and does nothing.
 */
export type TableJob =
  | (Step & { readonly code: string })
  | { readonly kind: 'away'; readonly code: string; readonly playerId: string; readonly arrivals?: number }
  /** A turn-based table: a quarter of the person's time is left (a reminder by push, if they have not moved). */
  | { readonly kind: 'remind'; readonly code: string; readonly gameNo: number; readonly version: number; readonly playerId: string };

/**
 * Runs table jobs after a delay, once. Jobs carry the table's version and are
 * dropped if the table has moved on, so a scheduler need not cancel them;
 * `cancel` is a courtesy for the one-process scheduler.
 */
export interface Scheduler {
  schedule(job: TableJob, ms: number): void;
  cancel(code: string): void;
  /** Starts running jobs with `run` (which must not throw). */
  start(run: (job: TableJob) => Promise<void>): void;
  close(): Promise<void>;
}

/** Who follows a table, over every process: connections per seated player, and spectators. */
export interface Presence {
  add(code: string, playerId: string | null): Promise<void>;
  /** Removes one connection; resolves to how many connections that player still has at the table (any process). */
  remove(code: string, playerId: string | null): Promise<number>;
  /** Who is here, and when the computer takes over from each seated player who dropped (ms since the epoch). */
  read(code: string): Promise<{ readonly players: ReadonlySet<string>; readonly spectators: number; readonly away: ReadonlyMap<string, number> }>;
  /** Notes when the computer takes over from a player who dropped (cleared by their next arrival): every process's frames show it. */
  markAway(code: string, playerId: string, until: number): Promise<void>;
  /** How many times the player's connections have arrived at the table (any process): tells one absence from the next. */
  arrivals(code: string, playerId: string): Promise<number>;
  /** Whether another live process holds connections to the table (it serves the table; this one need not load it). */
  servedElsewhere(code: string): Promise<boolean>;
  close(): Promise<void>;
}

export type TimerHandle = { readonly cancel: () => void };

export interface Clock {
  now(): number;
  after(ms: number, fn: () => void): TimerHandle;
}

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Where computer players think (`BotPool`: search levels in worker threads), as the domain sees it. */
export interface Thinker {
  /** A decision; `key` is whose queue it waits in (a fair share each), `fellBack` says it was made at a weaker level. */
  decide(task: BotTask, key?: string): Promise<BotAnswer & { fellBack?: 'queue' | 'thread' }>;
  /** A finished game's review for one seat. */
  review(record: unknown, seat: number): Promise<Review>;
}

export interface CoordinatorOptions {
  readonly store: Store;
  readonly pubsub: PubSub;
  readonly scheduler: Scheduler;
  readonly presence: Presence;
  readonly clock: Clock;
  readonly log: Logger;
  /** Where bots think (search levels in worker threads). */
  readonly bots: Thinker;
  /** Caps on running games and search bots, and when a game nobody follows is closed. */
  readonly limits: Limits;
  /** This process's name in pub/sub messages and presence (default: random). */
  readonly id?: string;
  /** Several processes share the tables (scale-out): look in the store for what may not be in memory yet. */
  readonly shared?: boolean;
  /** A `medium` bot's think time (ms); the other levels' follow from it (README, "Bots at the table"). */
  readonly botDelayMs: number;
  /** How long after a forgotten call the strongest bots catch it (ms; the others later). */
  readonly catchDelayMs?: number;
  /** Pause between a round's end and the next deal (ms). */
  readonly roundPauseMs: number;
  /** How long a dropped player keeps their seat before a bot takes over (ms). */
  readonly reconnectGraceMs: number;
  /** A turn-based table's time per move, in seconds, instead of the hours chosen (tests; default: the hours). */
  readonly turnBasedMoveSeconds?: number;
  /** How long a finished table stays in memory for a rematch (ms). */
  readonly finishedTtlMs: number;
  /** Where each game's deal seed comes from (default: 12 random bytes). */
  readonly seeds?: () => string;
}

/** Who asks: the guest, and the address their connection comes from (caps per address). */
export interface Caller extends Guest {
  readonly address?: string;
}
