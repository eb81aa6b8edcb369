/**
 * The engine's refusals of a setup or house rules, with the developers' sentence every error carries in its
 * `message` (English, cards in notation). A player's language is `localize.ts`; the sentences are one module
 * per language (sentences/), so what builds errors needs only English.
 */
import { quote } from './text.js';
import { relationKey, type OptionRelation } from './options.js';
import type { RuleError } from './types.js';
import { sentenceOf, type ErrorCode, type ErrorParams } from './sentence.js';
import { EN, HOUSE_RULES } from './sentences/en.js';

export type { ErrorCode, ErrorParams } from './sentence.js';

/** The developers' sentence of an error (an error's own `message`, records, logs): English, cards as `Qs`. */
export const devMessage = (code: ErrorCode, params: ErrorParams): string => sentenceOf(EN, code, params, 'dev');

/** The refusal of a house rule's value: what it may be, in every language (`values`, or a whole-number `range`). */
export function ruleValueError(name: string, spec: { readonly values?: readonly unknown[]; readonly range?: readonly [number, number]; readonly describe: string }, value: unknown): RuleError {
  const written = (v: unknown): string => (typeof v === 'string' ? `'${v}'` : String(v));
  return setupError(null, 'badRuleValue', { other: name, describe: spec.describe, got: quote(value), ...(spec.values ? { choices: spec.values.map(written) } : { min: spec.range![0], max: spec.range![1] }) });
}

export function setupError(rule: string | null, code: ErrorCode, params: ErrorParams): RuleError {
  return { rule, code, params, message: devMessage(code, params) };
}

/** The refusal of house rules that break `rel` (options.ts), with what says it in every language. */
export function relationError(rel: OptionRelation): RuleError {
  const other = relationKey(rel);
  return { rule: rel.rule, code: 'houseRules', params: { other }, message: HOUSE_RULES[other] };
}
