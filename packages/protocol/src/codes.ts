/**
 * Error and close codes of the Olsen protocol. Every failed request is
 * answered with one of the error codes; the server closes a connection only
 * for one of the close codes, sent in a `bye` message just before.
 */
import type { GameError } from '@olsen/engine';
import type { ErrorReply } from './messages.js';

export const ERROR_CODES = [
  /** The message does not match the protocol's schema (wrong type, missing field, too long). */
  'bad_message',
  /** No valid guest token (missing, forged or expired): get one from POST /api/guest. */
  'unauthorized',
  /** No table has this code (or it was closed). */
  'no_such_table',
  /** Every seat at the table is taken. */
  'table_full',
  /** The seat asked for is taken by someone else or is not a seat for people. */
  'seat_taken',
  /** The request needs a seat at this table and the player has none. */
  'not_seated',
  /** Only the player who created the table may do this (start it). */
  'not_host',
  /** The game has not started yet. */
  'not_started',
  /** The game has already started (seats can no longer be changed this way). */
  'already_started',
  /** It is another player's turn (or this seat has nothing to do now). */
  'not_your_turn',
  /** The rules refuse the action; `rule` names the rule (e.g. S14) and `message` says why. */
  'illegal_action',
  /** The action was chosen on an older state than the table's: refresh and choose again. */
  'stale_version',
  /** The game is over: nothing more can be played (ask for a rematch). */
  'game_over',
  /** The table's options are not a valid game (unknown house rule, wrong number of seats, …). */
  'bad_options',
  /** Too many messages in a short time: this one was dropped. */
  'rate_limited',
  /** A limit on what one guest, one address or the server holds was reached (running tables, search bots, connections, tables followed). */
  'over_limit',
  /** The game is of today's daily deal: its record opens to all when the day is over (its own player can review it). */
  'daily_hidden',
  /** A profile code that names nothing: used already, expired, or mistyped (guessing is limited like table codes). */
  'no_such_code',
  /** A fault on the server: the request had no effect. */
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Why the server closes a connection (sent in `bye` before it does). */
export const CLOSE_CODES = [
  /** The handshake carried no valid guest token. */
  'auth_failed',
  /** The connection kept sending malformed or rate-limited messages after warnings. */
  'abuse',
  /** The client did not take the updates sent to it for too long (a connection that does not read). */
  'slow',
  /** The server is shutting down; reconnect in a moment. */
  'shutdown',
] as const;
export type CloseCode = (typeof CLOSE_CODES)[number];

// ---- an engine refusal inside an error reply (here, beside the codes, so a page that only says errors needs no schemas) ----

/** The engine's error inside a refusal (null when the refusal is not the rules'): a client says it in its language with `localizeError`. */
export function gameErrorOf(e: ErrorReply['error']): GameError | null {
  return e.engineCode ? { rule: e.rule ?? null, code: e.engineCode as GameError['code'], message: e.message, ...(e.params ? { params: e.params as NonNullable<GameError['params']> } : {}) } : null;
}

/**
 * The one mapping from an engine refusal to the protocol's answer, used by the
 * server and by the web app's offline worker alike: whose turn it is →
 * `not_your_turn`; input that is not an action at all → `bad_message`; any
 * other refusal → `illegal_action`, with the rule, the engine's code and its
 * params so a client can say it in its own language.
 */
export function gameErrorReply(e: GameError): ErrorReply {
  const code: ErrorCode = e.code === 'notYourTurn' ? 'not_your_turn' : e.code === 'malformed' ? 'bad_message' : 'illegal_action';
  return { ok: false, error: { code, message: e.message, rule: e.rule, engineCode: e.code, ...(e.params ? { params: e.params } : {}) } };
}
