/** When `olsen serve` starts its server in a child with single-threaded GC (serve-process.ts; the processes themselves: server/test/start.test.ts). */
import { describe, expect, it } from 'vitest';
import { wantsChild } from '../src/serve-process.js';

describe('the one-core launcher', () => {
  it('starts a child only on one core, never from the child itself, and not when the flag is given already', () => {
    expect(wantsChild({}, 1, [])).toBe(true);
    expect(wantsChild({}, 2, [])).toBe(false);
    expect(wantsChild({ OLSEN_SERVE_CHILD: '1' }, 1, [])).toBe(false);
    expect(wantsChild({}, 1, ['--single-threaded-gc'])).toBe(false);
  });
});
