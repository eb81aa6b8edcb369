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

/** A uniform integer in [0, n) (n ≤ 2^32); the bias is below 2^-20 for card-game sizes. */
export function below(s: Int32Array, o: number, n: number): number {
  return Math.floor((nextU32(s, o) * n) / 4294967296);
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

/** Fisher–Yates shuffle of `a[from..to)` in place. */
export function shuffleRange(a: Int32Array | number[], from: number, to: number, s: Int32Array, o: number): void {
  for (let i = to - 1; i > from; i--) {
    const j = from + below(s, o, i - from + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
