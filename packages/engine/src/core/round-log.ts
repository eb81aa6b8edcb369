/**
 * A round's action log, appended in constant time. Successive games of a
 * round share one array (a "tape"): each game knows how many of its entries
 * are its own, and only the newest game may push to it. A game that is
 * branched from an older one (two different actions applied to one game)
 * copies its prefix first. So replaying or playing an n-action round costs
 * O(n), not O(n²); `round.actions` still reads as a frozen array, made on
 * first use and kept.
 */

interface Tape<A> {
  readonly entries: A[];
  readonly length: number;
}

/**
 * Where a log keeps its tape: a non-enumerable property (not in JSON, spreads or `Object.keys`). A WeakMap
 * from log to tape did the same with an entry per move, and those entries (ephemerons) are extra work for
 * every old-generation collection of a server holding thousands of tables.
 */
const TAPE = Symbol('tape');
const tapeOf = (round: object): Tape<unknown> | undefined => (round as { [TAPE]?: Tape<unknown> })[TAPE];

/** A frozen round log whose `actions` are the first `length` entries of `entries`. */
function logOf<R extends { readonly actions: readonly A[] }, A>(head: Omit<R, 'actions'>, entries: A[], length: number): R {
  let actions: readonly A[] | null = null;
  const log = {
    ...head,
    get actions(): readonly A[] {
      return (actions ??= Object.freeze(entries.slice(0, length)));
    },
  };
  Object.defineProperty(log, TAPE, { value: { entries, length } satisfies Tape<A>, enumerable: false });
  return Object.freeze(log) as unknown as R;
}

/** A new round's log with no actions yet. */
export function emptyRound<R extends { readonly actions: readonly A[] }, A>(head: Omit<R, 'actions'>): R {
  return logOf<R, A>(head, [], 0);
}

/** `round` with `a` appended (the round given is unchanged). */
export function appendAction<R extends { readonly actions: readonly A[] }, A>(round: R, a: A): R {
  const tape = tapeOf(round) as Tape<A> | undefined;
  let entries: A[];
  let length: number;
  if (tape && tape.entries.length === tape.length) {
    entries = tape.entries;
    length = tape.length;
  } else {
    // A log made elsewhere (a literal) or a branch from an older game: start a tape of its own.
    entries = (tape ? tape.entries.slice(0, tape.length) : round.actions.slice()) as A[];
    length = entries.length;
  }
  entries.push(a);
  return logOf<R, A>(headOf(round), entries, length + 1);
}

/** How many actions the round has, without making its array. */
export function roundLength(round: { readonly actions: readonly unknown[] }): number {
  return tapeOf(round)?.length ?? round.actions.length;
}

/** The round's last action, without making its array. */
export function lastOf<R extends { readonly actions: readonly unknown[] }>(round: R): R['actions'][number] | undefined {
  const tape = tapeOf(round) as Tape<R['actions'][number]> | undefined;
  return tape ? (tape.length > 0 ? tape.entries[tape.length - 1] : undefined) : round.actions.at(-1);
}

/** The round's fields but its actions (read as values: `actions` is a getter that would copy). */
function headOf<R extends { readonly actions: readonly unknown[] }>(round: R): Omit<R, 'actions'> {
  const head: Record<string, unknown> = {};
  for (const k of Object.keys(round)) if (k !== 'actions') head[k] = (round as Record<string, unknown>)[k];
  return head as Omit<R, 'actions'>;
}
