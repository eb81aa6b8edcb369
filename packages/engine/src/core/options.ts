/**
 * How house rules relate, as data both families share: an option that needs
 * another (`requires`), two that give one card two meanings or ask two things
 * of one rule (`excludes`), and the named ways of playing the texts list
 * (presets). `resolveRules`/`resolveHeartsRules` refuse by these, the catalogue
 * hands them to the setup form and the CLI; each relation has its sentence in
 * the player's language (messages.ts, `houseRules`).
 */
export type OptionValue = string | number | boolean | null;

export interface OptionRelation {
  /** The rule (docs/rules.md) the relation belongs to, e.g. `S-V9`. */
  readonly rule: string;
  /** `requires`: `option` needs `other` set to `value`; `excludes`: the two may not both be on. */
  readonly kind: 'requires' | 'excludes';
  readonly option: string;
  readonly other: string;
  /** The value `other` must have (requires only). */
  readonly value?: OptionValue;
  /**
   * When `option` counts as chosen: `on` — true or a number above 0 in the
   * rules as played; `given` — named in the house rules at all (a target score
   * means something only with points, whatever its value).
   */
  readonly when: 'on' | 'given';
}

export interface HousePreset {
  /** A stable id the screens translate (`special`, `passing` …). */
  readonly id: string;
  readonly rules: Readonly<Record<string, OptionValue>>;
}

const isOn = (v: unknown): boolean => v === true || (typeof v === 'number' && v > 0);

/** Whether `rel`'s option is chosen: by the rules as played (`merged`) or by the house rules given. */
export const relationApplies = (rel: OptionRelation, given: Readonly<Record<string, unknown>>, merged: Readonly<Record<string, unknown>>): boolean =>
  rel.when === 'given' ? Object.hasOwn(given, rel.option) : isOn(merged[rel.option]);

/** The first relation the rules break, or null. */
export function brokenRelation(relations: readonly OptionRelation[], given: Readonly<Record<string, unknown>>, merged: Readonly<Record<string, unknown>>): OptionRelation | null {
  for (const rel of relations) {
    if (!relationApplies(rel, given, merged)) continue;
    const other = merged[rel.other];
    if (rel.kind === 'requires' ? other !== rel.value : rel.when === 'given' ? Object.hasOwn(given, rel.other) : isOn(other)) return rel;
  }
  return null;
}

/** The key of a relation's sentence: `option+other`. */
export const relationKey = (rel: OptionRelation): string => `${rel.option}+${rel.other}`;
