/** Test helpers: explicit deals from a few named cards, and actions in notation. */
import { DECK, makeCard, parseCard } from '../src/sim-tier.js';
import { apply, createGame, legalActions, legalGroups, parseNotation, toMove, type CreateOptions, type Deal, type Game } from '../src/shedding/index.js';
import type { GameError } from '../src/index.js';

/** An explicit deal: the given hands and upcard, then `stockTop` (top first), then every other card in canonical order. */
export function dealOf(hands: string[][], upcard: string, stockTop: string[] = [], decks = 1, seed?: string): Deal {
  const used = new Map<number, number>();
  for (const t of [...hands.flat(), upcard, ...stockTop]) used.set(parseCard(t), (used.get(parseCard(t)) ?? 0) + 1);
  const rest: string[] = [];
  for (let d = 0; d < decks; d++) {
    for (const c of DECK) {
      const k = used.get(c) ?? 0;
      if (k > 0) used.set(c, k - 1);
      else rest.push(makeCard(c));
    }
  }
  return { hands, upcard: upcard as never, stock: [...stockTop, ...rest] as never, ...(seed !== undefined ? { seed } : {}) } as Deal;
}

export interface TableOptions extends Omit<CreateOptions, 'players' | 'deal'> {
  players?: string[];
  hands: string[][];
  upcard: string;
  stockTop?: string[];
  decks?: number;
  dealSeed?: string;
}

const NAMES = ['Siri', 'Ola', 'Nora', 'Per', 'Kari', 'Ivar'];

/** A game from an explicit deal; the dealer is the last seat unless given, so seat 0 starts. */
export function table(o: TableOptions): Game {
  const players = o.players ?? NAMES.slice(0, o.hands.length);
  const g = createGame({ ...o, players, deal: dealOf(o.hands, o.upcard, o.stockTop, o.decks ?? 1, o.dealSeed) });
  if (!g.ok) throw new Error(`table: ${g.error.rule} ${g.error.message}`);
  return g.value;
}

/**
 * Applies actions in notation. Each is made by the seat to act, unless
 * prefixed with a seat: `2:catch:1`, `1:call`.
 */
export function act(g: Game, ...moves: string[]): Game {
  for (const m of moves) {
    const r = tryAct(g, m);
    if (!r.ok) throw new Error(`${m}: ${r.error.rule} ${r.error.message}`);
    g = r.value;
  }
  return g;
}

export function tryAct(g: Game, move: string): { ok: true; value: Game } | { ok: false; error: GameError } {
  const m = /^(\d):(.*)$/.exec(move);
  const seat = m ? Number(m[1]) : (toMove(g) ?? 0);
  const parsed = parseNotation(m ? m[2] : move, seat);
  if (!parsed.ok) return parsed;
  return apply(g, parsed.value);
}

export const unwrap = <T,>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** The rule ID that refuses `move` (fails the test if the move is accepted). */
export function ruleOf(g: Game, move: string): string | null {
  const r = tryAct(g, move);
  if (r.ok) throw new Error(`${move} was accepted`);
  return r.error.rule;
}

/** Legal actions in notation-like text, for compact assertions; a group option reads `9s+[9c 9d]` (the first card, then any of the bracketed). */
export const listed = (g: Game): string[] => [
  ...legalActions(g).map((a) => ('play' in a ? `${a.play.join('+')}${a.suit ? `>${a.suit}` : ''}${a.call ? '!' : ''}` : 'draw' in a ? 'draw' : 'pass' in a ? 'pass' : JSON.stringify(a))),
  ...legalGroups(g).map((o) => `${o.first}+[${o.with.join(' ')}]`),
];

/**
 * A legal round of `n` actions that never ends: two players, unlimited draws,
 * each drawing whenever a draw is offered (the pile is shuffled back into the
 * stock when it runs out) — what a hostile pair could send a server.
 */
export function longRound(n: number, seed = 'long'): { game: Game; actions: ReturnType<typeof legalActions> } {
  let g = unwrap(createGame({ game: 'olsen', rules: { maxDraws: 'unlimited' }, players: ['Anne', 'Bo'], seed }));
  const actions: ReturnType<typeof legalActions> = [];
  for (let i = 0; i < n && toMove(g) !== null; i++) {
    const legal = legalActions(g);
    const a = legal.find((x) => 'draw' in x) ?? legal.find((x) => 'pass' in x && i % 7 !== 0) ?? legal[0];
    actions.push(a);
    g = unwrap(apply(g, a));
  }
  if (actions.length < n) throw new Error(`the round ended after ${actions.length} actions`);
  return { game: g, actions };
}

/** Danish Olsen, four players: seat 0 holds the lowest cards of each suit, seat 3 the highest (2c leads). */
export const HANDS_4 = [
  ['2c', '3c', '4c', '5c', '2d', '3d', '4d', '2h', '3h', '4h', '2s', '3s', '4s'],
  ['6c', '7c', '8c', '5d', '6d', '7d', '8d', '5h', '6h', '7h', '5s', '6s', '7s'],
  ['9c', 'Tc', 'Jc', '9d', 'Td', 'Jd', '8h', '9h', 'Th', 'Jh', '8s', '9s', 'Ts'],
  ['Qc', 'Kc', 'Ac', 'Qd', 'Kd', 'Ad', 'Qh', 'Kh', 'Ah', 'Js', 'Qs', 'Ks', 'As'],
];
