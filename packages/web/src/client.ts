/**
 * The one client object: made once in main.tsx and handed to every page (a
 * Preact context, `useClient`). It owns what the page talks to — HTTP, the
 * server's socket.io connection, the game worker — and what it keeps in the
 * browser's storage, so components draw and ask, and hold none of it.
 *
 * A session is a table the page shows: offline (the game worker) or online
 * (the server over socket.io). Both deliver `TableUpdate`s and take actions
 * the same way, so one table component serves both.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ActionBody, CreateTable, DeviceEntry, ReactionPush, Reply, TableUpdate } from '@olsen/protocol';
import type { Avatar, Reaction } from '@olsen/protocol/avatars';
import type { Socket } from 'socket.io-client';
import type { ComputerMoves } from '@olsen/bots';
import gameWorkerUrl from './game-worker.ts?worker&url';
import type { GameName } from '@olsen/engine';
import type { OfflineOptions, WorkerMessage, WorkerReply, WorkerRequest } from './worker-protocol.js';

type AnyReply = Reply<Record<string, unknown>>;

/** The longest wait between reconnect tries in a connection's first minute without the server (ms), and after it. */
const FAST_RETRY_MS = 600;
const SLOW_RETRY_MS = 5000;

/** Whether a guest token names its device (tokens made before devices were named do not). */
function tokenNamesDevice(token: string): boolean {
  try {
    const body = JSON.parse(atob(token.split('.')[0].replace(/-/g, '+').replace(/_/g, '/'))) as { dev?: unknown };
    return typeof body.dev === 'string';
  } catch {
    return true;
  }
}

export interface Session {
  readonly kind: 'offline' | 'online';
  readonly code: string;
  subscribe(fn: (u: TableUpdate) => void): () => void;
  act(action: ActionBody, version: number): Promise<AnyReply>;
  rematch(): Promise<AnyReply>;
  /** Deals the next round now (offline; online the server deals after a pause). */
  next(): Promise<AnyReply>;
  /** Online: a reaction from the fixed set, shown at the person's seat to the whole table (absent offline). */
  react?(reaction: Reaction): Promise<AnyReply>;
  /** Online: hears the table's reactions (seat and reaction). */
  onReaction?(fn: (seat: number, reaction: Reaction) => void): () => void;
  close(): void;
}

/** The offline game in progress, kept after every move so a reload or a closed tab does not lose it. */
export interface SavedGame {
  readonly options: OfflineOptions;
  readonly record: unknown;
}

/** What the page reviews when it has no record id: an offline game just finished. */
export interface AnalyseRequest {
  readonly record: unknown;
  /** The moves the computer made for people (not judged by the review). */
  readonly computerMoves?: readonly ComputerMoves[];
  readonly seat: number;
  /** The offline game's options (the level of the computer players to play on against). */
  readonly options?: OfflineOptions;
}

/** What the browser keeps, by key: the person's choices and the game in progress. */
const KEYS = { saved: 'olsen.offline', kept: 'olsen.analyse', token: 'olsen.token', name: 'olsen.name', id: 'olsen.id', lang: 'olsen.lang', four: 'olsen.four', sort: 'olsen.sort', setup: 'olsen.setup', callReminded: 'olsen.callReminded', localStats: 'olsen.localStats', avatar: 'olsen.avatar', tokenAvatar: 'olsen.tokenAvatar', sound: 'olsen.sound' } as const;
export type StoredKey = Exclude<keyof typeof KEYS, 'saved' | 'kept' | 'token' | 'id' | 'localStats' | 'avatar' | 'tokenAvatar'>;

/** Games against the computer finished on this device, by game: how many, how many won, the places summed. */
export type LocalStats = Partial<Record<GameName, { readonly games: number; readonly wins: number; readonly places: number }>>;

export interface ClientParts {
  /** Where choices and the game in progress are kept (localStorage), and per-tab facts (sessionStorage). */
  readonly storage: Storage;
  readonly tabStorage: Storage;
  /** The game worker, made when first needed. */
  readonly worker: () => Worker;
  /** Asks for the worker's script at once, at high priority, into the browser's cache (optional). */
  readonly fetchWorker?: () => void;
  /** HTTP (fetch). */
  readonly fetch: typeof fetch;
}

export class Client {
  // ---- the worker (shared by offline play, hints and replays) ----
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, (r: WorkerReply) => void>();
  private readonly progress = new Map<number, (done: number, total: number) => void>();
  private readonly updateListeners = new Set<(u: TableUpdate) => void>();
  // ---- the server ----
  private socket: Socket | null = null;
  private readonly tableListeners = new Set<(u: TableUpdate) => void>();
  private readonly reactionListeners = new Set<(r: ReactionPush) => void>();
  /** Connection state: up or not, the reconnect attempt, and the server's refusal code when it turned the connection away. */
  private readonly statusListeners = new Set<(connected: boolean, attempt: number, refused?: string) => void>();
  /** The tables this tab follows, and how: after any reconnect each is joined (or watched) again. */
  private readonly following = new Map<string, 'join' | 'watch'>();
  /** The last whole update of each table on this connection (the base for the next delta). */
  private readonly received = new Map<string, TableUpdate>();
  private attempt = 0;
  /** The server's last refusal of this tab's connection (e.g. over_limit), until it connects. */
  private refusedWith: string | null = null;
  /** Requests waiting for an answer, told at once if the server refuses the connection. */
  private readonly refusals = new Set<(code: string) => void>();

  /** The page's one AudioContext for the table's sounds, made on the first sound (null: the browser has none). */
  private audioContext: AudioContext | null = null;

  constructor(private readonly parts: ClientParts) {}

  readonly audio = (): AudioContext | null => {
    if (typeof AudioContext === 'undefined') return null;
    return (this.audioContext ??= new AudioContext());
  };

  // ---- storage ----
  /** A kept choice (language, colours, sort, the last setup, the name), or null. */
  readonly pref = (key: StoredKey): string | null => this.parts.storage.getItem(KEYS[key]);
  readonly setPref = (key: StoredKey, value: string): void => this.parts.storage.setItem(KEYS[key], value);

  private readJson<T>(key: string): T | null {
    try {
      return JSON.parse(this.parts.storage.getItem(key) ?? 'null') as T | null;
    } catch {
      return null;
    }
  }

  readonly savedGame = (): SavedGame | null => this.readJson<SavedGame>(KEYS.saved);
  readonly forgetSavedGame = (): void => this.parts.storage.removeItem(KEYS.saved);
  /** Keeps a finished offline game for the Analyse page (`#/analyse`), so a reload still finds it. */
  readonly keepForAnalyse = (r: AnalyseRequest): void => this.parts.storage.setItem(KEYS.kept, JSON.stringify(r));
  readonly keptForAnalyse = (): AnalyseRequest | null => this.readJson<AnalyseRequest>(KEYS.kept);
  readonly savedName = (): string => this.parts.storage.getItem(KEYS.name) ?? '';
  /** Sets the name the person plays under: kept on the device, and in a new token when the server answers. */
  readonly setName = async (name: string): Promise<void> => {
    const clean = name.trim();
    if (!clean) return;
    this.parts.storage.setItem(KEYS.name, clean);
    if (this.parts.storage.getItem(KEYS.token)) await this.guestToken(clean, true).catch(() => undefined);
  };
  /** The face and colour chosen for the seats, or null. */
  readonly avatar = (): Avatar | null => {
    // Only the profile page's picker writes it; the server checks it against its lists (a stale one is dropped).
    const a = this.readJson<Partial<Avatar>>(KEYS.avatar);
    return a && typeof a.face === 'string' && typeof a.color === 'string' ? (a as Avatar) : null;
  };
  /** Chooses the avatar: the next guest token carries it (the same player id), so the next seat shows it. */
  readonly setAvatar = async (a: Avatar): Promise<void> => {
    this.parts.storage.setItem(KEYS.avatar, JSON.stringify(a));
    if (this.parts.storage.getItem(KEYS.token)) await this.guestToken(this.savedName() || undefined, true);
    // An open connection was made with the old token: the next one uses the new.
    if (this.socket) {
      const fresh = this.parts.storage.getItem(KEYS.token);
      this.socket.auth = { token: fresh };
      this.socket.disconnect().connect();
    }
  };
  readonly playerId = (): string | null => this.parts.storage.getItem(KEYS.id);
  /** Whether this browser is a guest of the server already. */
  readonly hasToken = (): boolean => this.parts.storage.getItem(KEYS.token) !== null;
  /** How this tab last opened a table: 'join' or 'watch' (null: never). */
  readonly openedAs = (code: string): 'join' | 'watch' | null => this.parts.tabStorage.getItem(`olsen.as.${code}`) as 'join' | 'watch' | null;

  // ---- HTTP ----
  /**
   * The server's JSON answer (null when it cannot be reached, does not answer
   * JSON, or — unless `anyStatus` — answers with an error status).
   */
  readonly getJson = async <T>(path: string, init?: RequestInit, anyStatus = false): Promise<T | null> => {
    try {
      const r = await this.parts.fetch(path, init);
      return r.ok || anyStatus ? ((await r.json()) as T) : null;
    } catch {
      return null;
    }
  };

  /** The same as the guest: with the token (made first if need be); a refusal's JSON too (`{ ok: false, error }`). */
  readonly getJsonAsGuest = async <T>(path: string, init: RequestInit = {}): Promise<T | null> =>
    this.getJson<T>(path, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${await this.guestToken()}` } }, true);

  /** The moves the computer made for people in a finished game (none when the server does not say). */
  readonly computerMoves = async (id: string): Promise<readonly ComputerMoves[]> => {
    try {
      const r = await this.parts.fetch(`/api/games/${encodeURIComponent(id)}/computer-moves`);
      return r.ok ? ((await r.json()) as { computerMoves: ComputerMoves[] }).computerMoves : [];
    } catch {
      return [];
    }
  };

  /** A finished game's record, with the answer's status (403: a daily deal's during its day; 0: no answer). */
  readonly record = async (id: string): Promise<{ readonly status: number; readonly record: unknown }> => {
    try {
      const r = await this.parts.fetch(`/api/games/${encodeURIComponent(id)}/record`);
      return { status: r.status, record: r.ok ? ((await r.json()) as unknown) : null };
    } catch {
      return { status: 0, record: null };
    }
  };

  // ---- the worker ----
  /** Starts fetching the game worker (the engine and the bots) now, before a game needs it. */
  readonly warmUp = (): void => {
    if (!this.worker) this.parts.fetchWorker?.();
    this.gameWorker();
  };

  private gameWorker(): Worker {
    if (this.worker) return this.worker;
    const w = this.parts.worker();
    this.worker = w;
    w.onmessage = (e: MessageEvent<WorkerMessage>) => {
      const m = e.data;
      if (m.t === 'reply') {
        this.pending.get(m.id)?.(m.reply);
        this.pending.delete(m.id);
        this.progress.delete(m.id);
      } else if (m.t === 'progress') this.progress.get(m.id)?.(m.done, m.total);
      else for (const f of this.updateListeners) f(m.update);
    };
    return w;
  }

  /** Sends a request to the game worker; `onProgress` hears how far a long one (a review) has got. */
  readonly ask = (req: WorkerRequest, onProgress?: (done: number, total: number) => void): Promise<WorkerReply> => {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      if (onProgress) this.progress.set(id, onProgress);
      this.gameWorker().postMessage({ id, req });
    });
  };

  /** The games against the computer finished on this device (offline ones included), by game. */
  readonly localStats = (): LocalStats => this.readJson<LocalStats>(KEYS.localStats) ?? {};

  /** Counts a finished game against the computer: the person's place and whether they won, from the engine's standings. */
  private countGame(u: TableUpdate): void {
    const v = u.view;
    if (!v || u.you === null) return;
    const all = this.localStats();
    const was = all[u.game] ?? { games: 0, wins: 0, places: 0 };
    const won = v.standings.winners.includes(u.you);
    this.parts.storage.setItem(KEYS.localStats, JSON.stringify({ ...all, [u.game]: { games: was.games + 1, wins: was.wins + (won ? 1 : 0), places: was.places + (v.standings.places[u.you] ?? 0) } }));
  }

  /** After each update: keep the game (its record), or forget it once it is over. */
  private async keepGame(u: TableUpdate, options: OfflineOptions): Promise<void> {
    if (u.status === 'finished') return this.forgetSavedGame();
    const r = await this.ask({ t: 'record' });
    if (r.ok && r.record) this.parts.storage.setItem(KEYS.saved, JSON.stringify({ options, record: r.record } satisfies SavedGame));
  }

  /** Resumes a kept offline game where it stood. */
  readonly resumeOffline = (saved: SavedGame): Promise<Session | string> => this.offlineSession(saved.options, { t: 'resume', options: saved.options, record: saved.record });

  readonly startOffline = (o: OfflineOptions): Promise<Session | string> => this.offlineSession(o, { t: 'start', options: o });

  /** A game begun from a record's deal (a lesson's scripted deal): played on from there like any offline game. */
  readonly startFrom = (o: OfflineOptions, record: unknown): Promise<Session | string> => this.offlineSession(o, { t: 'resume', options: o, record });

  private async offlineSession(o: OfflineOptions, first: WorkerRequest): Promise<Session | string> {
    // Listen before starting: the worker sends the first state before its reply.
    let last: TableUpdate | null = null;
    // Each game of this session counted once, when it ends (a rematch is the next game number).
    const counted = new Set<number>();
    const keep = (u: TableUpdate): void => {
      last = u;
      if (u.status === 'finished' && !counted.has(u.gameNo)) {
        counted.add(u.gameNo);
        this.countGame(u);
      }
      void this.keepGame(u, o);
    };
    this.updateListeners.add(keep);
    const r = await this.ask(first);
    if (!r.ok) {
      this.updateListeners.delete(keep);
      return r.error.message;
    }
    const listeners = this.updateListeners;
    return {
      kind: 'offline',
      code: 'LOCAL',
      subscribe(fn) {
        listeners.add(fn);
        if (last) fn(last);
        return () => listeners.delete(fn);
      },
      act: (action, version) => this.ask({ t: 'act', action, version }),
      rematch: () => this.ask({ t: 'rematch' }),
      next: () => this.ask({ t: 'next' }),
      close() {
        listeners.delete(keep);
      },
    };
  }

  // ---- the server ----
  /** The guest token (made on first use), with the player's chosen name. */
  readonly guestToken = async (name?: string, refresh = false): Promise<string> => {
    const store = this.parts.storage;
    const old = store.getItem(KEYS.token);
    const want = name?.trim() || this.savedName() || 'Gjest';
    const avatar = store.getItem(KEYS.avatar);
    const fresh = store.getItem(KEYS.tokenAvatar) === avatar;
    if (old && !refresh && fresh && (!name || name.trim() === this.savedName())) return old;
    const a = this.avatar();
    const ask = (avatar: Avatar | null): Promise<Response> =>
      this.parts.fetch('/api/guest', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: want, ...(old ? { token: old } : {}), ...(avatar ? { avatar } : {}) }) });
    let res = await ask(a);
    if (res.status === 400 && a) {
      // An avatar this server does not know (an older list): the name and id matter more; the avatar is dropped.
      store.removeItem(KEYS.avatar);
      res = await ask(null);
    }
    const body = (await res.json()) as { ok: boolean; token: string; player: { id: string } };
    if (!body.ok) throw new Error('guest');
    store.setItem(KEYS.token, body.token);
    store.setItem(KEYS.name, want);
    store.setItem(KEYS.id, body.player.id);
    if (avatar) store.setItem(KEYS.tokenAvatar, avatar);
    return body.token;
  };

  /** The devices this profile is on (the profile page), the one asking marked; null offline or without a profile yet. */
  readonly devices = async (): Promise<readonly DeviceEntry[] | null> => {
    let token = this.parts.storage.getItem(KEYS.token);
    if (!token) return null;
    try {
      // A token from before devices were named: renewed once (same player, same name), so this device is listed.
      if (!tokenNamesDevice(token)) token = await this.guestToken(undefined, true);
      const r = await this.parts.fetch('/api/profile/devices', { headers: { authorization: `Bearer ${token}` } });
      const body = (await r.json()) as { ok: boolean; devices: DeviceEntry[] };
      return body.ok ? body.devices : null;
    } catch {
      return null;
    }
  };

  /** Signs another device out of this profile: true when done. */
  readonly signOutDevice = async (id: string): Promise<boolean> => {
    const token = this.parts.storage.getItem(KEYS.token);
    if (!token) return false;
    try {
      const r = await this.parts.fetch(`/api/profile/devices/${encodeURIComponent(id)}/sign-out`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' });
      return r.ok;
    } catch {
      return false;
    }
  };

  /** A one-time code that moves this profile (and the device's own statistics) to another device; null offline. */
  readonly makeProfileCode = async (): Promise<{ code: string; expiresAt: number } | null> => {
    try {
      const token = await this.guestToken();
      const r = await this.parts.fetch('/api/profile/code', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ local: this.localStats() }) });
      const body = (await r.json()) as { ok: boolean; code: string; expiresAt: number };
      return body.ok ? { code: body.code, expiresAt: body.expiresAt } : null;
    } catch {
      return null;
    }
  };

  /**
   * Takes the profile a code names: this device becomes the same player (name, avatar, statistics, tables), and
   * the other device's games against the computer are added to this one's. 'bad' for a code that names nothing,
   * 'offline' when the server does not answer.
   */
  readonly useProfileCode = async (code: string): Promise<{ name: string } | 'bad' | 'offline'> => {
    let r: Response;
    try {
      r = await this.parts.fetch('/api/profile/redeem', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
    } catch {
      return 'offline';
    }
    const body = (await r.json().catch(() => null)) as { ok: boolean; token: string; player: { id: string; name: string; avatar?: Avatar }; local: unknown } | null;
    if (!body?.ok) return r.status >= 500 ? 'offline' : 'bad';
    const store = this.parts.storage;
    store.setItem(KEYS.token, body.token);
    store.setItem(KEYS.name, body.player.name);
    store.setItem(KEYS.id, body.player.id);
    if (body.player.avatar) {
      const a = JSON.stringify(body.player.avatar);
      store.setItem(KEYS.avatar, a);
      store.setItem(KEYS.tokenAvatar, a);
    }
    // The other device's games against the computer join this one's, game by game.
    const mine = this.localStats();
    const theirs = (typeof body.local === 'object' && body.local !== null ? body.local : {}) as LocalStats;
    const merged: Record<string, { games: number; wins: number; places: number }> = { ...mine };
    for (const [game, s] of Object.entries(theirs)) {
      if (!s || ![s.games, s.wins, s.places].every((x) => Number.isInteger(x) && x >= 0)) continue;
      const m = merged[game] ?? { games: 0, wins: 0, places: 0 };
      merged[game] = { games: m.games + s.games, wins: m.wins + s.wins, places: m.places + s.places };
    }
    store.setItem(KEYS.localStats, JSON.stringify(merged));
    // A connection made with the old token follows the old player: the next one is this player's.
    this.socket?.disconnect();
    this.socket = null;
    return { name: body.player.name };
  };

  // ---- notifications (turn-based tables) ----
  /** Whether this browser can be told of its turn by a push (a service worker with a push manager, notifications). */
  readonly canPush = (): boolean => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined' && typeof Notification !== 'undefined';

  /** This device's push subscription, if it has one. */
  readonly pushSubscription = async (): Promise<PushSubscription | null> => {
    if (!this.canPush()) return null;
    const reg = await navigator.serviceWorker.getRegistration();
    return (await reg?.pushManager.getSubscription()) ?? null;
  };

  /**
   * Turns this device's "Din tur" notifications on (asks the browser's permission, subscribes with the server's
   * key, hands the subscription to the server) or off. 'denied': the person or the browser said no; 'offline': no
   * server; 'unsupported': no push in this browser (or no secure origin).
   */
  readonly setPush = async (on: boolean, lang: string): Promise<'on' | 'off' | 'denied' | 'offline' | 'unsupported'> => {
    if (!this.canPush()) return 'unsupported';
    const reg = await navigator.serviceWorker.ready;
    const token = await this.guestToken().catch(() => null);
    if (!token) return 'offline';
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    if (!on) {
      const sub = await reg.pushManager.getSubscription();
      if (sub) {
        await this.parts.fetch('/api/push/unsubscribe', { method: 'POST', headers, body: JSON.stringify({ endpoint: sub.endpoint }) }).catch(() => undefined);
        await sub.unsubscribe();
      }
      return 'off';
    }
    if ((await Notification.requestPermission()) !== 'granted') return 'denied';
    const key = await this.getJson<{ publicKey: string }>('/api/push/key');
    if (!key) return 'offline';
    const raw = Uint8Array.from(atob(key.publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: raw }));
    const r = await this.parts.fetch('/api/push/subscribe', { method: 'POST', headers, body: JSON.stringify({ ...sub.toJSON(), lang }) }).catch(() => null);
    return r?.ok ? 'on' : 'offline';
  };

  /** Tells the server whether this page's tables are in view (a hidden tab's person is told by a push). */
  private tellLook(s: Socket): void {
    const visible = typeof document === 'undefined' || document.visibilityState === 'visible';
    for (const [code, as] of this.following) if (as === 'join') void s.timeout(10_000).emitWithAck('req', { type: 'look', code, visible }).catch(() => undefined);
  }

  readonly connection = async (): Promise<Socket> => {
    if (this.socket) return this.socket;
    const token = await this.guestToken();
    // socket.io and the protocol's frame merging come with the first online table, not in the first page. Both are
    // fetched at once; the protocol's import is destructured where it is awaited so the bundler takes only
    // `mergeUpdate` from it (not the schemas and their library).
    const socketIo = import('socket.io-client');
    const { mergeUpdate } = await import('@olsen/protocol');
    const { io } = await socketIo;
    if (this.socket) return this.socket;
    // Reconnect for ever: every 0.25–0.75 s for the first minute, so a tab is back within a second of a restarted
    // server answering (a try is a refused TCP connection while it is down: cheap for both sides); after that minute
    // (a laptop asleep, a phone out of reach) every few seconds.
    // WebSocket only: the server serves no long polling (packages/server/src/transport.ts).
    const s = io({ auth: { token }, transports: ['websocket'], reconnectionDelay: FAST_RETRY_MS / 2, reconnectionDelayMax: FAST_RETRY_MS, randomizationFactor: 0.25 });
    this.socket = s;
    s.on('table', (frame: TableUpdate) => {
      // Frames carry only the log's new entries: add them to what came before; after a gap, ask for the whole table again.
      const u = mergeUpdate(this.received.get(frame.code), frame);
      if (!u) {
        this.received.delete(frame.code);
        void s.timeout(10_000).emitWithAck('req', { type: this.following.get(frame.code) ?? 'watch', code: frame.code }).catch(() => undefined);
        return;
      }
      this.received.set(u.code, u);
      for (const f of this.tableListeners) f(u);
    });
    s.on('reaction', (r: ReactionPush) => {
      for (const f of this.reactionListeners) f(r);
    });
    s.on('connect_error', (e: Error & { data?: { code?: string } }) => {
      const code = e.data?.code;
      // A network error has no code: socket.io tries again by itself. A refusal by the server does not retry.
      if (!code) return;
      if (code === 'auth_failed') {
        // The server no longer knows this token (its secret changed): become a guest of the same name again.
        this.parts.storage.removeItem(KEYS.token);
        void this.guestToken()
          .then((fresh) => {
            s.auth = { token: fresh };
            s.connect();
          })
          .catch(() => setTimeout(() => s.connect(), 5000));
        return;
      }
      // Over a limit (too many tabs or connections): say so, and try again in a while.
      this.refusedWith = code;
      for (const f of [...this.refusals]) f(code);
      this.statusListeners.forEach((f) => f(false, this.attempt, code));
      setTimeout(() => s.connect(), 10_000);
    });
    s.on('connect', () => {
      this.attempt = 0;
      this.refusedWith = null;
      s.io.reconnectionDelayMax(FAST_RETRY_MS);
      // A new connection's first frame of each table is whole.
      this.received.clear();
      // A new connection knows nothing of this tab's tables: sit down (or watch) again. The page hears it is
      // connected once each table's fresh frame is here (the server sends it before its answer): until then the
      // tables keep what they showed, with nothing offered to do.
      const again = [...this.following].map(([code, as]) => s.timeout(10_000).emitWithAck('req', { type: as, code }).catch(() => undefined));
      void Promise.all(again).then(() => {
        if (s.connected) this.statusListeners.forEach((f) => f(true, 0));
        this.tellLook(s);
      });
    });
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', () => s.connected && this.tellLook(s));
    s.io.on('reconnect_attempt', (n: number) => {
      this.attempt = n;
      // A minute of quick tries without an answer: the server is not just restarting; try every few seconds.
      if (n * FAST_RETRY_MS * 0.8 > 60_000) s.io.reconnectionDelayMax(SLOW_RETRY_MS);
      this.statusListeners.forEach((f) => f(false, n));
    });
    s.on('disconnect', (reason: string) => {
      this.statusListeners.forEach((f) => f(false, this.attempt));
      // The server closed us (it is stopping, or said bye): socket.io does not retry that by itself.
      if (reason === 'io server disconnect') setTimeout(() => s.connect(), FAST_RETRY_MS / 2);
    });
    return s;
  };

  readonly onConnection = (fn: (connected: boolean, attempt: number, refused?: string) => void): (() => void) => {
    this.statusListeners.add(fn);
    return () => this.statusListeners.delete(fn);
  };

  readonly request = async <T extends object = Record<string, unknown>>(body: Record<string, unknown>): Promise<Reply<T>> => {
    const s = await this.connection();
    const refusal = (code: string): Reply<T> => ({ ok: false, error: { code: code as 'over_limit', message: '' } });
    if (!s.connected && this.refusedWith) return refusal(this.refusedWith);
    // Answered by the server, or by its refusal of the connection (which socket.io does not retry), whichever comes first.
    return new Promise<Reply<T>>((resolve) => {
      const refused = (code: string): void => resolve(refusal(code));
      this.refusals.add(refused);
      s.timeout(10_000)
        .emitWithAck('req', body)
        .then((r) => resolve(r as Reply<T>), () => resolve({ ok: false, error: { code: 'internal', message: 'No answer from the server.' } }))
        .finally(() => this.refusals.delete(refused));
    });
  };

  readonly createTable = (t: Omit<CreateTable, 'type'>): Promise<Reply<{ code: string }>> => this.request<{ code: string }>({ type: 'create', ...t });

  /** Follows an online table, seated (join) or as a spectator (watch). */
  readonly openOnline = async (code: string, as: 'join' | 'watch'): Promise<Session | Extract<AnyReply, { ok: false }>> => {
    // Listen first: the server pushes the table's state before it answers.
    let last: TableUpdate | null = null;
    const keep = (u: TableUpdate): void => {
      if (u.code === code) last = u;
    };
    this.tableListeners.add(keep);
    const r = await this.request({ type: as, code });
    if (!r.ok) {
      this.tableListeners.delete(keep);
      return r;
    }
    // Remembered per table, so that a reload comes back the same way (a spectator as a spectator).
    this.parts.tabStorage.setItem(`olsen.as.${code}`, as);
    this.following.set(code, as);
    if (this.socket?.connected) this.tellLook(this.socket);
    const listeners = this.tableListeners;
    return {
      kind: 'online',
      code,
      subscribe(fn) {
        const f = (u: TableUpdate): void => {
          if (u.code === code) fn(u);
        };
        listeners.add(f);
        if (last) fn(last);
        return () => listeners.delete(f);
      },
      act: (action, version) => this.request({ type: 'act', code, version, action }),
      rematch: () => this.request({ type: 'rematch', code }),
      react: (reaction) => this.request({ type: 'react', code, reaction }),
      onReaction: (fn) => {
        const f = (r: ReactionPush): void => {
          if (r.code === code) fn(r.seat, r.reaction);
        };
        this.reactionListeners.add(f);
        return () => this.reactionListeners.delete(f);
      },
      // The server deals the next round after its pause.
      next: async () => ({ ok: true }),
      close: () => {
        this.tableListeners.delete(keep);
        this.following.delete(code);
        this.received.delete(code);
      },
    };
  };
}

/** The browser's client: its storage, the game worker of this build, and fetch. */
export function browserClient(): Client {
  // Before it shows a push, the service worker asks each page in view whether it shows that table (push-sw.js):
  // a person looking at it (through another server process, which sent the push) is not told again.
  navigator.serviceWorker?.addEventListener('message', (e: MessageEvent<{ type?: string; url?: string }>) => {
    if (e.data?.type !== 'olsen-looking' || !e.ports[0]) return;
    e.ports[0].postMessage(document.visibilityState === 'visible' && new URL(e.data.url ?? '/', location.origin).hash === location.hash);
  });
  navigator.serviceWorker?.startMessages();
  return new Client({
    storage: localStorage,
    tabStorage: sessionStorage,
    worker: () => new Worker(gameWorkerUrl, { type: 'module' }),
    // A worker's script is a low-priority request, and Chromium holds it back on HTTP/1.1 while the page's chunks
    // load (measured: asked for at 0.46 s, sent at 0.63 s). Asked for here at high priority, it travels with them
    // and the worker finds it in the cache (the assets are immutable).
    fetchWorker: () => void fetch(gameWorkerUrl, { priority: 'high' } as RequestInit).then((r) => r.arrayBuffer()).catch(() => undefined),
    fetch: (input, init) => fetch(input, init),
  });
}

/** The page's client, from main.tsx. */
export const ClientContext = createContext<Client | null>(null);

export function useClient(): Client {
  const c = useContext(ClientContext);
  if (!c) throw new Error('useClient outside the app');
  return c;
}
