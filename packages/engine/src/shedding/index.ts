/**
 * @olsen/engine/shedding — what only the shedding games (Olsen, Vri åtter,
 * Vri åtter 002; docs/rules.md Part 1) have: their action and view types, the
 * rule set and its presets, groups of cards, the short notation, and the
 * family's own functions (explicit deals, the call window). The family object
 * the generic API dispatches to stays inside the engine.
 */
export {
  createGame, nextRound, apply, legalActions, catchActions, legalGroups, widestGroups, completeGroup, toMove, phaseOf, handOf,
  type Action, type Deal, type Game, type RoundLog, type CreateOptions, type GroupOption, type Phase, type CaughtCall, type Outcome,
} from './game.js';
export { viewFor, type PlayerView, type CallInfo, type CatchNote } from './view.js';
export type { Result, RuleError } from '../core/types.js';
export type { GameError, RoundResult } from '../core/errors.js';
export type { ErrorCode, ErrorParams } from '../core/sentence.js';
export {
  SHEDDING_PRESETS, RULE_OPTIONS, PRESETS, resolveRules, callWordOf, handSizeFor, maxCardsPerMove, MAX_CARDS_PER_MOVE, isSheddingPreset,
  type RuleSet, type SheddingPreset,
} from './rules.js';
export { parseNotation, makeNotation, parseCards } from './notation.js';
export { pointsOfCard } from '../core/card.js';
// What the types above are built from, nameable from here.
export type { CreateWith, GameOf, VerifyResult } from '../core/family.js';
export type { Standings } from '../core/standings.js';
export type { Defaults, OptionSpec } from './rules.js';
export { GAME_NAMES, type GameName } from '../core/games.js';
export { SUITS, RANKS, type Seat, type CardName, type Suit, type Rank } from '../core/types.js';
export { isPlay, isDraw, isPass, isCall, isCatch, isNameSuit } from '../action-kinds.js';
