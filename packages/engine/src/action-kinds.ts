/**
 * What kind of action an action is, for either family, as a type guard (chessops's `isDrop`/`isNormal`): callers
 * ask these rather than testing keys. Each narrows to the variants of the caller's own type (`Action`, `HeartsAction`,
 * `AnyAction`, a view's log entries).
 */
import type { CardName, Seat } from './core/types.js';


/** Cards laid (a shedding play, with its named suit and call if any) or a Danish Olsen card played. */
export const isPlay = <A extends object>(a: A): a is Extract<A, { readonly play: readonly CardName[] }> => 'play' in a;
/** A card drawn from the stock (S12). */
export const isDraw = <A extends object>(a: A): a is Extract<A, { readonly draw: true }> => 'draw' in a;
/** A pass (S14). */
export const isPass = <A extends object>(a: A): a is Extract<A, { readonly pass: true }> => 'pass' in a;
/** The last-card call made after the play (S18); a play made with the call is a play (`isPlay`, its `call`). */
export const isCall = <A extends object>(a: A): a is Extract<A, { readonly call: true }> => 'call' in a && !('play' in a);
/** A catch of a forgotten call (S20). */
export const isCatch = <A extends object>(a: A): a is Extract<A, { readonly catch: Seat }> => 'catch' in a;
/** The dealer naming the suit of a turned eight (S-V15). */
export const isNameSuit = <A extends object>(a: A): a is Extract<A, { readonly suit: string; readonly play?: never }> => 'suit' in a && !('play' in a);
/** Danish Olsen's pass of three cards (H3). */
export const isGive = <A extends object>(a: A): a is Extract<A, { readonly give: readonly CardName[] }> => 'give' in a;
