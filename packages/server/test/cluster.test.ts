/**
 * Scale-out: two real server processes on one PostgreSQL and one Redis,
 * behind a round-robin balancer. Four people spread over both play a game
 * with a bot and a turn timer; one process is killed with SIGKILL mid-game;
 * its clients reconnect through the other and the game completes with every
 * acknowledged action in the record exactly once.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Redis } from 'ioredis';
import { verifyRecord, type AnyAction, type GameRecord } from '@olsen/engine';
import type { TableUpdate } from '@olsen/protocol';
import { configFromEnv, ConfigError, startServer } from '../src/index.js';
import { Client, PG_URL, dropShared, testConfig, api } from './helpers.js';
import { REDIS_URL } from '../../../test/services.js';
import { Balancer, freePort, launch } from './processes.js';
import { replaySteps } from './replay.js';

/** The first legal action but one in three at random: a game of steady length. */
const random = (legal: readonly AnyAction[]): AnyAction => legal[Math.random() < 0.67 ? 0 : Math.floor(Math.random() * legal.length)];

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  for (const f of cleanups) await f().catch(() => undefined);
});

async function cluster(name: string, extra: Record<string, string> = {}): Promise<{ balancer: Balancer; url: string; procs: { port: number; child: ChildProcess }[]; env: Record<string, string> }> {
  const schema = `${name}_${process.pid}_${Date.now()}`;
  const prefix = `test-${schema}`;
  const env: Record<string, string> = {
    DATABASE_URL: PG_URL,
    OLSEN_DB_SCHEMA: schema,
    REDIS_URL,
    OLSEN_REDIS_PREFIX: prefix,
    LOG_LEVEL: 'error',
    OLSEN_BOT_DELAY_MS: '2',
    OLSEN_ROUND_PAUSE_MS: '5',
    OLSEN_RATE_LIMIT: '100000',
    ...extra,
  };
  const procs: { port: number; child: ChildProcess }[] = [];
  // One after the other: the first creates the schema.
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const child = await launch({ ...env, PORT: String(port) });
    children.push(child);
    procs.push({ port, child });
  }
  const balancer = new Balancer(procs.map((p) => p.port));
  await balancer.listen();
  cleanups.push(async () => {
    await balancer.close();
    await dropShared(schema, prefix);
  });
  return { balancer, url: `http://127.0.0.1:${balancer.port}`, procs, env };
}

describe('two server processes on PostgreSQL and Redis', () => {
  it('four people on both processes, a bot and a turn timer; kill -9 one process mid-game: the game completes through the other, no acknowledged action lost or doubled', async () => {
    const { url, procs, env } = await cluster('cluster');
    const names = ['Anne', 'Bo', 'Cai', 'Dag'];
    const clients: Client[] = [];
    for (const n of names) {
      const c = await Client.open(url, n);
      c.ackTimeoutMs = 3000;
      clients.push(c);
    }
    // The balancer spread the four connections over both processes (each process counts its own).
    const connections = async (port: number): Promise<number> => ((await (await api(`http://127.0.0.1:${port}/healthz`)).json()) as { connections: number }).connections;
    const spread = await Promise.all(procs.map((p) => connections(p.port)));
    expect(spread.every((n) => n >= 1), `connections per process: ${spread.join(', ')}`).toBe(true);
    const [anne, ...others] = clients;
    const created = (await anne.req<{ code: string }>({
      type: 'create', game: 'vri-atter', turnSeconds: 5,
      seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }, { kind: 'bot', level: 'medium' }],
    })) as { ok: true; code: string };
    expect(created.ok).toBe(true);
    const code = created.code;
    for (const c of others) expect((await c.req({ type: 'join', code })).ok).toBe(true);
    expect(await anne.req({ type: 'start', code })).toEqual({ ok: true });

    // Anne, Bo and Cai play at once; Dag lets the turn timer play their first turn, then plays too.
    const players = [anne, others[0], others[1]].map((c) => c.autoplay(code, random));
    const dag = others[2];
    const firstDagTurn = await dag.until((u) => u.code === code && u.view !== null && u.deadline !== null && u.view.legal.some((a) => !('catch' in a)));
    const timed = await dag.until((u) => u.code === code && u.view !== null && u.view.version > firstDagTurn.view!.version, 20_000);
    expect(timed.view!.version).toBeGreaterThan(firstDagTurn.view!.version);
    players.push(dag.autoplay(code, random));

    // Kill the first process, with its clients, well into the game.
    await anne.until((u) => u.code === code && (u.view?.version ?? 0) >= 30, 60_000).catch((e: unknown) => {
      if (process.env.OLSEN_TEST_DEBUG) for (const c of clients) { const u = c.latest.get(code); console.log(c.name, u?.status, u?.view?.version, u?.view?.legal.length, u?.deadline, u?.seats.map((s) => s.connected)); }
      throw e;
    });
    const [victim, survivor] = procs;
    expect(await connections(victim.port)).toBeGreaterThan(0);
    victim.child.kill('SIGKILL');
    await new Promise((r) => victim.child.once('exit', r));
    const versionAtCrash = Math.max(...clients.map((c) => c.latest.get(code)?.view?.version ?? 0));

    const ends = await Promise.all(clients.map((c) => c.until((u: TableUpdate) => u.code === code && u.status === 'finished', 150_000)));
    players.forEach((p) => p.stop());
    const end = ends[0];
    expect(end.view!.version).toBeGreaterThan(versionAtCrash);
    // Every client is now on the surviving process.
    expect(await connections(survivor.port)).toBe(4);
    // The dead process's job queue goes once it is found dead (its steps were queued again by the survivor): one queue left.
    const redis = new Redis(REDIS_URL);
    const queues = async (): Promise<string[]> => [...new Set((await redis.keys(`${env.OLSEN_REDIS_PREFIX}:table-jobs-*`)).map((k) => k.split(':')[1]))];
    for (let i = 0; i < 100 && (await queues()).length > 1; i++) await new Promise((r) => setTimeout(r, 200));
    expect(await queues()).toHaveLength(1);
    redis.disconnect();

    const record = (await (await api(`${url}/api/games/${end.recordId}/record`)).json()) as GameRecord;
    const verified = verifyRecord(record);
    expect(verified.ok && verified.result.finished).toBe(true);
    const steps = replaySteps(record);
    const acked = players.flatMap((p) => p.acked);
    expect(acked.length).toBeGreaterThan(10);
    // One acknowledgement per version (an action applied twice would need two), each in the record at its version.
    expect(new Set(acked.map((a) => a.version)).size).toBe(acked.length);
    for (const { version, action } of acked) expect(steps.get(version)?.next, `acknowledged action at version ${version}`).toEqual(action);
    for (const c of clients) c.close();
  }, 240_000);

  it('a process paused past the dead-process delay (SIGSTOP 6+ s) and then running again: its players are present again, no stand-in, and their game plays on', async () => {
    const { procs, env } = await cluster('paused', { OLSEN_RECONNECT_GRACE_MS: '4000' });
    const [a] = procs;
    const onA = `http://127.0.0.1:${a.port}`;
    const anne = await Client.open(onA, 'Anne');
    const dan = await Client.open(onA, 'Dan');
    const created = (await anne.req<{ code: string }>({ type: 'create', game: 'vri-atter', seats: [{ kind: 'open' }, { kind: 'bot', level: 'easy' }] })) as { ok: true; code: string };
    const code = created.code;
    expect((await dan.req({ type: 'join', code })).ok).toBe(true);
    expect(await anne.req({ type: 'start', code })).toEqual({ ok: true });
    const players = [anne, dan].map((c) => c.autoplay(code));
    await anne.until((u) => u.code === code && (u.view?.version ?? 0) >= 4, 20_000);

    // A stops running until the other process has taken it for dead (its connections cleared, its queue removed).
    const redis = new Redis(REDIS_URL);
    const live = async (): Promise<number> => redis.zcount(`${env.OLSEN_REDIS_PREFIX}:procs`, String(Date.now() - 6000), '+inf');
    a.child.kill('SIGSTOP');
    try {
      for (let i = 0; i < 100 && (await redis.zcard(`${env.OLSEN_REDIS_PREFIX}:procs`)) > 1; i++) await new Promise((r) => setTimeout(r, 200));
      expect(await redis.zcard(`${env.OLSEN_REDIS_PREFIX}:procs`)).toBe(1);
    } finally {
      a.child.kill('SIGCONT');
    }
    for (let i = 0; i < 50 && (await live()) < 2; i++) await new Promise((r) => setTimeout(r, 200));
    expect(await live()).toBe(2);
    const back = Math.max(...[anne, dan].map((c) => c.latest.get(code)?.view?.version ?? 0));

    // Past the grace period the other process gave them: nobody stood in, both show as connected, the game went on.
    await new Promise((r) => setTimeout(r, 5000));
    const u = await anne.until((x) => x.code === code && (x.view?.version ?? 0) >= back + 6, 20_000);
    players.forEach((p) => p.stop());
    expect(u.seats.filter((s) => s.standIn)).toEqual([]);
    expect(u.seats.filter((s) => s.kind === 'human').map((s) => s.connected)).toEqual([true, true]);
    redis.disconnect();
    for (const c of [anne, dan]) c.close();
  }, 90_000);

  it('the same seat acting through both processes at once: exactly one action per version is applied, the other is refused as stale', async () => {
    const schema = `race_${process.pid}_${Date.now()}`;
    const prefix = `test-${schema}`;
    const config = testConfig({ databaseUrl: PG_URL, dbSchema: schema, redisUrl: REDIS_URL, redisPrefix: prefix, botDelayMs: 1 });
    const a = await startServer(config);
    const b = await startServer(config);
    cleanups.push(async () => {
      await a.close();
      await b.close();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    });
    const anneA = await Client.open(a.url, 'Anne');
    const anneB = new Client(b.url, anneA.token, 'Anne');
    await anneB.connected();
    const created = (await anneA.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'bot', level: 'greedy' }] })) as { ok: true; code: string };
    const code = created.code;
    expect((await anneB.req({ type: 'watch', code })).ok).toBe(true);
    expect(await anneA.req({ type: 'start', code })).toEqual({ ok: true });
    let races = 0;
    for (;;) {
      const u = await anneA.until((x) => x.code === code && (x.status === 'finished' || (x.view !== null && x.view.legal.some((l) => !('catch' in l)))));
      if (u.status === 'finished') break;
      const version = u.view!.version;
      const legal = u.view!.legal as AnyAction[];
      const pickA = legal[0];
      const pickB = legal[legal.length - 1];
      const body = (x: AnyAction): Record<string, unknown> => {
        const { seat: _s, ...rest } = x as AnyAction & { seat: number };
        return rest;
      };
      const [ra, rb] = await Promise.all([
        anneA.req({ type: 'act', code, version, action: body(pickA) }),
        anneB.req({ type: 'act', code, version, action: body(pickB) }),
      ]);
      const oks = [ra, rb].filter((r) => r.ok).length;
      expect(oks, JSON.stringify([ra, rb])).toBe(1);
      const refused = (ra.ok ? rb : ra) as { ok: false; error: { code: string } };
      expect(['stale_version', 'not_your_turn', 'illegal_action', 'game_over']).toContain(refused.error.code);
      races++;
      await anneA.until((x) => x.code === code && (x.view?.version ?? 0) > version);
    }
    expect(races).toBeGreaterThan(2);
    const end = anneA.latest.get(code)!;
    const record = (await (await api(`${b.url}/api/games/${end.recordId}/record`)).json()) as GameRecord;
    expect(verifyRecord(record).ok).toBe(true);
    // The move log: one row per action of the record, each slot once.
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    const rows = await c.query(`SELECT count(*)::int AS n FROM "${schema}".moves`);
    await c.end();
    const actions = record.rounds.reduce((n, r) => n + r.actions.length, 0);
    expect(rows.rows[0].n).toBe(actions + record.rounds.length - 1);
    anneA.close();
    anneB.close();
  }, 120_000);

  it("a move made on one process reaches the other's players with its change message, not by reading the store: the same log everywhere, the record verified", async () => {
    const { procs } = await cluster('peer');
    const [a, b] = procs.map((p) => `http://127.0.0.1:${p.port}`);
    const clients = await Promise.all([Client.open(a, 'Anne'), Client.open(a, 'Bo'), Client.open(b, 'Cai'), Client.open(b, 'Dag')]);
    const [anne, ...others] = clients;
    const created = (await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }, { kind: 'open' }, { kind: 'open' }] })) as { ok: true; code: string };
    const code = created.code;
    for (const c of others) expect((await c.req({ type: 'join', code })).ok).toBe(true);
    expect(await anne.req({ type: 'start', code })).toEqual({ ok: true });
    const players = clients.map((c) => c.autoplay(code, random));
    const ends = await Promise.all(clients.map((c) => c.until((u) => u.code === code && u.status === 'finished', 120_000)));
    players.forEach((p) => p.stop());
    // Both processes' players saw the same game to its end.
    expect(new Set(ends.map((u) => u.view!.version)).size).toBe(1);
    expect(new Set(ends.map((u) => JSON.stringify(u.view!.log))).size).toBe(1);
    const record = (await (await api(`${a}/api/games/${ends[0].recordId}/record`)).json()) as GameRecord;
    const verified = verifyRecord(record);
    expect(verified.ok && verified.result.finished).toBe(true);
    const counter = async (url: string, name: string): Promise<number> => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(await (await api(`${url}/metrics`)).text())?.[1] ?? NaN);
    const peerMoves = (await counter(a, 'olsen_peer_moves_total')) + (await counter(b, 'olsen_peer_moves_total'));
    const reloads = (await counter(a, 'olsen_table_reloads_total')) + (await counter(b, 'olsen_table_reloads_total'));
    const acked = players.reduce((n, p) => n + p.acked.length, 0);
    // Every move was made on one process and applied on the other; reloads are for joins, the start, presence and the end.
    expect(peerMoves, `moves from messages ${peerMoves}, reloads ${reloads}, acknowledged ${acked}`).toBeGreaterThan(acked / 2);
    expect(reloads).toBeLessThan(peerMoves);
    for (const c of clients) c.close();
  }, 150_000);

  it('issue 51 (4): a rematch between two people on different processes — each ask is the table\'s, so the second deals, seen on both; the same-process control too', async () => {
    const { procs } = await cluster('rematch');
    const [a, b] = procs.map((p) => `http://127.0.0.1:${p.port}`);
    const play = async (urls: [string, string]): Promise<void> => {
      const [anne, bo] = await Promise.all([Client.open(urls[0], 'Anne'), Client.open(urls[1], 'Bo')]);
      const created = (await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }] })) as { ok: true; code: string };
      const code = created.code;
      expect((await bo.req({ type: 'join', code })).ok).toBe(true);
      expect(await anne.req({ type: 'start', code })).toEqual({ ok: true });
      const players = [anne, bo].map((c) => c.autoplay(code, random));
      await Promise.all([anne, bo].map((c) => c.until((u) => u.code === code && u.status === 'finished', 120_000)));
      players.forEach((p) => p.stop());
      // Bo asks on his process: Anne, on hers, is shown the question.
      expect(await bo.req({ type: 'rematch', code })).toEqual({ ok: true });
      const asked = await anne.until((u) => u.code === code && (u.rematchAsked ?? []).includes(1));
      expect([asked.gameNo, asked.status]).toEqual([1, 'finished']);
      // Her ask deals the next game, for both of them.
      expect(await anne.req({ type: 'rematch', code })).toEqual({ ok: true });
      for (const c of [anne, bo]) {
        const again = await c.until((u) => u.code === code && u.gameNo === 2 && u.status === 'playing', 10_000);
        expect(again.rematchAsked ?? []).toEqual([]);
      }
      anne.close();
      bo.close();
    };
    await play([a, b]);
    await play([a, a]);
  }, 150_000);

  it('one process stopping (SIGTERM) says goodbye to its own connections only: players on the other process stay connected', async () => {
    const { procs } = await cluster('stop');
    const [a, b] = procs.map((p) => `http://127.0.0.1:${p.port}`);
    const leaving = await Client.open(a, 'Ada');
    const staying = await Client.open(b, 'Bo');
    const byes: string[] = [];
    let dropped = false;
    leaving.socket.on('bye', (why: string) => byes.push(`leaving:${why}`));
    staying.socket.on('bye', (why: string) => byes.push(`staying:${why}`));
    staying.socket.on('disconnect', () => (dropped = true));
    const exited = new Promise((r) => procs[0].child.once('exit', r));
    procs[0].child.kill('SIGTERM');
    await exited;
    // Anything sent through Redis to the other process has arrived by now.
    await new Promise((r) => setTimeout(r, 500));
    expect(byes).toEqual(['leaving:shutdown']);
    expect(dropped).toBe(false);
    expect(staying.socket.connected).toBe(true);
    const lobby = await staying.req({ type: 'lobby' });
    expect(lobby.ok).toBe(true);
    for (const c of [leaving, staying]) c.socket.disconnect();
  });

  it('each process hears only its own tables: games played on one process send the other no change message, and its lobby still lists them', async () => {
    const { procs } = await cluster('own');
    const [a, b] = procs.map((p) => `http://127.0.0.1:${p.port}`);
    const metric = async (url: string, name: string): Promise<number> => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(await (await api(`${url}/metrics`)).text())?.[1] ?? NaN);
    // Three games on process A only, one of them listed; people and bots play them to a few dozen moves.
    const anne = await Client.open(a, 'Anne');
    const codes: string[] = [];
    for (const listed of [true, false, false]) {
      const { code } = (await anne.req<{ code: string }>({ type: 'create', game: 'olsen', listed, seats: [{ kind: 'bot', level: 'greedy' }, { kind: 'bot', level: 'greedy' }] })) as { code: string };
      await anne.req({ type: 'start', code });
      codes.push(code);
    }
    const plays = codes.map((code) => anne.autoplay(code));
    await Promise.all(codes.map((code) => anne.until((u) => u.code === code && ((u.view?.version ?? 0) >= 20 || u.status === 'finished'), 30_000)));
    for (const p of plays) p.stop();
    // B's lobby lists A's listed game from the lobby channel, without holding it.
    const lobby = (await (await api(`${b}/api/lobby`)).json()) as { tables: { code: string; status: string }[] };
    expect(lobby.tables.map((t) => t.code)).toContain(codes[0]);
    expect(await metric(b, 'olsen_change_messages_total')).toBe(0);
    expect(await metric(b, 'olsen_foreign_changes_total')).toBe(0);
    expect(await metric(a, 'olsen_foreign_changes_total')).toBe(0);
    // A person on B watching one of them: from then on B hears that table (and only that one).
    const bo = await Client.open(b, 'Bo');
    const { code: watched } = (await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'bot', level: 'greedy' }] })) as { code: string };
    expect(await bo.req({ type: 'watch', code: watched })).toEqual({ ok: true });
    await anne.req({ type: 'start', code: watched });
    const play = anne.autoplay(watched);
    await bo.until((u) => u.code === watched && ((u.view?.version ?? 0) >= 4 || u.status === 'finished'), 30_000);
    play.stop();
    expect(await metric(b, 'olsen_change_messages_total')).toBeGreaterThan(0);
    expect(await metric(b, 'olsen_foreign_changes_total')).toBe(0);
    anne.close();
    bo.close();
  }, 90_000);

  it('REDIS_URL without DATABASE_URL is refused with a sentence', () => {
    expect(() => configFromEnv({ REDIS_URL: REDIS_URL })).toThrow(ConfigError);
    expect(() => configFromEnv({ REDIS_URL: REDIS_URL })).toThrow(/needs DATABASE_URL/);
    expect(() => configFromEnv({ REDIS_URL: 'http://x', DATABASE_URL: PG_URL })).toThrow(/REDIS_URL must be a Redis URL/);
  });
});
