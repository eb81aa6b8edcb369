/**
 * The daily deal ("Dagens giv"): once a day, per game, one deal from a secret
 * seed that everyone plays against the same computer players. The seed is an
 * HMAC of the day and the game under a secret kept in the store, so it never
 * leaves the server and cannot be guessed from another day's; the computer
 * players are varied `medium` with each entry's own dice (the table's id), so
 * a line scouted at one table is not answered move for move at another. A
 * player's game is an ordinary private table (seat 0, the bots in the other
 * seats), played online so the deal stays hidden; its record, which holds the
 * seed's deal, opens to all once the day is over (the other hands laid down at
 * a round's end too), and until then the player's own review is made on the
 * server and holds only the player's views.
 */
import { createHmac } from 'node:crypto';
import { reviewPage, type Review, type ReviewPage } from '@olsen/bots';
import { standingsOf, type AnyGame, type GameName, type Lang } from '@olsen/engine';
import type { DailyList, DailyRow, ErrorReply } from '@olsen/protocol';
import type { Caller, Coordinator, Outcome } from './coordinator.js';
import { dayOf } from './clock.js';
import type { Clock, DailyEntry, Store, Thinker } from './ports.js';

/** The games of the day and their tables: four seats, the person in seat 0. */
export const DAILY_GAMES: readonly GameName[] = ['olsen', 'vri-atter', 'olsen-dk'];
export const DAILY_PLAYERS = 4;
/** The computer players' level (played varied, with each entry's own dice: docs/decisions.md). */
export const DAILY_LEVEL = 'medium' as const;

/** The day's deal seed of a game: secret, the same for everyone that day. */
export function dailySeed(secret: string, date: string, game: GameName): string {
  return createHmac('sha256', secret).update(`daily/${date}/${game}`).digest('base64url');
}

export const isDailyGame = (g: string): g is GameName => (DAILY_GAMES as readonly string[]).includes(g);

const fail = (code: ErrorReply['error']['code'], message: string): ErrorReply => ({ ok: false, error: { code, message } });

export class Daily {
  constructor(
    private readonly o: { readonly coordinator: Coordinator; readonly store: Store; readonly bots: Thinker; readonly clock: Clock; readonly secret: string; /** Reviews in progress at once in the process. */ readonly maxReviews: number },
  ) {
    o.coordinator.onFinished = (f) => this.finished(f.tableId, f.gameNo, f.gameId, f.game, f.finishedAt);
  }

  today(): string {
    return dayOf(this.o.clock.now());
  }

  /** The guest's table for today's deal of `game`: the one started earlier, or a new one, dealt and started. */
  async start(guest: Caller, game: GameName): Promise<Outcome<{ code: string }>> {
    const date = this.today();
    const earlier = await this.o.store.dailyEntry(date, game, guest.id);
    if (earlier) return { ok: true, code: earlier.code };
    const created = await this.o.coordinator.create(
      guest,
      { type: 'create', game, rules: {}, seats: Array.from({ length: DAILY_PLAYERS - 1 }, () => ({ kind: 'bot' as const, level: DAILY_LEVEL })), listed: false, turnSeconds: null, fillLevel: DAILY_LEVEL, tempo: 'normal' },
      { seed: dailySeed(this.o.secret, date, game), date },
    );
    if (!created.ok) return created;
    const tableId = (await this.o.store.table(created.code))?.id;
    if (!tableId) return fail('internal', 'The table for the daily deal could not be read back; try again.');
    const fresh = await this.o.store.startDaily({ date, game, playerId: guest.id, name: guest.name, tableId, code: created.code, gameId: null, place: null, points: null, moves: null, finishedAt: null });
    if (!fresh) {
      // Another request of the same guest was first: its table is the one (this one is left to be closed when idle).
      const entry = await this.o.store.dailyEntry(date, game, guest.id);
      return entry ? { ok: true, code: entry.code } : fail('internal', 'The daily deal could not be started; try again.');
    }
    const started = await this.o.coordinator.start(guest, created.code);
    return started.ok ? { ok: true, code: created.code } : started;
  }

  /** A finished game: if it is the first at a daily table, the player's result. */
  private async finished(tableId: string, gameNo: number, gameId: string, g: AnyGame, finishedAt: number): Promise<void> {
    if (gameNo !== 1) return;
    const s = standingsOf(g);
    let moves = 0;
    for (const r of g.rounds) for (const a of (r as { actions: Iterable<{ seat: number }> }).actions) if (a.seat === 0) moves++;
    await this.o.store.finishDaily(tableId, { gameId, place: s.places[0], points: s.totals ? s.totals[0] : null, moves, finishedAt });
  }

  /** Whether the record of a game may be given out: any game but a daily one whose day is not over. */
  async recordOpen(gameId: string): Promise<boolean> {
    const entry = await this.o.store.dailyOfGame(gameId);
    return !entry || entry.date < this.today();
  }

  /** The day's results of a game, best first. */
  async results(date: string, game: GameName, viewer: string | null): Promise<DailyList> {
    const over = date < this.today();
    const rows = await this.o.store.dailyResults(date, game, 100);
    return { date, game, over, rows: rows.map((e) => row(e, e.playerId === viewer, over)) };
  }

  async history(playerId: string): Promise<DailyRow[]> {
    const today = this.today();
    return (await this.o.store.dailyHistory(playerId, 60)).map((e) => row(e, true, e.date < today));
  }

  /**
   * The player's own finished daily game reviewed for seat 0, in `lang`: made
   * once (in a worker thread) and kept. Only the player's views are in it.
   */
  async review(playerId: string, gameId: string, lang: Lang): Promise<Outcome<{ review: ReviewPage; record: boolean }>> {
    const entry = await this.o.store.dailyOfGame(gameId);
    if (!entry || entry.playerId !== playerId) return fail('not_seated', 'Only your own game of the daily deal can be reviewed here.');
    const record = await this.o.store.record(gameId);
    if (!record) return fail('no_such_table', 'That game is not over.');
    const kept = await this.o.store.dailyReview(gameId);
    let review: Review;
    if (kept) review = JSON.parse(kept) as Review;
    else {
      const made = this.reviewOnce(playerId, gameId, record);
      if ('error' in made) return made;
      review = await made.review;
    }
    return { ok: true, review: reviewPage(review, record, lang), record: entry.date < this.today() };
  }

  /** Reviews in progress, by game: every request for a game's review while it is made waits for the same one. */
  private readonly reviewing = new Map<string, { readonly playerId: string; readonly review: Promise<Review> }>();

  /**
   * The review of a game being made, or a new one if the bounds allow: at most
   * one game's review in progress per player, and `limits.reviews` in the process.
   */
  private reviewOnce(playerId: string, gameId: string, record: unknown): { review: Promise<Review> } | ErrorReply {
    const running = this.reviewing.get(gameId);
    if (running) return running;
    for (const r of this.reviewing.values()) {
      if (r.playerId === playerId) return fail('rate_limited', 'Another of your games is being reviewed just now; open this one when it is done.');
    }
    if (this.reviewing.size >= this.o.maxReviews) return fail('rate_limited', 'The server is reviewing other games just now; try again in a minute.');
    const review = (async () => {
      try {
        const made = await this.o.bots.review(record, 0);
        await this.o.store.saveDailyReview(gameId, JSON.stringify(made));
        return made;
      } finally {
        this.reviewing.delete(gameId);
      }
    })();
    const entry = { playerId, review };
    this.reviewing.set(gameId, entry);
    return entry;
  }
}

function row(e: DailyEntry, own: boolean, over: boolean): DailyRow {
  return {
    date: e.date,
    game: e.game,
    name: e.name,
    place: e.place,
    points: e.points,
    moves: e.moves,
    finished: e.gameId !== null,
    gameId: own || over ? e.gameId : null,
    code: own && e.gameId === null ? e.code : null,
  };
}
