/**
 * @olsen/engine/shedding — what only the shedding games (Olsen, Vri åtter,
 * Vri åtter 002; docs/rules.md Part 1) have: their action and view types, the
 * rule set and its presets, groups of cards, the short notation, and the
 * family's own functions (explicit deals, the call window).
 */
export { sheddingFamily } from './family.js';
export {
  createGame, nextRound, apply, legalActions, catchActions, legalGroups, widestGroups, completeGroup, toMove, phaseOf, handOf, isPlay,
  type Action, type Deal, type Game, type RoundLog, type CreateOptions, type GroupOption, type Phase, type CaughtCall, type Outcome,
} from './game.js';
export { viewFor, type PlayerView, type CallInfo, type CatchNote } from './view.js';
export type { Result, RuleError } from '../core/types.js';
export type { GameError, RoundResult } from '../core/errors.js';
export {
  SHEDDING_PRESETS, RULE_OPTIONS, PRESETS, resolveRules, callWordOf, handSizeFor, maxCardsPerMove, MAX_CARDS_PER_MOVE, isSheddingPreset,
  type RuleSet, type SheddingPreset,
} from './rules.js';
export { parseNotation, makeNotation, parseCards } from './notation.js';
export { pointsOfCard } from '../core/card.js';
