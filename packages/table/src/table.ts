/**
 * The table runner: one game at one table, driven the same way wherever it
 * runs (the server, the web app's worker, the terminal, the tournament and
 * the benches). It holds the seats and the game, decides who acts next and
 * when (a bot's think time, the catch window, the turn timer, the pause
 * before the next deal), checks a person's move against the table (their
 * seat, the game's version), marks the moves the computer made for a person,
 * asks every person before a rematch, and makes each seat's frame.
 *
 * What differs between hosts comes in as ports: the clock, where timed
 * steps are kept (timers in a page, a job queue shared by the server's
 * processes, a virtual clock in the terminal), where moves are written
 * before they count (the server's store; memory elsewhere) and where bots
 * think (worker threads on the server). Every step carries the game's
 * version: one that fires after the table moved on does nothing, so a host
 * never has to cancel a step to stay correct.
 */
import { isCall, isCatch, actorsOf, applyAction, moverOf, nextRoundOf, progressOf, stageOf, startGame, viewOf, type AnyAction, type AnyGame, type AnyView, type GameName, type Result, type Seat } from '@olsen/engine';
import { seedFromString } from '@olsen/engine/sim';
import type { ComputerMoves, Level } from '@olsen/bots';
import { chooseQuick, slip } from '@olsen/bots/quick';
import { gameErrorReply, type ErrorCode, type ErrorReply, type SeatInfo, type TableStatus, type TableUpdate } from '@olsen/protocol';
import type { Pace } from './pace.js';
import { computerFor, fillSeats, seatNames, withSeat, type TableSeat } from './seats.js';

/** Who made a move for a person: the turn timer ran out, or a computer player stood in after they left. */
export type Mark = 'timer' | 'standIn';

/**
 * A move as written to the log: an action (marked when the computer made it for a person), or the next deal;
 * `at` (ms since the epoch) on a turn-based table's moves: when the next turn began.
 */
export type Move = { readonly action: unknown; readonly by?: Mark; readonly at?: number } | { readonly next: true; readonly at?: number };

/** A timed step, made for one version of one game: a bot (or stand-in) acts, the turn timer plays, the next deal, or nobody is here. */
export type Step =
  | { readonly kind: 'bot'; readonly gameNo: number; readonly version: number; readonly seat: Seat; readonly level: Level }
  | { readonly kind: 'turn'; readonly gameNo: number; readonly version: number; readonly seat: Seat; readonly level: Level }
  | { readonly kind: 'round'; readonly gameNo: number; readonly version: number }
  | { readonly kind: 'idle'; readonly gameNo: number; readonly version: number };

/** A bot's question and answer (the answer carries the bot's dice after it). */
export interface BotRequest {
  readonly level: Level;
  readonly view: AnyView;
  readonly rng: Int32Array;
  /** Scores jittered by the dice (the daily deal: a line scouted at one table is not replayed at another). */
  readonly varied: boolean;
}
export interface BotAnswer {
  readonly action: AnyAction;
  readonly rng: Int32Array;
}

export interface TablePorts {
  readonly pace: Pace;
  /** Now, in ms (default Date.now). */
  readonly now?: () => number;
  /** Keeps a timed step for `ms` (replacing nothing: `cancel` drops the table's earlier steps). Default: none kept. */
  readonly schedule?: (step: Step, ms: number) => void;
  readonly cancel?: () => void;
  /**
   * Writes a move at slot `seq` of game `gameNo` before it counts; false if
   * the write failed (the move is then not made). It may throw (a lost race
   * between processes): the error reaches the host's caller.
   */
  readonly write?: (move: Move, seq: number, gameNo: number) => boolean | Promise<boolean>;
  /**
   * Where bots think (default: here, at once, the habit levels only: a host
   * that seats `hard` or `expert` brings its search, as `VirtualTable` and the
   * server do, so a page's first game carries none of it).
   */
  readonly decide?: (req: BotRequest) => BotAnswer | Promise<BotAnswer>;
  /** Whether a person is at the table (default: yes); with nobody here the bots wait. */
  readonly present?: () => boolean;
  /** The most moves one round may have (the server's bound); default none. */
  readonly maxRoundActions?: number;
  /** How long a game nobody follows waits before an `idle` step (ms); default: no such step. */
  readonly idleMs?: number;
  /** Where the moves made and refused are counted (a host's metrics over many tables); default the table's own. */
  readonly counters?: { actions: number; rejected: number };
  /** When the current turn began (ms since the epoch; a turn-based table's last move, kept across restarts); default now. */
  readonly turnSince?: () => number | null;
}

export interface TableConfig {
  readonly game: GameName;
  readonly rules: Readonly<Record<string, unknown>>;
  seats: readonly TableSeat[];
  /** The current game's number (1 for the first) and its deal's seed. */
  gameNo: number;
  seed: string;
  /** Seconds a person has for a move before the timer plays it (null: no timer). */
  readonly turnSeconds: number | null;
  /** The level of the computer players that fill open seats and stand in for people who leave. */
  readonly fillLevel: Level;
  /** The bots' dice seed (default: the deal's seed); the daily deal's entries each have their own. */
  readonly botSeed?: string;
  /** The bots vary their play (the daily deal). */
  readonly varied?: boolean;
  /**
   * Played over days ("Spill over tid"): the bots and the turn timer go on
   * with nobody at the table, and the turn's clock runs from `turnSince`
   * (a restart does not give the person more time).
   */
  readonly turnBased?: boolean;
}

/** A habit level's move, here and at once (the runner's default); a search level needs the host's `decide`. */
function quickAction(req: BotRequest): AnyAction {
  const c = chooseQuick(req.level, req.view, req.rng, req.varied);
  if (!c) throw new Error(`A ${req.level} computer player needs the host's search (TablePorts.decide).`);
  return c.action;
}

export type Outcome<T extends object = object> = ({ ok: true } & T) | ErrorReply;

export const fail = (code: ErrorCode, message: string, extra: { rule?: string | null } = {}): ErrorReply => ({ ok: false, error: { code, message, ...extra } });

/** What a host adds to a frame: the table's code and who is here. */
export interface FrameBase {
  readonly code: string;
  readonly seats: readonly SeatInfo[];
  readonly host: number;
  readonly spectators: number;
  readonly recordId: string | null;
  readonly daily?: true;
  /** The daily deal during its day: the hands laid down at a round's end stay hidden but the seat's own. */
  readonly hideHands?: boolean;
}

export class Table {
  game: AnyGame | null = null;
  /** Moves written for the current game (the next move's slot). */
  seq = 0;
  /** When the person to move runs out of time, and when the next round is dealt (ms since the epoch), or null. */
  deadline: number | null = null;
  nextRoundAt: number | null = null;
  /** While a forgotten call is open (S20): when a computer player acts next (it may catch, or its move closes the chance). */
  catchBy: number | null = null;
  /** The seat whose turn `deadline` times, or null. */
  deadlineSeat: Seat | null = null;
  /** No person is here (or the round is at its bound): the bots wait. */
  paused = false;
  /** The bots' dice. */
  readonly bots = new Int32Array(6);
  /** Who asked for a rematch after game `gameNo` (every person must; bots always agree). */
  private rematch: { gameNo: number; ids: Set<string> } = { gameNo: -1, ids: new Set() };
  /** This game's moves the computer made for a person: per round, the log positions by mark. */
  private marks: { round: number; timer: number[]; standIn: number[] }[] = [];
  /** Moves made, and moves the engine refused (a host's metrics). */
  readonly counters: { actions: number; rejected: number };

  constructor(
    readonly config: TableConfig,
    private readonly ports: TablePorts,
  ) {
    seedFromString(this.bots, 0, config.botSeed ?? `${config.seed}/bots`);
    this.counters = ports.counters ?? { actions: 0, rejected: 0 };
  }

  private now(): number {
    return this.ports.now?.() ?? Date.now();
  }

  get seats(): readonly TableSeat[] {
    return this.config.seats;
  }

  // ---- reading ------------------------------------------------------------------
  status(): TableStatus {
    if (!this.game) return 'waiting';
    const stage = stageOf(this.game);
    return stage === 'gameOver' ? 'finished' : stage === 'roundOver' ? 'roundOver' : 'playing';
  }

  /** Whether the game is running (dealt and not over). */
  get running(): boolean {
    return this.game !== null && stageOf(this.game) !== 'gameOver';
  }

  /** This game's moves the computer made for people: per round, the log positions (results, move lists and the review show them). */
  computerMoves(): readonly ComputerMoves[] {
    return this.marks;
  }

  /** One seat's frame (null: a spectator): the table's public state and the engine's view for that seat. */
  frame(seat: Seat | null, base: FrameBase): TableUpdate {
    const g = this.game;
    // Made afresh for each push, not kept: a view kept until the next move outlived two young-generation
    // collections and was promoted, and the old generation's collections held every move up at 5,000 players.
    let view: AnyView | null = g ? viewOf(g, seat) : null;
    if (base.hideHands && view && 'revealed' in view && view.revealed) view = { ...view, revealed: view.revealed.map((h, s) => (s === seat || h?.length === 0 ? h : null)) };
    const stage = g ? stageOf(g) : null;
    const over = stage === 'gameOver';
    const marks = g && this.marks.length > 0 ? this.marks.find((m) => m.round === g.rounds.length - 1) : undefined;
    // Every field always present (`undefined` where there is nothing, which JSON leaves out): one object shape for
    // every frame, so the code that copies and serialises them stays on V8's fast paths.
    return {
      code: base.code,
      game: this.config.game,
      status: stage === null ? 'waiting' : stage === 'gameOver' ? 'finished' : stage === 'roundOver' ? 'roundOver' : 'playing',
      gameNo: this.config.gameNo,
      seats: base.seats,
      you: seat,
      host: base.host,
      spectators: base.spectators,
      turnSeconds: this.config.turnSeconds,
      deadline: this.deadline,
      turnBased: this.config.turnBased === true ? true : undefined,
      nextRoundAt: this.nextRoundAt,
      catchBy: this.catchBy,
      view,
      rules: this.config.rules,
      rematchAsked:
        over && this.rematch.gameNo === this.config.gameNo ? this.seats.flatMap((s, i) => (s.kind === 'human' && this.rematch.ids.has(s.playerId) ? [i] : [])) : undefined,
      timerMoves: marks && marks.timer.length ? marks.timer : undefined,
      standInMoves: marks && marks.standIn.length ? marks.standIn : undefined,
      recordId: over ? base.recordId : null,
      daily: base.daily,
      logFrom: undefined,
      kept: undefined,
    };
  }

  // ---- a game -----------------------------------------------------------------
  /** Whether the game and rules deal at this many seats (the engine is the judge): null, or why not. */
  static refusal(game: GameName, rules: Readonly<Record<string, unknown>>, players: number): ErrorReply | null {
    const probe = startGame({ game, rules, players: Array.from({ length: players }, (_, i) => `P${i}`), seed: 'probe' });
    return probe.ok ? null : fail('bad_options', probe.error.message, { rule: probe.error.rule });
  }

  /**
   * The first game's seats and deal (computer players fill the open seats), not
   * yet begun: the host stores the seats, then calls `begin`.
   */
  deal(seed = this.config.seed): Outcome<{ seats: TableSeat[]; game: AnyGame }> {
    const seats = fillSeats(this.seats, this.config.fillLevel);
    const started = startGame({ game: this.config.game, rules: this.config.rules, players: seatNames(seats), seed });
    return started.ok ? { ok: true, seats, game: started.value } : fail('bad_options', started.error.message, { rule: started.error.rule });
  }

  /** Begins a dealt game (the seats and the game's number and seed are the host's, stored). */
  begin(game: AnyGame): void {
    this.game = game;
    this.seq = 0;
    this.marks = [];
    this.settle();
  }

  /**
   * Replays a game's written moves onto its start (the store's log after a
   * restart, or moves another process sent): false if they do not replay.
   */
  load(moves: readonly Move[], from: AnyGame | null = this.game): boolean {
    let g: AnyGame;
    if (from === null) {
      const started = startGame({ game: this.config.game, rules: this.config.rules, players: seatNames(this.seats), seed: this.config.seed });
      if (!started.ok) return false;
      g = started.value;
      this.seq = 0;
      this.marks = [];
    } else g = from;
    for (const m of moves) {
      const at = progressOf(g).actions;
      const r: Result<AnyGame, unknown> = 'next' in m ? nextRoundOf(g) : applyAction(g, m.action as AnyAction);
      if (!r.ok) return false;
      if (!('next' in m) && (m.by === 'timer' || m.by === 'standIn')) this.mark(g, at, m.by);
      g = r.value;
    }
    this.game = g;
    this.seq += moves.length;
    return true;
  }

  // ---- moves --------------------------------------------------------------------
  /**
   * A person's move: their seat must be theirs to play (not handed to a
   * stand-in), the game running, and `version` the game's (else the table
   * moved on since they chose). The engine judges the move.
   */
  act(seat: Seat, version: number, action: Readonly<Record<string, unknown>>): Promise<Outcome<{ version: number }>> {
    const refused = this.refusal(seat, version);
    return refused ? Promise.resolve(refused) : this.commit({ ...action, seat } as AnyAction);
  }

  /** Why a person's move at `seat` for `version` cannot be made now, or null. */
  private refusal(seat: Seat, version: number): ErrorReply | null {
    const held = this.seats[seat];
    if (held?.kind === 'human' && held.standIn !== null) return fail('not_seated', 'The computer plays your seat since you left; join the table again to take it back.');
    if (this.game === null) return fail('not_started', 'The game has not started yet.');
    if (stageOf(this.game) === 'gameOver') return fail('game_over', 'The game is over.');
    if (version !== this.game.version) return fail('stale_version', `The table has moved on (version ${this.game.version}, not ${version}); choose again.`);
    return null;
  }

  /** Deals the next round (a `round` step, or a person's ask where the deal waits for one). */
  async next(): Promise<Outcome> {
    const g = this.game;
    if (!g || stageOf(g) !== 'roundOver') return fail('not_started', 'There is no round to deal now.');
    const r = nextRoundOf(g);
    if (!r.ok) return fail('game_over', r.error.message);
    if (!(await this.write({ next: true }))) return fail('internal', 'The next deal could not be saved; try again.');
    this.game = r.value;
    this.settle();
    return { ok: true };
  }

  /**
   * Runs a timed step if the table is still where the step was made (null:
   * it did nothing); an `idle` step is the host's to act on.
   */
  async fire(step: Step): Promise<Outcome | null> {
    const g = this.game;
    if (!g || step.gameNo !== this.config.gameNo || step.version !== g.version) return null;
    if (step.kind === 'round') return stageOf(g) === 'roundOver' ? this.next() : null;
    if (step.kind === 'idle') return null;
    return this.botMove(g, step);
  }

  private async botMove(g: AnyGame, step: Extract<Step, { kind: 'bot' | 'turn' }>): Promise<Outcome | null> {
    const view = viewOf(g, step.seat);
    if (view.legal.length === 0) return null;
    const req: BotRequest = { level: step.level, view, rng: this.bots, varied: this.config.varied === true };
    const answer = this.ports.decide ? await this.ports.decide(req) : { action: quickAction(req), rng: this.bots };
    if (answer.rng !== this.bots) this.bots.set(answer.rng);
    // The bot thought while the table moved on (a person's move came first): its answer is for another state.
    if (this.game !== g) return null;
    const by: Mark | undefined = step.kind === 'turn' ? 'timer' : this.seats[step.seat]?.kind === 'human' ? 'standIn' : undefined;
    // A computer player of its own (not one playing for a person) forgets the last-card call now and then (S20: a person can catch it).
    return this.commit(by === undefined ? slip(step.level, answer.action, this.bots) : answer.action, by);
  }

  /** Checks a move with the engine, writes it, then makes it, and plans what follows. */
  private async commit(action: AnyAction, by?: Mark): Promise<Outcome<{ version: number }>> {
    const g = this.game!;
    if (this.roundFull(g)) return fail('over_limit', `This round has reached ${this.ports.maxRoundActions} moves, the most the server plays in one round (OLSEN_MAX_ROUND_ACTIONS); no more moves can be made in this game.`);
    const r = applyAction(g, action);
    if (!r.ok) {
      this.counters.rejected++;
      return gameErrorReply(r.error);
    }
    const made = progressOf(r.value).last ?? action;
    const written = this.write(by ? { action: made, by } : { action: made });
    if (!(typeof written === 'boolean' ? written : await written)) {
      return fail('internal', 'The move could not be confirmed as saved; the table will show whether it was played.');
    }
    if (by) this.mark(g, progressOf(g).actions, by);
    this.game = r.value;
    this.counters.actions++;
    this.settle();
    return { ok: true, version: r.value.version };
  }

  /** Writes a move through the sink (at once where the sink answers at once); true once it is written. */
  private write(move: Move): boolean | Promise<boolean> {
    const w = this.ports.write ? this.ports.write(move, this.seq, this.config.gameNo) : true;
    if (typeof w === 'boolean') {
      if (w) this.seq++;
      return w;
    }
    return w.then((ok) => {
      if (ok) this.seq++;
      return ok;
    });
  }

  private mark(g: AnyGame, at: number, by: Mark): void {
    const round = g.rounds.length - 1;
    let m = this.marks.find((x) => x.round === round);
    if (!m) this.marks.push((m = { round, timer: [], standIn: [] }));
    m[by].push(at);
  }

  private roundFull(g: AnyGame): boolean {
    return this.ports.maxRoundActions !== undefined && progressOf(g).actions >= this.ports.maxRoundActions;
  }

  // ---- what happens next ---------------------------------------------------------------
  /**
   * After every change: plans the next timed steps. Between rounds, the next
   * deal after the pause; with nobody here, nothing but the idle step; else
   * every bot that may act, in its time:
   * - a bot that can catch a forgotten call does so after its catch time
   *   (S20; at least the pace's hold), so the person can still call late;
   * - while a catch is open no other bot moves before the hold, so a person
   *   who could catch has that long;
   * - a person to move with a turn timer has until the deadline, then the
   *   `medium` bot plays for them (a catch is never forced);
   * - a computer player that forgot its call (FORGETS_CALL) does not make it late.
   * Catches are planned first: at equal times they come before the next move.
   */
  settle(): void {
    this.ports.cancel?.();
    this.deadline = null;
    this.deadlineSeat = null;
    this.nextRoundAt = null;
    this.catchBy = null;
    const g = this.game;
    if (!g) return;
    const stage = stageOf(g);
    if (stage === 'gameOver') return;
    const { pace } = this.ports;
    const gameNo = this.config.gameNo;
    const version = g.version;
    if (stage === 'roundOver') {
      if (pace.roundPause !== null) {
        this.nextRoundAt = this.now() + pace.roundPause;
        this.ports.schedule?.({ kind: 'round', gameNo, version }, pace.roundPause);
      }
      return;
    }
    // A turn-based table plays on with nobody looking: its people come and go over days.
    const present = this.config.turnBased === true || (this.ports.present?.() ?? true);
    if (!present || this.roundFull(g)) {
      this.paused = true;
      if (this.ports.idleMs !== undefined) this.ports.schedule?.({ kind: 'idle', gameNo, version }, this.ports.idleMs);
      return;
    }
    this.paused = false;
    const actors = actorsOf(g);
    let open = false;
    for (const legal of actors.values()) if (legal.some(isCatch)) open = true;
    // Catches first: at equal times they come before the next move.
    if (open) {
      for (const [seat, legal] of actors) {
        const level = computerFor(this.seats[seat]);
        if (level !== null && legal.some(isCatch)) this.ports.schedule?.({ kind: 'bot', gameNo, version, seat, level }, Math.max(pace.hold, pace.catchAfter(level)));
      }
    }
    const mover = moverOf(g);
    let first = Infinity;
    for (const [seat, legal] of actors) {
      const level = computerFor(this.seats[seat]);
      // A computer player that forgot its call (its one action the late call) does not remember by itself.
      if (level !== null && legal.every(isCall)) continue;
      if (level !== null) {
        if (open) first = Math.min(first, legal.some(isCatch) ? Math.max(pace.hold, pace.catchAfter(level)) : Math.max(pace.hold, pace.think(level)));
        if (!(open && legal.some(isCatch))) this.ports.schedule?.({ kind: 'bot', gameNo, version, seat, level }, open ? Math.max(pace.hold, pace.think(level)) : pace.think(level));
      } else if (this.config.turnSeconds !== null && (seat === mover || mover === null) && legal.some((a) => !isCatch(a))) {
        const ms = this.config.turnSeconds * 1000;
        this.deadline = (this.ports.turnSince?.() ?? this.now()) + ms;
        this.deadlineSeat = seat;
        this.ports.schedule?.({ kind: 'turn', gameNo, version, seat, level: 'medium' }, Math.max(0, this.deadline - this.now()));
      }
    }
    if (first !== Infinity) this.catchBy = this.now() + first;
  }

  /**
   * How many of the seat's moves in a row, to the last, the turn timer made
   * (this game, across its rounds): a turn-based table hands the seat to the
   * computer after three.
   */
  timerStreak(seat: Seat): number {
    const g = this.game;
    if (!g) return 0;
    let streak = 0;
    for (let r = g.rounds.length - 1; r >= 0; r--) {
      const timer = new Set(this.marks.find((m) => m.round === r)?.timer ?? []);
      const log = g.rounds[r]!.actions as readonly { seat: number }[];
      for (let i = log.length - 1; i >= 0; i--) {
        if (log[i]!.seat !== seat) continue;
        if (!timer.has(i)) return streak;
        streak++;
      }
    }
    return streak;
  }

  // ---- seats ---------------------------------------------------------------------
  /** A person left during the game: the seats with a computer player standing in (null: nothing to change). */
  standIn(seat: Seat): TableSeat[] | null {
    const s = this.seats[seat];
    if (s?.kind !== 'human' || s.standIn !== null || !this.running) return null;
    return withSeat(this.seats, seat, () => ({ ...s, standIn: this.config.fillLevel }));
  }

  /** A person is back: the seats with the stand-in gone (null: nothing to change). */
  comeBack(seat: Seat): TableSeat[] | null {
    const s = this.seats[seat];
    if (s?.kind !== 'human' || s.standIn === null) return null;
    return withSeat(this.seats, seat, () => ({ ...s, standIn: null }));
  }

  /**
   * A person asks for a new game at the same seats once this one is over:
   * true once every person still here (`here`) has asked (bots and
   * stand-ins always agree).
   */
  askRematch(playerId: string, here: (playerId: string) => boolean): boolean {
    if (this.rematch.gameNo !== this.config.gameNo) this.rematch = { gameNo: this.config.gameNo, ids: new Set() };
    this.rematch.ids.add(playerId);
    return !this.seats.some((s) => s.kind === 'human' && s.standIn === null && here(s.playerId) && !this.rematch.ids.has(s.playerId));
  }

  /** Asks for a rematch made elsewhere (another process, kept with the table's row), counted with this runner's own. */
  knowRematch(playerIds: readonly string[]): void {
    if (this.rematch.gameNo !== this.config.gameNo) this.rematch = { gameNo: this.config.gameNo, ids: new Set() };
    for (const id of playerIds) this.rematch.ids.add(id);
  }

  /** The next game at the same seats, dealt from `seed`, not yet begun (the host stores its number and seed, then calls `begin`). */
  dealAgain(seed: string): Outcome<{ game: AnyGame }> {
    const started = startGame({ game: this.config.game, rules: this.config.rules, players: seatNames(this.seats), seed });
    return started.ok ? { ok: true, game: started.value } : fail('bad_options', started.error.message);
  }
}

