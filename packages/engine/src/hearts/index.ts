/**
 * @olsen/engine/hearts — what only Danish Olsen (docs/rules.md Part 2) has:
 * its action and view types, its rules, and the family's own functions
 * (explicit deals, the pass).
 */
// The same verbs as @olsen/engine/shedding's, so a family entry reads as a namespace of one shape
// (`import * as olsenDk from '@olsen/engine/hearts'; olsenDk.apply(g, a)`); the generic ones are @olsen/engine's.
export {
  createHeartsGame as createGame, nextHeartsRound as nextRound, applyHearts as apply, heartsLegalActions as legalActions, heartsToMove as toMove,
  heartsViewFor as viewFor, parseHeartsAction as parseAction,
} from './game.js';
export {
  type HeartsAction, type HeartsDeal, type HeartsGame, type HeartsRoundLog, type HeartsView, type HeartsLogEntry, type HeartsCreateOptions, type HeartsTrick, type HeartsOutcome,
} from './game.js';
export { HEARTS_OPTIONS, HEARTS_DEFAULTS, resolveHeartsRules, type HeartsRules } from './rules.js';
export type { Result, RuleError } from '../core/types.js';
export type { GameError, RoundResult } from '../core/errors.js';
export type { ErrorCode, ErrorParams } from '../core/sentence.js';
// What the types above are built from, nameable from here.
export type { CreateWith, GameOf } from '../core/family.js';
export type { Standings } from '../core/standings.js';
export type { Seat } from '../core/types.js';
export { GAME_NAMES, type GameName } from '../core/games.js';
export { SUITS, RANKS, type CardName, type Suit, type Rank } from '../core/types.js';
export { isPlay, isGive } from '../action-kinds.js';
