import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHeartsView, verifyRecord, viewOf, type AnyAction, type GameRecord } from '@olsen/engine';
import type { TableUpdate } from '@olsen/protocol';
import type { OlsenServer } from '../src/index.js';
import { Client, startTest, api } from './helpers.js';
import { replaySteps } from './replay.js';

const CARD = /"([2-9TJQKA][cdhs])"/g;

/** Cards a frame may show to its seat: own hand, own pass, and what was played in the open. */
function allowedCards(u: TableUpdate): Set<string> {
  const v = u.view!;
  const ok = new Set<string>(v.hand ?? []);
  // At a round's end every hand is laid open.
  if (!isHeartsView(v)) for (const h of v.revealed ?? []) for (const c of h ?? []) ok.add(c);
  for (const e of v.log) if ('play' in e) for (const c of e.play) ok.add(c);
  if (isHeartsView(v)) {
    for (const c of v.passed ?? []) ok.add(c);
    for (const e of v.log) if ('give' in e && e.give && e.seat === u.you) for (const c of e.give) ok.add(c);
  } else {
    ok.add(v.upcard);
    ok.add(v.top);
  }
  return ok;
}

async function fetchRecord(url: string, id: string): Promise<GameRecord> {
  const res = await api(`${url}/api/games/${id}/record`);
  expect(res.status).toBe(200);
  return (await res.json()) as GameRecord;
}

function checkCards(u: TableUpdate, where: string): void {
  const allowed = allowedCards(u);
  for (const m of JSON.stringify(u).matchAll(CARD)) expect(allowed.has(m[1]), `${where} (seat ${u.you}) shows ${m[1]}`).toBe(true);
}

/** Every frame equals the engine's view for its seat at its version, and shows no card the seat may not know. */
function checkFrames(frames: readonly TableUpdate[], record: GameRecord): number {
  const steps = replaySteps(record);
  let checked = 0;
  for (const [i, u] of frames.entries()) {
    if (!u.view) continue;
    const step = steps.get(u.view.version);
    expect(step, `frame ${i} has version ${u.view.version}, which the record never had`).toBeDefined();
    expect(u.view).toEqual(JSON.parse(JSON.stringify(viewOf(step!.game, u.you))));
    checkCards(u, `frame ${i}`);
    checked++;
  }
  return checked;
}

/** A seeded uniform choice (the tests replay the same games every run). */
function seeded(seed: number): (legal: readonly AnyAction[]) => AnyAction {
  let x = seed >>> 0 || 1;
  return (legal) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return legal[(x >>> 0) % legal.length];
  };
}
const random = seeded(7);

describe('tables over socket.io (SQLite)', () => {
  let server: OlsenServer;
  beforeAll(async () => {
    server = await startTest();
  });
  afterAll(async () => {
    await server.close();
  });

  it('plays a full game between people and bots, created by link, with a reconnect and a spectator; the record verifies', async () => {
    const anne = await Client.open(server.url, 'Anne');
    const bo = await Client.open(server.url, 'Bo');
    const carl = await Client.open(server.url, 'Carl');
    const created = await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }, { kind: 'bot', level: 'greedy' }, { kind: 'open' }] });
    expect(created.ok).toBe(true);
    const code = (created as { code: string }).code;
    // The link carries the code; the table's public page answers without a token.
    const page = (await (await api(`${server.url}/api/tables/${code}`)).json()) as { table: { seats: unknown[] } };
    expect(page.table.seats).toHaveLength(4);
    expect(await bo.req({ type: 'join', code })).toEqual({ ok: true, seat: 1 });
    expect(await carl.req({ type: 'watch', code })).toEqual({ ok: true });
    expect((await bo.req({ type: 'start', code })).ok).toBe(false); // only the host starts
    expect(await anne.req({ type: 'start', code })).toEqual({ ok: true });

    const a = anne.autoplay(code, random);
    const b = bo.autoplay(code, random);
    // Bo drops after a few moves and comes back: same seat, same game.
    await bo.until((u) => u.code === code && (u.view?.version ?? 0) >= 6);
    bo.socket.disconnect();
    const dropped = await anne.until((u) => u.code === code && !u.seats[1].connected);
    expect(dropped.seats[1]).toMatchObject({ kind: 'human', name: 'Bo', standIn: false });
    const framesBefore = bo.frames.length;
    bo.socket.connect();
    await bo.connected();
    await anne.until((u) => u.code === code && u.seats[1].connected);
    await new Promise((r) => setTimeout(r, 20));
    expect(bo.frames.length).toBeGreaterThan(framesBefore);
    expect(bo.frames.at(-1)!.you).toBe(1);

    const end = await anne.until((u) => u.code === code && u.status === 'finished', 60_000);
    a.stop();
    b.stop();
    expect(end.recordId).not.toBeNull();
    expect(end.seats.map((s) => s.kind)).toEqual(['human', 'human', 'bot', 'bot']);
    const record = await fetchRecord(server.url, end.recordId!);
    const verified = verifyRecord(record);
    expect(verified.ok && verified.result.finished).toBe(true);
    // The spectator saw the game, never a hand.
    const seen = carl.frames.filter((u) => u.code === code && u.view);
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.every((u) => u.you === null && u.view!.hand === null && u.view!.legal.length === 0)).toBe(true);
    const stats = (await (await api(`${server.url}/api/players/${(await (await api(`${server.url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Anne', token: anne.token }) })).json() as { player: { id: string } }).player.id}/stats`)).json()) as { stats: { game: string; games: number; rating: unknown }[] };
    expect(stats.stats).toEqual([expect.objectContaining({ game: 'olsen', games: 1, rating: expect.any(Object) })]);
    // The figure people are shown: 1,000 at the start, moved by one game, never negative (issue 38, item 4).
    const strength = (stats.stats[0].rating as { strength: number }).strength;
    expect(Number.isInteger(strength) && strength >= 0 && Math.abs(strength - 1000) < 400).toBe(true);
    for (const c of [anne, bo, carl]) c.close();
  });

  for (const game of ['vri-atter', 'olsen-dk'] as const) {
    it(`leak test (${game}): people in every seat and a spectator; no frame shows a card of another hand, the stock or a hidden pass`, async () => {
      const names = ['A', 'B', 'C', 'D'];
      const clients = await Promise.all(names.map((n) => Client.open(server.url, n)));
      const spectator = await Client.open(server.url, 'S');
      const rules = game === 'olsen-dk' ? { pass: 'rotating', pointLimit: 30 } : { targetScore: 50 };
      const created = (await clients[0].req<{ code: string }>({ type: 'create', game, rules, seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }] })) as { code: string };
      for (const c of clients.slice(1)) expect((await c.req({ type: 'join', code: created.code })).ok).toBe(true);
      await spectator.req({ type: 'watch', code: created.code });
      expect(await clients[0].req({ type: 'start', code: created.code })).toEqual({ ok: true });
      const players = clients.map((c, i) => c.autoplay(created.code, seeded(i + 1)));
      const end = await clients[0].until((u) => u.code === created.code && u.status === 'finished', 120_000);
      players.forEach((p) => p.stop());
      const record = await fetchRecord(server.url, end.recordId!);
      expect(record.rounds.length).toBeGreaterThanOrEqual(game === 'olsen-dk' ? 2 : 1);
      let checked = 0;
      for (const c of [...clients, spectator]) checked += checkFrames(c.frames.filter((u) => u.code === created.code), record);
      expect(checked).toBeGreaterThan(100);
      // The check itself bites: another seat's hand smuggled into a frame is caught.
      const frame = clients[0].frames.find((u) => u.code === created.code && u.view?.hand?.length)!;
      const other = clients[1].frames.find((u) => u.code === created.code && u.view?.version === frame.view!.version)!;
      const smuggled = { ...frame, view: { ...frame.view!, handCounts: other.view!.hand } } as unknown as TableUpdate;
      expect(() => checkCards(smuggled, 'smuggled')).toThrow(/shows/);
      for (const c of [...clients, spectator]) c.close();
    }, 150_000);
  }
});
