/** The games' names: every name a record, a table or a command may carry. */

/** The shedding games (docs/rules.md Part 1), each a preset of house rules. */
export const SHEDDING_PRESETS = ['olsen', 'vri-atter', 'vri-atter-002'] as const;
export type SheddingPreset = (typeof SHEDDING_PRESETS)[number];
/** Every game name; `olsen-dk` is the Hearts-family game (docs/rules.md Part 2). */
export const GAME_NAMES = [...SHEDDING_PRESETS, 'olsen-dk'] as const;
export type GameName = (typeof GAME_NAMES)[number];

export const isSheddingPreset = (name: unknown): name is SheddingPreset =>
  typeof name === 'string' && (SHEDDING_PRESETS as readonly string[]).includes(name);
export const isGameName = (name: unknown): name is GameName => typeof name === 'string' && (GAME_NAMES as readonly string[]).includes(name);
