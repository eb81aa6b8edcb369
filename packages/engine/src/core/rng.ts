/**
 * sfc32, a small fast counter-based generator with 128 bits of state.
 * The state lives in four int32 slots of the caller's array so it travels
 * inside the game state: same seed, same actions → same game on any machine.
 */

/** Advances the generator stored at `s[o..o+3]` and returns an unsigned 32-bit value. */
export function nextU32(s: Int32Array, o: number): number {
  const a = s[o], b = s[o + 1], c = s[o + 2], d = s[o + 3];
  const t = (((a + b) | 0) + d) | 0;
  s[o + 3] = (d + 1) | 0;
  s[o] = b ^ (b >>> 9);
  s[o + 1] = (c + (c << 3)) | 0;
  s[o + 2] = (((c << 21) | (c >>> 11)) + t) | 0;
  return t >>> 0;
}

/**
 * floor(t · n / 2^32) for a 32-bit t and n < 2^16, exactly, in integer
 * arithmetic (split t in halves so no product passes 2^31).
 */
export const scale = (t: number, n: number): number => (((t >>> 16) * n + (((t & 0xffff) * n) >>> 16)) >>> 16);

/** A uniform integer in [0, n) (n < 2^16); the bias is below n/2^32. */
export function below(s: Int32Array, o: number, n: number): number {
  return scale(nextU32(s, o), n);
}

/** Seeds the generator at `s[o..]` from any string (cyrb128-style mixing, then warm-up). */
export function seedFromString(s: Int32Array, o: number, seed: string): void {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  s[o] = h1 ^ h2 ^ h3 ^ h4;
  s[o + 1] = h2 ^ h1;
  s[o + 2] = h3 ^ h1;
  s[o + 3] = h4 ^ h1;
  for (let i = 0; i < 12; i++) nextU32(s, o);
}

/** Fisher–Yates shuffle of `a[from..to)` in place (the generator steps on locals: it runs once per deal). */
export function shuffleRange(a: Int32Array | number[], from: number, to: number, s: Int32Array, o: number): void {
  let x = s[o], y = s[o + 1], z = s[o + 2], w = s[o + 3];
  for (let i = to - 1; i > from; i--) {
    const t = (((x + y) | 0) + w) | 0;
    w = (w + 1) | 0;
    x = y ^ (y >>> 9);
    y = (z + (z << 3)) | 0;
    z = (((z << 21) | (z >>> 11)) + t) | 0;
    const j = from + scale(t, i - from + 1);
    const tmp = a[i];
    a[i] = a[j];
    a[j] = tmp;
  }
  s[o] = x;
  s[o + 1] = y;
  s[o + 2] = z;
  s[o + 3] = w;
}

/**
 * A policy's choice among `n` options (n < 65536): the sfc32 step, scaled
 * with integer arithmetic from the top 16 bits. Cheaper than `below` on the
 * hot path of random playouts, where a bias below n/65536 does not matter;
 * shuffles use `below`.
 */
export function pick(s: Int32Array, o: number, n: number): number {
  return ((nextU32(s, o) >>> 16) * n) >>> 16;
}

/**
 * `pick` that spends each 32-bit draw on two choices (the high half, then the
 * low half), for playouts where the generator is a visible share of the cost.
 * Needs two more words of state: `s[o+4]` keeps the spare half, `s[o+5]` says
 * whether it is there (so the state is six words).
 */
export function pickHalf(s: Int32Array, o: number, n: number): number {
  if (s[o + 5] !== 0) {
    s[o + 5] = 0;
    return ((s[o + 4] & 0xffff) * n) >>> 16;
  }
  const t = nextU32(s, o);
  s[o + 4] = t;
  s[o + 5] = 1;
  return ((t >>> 16) * n) >>> 16;
}
