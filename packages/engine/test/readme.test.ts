/** README's "Using the engine" runs as written, and plays every game to its end. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { GAME_NAMES } from '../src/index.js';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe("README's engine example", () => {
  it('S21 S22 S24 H9: the loop plays Olsen, Vri åtter, Vri åtter 002 and Danish Olsen to the end, and a refusal names its rule', async () => {
    const section = readme.slice(readme.indexOf('## Using the engine'));
    const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    expect(code).toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), 'olsen-readme-'));
    const file = join(dir, 'example.ts');
    writeFileSync(file, code!);
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(' ')));
    try {
      await import(/* @vite-ignore */ file);
    } finally {
      log.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
    // One line per game with every player placed, then Kari's hand, then the refusal (S7: not Ola's turn).
    for (const game of GAME_NAMES) expect(lines.find((l) => l.startsWith(`${game} `)), game).toMatch(/^\S+ 1\. /);
    expect(lines.some((l) => /^\["[2-9TJQKA][cdhs]"/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^S7 \S.*\.$/);
  });
});
