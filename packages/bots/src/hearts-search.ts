/**
 * Danish Olsen for the search levels: a determinizer that deals the unseen
 * cards consistently with a seat's `HeartsView`, a playout policy of the
 * texts' habits on simulator codes, and the ISMCTS `Problem` (`search.ts`)
 * that puts them together. The search plays the cards; the pass is left to
 * the habits (a choice of 3 from 13 is 286 moves the tree would spread over).
 *
 * A determinization deals each hand as it stood when the play began (the
 * cards held now plus those played since) and replays the hand's tricks, so
 * the simulator reaches the view's position by its own rules. What the seat
 * knows shapes the deal: the cards it passed are in the receiver's hand until
 * played, and a seat that did not follow a led suit holds none of it.
 */
import { QUEEN, parseCard, pick } from '@olsen/engine/sim';
import type { HeartsRules, HeartsView } from '@olsen/engine/hearts';
import { A_PLAY, HP_PLAY, HeartsSim } from '@olsen/engine/sim';
import { search, type Problem, type SearchLimits, type SearchResult } from './search.js';
import { isPlay } from '@olsen/engine';

const HEARTS = 2;
const SPADES = 3;
const QS = (SPADES << 4) | QUEEN;

/** What the seat knows of the hidden hands, read once per decision from its view. */
export interface HeartsKnowledge {
  readonly seat: number;
  readonly players: number;
  /** Seats dealt into this hand. */
  readonly active: readonly boolean[];
  /** Cards each seat has played this hand, and every play in order. */
  readonly plays: readonly { readonly seat: number; readonly card: number }[];
  /** Per seat, the cards it is known to hold now (the seat's own hand; the receiver's share of its pass). */
  readonly known: readonly (readonly number[])[];
  /** Per seat, the suits it cannot hold (bit per suit): it failed to follow them. */
  readonly voids: readonly number[];
  /** The cards nobody's hand is known to hold: dealt among the other seats. */
  readonly unseen: readonly number[];
  readonly handCounts: readonly number[];
  readonly dealer: number;
  readonly tieBreak: boolean;
}

export function heartsKnowledge(view: HeartsView): HeartsKnowledge {
  const n = view.players.length;
  const me = view.seat ?? 0;
  const active = view.inHand;
  const inHand = active.filter(Boolean).length;
  const plays: { seat: number; card: number }[] = [];
  for (const a of view.log) if (isPlay(a)) plays.push({ seat: a.seat, card: parseCard(a.play[0]) });
  // A seat that did not follow the led suit holds none of it: the engine's tricks, and the one on the table.
  const voids = new Array<number>(n).fill(0);
  for (const trick of [...view.tricks, view.trick]) {
    const led = trick.cards[0]?.[1];
    for (let i = 1; i < trick.cards.length; i++) if (trick.cards[i][1] !== led) voids[trick.seats[i]] |= 1 << 'cdhs'.indexOf(led);
  }
  const known: number[][] = Array.from({ length: n }, () => []);
  known[me] = (view.hand ?? []).map(parseCard);
  const played = new Set(plays.map((p) => p.card));
  // The cards this seat passed are known to be with the seat they went to (H3), until played.
  if (view.phase === 'play' && view.passTo !== null && view.passed && view.passed.length) {
    for (const c of view.passed.map(parseCard)) if (!played.has(c)) known[view.passTo].push(c);
  }
  const held = new Set(known.flat());
  const unseen = HeartsSim.deckFor(inHand).filter((c) => !played.has(c) && !held.has(c));
  return { seat: me, players: n, active, plays, known, voids, unseen, handCounts: view.handCounts, dealer: view.dealer, tieBreak: view.tieBreak };
}

/**
 * Deals `k.unseen` into the other hands (each to its count, none into a void)
 * at random: the most constrained card first, each to a seat chosen in
 * proportion to its free places. A dead end (rare) starts over; after a few,
 * the voids are dropped rather than fail.
 */
export function dealHidden(k: HeartsKnowledge, rng: Int32Array): number[][] {
  const n = k.players;
  const cards = k.unseen.slice();
  for (let i = cards.length - 1; i > 0; i--) {
    const j = pick(rng, 0, i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  const seatsFor = (c: number): number => {
    let m = 0;
    for (let s = 0; s < n; s++) if (s !== k.seat && k.active[s] && !(k.voids[s] & (1 << (c >> 4)))) m++;
    return m;
  };
  // Stable sort keeps the shuffle's order among equally constrained cards.
  cards.sort((a, b) => seatsFor(a) - seatsFor(b));
  for (let attempt = 0; attempt < 8; attempt++) {
    const strict = attempt < 7;
    const hands = k.known.map((h) => h.slice());
    const room = hands.map((h, s) => (s === k.seat || !k.active[s] ? 0 : k.handCounts[s] - h.length));
    let ok = true;
    for (const c of cards) {
      let total = 0;
      for (let s = 0; s < n; s++) if (room[s] > 0 && (!strict || !(k.voids[s] & (1 << (c >> 4))))) total += room[s];
      if (total === 0) {
        ok = false;
        break;
      }
      let r = pick(rng, 0, total);
      for (let s = 0; s < n; s++) {
        if (room[s] <= 0 || (strict && k.voids[s] & (1 << (c >> 4)))) continue;
        r -= room[s];
        if (r < 0) {
          hands[s].push(c);
          room[s]--;
          break;
        }
      }
    }
    if (ok) return hands;
  }
  throw new Error('Danish Olsen determinization: the unseen cards do not fit the hands');
}

/** A simulator at the view's position with the hidden cards dealt at random (reusing `sim`). */
export function heartsDeterminize(k: HeartsKnowledge, sim: HeartsSim, rng: Int32Array): HeartsSim {
  const hands = dealHidden(k, rng);
  // Each hand as the play began: what is held now and what was played since.
  for (const p of k.plays) hands[p.seat].push(p.card);
  sim.newGame();
  sim.seatHand(k.active, k.tieBreak);
  sim.dealExplicit(k.dealer, hands);
  for (const p of k.plays) sim.apply(A_PLAY | (p.card << 3));
  return sim;
}

/** The simulator's rules for a determinization: no pass (the pass is over), no end of game to reach. */
export const searchRules = (rules: HeartsRules): HeartsRules => ({ ...rules, pass: 'none' });

const cardOf = (code: number): number => (code >> 3) & 63;

/**
 * The playout policy, the texts' habits on simulator codes: lead low; under
 * the trick's best card with the highest card that stays under; when the
 * trick must be taken, with the highest card as the last to play (never the
 * Qs), the lowest otherwise; void, shed the Qs, then the highest heart, then
 * the highest card. One decision in eight is random, so playouts vary.
 */
export function heartsPolicy(sim: HeartsSim, codes: Int32Array, n: number, rng: Int32Array): number {
  if (n === 1) return codes[0];
  if (pick(rng, 0, 8) === 0) return codes[pick(rng, 0, n)];
  const len = sim.trickLength;
  if (len === 0) {
    // Lead the lowest card (ties: a random one of them).
    let best = -1;
    let bestRank = 99;
    let ties = 0;
    for (let i = 0; i < n; i++) {
      const r = cardOf(codes[i]) & 15;
      if (r < bestRank) {
        bestRank = r;
        best = codes[i];
        ties = 1;
      } else if (r === bestRank && pick(rng, 0, ++ties) === 0) best = codes[i];
    }
    return best;
  }
  const led = sim.ledSuit;
  if (cardOf(codes[0]) >> 4 === led) {
    let high = -1;
    for (let i = 0; i < len; i++) {
      const c = sim.trickCard(i);
      if (c >> 4 === led && (c & 15) > high) high = c & 15;
    }
    // Codes come low to high within the suit.
    let under = -1;
    for (let i = 0; i < n; i++) if ((cardOf(codes[i]) & 15) < high) under = codes[i];
    if (under >= 0) return under;
    const last = len === sim.activeCount() - 1;
    if (!last) return codes[0];
    for (let i = n - 1; i >= 0; i--) if (cardOf(codes[i]) !== QS) return codes[i];
    return codes[n - 1];
  }
  let best = codes[0];
  let bestDanger = -1;
  for (let i = 0; i < n; i++) {
    const c = cardOf(codes[i]);
    const d = c === QS ? 100 : c >> 4 === HEARTS ? 40 + (c & 15) : c >> 4 === SPADES && (c & 15) > QUEEN ? 30 + (c & 15) : c & 15;
    if (d > bestDanger) {
      bestDanger = d;
      best = codes[i];
    }
  }
  return best;
}

const rollBuf = new Int32Array(64);

export interface HeartsSearchResult extends SearchResult {
  readonly card: number;
}

/** ISMCTS over the play of the current hand; null when the view is not the seat's choice of a card. */
export function heartsIsmcts(view: HeartsView, rng: Int32Array, limits: SearchLimits): HeartsSearchResult | null {
  const me = view.seat;
  if (me === null || view.phase !== 'play' || view.toMove !== me || view.legal.length < 2) return null;
  const k = heartsKnowledge(view);
  const sim = new HeartsSim(searchRules(view.rules), view.players.length);
  const problem: Problem<HeartsSim> = {
    sample: () => heartsDeterminize(k, sim, rng),
    live: (w) => w.phase === HP_PLAY,
    playOut: (w) => {
      while (w.phase === HP_PLAY) {
        const n = w.generate(rollBuf);
        w.apply(heartsPolicy(w, rollBuf, n, rng));
      }
    },
    rewards: (w, out) => {
      // Fewer points this hand is better; shooting the moon gives the others 26 (reward 0).
      for (let s = 0; s < view.players.length; s++) out[s] = 1 - w.points(s) / 26;
      return true;
    },
  };
  const best = search(problem, view.players.length, limits, rng);
  return best ? { ...best, card: cardOf(best.code) } : null;
}
