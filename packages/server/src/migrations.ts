/**
 * The database schema as numbered migrations (kysely's `Migrator`), the same
 * for SQLite and PostgreSQL: each runs once, is recorded in the database
 * (`kysely_migration`), and runs in a transaction where the database allows
 * (PostgreSQL). A new change is a new entry at the end; an entry that has run
 * somewhere is never edited.
 *
 * Databases made before the migrations (by the store's old `init`) hold the
 * schema of 0001–0003 already, with or without the later columns: the
 * entries create what is missing and look for a column before adding it, so
 * such a database is brought up to date without losing a row.
 */
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { ConfigError } from './config.js';

export type Dialect = 'sqlite' | 'postgres';

// The schema's own database is any: migrations are written against tables as they were then, not today's types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Whether `table` has `column` (in the schema the connection uses). */
async function hasColumn(db: AnyDb, dialect: Dialect, table: string, column: string): Promise<boolean> {
  const rows = dialect === 'sqlite'
    ? await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)
    : await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return rows.rows.some((r) => r.name === column);
}

/** Every migration in order, for one dialect (times are bigint on PostgreSQL, as JavaScript's milliseconds need). */
export function migrations(dialect: Dialect): Record<string, Migration> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  return {
    '0001_tables_moves_games': {
      async up(db: AnyDb) {
        const s = db.schema;
        await s.createTable('meta').ifNotExists().addColumn('key', 'text', (c) => c.primaryKey()).addColumn('value', 'text', (c) => c.notNull()).execute();
        await s.createTable('players').ifNotExists()
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('created_at', big, (c) => c.notNull()).execute();
        await s.createTable('tables').ifNotExists()
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('code', 'text', (c) => c.notNull().unique())
          .addColumn('host', 'text', (c) => c.notNull())
          .addColumn('game', 'text', (c) => c.notNull())
          .addColumn('rules', 'text', (c) => c.notNull())
          .addColumn('seats', 'text', (c) => c.notNull())
          .addColumn('listed', 'integer', (c) => c.notNull())
          .addColumn('turn_seconds', 'integer')
          .addColumn('fill_level', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('game_no', 'integer', (c) => c.notNull())
          .addColumn('seed', 'text', (c) => c.notNull())
          .addColumn('created_at', big, (c) => c.notNull())
          .addColumn('updated_at', big, (c) => c.notNull()).execute();
        await s.createIndex('tables_status').ifNotExists().on('tables').column('status').execute();
        await s.createTable('moves').ifNotExists()
          .addColumn('table_id', 'text', (c) => c.notNull())
          .addColumn('game_no', 'integer', (c) => c.notNull())
          .addColumn('seq', 'integer', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('moves_pk', ['table_id', 'game_no', 'seq']).execute();
        await s.createTable('games').ifNotExists()
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('table_id', 'text', (c) => c.notNull())
          .addColumn('game_no', 'integer', (c) => c.notNull())
          .addColumn('game', 'text', (c) => c.notNull())
          .addColumn('record', 'text', (c) => c.notNull())
          .addColumn('finished_at', big, (c) => c.notNull()).execute();
        await s.createTable('game_players').ifNotExists()
          .addColumn('game_id', 'text', (c) => c.notNull())
          .addColumn('seat', 'integer', (c) => c.notNull())
          .addColumn('player_id', 'text', (c) => c.notNull())
          .addColumn('place', 'integer', (c) => c.notNull())
          .addColumn('won', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('game_players_pk', ['game_id', 'seat']).execute();
        await s.createIndex('game_players_player').ifNotExists().on('game_players').column('player_id').execute();
        await s.createTable('ratings').ifNotExists()
          .addColumn('player_id', 'text', (c) => c.notNull())
          .addColumn('game', 'text', (c) => c.notNull())
          .addColumn('mu', real, (c) => c.notNull())
          .addColumn('sigma', real, (c) => c.notNull())
          .addColumn('games', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('ratings_pk', ['player_id', 'game']).execute();
      },
    },
    // Optimistic concurrency across processes: every row change names the revision it was made from.
    '0002_table_revision': {
      async up(db: AnyDb) {
        if (!(await hasColumn(db, dialect, 'tables', 'rev'))) await db.schema.alterTable('tables').addColumn('rev', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      },
    },
    // The daily deal: a table remembers its day; one game per player, game and day (the key refuses a second).
    '0003_daily_deal': {
      async up(db: AnyDb) {
        if (!(await hasColumn(db, dialect, 'tables', 'daily'))) await db.schema.alterTable('tables').addColumn('daily', 'text').execute();
        const s = db.schema;
        await s.createTable('daily').ifNotExists()
          .addColumn('date', 'text', (c) => c.notNull())
          .addColumn('game', 'text', (c) => c.notNull())
          .addColumn('player_id', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('table_id', 'text', (c) => c.notNull())
          .addColumn('code', 'text', (c) => c.notNull())
          .addColumn('game_id', 'text')
          .addColumn('place', 'integer')
          .addColumn('points', 'integer')
          .addColumn('moves', 'integer')
          .addColumn('finished_at', big)
          .addColumn('review', 'text')
          .addPrimaryKeyConstraint('daily_pk', ['date', 'game', 'player_id']).execute();
        await s.createIndex('daily_table').ifNotExists().on('daily').column('table_id').execute();
        await s.createIndex('daily_game').ifNotExists().on('daily').column('game_id').execute();
        await s.createIndex('daily_player').ifNotExists().on('daily').column('player_id').execute();
      },
    },
    // The moves the computer made for people (the turn timer's, a stand-in's): a review does not judge them.
    '0004_computer_moves': {
      async up(db: AnyDb) {
        if (!(await hasColumn(db, dialect, 'games', 'computer_moves'))) await db.schema.alterTable('games').addColumn('computer_moves', 'text').execute();
      },
    },
    // One-time codes that move a guest's profile to another device (issue 38): used once, then deleted.
    '0005_profile_codes': {
      async up(db: AnyDb) {
        await db.schema.createTable('profile_codes').ifNotExists()
          .addColumn('code', 'text', (c) => c.primaryKey())
          .addColumn('player_id', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('avatar', 'text')
          .addColumn('local', 'text')
          .addColumn('expires_at', big, (c) => c.notNull())
          .execute();
      },
    },
    // Issue 49 (4): a game the computer finished for a person who had left counts as left, not as won or lost.
    '0006_left_games': {
      async up(db: AnyDb) {
        await db.schema.alterTable('game_players').addColumn('left_game', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      },
    },
    // Issue 49 (3): a table's pace (calm, normal, quick), chosen at its creation.
    '0007_tempo': {
      async up(db: AnyDb) {
        await db.schema.alterTable('tables').addColumn('tempo', 'text', (c) => c.notNull().defaultTo('normal')).execute();
      },
    },
    // Issue 50: a table played over days ("Spill over tid").
    '0008_turn_based': {
      async up(db: AnyDb) {
        await db.schema.alterTable('tables').addColumn('turn_based', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      },
    },
    // Issue 50: a device's Web Push subscription ("Din tur" when it is the person's turn at a table over days).
    '0009_push_subscriptions': {
      async up(db: AnyDb) {
        await db.schema.createTable('push_subscriptions').ifNotExists()
          .addColumn('endpoint', 'text', (c) => c.primaryKey())
          .addColumn('player_id', 'text', (c) => c.notNull())
          .addColumn('p256dh', 'text', (c) => c.notNull())
          .addColumn('auth', 'text', (c) => c.notNull())
          .addColumn('lang', 'text', (c) => c.notNull())
          .addColumn('created_at', big, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('push_subscriptions_player').ifNotExists().on('push_subscriptions').column('player_id').execute();
      },
    },
    // Issue 51 (4): who asked for a rematch is the table's, not one process's (a JSON list of player ids).
    '0010_rematch_asks': {
      async up(db: AnyDb) {
        await db.schema.alterTable('tables').addColumn('rematch', 'text').execute();
      },
    },
    // Issue 51 (4): the devices a profile is on, each signed out on its own (its tokens name it).
    '0011_devices': {
      async up(db: AnyDb) {
        await db.schema.createTable('devices').ifNotExists()
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('player_id', 'text', (c) => c.notNull())
          .addColumn('label', 'text', (c) => c.notNull())
          .addColumn('created_at', big, (c) => c.notNull())
          .addColumn('last_seen_at', big, (c) => c.notNull())
          .addColumn('signed_out_at', big)
          .execute();
        await db.schema.createIndex('devices_player').ifNotExists().on('devices').column('player_id').execute();
      },
    },
  };
}

/**
 * Runs the migrations not yet run (several processes starting at once take
 * turns: the Migrator holds a lock). A failing one stops the start with a
 * sentence naming it; the ones before it stay done.
 */
export async function migrate(db: AnyDb, dialect: Dialect, where: string, schema: string | null, list: Record<string, Migration> = migrations(dialect)): Promise<string[]> {
  // PostgreSQL: the schema named, or the Migrator takes another schema's migration tables (of the same database) for its own.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => list }, ...(dialect === 'postgres' ? { migrationTableSchema: schema ?? 'public' } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const message = error instanceof Error ? error.message : String(error);
    throw new ConfigError(failed
      ? `The database migration ${failed} failed on ${where} (${message}); the server did not start, and the migrations before it are kept.`
      : `The database migrations could not run on ${where} (${message}); the server did not start.`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
