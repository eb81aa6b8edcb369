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
    // Every example of the section, each as its own module (issue 48: the simulators' example too).
    const codes = [...section.slice(0, section.indexOf('\n## ', 5)).matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
    expect(codes.length).toBe(2);
    const dir = mkdtempSync(join(tmpdir(), 'olsen-readme-'));
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(' ')));
    try {
      for (const [i, code] of codes.entries()) {
        const file = join(dir, `example${i}.ts`);
        writeFileSync(file, code);
        await import(/* @vite-ignore */ file);
      }
    } finally {
      log.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
    // One line per game with every player placed, then Kari's hand, then the refusal (S7: not Ola's turn).
    for (const game of GAME_NAMES) expect(lines.find((l) => l.startsWith(`${game} `)), game).toMatch(/^\S+ 1\. /);
    expect(lines.some((l) => /^\["[2-9TJQKA][cdhs]"/.test(l))).toBe(true);
    expect(lines.find((l) => l.startsWith('S7 '))).toMatch(/^S7 \S.*\.$/);
    // The simulators: a thousand games, every one won by someone.
    const sim = lines.find((l) => l.startsWith('sim '));
    const wins = JSON.parse(sim!.slice(4)) as number[];
    expect(wins.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1000);
  });
});
