/**
 * Crash recovery: the real server process is killed with SIGKILL in the
 * middle of a game and started again on the same database; the clients
 * reconnect by themselves and the game runs to its end, with every
 * acknowledged action in the final record exactly once.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { verifyRecord, type AnyAction, type GameRecord } from '@olsen/engine';
import { Client, PG_URL, api } from './helpers.js';
import { freePort, launch } from './processes.js';
import { replaySteps } from './replay.js';

/** The first legal action but one in three at random: a game of steady length. */
const random = (legal: readonly AnyAction[]): AnyAction => legal[Math.random() < 0.67 ? 0 : Math.floor(Math.random() * legal.length)];

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

describe.each([
  ['SQLite', false],
  ['PostgreSQL', true],
])('kill -9 mid-game (%s)', (_name, usePg) => {
  it('restarts, the clients reconnect, the game completes with no acknowledged action lost or doubled', async () => {
    const port = await freePort();
    const schema = `crash_${process.pid}_${Date.now()}`;
    const env: Record<string, string> = {
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'olsen-crash-')),
      LOG_LEVEL: 'error',
      OLSEN_BOT_DELAY_MS: '2',
      OLSEN_ROUND_PAUSE_MS: '5',
      OLSEN_RATE_LIMIT: '100000',
      ...(usePg ? { DATABASE_URL: PG_URL, OLSEN_DB_SCHEMA: schema } : {}),
    };
    let server = await launch(env);
    children.push(server);
    const url = `http://127.0.0.1:${port}`;
    const anne = await Client.open(url, 'Anne');
    const bo = await Client.open(url, 'Bo');
    for (const c of [anne, bo]) c.ackTimeoutMs = 1500;
    const created = (await anne.req<{ code: string }>({ type: 'create', game: 'vri-atter', seats: [{ kind: 'open' }, { kind: 'bot', level: 'medium' }, { kind: 'bot', level: 'greedy' }] })) as { code: string };
    expect((await bo.req({ type: 'join', code: created.code })).ok).toBe(true);
    expect(await anne.req({ type: 'start', code: created.code })).toEqual({ ok: true });
    const players = [anne.autoplay(created.code, random), bo.autoplay(created.code, random)];

    await anne.until((u) => u.code === created.code && (u.view?.version ?? 0) >= 30);
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    const versionAtCrash = anne.latest.get(created.code)!.view!.version;
    server = await launch(env);
    children.push(server);

    const end = await anne.until((u) => u.code === created.code && u.status === 'finished', 120_000);
    players.forEach((p) => p.stop());
    expect(end.view!.version).toBeGreaterThan(versionAtCrash);
    const record = (await (await api(`${url}/api/games/${end.recordId}/record`)).json()) as GameRecord;
    const verified = verifyRecord(record);
    expect(verified.ok && verified.result.finished).toBe(true);
    const steps = replaySteps(record);
    const acked = players.flatMap((p) => p.acked);
    expect(acked.length).toBeGreaterThan(5);
    for (const { version, action } of acked) expect(steps.get(version)?.next, `acknowledged action at version ${version}`).toEqual(action);
    anne.close();
    bo.close();
    server.kill('SIGTERM');
    if (usePg) {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA "${schema}" CASCADE`);
      await c.end();
    }
  }, 180_000);
});
