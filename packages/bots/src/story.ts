/**
 * What the public log says of each opponent in the shedding games, read as
 * the texts' plain player (the `greedy` yardstick) would play: every card it
 * held after the deal, when each came (the deal, or a kept draw) and went,
 * and each decision as a constraint on the hand it held then. Also the
 * round's last reshuffle (S16). `belief.ts` deals cards to fit these stories.
 */
import { isCall, isCatch, isDraw, isPass, isPlay, SUITS } from '@olsen/engine';
import { parseCard } from '@olsen/engine/sim';
import type { PlayerView } from '@olsen/engine/shedding';

const RANK_CHARS = '23456789TJQKA';
export const EIGHT = 6;
/** The time a card held now leaves the hand. */
export const NEVER = 1 << 30;
/** Decisions read per opponent, the latest (older ones say little about the hand now). */
const MAX_DECISIONS = 24;

/** Kinds of constraint on the hand at one decision. */
export const C_NOTHING_FITS = 0; // a draw or a pass: no card of the suit, of the rank, no eight
export const C_MOST_SUIT = 1; // a plain card played: its suit held most among the suits that fitted
export const C_EIGHT = 2; // an eight played: no plain card fitted, the named suit held most

/** Rule sets where the plain player's moves say what they say above. */
export const readableRules = (view: PlayerView): boolean =>
  !view.rules.noEightOnEight && view.rules.noTwistFirstTurn === 'off' && !view.rules.specialCards && !view.rules.svenskevri && view.rules.aceDraws === 0 && view.rules.drawnCardMustBePlayed;

/** One opponent's story: the cards it held, when each came and went, and what its decisions say. */
export interface Story {
  readonly seat: number;
  /** Cards it played from hand (fixed), then one slot per card held now (filled from the pool). */
  readonly cards: Int32Array;
  /** When each card entered the hand (log index; -1 for the deal). Permuted by the chain. */
  readonly entry: Int32Array;
  /** When each card left (log index; NEVER for cards held now). */
  readonly left: Int32Array;
  readonly played: number;
  /** Where in the chain's pool positions the slots of the cards held now are. */
  readonly poolAt: Int32Array;
  /** Constraints: kind, log index, suit in play, top rank, card or named suit. */
  readonly kind: Int32Array;
  readonly at: Int32Array;
  readonly suit: Int32Array;
  readonly rank: Int32Array;
  readonly arg: Int32Array;
  energy: number;
  /**
   * What the hand held at each decision, kept up to date by the chain so that
   * a constraint is checked without going over the cards: per decision `k`,
   * copies of each card code at `k << 6 | card`, plain cards per suit at
   * `k << 2 | suit`, and eights.
   */
  readonly tally: Int8Array;
  readonly suitN: Int8Array;
  readonly eights: Int8Array;
  /** Read as the yardstick exactly (which card of a suit, ties), or only by the suits held most. */
  strict: boolean;
  /** Not read at all: not even the lenient reading explains it (a player who draws by choice, say). */
  blind: boolean;
  /** The round's last reshuffle, if any. */
  reshuffle: Reshuffle | null;
}

/** The last reshuffle of the round: the log index of the draw that made it, and the cards it put in the stock (by card code). */
export interface Reshuffle {
  readonly at: number;
  readonly late: Uint8Array;
}

/**
 * Follows the stock and the pile through the log (S16): the last reshuffle,
 * or null when there was none — or when the count does not come out as the
 * view's (two decks, or a rule this reading does not know), so nothing is
 * read from it.
 */
export function lastReshuffle(view: PlayerView): Reshuffle | null {
  if (view.rules.decks !== 1) return null;
  const n = view.players.length;
  const played = new Array<number>(n).fill(0);
  const drawn = new Array<number>(n).fill(0);
  // The cards each catch drew, as the engine counted them (fewer than the rule's when the stock ran short).
  const drewAt = new Map(view.catches.map((c) => [c.at, c.drew]));
  view.log.forEach((a, i) => {
    if (isCatch(a)) drawn[a.catch] += drewAt.get(i) ?? 0;
    else if (isPlay(a)) played[a.seat] += a.play.length;
    else if (isDraw(a)) drawn[a.seat]++;
  });
  let stock = 52 - 1;
  for (let s = 0; s < n; s++) stock -= view.handCounts[s] + played[s] - drawn[s];
  let pile: number[] = [parseCard(view.upcard)];
  let last: Reshuffle | null = null;
  const draw = (at: number): boolean => {
    if (stock === 0) {
      if (pile.length <= 1) return false;
      const late = new Uint8Array(64);
      for (let k = 0; k < pile.length - 1; k++) late[pile[k]] = 1;
      last = { at, late };
      stock = pile.length - 1;
      pile = [pile[pile.length - 1]];
    }
    stock--;
    return true;
  };
  for (let i = 0; i < view.log.length; i++) {
    const a = view.log[i];
    if (isCatch(a)) {
      for (let k = drewAt.get(i) ?? 0; k > 0; k--) if (!draw(i)) break;
    } else if (isPlay(a)) for (const c of a.play) pile.push(parseCard(c));
    else if (isDraw(a) && !draw(i)) return null;
  }
  return stock === view.stockCount && pile.length === view.discardCount ? last : null;
}

interface Decision {
  kind: number;
  at: number;
  suit: number;
  rank: number;
  arg: number;
}

/** Reads one opponent's decisions and hand changes from the log. */
export function readStories(view: PlayerView): { stories: Story[]; constrained: boolean; reshuffle: Reshuffle | null } {
  const n = view.players.length;
  const me = view.seat ?? -1;
  const readable = readableRules(view);
  const playedFromHand: { card: number; at: number }[][] = Array.from({ length: n }, () => []);
  const kept: number[][] = Array.from({ length: n }, () => []); // entry time of each kept draw
  const decisions: Decision[][] = Array.from({ length: n }, () => []);
  let top = view.upcard;
  let active = SUITS.indexOf(view.upcard[1] as never);
  let turnSeat = -1;
  let turnDraws = 0;
  let lastDrawAt = -1;
  const drewAt = new Map(view.catches.map((c) => [c.at, c.drew]));
  const log = view.log;
  for (let i = 0; i < log.length; i++) {
    const a = log[i];
    if (isCatch(a)) {
      for (let k = drewAt.get(i) ?? 0; k > 0; k--) kept[a.catch].push(i);
      continue;
    }
    if (isCall(a)) continue;
    if (a.seat !== turnSeat) {
      turnSeat = a.seat;
      turnDraws = 0;
    }
    const s = a.seat;
    const rank = RANK_CHARS.indexOf(top[0]);
    if (isDraw(a)) {
      // Nothing fitted when the draw was made (the first), and the card kept from the one before did not fit (later ones).
      if (readable) decisions[s].push({ kind: C_NOTHING_FITS, at: i, suit: active, rank, arg: 0 });
      kept[s].push(i);
      turnDraws++;
      lastDrawAt = i;
    } else if (isPass(a)) {
      // The plain player passes only when nothing fits and nothing more may be drawn.
      if (readable) decisions[s].push({ kind: C_NOTHING_FITS, at: i, suit: active, rank, arg: 0 });
      turnDraws = 0;
    } else if (isPlay(a)) {
      const cards = a.play.map(parseCard);
      const afterDraw = turnDraws > 0 && lastDrawAt === i - 1;
      if (afterDraw) {
        // The drawn card, played at once (S13): it never sat in the hand at a decision, nor was it kept.
        kept[s].pop();
        for (let k = 1; k < cards.length; k++) playedFromHand[s].push({ card: cards[k], at: i });
      } else {
        for (const c of cards) playedFromHand[s].push({ card: c, at: i });
        if (readable && cards.length === 1) {
          const c = cards[0];
          if ((c & 15) === EIGHT) decisions[s].push({ kind: C_EIGHT, at: i, suit: active, rank, arg: a.suit ? SUITS.indexOf(a.suit) | ((c >> 4) << 3) : -1 });
          else decisions[s].push({ kind: C_MOST_SUIT, at: i, suit: active, rank, arg: c });
        }
      }
      turnDraws = 0;
      top = a.play[a.play.length - 1];
      active = a.suit ? SUITS.indexOf(a.suit) : SUITS.indexOf(top[1] as never);
    } else if ('suit' in a) active = SUITS.indexOf(a.suit);
  }
  const stories: Story[] = [];
  let constrained = false;
  const reshuffle = readable ? lastReshuffle(view) : null;
  for (let s = 0; s < n; s++) {
    if (s === me) continue;
    const held = view.handCounts[s];
    const all = playedFromHand[s];
    const m = all.length + held;
    // Entries: the deal for the first cards, then each kept draw; the earliest go to the earliest plays.
    // (More kept draws than cards would mean a story the plain reading cannot tell: keep the latest.)
    const keptHere = kept[s].slice(Math.max(0, kept[s].length - m));
    const free: number[] = [];
    for (let k = 0; k < m - keptHere.length; k++) free.push(-1);
    free.push(...keptHere);
    free.sort((x, y) => x - y);
    all.sort((x, y) => x.at - y.at);
    // A valid start: each played card takes the earliest entry before its play (feasible whenever any is).
    const entryOf = all.map((p) => {
      const j = free.findIndex((e) => e < p.at);
      return free.splice(j < 0 ? 0 : j, 1)[0] ?? -1;
    });
    // Only the latest decisions are read (a long round would cost too much): cards gone before them drop out.
    const ds = decisions[s].slice(-MAX_DECISIONS);
    const from = ds.length > 0 ? ds[0].at : NEVER;
    const keep = all.map((p) => p.at >= from);
    const played = all.filter((_, k) => keep[k]);
    const story: Story = {
      seat: s,
      cards: new Int32Array(played.length + held),
      entry: new Int32Array(played.length + held),
      left: new Int32Array(played.length + held),
      played: played.length,
      poolAt: new Int32Array(held),
      kind: new Int32Array(ds.map((d) => d.kind)),
      at: new Int32Array(ds.map((d) => d.at)),
      suit: new Int32Array(ds.map((d) => d.suit)),
      rank: new Int32Array(ds.map((d) => d.rank)),
      arg: new Int32Array(ds.map((d) => d.arg)),
      energy: 0,
      tally: new Int8Array(ds.length << 6),
      suitN: new Int8Array(ds.length << 2),
      eights: new Int8Array(ds.length),
      strict: true,
      blind: false,
      reshuffle,
    };
    let k = 0;
    for (let j = 0; j < all.length; j++) {
      if (!keep[j]) continue;
      story.cards[k] = all[j].card;
      story.left[k] = all[j].at;
      story.entry[k] = entryOf[j];
      k++;
    }
    for (let j = 0; j < held; j++) {
      story.entry[played.length + j] = free[j] ?? -1;
      story.left[played.length + j] = NEVER;
    }
    if (story.kind.length > 0 || reshuffle) constrained = true;
    stories.push(story);
  }
  return { stories, constrained, reshuffle };
}
