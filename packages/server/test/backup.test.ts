/**
 * Issue 48 (9): a family's server can be backed up while it runs and restored into a stopped one. `olsen backup`
 * during play (SQLite's online backup), `olsen restore` into a fresh data folder, and the server started on it
 * finds the finished game and the running table; a restore refuses a file that is no Olsen database, one from a
 * newer schema, and a folder a server is running on.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyRecord, type AnyAction, type GameRecord } from '@olsen/engine';
import { Client, api } from './helpers.js';
import { freePort, launch } from './processes.js';

const BIN = fileURLToPath(new URL('../../cli/bin/olsen.js', import.meta.url));
const run = async (...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
  try {
    const r = await promisify(execFile)(process.execPath, [BIN, ...args], { env: { ...process.env, DATABASE_URL: '' } });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
};
const random = (legal: readonly AnyAction[]): AnyAction => legal[Math.floor(Math.random() * legal.length)];
const stop = (c: ChildProcess): Promise<unknown> => new Promise((r) => {
  c.once('exit', r);
  c.kill('SIGTERM');
});

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

describe('olsen backup and olsen restore (embedded SQLite)', () => {
  it('a backup made during play, restored into a stopped server, holds every finished game and the running table', async () => {
    const env = (dir: string, port: number): Record<string, string> => ({ PORT: String(port), DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'error', OLSEN_BOT_DELAY_MS: '2', OLSEN_ROUND_PAUSE_MS: '5' });
    const first = mkdtempSync(join(tmpdir(), 'olsen-backup-a-'));
    const port = await freePort();
    const server = await launch(env(first, port));
    children.push(server);
    const url = `http://127.0.0.1:${port}`;
    const anne = await Client.open(url, 'Anne');
    // A finished game of Olsen against a computer player.
    const done = (await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'bot', level: 'random' }] })) as { code: string };
    expect(await anne.req({ type: 'start', code: done.code })).toEqual({ ok: true });
    const p1 = anne.autoplay(done.code, random);
    const end = await anne.until((u) => u.code === done.code && u.status === 'finished', 60_000);
    p1.stop();
    // A game of Vri åtter still being played while the backup is made.
    // (A target of 10,000 points: the game is still being played when the backup is made, however the cards fall.)
    const live = (await anne.req<{ code: string }>({ type: 'create', game: 'vri-atter', rules: { targetScore: 10000 }, seats: [{ kind: 'bot', level: 'random' }] })) as { code: string };
    expect(await anne.req({ type: 'start', code: live.code })).toEqual({ ok: true });
    const p2 = anne.autoplay(live.code, random);
    await anne.until((u) => u.code === live.code && (u.view?.version ?? 0) >= 10);
    const file = join(mkdtempSync(join(tmpdir(), 'olsen-backup-file-')), 'family.sqlite');
    const backup = await run('backup', file, '--data-dir', first);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up to .*family\.sqlite \(\d+ pages, \d+ bytes\)\. Put it back, the server stopped, with: olsen restore \S+family\.sqlite --data-dir \S+olsen-backup-a-\S+\n$/);
    // Moves went on during the backup (the server was not stopped or paused by it).
    const after = await anne.until((u) => u.code === live.code && (u.view?.version ?? 0) >= 14);
    expect(after.status).not.toBe('finished');
    p2.stop();
    // The running server's folder is refused for a restore.
    const busy = await run('restore', file, '--data-dir', first);
    expect([busy.code, busy.stderr]).toEqual([1, `olsen restore: A server is running on ${join(first, 'olsen.sqlite')}: stop it first (the backup can be made while it runs, the restore cannot).\n`]);
    anne.close();
    await stop(server);

    // Refused: a file that is no database, an SQLite database of something else, a backup from a newer Olsen.
    const dir = mkdtempSync(join(tmpdir(), 'olsen-backup-bad-'));
    writeFileSync(join(dir, 'notes.txt'), 'not a database');
    expect((await run('restore', join(dir, 'notes.txt'), '--data-dir', first)).stderr).toBe(`olsen restore: ${join(dir, 'notes.txt')} is not an Olsen backup (not an SQLite database).\n`);
    const other = new Database(join(dir, 'other.sqlite'));
    other.exec('CREATE TABLE t (x)');
    other.close();
    expect((await run('restore', join(dir, 'other.sqlite'), '--data-dir', first)).stderr).toMatch(/is an SQLite database, but not an Olsen one/);
    copyFileSync(file, join(dir, 'newer.sqlite'));
    const newer = new Database(join(dir, 'newer.sqlite'));
    newer.prepare("INSERT INTO kysely_migration (name, timestamp) VALUES ('9999_from_the_future', '2030-01-01')").run();
    newer.close();
    const refused = await run('restore', join(dir, 'newer.sqlite'), '--data-dir', first);
    expect([refused.code, refused.stderr]).toEqual([1, `olsen restore: ${join(dir, 'newer.sqlite')} comes from a newer Olsen (its database has the migration 9999_from_the_future, which this version does not know): update Olsen, then restore.\n`]);

    // Restored over the old folder: the database it replaces is kept beside it.
    const over = await run('restore', file, '--data-dir', first);
    expect(over.code, over.stderr).toBe(0);
    expect(readdirSync(first).some((f) => f.startsWith('olsen.sqlite.before-restore-'))).toBe(true);
    // And into a fresh folder, where a server starts on it and finds both tables.
    const fresh = mkdtempSync(join(tmpdir(), 'olsen-backup-b-'));
    expect((await run('restore', file, '--data-dir', fresh)).code).toBe(0);
    const port2 = await freePort();
    const again = await launch(env(fresh, port2));
    children.push(again);
    const url2 = `http://127.0.0.1:${port2}`;
    const record = (await (await api(`${url2}/api/games/${end.recordId}/record`)).json()) as GameRecord;
    const verified = verifyRecord(record);
    expect(verified.ok && verified.result.finished).toBe(true);
    const table = (await (await api(`${url2}/api/tables/${live.code}`)).json()) as { ok: boolean; table: { status: string; game: string } };
    expect(table).toMatchObject({ ok: true, table: { status: 'playing', game: 'vri-atter' } });
    await stop(again);
  }, 120_000);
});
