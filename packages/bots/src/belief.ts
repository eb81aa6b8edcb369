/**
 * A belief over the opponents' hidden cards in the shedding games, read from
 * the round's public log as if every opponent played like the texts' plain
 * player (the `greedy` habit): a turn begun with a draw means nothing in hand
 * fitted; a kept drawn card did not fit either (S13); a plain card played
 * came from the suit held most among the suits that fitted; an eight was
 * played only with no plain card that fitted, naming the suit held most.
 *
 * Each opponent's hand is followed through the round (`story.ts`): every
 * card it ever held after the deal is either one it played from hand (known)
 * or one it holds now (a slot for an unseen card), and each carries the
 * moment it entered the hand (the deal, or a kept draw). The hand at any
 * decision is then the cards that had entered and not yet left, and each
 * decision is a constraint on it. Samples come from a Metropolis chain over which unseen
 * card sits where (opponents' slots and the stock) and which entry each card
 * had, with an energy counting the constraints broken: deals that explain
 * everything are the likeliest, and a player who plays otherwise (a person,
 * another bot) only makes some constraints soft, never the sampler fail.
 *
 * The chain is allocation-free per step: the hot path is the ISMCTS's one
 * sample per iteration.
 */
import { pick, type PlayerView } from '@olsen/engine';
import { C_EIGHT, C_MOST_SUIT, C_NOTHING_FITS, EIGHT, readStories, type Story } from './story.js';

export { lastReshuffle, readableRules, type Reshuffle } from './story.js';

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
function setCard(st: Story, i: number, card: number): void {
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
function swapEntries(st: Story, i: number, j: number): void {
  count(st, i, st.cards[i], -1);
  count(st, j, st.cards[j], -1);
  const e = st.entry[i];
  st.entry[i] = st.entry[j];
  st.entry[j] = e;
  count(st, i, st.cards[i], 1);
  count(st, j, st.cards[j], 1);
}

/** The tallies from scratch (after the cards or entries were written directly). */
function recount(st: Story): void {
  st.tally.fill(0);
  st.suitN.fill(0);
  st.eights.fill(0);
  for (let i = 0; i < st.cards.length; i++) count(st, i, st.cards[i], 1);
}

/**
 * How many of a story's constraints its current cards and entries break;
 * counting stops once past `limit` (a move that breaks more is refused anyway).
 */
function energyOf(st: Story, limit = Infinity): number {
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
function culprit(st: Story, rng: Int32Array): number {
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
function taken(sa: Story, sb: Story | null, rng: Int32Array): boolean {
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

/**
 * Hidden cards of one view, dealt by the chain: `pool` holds every unseen card;
 * its first positions are the opponents' slots, the rest is the stock.
 */
export class Belief {
  readonly stories: Story[];
  /** Unseen cards: the opponents' held cards (by story, in `poolAt` order), then the stock. */
  readonly pool: Int32Array;
  private readonly owner: Int32Array; // story index of a pool position, -1 for the stock
  private readonly slot: Int32Array; // index in its story's cards
  private readonly held: number;
  readonly constrained: boolean;

  /** Cards the last reshuffle put in the stock (by code), or null: the others cannot be in the stock. */
  private readonly late: Uint8Array | null;

  constructor(view: PlayerView, unseen: readonly number[], rng: Int32Array) {
    const { stories, constrained, reshuffle } = readStories(view);
    this.late = reshuffle?.late ?? null;
    this.stories = stories;
    this.constrained = constrained;
    this.pool = Int32Array.from(unseen);
    this.owner = new Int32Array(unseen.length).fill(-1);
    this.slot = new Int32Array(unseen.length);
    let at = 0;
    for (let k = 0; k < stories.length; k++) {
      const st = stories[k];
      for (let j = 0; j < st.poolAt.length; j++, at++) {
        st.poolAt[j] = at;
        this.owner[at] = k;
        this.slot[at] = st.played + j;
      }
    }
    this.held = at;
    // Shuffle, fill the slots, and let the chain settle.
    const p = this.pool;
    shuffle(p, rng);
    const late = this.late;
    if (late) {
      // Cards held at the reshuffle are in hands still: none of them in the stock.
      let h = 0;
      for (let i = this.held; i < p.length; i++) {
        if (late[p[i]]) continue;
        while (h < this.held && !late[p[h]]) h++;
        if (h === this.held) break;
        const t = p[i];
        p[i] = p[h];
        p[h++] = t;
      }
    }
    for (const st of stories) {
      for (let j = 0; j < st.poolAt.length; j++) st.cards[st.played + j] = p[st.poolAt[j]];
      recount(st);
      st.energy = energyOf(st);
    }
    if (constrained) {
      // An opponent whose story alone the exact reading cannot explain plays by other habits:
      // read it by the suits it holds most only.
      for (const st of stories) if (st.kind.length > 0 && !this.explicable(st, rng)) st.strict = false;
      // One that even the lenient reading cannot explain tells nothing by its choices (it draws with cards
      // that fit, say): only its card count, and the reshuffle, are read then.
      for (const st of stories) if (!st.strict && !this.explicable(st, rng)) st.blind = true;
      for (const st of stories) st.energy = energyOf(st);
      this.walk(rng, 60 * Math.max(1, this.held));
    }
  }

  /** Can some hand from the unseen cards, with some order of entries, explain the story exactly? (Leaves the story as it was.) */
  private explicable(st: Story, rng: Int32Array): boolean {
    const saved = st.cards.slice();
    const savedEntry = st.entry.slice();
    st.energy = energyOf(st);
    const p = this.pool;
    for (let k = 0; k < 3000 && st.energy > 0; k++) {
      // Mostly after a culprit; now and then any card, to get out of a corner.
      const i = k % 5 === 4 ? pick(rng, 0, st.cards.length) : culprit(st, rng);
      if (i < 0) break;
      if (i < st.played || k % 3 === 0) {
        this.retime(st, rng, i);
        continue;
      }
      // The culprit's slot takes any unseen card the story does not hold already.
      const old = st.cards[i];
      const c = p[pick(rng, 0, p.length)];
      let dup = false;
      for (let j = st.played; j < st.cards.length; j++) if (st.cards[j] === c) dup = true;
      if (dup) continue;
      setCard(st, i, c);
      if (!taken(st, null, rng)) setCard(st, i, old);
    }
    const ok = st.energy === 0;
    st.cards.set(saved);
    st.entry.set(savedEntry);
    recount(st);
    return ok;
  }

  /** Does the seat's story read as the yardstick's exactly so far (true for seats with no story)? */
  plainPlayer(seat: number): boolean {
    for (const st of this.stories) if (st.seat === seat) return st.strict;
    return true;
  }

  /** Total constraints broken by the current deal. */
  get energy(): number {
    let e = 0;
    for (const st of this.stories) e += st.energy;
    return e;
  }

  /** Moves the chain `steps` times; the stock's order is left to the caller's shuffle. */
  walk(rng: Int32Array, steps: number): void {
    if (!this.constrained || this.held === 0) return;
    const p = this.pool;
    for (let step = 0; step < steps; step++) {
      let a = pick(rng, 0, this.held);
      let sa = this.stories[this.owner[a]];
      if (step & 1) {
        // Every other move goes after a broken constraint: a card that breaks it is moved out or re-timed.
        const st = this.troubled(rng);
        if (st) {
          const i = culprit(st, rng);
          if (i < 0) continue;
          if (i < st.played || pick(rng, 0, 2) === 0) {
            this.retime(st, rng, i);
            continue;
          }
          sa = st;
          a = st.poolAt[i - st.played];
        }
      } else if ((step & 3) === 2 && sa.entry.length > 1) {
        // Re-time two of a story's cards (which came with the deal, which with a draw).
        this.retime(sa, rng, -1);
        continue;
      }
      const b = pick(rng, 0, p.length - 1);
      const bb = b >= a ? b + 1 : b;
      if (p[a] === p[bb]) continue;
      const ob = this.owner[bb];
      if (ob < 0 && this.late && !this.late[p[a]]) continue;
      const sb = ob >= 0 && ob !== this.owner[a] ? this.stories[ob] : null;
      this.put(a, p[bb]);
      this.put(bb, p[a]);
      if (taken(sa, sb, rng)) {
        const t = p[a];
        p[a] = p[bb];
        p[bb] = t;
      } else {
        this.put(a, p[a]);
        this.put(bb, p[bb]);
      }
    }
  }

  /**
   * Puts the given hands (by seat; own and empty seats ignored) into the slots and
   * re-times their cards for a while: the fewest constraints those hands break
   * (0 for the real hands of plain players). For tests.
   */
  explain(hands: readonly (readonly number[])[], rng: Int32Array, steps = 2000): number {
    for (const st of this.stories) {
      const h = hands[st.seat];
      for (let j = 0; j < st.poolAt.length; j++) st.cards[st.played + j] = h[j];
      recount(st);
      st.energy = energyOf(st);
      for (let k = 0; k < steps && st.energy > 0; k++) {
        const i = culprit(st, rng);
        this.retime(st, rng, i >= 0 && (k & 1) ? i : -1);
      }
    }
    return this.energy;
  }

  /** Writes `card` into the story slot of pool position `at` (the pool itself is swapped by the caller). */
  private put(at: number, card: number): void {
    const o = this.owner[at];
    if (o >= 0) setCard(this.stories[o], this.slot[at], card);
  }

  /** A story that breaks some constraint, at random; null when all are explained. */
  private troubled(rng: Int32Array): Story | null {
    let seen = 0;
    let chosen: Story | null = null;
    for (const st of this.stories) if (st.energy > 0 && pick(rng, 0, ++seen) === 0) chosen = st;
    return chosen;
  }

  /** Swaps the entries of two of a story's cards (`first`, or one at random) when both stay before their play. */
  private retime(st: Story, rng: Int32Array, first: number): void {
    const m = st.entry.length;
    const i = first >= 0 ? first : pick(rng, 0, m);
    const j = pick(rng, 0, m);
    const ei = st.entry[i];
    const ej = st.entry[j];
    if (ei === ej || ej >= st.left[i] || ei >= st.left[j]) return;
    swapEntries(st, i, j);
    if (!taken(st, null, rng)) swapEntries(st, i, j);
  }
}

/** Fisher–Yates with the bots' `pick` (the search's samples depend on its exact draws). */
export function shuffle(a: Int32Array | number[], rng: Int32Array): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = pick(rng, 0, i + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

/** A float in [0, 1) from the engine's generator. */
const nextFloat = (rng: Int32Array): number => pick(rng, 0, 1 << 24) / (1 << 24);
