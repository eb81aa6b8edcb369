/**
 * One face over both game families, for code that runs any game without
 * caring which (the server's tables, the web app's worker): start, act,
 * views, round changes, outcome and record. The families' own modules stay
 * the reference; this file only dispatches on `game.game`.
 */
import { apply, catchActions, createGame, legalActions, nextRound, phaseOf, toMove, type Action, type Game, type GameError } from './game.js';
import { applyHearts, createHeartsGame, heartsOutcome, heartsStandings, heartsToMove, heartsViewFor, nextHeartsRound, type HeartsAction, type HeartsGame, type HeartsView } from './hearts/game.js';
import { HP_GAME_OVER, HP_HAND_OVER, HP_PASS } from './hearts/sim.js';
import { makeRecord, type GameRecord, type VerifyResult } from './record.js';
import { outcome, standings } from './game.js';
import type { Standings } from './standings.js';
import type { GameName } from './rules.js';
import type { Result, Seat } from './types.js';
import { viewFor, type PlayerView } from './view.js';

export type AnyGame = Game | HeartsGame;
export type AnyAction = Action | HeartsAction;
export type AnyView = PlayerView | HeartsView;

/** Where a game stands: someone has to act, a round (hand) is over, or the game is. */
export type Stage = 'playing' | 'roundOver' | 'gameOver';

export const isHeartsGame = (g: AnyGame): g is HeartsGame => g.game === 'olsen-dk';
export const isHeartsView = (v: AnyView): v is HeartsView => v.game === 'olsen-dk';

export interface StartOptions {
  readonly game: GameName;
  readonly rules?: Readonly<Record<string, unknown>>;
  readonly players: readonly string[];
  readonly seed: string;
}

/** A new game of any family, dealt from the seed (round n from `${seed}/${n}`). */
export function startGame(o: StartOptions): Result<AnyGame, GameError> {
  if (o.game === 'olsen-dk') return createHeartsGame({ rules: o.rules, players: o.players, seed: o.seed });
  return createGame({ game: o.game, rules: o.rules, players: o.players, seed: o.seed });
}

/** Applies an action (checked; the error names the rule). */
export function applyAction(g: AnyGame, action: unknown): Result<AnyGame, GameError> {
  return isHeartsGame(g) ? applyHearts(g, action) : apply(g, action);
}

/** What `seat` may see (null: a spectator). */
export function viewOf(g: AnyGame, seat: Seat | null): AnyView {
  return isHeartsGame(g) ? heartsViewFor(g, seat) : viewFor(g, seat);
}

export function stageOf(g: AnyGame): Stage {
  if (isHeartsGame(g)) {
    const p = g.core[1];
    return p === HP_GAME_OVER ? 'gameOver' : p === HP_HAND_OVER ? 'roundOver' : 'playing';
  }
  const p = phaseOf(g);
  return p === 'gameOver' ? 'gameOver' : p === 'roundOver' ? 'roundOver' : 'playing';
}

/** The seat whose turn it is, or null (between rounds; in Danish Olsen's pass everyone may act). */
export function moverOf(g: AnyGame): Seat | null {
  if (isHeartsGame(g)) return g.core[1] === HP_PASS ? null : heartsToMove(g);
  return toMove(g);
}

/**
 * Every seat that may act now with its legal actions: the player to move,
 * players who may still pass cards (H3), and anyone who may catch a
 * forgotten call (S20).
 */
export function actorsOf(g: AnyGame): Map<Seat, readonly AnyAction[]> {
  const out = new Map<Seat, AnyAction[]>();
  if (stageOf(g) !== 'playing') return out;
  if (isHeartsGame(g)) {
    for (let s = 0; s < g.players.length; s++) {
      const legal = heartsViewFor(g, s).legal;
      if (legal.length > 0) out.set(s, [...legal]);
    }
    return out;
  }
  const mover = toMove(g);
  if (mover !== null) out.set(mover, legalActions(g));
  for (const a of catchActions(g)) {
    const list = out.get(a.seat) ?? [];
    list.push(a);
    out.set(a.seat, list);
  }
  return out;
}

/** Deals the next round (hand) after one has ended. */
export function nextRoundOf(g: AnyGame): Result<AnyGame, GameError> {
  return isHeartsGame(g) ? nextHeartsRound(g) : nextRound(g);
}

/** The result so far, in the shape `olsen verify` prints. */
export function resultOf(g: AnyGame): VerifyResult {
  if (isHeartsGame(g)) return heartsOutcome(g);
  const o = outcome(g);
  return { finished: o.finished, rounds: o.rounds, totals: o.totals, gameWinners: o.gameWinners, toMove: o.toMove };
}

/** Where every seat stands in the game (places, winners, totals): what a table, a terminal or stored results show. */
export const standingsOf = (g: AnyGame): Standings => (isHeartsGame(g) ? heartsStandings(g) : standings(g));

/** The game's record (RECORD.md), replayable with `olsen verify`. */
export const recordOf = (g: AnyGame): GameRecord => makeRecord(g);
