/**
 * `medium`: the strategy of the source texts as heuristics — keep eights for
 * when you are stuck or near the end; twist to the suit you hold most of;
 * track the suits each opponent lacks and, when the next player is down to
 * one card, twist to one they lack; draw by choice to save an eight while the
 * hand is big; shed high cards in points games; time the house rules'
 * special cards. Every choice carries its reason for the hints.
 */
import { isCall, isCatch, isDraw, isPass, isPlay, SUITS, type CardName } from '@olsen/engine';
import { cardPoints, parseCard, pick } from '@olsen/engine/sim';
import type { Action, PlayerView } from '@olsen/engine/shedding';
import { isEight, lastCard, obviousChoice, ownMoves, plays, suitCounts, suitIndex } from './hand.js';
import { greedy, type Choice, type Reason } from './shedding.js';

const RANKS = '23456789TJQKA';
/** Score for a certain block of the next player (one to three cards drawn), and of a next player with one card. */
const BLOCK_WEIGHT = 10;
const BLOCK_WEIGHT_SHORT = 20;

/**
 * Suits each seat is thought to lack. A player who begins a turn by drawing
 * had no card of the suit in play that was not an eight (bots only draw by
 * choice to keep an eight), and a card drawn in that suit would have been
 * played at once (S13): the void outlasts the turn. A draw in a later turn
 * may bring any suit back, so older voids are forgotten then. Under rules
 * where draws are forced on a player (draw-two, aces) or a drawn card may be
 * kept, only a second draw in one turn, or a pass after a draw, says so.
 */
export function knownVoids(view: PlayerView): boolean[][] {
  const voids = view.players.map(() => [false, false, false, false]);
  const r = view.rules;
  const firstDrawTells = !r.specialCards && !r.svenskevri && r.aceDraws === 0 && r.drawnCardMustBePlayed;
  let active = suitIndex(view.upcard[1]);
  let lastDrawSeat = -1;
  let turnSeat = -1;
  for (const a of view.log) {
    if (isCatch(a) || isCall(a)) continue;
    const newTurn = a.seat !== turnSeat;
    turnSeat = a.seat;
    if (isPlay(a)) {
      const last = lastCard(a);
      for (const c of a.play) if (!isEight(c)) voids[a.seat][suitIndex(c[1])] = false;
      active = a.suit ? suitIndex(a.suit) : suitIndex(last[1]);
      lastDrawSeat = -1;
    } else if (isDraw(a)) {
      if (newTurn && firstDrawTells) {
        voids[a.seat].fill(false);
        voids[a.seat][active] = true;
      }
      if (lastDrawSeat === a.seat) voids[a.seat][active] = true; // a second draw: the first did not help
      lastDrawSeat = a.seat;
    } else if (isPass(a)) {
      if (lastDrawSeat === a.seat) voids[a.seat][active] = true;
      lastDrawSeat = -1;
    } else if ('suit' in a) active = suitIndex(a.suit);
  }
  return voids;
}

/** Cards of each suit (index 0-3) and rank (4-16) the viewer has not seen (not in hand, not in the pile), eights apart (17). */
function unseenCounts(view: PlayerView): Int32Array {
  const out = new Int32Array(18);
  const decks = view.rules.decks;
  for (let s = 0; s < 4; s++) out[s] = 12 * decks;
  for (let k = 0; k < 13; k++) out[4 + k] = (k === 6 ? 0 : 4) * decks;
  out[17] = 4 * decks;
  const see = (c: string): void => {
    if (isEight(c)) out[17]--;
    else {
      out[suitIndex(c[1])]--;
      out[4 + RANKS.indexOf(c[0])]--;
    }
  };
  for (const c of view.hand ?? []) see(c);
  // The pile is the tail of the laid cards (the upcard, then every play): read it from the end of the log.
  let left = view.discardCount;
  for (let i = view.log.length - 1; i >= 0 && left > 0; i--) {
    const a = view.log[i];
    if (isPlay(a)) for (let j = a.play.length - 1; j >= 0 && left > 0; j--, left--) see(a.play[j]);
  }
  if (left > 0) see(view.upcard);
  return out;
}

/**
 * The chance that a player holding `count` unseen cards has nothing to play
 * on suit `suit` and rank `rank` (-1 after an eight): none of that suit
 * (unless known void), of that rank or an eight among `count` draws from the
 * unseen cards.
 */
function blockChance(unseen: Int32Array, total: number, count: number, suit: number, rank: number, isVoid: boolean): number {
  let good = unseen[17] + (isVoid ? 0 : unseen[suit]);
  if (rank >= 0) good += unseen[4 + rank] - 1; // the other suits' cards of the rank (one suit's is counted above, roughly)
  const pool = isVoid ? total - unseen[suit] : total;
  let p = 1;
  for (let i = 0; i < count; i++) p *= Math.max(0, pool - good - i) / Math.max(1, pool - i);
  return p;
}

/** The most a varied medium adds to a move's score at random: enough to swap near-equal moves, never a clear one. */
const JITTER = 3;

/**
 * The texts' strategy (see the top of this file): every move the view allows is scored, the best taken.
 * With `dice`, each score gets up to `JITTER` points at random (the daily deal's computer players: the same
 * deal for everyone, but a line scouted at one table is not answered move for move at another).
 */
export function medium(view: PlayerView, dice?: Int32Array): Choice {
  const own = ownMoves(view);
  const plain = obviousChoice(view, own);
  if (plain) return plain;
  const hand = view.hand ?? [];
  const counts = suitCounts(hand);
  const seat = view.seat ?? 0;
  // Turn order as the engine gives it (an ace may have turned it, S-V7; seats out of cards are passed over).
  const order = view.turnOrder;
  const next = order[0] ?? seat;
  const prev = order[order.length - 1] ?? seat;
  const nextShort = view.handCounts[next] <= 1;
  // The opponent nearest in turn order with one card left: the one a kept eight is for.
  const short = order.find((s) => view.handCounts[s] === 1) ?? -1;
  // The suits the plain cards that fit are of, and whether an eight could be laid (for saying why).
  const plainSuits = [false, false, false, false];
  let eightFits = false;
  for (const p of plays(own)) {
    const top = lastCard(p);
    if (isEight(top)) eightFits = true;
    else plainSuits[suitIndex(top[1])] = true;
  }
  // Only eights fit (or nothing at all).
  const stuck = !plainSuits.some(Boolean);
  const keepsEight = short >= 0 && eightFits;
  const voids = knownVoids(view);
  const unseen = unseenCounts(view);
  let unseenTotal = 0;
  for (let i = 0; i < 4; i++) unseenTotal += unseen[i];
  unseenTotal += unseen[17];
  // How much a next player stuck on our card is worth: a draw of one to three cards, or a blocked last card.
  const blockWeight = nextShort ? BLOCK_WEIGHT_SHORT : BLOCK_WEIGHT;
  const stopChance = (suit: number, rank: number): number => blockChance(unseen, unseenTotal, view.handCounts[next], suit, rank, voids[next][suit]);
  const block = (suit: number, rank: number): number => blockWeight * stopChance(suit, rank);
  const points = view.rules.scoring === 'points';
  let best: Choice | null = null;
  let bestScore = -Infinity;
  const consider = (action: Action, score: number, reason: Reason): void => {
    if (dice) score += (pick(dice, 0, 1000) * JITTER) / 1000;
    if (score > bestScore) {
      bestScore = score;
      best = { action, reason };
    }
  };
  // Why a plain card, the most pressing reason first (the score chose the card; this only says why).
  const plainReason = (last: CardName, suit: number, after: number, effect: Reason | null, stops: number): Reason => {
    if (after === 0) return { kind: 'goOut' };
    if (nextShort && voids[next][suit]) return { kind: 'blockNext', seat: next, suit: SUITS[suit] };
    if (effect) return effect;
    if (keepsEight) return { kind: 'keepEight', seat: short };
    if (nextShort && stops >= 0.5) return { kind: 'awayFrom', seat: next };
    if (points && cardPoints(parseCard(last)) >= 10) return { kind: 'shedPoints', card: last };
    return suitReason(suit, counts, plainSuits, next, eightFits, suitIndex(view.activeSuit));
  };
  for (const a of plays(own)) {
    const last = lastCard(a);
    const after = hand.length - a.play.length;
    if (isEight(last)) {
      // An eight: worth it when stuck, to go out, or to stop a next player known to lack the suit named.
      // Not as the last card but one: the eight kept for last always goes out, a plain card may not.
      const named = suitIndex(a.suit ?? 'c');
      let score = stuck ? 20 : after === 0 ? 130 : nextShort && voids[next][named] ? 12 : -20;
      score += counts[named] * 3 + block(named, -1);
      const reason: Reason =
        after === 0 ? { kind: 'goOut' } : nextShort && voids[next][named] ? { kind: 'blockNext', seat: next, suit: SUITS[named] } : { kind: 'eightNeeded', suit: SUITS[named], stuck };
      consider(a, score + a.play.length, reason);
      continue;
    }
    const suit = suitIndex(last[1]);
    const effect = after === 0 ? NO_EFFECT : specialEffect(view, last[0], a.play.length, next, prev);
    let score = 20 + counts[suit] * 3 + a.play.length * (points || after <= 2 ? 4 : 1) + effect.score;
    if (points) score += a.play.reduce((s, c) => s + cardPoints(parseCard(c)), 0) / 5;
    const stops = stopChance(suit, RANKS.indexOf(last[0]));
    score += blockWeight * stops;
    if (after === 0) score += 100;
    consider(a, score, plainReason(last, suit, after, effect.reason, stops));
  }
  const draw = own.find((a) => isDraw(a));
  if (draw) {
    // Only eights to play and a big hand: a card more is a cheap price for keeping the eight.
    const onlyEights = eightFits && stuck;
    consider(draw, plays(own).length === 0 ? 50 : onlyEights && hand.length >= 5 && !nextShort ? 25 : -50, onlyEights ? { kind: 'saveEight' } : { kind: 'draw' });
  }
  const pass = own.find((a) => isPass(a));
  if (pass) consider(pass, plays(own).length === 0 ? 40 : -60, { kind: 'pass' });
  return best ?? greedy(view);
}

/**
 * Why a plain card of `suit` when nothing more pressing decided: the only suit
 * that fits, the suit held most (of all, or of those that fit), or a suit the
 * next player will find hard to follow (the block outweighed the count).
 */
function suitReason(suit: number, counts: readonly number[], fits: readonly boolean[], next: number, eight: boolean, active: number): Reason {
  // A card of another suit than the one in play fits by its rank: say so, not "only that suit fits".
  if (fits.filter(Boolean).length === 1) return { kind: 'onlySuit', suit: SUITS[suit], eight, byRank: suit !== active };
  if (counts[suit] === Math.max(...counts)) return { kind: 'mostSuit', suit: SUITS[suit] };
  let most = 0;
  for (let s = 0; s < 4; s++) if (fits[s]) most = Math.max(most, counts[s]);
  return counts[suit] === most ? { kind: 'mostSuitThatFits', suit: SUITS[suit] } : { kind: 'hardToFollow', seat: next, suit: SUITS[suit] };
}

const NO_EFFECT = { score: 0, reason: null } as const;

/**
 * What the special cards of the house rules (S-V7 to S-V10) are worth when
 * laid (`count` of `rank`), read from the texts' "timing": a draw-two or an
 * ace that makes others draw is always a gain, worth most against a player
 * near the end; a queen's skip and an ace's turn of direction matter when
 * they keep the turn from a player about to go out (with two players a skip
 * is a turn more).
 */
function specialEffect(view: PlayerView, rank: string, count: number, next: number, prev: number): { score: number; reason: Reason | null } {
  const r = view.rules;
  const cards = view.handCounts;
  const n = view.players.length;
  if (r.specialCards && rank === '2') {
    const draws = view.pendingDraw + 2 * count;
    return { score: (cards[next] <= 2 ? 14 : 4) * count, reason: { kind: 'attack', seat: next, cards: draws } };
  }
  if (r.specialCards && rank === 'Q') {
    const score = n === 2 ? 6 : cards[next] <= 1 ? 12 : cards[next] <= 2 ? 6 : 0;
    return { score, reason: score > 0 ? { kind: 'skip', seat: next } : null };
  }
  if (rank !== 'A') return NO_EFFECT;
  let score = 0;
  let reason: Reason | null = null;
  if (r.specialCards && n > 2 && count % 2 === 1 && prev !== next) {
    // The turn goes to the player before us instead.
    const gain = (cards[next] <= 1 ? 12 : cards[next] <= 2 ? 4 : 0) - (cards[prev] <= 1 ? 12 : cards[prev] <= 2 ? 4 : 0);
    score += gain;
    if (gain > 0) reason = { kind: 'reverse', seat: next };
  }
  if (r.svenskevri) {
    let others = 0;
    let near = 0;
    for (let s = 0; s < n; s++) {
      if (s === view.seat || cards[s] === 0) continue;
      others++;
      if (cards[s] <= 2) near++;
    }
    score += count * (3 * others + 6 * near);
    reason = { kind: 'everyoneDraws' };
  }
  if (r.aceDraws > 0) {
    score += 2 * r.aceDraws * count + (cards[next] <= 2 ? 10 : 0);
    reason = { kind: 'attack', seat: next, cards: r.aceDraws * count };
  }
  return { score, reason };
}
