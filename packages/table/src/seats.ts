/**
 * Who sits at a table: open seats, computer players with their level, and
 * people (for whom a computer player may stand in after they left). The
 * seats are data the host stores; these functions read and change them.
 */
import { botName, type Level } from '@olsen/bots/levels';
import type { Seat } from '@olsen/engine';
import type { Avatar, SeatInfo } from '@olsen/protocol';

export type TableSeat =
  | { readonly kind: 'open' }
  | { readonly kind: 'bot'; readonly level: Level; readonly name: string }
  | { readonly kind: 'human'; readonly playerId: string; readonly name: string; readonly standIn: Level | null; readonly avatar?: Avatar };

/** What a new table asks for beside its host: a seat left open or a computer player of a level. */
export type SeatRequest = { readonly kind: 'open' } | { readonly kind: 'bot'; readonly level: Level };

/** A new table's seats: the host in seat 0, then the requested seats, every computer player named apart from the others. */
export function seatsFor(host: { readonly id: string; readonly name: string; readonly avatar?: Avatar }, others: readonly SeatRequest[]): TableSeat[] {
  const taken = new Set([host.name]);
  return [
    { kind: 'human', playerId: host.id, name: host.name, standIn: null, ...(host.avatar ? { avatar: host.avatar } : {}) },
    ...others.map((s, i): TableSeat => {
      if (s.kind !== 'bot') return { kind: 'open' };
      const name = botName(i + 1, taken);
      taken.add(name);
      return { kind: 'bot', level: s.level, name };
    }),
  ];
}

/** The seats at the start: computer players of `level` fill the seats nobody took. */
export function fillSeats(seats: readonly TableSeat[], level: Level): TableSeat[] {
  const taken = new Set(seats.flatMap((s) => (s.kind === 'open' ? [] : [s.name])));
  return seats.map((s, i): TableSeat => {
    if (s.kind !== 'open') return s;
    const name = botName(i, taken);
    taken.add(name);
    return { kind: 'bot', level, name };
  });
}

/** The players' names for the engine (an open seat gets the name its computer player will have). */
export function seatNames(seats: readonly TableSeat[]): string[] {
  return seats.map((s, i) => (s.kind === 'open' ? botName(i) : s.name));
}

/** The seat of a person, or null. */
export function seatOfPlayer(seats: readonly TableSeat[], playerId: string): Seat | null {
  const i = seats.findIndex((s) => s.kind === 'human' && s.playerId === playerId);
  return i < 0 ? null : i;
}

/** The level that plays a seat for the computer: a bot's, a stand-in's; null for a person at the table. */
export function computerFor(s: TableSeat | undefined): Level | null {
  return s === undefined || s.kind === 'open' ? null : s.kind === 'bot' ? s.level : s.standIn;
}

/** A new person's name at the table: a number after it if someone there has it already. */
export function freeName(seats: readonly TableSeat[], name: string): string {
  const taken = new Set(seats.flatMap((x) => (x.kind === 'open' ? [] : [x.name])));
  let out = name;
  for (let k = 2; taken.has(out); k++) out = `${name} ${k}`;
  return out;
}

/** The seats with `seat` changed by `fn`. */
export function withSeat(seats: readonly TableSeat[], seat: Seat, fn: (s: TableSeat) => TableSeat): TableSeat[] {
  return seats.map((s, i) => (i === seat ? fn(s) : s));
}

/**
 * The seats as clients see them; `connected` says whether a person has a
 * connection now, `awayUntil` when the computer takes over from one who
 * dropped (undefined: not known here).
 */
export function seatInfo(seats: readonly TableSeat[], connected: (playerId: string) => boolean, awayUntil: (playerId: string) => number | undefined = () => undefined): SeatInfo[] {
  return seats.map((s): SeatInfo => {
    if (s.kind === 'open') return { kind: 'open', name: null, level: null, connected: false, standIn: false };
    if (s.kind === 'bot') return { kind: 'bot', name: s.name, level: s.level, connected: true, standIn: false };
    const here = connected(s.playerId);
    const until = here || s.standIn !== null ? undefined : awayUntil(s.playerId);
    return { kind: 'human', name: s.name, level: s.standIn, connected: here, standIn: s.standIn !== null, ...(s.avatar ? { avatar: s.avatar } : {}), ...(until !== undefined ? { awayUntil: until } : {}) };
  });
}
