/**
 * Random playouts of Danish Olsen: uniform over the legal cards in the order
 * `HeartsSim.generate` lists them (suits c d h s, low to high), choosing with
 * `pickHalf` (six words of policy state) for every decision, a forced one too
 * (a branch on "is there a choice" mispredicts more than half a draw costs). The play loop runs on local variables;
 * a pass phase, if any, goes through the generic loop first. A test checks
 * that it makes exactly the generic loop's choices.
 */
import { QUEEN } from '../core/card.js';

const HEARTS_SUIT = 2;
import { pickHalf } from '../core/rng.js';
import { H_BROKEN, H_FIRST_CARD, H_LAST_TRICK, H_LAST_WINNER, H_LEADER, H_LED, H_PER_HAND, H_PHASE, H_SEATS, H_TO_MOVE, H_TRICK_LEN, H_TRICKS, HP_PASS, HP_PLAY, type HeartsSim, SEAT_SIZE, S_COUNT, S_HEARTS, S_JD, S_QS } from './sim.js';

const POP = new Uint8Array(1 << 13);
for (let i = 1; i < POP.length; i++) POP[i] = POP[i >> 1] + (i & 1);
const scratch = new Int32Array(1024);
const QS_BIT = 1 << QUEEN;
/** SELECT[(mask << 4) | k]: the rank of the k-th lowest card in a 13-bit suit mask (a loop over the bits mispredicts). */
const SELECT = new Uint8Array(1 << 17);
for (let m = 1; m < 1 << 13; m++) for (let x = m, k = 0; x !== 0; x &= x - 1, k++) SELECT[(m << 4) | k] = 31 - Math.clz32(x & -x);
/** What a card adds to a trick's tally: hearts in the low byte, Qs at bit 8, Jd at bit 16 (no branch per card). */
const TALLY = new Int32Array(64);
for (let r = 0; r < 13; r++) TALLY[(2 << 4) | r] = 1;
TALLY[(3 << 4) | QUEEN] = 1 << 8;
TALLY[(1 << 4) | 9] = 1 << 16;
/** The lead's or discard's four suit masks and the cards below each suit, to choose a suit without branching. */
const MASKS = new Int32Array(4);
const BELOW = new Int32Array(4);

/**
 * Lays out a hand's suits for `suitAt`: the k-th card in suit order c d h s is in suit
 * `suitAt(k)`, at index `k - BELOW[suit]` of `MASKS[suit]` (small enough for V8 to inline).
 */
function layOut(c: number, d: number, h: number, s: number, nc: number, nd: number, nh: number): void {
  MASKS[0] = c;
  MASKS[1] = d;
  MASKS[2] = h;
  MASKS[3] = s;
  BELOW[1] = nc;
  BELOW[2] = nc + nd;
  BELOW[3] = nc + nd + nh;
}

/** How many suit boundaries k has passed ((x - 1 - k) >>> 31 is 1 when k >= x): a random four-way branch otherwise. */
const suitAt = (k: number): number => ((BELOW[1] - 1 - k) >>> 31) + ((BELOW[2] - 1 - k) >>> 31) + ((BELOW[3] - 1 - k) >>> 31);

/** Plays random legal actions to the end of the hand; returns the number of actions. */
export function heartsRollout(sim: HeartsSim, policy: Int32Array): number {
  const st = sim.st;
  let actions = 0;
  while (st[H_PHASE] === HP_PASS) {
    const n = sim.generate(scratch);
    sim.apply(scratch[pickHalf(policy, 0, n)]);
    actions++;
  }
  if (st[H_PHASE] !== HP_PLAY) return actions;
  // A trick in progress, or a table with seats sitting out, goes through the generic loop.
  if (st[H_TRICK_LEN] !== 0 || sim.activeCount() !== sim.players) {
    while (st[H_PHASE] === HP_PLAY) {
      const n = sim.generate(scratch);
      sim.apply(scratch[pickHalf(policy, 0, n)]);
      actions++;
    }
    return actions;
  }
  const players = sim.players;
  const penaltyFirst = sim.rules.penaltyOnFirstTrick;
  let p0 = policy[0], p1 = policy[1], p2 = policy[2], p3 = policy[3];
  let spare = policy[4];
  let hasSpare = policy[5] !== 0;
  let seat = st[H_TO_MOVE];
  let tricks = st[H_TRICKS];
  const startTricks = tricks;
  let broken = st[H_BROKEN];
  const perHand = st[H_PER_HAND];
  const first = st[H_FIRST_CARD];
  let lastWinner = -1;
  const lastTrick = perHand - 1;
  while (tricks < perHand) {
    const recordTrick = tricks === lastTrick;
    // The lead (H4 on the first trick, H6 after it).
    let b = H_SEATS + seat * SEAT_SIZE;
    let c = st[b], d = st[b + 1], h = st[b + 2], s = st[b + 3];
    if (tricks === 0) {
      c = d = h = s = 0;
      if (first >> 4 === 0) c = 1 << (first & 15);
    } else if (!broken && (c | d | s) !== 0) h = 0;
    let nc = POP[c], nd = POP[d], nh = POP[h];
    let n = nc + nd + nh + POP[s];
    let k: number;
    // The generator step is written out where it is used (twice below): a closure or a call
    // would move the policy's state from registers to memory on the hottest path.
    if (hasSpare) {
      hasSpare = false;
      k = ((spare & 0xffff) * n) >>> 16; // as rng.pickHalf
    } else {
      const t = (((p0 + p1) | 0) + p3) | 0;
      p3 = (p3 + 1) | 0;
      p0 = p1 ^ (p1 >>> 9);
      p1 = (p2 + (p2 << 3)) | 0;
      p2 = (((p2 << 21) | (p2 >>> 11)) + t) | 0;
      spare = t;
      hasSpare = true;
      k = ((t >>> 16) * n) >>> 16;
    }
    layOut(c, d, h, s, nc, nd, nh);
    let suit = suitAt(k);
    let m = MASKS[suit];
    k -= BELOW[suit];
    let rank = SELECT[(m << 4) | k];
    st[b + suit] &= ~(1 << rank);
    if (recordTrick) st[H_LAST_TRICK] = (suit << 4) | rank;
    const led = suit;
    // The trick's best card so far as ((rank + 1) << 3) | seat: off-suit cards count as rank -1,
    // so one Math.max per card finds the winner (H5).
    let best = ((rank + 1) << 3) | seat;
    let tally = TALLY[(suit << 4) | rank];
    seat = seat + 1 === players ? 0 : seat + 1;
    // The others, in turn.
    for (let pos = 1; pos < players; pos++) {
      b = H_SEATS + seat * SEAT_SIZE;
      m = st[b + led];
      suit = led;
      if (m !== 0) n = POP[m]; // H5: follow suit
      else {
        c = st[b];
        d = st[b + 1];
        h = st[b + 2];
        s = st[b + 3];
        if (tricks === 0 && !penaltyFirst && (c | d | (s & ~QS_BIT)) !== 0) {
          h = 0; // H7
          s &= ~QS_BIT;
        }
        nc = POP[c];
        nd = POP[d];
        nh = POP[h];
        n = nc + nd + nh + POP[s];
      }
      if (hasSpare) {
        hasSpare = false;
        k = ((spare & 0xffff) * n) >>> 16;
      } else {
        const t = (((p0 + p1) | 0) + p3) | 0;
        p3 = (p3 + 1) | 0;
        p0 = p1 ^ (p1 >>> 9);
        p1 = (p2 + (p2 << 3)) | 0;
        p2 = (((p2 << 21) | (p2 >>> 11)) + t) | 0;
        spare = t;
        hasSpare = true;
        k = ((t >>> 16) * n) >>> 16;
      }
      if (m === 0) {
        layOut(c, d, h, s, nc, nd, nh);
        suit = suitAt(k);
        m = MASKS[suit];
        k -= BELOW[suit];
      }
      rank = SELECT[(m << 4) | k];
      st[b + suit] &= ~(1 << rank);
      if (recordTrick) st[H_LAST_TRICK + pos] = (suit << 4) | rank;
      best = Math.max(best, (((rank + 1) & -(suit === led ? 1 : 0)) << 3) | seat);
      tally += TALLY[(suit << 4) | rank];
      seat = seat + 1 === players ? 0 : seat + 1;
    }
    const bestSeat = best & 7;
    const wb = H_SEATS + bestSeat * SEAT_SIZE;
    st[wb + S_HEARTS] += tally & 0xff;
    st[wb + S_QS] |= (tally >> 8) & 1;
    st[wb + S_JD] |= tally >> 16;
    // H6: a heart discarded on a trick led in another suit breaks hearts; a (forced) heart lead does not.
    if ((tally & 0xff) !== 0 && led !== HEARTS_SUIT) broken = 1;
    if (recordTrick) {
      st[H_LAST_TRICK + 5] = seat; // the trick's leader (the seat after the last player is the leader again)
      st[H_LED] = led;
    }
    seat = bestSeat;
    lastWinner = bestSeat;
    tricks++;
  }
  actions += (perHand - startTricks) * players; // every card of every trick was one decision
  policy[0] = p0;
  policy[1] = p1;
  policy[2] = p2;
  policy[3] = p3;
  policy[4] = spare;
  policy[5] = hasSpare ? 1 : 0;
  st[H_TRICKS] = tricks;
  st[H_BROKEN] = broken;
  st[H_LEADER] = seat;
  st[H_TO_MOVE] = seat;
  st[H_LAST_WINNER] = lastWinner;
  st[H_TRICK_LEN] = 0;
  // Every card has been laid: the hand counts are zero (not decremented card by card).
  for (let s = 0; s < players; s++) st[H_SEATS + s * SEAT_SIZE + S_COUNT] = 0;
  sim.endHand();
  return actions;
}
