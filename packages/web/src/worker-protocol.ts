/** Messages between the page and the game worker (engine and bots off the main thread). */
import type { AnyView, GameName } from '@olsen/engine';
import type { ActionBody, BotLevel, Reply, TableUpdate } from '@olsen/protocol';
import type { Lang } from './i18n.js';

export interface OfflineOptions {
  readonly game: GameName;
  readonly rules: Readonly<Record<string, unknown>>;
  readonly players: number;
  readonly level: BotLevel;
  readonly name: string;
  readonly botDelayMs: number;
  readonly seed?: string;
  /** The person's seat (default 0; a game played on from a review keeps the reviewed seat). */
  readonly seat?: number;
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
  | { readonly t: 'analyse'; readonly record: unknown; readonly seat: number; readonly lang: Lang };

/** One decision of the review as the page shows it: the figures, the words, the seat's view then. */
export interface AnalysedDecision {
  readonly step: number;
  readonly round: number;
  readonly index: number;
  readonly mistake: boolean;
  readonly text: string;
  readonly options: readonly { readonly words: string; readonly mean: number; readonly se: number; readonly chosen: boolean; readonly best: boolean }[];
  /** The table as the seat saw it before the move. */
  readonly view: AnyView;
}

/** A game's review for one seat (bots' `reviewRecord`), ready to draw. */
export interface Analysis {
  readonly game: GameName;
  readonly seat: number;
  readonly players: readonly string[];
  readonly measure: 'win' | 'points';
  readonly worlds: number;
  /** Steps of the replay (deals and actions). */
  readonly steps: number;
  readonly swing: readonly { readonly step: number; readonly round: number; readonly value: number }[];
  readonly decisions: readonly AnalysedDecision[];
}

export type WorkerReply = Reply<Record<string, unknown>> & { hint?: { action: unknown; reason: string } | null; record?: unknown; steps?: ReplayStep[]; analysis?: Analysis };

export type WorkerMessage =
  | { readonly t: 'reply'; readonly id: number; readonly reply: WorkerReply }
  | { readonly t: 'update'; readonly update: TableUpdate }
  /** How far a long request (a review) has got. */
  | { readonly t: 'progress'; readonly id: number; readonly done: number; readonly total: number };
