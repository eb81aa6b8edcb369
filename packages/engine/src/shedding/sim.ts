/**
 * The simulator tier: one round-robin of Olsen / Vri åtter rounds as a flat
 * Int32Array that is mutated in place. Hands are per-suit 13-bit masks (a
 * second layer holds the second copy of a card when two decks are used), the
 * discard pile is a per-card count (its order below the top never matters:
 * a reshuffle emits it in canonical order before shuffling), and actions are
 * small integers. Nothing here allocates per step; `push`/`pop` save and
 * restore the whole state inside the same buffer, which is the make/undo of
 * search.
 *
 * This is the only implementation of the rules: the public API in `game.ts`
 * loads a snapshot, asks `generate` what is legal, applies and snapshots out.
 *
 *     const sim = new Sim(rules, 4);
 *     sim.seed('demo'); sim.newGame(); sim.dealRound(3);
 *     const n = sim.generate(buf); sim.apply(buf[0]);
 */
import { ACE, DECK, EIGHT, QUEEN, TWO, cardPoints, rankOf, suitOf } from '../core/card.js';
import { below, nextU32, seedFromString, shuffleRange } from '../core/rng.js';
import { handSizeFor, type RuleSet } from './rules.js';
import { StateBuffer } from '../core/state-buffer.js';

import {
  MAX_SEATS, A_PLAY, A_DRAW, A_PASS, A_CALL, A_CATCH, A_NAME, F_CALL, F_MORE, suitOfAction,
  catchCode, nameCode, P_TURN, P_NAME, P_ROUND_OVER, P_GAME_OVER, E_NONE,
  E_NEED_SEED_S16, E_NEED_SEED_S5, MAX_CARDS, O_PLAYERS, O_PHASE, O_TO_MOVE, O_DIR, O_DEALER,
  O_TOP, O_ACTIVE, O_DRAWS, O_VOLUNTARY, O_DRAWN, O_STOCK_LEN, O_DISCARD_LEN, O_PASS_STREAK, O_PENDING,
  O_WINDOW, O_GROUP, O_GROUP_COUNT, O_ROUND, O_ACTIVE_PLAYERS, O_OUT, O_WINNER, O_BLOCKED, O_FIRST_TURN,
  O_RNG_OK, O_ERROR, O_LAZY, O_UPCARD, O_RNG, O_HAND_COUNT, O_PLACE, O_TOTAL, O_POINTS, O_HANDS, O_DISCARD, O_STOCK,
  STATE_SIZE,
} from './sim-layout.js';

export * from './sim-layout.js';

const EIGHT_BIT = 1 << EIGHT;

export class Sim extends StateBuffer {
  private readonly deck: Int32Array = new Int32Array(MAX_CARDS);
  readonly rules: RuleSet;
  readonly players: number;
  // Rule flags copied to fields so the hot path reads plain properties.
  private readonly mustPlay: boolean;
  private readonly maxDraws: number;
  private readonly multiRank: boolean;
  private readonly multiSuit: boolean;
  private readonly special: boolean;
  private readonly stackTwos: boolean;
  private readonly svenskevri: boolean;
  private readonly aceDraws: number;
  private readonly eightOnEight: boolean;
  private readonly winOnEight: boolean;
  private readonly playOut: boolean;
  private readonly penalty: number;
  private readonly restrictFirst: boolean;
  /** No multi-card plays, no first-turn or eight restrictions: the short path of `genAllPlays`. */
  private readonly plain: boolean;
  /** `plain`, and no card with an effect, no play-out, drawn cards must be played: `rollout`'s fused loop applies. */
  readonly fused: boolean;

  constructor(rules: RuleSet, players: number, stackDepth = 0) {
    super(STATE_SIZE, stackDepth);
    this.rules = rules;
    this.players = players;
    this.st[O_PLAYERS] = players;
    this.mustPlay = rules.drawnCardMustBePlayed;
    this.maxDraws = rules.maxDraws;
    this.multiRank = rules.multiSameRank;
    this.multiSuit = rules.multiSameSuit;
    this.special = rules.specialCards;
    this.stackTwos = rules.stackTwos;
    this.svenskevri = rules.svenskevri;
    this.aceDraws = rules.aceDraws;
    this.eightOnEight = !rules.noEightOnEight;
    this.winOnEight = !rules.noWinOnEight;
    this.playOut = rules.playOutForPlaces;
    this.penalty = rules.forgottenCallPenalty;
    this.restrictFirst = rules.noTwistFirstTurn !== 'off';
    this.plain = !this.multiRank && !this.multiSuit && !this.restrictFirst && this.eightOnEight && this.winOnEight;
    this.fused = this.plain && !this.special && !this.svenskevri && this.aceDraws === 0 && !this.playOut && this.mustPlay;
  }

  // ---- setup ------------------------------------------------------------
  seed(seed: string): void {
    seedFromString(this.st, O_RNG, seed);
    this.st[O_RNG_OK] = 1;
  }
  /** A new shuffle stream drawn from the caller's generator (`rng` at offset 0): each searched world draws differently. */
  reseed(rng: Int32Array): void {
    for (let i = 0; i < 4; i++) this.st[O_RNG + i] = nextU32(rng, 0) | 0;
    this.st[O_RNG_OK] = 1;
  }
  newGame(): void {
    const st = this.st;
    for (let i = 0; i < this.players; i++) st[O_TOTAL + i] = 0;
    st[O_ROUND] = -1;
  }

  private clearRound(dealer: number): void {
    const st = this.st;
    const n = this.players;
    st.fill(0, O_HAND_COUNT, O_HAND_COUNT + 6);
    st.fill(0, O_PLACE, O_PLACE + 6);
    st.fill(0, O_HANDS, O_STOCK);
    st[O_ROUND]++;
    st[O_DEALER] = dealer;
    st[O_DIR] = 1;
    st[O_DRAWS] = 0;
    st[O_VOLUNTARY] = 0;
    st[O_DRAWN] = -1;
    st[O_STOCK_LEN] = 0;
    st[O_DISCARD_LEN] = 0;
    st[O_PASS_STREAK] = 0;
    st[O_PENDING] = 0;
    st[O_WINDOW] = -1;
    st[O_GROUP] = 0;
    st[O_GROUP_COUNT] = 0;
    st[O_ACTIVE_PLAYERS] = n;
    st[O_OUT] = 0;
    st[O_WINNER] = -1;
    st[O_BLOCKED] = 0;
    st[O_ERROR] = E_NONE;
    st[O_LAZY] = 0;
    const starter = (dealer + 1) % n;
    const mode = this.rules.noTwistFirstTurn;
    st[O_FIRST_TURN] = mode === 'everyone' ? (1 << n) - 1 : mode === 'starter' ? 1 << starter : 0;
  }

  /** S3/S4: shuffles the deck(s) with the current RNG and deals a round for `dealer`. */
  dealRound(dealer: number): void {
    this.clearRound(dealer);
    const st = this.st;
    const deck = this.deck;
    let len = 0;
    for (let d = 0; d < this.rules.decks; d++) for (let i = 0; i < 52; i++) deck[len++] = DECK[i];
    shuffleRange(deck, 0, len, st, O_RNG);
    const n = this.players;
    const size = handSizeFor(this.rules, n);
    let pos = 0;
    for (let i = 0; i < size; i++) for (let k = 1; k <= n; k++) this.addCard((dealer + k) % n, deck[pos++]);
    if (this.rules.starterExtraCard) this.addCard((dealer + 1) % n, deck[pos++]);
    if (this.rules.dealerExtraCard) this.addCard(dealer, deck[pos++]);
    const upcard = deck[pos++];
    for (let j = len - 1; j >= pos; j--) st[O_STOCK + st[O_STOCK_LEN]++] = deck[j];
    this.turnUp(upcard);
  }

  /** An explicit deal (records): hands per seat, the turned card, the stock top first. */
  dealExplicit(dealer: number, hands: readonly (readonly number[])[], upcard: number, stockTopFirst: readonly number[]): void {
    this.clearRound(dealer);
    const st = this.st;
    hands.forEach((hand, seat) => hand.forEach((c) => this.addCard(seat, c)));
    for (let j = stockTopFirst.length - 1; j >= 0; j--) st[O_STOCK + st[O_STOCK_LEN]++] = stockTopFirst[j];
    this.turnUp(upcard);
  }

  /** S4/S5: starts the discard pile; an eight goes back into the stock unless the dealer names a suit. */
  private turnUp(card: number): void {
    const st = this.st;
    while (rankOf(card) === EIGHT && this.rules.starterEight === 'reshuffle') {
      const len = st[O_STOCK_LEN];
      if (len === 0) break;
      if (!st[O_RNG_OK]) {
        st[O_ERROR] = E_NEED_SEED_S5;
        break;
      }
      // Below the top card, so the same eight is not turned again at once.
      const at = below(st, O_RNG, len);
      for (let j = len; j > at; j--) st[O_STOCK + j] = st[O_STOCK + j - 1];
      st[O_STOCK + at] = card;
      card = st[O_STOCK + len];
    }
    st[O_DISCARD] = card;
    st[O_DISCARD_LEN] = 1;
    st[O_TOP] = card;
    st[O_UPCARD] = card;
    st[O_ACTIVE] = suitOf(card);
    if (rankOf(card) === EIGHT && this.rules.starterEight === 'dealerChooses') {
      st[O_PHASE] = P_NAME;
      st[O_TO_MOVE] = st[O_DEALER];
    } else {
      st[O_PHASE] = P_TURN;
      st[O_TO_MOVE] = (st[O_DEALER] + 1) % this.players;
    }
  }

  // ---- hands ------------------------------------------------------------
  addCard(seat: number, card: number): void {
    const st = this.st;
    const i = O_HANDS + seat * 8 + suitOf(card);
    const bit = 1 << rankOf(card);
    if (st[i] & bit) st[i + 4] |= bit;
    else st[i] |= bit;
    st[O_HAND_COUNT + seat]++;
  }
  private removeCard(seat: number, card: number): void {
    const st = this.st;
    const i = O_HANDS + seat * 8 + suitOf(card);
    const bit = 1 << rankOf(card);
    if (st[i + 4] & bit) st[i + 4] &= ~bit;
    else st[i] &= ~bit;
    st[O_HAND_COUNT + seat]--;
  }
  hasCard(seat: number, card: number): boolean {
    return (this.st[O_HANDS + seat * 8 + suitOf(card)] & (1 << rankOf(card))) !== 0;
  }
  /** Copies of `card` in the seat's hand (0, 1 or 2). */
  copies(seat: number, card: number): number {
    const i = O_HANDS + seat * 8 + suitOf(card);
    const bit = 1 << rankOf(card);
    return (this.st[i] & bit ? 1 : 0) + (this.st[i + 4] & bit ? 1 : 0);
  }
  /** The seat's cards in canonical order (allocates: not for the hot path). */
  hand(seat: number): number[] {
    const out: number[] = [];
    for (let s = 0; s < 4; s++) for (let r = 0; r < 13; r++) {
      const c = (s << 4) | r;
      for (let k = this.copies(seat, c); k > 0; k--) out.push(c);
    }
    return out;
  }
  /** Non-eight cards per suit in the seat's hand, into `out[0..3]` (no allocation). */
  suitCounts(seat: number, out: Int32Array): void {
    const h = O_HANDS + seat * 8;
    for (let s = 0; s < 4; s++) out[s] = popcount(this.st[h + s] & ~EIGHT_BIT) + popcount(this.st[h + 4 + s] & ~EIGHT_BIT);
  }

  /** Places a state built outside (bots' determinizations): hands, discard pile bottom first, stock top last. */
  setCards(hands: readonly (readonly number[])[], discard: readonly number[], stock: readonly number[]): void {
    const st = this.st;
    st.fill(0, O_HAND_COUNT, O_HAND_COUNT + 6);
    st.fill(0, O_HANDS, O_HANDS + MAX_SEATS * 8);
    hands.forEach((hand, seat) => hand.forEach((c) => this.addCard(seat, c)));
    for (let i = 0; i < discard.length; i++) st[O_DISCARD + i] = discard[i];
    st[O_DISCARD_LEN] = discard.length;
    for (let i = 0; i < stock.length; i++) st[O_STOCK + i] = stock[i];
    st[O_STOCK_LEN] = stock.length;
  }

  /** The stock, top card first (allocates). */
  stock(): number[] {
    const st = this.st;
    const out: number[] = [];
    for (let j = st[O_STOCK_LEN] - 1; j >= 0; j--) out.push(st[O_STOCK + j]);
    return out;
  }

  // ---- legality ---------------------------------------------------------
  /** S-V6: the seat's first turn, restricted by the house rule, is now (no eight, no change of suit). */
  restricted(seat: number): boolean {
    return this.restrictFirst && (this.st[O_FIRST_TURN] & (1 << seat)) !== 0;
  }

  /** S8–S11, S-V6, S-V11: may `card` start a move now? */
  canPlay(seat: number, card: number): boolean {
    const st = this.st;
    const rank = rankOf(card);
    const top = st[O_TOP];
    if (this.restricted(seat)) return rank !== EIGHT && suitOf(card) === st[O_ACTIVE];
    if (rank === EIGHT) return this.eightOnEight || rankOf(top) !== EIGHT;
    return suitOf(card) === st[O_ACTIVE] || (rank === rankOf(top) && rankOf(top) !== EIGHT);
  }

  canDraw(): boolean {
    return this.st[O_STOCK_LEN] > 0 || this.st[O_DISCARD_LEN] > 1;
  }

  /** Does the seat hold any card that may start a move? */
  hasLegalPlay(seat: number): boolean {
    const st = this.st;
    const h = O_HANDS + seat * 8;
    const active = st[O_ACTIVE];
    const topRank = rankOf(st[O_TOP]);
    if (this.restricted(seat)) return (st[h + active] & ~EIGHT_BIT) !== 0;
    if (st[h + active] & ~EIGHT_BIT) return true;
    const eights = (st[h] | st[h + 1] | st[h + 2] | st[h + 3]) & EIGHT_BIT;
    if (eights && (this.eightOnEight || topRank !== EIGHT) && (this.winOnEight || st[O_HAND_COUNT + seat] > 1)) return true;
    if (topRank === EIGHT) return false;
    const rb = 1 << topRank;
    return ((st[h] | st[h + 1] | st[h + 2] | st[h + 3]) & rb) !== 0;
  }

  /**
   * Writes the legal actions of the player to move into `out` and returns
   * their count. Plays that leave one card carry the call (`F_CALL`): the
   * simulator's players always call. Catches are listed by `generateCatches`.
   */
  generate(out: Int32Array): number {
    const st = this.st;
    if (this.plain && (st[O_PHASE] | st[O_GROUP] | st[O_PENDING]) === 0) {
      // The common case, kept short: a plain turn.
      const seat = st[O_TO_MOVE];
      const draws = st[O_DRAWS];
      if (draws === 0) {
        const n = this.genPlainPlays(out, seat);
        out[n] = st[O_STOCK_LEN] > 0 || st[O_DISCARD_LEN] > 1 ? A_DRAW : A_PASS;
        return n + 1;
      }
    }
    const phase = st[O_PHASE];
    if (phase === P_NAME) {
      for (let s = 0; s < 4; s++) out[s] = nameCode(s);
      return 4;
    }
    if (phase !== P_TURN) return 0;
    const seat = st[O_TO_MOVE];
    if (st[O_GROUP] !== 0) return this.genGroup(out, seat, 0);
    if (st[O_PENDING] > 0) {
      let n = 0;
      // S-V8 answered with a 2; on a first turn under S-V6 only a 2 of the suit in play (S-V6 wins).
      const first = this.restricted(seat);
      for (let s = 0; s < 4; s++) if (st[O_HANDS + seat * 8 + s] & 1 && (!first || s === st[O_ACTIVE])) n = this.genPlaysOf(out, n, seat, (s << 4) | TWO, 1);
      out[n++] = A_DRAW;
      return n;
    }
    const draws = st[O_DRAWS];
    if (draws > 0) {
      const drawn = st[O_DRAWN];
      const playable = this.canPlay(seat, drawn);
      if (this.mustPlay) {
        if (playable) {
          const n = this.genPlaysOf(out, 0, seat, drawn, 1);
          if (n > 0) return n;
        }
        if (st[O_VOLUNTARY] || (this.maxDraws !== 0 && draws >= this.maxDraws) || !this.canDraw()) {
          out[0] = A_PASS;
          return 1;
        }
        out[0] = A_DRAW;
        return 1;
      }
      if (st[O_VOLUNTARY]) {
        const n = playable ? this.genPlaysOf(out, 0, seat, drawn, 1) : 0;
        out[n] = A_PASS;
        return n + 1;
      }
      let n = this.genAllPlays(out, seat);
      out[n++] = (this.maxDraws === 0 || draws < this.maxDraws) && this.canDraw() ? A_DRAW : A_PASS;
      return n;
    }
    // S14/S17: with nothing to draw the player may pass, holding a legal card or not.
    const n = this.genAllPlays(out, seat);
    out[n] = this.canDraw() ? A_DRAW : A_PASS;
    return n + 1;
  }

  /** Catches open to other seats: one per seat that may catch (S20). */
  generateCatches(out: Int32Array, n = 0): number {
    const target = this.st[O_WINDOW];
    if (target < 0 || this.penalty === 0 || this.st[O_PHASE] !== P_TURN) return n;
    for (let s = 0; s < this.players; s++) if (s !== target) out[n++] = catchCode(s);
    return n;
  }

  private genAllPlays(out: Int32Array, seat: number): number {
    if (this.plain) return this.genPlainPlays(out, seat);
    const st = this.st;
    const h = O_HANDS + seat * 8;
    const active = st[O_ACTIVE];
    const top = st[O_TOP];
    const topRank = rankOf(top);
    let n = 0;
    // Cards of the active suit (eights are handled below).
    let m = st[h + active] & ~EIGHT_BIT;
    while (m !== 0) {
      const r = 31 - Math.clz32(m & -m);
      m &= m - 1;
      n = this.genPlaysOf(out, n, seat, (active << 4) | r, 1);
    }
    if (this.restricted(seat)) return n;
    // Same rank, other suit: the twist (S9).
    if (topRank !== EIGHT) {
      const rb = 1 << topRank;
      for (let s = 0; s < 4; s++) if (s !== active && st[h + s] & rb) n = this.genPlaysOf(out, n, seat, (s << 4) | topRank, 1);
    }
    if (this.eightOnEight || topRank !== EIGHT) {
      for (let s = 0; s < 4; s++) if (st[h + s] & EIGHT_BIT) n = this.genPlaysOf(out, n, seat, (s << 4) | EIGHT, 1);
    }
    return n;
  }

  /** `genAllPlays` when no house rule restricts single-card plays (the benchmark's path). */
  private genPlainPlays(out: Int32Array, seat: number): number {
    const st = this.st;
    const h = O_HANDS + seat * 8;
    const active = st[O_ACTIVE];
    const topRank = st[O_TOP] & 15;
    const base = A_PLAY | (st[O_HAND_COUNT + seat] === 2 ? F_CALL : 0);
    const any = st[h] | st[h + 1] | st[h + 2] | st[h + 3];
    let n = 0;
    let m = st[h + active] & ~EIGHT_BIT;
    const suitBase = base | (active << 7);
    while (m !== 0) {
      const low = m & -m;
      m ^= low;
      out[n++] = suitBase | ((31 - Math.clz32(low)) << 3);
    }
    const rb = 1 << topRank;
    if (topRank !== EIGHT && (any & rb) !== 0) {
      for (let s = 0; s < 4; s++) if (s !== active && (st[h + s] & rb) !== 0) out[n++] = base | (s << 7) | (topRank << 3);
    }
    if ((any & EIGHT_BIT) !== 0) {
      for (let s = 0; s < 4; s++) {
        if ((st[h + s] & EIGHT_BIT) !== 0) {
          const e = base | (s << 7) | (EIGHT << 3);
          out[n++] = e | (1 << 9);
          out[n++] = e | (2 << 9);
          out[n++] = e | (3 << 9);
          out[n++] = e | (4 << 9);
        }
      }
    }
    return n;
  }

  /**
   * Cards that could follow `card` in a multi-card move once it is laid,
   * `mode` being the move's kind after it (1 undecided, 2 same rank, 3 same suit).
   */
  private continuationsAfter(seat: number, card: number, mode: number): number {
    const st = this.st;
    const h = O_HANDS + seat * 8;
    const r = rankOf(card);
    const s = suitOf(card);
    const byRank = (mode === 1 || mode === 2) && this.multiRank;
    const bySuit = (mode === 1 || mode === 3) && this.multiSuit && r !== EIGHT;
    let count = 0;
    if (byRank) {
      const rb = 1 << r;
      for (let t = 0; t < 4; t++) {
        if (this.restricted(seat) && t !== s) continue; // S-V6: no twist on a first turn
        count += (st[h + t] & rb ? 1 : 0) + (st[h + 4 + t] & rb ? 1 : 0);
      }
      count--; // the card itself
    }
    if (bySuit) {
      count += popcount(st[h + s] & ~EIGHT_BIT) + popcount(st[h + 4 + s] & ~EIGHT_BIT) - 1;
      if (byRank) count -= this.copies(seat, card) - 1; // a second copy was counted both ways
    }
    return count;
  }

  /**
   * Emits the ways to lay `card` now: as the move's last card (with a suit
   * if an eight), or with more cards to follow in the same move.
   */
  private genPlaysOf(out: Int32Array, n: number, seat: number, card: number, modeAfter: number): number {
    const st = this.st;
    const count = st[O_HAND_COUNT + seat];
    const isEight = rankOf(card) === EIGHT;
    if (count > 1 || !isEight || this.winOnEight) {
      const base = A_PLAY | (card << 3) | (count === 2 ? F_CALL : 0);
      if (isEight) for (let s = 0; s < 4; s++) out[n++] = base | ((s + 1) << 9);
      else out[n++] = base;
    }
    if ((this.multiRank || this.multiSuit) && this.continuationsAfter(seat, card, modeAfter) > 0) {
      // A group of eights must leave a card in hand (S-V12): one more eight and one other card.
      if (!isEight || this.winOnEight || count >= 3) out[n++] = A_PLAY | (card << 3) | F_MORE;
    }
    return n;
  }

  private genGroup(out: Int32Array, seat: number, n: number): number {
    const st = this.st;
    const mode = st[O_GROUP];
    const top = st[O_TOP];
    const h = O_HANDS + seat * 8;
    const r = rankOf(top);
    const s = suitOf(top);
    if ((mode === 1 || mode === 2) && this.multiRank) {
      for (let t = 0; t < 4; t++) {
        if (this.restricted(seat) && t !== s) continue;
        if (st[h + t] & (1 << r)) n = this.genPlaysOf(out, n, seat, (t << 4) | r, 2);
      }
    }
    if ((mode === 1 || mode === 3) && this.multiSuit && r !== EIGHT) {
      let m = st[h + s] & ~EIGHT_BIT;
      if (mode === 1 && this.multiRank) m &= ~(1 << r); // already listed as same rank
      while (m !== 0) {
        const q = 31 - Math.clz32(m & -m);
        m &= m - 1;
        n = this.genPlaysOf(out, n, seat, (s << 4) | q, 3);
      }
    }
    return n;
  }

  // ---- applying ---------------------------------------------------------
  /**
   * Applies a legal action (as listed by `generate`, a catch from
   * `generateCatches`, or `A_CALL` for the seat in the catch window).
   * Legality is the caller's business: the public tier checks first.
   */
  apply(a: number): void {
    const st = this.st;
    switch (a & 7) {
      case A_PLAY:
        st[O_WINDOW] = -1;
        this.play(a);
        return;
      case A_DRAW:
        st[O_WINDOW] = -1;
        this.draw();
        return;
      case A_PASS:
        st[O_WINDOW] = -1;
        this.pass();
        return;
      case A_CALL:
        st[O_WINDOW] = -1;
        return;
      case A_CATCH: {
        const target = st[O_WINDOW];
        st[O_WINDOW] = -1;
        this.drawCards(target, this.penalty);
        st[O_PASS_STREAK] = 0;
        return;
      }
      case A_NAME:
        st[O_ACTIVE] = suitOfAction(a);
        st[O_PHASE] = P_TURN;
        st[O_TO_MOVE] = (st[O_DEALER] + 1) % this.players;
        return;
    }
  }

  private play(a: number): void {
    const st = this.st;
    const seat = st[O_TO_MOVE];
    const card = (a >> 3) & 63;
    this.removeCard(seat, card);
    st[O_DISCARD + st[O_DISCARD_LEN]++] = card;
    const prevTop = st[O_TOP];
    st[O_TOP] = card;
    st[O_ACTIVE] = card >> 4;
    st[O_PASS_STREAK] = 0;
    if (a & F_MORE) {
      const mode = st[O_GROUP];
      if (mode === 0) st[O_GROUP] = 1;
      else if (mode === 1) st[O_GROUP] = rankOf(prevTop) === rankOf(card) ? 2 : 3;
      st[O_GROUP_COUNT]++;
      return;
    }
    let count = st[O_GROUP_COUNT] + 1;
    if (st[O_GROUP] === 1) st[O_GROUP] = rankOf(prevTop) === rankOf(card) ? 2 : 3;
    const sameRankGroup = st[O_GROUP] === 2;
    st[O_GROUP] = 0;
    st[O_GROUP_COUNT] = 0;
    if (!sameRankGroup) count = 1;
    const rank = card & 15;
    if (rank === EIGHT) st[O_ACTIVE] = ((a >> 9) & 7) - 1;
    const left = st[O_HAND_COUNT + seat];
    if (left === 0) {
      this.goOut(seat);
      return;
    }
    if (left === 1 && (a & F_CALL) === 0) st[O_WINDOW] = seat;
    this.finishTurnAfterPlay(seat, rank, count);
  }

  /** S-V7–S-V10: the effects of the card(s) just laid, then the next turn. */
  private finishTurnAfterPlay(seat: number, rank: number, count: number): void {
    const st = this.st;
    if (rank === TWO && this.special) {
      if (this.stackTwos) {
        st[O_PENDING] += 2 * count;
        this.endTurn(seat, 0);
      } else {
        const victim = this.nextSeat(seat);
        this.drawCards(victim, 2 * count);
        this.endTurn(seat, 1); // the victim has lost that turn
      }
      return;
    }
    if (rank === QUEEN && this.special) {
      this.endTurn(seat, count);
      return;
    }
    if (rank === ACE) {
      if (this.special && count & 1) st[O_DIR] = this.players - st[O_DIR];
      if (this.svenskevri) {
        for (let k = 1; k < this.players; k++) {
          const o = (seat + k) % this.players;
          if (st[O_PLACE + o] === 0) this.drawCards(o, count);
        }
      }
      if (this.aceDraws > 0) this.drawCards(this.nextSeat(seat), this.aceDraws * count);
    }
    this.endTurn(seat, 0);
  }

  private draw(): void {
    const st = this.st;
    const seat = st[O_TO_MOVE];
    st[O_PASS_STREAK] = 0;
    const pending = st[O_PENDING];
    if (pending > 0) {
      st[O_PENDING] = 0;
      this.drawCards(seat, pending);
      this.endTurn(seat, 0);
      return;
    }
    if (st[O_DRAWS] === 0) st[O_VOLUNTARY] = this.hasLegalPlay(seat) ? 1 : 0;
    const card = this.drawOne();
    st[O_DRAWS]++;
    if (card < 0) return;
    this.addCard(seat, card);
    st[O_DRAWN] = card;
  }

  private pass(): void {
    const st = this.st;
    const seat = st[O_TO_MOVE];
    if (st[O_DRAWS] === 0 && ++st[O_PASS_STREAK] >= st[O_ACTIVE_PLAYERS]) {
      // S17: a whole circle passed without a play or a draw.
      st[O_BLOCKED] = 1;
      this.endRound();
      return;
    }
    this.endTurn(seat, 0);
  }

  /** Moves the turn on from `seat`, skipping `skip` players still in the round. */
  private endTurn(seat: number, skip: number): void {
    const st = this.st;
    st[O_FIRST_TURN] &= ~(1 << seat);
    st[O_DRAWS] = 0;
    st[O_VOLUNTARY] = 0;
    st[O_DRAWN] = -1;
    let next = this.nextSeat(seat);
    for (let i = 0; i < skip; i++) next = this.nextSeat(next);
    st[O_TO_MOVE] = next;
  }

  nextSeat(seat: number): number {
    const st = this.st;
    const n = this.players;
    const dir = st[O_DIR];
    do {
      seat += dir;
      if (seat >= n) seat -= n;
    } while (st[O_PLACE + seat] !== 0);
    return seat;
  }

  /**
   * Takes the top card of the stock. After a reshuffle the stock is shuffled
   * lazily: each draw does the next Fisher–Yates step, which deals exactly
   * the cards an up-front shuffle with the same RNG stream would.
   */
  private drawOne(): number {
    const st = this.st;
    if (st[O_STOCK_LEN] === 0 && !this.reshuffle()) return -1;
    const top = O_STOCK + --st[O_STOCK_LEN];
    if (st[O_LAZY] !== 0 && st[O_STOCK_LEN] > 0) {
      const j = O_STOCK + below(st, O_RNG, st[O_STOCK_LEN] + 1);
      const c = st[j];
      st[j] = st[top];
      return c;
    }
    return st[top];
  }

  /** Penalty draws: as many as the stock (and a reshuffle) can give. */
  private drawCards(seat: number, k: number): void {
    for (let i = 0; i < k; i++) {
      const c = this.drawOne();
      if (c < 0) return;
      this.addCard(seat, c);
    }
  }

  /** S16: all but the top card of the discard pile become the new stock, shuffled as it is drawn. */
  /** @internal */
  reshuffle(): boolean {
    const st = this.st;
    const len = st[O_DISCARD_LEN] - 1;
    if (len <= 0) return false;
    if (!st[O_RNG_OK]) {
      st[O_ERROR] = E_NEED_SEED_S16;
      return false;
    }
    st.copyWithin(O_STOCK, O_DISCARD, O_DISCARD + len);
    st[O_DISCARD] = st[O_TOP];
    st[O_DISCARD_LEN] = 1;
    st[O_STOCK_LEN] = len;
    st[O_LAZY] = 1;
    return true;
  }

  /** S21/S23: the seat has laid its last card. */
  private goOut(seat: number): void {
    const st = this.st;
    st[O_PLACE + seat] = ++st[O_OUT];
    st[O_ACTIVE_PLAYERS]--;
    if (st[O_WINNER] < 0) st[O_WINNER] = seat;
    if (!this.playOut || st[O_ACTIVE_PLAYERS] <= 1) {
      this.endRound();
      return;
    }
    st[O_PASS_STREAK] = 0;
    this.endTurn(seat, 0);
  }

  /** S22/S24: places (shared on equal hands), round points, totals, game end. */
  /** @internal */
  endRound(): void {
    const st = this.st;
    const n = this.players;
    for (let s = 0; s < n; s++) st[O_PLACE + s] = this.placeNow(s);
    let over = this.rules.scoring === 'ranking';
    for (let s = 0; s < n; s++) {
      let pts = 0;
      const h = O_HANDS + s * 8;
      for (let q = 0; q < 8; q++) {
        let m = st[h + q];
        while (m !== 0) {
          const r = 31 - Math.clz32(m & -m);
          m &= m - 1;
          pts += cardPoints(r);
        }
      }
      st[O_POINTS + s] = pts;
      if (this.rules.scoring === 'points') {
        st[O_TOTAL + s] += pts;
        if (st[O_TOTAL + s] > this.rules.targetScore) over = true;
      }
    }
    st[O_GROUP] = 0;
    st[O_WINDOW] = -1;
    st[O_PHASE] = over ? P_GAME_OVER : P_ROUND_OVER;
    st[O_TO_MOVE] = -1;
  }

  // ---- read-outs ----------------------------------------------------------
  get phase(): number {
    return this.st[O_PHASE];
  }
  /** S8/S10: the suit in play (the top card's, or the one an eight named). */
  get activeSuit(): number {
    return this.st[O_ACTIVE];
  }
  get topCard(): number {
    return this.st[O_TOP];
  }
  /** S14: cards drawn in this turn by the player to act. */
  get drawsThisTurn(): number {
    return this.st[O_DRAWS];
  }
  /** S13: the card drawn last in this turn, or -1. */
  get drawnCard(): number {
    return this.st[O_DRAWN];
  }
  /** S14 (decision): the turn's first draw was made while holding a card that fitted (S12). */
  get voluntaryDraw(): boolean {
    return this.st[O_DRAWS] > 0 && this.st[O_VOLUNTARY] === 1;
  }
  /** S13/S-V16: a playable drawn card must be played at once. */
  get drawnMustBePlayed(): boolean {
    return this.mustPlay;
  }
  /** S-V8: cards stacked draw-twos make the player to act take. */
  get pendingDraw(): number {
    return this.st[O_PENDING];
  }
  /** S-V4/S-V5: a multi-card move is under way. */
  get groupOpen(): boolean {
    return this.st[O_GROUP] !== 0;
  }
  /** S20: the seat that forgot the last-card call and may still be caught, or -1. */
  get callWindow(): number {
    return this.st[O_WINDOW];
  }
  get toMove(): number {
    return this.st[O_TO_MOVE];
  }
  /**
   * S22: the place `seat` has in this round, or would have if it ended now:
   * after those already out, fewer cards left ranks higher, equal hands share.
   */
  placeNow(seat: number): number {
    const st = this.st;
    if (st[O_PLACE + seat] !== 0 && st[O_HAND_COUNT + seat] === 0) return st[O_PLACE + seat];
    let fewer = 0;
    for (let t = 0; t < this.players; t++) {
      if (st[O_HAND_COUNT + t] > 0 && st[O_HAND_COUNT + t] < st[O_HAND_COUNT + seat]) fewer++;
    }
    return st[O_OUT] + 1 + fewer;
  }
  /** Place of a seat in the current or last round (0 while still playing). */
  place(seat: number): number {
    return this.st[O_PLACE + seat];
  }
  /** Running point total of a seat (points games). */
  total(seat: number): number {
    return this.st[O_TOTAL + seat];
  }
  /** Cards in a seat's hand. */
  handCount(seat: number): number {
    return this.st[O_HAND_COUNT + seat];
  }
  /** True when the last round ended blocked (S17). */
  get blocked(): boolean {
    return this.st[O_BLOCKED] === 1;
  }
  /** Seats with the lowest total (points) or first place (ranking) once the game is over. */
  gameWinners(): number[] {
    const st = this.st;
    const seats: number[] = [];
    if (this.rules.scoring === 'ranking') {
      for (let s = 0; s < this.players; s++) if (st[O_PLACE + s] === 1) seats.push(s);
      return seats;
    }
    let best = Infinity;
    for (let s = 0; s < this.players; s++) best = Math.min(best, st[O_TOTAL + s]);
    for (let s = 0; s < this.players; s++) if (st[O_TOTAL + s] === best) seats.push(s);
    return seats;
  }
  /** Checks the internal invariant that every card is somewhere exactly once (tests). */
  cardCount(): number {
    const st = this.st;
    let total = st[O_STOCK_LEN] + st[O_DISCARD_LEN];
    for (let s = 0; s < this.players; s++) total += st[O_HAND_COUNT + s];
    return total;
  }
}

export function popcount(m: number): number {
  m -= (m >>> 1) & 0x55555555;
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (((m + (m >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export { nextU32 };
