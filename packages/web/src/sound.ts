/**
 * The table's sounds, made in code with Web Audio (no sound files to fetch): a card laid, a card drawn, your
 * turn, a catch, a win. Fetched with the table only when sound is on; the page's one AudioContext is the client
 * object's (`Client.audio`, made on the first sound: browsers start it after a tap or key press, which comes
 * before any sound here).
 */
export type Sound = 'card' | 'draw' | 'turn' | 'catch' | 'win';

/** A note: a frequency for a while, with a quick attack and a soft release. */
function tone(ctx: AudioContext, at: number, freq: number, ms: number, type: OscillatorType, gain: number): void {
  const o = ctx.createOscillator();
  const g = ctx.createGain();
  o.type = type;
  o.frequency.setValueAtTime(freq, at);
  g.gain.setValueAtTime(0, at);
  g.gain.linearRampToValueAtTime(gain, at + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, at + ms / 1000);
  o.connect(g).connect(ctx.destination);
  o.start(at);
  o.stop(at + ms / 1000 + 0.02);
}

/** A short burst of noise (a card's slap on the table, a swish from the stock), filtered. */
function noise(ctx: AudioContext, at: number, ms: number, freq: number, gain: number): void {
  const n = Math.max(1, Math.round((ctx.sampleRate * ms) / 1000));
  const buffer = ctx.createBuffer(1, n, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < n; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / n);
  const src = ctx.createBufferSource();
  src.buffer = buffer;
  const f = ctx.createBiquadFilter();
  f.type = 'bandpass';
  f.frequency.value = freq;
  const g = ctx.createGain();
  g.gain.value = gain;
  src.connect(f).connect(g).connect(ctx.destination);
  src.start(at);
}

/** Plays `sound` on the page's AudioContext (null where the browser has none: nothing plays). */
export function play(ctx: AudioContext | null, sound: Sound): void {
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume();
  const t = ctx.currentTime + 0.01;
  switch (sound) {
    case 'card':
      noise(ctx, t, 60, 2500, 0.5);
      break;
    case 'draw':
      noise(ctx, t, 140, 1200, 0.25);
      break;
    case 'turn':
      tone(ctx, t, 660, 140, 'sine', 0.2);
      tone(ctx, t + 0.13, 880, 200, 'sine', 0.2);
      break;
    case 'catch':
      // Two knocks on the table.
      tone(ctx, t, 140, 120, 'triangle', 0.5);
      tone(ctx, t + 0.16, 140, 120, 'triangle', 0.5);
      break;
    case 'win':
      [523, 659, 784, 1047].forEach((f, i) => tone(ctx, t + i * 0.12, f, 260, 'triangle', 0.18));
      break;
  }
}
