/**
 * Where every seat stands in a game: the one answer the table, the terminal
 * game and the server's stored results show (places, winners, totals). Both
 * families build theirs here from their simulator's read-outs.
 */
import type { RoundResult } from './errors.js';
import type { Seat } from './types.js';

export interface Standings {
  /** True once the game is over: the places are final. */
  readonly final: boolean;
  /** Place per seat: 1 is best, a tie shares its place (`[1, 3, 1, 4]`). */
  readonly places: readonly number[];
  /** The seats best first (a tie in seat order). */
  readonly order: readonly Seat[];
  /** The game's winners once it is over (a tie shares), else none. */
  readonly winners: readonly Seat[];
  /** Point totals per seat where points are kept (Vri åtter, Danish Olsen), else null. */
  readonly totals: readonly number[] | null;
}

/** Compares two keys item by item, lower first. */
function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/**
 * Standings from a key per seat (lower is better, compared item by item):
 * a seat's place is one more than the number of seats strictly ahead of it.
 */
export function standingsFromKeys(keys: readonly (readonly number[])[], final: boolean, winners: readonly Seat[], totals: readonly number[] | null): Standings {
  // Plain loops: every view of every move builds these (closures, filters and a sort were a tenth of a server's allocations).
  const n = keys.length;
  const places = new Array<number>(n);
  for (let s = 0; s < n; s++) {
    let ahead = 0;
    for (let o = 0; o < n; o++) if (compareKeys(keys[o], keys[s]) < 0) ahead++;
    places[s] = 1 + ahead;
  }
  // Best place first, a tie in seat order (an insertion sort: at most six seats).
  const order = new Array<Seat>(n);
  for (let s = 0; s < n; s++) {
    let i = s;
    while (i > 0 && places[order[i - 1]] > places[s]) {
      order[i] = order[i - 1];
      i--;
    }
    order[i] = s;
  }
  return Object.freeze({ final, places, order, winners: final ? winners : [], totals });
}

/**
 * A game's score sheet: the points of every round that has ended, per seat, in order (S24, H7); the running
 * totals are their sums. Made once per round (keyed by the game's frozen results, which stay the same object
 * while a round runs), so every view of the round shares it and a frame need not send it again.
 */
const sheets = new WeakMap<readonly RoundResult[], readonly (readonly number[])[]>();
export function scoreSheetOf(results: readonly RoundResult[]): readonly (readonly number[])[] {
  let sheet = sheets.get(results);
  if (!sheet) {
    sheet = Object.freeze(results.map((r) => Object.freeze([...(r.points ?? [])])));
    sheets.set(results, sheet);
  }
  return sheet;
}
