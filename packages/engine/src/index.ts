/**
 * @olsen/engine — the rules of Olsen and Vri åtter (RULES.md Parts 1 and 3).
 *
 * Two tiers: the readonly public API (`createGame`, `legalActions`, `apply`,
 * `viewFor`, `outcome`, records) and under it the mutable `Sim` for search
 * and benchmarks.
 */
export * from './types.js';
export * from './card.js';
export * from './rules.js';
export * from './messages.js';
export * from './game.js';
export * from './view.js';
export * from './notation.js';
export * from './record.js';
export * from './families.js';
export * from './standings.js';
export * from './catalog.js';
export { rollout } from './rollout.js';
export * from './hearts/rules.js';
export * from './hearts/game.js';
export {
  HeartsSim, A_GIVE, giveCode, HP_PASS, HP_PLAY, HP_HAND_OVER, HP_GAME_OVER,
  H_ACTIVE, H_TIEBREAK, H_TRICK, H_TRICK_LEN, H_TRICK_SEAT, H_LED, H_SEATS, SEAT_SIZE,
} from './hearts/sim.js';
export { heartsRollout } from './hearts/rollout.js';
export { Sim, popcount } from './sim.js';
export * from './sim-layout.js';
export { below, nextU32, pick, pickHalf, seedFromString } from './rng.js';
