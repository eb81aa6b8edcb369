/**
 * The daily deal ("Dagens giv") through a real server: the same deal and the
 * same computer answers for two players, a seed no client ever sees, a record
 * that opens when the day is over, the day's list, the history, the review.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyAction } from '@olsen/engine';
import { openStore } from '../src/store.js';
import { dayOf } from '../src/clock.js';
import { dailySeed } from '../src/daily.js';
import { systemClock } from '../src/clock.js';
import { startServer, type OlsenServer } from '../src/index.js';
import { Client, api, guest, testConfig } from './helpers.js';

const config = testConfig();
/** The server's clock, moved on a day by the last test. */
let offset = 0;
let server: OlsenServer;
beforeAll(async () => {
  server = await startServer(config, { clock: { now: () => Date.now() + offset, after: systemClock.after } });
});
afterAll(async () => {
  await server?.close();
});

/** Reviews the server has made (its metric). */
const reviewsMade = async (): Promise<number> => Number(/^olsen_reviews_total (\S+)$/m.exec(await (await api(`${server.url}/metrics`)).text())?.[1] ?? NaN);

const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are checked field by field below
const json = async (r: Response): Promise<Record<string, any>> => (await r.json()) as Record<string, any>;

/** Starts today's deal of `game` for a new guest and plays it through the first legal action each time (a fixed way to play). */
async function playDaily(name: string, game: string): Promise<{ client: Client; token: string; code: string; first: string; moves: AnyAction[] }> {
  const g = await guest(server.url, name);
  const started = await json(await api(`${server.url}/api/daily/${game}`, { method: 'POST', ...auth(g.token) }));
  expect(started.ok).toBe(true);
  const client = new Client(server.url, g.token, name);
  await client.connected();
  expect((await client.req({ type: 'watch', code: started.code })).ok).toBe(true);
  const dealt = await client.until((u) => u.code === started.code && u.view !== null);
  const first = JSON.stringify({ hand: dealt.view!.hand, log: dealt.view!.log });
  const play = client.autoplay(started.code);
  await client.until((u) => u.code === started.code && u.status === 'finished', 60_000);
  play.stop();
  const end = client.latest.get(started.code)!;
  return { client, token: g.token, code: started.code, first, moves: end.view!.log as AnyAction[] };
}

describe('the daily deal', () => {
  it('two players get the same deal, the other hands stay hidden at the end until the day is over; the seed is never sent', async () => {
    const a = await playDaily('Kari', 'olsen');
    const b = await playDaily('Ola', 'olsen');
    expect(b.code).not.toBe(a.code);
    expect(b.first).toBe(a.first);
    // (The computer players' dice are each entry's own, so the same moves need not meet the same answers: bots.test.ts.)
    // The hands laid down at the end: the player's own, not the others' (they are the next player's deal too).
    // (A hand with no card left is no secret: it shows as empty.)
    const end = a.client.latest.get(a.code)!.view as { revealed: (string[] | null)[] | null };
    const hidden = (hands: (string[] | null)[]): boolean => hands.every((h) => h === null || h.length === 0) && hands.some((h) => h === null);
    expect(end.revealed![0]).toEqual(expect.any(Array));
    expect(hidden(end.revealed!.slice(1))).toBe(true);
    const spectator = new Client(server.url, (await guest(server.url, 'Tore')).token, 'Tore');
    await spectator.connected();
    await spectator.req({ type: 'watch', code: a.code });
    const seen = await spectator.until((u) => u.code === a.code && u.view !== null);
    expect(hidden((seen.view as unknown as { revealed: (string[] | null)[] }).revealed)).toBe(true);
    spectator.close();
    // The next day they are shown, as the record is.
    offset = 26 * 3600_000;
    const later = new Client(server.url, (await guest(server.url, 'Tore')).token, 'Tore');
    await later.connected();
    await later.req({ type: 'watch', code: a.code });
    const shown = await later.until((u) => u.code === a.code && u.view !== null);
    expect((shown.view as unknown as { revealed: unknown[] }).revealed.every(Array.isArray)).toBe(true);
    later.close();
    offset = 0;
    // The seed: in no frame, no HTTP answer.
    const store = openStore({ dataDir: config.dataDir });
    await store.init();
    const secret = await store.setting('daily-secret', () => 'unused');
    await store.close();
    const seed = dailySeed(secret, dayOf(Date.now()), 'olsen');
    for (const c of [a.client, b.client]) for (const f of c.raw) expect(f).not.toContain(seed);
    const answers = [
      await (await api(`${server.url}/api/daily/olsen`, auth(a.token))).text(),
      await (await api(`${server.url}/api/daily/history`, auth(a.token))).text(),
      await (await api(`${server.url}/api/daily`)).text(),
      await (await api(`${server.url}/api/tables/${a.code}`)).text(),
    ];
    for (const text of answers) expect(text).not.toContain(seed);
    // The table says it is the day's, and its game is played once.
    expect(a.client.latest.get(a.code)!.daily).toBe(true);
    const again1 = await a.client.req({ type: 'rematch', code: a.code });
    expect(again1.ok).toBe(false);
    if (!again1.ok) expect(again1.error.code).toBe('game_over');
    // A second start of the same day gives the same table back.
    const again = await json(await api(`${server.url}/api/daily/olsen`, { method: 'POST', ...auth(a.token) }));
    expect(again.code).toBe(a.code);
    a.client.close();
    b.client.close();
  }, 120_000);

  it("the day's list, the history, the own review; the record opens only when the day is over", async () => {
    const me = await playDaily('Siri', 'olsen-dk');
    const list = await json(await api(`${server.url}/api/daily/olsen-dk`, auth(me.token)));
    expect(list.over).toBe(false);
    const mine = list.rows.find((r: { name: string }) => r.name === 'Siri');
    expect(mine).toMatchObject({ finished: true, place: expect.any(Number), points: expect.any(Number), moves: expect.any(Number) });
    expect(typeof mine.gameId).toBe('string');
    const history = await json(await api(`${server.url}/api/daily/history`, auth(me.token)));
    expect(history.games[0]).toMatchObject({ game: 'olsen-dk', finished: true, gameId: mine.gameId });
    // Someone else sees the row but not the game's id while the day lasts.
    const other = await guest(server.url, 'Per');
    const seen = await json(await api(`${server.url}/api/daily/olsen-dk`, auth(other.token)));
    expect(seen.rows.find((r: { name: string }) => r.name === 'Siri').gameId).toBeNull();
    // The record is hidden today, for everyone.
    const hidden = await api(`${server.url}/api/games/${mine.gameId}/record`);
    expect(hidden.status).toBe(403);
    expect((await json(hidden)).error.code).toBe('daily_hidden');
    // The player's own review, made on the server from the player's views only; ten requests at once make one.
    const reviewsBefore = await reviewsMade();
    const answers = await Promise.all(Array.from({ length: 10 }, () => api(`${server.url}/api/daily/review/${mine.gameId}?lang=en`, auth(me.token)).then(json)));
    expect(await reviewsMade()).toBe(reviewsBefore + 1);
    const review = answers[0];
    for (const x of answers) expect(JSON.stringify(x)).toBe(JSON.stringify(review));
    expect(review.ok).toBe(true);
    expect(review.record).toBe(false);
    expect(review.review.seat).toBe(0);
    expect(review.review.decisions.length).toBeGreaterThan(0);
    for (const d of review.review.decisions) expect(d.view.seat).toBe(0);
    expect((await api(`${server.url}/api/daily/review/${mine.gameId}`, auth(other.token))).status).toBe(403);
    // The next day: the record is open, and the list gives every game's id.
    offset = 26 * 3600_000;
    expect((await api(`${server.url}/api/games/${mine.gameId}/record`)).status).toBe(200);
    const yesterday = await json(await api(`${server.url}/api/daily/olsen-dk?date=${dayOf(Date.now())}`));
    expect(yesterday.over).toBe(true);
    expect(yesterday.rows[0].gameId).toEqual(expect.any(String));
    me.client.close();
  }, 180_000);

  it('refuses a game there is no daily deal of, and a start without a guest token', async () => {
    const g = await guest(server.url, 'Nora');
    const bad = await api(`${server.url}/api/daily/poker`, { method: 'POST', ...auth(g.token) });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toMatch(/no daily deal of "poker"/);
    expect((await api(`${server.url}/api/daily/olsen`, { method: 'POST' })).status).toBe(401);
  });
});
