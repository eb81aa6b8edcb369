/**
 * Issue 50: Web Push, against a local HTTP endpoint acting as the push service. The request it receives is
 * VAPID-signed (the JWT checked with the server's public key) and its aes128gcm body is decrypted here with the
 * subscription's own keys (real ECDH, RFC 8291/8188); the payload names the game and the others, never a card.
 * A 410 removes the subscription. Endpoints that lead to private addresses are refused.
 */
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OlsenServer } from '../src/index.js';
import { checkEndpoint } from '../src/push.js';
import { Client, Shared, api, guest, startTest } from './helpers.js';

const b64 = (b: Buffer): string => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer): Buffer => createHmac('sha256', key).update(data).digest();

/** RFC 8291 with RFC 8188's aes128gcm: the plaintext a push service's request carries for this subscription. */
function decrypt(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  expect(records.length).toBeLessThanOrEqual(rs);
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const ikm = hmac(hmac(authSecret, ecdhSecret), Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(records.subarray(records.length - 16));
  const plain = Buffer.concat([d.update(records.subarray(0, records.length - 16)), d.final()]);
  // The last record ends with the delimiter 2, then zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  expect(plain[end]).toBe(2);
  return plain.subarray(0, end).toString('utf8');
}

/** The VAPID header's JWT, checked with the server's public key (ES256, raw r‖s). */
function checkVapid(header: string, publicKey: string, audience: string): void {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(header);
  expect(m, header).not.toBeNull();
  expect(m![2]).toBe(publicKey);
  const [h, p, s] = m![1]!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33, 65)) }, format: 'jwk' });
  expect(verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s!, 'base64url'))).toBe(true);
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  expect(claims.aud).toBe(audience);
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
}

/** A push service on loopback speaking https (as every real one, a self-signed certificate for 127.0.0.1 made here):
 * it keeps each request and answers the status `answer` gives for the n-th one. */
function pushService(answer: (n: number) => number): { received: { headers: IncomingMessage['headers']; body: Buffer }[]; cert: string; service: ReturnType<typeof createServer> } {
  const received: { headers: IncomingMessage['headers']; body: Buffer }[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'olsen-push-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
  const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
  const service = createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer(received.length)).end();
    });
  });
  return { received, cert, service };
}

describe('issue 50: Web Push', () => {
  let server: OlsenServer;
  // The first push is taken; after it the device is gone (410), as when a browser's subscription expired.
  const { received, cert, service } = pushService((n) => (n === 1 ? 201 : 410));
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
    origin = `https://127.0.0.1:${(service.address() as AddressInfo).port}`;
    server = await startTest({ pushAllowPrivate: true, pushCa: cert, turnBasedMoveSeconds: 2 });
  });
  afterAll(async () => {
    await server.close();
    service.close();
  });

  it('tells a person away from a turn-based table it is their turn, and reminds them when a quarter of the time is left: VAPID-signed, encrypted for the device, no card in it; a 410 removes the device', async () => {
    const anne = await Client.open(server.url, 'Mormor');
    const boGuest = await guest(server.url, 'Bo');
    const bo = new Client(server.url, boGuest.token, 'Bo');
    await bo.connected();
    const { publicKey } = (await (await api(`${server.url}/api/push/key`)).json()) as { publicKey: string };
    const device = createECDH('prime256v1');
    device.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `${origin}/push/bo-phone`;
    const sub = await api(`${server.url}/api/push/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bo.token}` }, body: JSON.stringify({ endpoint, keys: { p256dh: b64(device.getPublicKey()), auth: b64(auth) }, lang: 'nb' }) });
    expect(await sub.json()).toEqual({ ok: true });
    const made = await anne.req<{ code: string }>({ type: 'create', game: 'vri-atter', moveHours: 24, seats: [{ kind: 'open' }] });
    if (!made.ok) throw new Error(made.error.message);
    expect((await bo.req({ type: 'join', code: made.code })).ok).toBe(true);
    expect((await anne.req({ type: 'start', code: made.code })).ok).toBe(true);
    // Bo's page goes out of view, then closes: either way he is not looking, and the push comes on his turn.
    expect(await bo.req({ type: 'look', code: made.code, visible: false })).toEqual({ ok: true });
    bo.close();
    const auto = anne.autoplay(made.code);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const first = received[0]!;
    expect(first.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(first.headers.ttl)).toBeGreaterThan(0);
    checkVapid(String(first.headers.authorization), publicKey, origin);
    const message = JSON.parse(decrypt(first.body, device, auth)) as { title: string; body: string; url: string; tag: string; waiting?: number };
    expect(message.title).toBe('Din tur i Vri åtter med Mormor');
    // The app's badge: the turn-based games waiting for Bo's move (this one).
    expect(message.waiting).toBe(1);
    expect(message.url).toBe(`/#/t/${made.code}`);
    // No card of anyone's hand: no card code, no suit word.
    expect(JSON.stringify(message)).not.toMatch(/\b[2-9TJQKA][cdhs]\b|kløver|ruter|hjerter|spar\b/);
    // A quarter of his time left and still no move: a reminder (the turn's push service answers 410 from now on).
    const bodies = (): { title: string; body: string }[] => received.slice(1).map((r) => JSON.parse(decrypt(r.body, device, auth)) as { title: string; body: string });
    await expect.poll(() => bodies().some((m) => m.title === 'Din tur i Vri åtter med Mormor' && /^Snart tid: under en time igjen til datamaskinen trekker for deg\.$/.test(m.body)), { timeout: 10_000 }).toBe(true);
    auto.stop();
    // At another table, Bo's turn again: the push service answers 410 (gone), and the subscription is removed.
    const again = await anne.req<{ code: string }>({ type: 'create', game: 'vri-atter', moveHours: 24, seats: [{ kind: 'open' }] });
    if (!again.ok) throw new Error(again.error.message);
    const bo2 = new Client(server.url, boGuest.token, 'Bo');
    expect((await bo2.req({ type: 'join', code: again.code })).ok).toBe(true);
    bo2.close();
    expect((await anne.req({ type: 'start', code: again.code })).ok).toBe(true);
    const auto2 = anne.autoplay(again.code);
    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(1);
    await expect.poll(async () => (await server.store.pushSubscriptions(boGuest.id)).length, { timeout: 5000 }).toBe(0);
    auto2.stop();
    anne.close();
  }, 60_000);

  it('refuses an endpoint that is not https or that leads to a private, loopback or link-local address, resolved', async () => {
    expect((await checkEndpoint('http://push.example.com/x', false, async () => ['93.184.216.34'])).ok).toBe(false);
    expect((await checkEndpoint('https://push.example.com/x', false, async () => ['93.184.216.34'])).ok).toBe(true);
    for (const a of ['127.0.0.1', '10.1.2.3', '192.168.1.5', '172.20.0.1', '169.254.169.254', '::1', 'fe80::1', 'fd00::1', '0.0.0.0', '::ffff:127.0.0.1'])
      expect((await checkEndpoint('https://innocent.example.com/x', false, async () => [a])).ok, a).toBe(false);
    // One private address among public ones is enough to refuse (a name that resolves to both).
    expect((await checkEndpoint('https://mixed.example.com/x', false, async () => ['93.184.216.34', '10.0.0.1'])).ok).toBe(false);
    expect((await checkEndpoint('https://[::1]/x', false)).ok).toBe(false);
    expect((await checkEndpoint('https://user:pw@push.example.com/x', false, async () => ['93.184.216.34'])).ok).toBe(false);
    const bo = await Client.open(server.url, 'Bo');
    const r = await api(`${server.url}/api/push/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bo.token}` }, body: JSON.stringify({ endpoint: 'ftp://x/y', keys: { p256dh: 'AAAA', auth: 'AAAA' } }) });
    expect(r.status).toBe(400);
    bo.close();
  });
});

describe('issue 50: Web Push with several processes', () => {
  const { received, cert, service } = pushService(() => 201);
  const shared = new Shared('push_x');
  afterAll(async () => {
    await shared.close();
    service.close();
  });

  it('a person whose page of the table is hidden on one process is told when a move on the other makes it their turn', async () => {
    await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
    const origin = `https://127.0.0.1:${(service.address() as AddressInfo).port}`;
    const [a, b] = [await shared.start({ pushAllowPrivate: true, pushCa: cert }), await shared.start({ pushAllowPrivate: true, pushCa: cert })];
    const bo = await shared.person(a.url, 'Bo');
    const anne = await shared.person(b.url, 'Mormor');
    const device = createECDH('prime256v1');
    device.generateKeys();
    const auth = randomBytes(16);
    const sub = await api(`${a.url}/api/push/subscribe`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bo.client.token}` }, body: JSON.stringify({ endpoint: `${origin}/push/bo`, keys: { p256dh: b64(device.getPublicKey()), auth: b64(auth) }, lang: 'nb' }) });
    expect(await sub.json()).toEqual({ ok: true });
    const made = await anne.client.req<{ code: string }>({ type: 'create', game: 'vri-atter', moveHours: 24, seats: [{ kind: 'open' }] });
    if (!made.ok) throw new Error(made.error.message);
    expect((await bo.client.req({ type: 'join', code: made.code })).ok).toBe(true);
    // Bo's page, open on process a, goes out of view; Mormor plays on process b (only b hears of the move first).
    expect(await bo.client.req({ type: 'look', code: made.code, visible: false })).toEqual({ ok: true });
    expect((await anne.client.req({ type: 'start', code: made.code })).ok).toBe(true);
    const auto = anne.client.autoplay(made.code);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    auto.stop();
    const message = JSON.parse(decrypt(received[0]!.body, device, auth)) as { title: string; url: string; waiting?: number };
    expect(message).toMatchObject({ title: 'Din tur i Vri åtter med Mormor', url: `/#/t/${made.code}`, waiting: 1 });
  }, 60_000);
});
