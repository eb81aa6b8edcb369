/**
 * What each game offers, as one table: the player counts, and every house
 * rule with its rule ID, allowed values and default. The web app's setup
 * form and rules page and the CLI's help are drawn from it; the validators
 * (`resolveRules`, `resolveHeartsRules`) check against the same specs.
 */
import { PASS_SIZE, HEARTS_DEFAULTS, HEARTS_HOUSE_PRESETS, HEARTS_OPTIONS, HEARTS_RELATIONS, resolveHeartsRules } from './hearts/rules.js';
import { MAX_CARDS_PER_MOVE, OPTION_RELATIONS, PRESETS, RULE_OPTIONS, SHEDDING_HOUSE_PRESETS, defaultDecks, resolveRules } from './shedding/rules.js';
import { GAME_NAMES, isGameName, type GameName, type SheddingPreset } from './core/games.js';
import type { HousePreset, OptionRelation, OptionValue } from './core/options.js';
import type { GameError } from './core/errors.js';
import { quote } from './core/text.js';

export type { HousePreset, OptionRelation, OptionValue };

export interface OptionInfo {
  readonly name: string;
  /** The rule (docs/rules.md) the option belongs to, e.g. `S-V2`. */
  readonly rule: string;
  /** The allowed values, when the option is a choice (booleans included). */
  readonly values: readonly OptionValue[] | null;
  /** The allowed whole numbers, when the option is a number. */
  readonly range: readonly [number, number] | null;
  /** The game's own value at this player count (what leaving it out means). */
  readonly default: OptionValue;
  /** The allowed values in a phrase (`1, 3 or 'unlimited'`). */
  readonly describe: string;
  /** Other options this one needs to be set (`stackTwos` needs `specialCards: true`), or null. */
  readonly requires: Readonly<Record<string, OptionValue>> | null;
  /** Options that may not be on with this one (both give the ace a meaning): `checkRules` refuses both, so a form turns the others off when this one is chosen. */
  readonly excludes: readonly string[];
}

export interface GameInfo {
  readonly game: GameName;
  /** Danish Olsen takes tricks; the others shed cards. */
  readonly trickTaking: boolean;
  /** Every player count the game allows with some house rule (see `rulesNeededFor`). */
  readonly players: readonly [number, number];
  /** The player counts without any house rule. */
  readonly plainPlayers: readonly [number, number];
  /** The last-card call (S19), or null where there is none. */
  readonly callWord: string | null;
  readonly options: readonly OptionInfo[];
  /** The named ways of playing the texts list, as house rules (the first is "as usual": none). */
  readonly presets: readonly HousePreset[];
  /** How the options relate (what one needs, what two may not share), with their rule IDs. */
  readonly relations: readonly OptionRelation[];
}

function relationsOf(relations: readonly OptionRelation[], name: string): Pick<OptionInfo, 'requires' | 'excludes'> {
  const requires: Record<string, OptionValue> = {};
  for (const r of relations) if (r.kind === 'requires' && r.option === name) requires[r.other] = r.value ?? null;
  const excludes = relations.filter((r) => r.kind === 'excludes' && (r.option === name || r.other === name)).map((r) => (r.option === name ? r.other : r.option));
  return { requires: Object.keys(requires).length > 0 ? requires : null, excludes };
}

const SHEDDING_PLAYERS: Readonly<Record<SheddingPreset, readonly [number, number]>> = {
  // S-V14: Olsen takes five or six players with two decks.
  olsen: [2, 6],
  'vri-atter': PRESETS['vri-atter'].players,
  'vri-atter-002': PRESETS['vri-atter-002'].players,
};

/** The game's options and player counts; `players` sets the defaults that depend on it (decks, hand size). */
export function gameInfo(game: GameName, players?: number): GameInfo {
  if (game === 'olsen-dk') {
    return {
      game,
      trickTaking: true,
      players: [3, 5],
      plainPlayers: [3, 5],
      callWord: null,
      options: Object.entries(HEARTS_OPTIONS).map(([name, spec]) => ({
        name,
        rule: spec.rule,
        values: spec.values ?? null,
        range: spec.range ?? null,
        default: HEARTS_DEFAULTS[name as keyof typeof HEARTS_DEFAULTS],
        describe: spec.describe,
        ...relationsOf(HEARTS_RELATIONS, name),
      })),
      presets: HEARTS_HOUSE_PRESETS,
      relations: HEARTS_RELATIONS,
    };
  }
  const preset = PRESETS[game];
  const n = players ?? preset.players[0];
  const defaults: Record<string, OptionValue> = { ...preset.defaults, decks: defaultDecks(game, n) };
  return {
    game,
    trickTaking: false,
    players: SHEDDING_PLAYERS[game],
    plainPlayers: preset.players,
    callWord: preset.callWord,
    options: Object.entries(RULE_OPTIONS).map(([name, spec]) => ({
      name,
      rule: spec.rule,
      values: 'values' in spec ? (spec.values as readonly OptionValue[]) : null,
      range: 'range' in spec ? spec.range : null,
      default: defaults[name],
      describe: spec.describe,
      ...relationsOf(OPTION_RELATIONS, name),
    })),
    presets: SHEDDING_HOUSE_PRESETS,
    relations: OPTION_RELATIONS,
  };
}

/** Every game's table at its smallest player count. */
export const GAMES: readonly GameInfo[] = GAME_NAMES.map((g) => gameInfo(g));

/**
 * The house rules a player count needs (S-V14: Olsen at five or six players
 * is played with two decks): merge them into a table's options.
 */
export function rulesNeededFor(game: GameName, players: number): Readonly<Record<string, OptionValue>> {
  return game === 'olsen' && players > PRESETS.olsen.players[1] ? { decks: 2 } : {};
}

/**
 * Whether a game can start with these house rules at this player count:
 * null, or the error `startGame` would give (localizable with
 * `localizeError`). A setup form asks before it offers Start.
 */
export function checkRules(game: GameName, rules: Readonly<Record<string, unknown>>, players: number): GameError | null {
  if (!isGameName(game)) return { rule: null, code: 'malformed', message: `Unknown game ${quote(game)}: choose one of ${GAME_NAMES.join(', ')}.` };
  const r = game === 'olsen-dk' ? resolveHeartsRules(rules, players) : resolveRules(game, rules, players);
  if (r.ok) return null;
  return { rule: r.error.rule, code: r.error.code ?? 'rules', message: r.error.message, ...(r.error.params ? { params: r.error.params } : {}) };
}


/** What any message about any game stays within: seats at a table, cards passed (H3), cards laid in one move (S-V4, S-V5). */
export const BOUNDS: { readonly seats: number; readonly passSize: number; readonly cardsPerMove: number } = Object.freeze({
  seats: Math.max(...GAMES.map((g) => g.players[1])),
  passSize: PASS_SIZE,
  cardsPerMove: MAX_CARDS_PER_MOVE,
});
