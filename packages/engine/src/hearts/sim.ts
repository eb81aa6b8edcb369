/**
 * The simulator tier of Danish Olsen (docs/rules.md Part 2): like the shedding
 * `Sim`, one Int32Array mutated in place, hands as 13-bit suit masks, actions
 * as small integers (a play is `card << 3`, a pass `A_GIVE` with three cards),
 * `push`/`pop` for search, nothing allocated per step.
 */
import { DECK, QUEEN, rankOf, suitOf } from '../core/card.js';
import { scale, seedFromString, shuffleRange } from '../core/rng.js';
import { A_PLAY } from '../core/codes.js';
import type { HeartsRules } from './rules.js';
import { StateBuffer } from '../core/state-buffer.js';

export const A_GIVE = 6;
export const giveCode = (a: number, b: number, c: number): number => A_GIVE | (a << 3) | (b << 9) | (c << 15);
export const giveCards = (code: number): [number, number, number] => [(code >> 3) & 63, (code >> 9) & 63, (code >> 15) & 63];

export const HP_PASS = 0;
export const HP_PLAY = 1;
export const HP_HAND_OVER = 2;
export const HP_GAME_OVER = 3;

const DIAMONDS = 1, HEARTS = 2, SPADES = 3;
const QS = (SPADES << 4) | QUEEN;
const JD = (DIAMONDS << 4) | 9;
const TWO_C = 0, THREE_C = 1;

// ---- state layout ----------------------------------------------------------
export const H_PLAYERS = 0; // seats at the table, e.g. 4
export const H_PHASE = 1; // HP_*
export const H_TO_MOVE = 2; // seat to act, -1 when the hand or game is over
export const H_DEALER = 3; // dealer of this hand
export const H_HAND = 4; // hand number, 0-based (the tie-break hand included)
export const H_LEADER = 5; // seat that led the current trick
export const H_TRICK_LEN = 6; // cards in the current trick
export const H_LED = 7; // suit led to the current trick
export const H_TRICKS = 8; // tricks completed this hand
export const H_BROKEN = 9; // 1 once hearts are broken (H6)
export const H_RNG = 10; // four int32 words of sfc32 (10..13)
export const H_PASS_OFFSET = 14; // this hand's pass: seats to the left (0 = hold or no pass)
export const H_GIVEN = 15; // bit per seat that has passed its three cards
export const H_ACTIVE = 16; // bit per seat dealt into this hand (all, or the tied players in a tie-break)
export const H_TIEBREAK = 17; // 1 during the tie-break hand (H9)
export const H_PER_HAND = 18; // cards per player this hand
export const H_FIRST_CARD = 19; // the card that must open the hand (2c, or 3c when 2c is out)
export const H_NORMAL_HANDS = 20; // hands played before any tie-break (drives the pass rotation)
export const H_LAST_WINNER = 21; // winner of the last completed trick, -1 if none
export const H_DEALT_IN = 22; // bit per seat dealt into the current (or just finished) hand
export const H_SEATS = 24; // per seat 16 ints (5 seats)
const S_HAND = 0; // 4 suit masks
export const S_HEARTS = 4; // hearts taken this hand
export const S_QS = 5; // 1 when the queen of spades was taken
export const S_JD = 6; // 1 when the jack of diamonds was taken
const S_POINTS = 7; // points of the last finished hand
const S_TOTAL = 8; // running total (tie-break hands excluded)
const S_GAVE = 9; // the three cards passed (9..11), -1 if none
const S_GOT = 12; // the three cards received (12..14), -1 if none
export const S_COUNT = 15; // cards in hand
export const SEAT_SIZE = 16;
export const H_TRICK = H_SEATS + 5 * SEAT_SIZE; // current trick: card per position (5)
export const H_TRICK_SEAT = H_TRICK + 5; // seat per position (5)
export const H_LAST_TRICK = H_TRICK_SEAT + 5; // last completed trick: card per position (5), then its leader
export const HEARTS_STATE_SIZE = H_LAST_TRICK + 6;

const seatBase = (s: number): number => H_SEATS + s * SEAT_SIZE;
const popcount13 = (m: number): number => {
  let c = 0;
  while (m) {
    m &= m - 1;
    c++;
  }
  return c;
};

export class HeartsSim extends StateBuffer {
  private readonly deck = new Int32Array(52);
  /** H1 card lists per number of players dealt in (2..5), computed once. */
  private readonly decks: readonly Int32Array[] = [0, 1, 2, 3, 4, 5].map((n) => Int32Array.from(HeartsSim.deckFor(n)));
  readonly rules: HeartsRules;
  readonly players: number;
  /** The rules pass cards before (some) hands. */
  private readonly passing: boolean;

  constructor(rules: HeartsRules, players: number, stackDepth = 0) {
    super(HEARTS_STATE_SIZE, stackDepth);
    this.rules = rules;
    this.players = players;
    this.passing = rules.pass !== 'none';
    this.st[H_PLAYERS] = players;
  }

  seed(seed: string): void {
    seedFromString(this.st, H_RNG, seed);
  }
  newGame(): void {
    const st = this.st;
    for (let s = 0; s < this.players; s++) {
      const b = H_SEATS + s * SEAT_SIZE;
      st[b + S_TOTAL] = 0;
      for (let i = S_GAVE; i < S_GAVE + 6; i++) st[b + i] = -1;
    }
    for (let i = H_TRICK; i < H_LAST_TRICK + 6; i++) st[i] = -1;
    st[H_HAND] = -1;
    st[H_NORMAL_HANDS] = 0;
    st[H_TIEBREAK] = 0;
    st[H_ACTIVE] = (1 << this.players) - 1;
  }

  get phase(): number {
    return this.st[H_PHASE];
  }
  get toMove(): number {
    return this.st[H_TO_MOVE];
  }
  isActive(seat: number): boolean {
    return (this.st[H_ACTIVE] & (1 << seat)) !== 0;
  }
  /** Was the seat dealt into the current (or just finished) hand? */
  wasDealtIn(seat: number): boolean {
    return (this.st[H_DEALT_IN] & (1 << seat)) !== 0;
  }
  activeCount(): number {
    return popcount13(this.st[H_ACTIVE]);
  }

  /** H1: the cards in play for `n` players: 2d out with 3, 2d and 2c out with 5. */
  static deckFor(n: number): number[] {
    const removed = n === 3 ? [(DIAMONDS << 4) | 0] : n === 5 ? [(DIAMONDS << 4) | 0, TWO_C] : [];
    return DECK.filter((c) => !removed.includes(c));
  }

  private nextActive(seat: number): number {
    do seat = (seat + 1) % this.players;
    while (!this.isActive(seat));
    return seat;
  }

  private clearHand(dealer: number): void {
    const st = this.st;
    st[H_HAND]++;
    st[H_DEALER] = dealer;
    st[H_TRICK_LEN] = 0;
    st[H_TRICKS] = 0;
    st[H_BROKEN] = 0;
    st[H_GIVEN] = 0;
    st[H_LAST_WINNER] = -1;
    st[H_DEALT_IN] = st[H_ACTIVE];
    for (let s = 0; s < this.players; s++) {
      const b = H_SEATS + s * SEAT_SIZE;
      st[b] = st[b + 1] = st[b + 2] = st[b + 3] = 0;
      st[b + S_HEARTS] = st[b + S_QS] = st[b + S_JD] = 0;
      st[b + S_COUNT] = 0;
      // Without a pass these stay -1 from `newGame`: not worth six writes a seat on the hot path.
      if (this.passing) for (let i = 0; i < 6; i++) st[b + S_GAVE + i] = -1;
    }
    st[H_LAST_TRICK + 5] = -1;
  }

  /** H2: shuffles the cards in play and deals them all, one at a time from the dealer's left. */
  dealRound(dealer: number): void {
    const st = this.st;
    if (st[H_ACTIVE] === (1 << this.players) - 1) {
      this.dealWholeTable(st, dealer, this.players);
      return;
    }
    // A tie-break hand (H9): only the tied seats are dealt in.
    this.clearHand(dealer);
    const active = this.activeCount();
    const cards = this.decks[active];
    const deck = this.deck;
    const len = cards.length;
    deck.set(cards);
    shuffleRange(deck, 0, len, st, H_RNG);
    let seat = dealer;
    for (let i = 0; i < len; i++) {
      seat = this.nextActive(seat);
      this.addCard(seat, deck[i]);
    }
    this.startHand(len / active, active === 5 ? THREE_C : TWO_C);
  }

  /** `dealRound` with every seat in: the simulator's hottest path after the play itself, so `startHand` (without a pass) is written out here. */
  private dealWholeTable(st: Int32Array, dealer: number, players: number): void {
    this.clearHand(dealer);
    const cards = this.decks[players];
    const deck = this.deck;
    const len = cards.length;
    const per = (len / players) | 0;
    for (let s = 0; s < players; s++) st[H_SEATS + s * SEAT_SIZE + S_COUNT] = per;
    // Shuffle and deal in one pass: a Fisher–Yates step fixes position i for good, and position i
    // goes to the (i+1)-th seat from the dealer — the same cards `shuffleRange` then a deal would give.
    deck.set(cards);
    let x = st[H_RNG], y = st[H_RNG + 1], z = st[H_RNG + 2], w = st[H_RNG + 3];
    // Position i goes to seat (dealer + 1 + i) mod players; count the seat down instead of dividing.
    let seat = (dealer + len) % players;
    for (let i = len - 1; i > 0; i--) {
      const t = (((x + y) | 0) + w) | 0;
      w = (w + 1) | 0;
      x = y ^ (y >>> 9);
      y = (z + (z << 3)) | 0;
      z = (((z << 21) | (z >>> 11)) + t) | 0;
      const j = scale(t, i + 1);
      const c = deck[j];
      deck[j] = deck[i];
      st[H_SEATS + seat * SEAT_SIZE + (c >> 4)] |= 1 << (c & 15);
      seat = seat === 0 ? players - 1 : seat - 1;
    }
    const last = deck[0];
    st[H_SEATS + seat * SEAT_SIZE + (last >> 4)] |= 1 << (last & 15);
    st[H_RNG] = x;
    st[H_RNG + 1] = y;
    st[H_RNG + 2] = z;
    st[H_RNG + 3] = w;
    const first = players === 5 ? THREE_C : TWO_C;
    if (this.passing) {
      this.startHand(per, first);
      return;
    }
    st[H_PER_HAND] = per;
    st[H_FIRST_CARD] = first;
    st[H_PASS_OFFSET] = 0;
    st[H_PHASE] = HP_PLAY;
    const bit = 1 << (first & 15);
    for (let s = 0; s < players; s++) if (st[H_SEATS + s * SEAT_SIZE + (first >> 4)] & bit) st[H_TO_MOVE] = s;
    st[H_LEADER] = st[H_TO_MOVE];
  }

  /** An explicit deal (records): one hand per seat (empty for seats outside a tie-break). */
  dealExplicit(dealer: number, hands: readonly (readonly number[])[]): void {
    this.clearHand(dealer);
    hands.forEach((hand, seat) => hand.forEach((c) => this.addCard(seat, c)));
    let has2c = false;
    for (const h of hands) if (h.includes(TWO_C)) has2c = true;
    this.startHand(hands.find((h) => h.length > 0)?.length ?? 0, has2c ? TWO_C : THREE_C);
  }

  private startHand(perHand: number, firstCard: number): void {
    const st = this.st;
    st[H_PER_HAND] = perHand;
    st[H_FIRST_CARD] = firstCard;
    st[H_PASS_OFFSET] = st[H_TIEBREAK] || !this.passing ? 0 : this.passOffset(st[H_NORMAL_HANDS]);
    if (st[H_PASS_OFFSET] !== 0) {
      st[H_PHASE] = HP_PASS;
      st[H_TO_MOVE] = this.nextActive(st[H_DEALER]);
    } else this.startPlay();
  }

  /** H3: seats to the left that receive this hand's pass (0: no pass). */
  passOffset(hand: number): number {
    const n = this.players;
    if (this.rules.pass === 'none') return 0;
    if (this.rules.pass === 'left') return 1;
    const cycle = n === 4 ? [1, n - 1, 2, 0] : [1, n - 1, 0];
    return cycle[hand % cycle.length];
  }

  private startPlay(): void {
    const st = this.st;
    st[H_PHASE] = HP_PLAY;
    const first = st[H_FIRST_CARD];
    const bit = 1 << (first & 15);
    for (let s = 0; s < this.players; s++) if (st[H_SEATS + s * SEAT_SIZE + (first >> 4)] & bit) st[H_TO_MOVE] = s;
    st[H_LEADER] = st[H_TO_MOVE];
  }

  addCard(seat: number, card: number): void {
    const b = seatBase(seat);
    this.st[b + S_HAND + suitOf(card)] |= 1 << rankOf(card);
    this.st[b + S_COUNT]++;
  }
  private removeCard(seat: number, card: number): void {
    const b = seatBase(seat);
    this.st[b + S_HAND + suitOf(card)] &= ~(1 << rankOf(card));
    this.st[b + S_COUNT]--;
  }
  hasCard(seat: number, card: number): boolean {
    return (this.st[seatBase(seat) + S_HAND + suitOf(card)] & (1 << rankOf(card))) !== 0;
  }
  hand(seat: number): number[] {
    const out: number[] = [];
    for (let s = 0; s < 4; s++) for (let r = 0; r < 13; r++) if (this.hasCard(seat, (s << 4) | r)) out.push((s << 4) | r);
    return out;
  }
  handCount(seat: number): number {
    return this.st[seatBase(seat) + S_COUNT];
  }
  passed(seat: number): number[] {
    const b = seatBase(seat) + S_GAVE;
    return this.st[b] < 0 ? [] : [this.st[b], this.st[b + 1], this.st[b + 2]];
  }
  received(seat: number): number[] {
    const b = seatBase(seat) + S_GOT;
    return this.st[b] < 0 ? [] : [this.st[b], this.st[b + 1], this.st[b + 2]];
  }
  points(seat: number): number {
    return this.st[seatBase(seat) + S_POINTS];
  }
  total(seat: number): number {
    return this.st[seatBase(seat) + S_TOTAL];
  }
  /** Penalty points taken so far this hand, before shooting the moon (H8). */
  takenPoints(seat: number): number {
    const b = seatBase(seat);
    return this.st[b + S_HEARTS] + 13 * this.st[b + S_QS] - (this.rules.jackOfDiamonds ? 10 * this.st[b + S_JD] : 0);
  }
  /** The current trick: its leader, and each card with the seat that laid it. */
  trick(): { leader: number; cards: number[]; seats: number[] } {
    const st = this.st;
    const cards: number[] = [];
    const seats: number[] = [];
    for (let i = 0; i < st[H_TRICK_LEN]; i++) {
      cards.push(st[H_TRICK + i]);
      seats.push(st[H_TRICK_SEAT + i]);
    }
    return { leader: st[H_LEADER], cards, seats };
  }

  /**
   * The last completed trick of this hand, each card with the seat that laid
   * it (from its leader through the seats dealt in: a tie-break hand skips the
   * others), and its winner; null before the first trick is taken.
   */
  lastTrick(): { leader: number; cards: number[]; seats: number[]; winner: number } | null {
    const st = this.st;
    if (st[H_LAST_WINNER] < 0) return null;
    const cards: number[] = [];
    const seats: number[] = [];
    let seat = st[H_LAST_TRICK + 5];
    for (let i = 0; i < 5 && st[H_LAST_TRICK + i] >= 0; i++) {
      cards.push(st[H_LAST_TRICK + i]);
      seats.push(seat);
      do seat = (seat + 1) % this.players;
      while (!this.wasDealtIn(seat));
    }
    return { leader: st[H_LAST_TRICK + 5], cards, seats, winner: st[H_LAST_WINNER] };
  }

  /** Cards in the current trick so far. */
  get trickLength(): number {
    return this.st[H_TRICK_LEN];
  }
  /** The suit led to the current trick (meaningful once a card is in it). */
  get ledSuit(): number {
    return this.st[H_LED];
  }
  /** The card at position `i` of the current trick. */
  trickCard(i: number): number {
    return this.st[H_TRICK + i];
  }

  /**
   * Before `dealExplicit` on a fresh game: which seats the hand is dealt to
   * (H9's tie-break hand deals the tied seats only) — searches rebuilding a
   * hand from a view.
   */
  seatHand(inHand: readonly boolean[], tieBreak: boolean): void {
    let mask = 0;
    for (let s = 0; s < this.players; s++) if (inHand[s]) mask |= 1 << s;
    this.st[H_ACTIVE] = mask;
    this.st[H_TIEBREAK] = tieBreak ? 1 : 0;
  }

  /** H9: whether this is the tie-break hand (or the game ended on one). */
  get tieBreak(): boolean {
    return this.st[H_TIEBREAK] === 1;
  }

  /** The mask of cards `seat` may lay now (H4–H7), per suit in `out[0..3]`. */
  playableMasks(seat: number, out: Int32Array): void {
    const st = this.st;
    const b = seatBase(seat) + S_HAND;
    const c = st[b], d = st[b + 1], h = st[b + 2], s = st[b + 3];
    out[0] = c;
    out[1] = d;
    out[2] = h;
    out[3] = s;
    const qsBit = 1 << QUEEN;
    if (st[H_TRICK_LEN] === 0) {
      if (st[H_TRICKS] === 0) {
        // H4: the hand opens with 2c (3c when 2c is out).
        const f = st[H_FIRST_CARD];
        out[0] = out[1] = out[2] = out[3] = 0;
        out[suitOf(f)] = 1 << rankOf(f);
        return;
      }
      // H6: no heart lead before hearts are broken, unless the hand is all hearts.
      if (!st[H_BROKEN] && (c | d | s) !== 0) out[2] = 0;
      return;
    }
    const led = st[H_LED];
    const follow = st[b + led];
    if (follow !== 0) {
      out[0] = out[1] = out[2] = out[3] = 0;
      out[led] = follow; // H5: follow suit
      return;
    }
    if (st[H_TRICKS] === 0 && !this.rules.penaltyOnFirstTrick) {
      // H7: no penalty card on the first trick unless nothing else is held.
      const others = c | d | (s & ~qsBit);
      if (others !== 0) {
        out[2] = 0;
        out[3] = s & ~qsBit;
      }
    }
  }

  private readonly masks = new Int32Array(4);

  /** Writes the legal actions of the player to act into `out`; returns the count. */
  generate(out: Int32Array): number {
    const st = this.st;
    const seat = st[H_TO_MOVE];
    if (st[H_PHASE] === HP_PASS) return this.generateGives(out, seat);
    if (st[H_PHASE] !== HP_PLAY) return 0;
    const m = this.masks;
    this.playableMasks(seat, m);
    let n = 0;
    for (let s = 0; s < 4; s++) {
      let x = m[s];
      while (x !== 0) {
        const low = x & -x;
        x ^= low;
        out[n++] = A_PLAY | (((s << 4) | (31 - Math.clz32(low))) << 3);
      }
    }
    return n;
  }

  /** H3: every choice of three cards to pass, in canonical order. */
  private generateGives(out: Int32Array, seat: number): number {
    const cards = this.hand(seat);
    let n = 0;
    for (let i = 0; i < cards.length; i++) for (let j = i + 1; j < cards.length; j++) for (let k = j + 1; k < cards.length; k++) out[n++] = giveCode(cards[i], cards[j], cards[k]);
    return n;
  }

  apply(a: number): void {
    if ((a & 7) === A_GIVE) this.give(this.st[H_TO_MOVE], a);
    else this.play(this.st[H_TO_MOVE], (a >> 3) & 63);
  }

  /** A pass by any seat that has not given yet (records may list the gives in any order). */
  give(seat: number, a: number): void {
    const st = this.st;
    const [x, y, z] = giveCards(a);
    const b = seatBase(seat);
    for (const c of [x, y, z]) this.removeCard(seat, c);
    st[b + S_GAVE] = x;
    st[b + S_GAVE + 1] = y;
    st[b + S_GAVE + 2] = z;
    st[H_GIVEN] |= 1 << seat;
    if (st[H_GIVEN] === st[H_ACTIVE]) {
      // Everyone has passed: the cards change hands together.
      const off = st[H_PASS_OFFSET];
      for (let s = 0; s < this.players; s++) {
        if (!this.isActive(s)) continue;
        let to = s;
        for (let k = 0; k < off; k++) to = this.nextActive(to);
        const gb = seatBase(s) + S_GAVE;
        const tb = seatBase(to) + S_GOT;
        for (let i = 0; i < 3; i++) {
          this.addCard(to, st[gb + i]);
          st[tb + i] = st[gb + i];
        }
      }
      this.startPlay();
      return;
    }
    let next = this.nextActive(st[H_DEALER]);
    while (st[H_GIVEN] & (1 << next)) next = this.nextActive(next);
    st[H_TO_MOVE] = next;
  }

  private play(seat: number, card: number): void {
    const st = this.st;
    this.removeCard(seat, card);
    const pos = st[H_TRICK_LEN]++;
    st[H_TRICK + pos] = card;
    st[H_TRICK_SEAT + pos] = seat;
    const suit = card >> 4;
    if (pos === 0) st[H_LED] = suit;
    // H6: a heart discarded on a trick led in another suit breaks hearts; a (forced) heart lead does not.
    if (suit === HEARTS && st[H_LED] !== HEARTS) st[H_BROKEN] = 1;
    if (pos + 1 < this.activeCount()) {
      st[H_TO_MOVE] = this.nextActive(seat);
      return;
    }
    // H5: the highest card of the led suit takes the trick.
    const led = st[H_LED];
    let best = 0;
    for (let i = 1; i <= pos; i++) {
      const c = st[H_TRICK + i];
      if (c >> 4 === led && (c & 15) > (st[H_TRICK + best] & 15)) best = i;
    }
    const winner = st[H_TRICK_SEAT + best];
    const wb = seatBase(winner);
    for (let i = 0; i <= pos; i++) {
      const c = st[H_TRICK + i];
      if (c >> 4 === HEARTS) st[wb + S_HEARTS]++;
      else if (c === QS) st[wb + S_QS] = 1;
      else if (c === JD) st[wb + S_JD] = 1;
      st[H_LAST_TRICK + i] = c;
      st[H_TRICK + i] = -1;
      st[H_TRICK_SEAT + i] = -1;
    }
    for (let i = pos + 1; i < 5; i++) st[H_LAST_TRICK + i] = -1;
    st[H_LAST_TRICK + 5] = st[H_LEADER];
    st[H_LAST_WINNER] = winner;
    st[H_TRICK_LEN] = 0;
    st[H_TRICKS]++;
    st[H_LEADER] = winner;
    st[H_TO_MOVE] = winner;
    if (st[H_TRICKS] === st[H_PER_HAND]) this.endHand();
  }

  /** H8: the seat that took every heart and the Qs this hand ("shot the moon"), or -1. */
  moonShooter(): number {
    const st = this.st;
    for (let s = 0; s < this.players; s++) if (this.isActive(s) && st[seatBase(s) + S_HEARTS] === 13 && st[seatBase(s) + S_QS]) return s;
    return -1;
  }

  /** H3: the seat `seat`'s three cards go to this hand (the pass skips seats sitting out a tie-break), or -1 without a pass. */
  passTarget(seat: number): number {
    const off = this.st[H_PASS_OFFSET];
    if (off === 0 || !this.isActive(seat)) return -1;
    let to = seat;
    for (let k = 0; k < off; k++) to = this.nextActive(to);
    return to;
  }

  /** H8/H9: scores, shooting the moon, totals, the end of the game and its tie-break. */
  /** @internal */
  endHand(): void {
    const st = this.st;
    const n = this.players;
    const shooter = this.moonShooter();
    for (let s = 0; s < n; s++) {
      const b = seatBase(s);
      if (!this.isActive(s)) {
        st[b + S_POINTS] = 0;
        continue;
      }
      let pts = shooter < 0 ? st[b + S_HEARTS] + 13 * st[b + S_QS] : s === shooter ? 0 : 26;
      if (this.rules.jackOfDiamonds && st[b + S_JD]) pts -= 10;
      st[b + S_POINTS] = pts;
      if (!st[H_TIEBREAK]) st[b + S_TOTAL] += pts;
    }
    st[H_TO_MOVE] = -1;
    if (st[H_TIEBREAK]) {
      st[H_PHASE] = HP_GAME_OVER;
      return;
    }
    st[H_NORMAL_HANDS]++;
    let over = false;
    if (this.rules.deals !== null) over = st[H_NORMAL_HANDS] >= this.rules.deals;
    else for (let s = 0; s < n; s++) if (st[seatBase(s) + S_TOTAL] >= (this.rules.pointLimit ?? 100)) over = true;
    if (!over) {
      st[H_PHASE] = HP_HAND_OVER;
      return;
    }
    const tied = this.lowestSeats(S_TOTAL, (1 << n) - 1);
    if (tied.length === 1) {
      st[H_PHASE] = HP_GAME_OVER;
      return;
    }
    // H9: one extra hand between the tied players only.
    st[H_TIEBREAK] = 1;
    st[H_ACTIVE] = tied.reduce((m, s) => m | (1 << s), 0);
    st[H_PHASE] = HP_HAND_OVER;
  }

  private lowestSeats(field: number, mask: number): number[] {
    const st = this.st;
    let best = Infinity;
    for (let s = 0; s < this.players; s++) if (mask & (1 << s)) best = Math.min(best, st[seatBase(s) + field]);
    const out: number[] = [];
    for (let s = 0; s < this.players; s++) if (mask & (1 << s) && st[seatBase(s) + field] === best) out.push(s);
    return out;
  }

  /** The game's winners: lowest total, or lowest in the tie-break hand (still tied: shared). */
  gameWinners(): number[] {
    const st = this.st;
    if (st[H_TIEBREAK]) return this.lowestSeats(S_POINTS, st[H_ACTIVE]);
    return this.lowestSeats(S_TOTAL, (1 << this.players) - 1);
  }

  /** Cards in hands, in the current trick and taken (tests: conservation). */
  cardsInPlay(): number {
    let n = this.st[H_TRICK_LEN] + this.st[H_TRICKS] * this.activeCount();
    for (let s = 0; s < this.players; s++) n += this.handCount(s);
    if (this.st[H_PHASE] === HP_PASS) for (let s = 0; s < this.players; s++) if (this.st[H_GIVEN] & (1 << s)) n += 3;
    return n;
  }
}
