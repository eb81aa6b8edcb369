/**
 * How many of a story's constraints its cards break (the chain's energy, see
 * `belief.ts`), and Metropolis's test of a move. What each decision's hand
 * held is kept as running tallies (`Story.tally`), updated by `setCard` and
 * `swapEntries`, so a constraint is checked without going over the cards:
 * this is the search's hot path, and allocation-free.
 */
import { pick } from '@olsen/engine/sim';
import { C_EIGHT, C_MOST_SUIT, C_NOTHING_FITS, EIGHT, type Story } from './story.js';

const COUNTS = new Int32Array(4);

/**
 * How many ways constraint `k` of a story is broken by its current cards. With
 * `rng`, also picks one card of the hand then that breaks it (into `CULPRIT`).
 */
function broken(st: Story, k: number, rng: Int32Array | null): number {
  const { cards, entry, left, tally } = st;
  const m = cards.length;
  const t = st.at[k];
  const suit = st.suit[k];
  const rank = st.rank[k];
  const base = k << 6;
  let fitting = 0; // bit per suit with a plain card that fits
  for (let s = 0; s < 4; s++) {
    const n = st.suitN[(k << 2) | s];
    COUNTS[s] = n;
    if (s === suit ? n > 0 : rank !== EIGHT && tally[base | (s << 4) | rank] > 0) fitting |= 1 << s;
  }
  const anyFit = fitting !== 0 || st.eights[k] > 0;
  let out = 0;
  // Cards that break it: any card that fits (bad -1), or cards of the suits in the mask `bad`,
  // or (strict) cards of suit `lowSuit` ranked below `lowRank`, which the plain player would have laid first.
  let bad = 0;
  let lowSuit = -1;
  let lowRank = 0;
  switch (st.kind[k]) {
    case C_NOTHING_FITS:
      if (anyFit) out = 1;
      bad = -1;
      break;
    case C_MOST_SUIT: {
      const c = st.arg[k];
      const cs = c >> 4;
      const mine = COUNTS[cs];
      if (!st.strict) {
        for (let s = 0; s < 4; s++)
          if (fitting & (1 << s) && COUNTS[s] > mine) {
            out++;
            bad |= 1 << s;
          }
        break;
      }
      // The plain player lays the first card of the legal list (the suit in play low to high, then
      // the same rank in other suits, clubs first) whose suit it holds strictly more of than any before.
      if (cs === suit) {
        lowSuit = cs;
        lowRank = c & 15;
        for (let r = 0; r < lowRank; r++) if (r !== EIGHT) out += tally[base | (cs << 4) | r];
        for (let s = 0; s < 4; s++)
          if (s !== cs && fitting & (1 << s) && COUNTS[s] > mine) {
            out++;
            bad |= 1 << s;
          }
      } else {
        if (COUNTS[suit] > 0 && COUNTS[suit] >= mine) {
          out++;
          bad |= 1 << suit;
        }
        for (let s = 0; s < 4; s++)
          if (s !== cs && s !== suit && fitting & (1 << s) && (s < cs ? COUNTS[s] >= mine : COUNTS[s] > mine)) {
            out++;
            bad |= 1 << s;
          }
      }
      break;
    }
    case C_EIGHT: {
      if (fitting !== 0) {
        out++;
        bad = -1;
        break;
      }
      const named = st.arg[k] & 7;
      if (st.arg[k] >= 0)
        for (let s = 0; s < 4; s++)
          if (st.strict ? (s < named ? COUNTS[s] >= COUNTS[named] : COUNTS[s] > COUNTS[named]) : COUNTS[s] > COUNTS[named]) {
            out++;
            bad |= 1 << s;
          }
      if (st.strict) {
        // The first eight in the list is laid: none of a suit before it.
        const es = st.arg[k] >> 3;
        for (let s = 0; s < es; s++) {
          const x = tally[base | (s << 4) | EIGHT];
          if (x > 0) {
            out += x;
            lowSuit = 4;
            lowRank = es;
          }
        }
      }
      break;
    }
  }
  if (rng && out > 0) {
    // A random card present then that is part of the trouble.
    let seen = 0;
    CULPRIT = -1;
    for (let i = 0; i < m; i++) {
      if (entry[i] >= t || left[i] < t || (i < st.played && left[i] === t)) continue;
      const c = cards[i];
      const eight = (c & 15) === EIGHT;
      let guilty = bad === -1 ? (eight && st.kind[k] !== C_EIGHT) || (!eight && (c >> 4 === suit || (c & 15) === rank)) : !eight && ((bad >> (c >> 4)) & 1) === 1;
      if (lowSuit === 4) guilty ||= eight && c >> 4 < lowRank;
      else if (lowSuit >= 0) guilty ||= !eight && c >> 4 === lowSuit && (c & 15) < lowRank;
      if (guilty && pick(rng, 0, ++seen) === 0) CULPRIT = i;
    }
  }
  return out;
}

let CULPRIT = -1;

/** Adds (`sign` 1) or takes out (-1) card `card` as story card `i` in the tallies of the decisions it was held at. */
function count(st: Story, i: number, card: number, sign: number): void {
  const e = st.entry[i];
  const l = st.left[i];
  const at = st.at;
  const plain = (card & 15) !== EIGHT;
  const s = card >> 4;
  for (let k = 0; k < at.length; k++) {
    const t = at[k];
    if (t <= e) continue;
    if (t > l) break; // decisions are in log order
    st.tally[(k << 6) | card] += sign;
    if (plain) st.suitN[(k << 2) | s] += sign;
    else st.eights[k] += sign;
  }
}

/** Story card `i` becomes `card` (one pass over the decisions it was held at). */
export function setCard(st: Story, i: number, card: number): void {
  const old = st.cards[i];
  st.cards[i] = card;
  if (old === card) return;
  const e = st.entry[i];
  const l = st.left[i];
  const at = st.at;
  const so = (old & 15) === EIGHT ? -1 : old >> 4;
  const sn = (card & 15) === EIGHT ? -1 : card >> 4;
  for (let k = 0; k < at.length; k++) {
    const t = at[k];
    if (t <= e) continue;
    if (t > l) break;
    st.tally[(k << 6) | old]--;
    st.tally[(k << 6) | card]++;
    if (so === sn) continue;
    if (so < 0) st.eights[k]--;
    else st.suitN[(k << 2) | so]--;
    if (sn < 0) st.eights[k]++;
    else st.suitN[(k << 2) | sn]++;
  }
}

/** Story cards `i` and `j` swap their entries. */
export function swapEntries(st: Story, i: number, j: number): void {
  count(st, i, st.cards[i], -1);
  count(st, j, st.cards[j], -1);
  const e = st.entry[i];
  st.entry[i] = st.entry[j];
  st.entry[j] = e;
  count(st, i, st.cards[i], 1);
  count(st, j, st.cards[j], 1);
}

/** The tallies from scratch (after the cards or entries were written directly). */
export function recount(st: Story): void {
  st.tally.fill(0);
  st.suitN.fill(0);
  st.eights.fill(0);
  for (let i = 0; i < st.cards.length; i++) count(st, i, st.cards[i], 1);
}

/**
 * How many of a story's constraints its current cards and entries break;
 * counting stops once past `limit` (a move that breaks more is refused anyway).
 */
export function energyOf(st: Story, limit = Infinity): number {
  let e = 0;
  if (!st.blind) for (let k = 0; k < st.kind.length && e <= limit; k++) e += broken(st, k, null);
  if (st.reshuffle) for (let i = 0; i < st.cards.length && e <= limit; i++) if (misplaced(st, i)) e++;
  return e;
}

/**
 * After the last reshuffle (S16) the new stock was the old pile, all public:
 * a card held then came from it only by a draw since, any other card was
 * held since before. Does card `i`'s entry say otherwise?
 */
function misplaced(st: Story, i: number): boolean {
  const r = st.reshuffle;
  if (!r || st.left[i] < r.at) return false;
  return r.late[st.cards[i]] === 1 ? st.entry[i] < r.at : st.entry[i] >= r.at;
}

/** A card of the story that breaks one of its constraints (chosen at random), or -1. */
export function culprit(st: Story, rng: Int32Array): number {
  let seen = 0;
  let chosen = -1;
  if (!st.blind) for (let k = 0; k < st.kind.length; k++) if (broken(st, k, null) > 0 && pick(rng, 0, ++seen) === 0) chosen = k;
  let card = -1;
  if (st.reshuffle) for (let i = 0; i < st.cards.length; i++) if (misplaced(st, i) && pick(rng, 0, ++seen) === 0) card = i;
  if (card >= 0) return card;
  if (chosen < 0) return -1;
  broken(st, chosen, rng);
  return CULPRIT;
}

/**
 * How sharply a broken constraint is penalised (a deal breaking one is e^-BETA as likely):
 * nearly a hard rule, so that samples explain everything when anything can.
 */
const BETA = 10;

const ACCEPT = Array.from({ length: 16 }, (_, d) => Math.exp(-BETA * d));

/**
 * Metropolis's test of a move just made to `sa` (and `sb`): taken when it
 * breaks no more constraints than before, else with chance e^-BETA per
 * constraint more. Counting stops once the move is worse: the generator is
 * drawn then (as a full count would), and only a draw below e^-BETA needs
 * the full count. Sets the stories' energies when the move is taken.
 */
export function taken(sa: Story, sb: Story | null, rng: Int32Array): boolean {
  const before = sa.energy + (sb ? sb.energy : 0);
  let ea = energyOf(sa, before);
  let eb = sb && ea <= before ? energyOf(sb, before - ea) : 0;
  if (ea + eb > before) {
    const u = nextFloat(rng);
    if (u >= ACCEPT[1]) return false;
    ea = energyOf(sa);
    eb = sb ? energyOf(sb) : 0;
    if (u >= ACCEPT[Math.min(15, ea + eb - before)]) return false;
  }
  sa.energy = ea;
  if (sb) sb.energy = eb;
  return true;
}

/** A float in [0, 1) from the engine's generator. */
const nextFloat = (rng: Int32Array): number => pick(rng, 0, 1 << 24) / (1 << 24);
