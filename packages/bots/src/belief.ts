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
import { pick } from '@olsen/engine/sim';
import type { PlayerView } from '@olsen/engine/shedding';
import { culprit, energyOf, recount, setCard, swapEntries, taken } from './energy.js';
import { readStories, type Story } from './story.js';

export { lastReshuffle, readableRules, type Reshuffle } from './story.js';

export type Reading = 'exact' | 'lenient' | 'none';

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

  /** How the seat's story reads: as the yardstick's exactly (also a seat with no story yet), by the suits held most only, or not at all. */
  reading(seat: number): Reading {
    for (const st of this.stories) if (st.seat === seat) return st.strict ? 'exact' : st.blind ? 'none' : 'lenient';
    return 'exact';
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
