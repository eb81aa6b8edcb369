/**
 * Why the simulator does not list an action (docs/rules.md): each refusal is
 * read off the same predicates move generation uses (`canPlay`, `canDraw`,
 * `hasLegalPlay`, `restricted`, the turn's draws, the stacked twos, the call
 * window), tried in the order that makes its sentence true of the position.
 * `apply` asks these only for an action the simulator did not generate, so a
 * refusal is given exactly when the action is not legal (property-tested,
 * with each sentence checked against the position).
 */
import { EIGHT, makeCard, rankOf, suitOf } from '../core/card.js';
import { gameError, type GameError } from '../core/errors.js';
import { SUITS, type Seat } from '../core/types.js';
import type { Game } from './game.js';
import type { Sim } from './sim.js';

/** S8, S13, S14, S-V4–S-V6, S-V8, S-V11, S-V12: why card `index` of a play (`cards`) may not be laid now. */
export function whyNotPlay(g: Game, sim: Sim, seat: Seat, cards: readonly number[], index: number): GameError {
  const r = g.rules;
  const player = g.players[seat];
  const card = cards[index];
  const total = cards.length;
  const active = sim.activeSuit;
  // S-V6 holds for a whole group: on a first turn no card of it may leave the suit or be an eight.
  const twists = (c: number): boolean => rankOf(c) === EIGHT || suitOf(c) !== active;
  if (sim.restricted(seat) && cards.slice(index).some(twists)) return gameError('S-V6', 'firstTurnNoTwist', { player, active: SUITS[active] });
  if (index > 0) return gameError(r.multiSameRank ? 'S-V4' : 'S-V5', 'groupMismatch', { card: makeCard(card), count: r.multiSameSuit ? 1 : 0 });
  if (sim.pendingDraw > 0) return gameError('S-V8', 'pendingTwos', { player, count: sim.pendingDraw });
  const drawn = sim.drawnCard;
  const drew = sim.drawsThisTurn > 0;
  if (sim.voluntaryDraw && card !== drawn) return gameError('S14', 'voluntaryDrawOnly', { player });
  if (drew && sim.drawnMustBePlayed && drawn >= 0 && sim.canPlay(seat, drawn) && card !== drawn) return gameError('S13', 'mustPlayDrawn', { player, card: makeCard(drawn) });
  // S14 (decision): a forced draw that did not fit leaves only the drawn card playable this turn, even a hand
  // card the draw made legal (an eight that is no longer the last card, S-V12). Any other hand card fits nothing.
  if (drew && sim.drawnMustBePlayed && card !== drawn && sim.canPlay(seat, card)) return gameError('S14', 'onlyDrawnCard', { player, card: makeCard(card) });
  if (rankOf(card) === EIGHT) {
    if (r.noEightOnEight && rankOf(sim.topCard) === EIGHT) return gameError('S-V11', 'noEightOnEight', {});
    if (r.noWinOnEight && sim.handCount(seat) === total) return gameError('S-V12', 'noWinOnEight', { player });
  }
  // A group's first card that would be legal alone fails for its companions; one that fits nothing fails S8.
  if (total > 1 && sim.canPlay(seat, card)) return gameError(r.multiSameRank ? 'S-V4' : 'S-V5', 'groupMismatch', { card: makeCard(card), count: r.multiSameSuit ? 1 : 0 });
  return gameError('S8', 'mustMatch', { player, card: makeCard(card), top: makeCard(sim.topCard), active: SUITS[active] });
}

/** S13, S14, S17, S-V4: why the player to act may not draw now. */
export function whyNotDraw(g: Game, sim: Sim, seat: Seat): GameError {
  const player = g.players[seat];
  if (sim.groupOpen) return gameError('S-V4', 'finishMove', { player });
  const drawn = sim.drawnCard;
  if (sim.drawsThisTurn > 0 && sim.drawnMustBePlayed && drawn >= 0 && sim.canPlay(seat, drawn)) return gameError('S13', 'mustPlayDrawn', { player, card: makeCard(drawn) });
  if (sim.voluntaryDraw) return gameError('S14', 'voluntaryDrawOnly', { player });
  if (!sim.canDraw()) return gameError('S17', 'cannotDraw', {});
  return gameError('S14', 'drawLimit', { player, count: sim.drawsThisTurn });
}

/** S13, S14, S-V4, S-V8: why the player to act may not pass now. */
export function whyNotPass(g: Game, sim: Sim, seat: Seat): GameError {
  const player = g.players[seat];
  if (sim.groupOpen) return gameError('S-V4', 'finishMove', { player });
  if (sim.pendingDraw > 0) return gameError('S-V8', 'pendingTwos', { player, count: sim.pendingDraw });
  const drawn = sim.drawnCard;
  if (sim.drawsThisTurn > 0 && sim.drawnMustBePlayed && drawn >= 0 && sim.canPlay(seat, drawn)) return gameError('S13', 'mustPlayDrawn', { player, card: makeCard(drawn) });
  // Nothing fits: the sentence says draw (how many more, unless the draws are unlimited).
  if (!sim.hasLegalPlay(seat)) return gameError('S14', 'drawFirst', { player, count: g.rules.maxDraws === 0 ? 0 : g.rules.maxDraws - sim.drawsThisTurn });
  return gameError('S14', 'passNotAllowed', { player });
}

/** S20: which condition of a catch failed — the target called, has not one card, or the chance is gone. */
export function whyNotCatch(g: Game, sim: Sim, target: Seat): GameError {
  const other = g.players[target];
  const count = sim.handCount(target);
  if (count !== 1) return gameError('S20', 'catchNotOneCard', { other, count });
  const actions = g.rounds[g.rounds.length - 1]?.actions ?? [];
  let called = false;
  for (let i = actions.length - 1; i >= 0; i--) {
    const a = actions[i];
    if (a.seat !== target) continue;
    if ('call' in a && a.call === true) called = true;
    if ('play' in a) break;
  }
  if (called) return gameError('S20', 'catchCalled', { other });
  return gameError('S20', 'catchTooLate', { other });
}
