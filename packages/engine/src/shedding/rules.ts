/**
 * House rules as data. `RULE_OPTIONS` describes every option once (type,
 * allowed values, the rule ID it belongs to); presets are named override
 * sets; `resolveRules` validates overrides for a player count into a frozen
 * `RuleSet` or returns a RuleError. Nothing else in the engine reads raw
 * option objects.
 */
import { err, ok, type Result, type RuleError } from '../core/types.js';
import { GAME_NAMES, isSheddingPreset, type SheddingPreset } from '../core/games.js';
import { clip, quote } from '../core/text.js';
import { brokenRelation, type HousePreset, type OptionRelation } from '../core/options.js';
import { relationError, ruleValueError, setupError } from '../core/messages.js';
export { GAME_NAMES, SHEDDING_PRESETS, isSheddingPreset, type GameName, type SheddingPreset } from '../core/games.js';

/** A validated, complete rule set for the shedding games (docs/rules.md Part 1). */
export interface RuleSet {
  /** Preset the rules started from, e.g. `'olsen'`. */
  readonly game: SheddingPreset;
  /** S1/S-V14: number of 52-card decks shuffled together. */
  readonly decks: 1 | 2;
  /** S3/S-V13: cards dealt to each player. */
  readonly handSize: number;
  /** S3: hand size when exactly two play (null: same as handSize). */
  readonly twoPlayerHandSize: number | null;
  /** S3 (002): the starter gets one card more. */
  readonly starterExtraCard: boolean;
  /** S3 (002): the dealer gets one card more. */
  readonly dealerExtraCard: boolean;
  /** S5/S-V15: what happens when the turned card is an eight. */
  readonly starterEight: 'reshuffle' | 'dealerChooses';
  /** S14/S-V2: draws allowed in a turn when stuck (0 = unlimited). */
  readonly maxDraws: number;
  /** S13/S-V16: a playable drawn card must be played at once. */
  readonly drawnCardMustBePlayed: boolean;
  /** S20/S-V1: cards drawn when caught without the last-card call (0: no catching). */
  readonly forgottenCallPenalty: 0 | 2 | 3;
  /** S22/S24/S-V3: rank by cards left (one round) or points over rounds. */
  readonly scoring: 'ranking' | 'points';
  /** S24: the game ends when a total passes this. */
  readonly targetScore: number;
  /** S-V4: several cards of one rank in one move. */
  readonly multiSameRank: boolean;
  /** S-V5: several cards of one suit in one move. */
  readonly multiSameSuit: boolean;
  /** S-V6: no eight and no same-rank suit change on a first turn. */
  readonly noTwistFirstTurn: 'off' | 'starter' | 'everyone';
  /** S-V7: 2 = next draws two, Q = skip, A = reverse. */
  readonly specialCards: boolean;
  /** S-V8: a draw-two may be answered with a 2. */
  readonly stackTwos: boolean;
  /** S-V9: an ace makes every other player draw one. */
  readonly svenskevri: boolean;
  /** S-V10: an ace makes the next player draw this many (0 = off). */
  readonly aceDraws: number;
  /** S-V11: an eight may not be played on an eight. */
  readonly noEightOnEight: boolean;
  /** S-V12: an eight may not be your last card. */
  readonly noWinOnEight: boolean;
  /** S23/S-V17: the others play on for places. */
  readonly playOutForPlaces: boolean;
}

export type RuleOverrides = Readonly<Record<string, unknown>>;

export type OptionSpec = { readonly rule: string; readonly values: readonly unknown[]; readonly describe: string } | { readonly rule: string; readonly range: readonly [number, number]; readonly describe: string };

/** Every option a record or a table may set, with its rule ID and allowed values. */
export const RULE_OPTIONS: Readonly<Record<Exclude<keyof RuleSet, 'game'>, OptionSpec>> = {
  decks: { rule: 'S-V14', values: [1, 2], describe: '1 or 2' },
  handSize: { rule: 'S-V13', values: [5, 6, 7, 8], describe: '5, 6, 7 or 8' },
  twoPlayerHandSize: { rule: 'S-V13', values: [null, 5, 6, 7, 8], describe: '5, 6, 7, 8 or null' },
  starterExtraCard: { rule: 'S-V13', values: [true, false], describe: 'true or false' },
  dealerExtraCard: { rule: 'S-V13', values: [true, false], describe: 'true or false' },
  starterEight: { rule: 'S-V15', values: ['reshuffle', 'dealerChooses'], describe: "'reshuffle' or 'dealerChooses'" },
  maxDraws: { rule: 'S-V2', values: [1, 3, 'unlimited'], describe: "1, 3 or 'unlimited'" },
  drawnCardMustBePlayed: { rule: 'S-V16', values: [true, false], describe: 'true or false' },
  forgottenCallPenalty: { rule: 'S-V1', values: [0, 2, 3], describe: '0, 2 or 3' },
  scoring: { rule: 'S-V3', values: ['ranking', 'points'], describe: "'ranking' or 'points'" },
  targetScore: { rule: 'S-V3', range: [1, 10000], describe: 'a whole number from 1 to 10000' },
  multiSameRank: { rule: 'S-V4', values: [true, false], describe: 'true or false' },
  multiSameSuit: { rule: 'S-V5', values: [true, false], describe: 'true or false' },
  noTwistFirstTurn: { rule: 'S-V6', values: ['off', 'starter', 'everyone'], describe: "'off', 'starter' or 'everyone'" },
  specialCards: { rule: 'S-V7', values: [true, false], describe: 'true or false' },
  stackTwos: { rule: 'S-V8', values: [true, false], describe: 'true or false' },
  svenskevri: { rule: 'S-V9', values: [true, false], describe: 'true or false' },
  aceDraws: { rule: 'S-V10', range: [0, 4], describe: 'a whole number from 0 (off) to 4' },
  noEightOnEight: { rule: 'S-V11', values: [true, false], describe: 'true or false' },
  noWinOnEight: { rule: 'S-V12', values: [true, false], describe: 'true or false' },
  playOutForPlaces: { rule: 'S-V17', values: [true, false], describe: 'true or false' },
};

/**
 * How the options relate (docs/rules.md, house rules): what one needs, and
 * what two may not share (each gives the ace a meaning, S-V9/S-V10).
 */
export const OPTION_RELATIONS: readonly OptionRelation[] = [
  { rule: 'S-V9', kind: 'excludes', option: 'specialCards', other: 'svenskevri', when: 'on' },
  { rule: 'S-V10', kind: 'excludes', option: 'specialCards', other: 'aceDraws', when: 'on' },
  { rule: 'S-V10', kind: 'excludes', option: 'svenskevri', other: 'aceDraws', when: 'on' },
  { rule: 'S-V8', kind: 'requires', option: 'stackTwos', other: 'specialCards', value: true, when: 'on' },
  { rule: 'S-V3', kind: 'requires', option: 'targetScore', other: 'scoring', value: 'points', when: 'given' },
];

/** The ways of playing the texts name, as house rules over the game chosen ("as usual": none). */
export const SHEDDING_HOUSE_PRESETS: readonly HousePreset[] = [
  { id: 'plain', rules: {} },
  { id: 'special', rules: { specialCards: true, stackTwos: true } },
  { id: 'svenskevri', rules: { svenskevri: true } },
  { id: 'several', rules: { multiSameRank: true } },
  { id: 'noTwist', rules: { noTwistFirstTurn: 'everyone' } },
];

/** A preset's house-rule defaults (the deck count and draws follow from the players and the preset). */
export type Defaults = Omit<RuleSet, 'game' | 'decks' | 'maxDraws'> & { readonly maxDraws: 1 | 3 | 'unlimited' };

const BASE: Defaults = {
  handSize: 5,
  twoPlayerHandSize: null,
  starterExtraCard: false,
  dealerExtraCard: false,
  starterEight: 'reshuffle',
  maxDraws: 3,
  drawnCardMustBePlayed: true,
  forgottenCallPenalty: 0,
  scoring: 'ranking',
  targetScore: 100,
  multiSameRank: false,
  multiSameSuit: false,
  noTwistFirstTurn: 'off',
  specialCards: false,
  stackTwos: false,
  svenskevri: false,
  aceDraws: 0,
  noEightOnEight: false,
  noWinOnEight: false,
  playOutForPlaces: false,
};

/** docs/rules.md, presets: the presets as data. */
export const PRESETS: Readonly<Record<SheddingPreset, { readonly defaults: Defaults; readonly players: readonly [number, number]; readonly callWord: string }>> = {
  olsen: { defaults: BASE, players: [2, 4], callWord: 'Olsen' },
  'vri-atter': {
    defaults: { ...BASE, twoPlayerHandSize: 7, forgottenCallPenalty: 3, scoring: 'points' },
    players: [2, 6],
    callWord: 'Ett kort igjen',
  },
  'vri-atter-002': {
    defaults: {
      ...BASE,
      handSize: 6,
      drawnCardMustBePlayed: false,
      noTwistFirstTurn: 'everyone',
      multiSameRank: true,
      playOutForPlaces: true,
      forgottenCallPenalty: 3,
    },
    players: [2, 6],
    callWord: 'Ett kort igjen',
  },
};

function checkValue(name: string, spec: OptionSpec, value: unknown): RuleError | null {
  if ('values' in spec) {
    if (spec.values.includes(value)) return null;
  } else if (typeof value === 'number' && Number.isInteger(value) && value >= spec.range[0] && value <= spec.range[1]) {
    return null;
  }
  return ruleValueError(name, spec, value);
}

/**
 * Validates `overrides` on top of preset `game` for `players` seats.
 * Unknown options, bad values, contradictory combinations and a player count
 * out of range give a RuleError, never a throw.
 */
export function resolveRules(game: unknown, overrides: unknown, players: number): Result<RuleSet, RuleError> {
  if (game === 'olsen-dk') return err({ rule: null, message: 'Danish Olsen (olsen-dk) is a trick-taking game: create it with startGame({ game: "olsen-dk", … }).' });
  if (!isSheddingPreset(game)) {
    return err({ rule: null, message: `Unknown game ${quote(game)}: choose one of ${GAME_NAMES.join(', ')}.` });
  }
  if (overrides === undefined || overrides === null) overrides = {};
  if (typeof overrides !== 'object' || Array.isArray(overrides)) {
    return err({ rule: null, message: 'The house rules must be an object of option names and values.' });
  }
  const o = overrides as Record<string, unknown>;
  for (const [name, value] of Object.entries(o)) {
    // Own properties only: `toString` or `constructor` is no house rule.
    const spec = Object.hasOwn(RULE_OPTIONS, name) ? (RULE_OPTIONS as Record<string, OptionSpec>)[name] : undefined;
    if (!spec) return err(setupError(null, 'unknownRule', { other: clip(name), game }));
    const problem = checkValue(name, spec, value);
    if (problem) return err(problem);
  }
  const preset = PRESETS[game];
  const merged = { ...preset.defaults, ...o } as Defaults & { decks?: 1 | 2 };
  if (!Number.isInteger(players) || players < 2 || players > 6) {
    return err(setupError('S2', 'playerCount', { game, min: 2, max: preset.players[1], count: players }));
  }
  const decks: 1 | 2 = merged.decks ?? defaultDecks(game, players);
  // S-V14: Olsen takes five or six players only with two decks.
  const maxPlayers = game === 'olsen' && decks === 2 ? 6 : preset.players[1];
  if (players > maxPlayers) {
    return err(game === 'olsen' ? setupError('S2', 'twoDecks', { count: players }) : setupError('S2', 'playerCount', { game, min: 2, max: 6, count: players }));
  }
  const broken = brokenRelation(OPTION_RELATIONS, o, merged);
  if (broken) return err(relationError(broken));
  const rules: RuleSet = Object.freeze({ game, ...merged, decks, maxDraws: merged.maxDraws === 'unlimited' ? 0 : merged.maxDraws });
  const dealt = players * handSizeFor(rules, players) + (rules.starterExtraCard ? 1 : 0) + (rules.dealerExtraCard ? 1 : 0);
  if (dealt + 1 > 52 * decks) {
    return err({ rule: 'S2', message: `Dealing ${dealt} cards to ${players} players leaves no card to turn up: use two decks or smaller hands.` });
  }
  return ok(rules);
}

/**
 * S-V14: Vri åtter (004) shuffles two decks at 5–6 players; Olsen needs them
 * asked for; vri-atter-002 is one 52-card deck at every count (§1.9).
 */
export const defaultDecks = (game: SheddingPreset, players: number): 1 | 2 => (game === 'vri-atter' && players > 4 ? 2 : 1);

/** S3: the hand size for this player count. */
export const handSizeFor = (rules: RuleSet, players: number): number =>
  players === 2 && rules.twoPlayerHandSize !== null ? rules.twoPlayerHandSize : rules.handSize;

/** The overrides that turn `rules` back into itself from its preset (for records). */
export function overridesOf(rules: RuleSet, players: number): Record<string, unknown> {
  const d = PRESETS[rules.game].defaults;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(RULE_OPTIONS) as (keyof typeof RULE_OPTIONS)[]) {
    let value: unknown = rules[name];
    if (name === 'maxDraws') value = rules.maxDraws === 0 ? 'unlimited' : rules.maxDraws;
    const def = name === 'decks' ? defaultDecks(rules.game, players) : (d as unknown as Record<string, unknown>)[name];
    if (value !== def) out[name] = value;
  }
  return out;
}

export const callWordOf = (rules: RuleSet): string => PRESETS[rules.game].callWord;

/** S-V4/S-V5: the most cards one move may lay under `rules` (every copy of a suit, or of a rank). */
export function maxCardsPerMove(rules: Pick<RuleSet, 'decks' | 'multiSameRank' | 'multiSameSuit'>): number {
  if (rules.multiSameSuit) return 13 * rules.decks;
  if (rules.multiSameRank) return 4 * rules.decks;
  return 1;
}

/** The most cards one move may lay under any rule set (what a message may carry). */
export const MAX_CARDS_PER_MOVE = maxCardsPerMove({ decks: 2, multiSameRank: true, multiSameSuit: true });
