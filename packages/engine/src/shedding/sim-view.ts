/**
 * A simulator rebuilt from what one seat sees: the search bots deal the cards
 * they cannot see (a "world") and play on from exactly the view's position —
 * the turn's draws, a voluntary draw, a pending penalty, the catch window,
 * first turns still owed — without touching the state layout themselves.
 */
import { parseCard } from '../core/card.js';
import { Sim } from './sim.js';
import {
  A_CALL, A_DRAW, A_PASS, catchCode, nameCode, playCode,
  O_ACTIVE, O_ACTIVE_PLAYERS, O_DEALER, O_DIR, O_DRAWN, O_DRAWS, O_FIRST_TURN, O_GROUP, O_GROUP_COUNT, O_LAZY, O_OUT, O_PASS_STREAK,
  O_PENDING, O_PHASE, O_PLACE, O_RNG_OK, O_ROUND, O_TOP, O_TOTAL, O_TO_MOVE, O_UPCARD, O_VOLUNTARY, O_WINDOW, O_WINNER,
} from './sim-layout.js';
import { SUITS } from '../core/types.js';
import type { PlayerView } from './view.js';
import type { Action } from './game.js';

const PHASES = ['turn', 'nameSuit', 'roundOver', 'gameOver'] as const;

/**
 * The simulator codes of a public action, in the order `apply` takes them: a
 * multi-card play is its chain (every card but the last flagged `F_MORE`).
 * Nothing is checked here: `Sim.generate` is the judge.
 */
export function codesOfAction(a: Action): number[] {
  if ('draw' in a) return [A_DRAW];
  if ('pass' in a) return [A_PASS];
  if ('catch' in a) return [catchCode(a.seat)];
  if ('play' in a) {
    const last = a.play.length - 1;
    return a.play.map((c, i) => playCode(parseCard(c), i === last && a.suit ? SUITS.indexOf(a.suit) : -1, i === last && a.call === true, i < last));
  }
  if ('call' in a) return [A_CALL];
  return [nameCode(SUITS.indexOf(a.suit))];
}

/** The discard pile a view shows, bottom first: the tail of the upcard and the round's plays. */
export function pileOf(view: PlayerView): number[] {
  const laid: number[] = [parseCard(view.upcard)];
  for (const a of view.log) if ('play' in a) for (const c of a.play) laid.push(parseCard(c));
  return laid.slice(laid.length - view.discardCount);
}

/** The cards a seat cannot see: both decks' worth less its own hand and the pile (what a world deals out). */
export function unseenOf(view: PlayerView): number[] {
  const left = new Map<number, number>();
  for (let d = 0; d < view.rules.decks; d++) for (let s = 0; s < 4; s++) for (let r = 0; r < 13; r++) left.set((s << 4) | r, (left.get((s << 4) | r) ?? 0) + 1);
  for (const c of [...(view.hand ?? []).map(parseCard), ...pileOf(view)]) left.set(c, (left.get(c) ?? 0) - 1);
  const out: number[] = [];
  for (const [c, k] of left) for (let i = 0; i < k; i++) out.push(c);
  return out;
}

/**
 * Writes everything but the cards that `view` shows into `sim`: the phase,
 * whose turn and how far it has got, the top card and suit, penalties,
 * the catch window, places and totals. Place the cards first (`setCards`).
 */
export function loadView(sim: Sim, view: PlayerView): void {
  const st = sim.st;
  const n = view.players.length;
  const me = view.seat;
  st[O_PHASE] = PHASES.indexOf(view.phase);
  st[O_TO_MOVE] = view.toMove ?? -1;
  st[O_DIR] = view.direction === 'clockwise' ? 1 : n - 1;
  st[O_DEALER] = view.dealer;
  st[O_TOP] = parseCard(view.top);
  st[O_UPCARD] = parseCard(view.upcard);
  st[O_ACTIVE] = SUITS.indexOf(view.activeSuit);
  st[O_DRAWS] = view.drawsThisTurn;
  const mine = me !== null && view.toMove === me;
  st[O_VOLUNTARY] = mine && view.voluntaryDraw ? 1 : 0;
  st[O_DRAWN] = mine && view.drawn ? parseCard(view.drawn) : -1;
  st[O_PASS_STREAK] = view.passStreak;
  st[O_PENDING] = view.pendingDraw;
  st[O_WINDOW] = view.catchable ?? -1;
  st[O_GROUP] = 0;
  st[O_GROUP_COUNT] = 0;
  st[O_ROUND] = view.round;
  let out = 0;
  let winner = -1;
  for (let s = 0; s < n; s++) {
    st[O_PLACE + s] = view.places[s];
    // A place while cards are still held is a provisional one of a finished round; only seats with none are out.
    if (view.places[s] > 0 && view.handCounts[s] === 0) out++;
    if (view.places[s] === 1 && view.handCounts[s] === 0) winner = s;
    st[O_TOTAL + s] = view.totals?.[s] ?? 0;
  }
  st[O_OUT] = out;
  st[O_ACTIVE_PLAYERS] = n - out;
  st[O_WINNER] = winner;
  st[O_FIRST_TURN] = view.firstTurns.reduce((m, s) => m | (1 << s), 0);
  // The world's stock order is its own: draws take it card by card from a seeded stream.
  st[O_RNG_OK] = 1;
  st[O_LAZY] = 1;
}

/** The hidden cards of one world: every seat's hand (the viewer's own is taken from the view) and the stock, top card last. */
export interface World {
  readonly hands: readonly (readonly number[])[];
  readonly stock: readonly number[];
}

/**
 * A simulator at the view's position in `world` (a new `Sim`; `stackDepth`
 * for make/undo). Its legal moves are the view's: a property test holds it so.
 */
export function simFromView(view: PlayerView, world: World, stackDepth = 0): Sim {
  const sim = new Sim(view.rules, view.players.length, stackDepth);
  const me = view.seat;
  const hands = world.hands.map((h, s) => (s === me ? (view.hand ?? []).map(parseCard) : h));
  sim.setCards(hands, pileOf(view), world.stock);
  loadView(sim, view);
  return sim;
}
