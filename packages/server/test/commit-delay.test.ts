/**
 * Issue 51 (2): SQLite's group commit with a delay (OLSEN_COMMIT_DELAY_MS). A quiet server commits a move at
 * once; a move that comes less than the delay after the last commit waits for the rest of it with the others
 * that come meanwhile, and none is acknowledged before the commit that holds it: at the moment its promise
 * resolves, another connection to the file reads it. Closing the store commits what waits.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { configFromEnv, openStore, type Move } from '../src/index.js';

const move = (n: number): Move => ({ action: { seat: n % 2, draw: true } }) as unknown as Move;

describe('group commit with a delay (SQLite)', () => {
  it('acknowledges each move only once it is committed; moves within the delay wait for one commit; close commits what waits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'olsen-commit-'));
    const store = openStore({ dataDir: dir, commitDelayMs: 300 });
    await store.init();
    const reader = new Database(join(dir, 'olsen.sqlite'), { readonly: true });
    const stored = (seq: number): boolean => reader.prepare('SELECT 1 FROM moves WHERE table_id = ? AND seq = ?').get('t1', seq) !== undefined;
    try {
      // Quiet: committed at once, and on disk when acknowledged.
      await store.appendMove('t1', 1, 1, move(1));
      expect(stored(1)).toBe(true);
      // Right after a commit: two moves wait for the rest of the delay, together, and are told only once committed.
      const told: number[] = [];
      const seen: boolean[] = [];
      const waiting = [2, 3].map((seq) => store.appendMove('t1', 1, seq, move(seq)).then(() => (told.push(seq), seen.push(stored(seq)))));
      await new Promise((r) => setImmediate(r));
      await new Promise((r) => setTimeout(r, 20));
      expect(told).toEqual([]);
      expect([stored(2), stored(3)]).toEqual([false, false]);
      await Promise.all(waiting);
      expect(told).toEqual([2, 3]);
      expect(seen).toEqual([true, true]);
      // Closing commits a move still waiting for its delay.
      const last = store.appendMove('t1', 1, 4, move(4));
      await store.close();
      await last;
      expect(stored(4)).toBe(true);
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
