/** Messages between the page and the game worker (engine and bots off the main thread). */
import type { AnyView, GameName } from '@olsen/engine';
import type { ComputerMoves, ReviewPage, ReviewPageDecision } from '@olsen/bots';
import type { ActionBody, BotLevel, Reply, TableUpdate, Tempo } from '@olsen/protocol';
import type { Lang } from './i18n.js';

export interface OfflineOptions {
  readonly game: GameName;
  readonly rules: Readonly<Record<string, unknown>>;
  readonly players: number;
  readonly level: BotLevel;
  readonly name: string;
  /** A `medium` bot's think time (ms); the other levels' follow from it (@olsen/table). */
  readonly botDelayMs: number;
  /** How long after a forgotten call the strongest bots catch it (default 1,500 ms: time for the late call). */
  readonly catchDelayMs?: number;
  /** The table's pace (default `normal`): `calm` doubles the think time and gives at least 4 s to call late. */
  readonly tempo?: Tempo;
  readonly seed?: string;
  /** The person's seat (default 0; a game played on from a review keeps the reviewed seat). */
  readonly seat?: number;
  /** "Lær å spille": the first computer player to lay its second-to-last card forgets the call once, so the catch is met. */
  readonly teach?: boolean;
}

export interface ReplayStep {
  readonly view: AnyView;
  /** Every hand at this step (the game is over: nothing is hidden any more). */
  readonly hands: readonly (readonly string[])[];
}

export type WorkerRequest =
  | { readonly t: 'start'; readonly options: OfflineOptions }
  | { readonly t: 'act'; readonly action: ActionBody; readonly version: number }
  | { readonly t: 'rematch' }
  | { readonly t: 'next' }
  | { readonly t: 'resume'; readonly options: OfflineOptions; readonly record: unknown }
  | { readonly t: 'record' }
  | { readonly t: 'hint'; readonly view: AnyView; readonly lang: Lang }
  | { readonly t: 'replay'; readonly record: unknown }
  /** `computerMoves`: the moves the computer made for people (the table runner's marks), which the review does not judge. */
  | { readonly t: 'analyse'; readonly record: unknown; readonly seat: number; readonly lang: Lang; readonly computerMoves?: readonly ComputerMoves[] };

/** A review ready to draw (bots' `reviewPage`); `record` is absent where the page may not have it (the daily deal during its day). */
export type Analysis = ReviewPage;
export type AnalysedDecision = ReviewPageDecision;

export type WorkerReply = Reply<Record<string, unknown>> & { hint?: { action: unknown; reason: string } | null; record?: unknown; computerMoves?: readonly ComputerMoves[]; steps?: ReplayStep[]; analysis?: Analysis };

export type WorkerMessage =
  | { readonly t: 'reply'; readonly id: number; readonly reply: WorkerReply }
  | { readonly t: 'update'; readonly update: TableUpdate }
  /** How far a long request (a review) has got. */
  | { readonly t: 'progress'; readonly id: number; readonly done: number; readonly total: number };
