/**
 * The storage adapter: one kysely schema over embedded SQLite (better-sqlite3,
 * the default, in a data folder) or PostgreSQL (when a database URL is given).
 *
 * A table's state is its record: the move log (`moves`, one row per accepted
 * action or deal, primary key table/game/seq) is appended before the action
 * is acknowledged, and a restart replays it.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Generated, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { GameName } from '@olsen/engine';
import { ordinal } from 'openskill';
import { ConfigError } from './config.js';
import { migrate } from './migrations.js';
import type { ComputerMoves } from '@olsen/bots';
import { strengthOf } from './results.js';
import { isAvatar, type Avatar, type Tempo } from '@olsen/protocol';
import { VersionConflict, type DeviceRow, type ProfileCode, type PushSubscriptionRow, type DailyEntry, type DailyResult, type FinishedGame, type Move, type PlayerStats, type Store, type TablePatch, type TableRow } from './ports.js';

interface DB {
  meta: { key: string; value: string };
  players: { id: string; name: string; created_at: number };
  profile_codes: { code: string; player_id: string; name: string; avatar: string | null; local: string | null; expires_at: number };
  devices: { id: string; player_id: string; label: string; created_at: number; last_seen_at: number; signed_out_at: number | null };
  push_subscriptions: { endpoint: string; player_id: string; p256dh: string; auth: string; lang: string; created_at: number };
  tables: {
    id: string;
    code: string;
    host: string;
    game: string;
    rules: string;
    seats: string;
    listed: number;
    turn_seconds: number | null;
    fill_level: string;
    tempo: string;
    turn_based: number;
    rematch: string | null;
    status: string;
    game_no: number;
    seed: string;
    created_at: number;
    updated_at: number;
    rev: Generated<number>;
    daily: string | null;
  };
  moves: { table_id: string; game_no: number; seq: number; body: string };
  games: { id: string; table_id: string; game_no: number; game: string; record: string; finished_at: number; computer_moves: string | null };
  game_players: { game_id: string; seat: number; player_id: string; place: number; won: number; left_game: Generated<number> };
  ratings: { player_id: string; game: string; mu: number; sigma: number; games: Generated<number> };
  daily: {
    date: string;
    game: string;
    player_id: string;
    name: string;
    table_id: string;
    code: string;
    game_id: string | null;
    place: number | null;
    points: number | null;
    moves: number | null;
    finished_at: number | null;
    review: string | null;
  };
}

export interface StoreOptions {
  /** PostgreSQL URL; without it, SQLite in `dataDir`. */
  readonly databaseUrl?: string | null;
  /** PostgreSQL schema to use (created if missing); default `public`. */
  readonly schema?: string | null;
  readonly dataDir?: string;
  /** A database connection that failed outside any request (logged, never fatal). */
  readonly onError?: (e: Error) => void;
  /** PostgreSQL: the statement and connection timeout (ms; default 10 s, connections half of it). */
  readonly dbTimeoutMs?: number;
  /** SQLite: `full` (default) fsyncs every commit; `normal` leaves it to checkpoints. */
  readonly sqliteSync?: 'full' | 'normal';
  /** SQLite: the least time between two commits of moves (ms; 0 or absent: none); see `appendMove`. */
  readonly commitDelayMs?: number;
  /** A stored table that does not read back (its table is closed; logged). */
  readonly onCorrupt?: (e: CorruptRow) => void;
}

/** A stored row that does not read back (hand-edited, a disk fault): names the table and the database it is in. */
export class CorruptRow extends Error {
  constructor(readonly code: string, readonly where: string, readonly what: string) {
    super(`Table ${code} in ${where} is damaged (${what}); the table is closed, the rest of the server goes on.`);
  }
}

const isUniqueViolation = (e: unknown): boolean => {
  const code = (e as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

interface PendingMove {
  readonly tableId: string;
  readonly gameNo: number;
  readonly seq: number;
  readonly body: string;
  readonly resolve: () => void;
  readonly reject: (e: unknown) => void;
}

export class KyselyStore implements Store {
  readonly db: Kysely<DB>;
  readonly kind: 'sqlite' | 'postgres';
  private readonly schema: string | null;
  /** SQLite only: moves waiting for this turn of the event loop's group commit. */
  private pending: PendingMove[] = [];
  private insertMove: ((m: PendingMove) => void) | null = null;
  /** SQLite: when the last commit of moves began (performance.now()), and the commit delay. */
  private lastFlush = -Infinity;
  /**
   * SQLite: whether the last commit held the moves of two tables or more. Only then does the next one wait out
   * the delay (as PostgreSQL's `commit_siblings`): a table's next move comes only after this one is
   * acknowledged, so when one table alone is writing (bots at full speed, a test) waiting would join nothing.
   */
  private lastFlushShared = false;
  private readonly commitDelayMs: number;
  private flushTimer: NodeJS.Timeout | null = null;
  private insertMoves: ((ms: PendingMove[]) => void) | null = null;

  private readonly onCorrupt: ((e: CorruptRow) => void) | undefined;

  constructor(o: StoreOptions) {
    this.onCorrupt = o.onCorrupt;
    if (o.databaseUrl) {
      this.commitDelayMs = 0;
      this.kind = 'postgres';
      this.schema = o.schema ?? null;
      this.where = `PostgreSQL${this.schema ? ` schema ${this.schema}` : ''}`;
      // Bounded waits: a hung server answers `internal` ("not played") instead of holding a table for ever.
      const onError = (e: Error): void => o.onError?.(e);
      // Every client listens for 'error' for its whole life: connecting, checked out and idle. The pool's own
      // listener covers idle clients only, and a connection cut while a client is checked out (a failover, a
      // proxy restart after a hang) would otherwise be an unhandled 'error' that ends the process. The broken
      // client's query fails, and the pool drops it on release.
      class GuardedClient extends pg.Client {
        constructor(config?: pg.ClientConfig) {
          super(config);
          this.on('error', onError);
        }
      }
      // Bounded waits: a hung server answers `internal` ("not played") instead of holding a table for ever.
      const pool = new pg.Pool({
        Client: GuardedClient,
        connectionString: o.databaseUrl,
        max: 10,
        connectionTimeoutMillis: Math.ceil((o.dbTimeoutMs ?? 10_000) / 2),
        query_timeout: o.dbTimeoutMs ?? 10_000,
        statement_timeout: o.dbTimeoutMs ?? 10_000,
        idleTimeoutMillis: 30_000,
        // The schema is set as the connection starts (no query of its own to fail or race).
        ...(this.schema ? { options: `-c search_path=${this.schema}` } : {}),
      });
      // Idle clients' errors also reach the pool (logged, never fatal).
      pool.on('error', onError);
      this.db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    } else {
      this.kind = 'sqlite';
      this.schema = null;
      this.commitDelayMs = o.commitDelayMs ?? 0;
      const dir = resolve(o.dataDir ?? 'data');
      // The kernel's own file systems take no database (and making folders in /proc can spin for ever).
      if (/^\/(proc|sys|dev)(\/|$)/.test(dir)) throw new ConfigError(`DATA_DIR (${dir}) is inside /proc, /sys or /dev; set it to a folder on a disk this user may write.`);
      try {
        mkdirSync(dir, { recursive: true });
      } catch (e) {
        throw new ConfigError(`Cannot make the data folder ${dir} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); set DATA_DIR to a folder this user may write.`);
      }
      const path = join(dir, 'olsen.sqlite');
      let file: Database.Database;
      try {
        file = new Database(path);
      } catch (e) {
        throw new ConfigError(`Cannot open the database ${path} (${(e as Error).message}); set DATA_DIR to a folder this user may write.`);
      }
      this.where = path;
      // WAL with synchronous=FULL (the default): a committed move survives a crash of the process and of the
      // machine. NORMAL: it survives the process (kill -9), and the machine but for the last commits before a
      // power cut; no fsync per commit (OLSEN_SQLITE_SYNC, README).
      // The commit, fsync included, stays on the event loop: an fdatasync of the WAL on libuv's pool after a
      // NORMAL commit, and a thread that owned the database, were both measured (ARCHITECTURE.md, "cost per
      // move") and cost 10-15 % and 35 % more CPU per move, with no steadier p99, where fsync takes 0.16 ms.
      file.pragma('journal_mode = WAL');
      file.pragma(`synchronous = ${o.sqliteSync === 'normal' ? 'NORMAL' : 'FULL'}`);
      file.pragma('busy_timeout = 5000');
      this.db = new Kysely<DB>({ dialect: new SqliteDialect({ database: cachingStatements(file) }) });
      this.file = file;
    }
  }
  private file: Database.Database | null = null;
  /** The database file or server, for messages about a damaged row. */
  readonly where: string;

  /** Creates the schema's PostgreSQL namespace if needed, then runs the migrations not yet run (migrations.ts). */
  async init(): Promise<void> {
    if (this.schema) await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(this.schema)}`.execute(this.db);
    this.migrated = await migrate(this.db, this.kind, this.where, this.schema);
  }

  /** The migrations the last `init` ran (none when the database was up to date). */
  migrated: string[] = [];

  private prepareMoves(): void {
    if (!this.file) return;
    const stmt = this.file.prepare('INSERT INTO moves (table_id, game_no, seq, body) VALUES (?, ?, ?, ?)');
    this.insertMove = (m) => stmt.run(m.tableId, m.gameNo, m.seq, m.body);
    // One transaction, so one fsync, for every move of the batch.
    this.insertMoves = this.file.transaction((ms: PendingMove[]) => {
      for (const m of ms) stmt.run(m.tableId, m.gameNo, m.seq, m.body);
    });
  }

  /** SQLite: writes the moves gathered during one turn of the event loop in one transaction (group commit). */
  private flushMoves(): void {
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    this.lastFlush = performance.now();
    this.lastFlushShared = batch.some((m) => m.tableId !== batch[0].tableId);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    try {
      this.insertMoves!(batch);
      for (const m of batch) m.resolve();
      return;
    } catch {
      // Something in the batch failed (and the whole batch rolled back): write one by one to tell which.
    }
    for (const m of batch) {
      try {
        this.insertMove!(m);
        m.resolve();
      } catch (e) {
        m.reject(isUniqueViolation(e) ? new VersionConflict(m.tableId, m.seq) : e);
      }
    }
  }

  async setting(key: string, make: () => string): Promise<string> {
    const row = await this.db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
    if (row) return row.value;
    await this.db.insertInto('meta').values({ key, value: make() }).onConflict((oc) => oc.column('key').doNothing()).execute();
    // Another process may have won the race: read back what is stored.
    return (await this.db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirstOrThrow()).value;
  }

  async savePlayer(id: string, name: string): Promise<void> {
    await this.db.insertInto('players').values({ id, name, created_at: Date.now() }).onConflict((oc) => oc.column('id').doUpdateSet({ name })).execute();
  }

  async pushSubscriptions(playerId: string): Promise<PushSubscriptionRow[]> {
    const rows = await this.db.selectFrom('push_subscriptions').selectAll().where('player_id', '=', playerId).execute();
    return rows.map((r) => ({ endpoint: r.endpoint, playerId: r.player_id, p256dh: r.p256dh, auth: r.auth, lang: r.lang, createdAt: Number(r.created_at) }));
  }

  async savePushSubscription(s: PushSubscriptionRow): Promise<void> {
    const row = { endpoint: s.endpoint, player_id: s.playerId, p256dh: s.p256dh, auth: s.auth, lang: s.lang, created_at: s.createdAt };
    await this.db.insertInto('push_subscriptions').values(row).onConflict((oc) => oc.column('endpoint').doUpdateSet({ player_id: s.playerId, p256dh: s.p256dh, auth: s.auth, lang: s.lang })).execute();
  }

  async removePushSubscription(endpoint: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
  }

  async saveProfileCode(p: ProfileCode): Promise<void> {
    // Expired codes go as new ones come: the table holds only the last ten minutes' codes.
    await this.db.deleteFrom('profile_codes').where('expires_at', '<', p.expiresAt - 2 * 3_600_000).execute();
    await this.db.insertInto('profile_codes').values({ code: p.code, player_id: p.playerId, name: p.name, avatar: p.avatar ? JSON.stringify(p.avatar) : null, local: p.local === null ? null : JSON.stringify(p.local), expires_at: p.expiresAt }).execute();
  }

  async saveDevice(d: DeviceRow): Promise<void> {
    await this.db.insertInto('devices').values({ id: d.id, player_id: d.playerId, label: d.label, created_at: d.createdAt, last_seen_at: d.lastSeenAt, signed_out_at: d.signedOutAt })
      .onConflict((oc) => oc.column('id').doNothing()).execute();
  }

  async devices(playerId: string): Promise<DeviceRow[]> {
    const rows = await this.db.selectFrom('devices').selectAll().where('player_id', '=', playerId).orderBy('last_seen_at', 'desc').execute();
    return rows.map((r) => ({ id: r.id, playerId: r.player_id, label: r.label, createdAt: Number(r.created_at), lastSeenAt: Number(r.last_seen_at), signedOutAt: r.signed_out_at === null ? null : Number(r.signed_out_at) }));
  }

  async seenDevice(id: string, at: number): Promise<void> {
    await this.db.updateTable('devices').set({ last_seen_at: at }).where('id', '=', id).where('last_seen_at', '<', at).execute();
  }

  async signOutDevice(playerId: string, id: string, at: number): Promise<boolean> {
    const r = await this.db.updateTable('devices').set({ signed_out_at: at }).where('id', '=', id).where('player_id', '=', playerId).where('signed_out_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async signedOutDevices(): Promise<string[]> {
    return (await this.db.selectFrom('devices').select('id').where('signed_out_at', 'is not', null).execute()).map((r) => r.id);
  }

  async takeProfileCode(code: string, now: number): Promise<ProfileCode | null> {
    // Taken once: the row is deleted as it is read (DELETE … RETURNING in SQLite and PostgreSQL alike).
    const row = await this.db.deleteFrom('profile_codes').where('code', '=', code).returningAll().executeTakeFirst();
    if (!row || Number(row.expires_at) < now) return null;
    const avatar = row.avatar ? readJson<Avatar>(row.avatar, isAvatar) : null;
    const local = row.local ? readJson<unknown>(row.local, () => true) : null;
    return { code: row.code, playerId: row.player_id, name: row.name, avatar, local, expiresAt: Number(row.expires_at) };
  }

  async createTable(t: TableRow): Promise<void> {
    await this.db.insertInto('tables').values({
      id: t.id,
      code: t.code,
      host: t.host,
      game: t.game,
      rules: JSON.stringify(t.rules),
      seats: JSON.stringify(t.seats),
      listed: t.listed ? 1 : 0,
      turn_seconds: t.turnSeconds,
      fill_level: t.fillLevel,
      tempo: t.tempo ?? 'normal',
      turn_based: t.turnBased ? 1 : 0,
      rematch: t.rematch?.length ? JSON.stringify(t.rematch) : null,
      status: t.status,
      game_no: t.gameNo,
      seed: t.seed,
      created_at: t.createdAt,
      updated_at: t.createdAt,
      daily: t.daily ?? null,
    }).execute();
  }

  async updateTable(id: string, rev: number, p: TablePatch): Promise<number> {
    const r = await this.db.updateTable('tables').set({
      ...(p.seats !== undefined ? { seats: JSON.stringify(p.seats) } : {}),
      ...(p.status !== undefined ? { status: p.status } : {}),
      ...(p.gameNo !== undefined ? { game_no: p.gameNo } : {}),
      ...(p.seed !== undefined ? { seed: p.seed } : {}),
      ...(p.host !== undefined ? { host: p.host } : {}),
      ...(p.rematch !== undefined ? { rematch: p.rematch.length > 0 ? JSON.stringify(p.rematch) : null } : {}),
      updated_at: Date.now(),
      rev: rev + 1,
    }).where('id', '=', id).where('rev', '=', rev).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new VersionConflict(id, rev);
    return rev + 1;
  }

  async table(code: string): Promise<TableRow | null> {
    const r = await this.db.selectFrom('tables').selectAll().where('code', '=', code).executeTakeFirst();
    return r ? this.toRow(r) : null;
  }

  async tablesOfPlayer(playerId: string): Promise<string[]> {
    // Ids are base64url (a `_` in LIKE also matches itself): the pattern narrows, the filter decides.
    const rows = await this.db.selectFrom('tables').select(['code', 'seats']).where('status', 'in', ['waiting', 'playing'])
      .where('seats', 'like', `%${playerId}%`).execute();
    return rows.filter((r) => readJson<TableRow['seats']>(r.seats, isSeats)?.some((x) => x.kind === 'human' && x.playerId === playerId)).map((r) => r.code);
  }

  async appendMove(tableId: string, gameNo: number, seq: number, move: Move): Promise<void> {
    if (this.file) {
      // Acknowledged only once the batch's transaction has committed (synchronous=FULL): durable as before, one fsync per batch.
      if (!this.insertMoves) this.prepareMoves();
      return new Promise<void>((resolve, reject) => {
        this.pending.push({ tableId, gameNo, seq, body: JSON.stringify(move), resolve, reject });
        if (this.pending.length > 1) return;
        // A group commit: the moves of this turn of the event loop go in one transaction. Under load (the last
        // commit held several tables' moves and began less than the delay ago) it waits out the rest of the
        // delay, so the moves that arrive meanwhile share its fsync too (as PostgreSQL's commit_delay); a quiet
        // server, or one table alone, commits at once.
        const wait = this.lastFlushShared ? this.lastFlush + this.commitDelayMs - performance.now() : 0;
        if (wait > 0) this.flushTimer = setTimeout(() => this.flushMoves(), wait);
        else setImmediate(() => this.flushMoves());
      });
    }
    try {
      await this.db.insertInto('moves').values({ table_id: tableId, game_no: gameNo, seq, body: JSON.stringify(move) }).execute();
    } catch (e) {
      if (isUniqueViolation(e)) throw new VersionConflict(tableId, seq);
      throw e;
    }
  }

  async moves(tableId: string, gameNo: number, from = 0): Promise<Move[]> {
    const rows = await this.db.selectFrom('moves').select(['seq', 'body']).where('table_id', '=', tableId).where('game_no', '=', gameNo).where('seq', '>=', from).orderBy('seq').execute();
    return rows.map((r) => {
      const m = readJson<Move>(r.body, (x) => typeof x === 'object' && x !== null && ('action' in x || 'next' in x));
      if (!m) throw new CorruptRow(`${tableId}`, this.where, `move ${r.seq} of game ${gameNo} is not a move`);
      return m;
    });
  }

  async liveTables(): Promise<TableRow[]> {
    const rows = await this.db.selectFrom('tables').selectAll().where('status', 'in', ['waiting', 'playing']).execute();
    const out: TableRow[] = [];
    for (const r of rows) {
      try {
        out.push(this.toRow(r));
      } catch (e) {
        if (!(e instanceof CorruptRow)) throw e;
        // One damaged row closes its table only: the others are restored.
        this.onCorrupt?.(e);
        await this.db.updateTable('tables').set({ status: 'closed' }).where('id', '=', r.id).execute();
      }
    }
    return out;
  }

  /** A stored row as a `TableRow`, or `CorruptRow` naming what does not read back. */
  private toRow(r: Omit<DB['tables'], 'rev'> & { rev: number }): TableRow {
    const rules = readJson<Record<string, unknown>>(r.rules, (x) => typeof x === 'object' && x !== null && !Array.isArray(x));
    if (!rules) throw new CorruptRow(r.code, this.where, 'its rules are not a JSON object');
    const seats = readJson<TableRow['seats']>(r.seats, isSeats);
    if (!seats) throw new CorruptRow(r.code, this.where, 'its seats are not a list of seats');
    // A damaged list of asks is no reason to close a table: nobody has asked, then.
    const rematch = r.rematch ? (readJson<string[]>(r.rematch, (x) => Array.isArray(x) && x.every((id) => typeof id === 'string')) ?? []) : [];
    return { ...toRow(r), rules, seats, ...(rematch.length > 0 ? { rematch } : {}) };
  }

  async finishGame(g: FinishedGame, rate: (current: Map<string, { mu: number; sigma: number } | null>) => Map<string, { mu: number; sigma: number }>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('games')
        .values({ id: g.id, table_id: g.tableId, game_no: g.gameNo, game: g.game, record: JSON.stringify(g.record), finished_at: g.finishedAt, computer_moves: g.computerMoves?.length ? JSON.stringify(g.computerMoves) : null })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      // Finished once already (a restart between the last move and this write): nothing to count twice.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
      for (const [seat, s] of g.seats.entries()) {
        await trx.insertInto('game_players').values({ game_id: g.id, seat, player_id: s.playerId, place: s.place, won: s.won ? 1 : 0, left_game: s.left ? 1 : 0 }).execute();
      }
      // Ratings by whom the result counts for: a seat the computer finished for a person who left is its level's.
      const ids = [...new Set(g.seats.map((s) => s.ratedAs))];
      const rows = await trx.selectFrom('ratings').selectAll().where('game', '=', g.game).where('player_id', 'in', ids).execute();
      const current = new Map<string, { mu: number; sigma: number } | null>(ids.map((id) => [id, null]));
      for (const r of rows) current.set(r.player_id, { mu: Number(r.mu), sigma: Number(r.sigma) });
      for (const [id, r] of rate(current)) {
        await trx.insertInto('ratings').values({ player_id: id, game: g.game, mu: r.mu, sigma: r.sigma, games: 1 })
          .onConflict((oc) => oc.columns(['player_id', 'game']).doUpdateSet({ mu: r.mu, sigma: r.sigma, games: sql`ratings.games + 1` }))
          .execute();
      }
    });
  }

  async dailyEntry(date: string, game: GameName, playerId: string): Promise<DailyEntry | null> {
    const row = await this.db.selectFrom('daily').selectAll().where('date', '=', date).where('game', '=', game).where('player_id', '=', playerId).executeTakeFirst();
    return row ? dailyOf(row) : null;
  }

  async startDaily(e: DailyEntry): Promise<boolean> {
    try {
      await this.db.insertInto('daily').values({ date: e.date, game: e.game, player_id: e.playerId, name: e.name, table_id: e.tableId, code: e.code, game_id: null, place: null, points: null, moves: null, finished_at: null, review: null }).execute();
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  async finishDaily(tableId: string, r: DailyResult): Promise<void> {
    // Only the first game at the table is the day's deal (a rematch there is an ordinary game).
    await this.db.updateTable('daily').set({ game_id: r.gameId, place: r.place, points: r.points, moves: r.moves, finished_at: r.finishedAt }).where('table_id', '=', tableId).where('game_id', 'is', null).execute();
  }

  async dailyOfGame(gameId: string): Promise<DailyEntry | null> {
    const row = await this.db.selectFrom('daily').selectAll().where('game_id', '=', gameId).executeTakeFirst();
    return row ? dailyOf(row) : null;
  }

  async dailyResults(date: string, game: GameName, limit: number): Promise<DailyEntry[]> {
    const rows = await this.db.selectFrom('daily').selectAll().where('date', '=', date).where('game', '=', game).where('game_id', 'is not', null)
      .orderBy('place', 'asc').orderBy(sql`coalesce(points, 0)`, 'asc').orderBy('moves', 'asc').orderBy('finished_at', 'asc').limit(limit).execute();
    return rows.map(dailyOf);
  }

  async dailyHistory(playerId: string, limit: number): Promise<DailyEntry[]> {
    const rows = await this.db.selectFrom('daily').selectAll().where('player_id', '=', playerId).orderBy('date', 'desc').orderBy('game', 'asc').limit(limit).execute();
    return rows.map(dailyOf);
  }

  async saveDailyReview(gameId: string, review: string): Promise<void> {
    await this.db.updateTable('daily').set({ review }).where('game_id', '=', gameId).execute();
  }

  async dailyReview(gameId: string): Promise<string | null> {
    const row = await this.db.selectFrom('daily').select('review').where('game_id', '=', gameId).executeTakeFirst();
    return row?.review ?? null;
  }

  async record(gameId: string): Promise<unknown | null> {
    const row = await this.db.selectFrom('games').select('record').where('id', '=', gameId).executeTakeFirst();
    return row ? (JSON.parse(row.record) as unknown) : null;
  }

  async computerMoves(gameId: string): Promise<readonly ComputerMoves[]> {
    const row = await this.db.selectFrom('games').select('computer_moves').where('id', '=', gameId).executeTakeFirst();
    return row?.computer_moves ? (readJson<ComputerMoves[]>(row.computer_moves, isComputerMoves) ?? []) : [];
  }

  async stats(playerId: string): Promise<PlayerStats[]> {
    const rows = await this.db.selectFrom('game_players')
      .innerJoin('games', 'games.id', 'game_players.game_id')
      .select(['games.game as game', sql<number>`count(*)`.as('games'), sql<number>`sum(game_players.won)`.as('wins'), sql<number>`sum(game_players.left_game)`.as('left'), sql<number | null>`avg(case when game_players.left_game = 0 then game_players.place end)`.as('mean_place')])
      .where('game_players.player_id', '=', playerId)
      .groupBy('games.game')
      .execute();
    const ratings = await this.db.selectFrom('ratings').selectAll().where('player_id', '=', playerId).execute();
    return rows.map((r) => {
      const rt = ratings.find((x) => x.game === r.game);
      const o = rt ? ordinal({ mu: Number(rt.mu), sigma: Number(rt.sigma) }) : 0;
      const rating = rt ? { mu: Number(rt.mu), sigma: Number(rt.sigma), ordinal: o, strength: strengthOf(o) } : null;
      return { game: r.game as GameName, games: Number(r.games), wins: Number(r.wins), left: Number(r.left), meanPlace: r.mean_place === null ? null : Number(r.mean_place), rating };
    });
  }

  async close(): Promise<void> {
    if (this.pending.length) this.flushMoves();
    await this.db.destroy();
  }
}

/** Parsed JSON if it is what `ok` says, else null. */
function readJson<T>(text: string, ok: (x: unknown) => boolean): T | null {
  try {
    const x: unknown = JSON.parse(text);
    return ok(x) ? (x as T) : null;
  } catch {
    return null;
  }
}

const isIndices = (x: unknown): boolean => Array.isArray(x) && x.every((i) => Number.isInteger(i) && i >= 0);
function isComputerMoves(x: unknown): boolean {
  return Array.isArray(x) && x.every((m) => typeof m === 'object' && m !== null && Number.isInteger((m as ComputerMoves).round) && isIndices((m as ComputerMoves).timer) && isIndices((m as ComputerMoves).standIn));
}

function isSeats(x: unknown): boolean {
  return Array.isArray(x) && x.every((s: { kind?: unknown; name?: unknown; playerId?: unknown }) =>
    typeof s === 'object' && s !== null && (s.kind === 'open' || (s.kind === 'bot' && typeof s.name === 'string') || (s.kind === 'human' && typeof s.name === 'string' && typeof s.playerId === 'string')));
}

function toRow(r: Omit<DB['tables'], 'rev'> & { rev: number }): Omit<TableRow, 'rules' | 'seats' | 'rematch'> {
  return {
    id: r.id,
    code: r.code,
    host: r.host,
    game: r.game as GameName,
    listed: Number(r.listed) === 1,
    turnSeconds: r.turn_seconds,
    fillLevel: r.fill_level as TableRow['fillLevel'],
    tempo: r.tempo as Tempo,
    turnBased: Number(r.turn_based) === 1,
    status: r.status as TableRow['status'],
    gameNo: r.game_no,
    seed: r.seed,
    createdAt: Number(r.created_at),
    rev: Number(r.rev),
    daily: r.daily ?? null,
  };
}

/** The store the configuration asks for. */
export function openStore(o: StoreOptions): KyselyStore {
  return new KyselyStore(o);
}

function dailyOf(r: DB['daily']): DailyEntry {
  const n = (x: number | null): number | null => (x === null ? null : Number(x));
  return {
    date: r.date,
    game: r.game as GameName,
    playerId: r.player_id,
    name: r.name,
    tableId: r.table_id,
    code: r.code,
    gameId: r.game_id,
    place: n(r.place),
    points: n(r.points),
    moves: n(r.moves),
    finishedAt: n(r.finished_at),
  };
}

/** Kysely's SQLite driver prepares every query afresh (1–2 % of the CPU under load); a statement is kept per SQL text instead. */
function cachingStatements(file: Database.Database): SqliteDatabase {
  const kept = new Map<string, Database.Statement>();
  return {
    prepare(text: string) {
      let stmt = kept.get(text);
      if (!stmt) {
        stmt = file.prepare(text);
        // Texts differ by query shape, not by value (values are bound), so they are few; the bound is for safety.
        if (kept.size < 1000) kept.set(text, stmt);
      }
      return stmt;
    },
    close: () => file.close(),
  };
}
