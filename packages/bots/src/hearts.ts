/**
 * Danish Olsen computer players on a seat's `HeartsView`: `random`, and the
 * texts' habits for every other level — pass the dangerous high cards, duck
 * under the trick, shed Qs and high hearts when void, lead low.
 */
import { pick, type HeartsAction, type HeartsView } from '@olsen/engine';
import type { Level } from './shedding.js';

const ORDER = '23456789TJQKA';
const rank = (c: string): number => ORDER.indexOf(c[0]);
/** How much a card hurts to hold: Qs most, then high spades and hearts. */
const danger = (c: string): number => (c === 'Qs' ? 100 : c === 'As' || c === 'Ks' ? 60 + rank(c) : c[1] === 'h' ? 20 + rank(c) : rank(c));

export function chooseHearts(level: Level, view: HeartsView, rng: Int32Array): HeartsAction {
  const legal = view.legal;
  if (legal.length === 1 || level === 'random') return legal[legal.length === 1 ? 0 : pick(rng, 0, legal.length)];
  if ('give' in legal[0]) {
    const hand = [...(view.hand ?? [])].sort((a, b) => danger(b) - danger(a));
    return { seat: view.seat ?? 0, give: hand.slice(0, 3) };
  }
  const cards = legal.map((a) => ('play' in a ? a.play[0] : ''));
  const play = (c: string): HeartsAction => ({ seat: view.seat ?? 0, play: [c as never] });
  const trick = view.trick.cards;
  if (trick.length === 0) return play(cards.reduce((a, b) => (danger(b) < danger(a) ? b : a)));
  const led = trick[0][1];
  if (cards.every((c) => c[1] === led)) {
    const high = Math.max(...trick.filter((c) => c[1] === led).map(rank));
    const under = cards.filter((c) => rank(c) < high);
    if (under.length) return play(under.reduce((a, b) => (rank(b) > rank(a) ? b : a)));
    // Must take it: with the highest card, unless the trick is the last to play and clean.
    return play(cards.reduce((a, b) => (rank(b) > rank(a) ? b : a)));
  }
  return play(cards.reduce((a, b) => (danger(b) > danger(a) ? b : a)));
}
