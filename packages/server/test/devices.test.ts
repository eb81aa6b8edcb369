/**
 * Issue 51 (4): the devices a profile is on. A profile moved with a code is on two devices; each is listed with
 * what it said it is and when it was last seen; one signs the other out, whose tokens are then refused at every
 * door (HTTP, a new connection) and whose open connection closes — on one process, and across two on PostgreSQL
 * and Redis (the sign-out made on one, the connection held by the other, and a process started afterwards).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { DEFAULTS, type OlsenServer } from '../src/index.js';
import { deviceLabel } from '../src/devices.js';
import { Client, Shared, api, startTest } from './helpers.js';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

interface Listed { id: string; label: string; createdAt: number; lastSeenAt: number; current: boolean }
const send = (url: string, path: string, o: { body?: unknown; token?: string; ua?: string; method?: string } = {}): Promise<Response> =>
  api(`${url}${path}`, {
    method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
    headers: { ...(o.body === undefined ? {} : { 'content-type': 'application/json' }), ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...(o.ua ? { 'user-agent': o.ua } : {}) },
    ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }),
  });
const json = async <T>(r: Promise<Response>): Promise<T> => (await (await r).json()) as T;

/** A guest made on the phone, moved with a code to the laptop: both tokens. */
async function twoDevices(url: string, name: string, second = url): Promise<{ phone: string; laptop: string; id: string }> {
  const g = await json<{ token: string; player: { id: string } }>(send(url, '/api/guest', { body: { name }, ua: PHONE }));
  const made = await json<{ code: string }>(send(url, '/api/profile/code', { body: {}, token: g.token }));
  const taken = await json<{ token: string; player: { id: string } }>(send(second, '/api/profile/redeem', { body: { code: made.code }, ua: LAPTOP }));
  expect(taken.player.id).toBe(g.player.id);
  return { phone: g.token, laptop: taken.token, id: g.player.id };
}

/** Whether a socket.io connection with `token` is let in (true) or refused (its error code). */
function handshake(url: string, token: string): Promise<true | string> {
  return new Promise((resolve) => {
    const s = io(url, { auth: { token }, transports: ['websocket'], reconnection: false });
    s.on('connect', () => (s.disconnect(), resolve(true)));
    s.on('connect_error', (e: Error & { data?: { code?: string } }) => (s.disconnect(), resolve(e.data?.code ?? e.message)));
  });
}

describe('a profile on several devices', () => {
  let server: OlsenServer;
  beforeAll(async () => {
    server = await startTest({ limits: { ...DEFAULTS.limits, httpPerMinute: 1_000_000, guestsPerHour: 1_000_000 } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('says what a device is in a few words', () => {
    expect(deviceLabel(PHONE)).toBe('Chrome · Android');
    expect(deviceLabel(LAPTOP)).toBe('Safari · Mac');
    expect(deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1')).toBe('Safari · iPhone');
    expect(deviceLabel(undefined)).toBe('');
  });

  it('lists both devices (the one asking marked); one signs the other out: its token is refused at every door and its connection closes', async () => {
    const { phone, laptop, id } = await twoDevices(server.url, 'Mormor');
    const fromLaptop = await json<{ ok: true; devices: Listed[] }>(send(server.url, '/api/profile/devices', { token: laptop }));
    expect(fromLaptop.devices.map((d) => [d.label, d.current]).sort()).toEqual([['Chrome · Android', false], ['Safari · Mac', true]]);
    for (const d of fromLaptop.devices) expect(Math.abs(d.lastSeenAt - Date.now())).toBeLessThan(60_000);
    expect((await send(server.url, '/api/profile/devices')).status).toBe(401);

    // The phone is at the lobby when the laptop signs it out.
    const onPhone = new Client(server.url, phone, 'Mormor');
    await onPhone.connected();
    expect((await onPhone.req({ type: 'lobby' })).ok).toBe(true);
    const closed = new Promise<string>((r) => onPhone.socket.once('disconnect', r));
    const phoneId = fromLaptop.devices.find((d) => !d.current)!.id;
    const laptopId = fromLaptop.devices.find((d) => d.current)!.id;
    // Not the device asking (that one forgets its profile itself), and not another profile's.
    expect((await send(server.url, `/api/profile/devices/${laptopId}/sign-out`, { body: {}, token: laptop })).status).toBe(400);
    const stranger = await json<{ token: string }>(send(server.url, '/api/guest', { body: { name: 'Ola' } }));
    expect((await send(server.url, `/api/profile/devices/${phoneId}/sign-out`, { body: {}, token: stranger.token })).status).toBe(404);
    expect(await json(send(server.url, `/api/profile/devices/${phoneId}/sign-out`, { body: {}, token: laptop }))).toEqual({ ok: true });
    expect(await closed).toBe('io server disconnect');
    onPhone.close();

    // Every door refuses the phone's token; the laptop's still works, and lists one device.
    expect((await send(server.url, '/api/profile/devices', { token: phone })).status).toBe(401);
    expect((await send(server.url, '/api/my-tables', { token: phone })).status).toBe(401);
    expect(await handshake(server.url, phone)).toBe('auth_failed');
    expect(await handshake(server.url, laptop)).toBe(true);
    expect((await json<{ devices: Listed[] }>(send(server.url, '/api/profile/devices', { token: laptop }))).devices.map((d) => d.label)).toEqual(['Safari · Mac']);
    // Signed out once: a second time names nothing.
    expect((await send(server.url, `/api/profile/devices/${phoneId}/sign-out`, { body: {}, token: laptop })).status).toBe(404);
    // The phone asks again as a guest of the same name: a new player, not the profile it was signed out of.
    const again = await json<{ player: { id: string } }>(send(server.url, '/api/guest', { body: { name: 'Mormor', token: phone }, ua: PHONE }));
    const mine = await json<{ devices: Listed[] }>(send(server.url, '/api/profile/devices', { token: laptop }));
    expect(mine.devices).toHaveLength(1);
    expect(again.player.id).not.toBe(id);
  });

  it('a new name keeps the device: the same token device, listed once', async () => {
    const g = await json<{ token: string }>(send(server.url, '/api/guest', { body: { name: 'Kari' }, ua: PHONE }));
    const renamed = await json<{ token: string }>(send(server.url, '/api/guest', { body: { name: 'Kari N.', token: g.token }, ua: PHONE }));
    const listed = await json<{ devices: Listed[] }>(send(server.url, '/api/profile/devices', { token: renamed.token }));
    expect(listed.devices).toHaveLength(1);
    expect(listed.devices[0].current).toBe(true);
    // The old token (the same device) is still this device.
    expect((await json<{ devices: Listed[] }>(send(server.url, '/api/profile/devices', { token: g.token }))).devices[0].current).toBe(true);
  });
});

describe('signing a device out with several processes (PostgreSQL, Redis)', () => {
  const shared = new Shared('devices_x');
  afterAll(async () => {
    await shared.close();
  });

  it('signed out on one process: the other closes its connection and refuses its token; a process started later refuses it too', async () => {
    const limits = { ...DEFAULTS.limits, httpPerMinute: 1_000_000, guestsPerHour: 1_000_000 };
    const [a, b] = [await shared.start({ limits }), await shared.start({ limits })];
    const { phone, laptop } = await twoDevices(a.url, 'Bestemor', b.url);
    const onB = shared.connect(b.url, phone, 'Bestemor');
    await onB.connected();
    const closed = new Promise<string>((r) => onB.socket.once('disconnect', r));
    const phoneId = (await json<{ devices: Listed[] }>(send(a.url, '/api/profile/devices', { token: laptop }))).devices.find((d) => !d.current)!.id;
    expect(await json(send(a.url, `/api/profile/devices/${phoneId}/sign-out`, { body: {}, token: laptop }))).toEqual({ ok: true });
    expect(await closed).toBe('io server disconnect');
    expect((await send(b.url, '/api/profile/devices', { token: phone })).status).toBe(401);
    expect(await handshake(b.url, phone)).toBe('auth_failed');
    const c = await shared.start({ limits });
    expect((await send(c.url, '/api/profile/devices', { token: phone })).status).toBe(401);
    expect((await send(c.url, '/api/profile/devices', { token: laptop })).status).toBe(200);
  });
});
