/**
 * Danish Olsen (docs/rules.md Part 2) options as data, validated into a frozen
 * `HeartsRules` like the shedding games' `resolveRules`.
 */
import { err, ok, type Result, type RuleError } from '../core/types.js';
import { clip } from '../core/text.js';
import { brokenRelation, type HousePreset, type OptionRelation } from '../core/options.js';
import { relationError, ruleValueError, setupError } from '../core/messages.js';

export interface HeartsRules {
  readonly game: 'olsen-dk';
  /** H3: the pass before each hand: none, always left, or left / right / across (4 players) / hold. */
  readonly pass: 'none' | 'left' | 'rotating';
  /** H7: penalty cards may be discarded on the first trick. */
  readonly penaltyOnFirstTrick: boolean;
  /** H8: the jack of diamonds counts −10 for whoever takes it. */
  readonly jackOfDiamonds: boolean;
  /** H9: the game ends when a total reaches this (null when `deals` is set). */
  readonly pointLimit: number | null;
  /** H9: or after this many deals (null: play to the limit). */
  readonly deals: number | null;
}

/** Every Danish Olsen option with its rule ID and allowed values. */
export const HEARTS_OPTIONS: Readonly<Record<Exclude<keyof HeartsRules, 'game'>, { readonly rule: string; readonly values?: readonly (string | boolean)[]; readonly range?: readonly [number, number]; readonly describe: string }>> = {
  pass: { rule: 'H3', values: ['none', 'left', 'rotating'], describe: "'none', 'left' or 'rotating'" },
  penaltyOnFirstTrick: { rule: 'H7', values: [true, false], describe: 'true or false' },
  jackOfDiamonds: { rule: 'H8', values: [true, false], describe: 'true or false' },
  pointLimit: { rule: 'H9', range: [1, 10000], describe: 'a whole number from 1 to 10000' },
  deals: { rule: 'H9', range: [1, 1000], describe: 'a whole number from 1 to 1000' },
};
const OPTIONS: Readonly<Record<string, { values?: readonly unknown[]; range?: readonly [number, number]; describe: string }>> = HEARTS_OPTIONS;

export const HEARTS_DEFAULTS = { pass: 'none', penaltyOnFirstTrick: false, jackOfDiamonds: false, pointLimit: 100, deals: null } as const;

/** H3: the cards each player passes. */
export const PASS_SIZE = 3;

/** How Danish Olsen's options relate: the game ends by points or by deals (H9). */
export const HEARTS_RELATIONS: readonly OptionRelation[] = [{ rule: 'H9', kind: 'excludes', option: 'pointLimit', other: 'deals', when: 'given' }];

/** The ways of playing the texts name, as house rules ("as usual": none). */
export const HEARTS_HOUSE_PRESETS: readonly HousePreset[] = [
  { id: 'plain', rules: {} },
  { id: 'passing', rules: { pass: 'rotating' } },
  { id: 'jack', rules: { jackOfDiamonds: true } },
];

/** H1, H3, H9: validates options for `players` seats. */
export function resolveHeartsRules(overrides: unknown, players: number): Result<HeartsRules, RuleError> {
  if (overrides === undefined || overrides === null) overrides = {};
  if (typeof overrides !== 'object' || Array.isArray(overrides)) return err({ rule: null, message: 'The house rules must be an object of option names and values.' });
  const o = overrides as Record<string, unknown>;
  for (const [name, value] of Object.entries(o)) {
    const spec = Object.hasOwn(OPTIONS, name) ? OPTIONS[name] : undefined;
    if (!spec) return err(setupError(null, 'unknownRule', { other: clip(name), game: 'olsen-dk' }));
    const good = spec.values ? spec.values.includes(value) : typeof value === 'number' && Number.isInteger(value) && value >= spec.range![0] && value <= spec.range![1];
    if (!good) return err(ruleValueError(name, spec, value));
  }
  if (!Number.isInteger(players) || players < 3 || players > 5) return err(setupError('H1', 'playerCount', { game: 'olsen-dk', min: 3, max: 5, count: players }));
  const broken = brokenRelation(HEARTS_RELATIONS, o, { ...HEARTS_DEFAULTS, ...o });
  if (broken) return err(relationError(broken));
  const deals = (o.deals as number | undefined) ?? null;
  const rules: HeartsRules = Object.freeze({
    game: 'olsen-dk',
    pass: (o.pass as HeartsRules['pass']) ?? HEARTS_DEFAULTS.pass,
    penaltyOnFirstTrick: (o.penaltyOnFirstTrick as boolean) ?? false,
    jackOfDiamonds: (o.jackOfDiamonds as boolean) ?? false,
    pointLimit: deals !== null ? null : ((o.pointLimit as number | undefined) ?? 100),
    deals,
  });
  return ok(rules);
}

/** The overrides that give `rules` back (records). */
export function heartsOverridesOf(rules: HeartsRules): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (rules.pass !== 'none') out.pass = rules.pass;
  if (rules.penaltyOnFirstTrick) out.penaltyOnFirstTrick = true;
  if (rules.jackOfDiamonds) out.jackOfDiamonds = true;
  if (rules.deals !== null) out.deals = rules.deals;
  else if (rules.pointLimit !== 100) out.pointLimit = rules.pointLimit;
  return out;
}
