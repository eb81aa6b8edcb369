/**
 * @olsen/engine/sim — the search tier, for bots and benchmarks: the mutable
 * simulators (`Sim`, `HeartsSim`) with their action codes and phases, cards
 * and dice as small integers, random playouts, and simulators rebuilt from a
 * seat's view. The state's memory layout stays private to the engine.
 * Everything a table, a server or a record needs is in `@olsen/engine`.
 */
export { Sim, popcount } from './shedding/sim.js';
export {
  A_PLAY, A_DRAW, A_PASS, A_CALL, A_CATCH, A_NAME, F_CALL, F_MORE, P_TURN, P_NAME, P_ROUND_OVER, P_GAME_OVER,
  kindOf, cardOfAction, suitOfAction, seatOfAction, playCode,
} from './shedding/sim-layout.js';
export { rollout } from './shedding/rollout.js';
export { codesOfAction, loadView, pileOf, simFromView, unseenOf, type World } from './shedding/sim-view.js';
export { HeartsSim, A_GIVE, giveCode, HP_PASS, HP_PLAY, HP_HAND_OVER, HP_GAME_OVER } from './hearts/sim.js';
export { heartsRollout } from './hearts/rollout.js';
export { loadHearts } from './hearts/game.js';
/** A game's simulator (a copy: changing it changes no game). */
export { load as simOf } from './shedding/game.js';
export { DECK, EIGHT, QUEEN, ACE, TWO, makeCard, parseCard, rankOf, suitOf, cardOf, cardPoints } from './core/card.js';
export { below, nextU32, pick, pickHalf, seedFromString } from './core/rng.js';
// The types the simulators' signatures name, so a caller can name them too.
export type { StateBuffer } from './core/state-buffer.js';
export type { CardName } from './core/types.js';
export type { Action, Game } from './shedding/game.js';
export type { PlayerView } from './shedding/view.js';
export type { RuleSet } from './shedding/rules.js';
export type { HeartsGame } from './hearts/game.js';
export type { HeartsRules } from './hearts/rules.js';
export type { Rank, Seat, Suit } from './core/types.js';
export type { SheddingPreset } from './core/games.js';
export type { GameOf } from './core/family.js';
export type { Standings } from './core/standings.js';
export type { RoundLog, GroupOption, Phase } from './shedding/game.js';
export type { CallInfo, CatchNote } from './shedding/view.js';
export type { HeartsRoundLog } from './hearts/game.js';
export { GAME_NAMES, type GameName } from './core/games.js';
export type { RoundResult } from './core/errors.js';
export type { Deal } from './shedding/game.js';
export type { HeartsAction, HeartsDeal } from './hearts/game.js';
// The lists the card and preset types are read from.
export { RANKS, SUITS } from './core/types.js';
export { SHEDDING_PRESETS } from './core/games.js';
