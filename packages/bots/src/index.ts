/**
 * @olsen/bots — computer players that see only what their seat may see.
 * `chooseShedding(level, viewFor(game, seat), rng)` and
 * `chooseHearts(level, viewOf(game, seat), rng)` return one of the
 * view's legal actions; `hint(view)` explains the medium bot's choice.
 */
export * from './shedding.js';
export * from './shedding-levels.js';
export * from './hearts.js';
export * from './hearts-levels.js';
export * from './hearts-search.js';
export * from './hint.js';
export * from './sim-policies.js';
export * from './pimc.js';
export * from './belief.js';
export * from './ismcts.js';
export * from './search.js';
export * from './review.js';
export * from './verdict.js';
export * from './review-text.js';
export * from './choose.js';
export * from './forget.js';
