/**
 * A session is a table the page shows: offline (the game worker) or online
 * (the server over socket.io). Both deliver `TableUpdate`s and take actions
 * the same way, so one table component serves both.
 */
import { mergeUpdate, type ActionBody, type CreateTable, type Reply, type TableUpdate } from '@olsen/protocol';
import type { Socket } from 'socket.io-client';
import type { OfflineOptions, WorkerMessage, WorkerReply, WorkerRequest } from './worker-protocol.js';

type AnyReply = Reply<Record<string, unknown>>;

export interface Session {
  readonly kind: 'offline' | 'online';
  readonly code: string;
  subscribe(fn: (u: TableUpdate) => void): () => void;
  act(action: ActionBody, version: number): Promise<AnyReply>;
  rematch(): Promise<AnyReply>;
  /** Deals the next round now (offline; online the server deals after a pause). */
  next(): Promise<AnyReply>;
  close(): void;
}

// ---- the worker (shared by offline play, hints and replays) ----
let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, (r: WorkerReply) => void>();
const progress = new Map<number, (done: number, total: number) => void>();
const updateListeners = new Set<(u: TableUpdate) => void>();

function gameWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./game-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (e: MessageEvent<WorkerMessage>) => {
    const m = e.data;
    if (m.t === 'reply') {
      pending.get(m.id)?.(m.reply);
      pending.delete(m.id);
      progress.delete(m.id);
    } else if (m.t === 'progress') progress.get(m.id)?.(m.done, m.total);
    else for (const f of updateListeners) f(m.update);
  };
  return worker;
}

/** Sends a request to the game worker; `onProgress` hears how far a long one (a review) has got. */
export function ask(req: WorkerRequest, onProgress?: (done: number, total: number) => void): Promise<WorkerReply> {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    if (onProgress) progress.set(id, onProgress);
    gameWorker().postMessage({ id, req });
  });
}

const SAVED = 'olsen.offline';

/** The offline game in progress, kept after every move so a reload or a closed tab does not lose it. */
export interface SavedGame {
  readonly options: OfflineOptions;
  readonly record: unknown;
}

export function savedGame(): SavedGame | null {
  try {
    const raw = localStorage.getItem(SAVED);
    return raw ? (JSON.parse(raw) as SavedGame) : null;
  } catch {
    return null;
  }
}

export const forgetSavedGame = (): void => localStorage.removeItem(SAVED);

/** After each update: keep the game (its record), or forget it once it is over. */
async function keepGame(u: TableUpdate, options: OfflineOptions): Promise<void> {
  if (u.status === 'finished') return forgetSavedGame();
  const r = await ask({ t: 'record' });
  if (r.ok && r.record) localStorage.setItem(SAVED, JSON.stringify({ options, record: r.record } satisfies SavedGame));
}

/** Resumes a kept offline game where it stood. */
export function resumeOffline(saved: SavedGame): Promise<Session | string> {
  return offlineSession(saved.options, { t: 'resume', options: saved.options, record: saved.record });
}

export function startOffline(o: OfflineOptions): Promise<Session | string> {
  return offlineSession(o, { t: 'start', options: o });
}

async function offlineSession(o: OfflineOptions, first: WorkerRequest): Promise<Session | string> {
  // Listen before starting: the worker sends the first state before its reply.
  let last: TableUpdate | null = null;
  const keep = (u: TableUpdate): void => {
    last = u;
    void keepGame(u, o);
  };
  updateListeners.add(keep);
  const r = await ask(first);
  if (!r.ok) {
    updateListeners.delete(keep);
    return r.error.message;
  }
  return {
    kind: 'offline',
    code: 'LOCAL',
    subscribe(fn) {
      updateListeners.add(fn);
      if (last) fn(last);
      return () => updateListeners.delete(fn);
    },
    act: (action, version) => ask({ t: 'act', action, version }),
    rematch: () => ask({ t: 'rematch' }),
    next: () => ask({ t: 'next' }),
    close() {
      updateListeners.delete(keep);
    },
  };
}

// ---- the game to review ----
const KEPT = 'olsen.analyse';

/** What the page reviews when it has no record id: an offline game just finished. */
export interface AnalyseRequest {
  readonly record: unknown;
  readonly seat: number;
  /** The offline game's options (the level of the computer players to play on against). */
  readonly options?: OfflineOptions;
}

/** Keeps a finished offline game for the Analyse page (`#/analyse`), so a reload still finds it. */
export function keepForAnalyse(r: AnalyseRequest): void {
  localStorage.setItem(KEPT, JSON.stringify(r));
}

export function keptForAnalyse(): AnalyseRequest | null {
  try {
    return JSON.parse(localStorage.getItem(KEPT) ?? 'null') as AnalyseRequest | null;
  } catch {
    return null;
  }
}


// ---- the server ----
const TOKEN = 'olsen.token';
const NAME = 'olsen.name';

export const savedName = (): string => localStorage.getItem(NAME) ?? '';

/** The guest token (made on first use), with the player's chosen name. */
export async function guestToken(name?: string): Promise<string> {
  const old = localStorage.getItem(TOKEN);
  const want = name?.trim() || savedName() || 'Gjest';
  if (old && (!name || name.trim() === savedName())) return old;
  const res = await fetch('/api/guest', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(old ? { name: want, token: old } : { name: want }) });
  const body = (await res.json()) as { ok: boolean; token: string; player: { id: string } };
  if (!body.ok) throw new Error('guest');
  localStorage.setItem(TOKEN, body.token);
  localStorage.setItem(NAME, want);
  localStorage.setItem('olsen.id', body.player.id);
  return body.token;
}

export const playerId = (): string | null => localStorage.getItem('olsen.id');

let socket: Socket | null = null;
const tableListeners = new Set<(u: TableUpdate) => void>();
/** Connection state: up or not, the reconnect attempt, and the server's refusal code when it turned the connection away. */
const statusListeners = new Set<(connected: boolean, attempt: number, refused?: string) => void>();
/** The tables this tab follows, and how: after any reconnect each is joined (or watched) again. */
const following = new Map<string, 'join' | 'watch'>();
/** The last whole update of each table on this connection (the base for the next delta). */
const received = new Map<string, TableUpdate>();
let attempt = 0;
/** The server's last refusal of this tab's connection (e.g. over_limit), until it connects. */
let refusedWith: string | null = null;
/** Requests waiting for an answer, told at once if the server refuses the connection. */
const refusals = new Set<(code: string) => void>();

export async function connection(): Promise<Socket> {
  if (socket) return socket;
  const token = await guestToken();
  const { io } = await import('socket.io-client');
  // Reconnect for ever, with backoff up to 5 s: a restart, a network change or a laptop waking up all come back.
  const s = io({ auth: { token }, transports: ['websocket', 'polling'], reconnectionDelay: 500, reconnectionDelayMax: 5000, randomizationFactor: 0.3 });
  socket = s;
  s.on('table', (frame: TableUpdate) => {
    // Frames carry only the log's new entries: add them to what came before; after a gap, ask for the whole table again.
    const u = mergeUpdate(received.get(frame.code), frame);
    if (!u) {
      received.delete(frame.code);
      void s.timeout(10_000).emitWithAck('req', { type: following.get(frame.code) ?? 'watch', code: frame.code }).catch(() => undefined);
      return;
    }
    received.set(u.code, u);
    for (const f of tableListeners) f(u);
  });
  s.on('connect_error', (e: Error & { data?: { code?: string } }) => {
    const code = e.data?.code;
    // A network error has no code: socket.io tries again by itself. A refusal by the server does not retry.
    if (!code) return;
    if (code === 'auth_failed') {
      // The server no longer knows this token (its secret changed): become a guest of the same name again.
      localStorage.removeItem(TOKEN);
      void guestToken()
        .then((fresh) => {
          s.auth = { token: fresh };
          s.connect();
        })
        .catch(() => setTimeout(() => s.connect(), 5000));
      return;
    }
    // Over a limit (too many tabs or connections): say so, and try again in a while.
    refusedWith = code;
    for (const f of [...refusals]) f(code);
    statusListeners.forEach((f) => f(false, attempt, code));
    setTimeout(() => s.connect(), 10_000);
  });
  s.on('connect', () => {
    attempt = 0;
    refusedWith = null;
    // A new connection's first frame of each table is whole.
    received.clear();
    statusListeners.forEach((f) => f(true, 0));
    // A new connection knows nothing of this tab's tables: sit down (or watch) again.
    for (const [code, as] of following) void s.timeout(10_000).emitWithAck('req', { type: as, code }).catch(() => undefined);
  });
  s.io.on('reconnect_attempt', (n: number) => {
    attempt = n;
    statusListeners.forEach((f) => f(false, n));
  });
  s.on('disconnect', (reason: string) => {
    statusListeners.forEach((f) => f(false, attempt));
    // The server closed us (it is stopping, or said bye): socket.io does not retry that by itself.
    if (reason === 'io server disconnect') setTimeout(() => s.connect(), 500);
  });
  return s;
}

export function onConnection(fn: (connected: boolean, attempt: number, refused?: string) => void): () => void {
  statusListeners.add(fn);
  return () => statusListeners.delete(fn);
}

export async function request<T extends object = Record<string, unknown>>(body: Record<string, unknown>): Promise<Reply<T>> {
  const s = await connection();
  const refusal = (code: string): Reply<T> => ({ ok: false, error: { code: code as 'over_limit', message: '' } });
  if (!s.connected && refusedWith) return refusal(refusedWith);
  // Answered by the server, or by its refusal of the connection (which socket.io does not retry), whichever comes first.
  return new Promise<Reply<T>>((resolve) => {
    const refused = (code: string): void => resolve(refusal(code));
    refusals.add(refused);
    s.timeout(10_000)
      .emitWithAck('req', body)
      .then((r) => resolve(r as Reply<T>), () => resolve({ ok: false, error: { code: 'internal', message: 'No answer from the server.' } }))
      .finally(() => refusals.delete(refused));
  });
}

export const createTable = (t: Omit<CreateTable, 'type'>): Promise<Reply<{ code: string }>> => request<{ code: string }>({ type: 'create', ...t });

/** Follows an online table, seated (join) or as a spectator (watch). */
export async function openOnline(code: string, as: 'join' | 'watch'): Promise<Session | Extract<AnyReply, { ok: false }>> {
  // Listen first: the server pushes the table's state before it answers.
  let last: TableUpdate | null = null;
  const keep = (u: TableUpdate): void => {
    if (u.code === code) last = u;
  };
  tableListeners.add(keep);
  const r = await request({ type: as, code });
  if (!r.ok) {
    tableListeners.delete(keep);
    return r;
  }
  // Remembered per table, so that a reload comes back the same way (a spectator as a spectator).
  sessionStorage.setItem(`olsen.as.${code}`, as);
  following.set(code, as);
  return {
    kind: 'online',
    code,
    subscribe(fn) {
      const f = (u: TableUpdate): void => {
        if (u.code === code) fn(u);
      };
      tableListeners.add(f);
      if (last) fn(last);
      return () => tableListeners.delete(f);
    },
    act: (action, version) => request({ type: 'act', code, version, action }),
    rematch: () => request({ type: 'rematch', code }),
    // The server deals the next round after its pause.
    next: async () => ({ ok: true }),
    close() {
      tableListeners.delete(keep);
      following.delete(code);
      received.delete(code);
    },
  };
}

/** How this tab last opened a table: 'join' or 'watch' (null: never). */
export const openedAs = (code: string): 'join' | 'watch' | null => sessionStorage.getItem(`olsen.as.${code}`) as 'join' | 'watch' | null;
