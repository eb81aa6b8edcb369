/** Seats over time: open lobby, leaving before the start, turn timers, a bot standing in after a drop, rematch. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyAction } from '@olsen/engine';
import { reviewRecord, type ComputerMoves } from '@olsen/bots';
import type { OlsenServer } from '../src/index.js';
import { Client, startTest, api, guest } from './helpers.js';

describe('seats, timers and rematch', () => {
  let server: OlsenServer;
  beforeAll(async () => {
    server = await startTest({ reconnectGraceMs: 100 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists open tables in the lobby, not private ones; the host passes on when leaving; an empty table closes', async () => {
    const anne = await Client.open(server.url, 'Anne');
    const bo = await Client.open(server.url, 'Bo');
    const open = ((await anne.req<{ code: string }>({ type: 'create', game: 'vri-atter', listed: true, seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }] })) as { code: string }).code;
    const hidden = ((await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }] })) as { code: string }).code;
    const lobby = (await (await api(`${server.url}/api/lobby`)).json()) as { tables: { code: string; openSeats: number }[] };
    expect(lobby.tables.map((t) => t.code)).toContain(open);
    expect(lobby.tables.map((t) => t.code)).not.toContain(hidden);
    expect(lobby.tables.find((t) => t.code === open)!.openSeats).toBe(1);
    expect(await bo.req({ type: 'join', code: open, seat: 2 })).toMatchObject({ ok: false, error: { code: 'seat_taken' } });
    expect(await bo.req({ type: 'join', code: open })).toEqual({ ok: true, seat: 1 });
    expect(await bo.req({ type: 'join', code: open })).toEqual({ ok: true, seat: 1 }); // joining twice is a reconnect, not a second seat
    expect(await (await Client.open(server.url, 'Carl')).req({ type: 'join', code: open })).toMatchObject({ ok: false, error: { code: 'table_full' } });
    expect(await anne.req({ type: 'leave', code: open })).toEqual({ ok: true });
    const u = await bo.until((x) => x.code === open && x.seats[0].kind === 'open');
    expect(u.host).toBe(1);
    expect(await bo.req({ type: 'leave', code: open })).toEqual({ ok: true });
    expect(await bo.req({ type: 'join', code: open })).toMatchObject({ ok: false, error: { code: 'no_such_table' } });
    expect(await anne.req({ type: 'create', game: 'olsen', rules: { maxDraws: 7 }, seats: [{ kind: 'open' }] })).toMatchObject({ ok: false, error: { code: 'bad_options', message: expect.stringContaining('maxDraws') } });
    anne.close();
    bo.close();
  });

  it('a second player of the same name at a table gets a number; the invite says who asks, which game, its house rules, timer and pace (issue 49 (3))', async () => {
    const anne = await Client.open(server.url, 'Kari');
    const other = await Client.open(server.url, 'Kari');
    const code = ((await anne.req<{ code: string }>({ type: 'create', game: 'vri-atter', turnSeconds: 30, tempo: 'calm', rules: { svenskevri: true }, seats: [{ kind: 'open' }] })) as { code: string }).code;
    expect((await other.req({ type: 'join', code })).ok).toBe(true);
    const u = await anne.until((x) => x.code === code && x.seats[1].kind === 'human');
    expect(u.seats.map((s) => s.name)).toEqual(['Kari', 'Kari 2']);
    const info = (await (await api(`${server.url}/api/tables/${code}`)).json()) as { table: Record<string, unknown> };
    expect(info.table).toMatchObject({ game: 'vri-atter', host: 'Kari', turnSeconds: 30, tempo: 'calm', rules: { svenskevri: true } });
    expect((await anne.req({ type: 'create', game: 'olsen', tempo: 'sleepy', seats: [{ kind: 'open' }] })).ok).toBe(false);
    anne.close();
    other.close();
  });

  it('the turn timer plays for a person who does not act', async () => {
    const anne = await Client.open(server.url, 'Anne');
    const code = ((await anne.req<{ code: string }>({ type: 'create', game: 'olsen', turnSeconds: 5, seats: [{ kind: 'bot', level: 'greedy' }] })) as { code: string }).code;
    await anne.req({ type: 'start', code });
    const turn = await anne.until((u) => u.code === code && u.view?.toMove === 0);
    expect(turn.deadline).toBeGreaterThan(Date.now());
    expect(turn.deadline! - Date.now()).toBeLessThanOrEqual(5000);
    // Nobody touches the keyboard: the server moves for seat 0 when the time is up.
    const after = await anne.until((u) => u.code === code && (u.view?.log.some((a) => a.seat === 0) ?? false), 10_000);
    expect(after.view!.log.some((a) => a.seat === 0)).toBe(true);
    // The frame says which move the timer made, so the table can announce it as the timer's.
    const first = after.view!.log.findIndex((a) => a.seat === 0);
    expect(after.timerMoves).toContain(first);
    anne.close();
  }, 20_000);

  it('a bot stands in for a player gone longer than the grace period, and hands the seat back on return; rematch keeps the seats', async () => {
    const anne = await Client.open(server.url, 'Anne');
    const bo = await Client.open(server.url, 'Bo');
    const code = ((await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }], fillLevel: 'greedy' })) as { code: string }).code;
    await bo.req({ type: 'join', code });
    await anne.req({ type: 'start', code });
    bo.close();
    const standIn = await anne.until((u) => u.code === code && u.seats[1].standIn);
    expect(standIn.seats[1]).toMatchObject({ kind: 'human', name: 'Bo', level: 'greedy', connected: false });
    // With a bot for Bo, Anne's moves are all the game needs.
    const auto = anne.autoplay(code);
    const end = await anne.until((u) => u.code === code && u.status === 'finished', 60_000);
    auto.stop();
    expect(end.recordId).toBeTruthy();
    // Issue 38 (3): the moves the computer made for Bo are kept with the game, and his review does not judge them.
    const marks = (await (await api(`${server.url}/api/games/${end.recordId}/computer-moves`)).json()) as { ok: true; computerMoves: ComputerMoves[] };
    const record = (await (await api(`${server.url}/api/games/${end.recordId}/record`)).json()) as { rounds: { actions: { seat: number }[] }[] };
    const forBo = marks.computerMoves.flatMap((m) => m.standIn.map((i) => record.rounds[m.round].actions[i]));
    expect(forBo.length).toBeGreaterThan(0);
    expect(forBo.every((a) => a.seat === 1)).toBe(true);
    const review = reviewRecord(record, 1, { worlds: 8, computerMoves: marks.computerMoves });
    expect(review.byComputer).toBe(forBo.length);
    expect(review.decisions.some((d) => marks.computerMoves.some((m) => m.round === d.round && m.standIn.includes(d.index)))).toBe(false);
    const bo2 = new Client(server.url, bo.token, 'Bo');
    await bo2.connected();
    expect(await bo2.req({ type: 'join', code })).toEqual({ ok: true, seat: 1 });
    const back = await anne.until((u) => u.code === code && !u.seats[1].standIn && u.seats[1].connected);
    expect(back.seats[1].name).toBe('Bo');
    // A rematch asks each person: Bo's ask shows Anne the question; hers deals.
    expect(await bo2.req({ type: 'rematch', code })).toEqual({ ok: true });
    const asked = await anne.until((u) => u.code === code && (u.rematchAsked ?? []).includes(1));
    expect([asked.gameNo, asked.status]).toEqual([1, 'finished']);
    expect(await anne.req({ type: 'rematch', code })).toEqual({ ok: true });
    const again = await anne.until((u) => u.code === code && u.gameNo === 2 && u.status === 'playing');
    expect(again.seats.map((s) => s.name)).toEqual(end.seats.map((s) => s.name));
    expect(again.recordId).toBeNull();
    anne.close();
    bo2.close();
  });

  it('issue 49 (4): a game the computer finished for a person who left counts for them as left, not won, and does not move their strength', async () => {
    const anne = await Client.open(server.url, 'Anne');
    const boGuest = await guest(server.url, 'Bo');
    const bo = new Client(server.url, boGuest.token, 'Bo');
    await bo.connected();
    const code = ((await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }], fillLevel: 'greedy' })) as { code: string }).code;
    await bo.req({ type: 'join', code });
    await anne.req({ type: 'start', code });
    bo.close();
    await anne.until((u) => u.code === code && u.seats[1].standIn);
    const auto = anne.autoplay(code);
    const end = await anne.until((u) => u.code === code && u.status === 'finished', 60_000);
    auto.stop();
    const stats = (await (await api(`${server.url}/api/players/${boGuest.id}/stats`)).json()) as { stats: { game: string; games: number; wins: number; left: number; meanPlace: number | null; rating: unknown }[] };
    // Whoever won, Bo's game is one he left: no win, no place of his own, no strength.
    expect(stats.stats).toEqual([{ game: 'olsen', games: 1, wins: 0, left: 1, meanPlace: null, rating: null }]);
    expect(end.status).toBe('finished');
    anne.close();
  });
});

describe('the last-card call in real time', () => {
  it('S20: a forgotten call can be caught by another person until the next move; the server takes whichever comes first', async () => {
    const server = await startTest();
    const anne = await Client.open(server.url, 'Anne');
    const bo = await Client.open(server.url, 'Bo');
    const code = ((await anne.req<{ code: string }>({ type: 'create', game: 'vri-atter', rules: { targetScore: 1000 }, seats: [{ kind: 'open' }] })) as { code: string }).code;
    await bo.req({ type: 'join', code });
    await anne.req({ type: 'start', code });
    // Anne never makes the call; Bo catches whenever he may.
    const a = anne.autoplay(code, (legal) => {
      const { call: _call, ...rest } = legal[0] as AnyAction & { call?: boolean };
      return ('play' in rest ? rest : legal[0]) as AnyAction;
    });
    const b = bo.autoplay(code, (legal) => legal.find((x) => 'catch' in x) ?? legal[0]);
    const caught = await bo.until((u) => u.code === code && (u.view?.log.some((x) => 'catch' in x) ?? false), 60_000);
    a.stop();
    b.stop();
    const log = caught.view!.log;
    const i = log.findIndex((x) => 'catch' in x);
    expect(log[i]).toMatchObject({ seat: 1, catch: 0 });
    // The catch came right after Anne's play that left her one card, before anything else.
    expect(log[i - 1]).toMatchObject({ seat: 0 });
    expect('play' in log[i - 1] && !('call' in log[i - 1])).toBe(true);
    const metrics = await (await api(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/olsen_actions_total \d+/);
    expect(metrics).toMatch(/olsen_connections 2/);
    anne.close();
    bo.close();
    await server.close();
  }, 70_000);

  it('a player who drops, comes back and drops again gets the whole grace period from the second drop (the first one\'s timer does nothing)', async () => {
    const graced = await startTest({ reconnectGraceMs: 1500 });
    try {
      const anne = await Client.open(graced.url, 'Anne');
      const bo = await Client.open(graced.url, 'Bo');
      const code = ((await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }] })) as { code: string }).code;
      await bo.req({ type: 'join', code });
      expect(await anne.req({ type: 'start', code })).toEqual({ ok: true });
      await bo.until((u) => u.code === code && u.status === 'playing');
      const t0 = Date.now();
      bo.close();
      await anne.until((u) => u.code === code && !u.seats[1].connected);
      await new Promise((r) => setTimeout(r, 300));
      const again = new Client(graced.url, bo.token, 'Bo');
      await again.until((u) => u.code === code && u.view !== null);
      const returned = await anne.until((u) => u.code === code && u.seats[1].connected);
      // Issue 49 (1): back, the countdown is gone.
      expect(returned.seats[1].awayUntil).toBeUndefined();
      await new Promise((r) => setTimeout(r, Math.max(0, t0 + 900 - Date.now())));
      const second = Date.now();
      again.close();
      // Issue 49 (1): the others are told when the computer takes over, from the server's own deadline (this drop's).
      const dropped = await anne.until((u) => u.code === code && !u.seats[1].connected);
      expect(dropped.seats[1].awayUntil).toBeGreaterThanOrEqual(second + 1500 - 50);
      expect(dropped.seats[1].awayUntil).toBeLessThanOrEqual(Date.now() + 1500);
      // Past the first drop's grace period (t0 + 1.5 s), short of the second's: Bo keeps the seat.
      await new Promise((r) => setTimeout(r, Math.max(0, t0 + 1900 - Date.now())));
      expect(anne.latest.get(code)!.seats[1]).toMatchObject({ connected: false, standIn: false });
      const stoodIn = await anne.until((u) => u.code === code && u.seats[1].standIn, 10_000);
      expect(stoodIn.seats[1].standIn).toBe(true);
      expect(Date.now() - second).toBeGreaterThanOrEqual(1400);
      anne.close();
    } finally {
      await graced.close();
    }
  }, 30_000);
});

