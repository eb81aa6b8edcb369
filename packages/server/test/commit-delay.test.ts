/**
 * Issue 51 (2): SQLite's group commit with a delay (OLSEN_COMMIT_DELAY_MS). A quiet server commits a move at
 * once; under load (the last commit held several tables' moves) a move that comes less than the delay after the
 * last commit waits for the rest of it with the others that come meanwhile, and none is acknowledged before the
 * commit that holds it: at the moment its promise resolves, another connection to the file reads it. One table
 * alone never waits (its next move comes only after this one is acknowledged). Closing the store commits what waits.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { configFromEnv, openStore, type Move } from '../src/index.js';

const move = (n: number): Move => ({ action: { seat: n % 2, draw: true } }) as unknown as Move;
const turn = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('group commit with a delay (SQLite)', () => {
  it('acknowledges each move only once it is committed; under load, moves within the delay wait for one commit; close commits what waits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'olsen-commit-'));
    const store = openStore({ dataDir: dir, commitDelayMs: 300 });
    await store.init();
    const reader = new Database(join(dir, 'olsen.sqlite'), { readonly: true });
    const stored = (table: string, seq: number): boolean => reader.prepare('SELECT 1 FROM moves WHERE table_id = ? AND seq = ?').get(table, seq) !== undefined;
    /** Appends a move and records when it is acknowledged and whether it was on disk then. */
    const told: string[] = [];
    const seen: boolean[] = [];
    const append = (table: string, seq: number): Promise<void> => store.appendMove(table, 1, seq, move(seq)).then(() => (told.push(`${table}/${seq}`), seen.push(stored(table, seq)), undefined));
    try {
      // Quiet: committed at once, and on disk when acknowledged.
      await append('t1', 1);
      // One table alone, right after that commit: at once again (waiting would join nothing).
      const alone = append('t1', 2);
      await new Promise((r) => setTimeout(r, 50));
      expect(told).toEqual(['t1/1', 't1/2']);
      await alone;
      // Two tables' moves in one turn: one commit, at once (the last commit held one table's).
      await Promise.all([append('t1', 3), append('t2', 1)]);
      // Right after a commit of two tables (load): two moves wait for the rest of the delay, together, and are
      // told only once committed.
      const waiting = [append('t1', 4), append('t2', 2)];
      await turn();
      await new Promise((r) => setTimeout(r, 20));
      expect(told).toHaveLength(4);
      expect([stored('t1', 4), stored('t2', 2)]).toEqual([false, false]);
      await Promise.all(waiting);
      expect(told.slice(4)).toEqual(['t1/4', 't2/2']);
      expect(seen).toEqual([true, true, true, true, true, true]);
      // Closing commits a move still waiting for its delay.
      const last = store.appendMove('t1', 1, 5, move(5));
      await store.close();
      await last;
      expect(stored('t1', 5)).toBe(true);
    } finally {
      reader.close();
    }
  });

  it('is 20 ms unless OLSEN_COMMIT_DELAY_MS says otherwise (0 commits every turn of the loop), and refuses nonsense', () => {
    expect(configFromEnv({}).commitDelayMs).toBe(20);
    expect(configFromEnv({ OLSEN_COMMIT_DELAY_MS: '0' }).commitDelayMs).toBe(0);
    expect(() => configFromEnv({ OLSEN_COMMIT_DELAY_MS: '500' })).toThrow(/OLSEN_COMMIT_DELAY_MS/);
  });
});
