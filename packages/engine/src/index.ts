/**
 * @olsen/engine — the rules of Olsen and Vri åtter (docs/rules.md Parts 1 and 3).
 *
 * Two tiers: here the readonly public API (`createGame`, `legalActions`,
 * `apply`, `viewFor`, `outcome`, standings, records, the game table); the
 * mutable simulators for search and benchmarks are `@olsen/engine/sim`.
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
export * from './hearts/rules.js';
export * from './hearts/game.js';
export { below, nextU32, pick, pickHalf, seedFromString } from './rng.js';
export { lastOf, roundLength } from './round-log.js';
