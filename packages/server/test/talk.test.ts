/**
 * Issue 38 (6, 7) on a real server: reactions reach the table's followers, only from a seated person, from the
 * fixed set, at most so many a minute; a profile code moves a guest to another device once, and guessing codes
 * is slowed like guessing table codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReactionPush } from '@olsen/protocol';
import { DEFAULTS, type OlsenServer } from '../src/index.js';
import { Client, api, startTest } from './helpers.js';

describe('table talk and profile codes', () => {
  let server: OlsenServer;
  beforeAll(async () => {
    server = await startTest({ limits: { ...DEFAULTS.limits, httpPerMinute: 1_000_000, guestsPerHour: 1_000_000, reactionsPerMinute: 3, codeMissesPerMinute: 3 } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('a reaction goes to everyone at the table with the sender\'s seat; a spectator, a stranger and a made-up reaction are refused; the fourth in a minute is refused', async () => {
    const anne = await Client.open(server.url, 'Anne');
    const bo = await Client.open(server.url, 'Bo');
    const cleo = await Client.open(server.url, 'Cleo');
    const code = ((await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }] })) as { code: string }).code;
    expect(await bo.req({ type: 'join', code })).toEqual({ ok: true, seat: 1 });
    expect(await cleo.req({ type: 'watch', code })).toEqual({ ok: true });
    const heard: ReactionPush[] = [];
    cleo.socket.on('reaction', (r: ReactionPush) => heard.push(r));
    expect(await bo.req({ type: 'react', code, reaction: 'wellPlayed' })).toEqual({ ok: true });
    await expect.poll(() => heard).toEqual([{ code, seat: 1, reaction: 'wellPlayed' }]);
    expect(await cleo.req({ type: 'react', code, reaction: 'laugh' })).toMatchObject({ ok: false, error: { code: 'not_seated' } });
    expect(await (await Client.open(server.url, 'Dag')).req({ type: 'react', code, reaction: 'laugh' })).toMatchObject({ ok: false, error: { code: 'not_seated' } });
    expect(await bo.req({ type: 'react', code, reaction: 'you are bad' })).toMatchObject({ ok: false, error: { code: 'bad_message' } });
    expect(await bo.req({ type: 'react', code, reaction: 'heart' })).toEqual({ ok: true });
    expect(await bo.req({ type: 'react', code, reaction: 'clap' })).toEqual({ ok: true });
    expect(await bo.req({ type: 'react', code, reaction: 'clap' })).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    for (const c of [anne, bo, cleo]) c.close();
  });

  it('a profile code moves the guest (same id, name, avatar, what the device kept) once; expired or made-up codes name nothing, and guessing is slowed', async () => {
    const post = (path: string, body: unknown, token?: string): Promise<Response> =>
      api(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    const guest = (await (await post('/api/guest', { name: 'Mormor', avatar: { face: '🦉', color: 'green' } })).json()) as { token: string; player: { id: string } };
    expect((await post('/api/profile/code', {})).status).toBe(401);
    const made = (await (await post('/api/profile/code', { local: { olsen: { games: 2, wins: 1, places: 3 } } }, guest.token)).json()) as { ok: true; code: string; expiresAt: number };
    expect(made.code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(made.expiresAt - Date.now()).toBeGreaterThan(9 * 60_000);
    const taken = (await (await post('/api/profile/redeem', { code: made.code.toLowerCase().replace(/-/g, ' ') })).json()) as { ok: true; token: string; player: { id: string; name: string; avatar: unknown }; local: unknown };
    expect(taken.player).toEqual({ id: guest.player.id, name: 'Mormor', avatar: { face: '🦉', color: 'green' } });
    expect(taken.local).toEqual({ olsen: { games: 2, wins: 1, places: 3 } });
    // The token works: it names the same player.
    const me = new Client(server.url, taken.token, 'Mormor');
    await me.connected();
    expect((await me.req({ type: 'lobby' })).ok).toBe(true);
    me.close();
    // Once only; then misses count against the address until it must wait.
    expect((await post('/api/profile/redeem', { code: made.code })).status).toBe(404);
    expect((await post('/api/profile/redeem', { code: 'AAAA-BBBB-CCCC' })).status).toBe(404);
    expect((await post('/api/profile/redeem', { code: 'nonsense' })).status).toBe(404);
    expect((await post('/api/profile/redeem', { code: 'AAAA-BBBB-CCCD' })).status).toBe(429);
  });

  it('issue 51 (4): a guest makes at most ten profile codes an hour (told why); another guest at the same address still may', async () => {
    const post = (path: string, body: unknown, token?: string): Promise<Response> =>
      api(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    const make = async (name: string): Promise<string> => ((await (await post('/api/guest', { name })).json()) as { token: string }).token;
    const [many, other] = [await make('Mange'), await make('Annen')];
    for (let i = 0; i < 10; i++) expect((await post('/api/profile/code', {}, many)).status).toBe(200);
    const refused = await post('/api/profile/code', {}, many);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ ok: false, error: { code: 'rate_limited', message: expect.stringMatching(/This profile has made 10 codes/) } });
    expect((await post('/api/profile/code', {}, other)).status).toBe(200);
  });
});
