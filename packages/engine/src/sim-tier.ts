/**
 * @olsen/engine/sim — the simulator tier, for search and benchmarks: the
 * mutable `Sim` and `HeartsSim` on one `Int32Array`, their action codes and
 * state layout, random playouts, and simulators rebuilt from a seat's view.
 * Everything a table, a server or a record needs is in `@olsen/engine`.
 */
export { Sim, popcount } from './sim.js';
export * from './sim-layout.js';
export { rollout } from './rollout.js';
export { codesOfAction, loadView, pileOf, simFromView, unseenOf, type World } from './sim-view.js';
export {
  HeartsSim, A_GIVE, giveCode, HP_PASS, HP_PLAY, HP_HAND_OVER, HP_GAME_OVER,
  H_ACTIVE, H_TIEBREAK, H_TRICK, H_TRICK_LEN, H_TRICK_SEAT, H_LED, H_SEATS, SEAT_SIZE,
} from './hearts/sim.js';
export { heartsRollout } from './hearts/rollout.js';
