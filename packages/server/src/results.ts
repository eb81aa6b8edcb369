/** A finished game's places, winners and rating update (openskill), apart from the table mechanics. */
import { standingsOf, type AnyGame } from '@olsen/engine';
import { rate, rating } from 'openskill';
import type { StoredSeat } from './ports.js';

export interface SeatResult {
  readonly playerId: string;
  readonly place: number;
  readonly won: boolean;
  /**
   * The person had left and the computer finished the game in their seat (a stand-in held it at the end): the
   * game counts for them as left — never won — and their strength does not move (README, "Games you left").
   */
  readonly left: boolean;
  /** Whose rating the seat's result goes to: the player's, or for a seat the computer finished, its level's. */
  readonly ratedAs: string;
}

/** Per seat: who sat there (a player id, or `bot:<level>`), the place, and whether they won. */
export function seatResults(g: AnyGame, seats: readonly StoredSeat[]): SeatResult[] {
  // The engine's standings: the tie-break hand (H9) and S24's totals included.
  const { places, winners } = standingsOf(g);
  return seats.map((s, i) => {
    const playerId = s.kind === 'human' ? s.playerId : `bot:${s.kind === 'bot' ? s.level : 'open'}`;
    const left = s.kind === 'human' && s.standIn !== null;
    return { playerId, place: places[i], won: winners.includes(i) && !left, left, ratedAs: left ? `bot:${s.standIn}` : playerId };
  });
}

/** New ratings from the current ones: every seat a team of one, ranked by place. */
export function rateGame(seats: readonly SeatResult[], current: Map<string, { mu: number; sigma: number } | null>): Map<string, { mu: number; sigma: number }> {
  const teams = seats.map((s) => {
    const now = current.get(s.ratedAs);
    return [now ? rating(now) : rating()];
  });
  const rated = rate(teams, { rank: seats.map((s) => s.place) });
  const out = new Map<string, { mu: number; sigma: number }>();
  seats.forEach((s, i) => out.set(s.ratedAs, { mu: rated[i][0].mu, sigma: rated[i][0].sigma }));
  return out;
}

/**
 * A rating as people read it: a strength figure that starts at 1,000 for everyone (OpenSkill's conservative
 * estimate, mu − 3·sigma, is 0 then), goes up with wins (more against stronger players) and down with losses,
 * and is never negative. 40 points per unit of the estimate: a steady winner reaches about 1,500–1,800.
 */
export const strengthOf = (ordinal: number): number => Math.max(0, Math.round(1000 + 40 * ordinal));
