/**
 * The messages between client and server, as valibot schemas (checked at the
 * server's boundary) and the types inferred from them.
 *
 * Transport: Socket.IO 5's protocol over WebSocket only, at `/socket.io/`
 * (socket.io-client with `transports: ['websocket']`; the server's own
 * transport.ts; long polling is refused with a 400 that says so). The client
 * sends every request as the event `req` with an acknowledgement callback,
 * which receives a `Reply`. The server pushes `table` (a `TableUpdate`, built
 * from the engine's view for that client) and `bye` (a `CloseCode`, then it
 * disconnects).
 */
import * as v from 'valibot';
import { BOUNDS, GAME_NAMES, type AnyView, type GameName } from '@olsen/engine';
import { LEVELS, type Level } from '@olsen/bots/levels';
import type { CloseCode, ErrorCode } from './codes.js';
import { AVATAR_COLORS, AVATAR_FACES, REACTIONS, type Avatar, type Reaction } from './avatars.js';
import { TEMPOS } from './tempo.js';

/** Table codes use characters without look-alikes (no 0/O, 1/I/L). */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A table's code: 6 letters and digits for a table in the lobby, 10 for a private one. */
export const TableCode = v.pipe(v.string(), v.regex(/^(?:[A-HJKMNP-Z2-9]{6}|[A-HJKMNP-Z2-9]{10})$/, 'A table code is 6 or 10 letters and digits.'));

/** The times per move a turn-based table offers (hours). */
export const MOVE_HOURS = [1, 12, 24, 72] as const;

/** Bot levels a table may seat: the bots' one list (`hard` and `expert` search: they cost the server CPU time per move). */
export type BotLevel = Level;

/**
 * A player's name as others will read it: NFC-normalised and trimmed; 1–24
 * characters, no control or format characters (NUL, newlines, direction
 * overrides, zero-width), not only invisible ones, and not dressed as a
 * computer player ("Kari (bot)").
 */
export const PlayerName = v.pipe(
  v.string(),
  v.maxLength(200, 'A name has at most 24 characters.'),
  // A lone surrogate (half of a character) is no text; `u` makes a whole pair one code point, so only halves match.
  v.check((s: string) => !/[\uD800-\uDFFF]/u.test(s), 'A name must be whole characters (it holds half of one).'),
  v.transform((s: string) => s.normalize('NFC').trim()),
  v.minLength(1, 'A name needs at least one character.'),
  v.maxLength(24, 'A name has at most 24 characters.'),
  v.check((s: string) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(s), 'A name may not hold control characters (line breaks, direction marks, zero-width characters).'),
  v.check((s: string) => /[\p{L}\p{N}\p{S}\p{P}]/u.test(s.replace(BLANK, '')), 'A name needs at least one visible character.'),
  // NFKC: "Kari（bot）" with full-width brackets is dressed the same way.
  v.check((s: string) => !/\((bot|datamaskin|computer)\)\s*$/iu.test(s.normalize('NFKC')), 'A name may not look like a computer player\'s.'),
);

/**
 * Characters that draw nothing: the default-ignorable code points (U+3164 HANGUL
 * FILLER is a letter by category, yet one of them) and the blank fillers that are
 * not (U+2800 BRAILLE PATTERN BLANK, the halfwidth Hangul filler), with spaces.
 */
const BLANK = /[\p{Default_Ignorable_Code_Point}\u2800\u3164\uFFA0\u115F\u1160\s]/gu;

/** A seat as the creator asks for it: open for a person, or a bot of a level. */
export const SeatSpec = v.variant('kind', [
  v.strictObject({ kind: v.literal('open') }),
  v.strictObject({ kind: v.literal('bot'), level: v.picklist(LEVELS) }),
]);

/** Every key an object may own, `__proto__` and `constructor` too (a record schema would drop those silently). */
const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isOptionValue = (x: unknown): boolean => x === null || typeof x === 'boolean' || typeof x === 'number' || typeof x === 'string';

/**
 * House rules as sent: option names (up to 40 characters) to plain values. The
 * names are kept as they came, prototype names included, so that the engine
 * refuses `constructor` or `__proto__` as unknown house rules (bad_options)
 * instead of the game starting with defaults the player did not choose.
 */
const HouseRules = v.pipe(
  v.custom<Readonly<Record<string, boolean | number | string | null>>>(isPlainObject, 'The house rules must be an object of option names and values.'),
  v.check((r) => Object.keys(r).length <= 40, 'Too many house rules.'),
  v.check((r) => Object.entries(r).every(([k, x]) => k.length <= 40 && isOptionValue(x)), 'A house rule is a name of at most 40 characters with a true/false, number or text value.'),
);

export const CreateTable = v.strictObject({
  type: v.literal('create'),
  game: v.picklist(GAME_NAMES),
  rules: v.optional(HouseRules, {}),
  /** Every seat but the creator's (seat 0). */
  seats: v.pipe(v.array(SeatSpec), v.minLength(1), v.maxLength(BOUNDS.seats - 1)),
  /** Listed in the open lobby, or private (by link and code only). */
  listed: v.optional(v.boolean(), false),
  /** Seconds per turn before the server plays for a person; null: no timer (friends' default). */
  turnSeconds: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(600))), null),
  /** Level of the bots that fill open seats at the start and take over for players who leave. */
  fillLevel: v.optional(v.picklist(LEVELS), 'medium'),
  /** How fast the computer plays and how long a person has to call late (default `normal`). */
  tempo: v.optional(v.picklist(TEMPOS), 'normal'),
  /**
   * "Spill over tid": a turn-based table played over days, with this many
   * hours per move (`turnSeconds` is then ignored); absent: a live table.
   */
  moveHours: v.optional(v.picklist(MOVE_HOURS)),
});

/** Card actions exactly as records write them (docs/record.md); the seat is the sender's. */
const CardName = v.pipe(v.string(), v.regex(/^[2-9TJQKA][cdhs]$/));
const Suit = v.picklist(['c', 'd', 'h', 's']);
const PlayBody = v.strictObject({ play: v.pipe(v.array(CardName), v.minLength(1), v.maxLength(BOUNDS.cardsPerMove)), suit: v.optional(Suit), call: v.optional(v.boolean()) });
/**
 * Each action by the one field that names it (a play may also carry `suit` and `call`). `ActionBody` checks an
 * action against the schema its field names, not against each in turn: a union tries them in order and makes an
 * issue for every miss, which cost a move more than the rest of its checking did (issue 51).
 */
const ACTION_BY_FIELD = {
  // As many cards as any rule set lets one move lay (the engine's bound, S-V4/S-V5); the table's rules judge the rest.
  play: PlayBody,
  draw: v.strictObject({ draw: v.literal(true) }),
  pass: v.strictObject({ pass: v.literal(true) }),
  catch: v.strictObject({ catch: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(BOUNDS.seats - 1)) }),
  give: v.strictObject({ give: v.pipe(v.array(CardName), v.length(BOUNDS.passSize)) }),
  call: v.strictObject({ call: v.literal(true) }),
  suit: v.strictObject({ suit: Suit }),
} as const;
const AnyAction = v.union(Object.values(ACTION_BY_FIELD));
/** The schema for an action: by its naming field (in this order: `play` before the `suit` and `call` it may carry), else every kind (the message for a shape that is none). */
const actionSchema = (input: unknown): v.GenericSchema<unknown, v.InferOutput<typeof AnyAction>> => {
  if (typeof input === 'object' && input !== null) {
    for (const field in ACTION_BY_FIELD) if (field in input) return ACTION_BY_FIELD[field as keyof typeof ACTION_BY_FIELD];
  }
  return AnyAction;
};
export const ActionBody = v.lazy(actionSchema);

/** An avatar: a face and a colour from the fixed lists. */
export const AvatarSchema = v.strictObject({ face: v.picklist(AVATAR_FACES), color: v.picklist(AVATAR_COLORS) });

const AnyRequest = v.variant('type', [
  v.strictObject({ type: v.literal('lobby') }),
  CreateTable,
  v.strictObject({ type: v.literal('join'), code: TableCode, seat: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(BOUNDS.seats - 1))) }),
  v.strictObject({ type: v.literal('watch'), code: TableCode }),
  v.strictObject({ type: v.literal('leave'), code: TableCode }),
  v.strictObject({ type: v.literal('start'), code: TableCode }),
  v.strictObject({ type: v.literal('act'), code: TableCode, version: v.pipe(v.number(), v.integer(), v.minValue(0)), action: ActionBody }),
  v.strictObject({ type: v.literal('rematch'), code: TableCode }),
  // A reaction from the fixed set, shown at the sender's seat to everyone at the table (no free text).
  v.strictObject({ type: v.literal('react'), code: TableCode, reaction: v.picklist(REACTIONS) }),
  // Whether the page showing the table is in view (a hidden tab is told of its turn by a push, as a closed one).
  v.strictObject({ type: v.literal('look'), code: TableCode, visible: v.boolean() }),
]);
/** Each request's schema by its `type` (a variant tries its options in turn; this goes to the one). */
const REQUEST_BY_TYPE = new Map(AnyRequest.options.map((o) => [o.entries.type.literal as string, o as v.GenericSchema<unknown, v.InferOutput<typeof AnyRequest>>]));
export const Request = v.lazy((input: unknown): v.GenericSchema<unknown, v.InferOutput<typeof AnyRequest>> =>
  (typeof input === 'object' && input !== null && REQUEST_BY_TYPE.get((input as { type?: unknown }).type as string)) || AnyRequest);
export type Request = v.InferOutput<typeof AnyRequest>;
export type RequestType = Request['type'];
export type CreateTable = v.InferOutput<typeof CreateTable>;
export type SeatSpec = v.InferOutput<typeof SeatSpec>;
export type ActionBody = v.InferOutput<typeof ActionBody>;

/** Checks an untrusted request; the error is one sentence naming the field. */
export function parseRequest(raw: unknown): { ok: true; value: Request } | { ok: false; message: string } {
  const r = v.safeParse(Request, raw);
  if (r.success) return { ok: true, value: r.output };
  const issue = r.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  return { ok: false, message: path ? `${path}: ${issue.message}` : issue.message };
}

export interface ErrorReply {
  readonly ok: false;
  readonly error: {
    readonly code: ErrorCode;
    /** One sentence in English; `engineCode` with `params` lets a client say it in its own language (the engine's `errorMessage`). */
    readonly message: string;
    readonly rule?: string | null;
    readonly engineCode?: string;
    readonly params?: Readonly<Record<string, unknown>>;
  };
}
export type Reply<T extends object = object> = ({ readonly ok: true } & T) | ErrorReply;

/** Answers per request type. */
export interface Replies {
  lobby: Reply<{ tables: readonly TableSummary[] }>;
  create: Reply<{ code: string }>;
  join: Reply<{ seat: number }>;
  watch: Reply;
  leave: Reply;
  start: Reply;
  act: Reply<{ version: number }>;
  rematch: Reply;
}

export type TableStatus = 'waiting' | 'playing' | 'roundOver' | 'finished';

/** A seat as everyone sees it. */
export interface SeatInfo {
  readonly kind: 'open' | 'human' | 'bot';
  readonly name: string | null;
  /** Bots: their level. */
  readonly level: BotLevel | null;
  /** People: connected now. */
  readonly connected: boolean;
  /** A bot playing for a person who left or dropped for longer than the grace period. */
  readonly standIn: boolean;
  /** People: the face and colour they chose (absent: none chosen). */
  readonly avatar?: Avatar;
  /**
   * A person who dropped (no connection, no stand-in yet): when the computer
   * takes over their seat (ms since the epoch, the server's own deadline), so
   * the others see how long they wait and why.
   */
  readonly awayUntil?: number;
}

/** The `reaction` push: someone at the table reacted (shown at their seat for a few seconds). */
export interface ReactionPush {
  readonly code: string;
  readonly seat: number;
  readonly reaction: Reaction;
}

/** The `table` push: the table's public state and the engine's view for this client. */
export interface TableUpdate {
  readonly code: string;
  readonly game: GameName;
  readonly status: TableStatus;
  /** Game number at this table (1, then +1 per rematch). */
  readonly gameNo: number;
  readonly seats: readonly SeatInfo[];
  /** This client's seat, null for a spectator. */
  readonly you: number | null;
  readonly host: number;
  readonly spectators: number;
  readonly turnSeconds: number | null;
  /** When the turn timer plays for the person to act (ms since the epoch), or null. */
  readonly deadline: number | null;
  /** A turn-based table ("Spill over tid"): moves over days, `turnSeconds` per move; absent for a live table. */
  readonly turnBased?: true;
  /** When the next round is dealt automatically (ms since the epoch), or null. */
  readonly nextRoundAt: number | null;
  /**
   * While a forgotten last-card call can be made late or caught (S20): when
   * the computer acts next (a catch, or the next move that closes the chance),
   * ms since the epoch; null when no computer player is waiting on it.
   */
  readonly catchBy?: number | null;
  /** The engine's view for this client (null before the start). */
  readonly view: AnyView | null;
  /** The table's house rules (overrides of the game's defaults), to show on the invite and in the waiting room. */
  readonly rules?: Readonly<Record<string, unknown>>;
  /** After a game: the seats whose players asked for a rematch (it starts when every person at the table has). */
  readonly rematchAsked?: readonly number[];
  /** Positions in the round's log of moves the turn timer made for a person (shown as such at the seat). */
  readonly timerMoves?: readonly number[];
  /** Positions in the round's log of moves a computer player made for a person who left (the stand-in): "the computer played for Ida". */
  readonly standInMoves?: readonly number[];
  /** Id of the finished game's record (GET /api/games/:id/record), once the game is over. */
  readonly recordId: string | null;
  /** A table of the daily deal ("Dagens giv"): its game is played once (no rematch), its record opens when the day is over. */
  readonly daily?: boolean;
  /**
   * A delta: `view.log` holds only the round's entries from this index on; the
   * ones before it came in this connection's earlier frames of the same game
   * and round. Absent: the log is whole (the first frame of a table on a
   * connection, a new round, a resync).
   */
  readonly logFrom?: number;
  /** Fields left out because they are as in this connection's previous frame of the table. */
  readonly kept?: readonly KeptField[];
}

/** What a frame may leave out when it has not changed: the seats, the table's rules, the view's rule set and names. */
export type KeptField = 'seats' | 'rules' | 'view.rules' | 'view.players' | 'view.scoreSheet';

/**
 * The whole update from the previous whole update of the same table on this
 * connection and a frame that may be a delta (`logFrom`, `kept`); null when
 * the two do not fit together (a frame was missed): ask for the table again
 * (`watch` or `join`) and the server sends it whole.
 */
export function mergeUpdate(prev: TableUpdate | undefined, next: TableUpdate): TableUpdate | null {
  const { logFrom, kept, ...frame } = next;
  if (logFrom === undefined && kept === undefined) return next;
  if (!prev) return null;
  const out: { -readonly [K in keyof TableUpdate]: TableUpdate[K] } = { ...frame };
  let view = frame.view as (AnyView & Record<string, unknown>) | null;
  for (const k of kept ?? []) {
    if (k === 'seats') out.seats = prev.seats;
    else if (k === 'rules') out.rules = prev.rules;
    else if (view && prev.view) {
      const field = k === 'view.rules' ? 'rules' : k === 'view.players' ? 'players' : 'scoreSheet';
      view = { ...view, [field]: prev.view[field] } as AnyView & Record<string, unknown>;
    }
    else return null;
  }
  if (logFrom !== undefined) {
    const before = prev.view;
    if (!view || !before || prev.gameNo !== next.gameNo || before.round !== view.round || before.log.length !== logFrom) return null;
    view = { ...view, log: [...before.log, ...view.log] } as AnyView & Record<string, unknown>;
  }
  out.view = view;
  return out;
}

/** A listed table in the open lobby. */
export interface TableSummary {
  readonly code: string;
  readonly game: GameName;
  readonly status: TableStatus;
  readonly seats: readonly SeatInfo[];
  readonly openSeats: number;
}

export interface ServerEvents {
  table: (u: TableUpdate) => void;
  reaction: (r: ReactionPush) => void;
  bye: (code: CloseCode) => void;
}
export interface ClientEvents {
  req: (r: Request, ack: (reply: Reply<Record<string, unknown>>) => void) => void;
}

// ---- the daily deal over HTTP (GET /api/daily/:game, /api/daily/history) ----
/** One result of the daily deal as the lists show it (no table codes or ids of other players). */
export interface DailyRow {
  /** The day (YYYY-MM-DD, Norwegian time). */
  readonly date: string;
  readonly game: GameName;
  readonly name: string;
  readonly place: number | null;
  readonly points: number | null;
  readonly moves: number | null;
  readonly finished: boolean;
  /** The game's id: the player's own rows always; others' only once the day is over (the record is then public). */
  readonly gameId: string | null;
  /** The table, to go back to a game not finished (own rows only). */
  readonly code: string | null;
}

/** A day's results of one game, best first. */
export interface DailyList {
  readonly date: string;
  readonly game: GameName;
  /** The day is over: the games' records are open to all. */
  readonly over: boolean;
  readonly rows: readonly DailyRow[];
}

// ---- the devices a profile is on over HTTP (GET /api/profile/devices) ----
/** One device the profile is on, as the profile page lists it. */
export interface DeviceEntry {
  readonly id: string;
  /** What the device said it is ("Chrome · Android"); '' when it said nothing known. */
  readonly label: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
  /** The device asking. */
  readonly current: boolean;
}
