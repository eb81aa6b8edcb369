/**
 * Danish Olsen computer players on a seat's `HeartsView`: `random`; the
 * texts' habits (`easy` with noise, `medium`): pass the Qs and high spades
 * and hearts and empty a short suit, lead low from short suits, duck under
 * the trick, shed the Qs and high cards when void, take a trick back from a
 * suspected shoot-the-moon; and the search (`hard`, `expert`: ISMCTS over the
 * play, `hearts-search.ts`; the pass stays with the habits).
 */
import { pick } from '@olsen/engine/sim';
import type { CardName } from '@olsen/engine';
import type { HeartsAction, HeartsView } from '@olsen/engine/hearts';
import type { Level } from './shedding.js';
import { isGive, isPlay } from '@olsen/engine';

/** Why the habits chose a card or a pass (turned into a sentence by `heartsHint`). */
export type HeartsReason =
  | { readonly kind: 'only' }
  | { readonly kind: 'passDanger' }
  | { readonly kind: 'passVoid'; readonly suit: string }
  | { readonly kind: 'leadLow'; readonly suit: string }
  | { readonly kind: 'huntQueen' }
  | { readonly kind: 'duck' }
  | { readonly kind: 'mustTake' }
  | { readonly kind: 'shedQueen' }
  | { readonly kind: 'shedHighSpade' }
  | { readonly kind: 'shedHeart' }
  | { readonly kind: 'shedHigh' }
  | { readonly kind: 'breakMoon'; readonly seat: number }
  /** The search's choice: it was tried `visits` times of `of`. */
  | { readonly kind: 'search'; readonly visits: number; readonly of: number };

export interface HeartsChoice {
  readonly action: HeartsAction;
  readonly reason: HeartsReason;
}

const ORDER = '23456789TJQKA';
const rank = (c: string): number => ORDER.indexOf(c[0]);
const isHighSpade = (c: string): boolean => c === 'As' || c === 'Ks';
/** How much a card hurts to hold: Qs most, then high spades and hearts. */
const danger = (c: string): number => (c === 'Qs' ? 100 : isHighSpade(c) ? 60 + rank(c) : c[1] === 'h' ? 20 + rank(c) : rank(c));

/**
 * The habit levels' choice and why (random, easy, greedy, medium; the view
 * must offer an action): no search, so a first game needs none of it. The
 * search levels (hearts-levels.ts) fall back to it.
 */
export function heartsHabitChoice(level: Level, view: HeartsView, rng: Int32Array, varied = false): HeartsChoice {
  const legal = view.legal;
  if (legal.length === 1) return { action: legal[0], reason: { kind: 'only' } };
  if (level === 'random' || (level === 'easy' && pick(rng, 0, 5) === 0)) return { action: legal[pick(rng, 0, legal.length)], reason: { kind: 'only' } };
  const seat = view.seat ?? 0;
  if (isGive(legal[0])) {
    const { cards, reason } = passChoice(view);
    return { action: { seat, give: cards }, reason };
  }
  const habit = heartsHabit(view, varied ? rng : undefined);
  return { action: { seat, play: [habit.card as CardName] }, reason: habit.reason };
}


/**
 * The three cards to pass: the Qs and the high spades unless the spades
 * shelter them (five or more), then a whole short side suit if it fits (a
 * void to shed on later), then the most dangerous of the rest.
 */
export function passCards(view: HeartsView): CardName[] {
  return passChoice(view).cards;
}

function passChoice(view: HeartsView): { cards: CardName[]; reason: HeartsReason } {
  const hand = [...(view.hand ?? [])];
  const spades = hand.filter((c) => c[1] === 's').length;
  const out: CardName[] = [];
  const give = (c: CardName): void => {
    if (out.length < 3 && !out.includes(c)) out.push(c);
  };
  if (spades < 5) for (const c of ['Qs', 'As', 'Ks'] as const) if (hand.includes(c)) give(c);
  const side = ['c', 'd']
    .map((s) => hand.filter((c) => c[1] === s))
    .filter((cs) => cs.length > 0 && cs.length <= 3 - out.length)
    .sort((a, b) => a.length - b.length || Math.max(...b.map(rank)) - Math.max(...a.map(rank)));
  const reason: HeartsReason = side.length && !out.some((c) => c[1] === 's') ? { kind: 'passVoid', suit: side[0][0][1] } : { kind: 'passDanger' };
  if (side.length) for (const c of side[0]) give(c);
  for (const c of hand.sort((a, b) => danger(b) - danger(a))) give(c);
  return { cards: out, reason };
}

/** The seat that has taken every point so far this hand with a real start on the moon (else null). */
function moonSuspect(view: HeartsView): number | null {
  const scoring = view.taken.map((t, s) => (t > 0 ? s : -1)).filter((s) => s >= 0);
  if (scoring.length !== 1 || scoring[0] === view.seat) return null;
  const s = scoring[0];
  return view.taken[s] >= 13 || (view.taken[s] >= 6 && view.handCounts[s] <= 6) ? s : null;
}

/** The card the texts' habits play (the view must offer a card). */
export function heartsHabit(view: HeartsView, dice?: Int32Array): { card: string; reason: HeartsReason } {
  const cards = view.legal.map((a) => (isPlay(a) ? a.play[0] : ''));
  const hand = view.hand ?? [];
  const qsOut = !view.log.some((a) => isPlay(a) && a.play[0] === 'Qs') && !hand.includes('Qs');
  const trick = view.trick.cards;
  const highest = (cs: readonly string[]): string => cs.reduce((a, b) => (rank(b) > rank(a) ? b : a));
  const lowest = (cs: readonly string[]): string => cs.reduce((a, b) => (rank(b) < rank(a) ? b : a));
  const suspect = moonSuspect(view);
  if (trick.length === 0) {
    // Lead low, from the shortest suit (a void to come); spades only to hunt the Qs while it is out and safe to.
    const bySuit = new Map<string, string[]>();
    for (const c of cards) bySuit.set(c[1], [...(bySuit.get(c[1]) ?? []), c]);
    const safeSpades = qsOut && !hand.some(isHighSpade);
    const suits = [...bySuit.keys()].filter((s) => s !== 's' || safeSpades || bySuit.size === 1);
    const count = (s: string): number => hand.filter((c) => c[1] === s).length;
    const pickFrom = suits.length ? suits : [...bySuit.keys()];
    // A suspected moon: lead a high heart to take one back.
    if (suspect !== null && bySuit.has('h')) return { card: highest(bySuit.get('h')!), reason: { kind: 'breakMoon', seat: suspect } };
    pickFrom.sort((a, b) => (a === 's' ? -1 : 0) - (b === 's' ? -1 : 0) || count(a) - count(b) || rank(lowest(bySuit.get(a)!)) - rank(lowest(bySuit.get(b)!)));
    // Varied (the daily deal's players): sometimes the second suit in the habit's order, so a line is not replayable.
    const suit = dice && pickFrom.length > 1 && pick(dice, 0, 3) === 0 ? pickFrom[1] : pickFrom[0];
    const card = lowest(bySuit.get(suit)!);
    return { card, reason: card[1] === 's' && safeSpades ? { kind: 'huntQueen' } : { kind: 'leadLow', suit: card[1] } };
  }
  const led = trick[0][1];
  if (cards.every((c) => c[1] === led)) {
    const high = Math.max(...trick.filter((c) => c[1] === led).map(rank));
    if (suspect !== null && trick.some((c) => c[1] === 'h' || c === 'Qs')) {
      const over = cards.filter((c) => rank(c) > high && c !== 'Qs');
      if (over.length) return { card: highest(over), reason: { kind: 'breakMoon', seat: suspect } };
    }
    const under = cards.filter((c) => rank(c) < high);
    if (under.length) return { card: highest(under), reason: { kind: 'duck' } };
    // Must take it: with the highest card (never the Qs while another will do).
    const notQs = cards.filter((c) => c !== 'Qs');
    return { card: highest(notQs.length ? notQs : cards), reason: { kind: 'mustTake' } };
  }
  // Void in the led suit: shed what hurts — the Qs, the high spades while the Qs is out, the highest heart.
  if (cards.includes('Qs')) return { card: 'Qs', reason: { kind: 'shedQueen' } };
  const highSpade = cards.filter(isHighSpade);
  if (highSpade.length && qsOut) return { card: highest(highSpade), reason: { kind: 'shedHighSpade' } };
  const hearts = cards.filter((c) => c[1] === 'h');
  if (hearts.length && (suspect === null || view.trick.winning !== suspect)) return { card: highest(hearts), reason: suspect === null ? { kind: 'shedHeart' } : { kind: 'breakMoon', seat: suspect } };
  const nonHearts = cards.filter((c) => c[1] !== 'h');
  return { card: highest(nonHearts.length ? nonHearts : cards), reason: { kind: 'shedHigh' } };
}
