/**
 * Migrations by the book: a database made by the schema before numbered
 * migrations (with rows in it) is brought up to date on start and loses
 * nothing; a second start runs nothing; a failing migration stops the start
 * with a sentence naming it.
 */
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ConfigError, openStore } from '../src/index.js';
import { PG_URL } from './helpers.js';

const OLD = readFileSync(new URL('./fixtures/schema-before-migrations.sql', import.meta.url), 'utf8');
const NOW = 1_765_000_000_000;
/** Rows of every kind, as a server had written them. */
const ROWS = [
  `INSERT INTO meta VALUES ('token-secret', 'kept-secret-0123456789')`,
  `INSERT INTO players VALUES ('p1', 'Kari', ${NOW})`,
  `INSERT INTO tables VALUES ('t1', 'ABCDEF', 'p1', 'olsen', '{}', '[{"kind":"human","playerId":"p1","name":"Kari","standIn":null},{"kind":"bot","level":"greedy","name":"Ola"}]', 1, NULL, 'medium', 'playing', 1, 'seed-1', ${NOW}, ${NOW}, 4, NULL)`,
  `INSERT INTO moves VALUES ('t1', 1, 0, '{"action":{"seat":0,"draw":true}}')`,
  `INSERT INTO games VALUES ('g1', 't0', 1, 'olsen', '{"game":"olsen"}', ${NOW})`,
  `INSERT INTO game_players VALUES ('g1', 0, 'p1', 1, 1)`,
  `INSERT INTO ratings VALUES ('p1', 'olsen', 26.5, 7.5, 3)`,
  `INSERT INTO daily VALUES ('2026-12-05', 'olsen', 'p1', 'Kari', 't1', 'ABCDEF', NULL, NULL, NULL, NULL, NULL, NULL)`,
];

async function expectKept(store: ReturnType<typeof openStore>): Promise<void> {
  expect(await store.setting('token-secret', () => 'new')).toBe('kept-secret-0123456789');
  const t = await store.table('ABCDEF');
  expect(t).toMatchObject({ id: 't1', host: 'p1', status: 'playing', rev: 4, daily: null, seed: 'seed-1' });
  expect(await store.moves('t1', 1)).toEqual([{ action: { seat: 0, draw: true } }]);
  expect(await store.record('g1')).toEqual({ game: 'olsen' });
  expect((await store.stats('p1'))[0]).toMatchObject({ game: 'olsen', games: 1, wins: 1, rating: { mu: 26.5 } });
  expect(await store.dailyEntry('2026-12-05', 'olsen', 'p1')).toMatchObject({ code: 'ABCDEF', gameId: null });
  // The new columns work as before: a revision moves on.
  expect(await store.updateTable('t1', 4, { status: 'finished' })).toBe(5);
}

describe('migrations', () => {
  it('SQLite: a database made before the migrations is brought up to date and keeps every row; the next start runs none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'olsen-migrate-'));
    const file = new Database(join(dir, 'olsen.sqlite'));
    file.exec(OLD);
    for (const r of ROWS) file.exec(r);
    file.close();
    const store = openStore({ dataDir: dir });
    await store.init();
    expect(store.migrated).toEqual(['0001_tables_moves_games', '0002_table_revision', '0003_daily_deal', '0004_computer_moves', '0005_profile_codes', '0006_left_games', '0007_tempo', '0008_turn_based', '0009_push_subscriptions', '0010_rematch_asks', '0011_devices']);
    await expectKept(store);
    await store.close();
    const again = openStore({ dataDir: dir });
    await again.init();
    expect(again.migrated).toEqual([]);
    await again.close();
  });

  it('SQLite: a database older still (no revision, no daily deal) gets the columns and the table, rows kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'olsen-migrate-'));
    const file = new Database(join(dir, 'olsen.sqlite'));
    file.exec(OLD.replace(', "rev" integer default 0 not null, "daily" text', '').replace(/CREATE TABLE "daily"[^;]*;|CREATE INDEX "daily_\w+"[^;]*;/g, ''));
    file.exec(`INSERT INTO tables VALUES ('t1', 'ABCDEF', 'p1', 'olsen', '{}', '[]', 1, NULL, 'medium', 'waiting', 1, 'seed-1', ${NOW}, ${NOW})`);
    file.close();
    const store = openStore({ dataDir: dir });
    await store.init();
    expect(await store.table('ABCDEF')).toMatchObject({ id: 't1', rev: 0, daily: null });
    expect(await store.dailyEntry('2026-12-05', 'olsen', 'p1')).toBeNull();
    await store.close();
  });

  it('PostgreSQL: the same upgrade in a schema of its own, rows kept, recorded once', async () => {
    const schema = `migrate_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA "${schema}"`);
      await admin.query(`SET search_path TO "${schema}"`);
      // The old store made times bigint and reals double precision on PostgreSQL.
      await admin.query(OLD.replace(/^--.*$/m, '').replace(/"(created_at|updated_at|finished_at)" integer/g, '"$1" bigint').replace(/ real /g, ' double precision '));
      for (const r of ROWS) await admin.query(r);
      const store = openStore({ databaseUrl: PG_URL, schema });
      await store.init();
      expect(store.migrated).toHaveLength(11);
      await expectKept(store);
      await store.close();
      const runs = await admin.query(`SELECT name FROM "${schema}".kysely_migration ORDER BY name`);
      expect(runs.rows.map((r: { name: string }) => r.name)).toEqual(['0001_tables_moves_games', '0002_table_revision', '0003_daily_deal', '0004_computer_moves', '0005_profile_codes', '0006_left_games', '0007_tempo', '0008_turn_based', '0009_push_subscriptions', '0010_rematch_asks', '0011_devices']);
    } finally {
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    }
  });

  it('a failing migration stops the start with a sentence naming it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'olsen-migrate-'));
    const file = new Database(join(dir, 'olsen.sqlite'));
    // A view where the tables table belongs: the first migration cannot make it.
    file.exec(`CREATE VIEW "tables" AS SELECT 1 AS id`);
    file.close();
    const store = openStore({ dataDir: dir });
    const failed = await store.init().then(() => null, (e: unknown) => e);
    expect(failed).toBeInstanceOf(ConfigError);
    expect((failed as Error).message).toMatch(/^The database migration 0001_tables_moves_games failed on .*olsen\.sqlite \(.+\); the server did not start/);
    await store.close();
  });
});
