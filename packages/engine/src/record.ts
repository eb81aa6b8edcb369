/**
 * Game records (docs/record.md): parse, make, replay and verify.
 *
 * `verifyRecord(json)` is what `olsen verify` prints: it replays round by
 * round and action by action and stops at the first malformed or illegal
 * thing, giving its round and action index and the rule that forbids it.
 */
import { checkRules } from './catalog.js';
import { lastOf } from './core/round-log.js';
import { familyOf, recordOf, resultOf, type AnyAction, type AnyGame, type GameRecord } from './families.js';
import type { VerifyResult } from './core/family.js';
import type { GameError } from './core/errors.js';
import { GAME_NAMES, type GameName } from './core/games.js';
import { clip, quote } from './core/text.js';
import { err, ok, type Result, type Seat } from './core/types.js';


/** Where a record goes wrong: indices are 0-based, null where the record as a whole is wrong. */
export interface RecordError {
  readonly round: number | null;
  readonly action: number | null;
  readonly rule: string | null;
  /** The developers' English sentence (RECORD.md's `message`). */
  readonly message: string;
  /**
   * The engine's refusal behind it, where a rule or a house rule refused the record: `localizeError(cause, lang)`
   * says it in a player's language. Absent for a record that is malformed; never in `verifyRecord`'s output.
   */
  readonly cause?: GameError;
}

export type VerifyOutput = { readonly ok: true; readonly result: VerifyResult } | { readonly ok: false; readonly error: RecordError };

const at = (round: number | null, action: number | null, e: { rule: string | null; message: string; code?: string }): RecordError =>
  'code' in e && e.code !== 'malformed' ? { round, action, rule: e.rule, message: e.message, cause: e as GameError } : { round, action, rule: e.rule, message: e.message };
const whole = (message: string): RecordError => ({ round: null, action: null, rule: null, message });

/** The error codes that refuse a game's setup rather than a round: a record given them is wrong as a whole. */
const WHOLE_RECORD_CODES: ReadonlySet<string> = new Set(['rules', 'badRuleValue', 'unknownRule', 'houseRules', 'playerCount', 'twoDecks']);

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The record envelope: game, rules, players, the rounds list. */
function parseEnvelope(raw: unknown): Result<{ game: GameName; rules: Record<string, unknown>; players: string[]; rounds: unknown[] }, RecordError> {
  if (!isObject(raw)) return err(whole('A record must be a JSON object with game, rules, players and rounds.'));
  const unknown = Object.keys(raw).find((k) => !['game', 'rules', 'players', 'rounds'].includes(k));
  if (unknown) return err(whole(`Unknown record field '${clip(unknown)}'.`));
  if (raw.game === undefined) return err(whole(`The record names no game: give "game" as one of ${GAME_NAMES.join(', ')}.`));
  if (!(GAME_NAMES as readonly unknown[]).includes(raw.game)) return err(whole(`Unknown game ${quote(raw.game)}: choose one of ${GAME_NAMES.join(', ')}.`));
  const rules = raw.rules ?? {};
  if (!isObject(rules)) return err(whole('"rules" must be an object of house-rule options.'));
  if (!Array.isArray(raw.players) || raw.players.some((p) => typeof p !== 'string' || p.trim() === '')) return err(whole('"players" must be a list of non-empty names.'));
  if (!Array.isArray(raw.rounds) || raw.rounds.length === 0) return err(whole('"rounds" must be a list with at least one round.'));
  return ok({ game: raw.game as GameName, rules, players: raw.players as string[], rounds: raw.rounds });
}

/** One round's dealer and deal (not its actions). */
function parseRoundHead(raw: unknown, i: number, players: number, { dealFields, dealWords }: { dealFields: readonly string[]; dealWords: string }): Result<{ dealer: Seat; deal: unknown; actions: unknown[] }, RecordError> {
  if (!isObject(raw)) return err(at(i, null, { rule: null, message: `Round ${i + 1} must be an object with dealer, deal and actions.` }));
  const unknown = Object.keys(raw).find((k) => !['dealer', 'deal', 'actions'].includes(k));
  if (unknown) return err(at(i, null, { rule: null, message: `Round ${i + 1}: unknown field '${clip(unknown)}'.` }));
  const dealer = raw.dealer;
  if (!Number.isInteger(dealer) || (dealer as number) < 0 || (dealer as number) >= players) {
    return err(at(i, null, { rule: null, message: `Round ${i + 1}: the dealer must be a seat from 0 to ${players - 1}.` }));
  }
  const actions = raw.actions ?? [];
  if (!Array.isArray(actions)) return err(at(i, null, { rule: null, message: `Round ${i + 1}: "actions" must be a list.` }));
  const d = raw.deal;
  if (!isObject(d)) return err(at(i, null, { rule: null, message: `Round ${i + 1}: "deal" must be an object, either {"seed": "…"} or hands, upcard and stock.` }));
  const extra = Object.keys(d).find((k) => ![...dealFields, 'seed'].includes(k));
  if (extra) return err(at(i, null, { rule: null, message: `Round ${i + 1}: unknown deal field '${clip(extra)}'.` }));
  if (d.seed !== undefined && typeof d.seed !== 'string') return err(at(i, null, { rule: null, message: `Round ${i + 1}: the deal's seed must be a string.` }));
  // An explicit deal: every field the family's deals carry, the lists as lists (the family checks the cards).
  if (dealFields.some((k) => k in d)) {
    const lists = dealFields.filter((k) => k !== 'upcard');
    if (dealFields.some((k) => d[k] === undefined) || lists.some((k) => !Array.isArray(d[k]))) {
      return err(at(i, null, { rule: null, message: `Round ${i + 1}: an explicit deal needs ${dealWords}.` }));
    }
    const deal: Record<string, unknown> = {};
    for (const k of dealFields) deal[k] = d[k];
    if (d.seed !== undefined) deal.seed = d.seed;
    return ok({ dealer: dealer as Seat, deal, actions });
  }
  if (typeof d.seed !== 'string') return err(at(i, null, { rule: null, message: `Round ${i + 1}: the deal needs a seed or explicit hands.` }));
  return ok({ dealer: dealer as Seat, deal: { seed: d.seed }, actions });
}

/** One state of a replayed record: the game after `action` (null: a round's deal). */
export interface ReplayStep {
  readonly game: AnyGame;
  /** Round index (0-based) and the index of the action within it (null: the deal). */
  readonly round: number;
  readonly index: number | null;
  readonly action: AnyAction | null;
}

/**
 * Replays a record (parsed JSON) into a game, or the first error in replay
 * order; `onStep` sees every state on the way (each deal, then each action).
 */
export function replayRecord(raw: unknown, onStep?: (step: ReplayStep) => void): Result<AnyGame, RecordError> {
  const env = parseEnvelope(raw);
  if (!env.ok) return env;
  const { game, rules, players, rounds } = env.value;
  const family = familyOf(game);
  // The setup first (house rules, their conflicts, the player count): wrong there, the record is wrong as a whole.
  const setup = checkRules(game, rules, players.length);
  if (setup) return err(at(null, null, setup));
  let g: AnyGame | null = null;
  for (let i = 0; i < rounds.length; i++) {
    const head = parseRoundHead(rounds[i], i, players.length, family);
    if (!head.ok) return head;
    const { dealer, deal, actions } = head.value;
    if (g === null) {
      const created = family.create({ game, rules, players, deal, dealer });
      // A refusal of the setup (its house rules, their conflicts, its player count) is the record's as a whole:
      // round null, as RECORD.md says; only what is wrong with the first round's deal is round 0's.
      if (!created.ok) return err(WHOLE_RECORD_CODES.has(created.error.code) ? at(null, null, created.error) : at(i, null, created.error));
      g = created.value;
    } else {
      const before = family.outcome(g);
      if (before.finished) return err(at(i, null, { rule: family.overRule(g), message: `The game was already over after round ${i}; round ${i + 1} cannot follow.` }));
      if (!before.rounds[before.rounds.length - 1].finished) return err(at(i, null, { rule: null, message: `Round ${i} is not finished, so round ${i + 1} cannot start.` }));
      const expected = family.nextDealer(g);
      if (dealer !== expected) {
        return err(at(i, null, { rule: family.dealerRule, message: `The deal moves one seat to the left each round: round ${i + 1} is dealt by ${clip(players[expected])}, not ${clip(players[dealer])}.` }));
      }
      const next = family.createRound(g, dealer, deal);
      if (!next.ok) return err(at(i, null, next.error));
      g = next.value;
    }
    onStep?.({ game: g, round: i, index: null, action: null });
    for (let j = 0; j < actions.length; j++) {
      // A record's action comes from outside: its shape is checked before its legality.
      const parsed = family.parse(actions[j], players.length);
      if (!parsed.ok) return err(at(i, j, parsed.error));
      const res = family.apply(g, parsed.value);
      if (!res.ok) return err(at(i, j, res.error));
      g = res.value;
      if (onStep) {
        onStep({ game: g, round: i, index: j, action: lastOf(g.rounds[g.rounds.length - 1] as { actions: readonly AnyAction[] })! });
      }
    }
  }
  return ok(g as AnyGame);
}

/** Every state of a record, from each round's deal through each action: replays step by step (the replay page, tests). */
export function replaySteps(raw: unknown): Result<ReplayStep[], RecordError> {
  const steps: ReplayStep[] = [];
  const r = replayRecord(raw, (s) => steps.push(s));
  return r.ok ? ok(steps) : r;
}

/** Parses a record's JSON text (or value) and checks it completely by replaying it. */
export function parseRecord(input: string | unknown): Result<GameRecord, RecordError> {
  let raw: unknown = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch (e) {
      return err(whole(`The record is not valid JSON: ${(e as Error).message}.`));
    }
  }
  const g = replayRecord(raw);
  return g.ok ? ok(recordOf(g.value)) : g;
}

/** `olsen verify`: the JSON object to print. */
export function verifyRecord(input: string | unknown): VerifyOutput {
  let raw: unknown = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch (e) {
      return { ok: false, error: whole(`The record is not valid JSON: ${(e as Error).message}.`) };
    }
  }
  const g = replayRecord(raw);
  // RECORD.md's four fields, nothing more (the cause is for a caller that localizes it).
  if (!g.ok) return { ok: false, error: { round: g.error.round, action: g.error.action, rule: g.error.rule, message: g.error.message } };
  return { ok: true, result: resultOf(g.value) };
}

/** Stable JSON text of a record (two-space indentation, keys in docs/record.md order). */
export const recordToJson = (r: GameRecord): string => JSON.stringify(r, null, 2);
export type { GameError };
