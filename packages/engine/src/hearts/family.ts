/** Danish Olsen as one family object for the generic API. */
import { makeCard, parseCard } from '../core/card.js';
import type { Family } from '../core/family.js';
import {
  applyHearts, createHeartsGame, createHeartsRound, heartsOutcome, heartsStandings, heartsToMove, heartsViewFor, nextHeartsRound, parseHeartsAction,
  type HeartsAction, type HeartsDeal, type HeartsGame, type HeartsRoundLog, type HeartsView,
} from './game.js';
import { heartsOverridesOf } from './rules.js';
import { HP_GAME_OVER, HP_HAND_OVER } from './sim.js';

const stage = (g: HeartsGame): 'playing' | 'roundOver' | 'gameOver' => {
  const p = g.core[1];
  return p === HP_GAME_OVER ? 'gameOver' : p === HP_HAND_OVER ? 'roundOver' : 'playing';
};

export const heartsFamily: Family<HeartsGame, HeartsAction, HeartsView, HeartsRoundLog> = {
  create: (o) => createHeartsGame({ rules: o.rules, players: o.players, seed: o.seed, deal: o.deal as HeartsDeal | undefined, dealer: o.dealer }),
  createRound: (g, dealer, deal) => createHeartsRound(g, dealer, deal as HeartsDeal),
  nextRound: (g) => nextHeartsRound(g),
  parse: parseHeartsAction,
  apply: applyHearts,
  view: heartsViewFor,
  stage,
  mover: heartsToMove,
  actors: (g) => {
    const out = new Map<number, HeartsAction[]>();
    if (stage(g) !== 'playing') return out;
    // H3: during the pass every seat still to give acts at once.
    for (let s = 0; s < g.players.length; s++) {
      const legal = heartsViewFor(g, s).legal;
      if (legal.length > 0) out.set(s, [...legal]);
    }
    return out;
  },
  outcome: heartsOutcome,
  standings: heartsStandings,
  record: (g) => ({
    game: 'olsen-dk',
    rules: heartsOverridesOf(g.rules),
    players: [...g.players],
    rounds: g.rounds.map((r) => ({
      dealer: r.dealer,
      deal: 'hands' in r.deal ? { hands: r.deal.hands.map((h) => h.map((t) => makeCard(parseCard(t)))) } : { seed: r.deal.seed },
      actions: r.actions.map((a) => { const p = parseHeartsAction(a, g.players.length); return p.ok ? p.value : a; }),
    })),
  }),
  nextDealer: (g) => (g.rounds[g.rounds.length - 1].dealer + 1) % g.players.length,
  overRule: () => 'H9',
  dealerRule: 'H2',
  dealFields: ['hands'],
  dealWords: 'a list of hands',
};
