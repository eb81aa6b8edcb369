/**
 * @olsen/engine — the rules of Olsen, Vri åtter and Danish Olsen
 * (docs/rules.md), one API for every game:
 *
 *     const started = startGame({ game: 'olsen', players: ['Kari', 'Ola'] });
 *     if (!started.ok) throw new Error(started.error.message);
 *     const g = started.value;
 *     actorsOf(g)            // who may act now, with their legal actions
 *     applyAction(g, a)      // the next game, or an error naming the rule
 *     viewOf(g, seat)        // what one seat may see (hidden cards never leave)
 *
 * What only one family has is in `@olsen/engine/shedding` and
 * `@olsen/engine/hearts`; the simulators for search and benchmarks are in
 * `@olsen/engine/sim`. The names here are checked (api/engine.api.md).
 */
// Vocabulary
export { SUITS, RANKS, type Suit, type Rank, type CardName, type Seat, type Result } from './core/types.js';
export { GAME_NAMES, SHEDDING_PRESETS, type GameName } from './core/games.js';
export type { GameError, RoundResult } from './core/errors.js';
export type { Stage, VerifyResult } from './core/family.js';
export type { Standings } from './core/standings.js';
// Playing any game
export {
  startGame, parseAction, applyAction, viewOf, actorsOf, actingIn, stageOf, moverOf, nextRoundOf, resultOf, standingsOf, recordOf, progressOf, isHeartsGame, isHeartsView,
  type Progress, type Acting, type ViewerPart,
  type StartOptions, type AnyGame, type AnyAction, type AnyView, type GameRecord, type Seated,
} from './families.js';
export type { RecordOf } from './core/family.js';
// The families' own values, nameable from here (what only one family has is in its entry)
export type { Action, Deal, Game, GroupOption, Phase, RoundLog } from './shedding/game.js';
export type { CallInfo, CatchNote, PlayerView } from './shedding/view.js';
export type { RuleSet } from './shedding/rules.js';
export type { SheddingPreset } from './core/games.js';
export type { GameOf } from './core/family.js';
export type { HeartsAction, HeartsDeal, HeartsGame, HeartsLogEntry, HeartsRoundLog, HeartsTrick, HeartsView } from './hearts/game.js';
export type { HeartsRules } from './hearts/rules.js';
// What kind an action is (type guards, either family)
export { isPlay, isDraw, isPass, isCall, isCatch, isNameSuit, isGive } from './action-kinds.js';
// Records and `olsen verify`
export { parseRecord, replayRecord, replaySteps, verifyRecord, recordToJson, type RecordError, type ReplayStep, type VerifyOutput } from './record.js';
// The rule catalogue: player counts, house rules, presets, conflicts
export { GAMES, BOUNDS, gameInfo, rulesNeededFor, checkRules, type GameInfo, type OptionInfo, type OptionValue, type HousePreset, type OptionRelation } from './catalog.js';
// Words: errors and cards in the player's language
export { LANGS, SUIT_NAMES, cardName, gameTitle, type Lang } from './core/words.js';
export type { ErrorParams, ErrorCode } from './core/sentence.js';
// An error in a player's language: with one language's sentences (`@olsen/engine/sentences/nb`, …) here, with
// all four in `@olsen/engine/localize` (`localizeError`), so a page carries only the language it shows.
export { localizeErrorWith } from './core/say-error.js';
export type { ErrorSentences } from './core/sentence.js';
export { optionText, valueText } from './rule-words.js';
// The rules in players' words, by section, with the rule IDs each paragraph explains (the rules page, olsen rules ID)
export { GUIDE, guideFor, type GuideSection, type GuideParagraph } from './guide.js';
