/**
 * The offline game as the game worker runs it: the person at one seat, bots
 * in the others, driven by the table runner (`@olsen/table`) like a table on
 * the server — the same think times, catch window and frames — with the
 * page's timers as its scheduler and no store. Between rounds the person says
 * when to go on ("Neste runde"). Pure of the worker: a test drives it in Node.
 */
import { isPlay, replayRecord, type AnyAction, type Seat } from '@olsen/engine';
import type { ComputerMoves } from '@olsen/bots';
import { chooseQuick } from '@olsen/bots/quick';
import { Table, botName, fail, paceAt, type Outcome, type TableSeat } from '@olsen/table';
import type { ActionBody, TableUpdate } from '@olsen/protocol';
import type { OfflineOptions } from './worker-protocol.js';

/** The person's id at an offline table (there is one person). */
const ME = 'me';

export class OfflineTable {
  private table: Table | null = null;
  private options: OfflineOptions | null = null;
  private gameNo = 0;
  /** The timed steps waiting (every one the runner planned; a step for a version gone by does nothing). */
  private timers: ReturnType<typeof setTimeout>[] = [];
  /** A lesson's computer player has forgotten its call once (OfflineOptions.teach). */
  private taught = false;

  /** `publish` hears every frame of the person's seat. */
  constructor(private readonly publish: (u: TableUpdate) => void) {}

  /** The seats: the person at `o.seat` (default 0), bots named apart from them. */
  /** The moves the computer made for the person this game (the turn timer's), for the review. */
  computerMoves(): readonly ComputerMoves[] {
    return this.table?.computerMoves() ?? [];
  }

  private static seats(o: OfflineOptions, names?: readonly string[]): TableSeat[] {
    const me = o.seat ?? 0;
    const taken = new Set([o.name]);
    return Array.from({ length: o.players }, (_, i): TableSeat => {
      if (i === me) return { kind: 'human', playerId: ME, name: names?.[i] ?? o.name, standIn: null };
      const name = names?.[i] ?? botName(i, taken);
      taken.add(name);
      return { kind: 'bot', level: o.level, name };
    });
  }

  private make(o: OfflineOptions, seed: string, seats: TableSeat[]): Table {
    this.clear();
    this.options = o;
    this.gameNo++;
    const table: Table = new Table(
      { game: o.game, rules: o.rules, seats, gameNo: this.gameNo, seed, turnSeconds: null, fillLevel: o.level },
      {
        pace: paceAt(o.tempo ?? 'normal', { botDelayMs: o.botDelayMs, catchDelayMs: o.catchDelayMs ?? 1500, roundPauseMs: null }),
        schedule: (step, ms) => this.timers.push(setTimeout(() => void table.fire(step).then((r) => r?.ok && this.update()), ms)),
        cancel: () => this.clear(),
        // The habit levels at once; the search levels' code is fetched the first time a table seats one.
        decide: async (req) => {
          const quick = chooseQuick(req.level, req.view, req.rng, req.varied);
          if (quick && o.teach && !this.taught && isPlay(quick.action) && 'call' in quick.action && quick.action.call) {
            // The lesson's slip: the call forgotten once, so the person meets the catch (S20).
            this.taught = true;
            const { call: _call, ...forgot } = quick.action;
            return { action: forgot as AnyAction, rng: req.rng };
          }
          if (quick) return { action: quick.action, rng: req.rng };
          const { choose } = await import('@olsen/bots');
          return { action: choose(req.level, req.view, req.rng, { varied: req.varied }).action, rng: req.rng };
        },
      },
    );
    return (this.table = table);
  }

  private clear(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  /** The person's frame. */
  frame(): TableUpdate | null {
    const t = this.table;
    if (!t || !this.options) return null;
    return t.frame(this.options.seat ?? 0, { code: 'LOCAL', seats: t.seats.map((s) => ({ kind: s.kind, name: s.kind === 'open' ? null : s.name, level: s.kind === 'bot' ? s.level : null, connected: true, standIn: false })), host: 0, spectators: 0, recordId: null, daily: undefined });
  }

  private update(): void {
    const u = this.frame();
    if (u) this.publish(u);
  }

  async start(o: OfflineOptions, seed: string): Promise<Outcome> {
    const t = this.make(o, seed, OfflineTable.seats(o));
    const dealt = t.deal();
    if (!dealt.ok) return dealt;
    t.begin(dealt.game);
    this.update();
    return { ok: true };
  }

  /** A game played on from a record (the review's "play on from here"). */
  async resume(o: OfflineOptions, record: unknown): Promise<Outcome> {
    const r = replayRecord(record);
    if (!r.ok) return fail('bad_message', r.error.message, { rule: r.error.rule });
    const t = this.make(o, `${Date.now()}`, OfflineTable.seats(o, r.value.players));
    t.begin(r.value);
    this.update();
    return { ok: true };
  }

  async rematch(): Promise<Outcome> {
    return this.options ? this.start(this.options, `${Date.now()}-${Math.random()}`) : fail('not_started', 'No game.');
  }

  async next(): Promise<Outcome> {
    if (!this.table) return fail('not_started', 'No game.');
    const r = await this.table.next();
    this.update();
    return r;
  }

  async act(action: ActionBody, version: number): Promise<Outcome<{ version: number }>> {
    if (!this.table) return fail('not_started', 'No game.');
    const r = await this.table.act((this.options?.seat ?? 0) as Seat, version, action);
    if (r.ok) this.update();
    return r;
  }

  get game(): Table['game'] {
    return this.table?.game ?? null;
  }
}
