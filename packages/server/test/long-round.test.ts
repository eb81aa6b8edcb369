/**
 * A legal 40,000-action round on a real server: restored from its move log
 * after a restart, pushed to a seat as log deltas (not 40,000 entries a
 * frame), and, past the server's round limit, refused with a sentence
 * naming it.
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULTS, startServer, type OlsenServer } from '../src/index.js';
import { longRound } from '../../engine/test/helpers.js';
import { Client, testConfig } from './helpers.js';

describe('a 40,000-action round', () => {
  const servers: OlsenServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('S-V2: restores after a restart, plays on with small frames, and stops at OLSEN_MAX_ROUND_ACTIONS with a sentence', async () => {
    const N = 40_000;
    const cfg = testConfig({ limits: { ...testConfig().limits, roundActions: 100_000 } });
    const seeds = { seeds: () => 'long' };
    let server = await startServer(cfg, seeds);
    servers.push(server);
    const anne = await Client.open(server.url, 'Anne');
    const bo = await Client.open(server.url, 'Bo');
    const { code } = (await anne.req<{ code: string }>({ type: 'create', game: 'olsen', rules: { maxDraws: 'unlimited' }, seats: [{ kind: 'open' }] })) as { code: string };
    await bo.req({ type: 'join', code });
    await anne.req({ type: 'start', code });
    anne.close();
    bo.close();
    await server.close();

    // The round's moves go into the store as the server would have written them (the same seed deals the same cards).
    const { actions } = longRound(N, 'long');
    const db = new Database(`${cfg.dataDir}/olsen.sqlite`);
    const id = (db.prepare('SELECT id FROM tables WHERE code = ?').get(code) as { id: string }).id;
    const insert = db.prepare('INSERT INTO moves (table_id, game_no, seq, body) VALUES (?, 1, ?, ?)');
    db.transaction(() => actions.forEach((a, seq) => insert.run(id, seq, JSON.stringify({ action: a }))))();
    db.close();

    server = await startServer(cfg, seeds);
    servers.push(server);
    const anne2 = new Client(server.url, anne.token, 'Anne');
    const bo2 = new Client(server.url, bo.token, 'Bo');
    await Promise.all([anne2.connected(), bo2.connected()]);
    // Back at the table: the first frame is whole, every later one carries only the new entries.
    const first = await anne2.until((u) => u.code === code && u.view !== null);
    expect(first.view!.version).toBeGreaterThanOrEqual(N);
    expect(first.view!.log.length).toBe(N);
    const sizes: number[] = [];
    anne2.socket.on('table', (u: { logFrom?: number }) => sizes.push(JSON.stringify(u).length));
    const playA = anne2.autoplay(code, (legal) => legal.find((a) => 'draw' in a) ?? legal[0]);
    const playB = bo2.autoplay(code, (legal) => legal.find((a) => 'draw' in a) ?? legal[0]);
    const later = await anne2.until((u) => u.code === code && u.view!.log.length >= N + 20, 30_000);
    playA.stop();
    playB.stop();
    expect(later.view!.log.length).toBeGreaterThanOrEqual(N + 20);
    expect(Math.max(...sizes.slice(2))).toBeLessThan(8 * 1024);
    expect(anne2.raw.slice(-5).every((f) => JSON.parse(f).logFrom !== undefined)).toBe(true);
    anne2.close();
    bo2.close();
    await server.close();

    // With the default round limit the same table is restored, and a move is refused with a sentence naming the limit.
    server = await startServer({ ...cfg, limits: { ...cfg.limits, roundActions: DEFAULTS.limits.roundActions } }, seeds);
    servers.push(server);
    const anne3 = new Client(server.url, anne.token, 'Anne');
    await anne3.connected();
    const u = await anne3.until((x) => x.code === code && x.view !== null && x.view.version >= N);
    const { seat: _seat, ...action } = (u.view!.legal[0] ?? { draw: true }) as Record<string, unknown>;
    const r = await anne3.req({ type: 'act', code, version: u.view!.version, action });
    expect(r).toMatchObject({ ok: false, error: { code: 'over_limit', message: expect.stringContaining('OLSEN_MAX_ROUND_ACTIONS') } });
    anne3.close();
  }, 120_000);
});
