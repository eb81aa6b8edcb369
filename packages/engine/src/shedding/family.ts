/** The shedding games (Olsen, Vri åtter, Vri åtter 002) as one family object for the generic API. */
import { makeCard, parseCard } from '../core/card.js';
import type { Family } from '../core/family.js';
import {
  apply, catchActionsIn, createGame, createRound, legalActionsIn, nextRound, outcome, parseActionShape, phaseOf, readWith, standings, toMove,
  type Action, type Deal, type Game, type RoundLog,
} from './game.js';
import { overridesOf } from './rules.js';
import { viewFor, type PlayerView } from './view.js';

function canonicalDeal(d: Deal): Deal {
  if (!('hands' in d)) return { seed: d.seed };
  const c = (t: string): ReturnType<typeof makeCard> => makeCard(parseCard(t));
  return { hands: d.hands.map((h) => h.map(c)), upcard: c(d.upcard), stock: d.stock.map(c), ...(d.seed !== undefined ? { seed: d.seed } : {}) };
}

const stage = (g: Game): 'playing' | 'roundOver' | 'gameOver' => {
  const p = phaseOf(g);
  return p === 'gameOver' ? 'gameOver' : p === 'roundOver' ? 'roundOver' : 'playing';
};

export const sheddingFamily: Family<Game, Action, PlayerView, RoundLog> = {
  create: (o) => createGame({ game: o.game, rules: o.rules, players: o.players, seed: o.seed, deal: o.deal as Deal | undefined, dealer: o.dealer }),
  createRound: (g, dealer, deal) => createRound(g, dealer, deal as Deal),
  nextRound: (g) => nextRound(g),
  parse: parseActionShape,
  apply,
  view: viewFor,
  stage,
  mover: toMove,
  actors: (g) => {
    const out = new Map<number, Action[]>();
    if (stage(g) !== 'playing') return out;
    const mover = toMove(g);
    const sim = readWith(g);
    if (mover !== null) out.set(mover, legalActionsIn(sim));
    // S20: anyone may catch a forgotten call while its window is open.
    for (const a of catchActionsIn(g, sim)) out.set(a.seat, [...(out.get(a.seat) ?? []), a]);
    return out;
  },
  outcome: (g) => {
    const o = outcome(g);
    return { finished: o.finished, rounds: o.rounds, totals: o.totals, gameWinners: o.gameWinners, toMove: o.toMove };
  },
  standings,
  record: (g) => ({
    game: g.game,
    rules: overridesOf(g.rules, g.players.length),
    players: [...g.players],
    rounds: g.rounds.map((r) => ({ dealer: r.dealer, deal: canonicalDeal(r.deal), actions: r.actions.map((a) => { const p = parseActionShape(a, 8); return p.ok ? p.value : a; }) })),
  }),
  nextDealer: (g) => (g.rounds[g.rounds.length - 1].dealer + 1) % g.players.length,
  overRule: (g) => (g.rules.scoring === 'points' ? 'S24' : 'S22'),
  dealerRule: 'S6',
  dealFields: ['hands', 'upcard', 'stock'],
  dealWords: 'hands, upcard and stock',
};
