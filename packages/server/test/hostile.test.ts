/**
 * Bad input at the boundary: errors with clear codes, nothing corrupted,
 * the stated connection policy (rate limit, then `bye('abuse')`), and a
 * fuzzer that throws random and mutated messages at the server while other
 * tables play on.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { io } from 'socket.io-client';
import { verifyRecord, type AnyAction, type GameRecord } from '@olsen/engine';
import { ERROR_CODES } from '@olsen/protocol';
import { ConfigError, configFromEnv, openStore, startServer, type OlsenServer } from '../src/index.js';
import { Client, startTest, api, testConfig } from './helpers.js';

const codes = new Set<string>(ERROR_CODES);

describe('bad input', () => {
  let server: OlsenServer;
  let anne: Client;
  let bo: Client;
  let code: string;
  beforeAll(async () => {
    // People only, so nothing moves unless the test says so.
    server = await startTest();
    anne = await Client.open(server.url, 'Anne');
    bo = await Client.open(server.url, 'Bo');
    code = ((await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }] })) as { code: string }).code;
    await bo.req({ type: 'join', code });
    await anne.req({ type: 'start', code });
  });
  afterAll(async () => {
    anne.close();
    bo.close();
    await server.close();
  });

  it('refuses a connection without a valid token, with a code', async () => {
    for (const auth of [{}, { token: 'nope' }, { token: `${anne.token.split('.')[0]}.AAAA` }]) {
      const s = io(server.url, { auth, transports: ['websocket'], reconnection: false });
      const e = await new Promise<Error & { data?: { code: string } }>((r) => s.on('connect_error', r));
      expect(e.data?.code).toBe('auth_failed');
      s.close();
    }
  });

  it('names the rule when an action is out of turn or illegal, and refuses stale versions and other seats', async () => {
    const u = await anne.until((x) => x.code === code && x.view !== null);
    const version = u.view!.version;
    const mover = u.view!.toMove!;
    const [me, other] = mover === 0 ? [anne, bo] : [bo, anne];
    const outOfTurn = await other.req({ type: 'act', code, version, action: { draw: true } });
    expect(outOfTurn).toMatchObject({ ok: false, error: { code: 'not_your_turn', rule: expect.stringMatching(/^S/) } });
    const stale = await me.req({ type: 'act', code, version: version - 1, action: { draw: true } });
    expect(stale).toMatchObject({ ok: false, error: { code: 'stale_version' } });
    // A card the player does not hold (every card is someone's or the stock's).
    const mine = new Set(me.latest.get(code)!.view!.hand);
    const notMine = ['2c', '3c', '4c', '5c', '6c', '7c'].find((c) => !mine.has(c as never))!;
    const illegal = await me.req({ type: 'act', code, version, action: { play: [notMine] } });
    expect(illegal).toMatchObject({ ok: false, error: { code: 'illegal_action', rule: expect.stringMatching(/^S\d+/), message: expect.stringMatching(/\w+ \w+/) } });
    // The seat is never the client's to choose.
    const forOther = await me.req({ type: 'act', code, version, action: { draw: true, seat: 1 - mover } });
    expect(forOther).toMatchObject({ ok: false, error: { code: 'bad_message' } });
    const notSeated = await (await Client.open(server.url, 'Eve')).req({ type: 'act', code, version, action: { draw: true } });
    expect(notSeated).toMatchObject({ ok: false, error: { code: 'not_seated' } });
    // Nothing changed.
    expect(anne.latest.get(code)!.view!.version).toBe(version);
  });

  it('answers a flood with rate_limited, then closes the connection with bye(abuse)', async () => {
    const limited = await startTest({ rateLimit: { points: 5, seconds: 10 } });
    const c = await Client.open(limited.url, 'Flood');
    const bye = new Promise<string>((r) => c.socket.on('bye', r));
    const replies = await Promise.all(Array.from({ length: 12 }, () => c.req({ type: 'lobby' }).catch(() => null)));
    expect(replies.filter((r) => r?.ok === true)).toHaveLength(5);
    expect(replies.filter((r) => r && !r.ok && r.error.code === 'rate_limited').length).toBe(7);
    for (let i = 0; i < 20; i++) c.socket.emit('req', { type: 'lobby' }, () => undefined);
    expect(await bye).toBe('abuse');
    await new Promise((r) => setTimeout(r, 50));
    expect(c.socket.connected).toBe(false);
    c.close();
    await limited.close();
  });

  it('fuzz: random and mutated messages get error codes, and the other tables play on to the end', async () => {
    // Two tables of one person and three bots play while the fuzzer runs.
    const tables = await Promise.all([0, 1].map(async (i) => {
      const p = await Client.open(server.url, `Player${i}`);
      const c = ((await p.req<{ code: string }>({ type: 'create', game: i === 0 ? 'olsen' : 'olsen-dk', seats: [{ kind: 'bot', level: 'medium' }, { kind: 'bot', level: 'easy' }, { kind: 'bot', level: 'random' }] })) as { code: string }).code;
      await p.req({ type: 'start', code: c });
      const auto = p.autoplay(c, (legal: readonly AnyAction[]) => legal[0]);
      return { p, c, auto };
    }));
    let hostile = await Client.open(server.url, 'Mallory');
    let kicked = 0;
    const valid = [
      { type: 'lobby' },
      { type: 'join', code },
      { type: 'watch', code: tables[0].c },
      { type: 'act', code: tables[0].c, version: 3, action: { play: ['8s'], suit: 'h' } },
      { type: 'act', code, version: 1, action: { give: ['2c', '3c', '4c'] } },
      { type: 'create', game: 'olsen-dk', rules: { pass: 'left' }, seats: [{ kind: 'open' }, { kind: 'open' }] },
      { type: 'start', code: tables[1].c },
      { type: 'rematch', code },
      { type: 'leave', code: tables[1].c },
    ];
    const mutant = fc.oneof(
      fc.anything(),
      fc.constantFrom(...valid).chain((m) =>
        fc.record({ key: fc.constantFrom(...Object.keys(m), 'seat', '__proto__', 'constructor'), value: fc.oneof(fc.anything(), fc.string({ maxLength: 3000 }), fc.integer(), fc.constant(null)) })
          .map(({ key, value }) => ({ ...m, [key]: value })),
      ),
      fc.constantFrom(...valid),
    );
    const samples = fc.sample(mutant, { numRuns: 400, seed: 42 });
    let answered = 0;
    for (const m of samples) {
      // The abuse policy closes the connection after 20 strikes a minute: come back, as an attacker would.
      if (!hostile.socket.connected) {
        kicked++;
        hostile.close();
        hostile = await Client.open(server.url, 'Mallory');
      }
      hostile.ackTimeoutMs = 2000;
      const r = await hostile.req(m as Record<string, unknown>).catch(() => null);
      if (!r) continue;
      answered++;
      if (!r.ok) expect(codes.has(r.error.code), JSON.stringify(r.error)).toBe(true);
    }
    // Events that are not requests, and requests without a callback, are ignored.
    hostile.socket.emit('table', { code: 'XXXXXX' });
    hostile.socket.emit('req', { type: 'lobby' });
    expect(answered).toBeGreaterThan(300);
    expect(kicked).toBeGreaterThan(0);
    for (const t of tables) {
      const end = await t.p.until((u) => u.code === t.c && u.status === 'finished', 120_000);
      t.auto.stop();
      const record = (await (await api(`${server.url}/api/games/${end.recordId}/record`)).json()) as GameRecord;
      expect(verifyRecord(record).ok).toBe(true);
      t.p.close();
    }
    expect((await (await api(`${server.url}/healthz`)).json()) as object).toMatchObject({ ok: true });
    hostile.close();
  });
});

describe('configuration', () => {
  it('a broken setting stops the server with a sentence naming the variable', () => {
    expect(() => configFromEnv({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => configFromEnv({ PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
    expect(() => configFromEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a PostgreSQL URL/);
    expect(() => configFromEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
    expect(() => configFromEnv({ OLSEN_SECRET: 'short' })).toThrow(/OLSEN_SECRET/);
    expect(configFromEnv({})).toMatchObject({ port: 8080, host: '127.0.0.1', databaseUrl: null, dataDir: 'data' });
  });
});

describe('static files', () => {
  it('serves only what is inside the web folder, with or without a trailing slash, and never a web folder that holds the data', async () => {
    const base = mkdtempSync(join(tmpdir(), 'olsen-static-'));
    mkdirSync(join(base, 'web'));
    writeFileSync(join(base, 'web', 'index.html'), '<!doctype html><title>Olsen</title>');
    mkdirSync(join(base, 'web-secret'));
    writeFileSync(join(base, 'web-secret', 'secret.txt'), 'SECRET');
    writeFileSync(join(base, 'outside.txt'), 'SECRET');
    for (const webDir of [join(base, 'web'), `${join(base, 'web')}/`]) {
      const server = await startTest({ webDir, dataDir: join(base, 'data') });
      try {
        expect(await (await api(`${server.url}/`)).text()).toContain('<title>Olsen</title>');
        for (const path of ['/..%2fweb-secret%2fsecret.txt', '/../web-secret/secret.txt', '/%2e%2e/outside.txt', '/..%2f..%2foutside.txt', '/%2e%2e%2fweb-secret/secret.txt']) {
          const res = await api(`${server.url}${path}`);
          expect(await res.text(), `${webDir} ${path}`).not.toContain('SECRET');
        }
      } finally {
        await server.close();
      }
    }
    // The database inside the web folder: refused before anything is served.
    await expect(startTest({ webDir: join(base, 'web'), dataDir: join(base, 'web', 'data') })).rejects.toThrow(/contains DATA_DIR/);
  });
});

describe('hostile input at a real server', () => {
  let server: OlsenServer;
  beforeAll(async () => {
    server = await startTest();
  });
  afterAll(async () => {
    await server.close();
  });

  it('names: control and format characters, only invisible ones, a computer player\'s look and 50 MB are refused with a sentence, never a 500', async () => {
    // Invisible ones too: the Hangul filler (a letter by category), the braille blank, a lone surrogate.
    for (const name of ['Ka\u0000ri', 'Ka\nri', '\u202eKari', '\u200b\u200b', 'Kari (bot)', 'Kari（bot）', 'x'.repeat(50_000), '\u3164', '\u3164\u3164 ', '\u2800', '\uFFA0', 'a\ud800', '\udc00b']) {
      const res = await api(`${server.url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
      expect(res.status, JSON.stringify(name.slice(0, 10))).toBe(400);
      const body = (await res.json()) as { error: { message: string } };
      expect(body.error.message.length).toBeLessThan(200);
    }
    const ok = await api(`${server.url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: ' A\u030Ase ' }) });
    expect(((await ok.json()) as { player: { name: string } }).player.name).toBe('Åse');
  });

  it('option names of the object prototype (toString, constructor, __proto__ …) are unknown house rules in every game: bad_options, not internal, never dropped', async () => {
    const anne = await Client.open(server.url, 'Anne');
    for (const key of ['toString', 'valueOf', 'hasOwnProperty', 'constructor', '__proto__', 'prototype']) {
      // A computed key makes an own property, even `__proto__`, as JSON.parse does on the server.
      const r = await anne.req({ type: 'create', game: 'olsen', rules: { [key]: 1 }, seats: [{ kind: 'bot', level: 'random' }] });
      expect(r, key).toMatchObject({ ok: false, error: { code: 'bad_options', message: `Unknown house rule '${key}'.` } });
      const dk = await anne.req({ type: 'create', game: 'olsen-dk', rules: { [key]: 1 }, seats: [{ kind: 'bot', level: 'random' }, { kind: 'bot', level: 'random' }] });
      expect(dk, key).toMatchObject({ ok: false, error: { code: 'bad_options', message: `Unknown house rule '${key}' for Danish Olsen.` } });
    }
    anne.close();
  });

  it('a player who left a running game cannot act for the seat the computer now plays, until joining again', async () => {
    const anne = await Client.open(server.url, 'Anne');
    const bo = await Client.open(server.url, 'Bo');
    const code = ((await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }], fillLevel: 'random' })) as { code: string }).code;
    await bo.req({ type: 'join', code });
    await anne.req({ type: 'start', code });
    const u = await bo.until((x) => x.code === code && x.view !== null);
    expect(await bo.req({ type: 'leave', code })).toEqual({ ok: true });
    const r = await bo.req({ type: 'act', code, version: u.view!.version, action: { draw: true } });
    expect(r).toMatchObject({ ok: false, error: { code: 'not_seated' } });
    expect((await bo.req({ type: 'join', code })).ok).toBe(true);
    anne.close();
    bo.close();
  });
});

describe('faults in answers', () => {
  it('a store fault answers 500 with a sentence and the code internal, never the driver\'s words', async () => {
    const base = testConfig();
    const store = openStore({ dataDir: base.dataDir });
    const failing = Object.assign(Object.create(Object.getPrototypeOf(store)) as typeof store, store, {
      stats: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      },
    });
    const server = await startServer(base, { store: failing });
    try {
      const res = await api(`${server.url}/api/players/someone/stats`);
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).not.toContain('ECONNREFUSED');
      expect(JSON.parse(text)).toMatchObject({ ok: false, error: { code: 'internal' } });
    } finally {
      await server.close();
    }
  });
});
