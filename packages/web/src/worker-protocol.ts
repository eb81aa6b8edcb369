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
  | { readonly t: 'replay'; readonly record: unknown };

export type WorkerReply = Reply<Record<string, unknown>> & { hint?: { action: unknown; reason: string } | null; record?: unknown; steps?: ReplayStep[] };

export type WorkerMessage = { readonly t: 'reply'; readonly id: number; readonly reply: WorkerReply } | { readonly t: 'update'; readonly update: TableUpdate };
