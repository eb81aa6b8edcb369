/**
 * Game records (RECORD.md): parse, make, replay and verify.
 *
 * `verifyRecord(json)` is what `olsen verify` prints: it replays round by
 * round and action by action and stops at the first malformed or illegal
 * thing, giving its round and action index and the rule that forbids it.
 */
import { apply, createGame, createRound, outcome, parseActionShape, type Action, type Deal, type Game, type GameError, type Outcome, type RoundLog } from './game.js';
import { applyHearts, createHeartsGame, createHeartsRound, heartsOutcome, parseHeartsAction, type HeartsDeal, type HeartsGame, type HeartsRoundLog } from './hearts/game.js';
import { heartsOverridesOf } from './hearts/rules.js';
import { makeCard, parseCard } from './card.js';
import { GAME_NAMES, overridesOf, type GameName } from './rules.js';
import { err, ok, type Result, type Seat } from './types.js';

export interface GameRecord {
  readonly game: GameName;
  readonly rules: Readonly<Record<string, unknown>>;
  readonly players: readonly string[];
  readonly rounds: readonly (RoundLog | HeartsRoundLog)[];
}

/**
 * The game families records know, registered once: how to start a game and
 * a round, apply an action, read the outcome and write the record back.
 */
interface RecordFamily<G> {
  /** Deal fields besides `seed` that this family's explicit deals carry. */
  readonly dealFields: readonly string[];
  create(game: GameName, rules: Record<string, unknown>, players: string[], deal: unknown, dealer: number): Result<G, GameError>;
  createRound(g: G, dealer: number, deal: unknown): Result<G, GameError>;
  apply(g: G, action: unknown): Result<G, GameError>;
  outcome(g: G): VerifyResult;
  make(g: G): GameRecord;
  /** The dealer of the round after the last one. */
  nextDealer(g: G): number;
  /** The rule an extra round after the end of the game breaks. */
  readonly overRule: (g: G) => string;
}

const shedding: RecordFamily<Game> = {
  dealFields: ['hands', 'upcard', 'stock'],
  create: (game, rules, players, deal, dealer) => createGame({ game, rules, players, deal: deal as Deal, dealer }),
  createRound: (g, dealer, deal) => createRound(g, dealer, deal as Deal),
  apply,
  outcome: (g) => {
    const o = outcome(g);
    return { finished: o.finished, rounds: o.rounds, totals: o.totals, gameWinners: o.gameWinners, toMove: o.toMove };
  },
  make: (g) => makeSheddingRecord(g),
  nextDealer: (g) => (g.rounds[g.rounds.length - 1].dealer + 1) % g.players.length,
  overRule: (g) => (g.rules.scoring === 'points' ? 'S24' : 'S22'),
};

const hearts: RecordFamily<HeartsGame> = {
  dealFields: ['hands'],
  create: (_game, rules, players, deal, dealer) => createHeartsGame({ rules, players, deal: deal as HeartsDeal, dealer }),
  createRound: (g, dealer, deal) => createHeartsRound(g, dealer, deal as HeartsDeal),
  apply: applyHearts,
  outcome: heartsOutcome,
  make: (g) => ({
    game: 'olsen-dk',
    rules: heartsOverridesOf(g.rules),
    players: [...g.players],
    rounds: g.rounds.map((r) => ({
      dealer: r.dealer,
      deal: 'hands' in r.deal ? { hands: r.deal.hands.map((h) => h.map((t) => makeCard(parseCard(t)))) } : { seed: r.deal.seed },
      actions: r.actions.map((a) => {
        const p = parseHeartsAction(a, g.players.length);
        return p.ok ? p.value : a;
      }),
    })) as unknown as RoundLog[],
  }),
  nextDealer: (g) => (g.rounds[g.rounds.length - 1].dealer + 1) % g.players.length,
  overRule: () => 'H9',
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const familyOf = (game: GameName): RecordFamily<any> => (game === 'olsen-dk' ? hearts : shedding);

/** Where a record goes wrong: indices are 0-based, null where the record as a whole is wrong. */
export interface RecordError {
  readonly round: number | null;
  readonly action: number | null;
  readonly rule: string | null;
  readonly message: string;
}

/** What `olsen verify` reports: the outcome without the engine's extra `blocked` flag. */
export type VerifyResult = Omit<Outcome, 'blocked'>;

export type VerifyOutput = { readonly ok: true; readonly result: VerifyResult } | { readonly ok: false; readonly error: RecordError };

const at = (round: number | null, action: number | null, e: { rule: string | null; message: string }): RecordError => ({ round, action, rule: e.rule, message: e.message });
const whole = (message: string): RecordError => ({ round: null, action: null, rule: null, message });

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The record envelope: game, rules, players, the rounds list. */
function parseEnvelope(raw: unknown): Result<{ game: GameName; rules: Record<string, unknown>; players: string[]; rounds: unknown[] }, RecordError> {
  if (!isObject(raw)) return err(whole('A record must be a JSON object with game, rules, players and rounds.'));
  const unknown = Object.keys(raw).find((k) => !['game', 'rules', 'players', 'rounds'].includes(k));
  if (unknown) return err(whole(`Unknown record field '${unknown}'.`));
  if (!(GAME_NAMES as readonly unknown[]).includes(raw.game)) return err(whole(`Unknown game ${JSON.stringify(raw.game)}: choose one of ${GAME_NAMES.join(', ')}.`));
  const rules = raw.rules ?? {};
  if (!isObject(rules)) return err(whole('"rules" must be an object of house-rule options.'));
  if (!Array.isArray(raw.players) || raw.players.some((p) => typeof p !== 'string' || p.trim() === '')) return err(whole('"players" must be a list of non-empty names.'));
  if (!Array.isArray(raw.rounds) || raw.rounds.length === 0) return err(whole('"rounds" must be a list with at least one round.'));
  return ok({ game: raw.game as GameName, rules, players: raw.players as string[], rounds: raw.rounds });
}

/** One round's dealer and deal (not its actions). */
function parseRoundHead(raw: unknown, i: number, players: number, dealFields: readonly string[]): Result<{ dealer: Seat; deal: Deal; actions: unknown[] }, RecordError> {
  if (!isObject(raw)) return err(at(i, null, { rule: null, message: `Round ${i + 1} must be an object with dealer, deal and actions.` }));
  const unknown = Object.keys(raw).find((k) => !['dealer', 'deal', 'actions'].includes(k));
  if (unknown) return err(at(i, null, { rule: null, message: `Round ${i + 1}: unknown field '${unknown}'.` }));
  const dealer = raw.dealer;
  if (!Number.isInteger(dealer) || (dealer as number) < 0 || (dealer as number) >= players) {
    return err(at(i, null, { rule: null, message: `Round ${i + 1}: the dealer must be a seat from 0 to ${players - 1}.` }));
  }
  const actions = raw.actions ?? [];
  if (!Array.isArray(actions)) return err(at(i, null, { rule: null, message: `Round ${i + 1}: "actions" must be a list.` }));
  const d = raw.deal;
  if (!isObject(d)) return err(at(i, null, { rule: null, message: `Round ${i + 1}: "deal" must be an object, either {"seed": "…"} or hands, upcard and stock.` }));
  const extra = Object.keys(d).find((k) => ![...dealFields, 'seed'].includes(k));
  if (extra) return err(at(i, null, { rule: null, message: `Round ${i + 1}: unknown deal field '${extra}'.` }));
  if (d.seed !== undefined && typeof d.seed !== 'string') return err(at(i, null, { rule: null, message: `Round ${i + 1}: the deal's seed must be a string.` }));
  if (dealFields.length === 1 && 'hands' in d) {
    if (!Array.isArray(d.hands)) return err(at(i, null, { rule: null, message: `Round ${i + 1}: "hands" must be a list of hands.` }));
    return ok({ dealer: dealer as Seat, deal: { hands: d.hands } as unknown as Deal, actions });
  }
  if ('hands' in d || 'upcard' in d || 'stock' in d) {
    if (!Array.isArray(d.hands) || d.upcard === undefined || !Array.isArray(d.stock)) {
      return err(at(i, null, { rule: null, message: `Round ${i + 1}: an explicit deal needs hands, upcard and stock.` }));
    }
    const deal = { hands: d.hands, upcard: d.upcard, stock: d.stock, ...(d.seed !== undefined ? { seed: d.seed } : {}) } as Deal;
    return ok({ dealer: dealer as Seat, deal, actions });
  }
  if (typeof d.seed !== 'string') return err(at(i, null, { rule: null, message: `Round ${i + 1}: the deal needs a seed or explicit hands.` }));
  return ok({ dealer: dealer as Seat, deal: { seed: d.seed }, actions });
}

/** Replays a record (parsed JSON) into a game, or the first error in replay order. */
export function replayRecord(raw: unknown): Result<Game | HeartsGame, RecordError> {
  const env = parseEnvelope(raw);
  if (!env.ok) return env;
  const { game, rules, players, rounds } = env.value;
  const family = familyOf(game);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let g: any = null;
  for (let i = 0; i < rounds.length; i++) {
    const head = parseRoundHead(rounds[i], i, players.length, family.dealFields);
    if (!head.ok) return head;
    const { dealer, deal, actions } = head.value;
    if (g === null) {
      const created = family.create(game, rules, players, deal, dealer);
      if (!created.ok) return err(created.error.code === 'rules' ? at(null, null, created.error) : at(i, null, created.error));
      g = created.value;
    } else {
      const before = family.outcome(g);
      if (before.finished) return err(at(i, null, { rule: family.overRule(g), message: `The game was already over after round ${i}; round ${i + 1} cannot follow.` }));
      if (!before.rounds[before.rounds.length - 1].finished) return err(at(i, null, { rule: null, message: `Round ${i} is not finished, so round ${i + 1} cannot start.` }));
      const expected = family.nextDealer(g);
      if (dealer !== expected) {
        return err(at(i, null, { rule: game === 'olsen-dk' ? 'H2' : 'S6', message: `The deal moves one seat to the left each round: round ${i + 1} is dealt by ${players[expected]}, not ${players[dealer]}.` }));
      }
      const next = family.createRound(g, dealer, deal);
      if (!next.ok) return err(at(i, null, next.error));
      g = next.value;
    }
    for (let j = 0; j < actions.length; j++) {
      const res = family.apply(g, actions[j]);
      if (!res.ok) return err(at(i, j, res.error));
      g = res.value;
    }
  }
  return ok(g);
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
  return g.ok ? ok(familyOf(g.value.game as GameName).make(g.value)) : g;
}

/** The record of a game: canonical card names, the smallest rule overrides. */
export function makeRecord(g: Game | HeartsGame): GameRecord {
  if (g.game === 'olsen-dk') return hearts.make(g as HeartsGame);
  return makeSheddingRecord(g as Game);
}

function makeSheddingRecord(g: Game): GameRecord {
  return {
    game: g.game,
    rules: overridesOf(g.rules, g.players.length),
    players: [...g.players],
    rounds: g.rounds.map((r) => ({ dealer: r.dealer, deal: canonicalDeal(r.deal), actions: r.actions.map(canonicalAction) })),
  };
}

function canonicalDeal(d: Deal): Deal {
  if (!('hands' in d)) return { seed: d.seed };
  const c = (t: string): ReturnType<typeof makeCard> => makeCard(parseCard(t));
  return { hands: d.hands.map((h) => h.map(c)), upcard: c(d.upcard), stock: d.stock.map(c), ...(d.seed !== undefined ? { seed: d.seed } : {}) };
}

function canonicalAction(a: Action): Action {
  const parsed = parseActionShape(a, 8);
  return parsed.ok ? parsed.value : a;
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
  if (!g.ok) return { ok: false, error: g.error };
  return { ok: true, result: familyOf(g.value.game as GameName).outcome(g.value) };
}

/** Stable JSON text of a record (two-space indentation, keys in RECORD.md order). */
export const recordToJson = (r: GameRecord): string => JSON.stringify(r, null, 2);
export type { GameError };
