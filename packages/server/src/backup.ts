/**
 * A family server's backup of its embedded SQLite database (`olsen backup`, `olsen restore`). The backup is
 * SQLite's online backup (better-sqlite3's `backup`, page by page under the running server's writes), never a
 * copy of the file: a copy taken mid-commit, or without the WAL beside it, can lose the last moves or be damaged.
 * A restore puts a backup in place of a stopped server's database; it refuses a file that is not an Olsen
 * database, one made by a newer Olsen (migrations this one does not know), and a server still running on the
 * folder. The database it replaces is kept beside it, renamed, so a restore loses nothing.
 */
import { existsSync, renameSync, copyFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './migrations.js';

/** The database file in a data folder (store.ts opens the same). */
export const sqliteFileOf = (dataDir: string): string => join(resolve(dataDir), 'olsen.sqlite');

/** A backup or restore refused, with the sentence that says why. */
export class BackupError extends Error {}

/** What a database holds: its migrations, and whether it has Olsen's tables at all. */
function describe(db: Database.Database): { olsen: boolean; migrations: string[] } {
  const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name));
  const olsen = ['kysely_migration', 'tables', 'moves', 'games'].every((t) => tables.has(t));
  const names = olsen ? (db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[]).map((r) => r.name) : [];
  return { olsen, migrations: names };
}

/** Opens `path` read-only as SQLite, or says in a sentence why it is no database. */
function openChecked(path: string, what: string): Database.Database {
  if (!existsSync(path)) throw new BackupError(`There is no file ${path}.`);
  if (statSync(path).isDirectory()) throw new BackupError(`${path} is a folder, not ${what}.`);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    db.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch {
    throw new BackupError(`${path} is not ${what} (not an SQLite database).`);
  }
  return db;
}

/** Whether a server (any connection) has the database open: an exclusive lock cannot be had at once. */
function inUse(path: string): boolean {
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    db.prepare('BEGIN EXCLUSIVE').run();
    db.prepare('COMMIT').run();
    return false;
  } catch (e) {
    if ((e as { code?: string }).code === 'SQLITE_BUSY' || (e as { code?: string }).code === 'SQLITE_LOCKED') return true;
    throw e;
  } finally {
    db.close();
  }
}

/**
 * Writes a consistent copy of the data folder's database to `target` (through `target.part`, renamed once whole),
 * while the server may be running. Returns the pages copied and the file written.
 */
export async function backupDatabase(dataDir: string, target: string): Promise<{ file: string; pages: number; bytes: number }> {
  const source = sqliteFileOf(dataDir);
  const db = openChecked(source, 'an Olsen database');
  try {
    if (!describe(db).olsen) throw new BackupError(`${source} is not an Olsen database.`);
    const file = resolve(target);
    if (file === source) throw new BackupError('The backup must go to another file than the database itself.');
    const part = `${file}.part`;
    rmSync(part, { force: true });
    const { totalPages } = await db.backup(part);
    renameSync(part, file);
    return { file, pages: totalPages, bytes: statSync(file).size };
  } finally {
    db.close();
  }
}

/**
 * Puts the backup `source` in place of the data folder's database, the server stopped. The database it replaces
 * (if any) is kept as `olsen.sqlite.before-restore-<time>`. Returns where the old one went.
 */
export function restoreDatabase(source: string, dataDir: string, now = new Date()): { file: string; kept: string | null; migrations: number } {
  const backup = openChecked(resolve(source), 'an Olsen backup');
  let info: { olsen: boolean; migrations: string[] };
  try {
    info = describe(backup);
    if (!info.olsen) throw new BackupError(`${source} is an SQLite database, but not an Olsen one (no tables, moves and games).`);
    const known = new Set(Object.keys(migrations('sqlite')));
    const newer = info.migrations.filter((m) => !known.has(m));
    if (newer.length > 0) throw new BackupError(`${source} comes from a newer Olsen (its database has the migration ${newer[0]}, which this version does not know): update Olsen, then restore.`);
    const check = backup.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${source} is damaged (SQLite's quick_check: ${String(check)}).`);
  } finally {
    backup.close();
  }
  const target = sqliteFileOf(dataDir);
  if (!existsSync(resolve(dataDir))) throw new BackupError(`There is no data folder ${resolve(dataDir)}; make it, or give the server's --data-dir.`);
  let kept: string | null = null;
  if (existsSync(target)) {
    if (inUse(target)) throw new BackupError(`A server is running on ${target}: stop it first (the backup can be made while it runs, the restore cannot).`);
    kept = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    // The WAL and its index belong to the old database: moved with it, or SQLite would replay them into the new one.
    renameSync(target, kept);
    for (const ext of ['-wal', '-shm']) if (existsSync(target + ext)) renameSync(target + ext, kept + ext);
  }
  copyFileSync(resolve(source), `${target}.part`);
  renameSync(`${target}.part`, target);
  return { file: target, kept, migrations: info.migrations.length };
}
