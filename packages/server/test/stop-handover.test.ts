/**
 * Several processes: a process that stops cleanly (a rolling restart, a scale
 * down) takes its queued table steps with it. The processes that stay settle
 * the tables they hold again, as after a crash, so a turn timer or a bot move
 * the stopped process had queued still happens, and its players who do not
 * come back get the grace period and then a stand-in.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type OlsenServer } from '../src/index.js';
import { Client, PG_URL, dropShared, guest, testConfig } from './helpers.js';
import { REDIS_URL } from '../../../test/services.js';

const schema = `handover_${process.pid}_${Date.now()}`;
const prefix = `test-${schema}`;
const servers: OlsenServer[] = [];
const clients: Client[] = [];
afterAll(async () => {
  for (const c of clients) c.close();
  for (const s of servers) await s.close().catch(() => undefined);
  await dropShared(schema, prefix);
  await dropShared(`${schema}_3`, `${prefix}-3`);
});

describe('a process stopping cleanly beside another', () => {
  it('leaves no table waiting on a step it had queued: the other process times the turn, and stands in for the player who left', async () => {
    const cfg = { databaseUrl: PG_URL, dbSchema: schema, redisUrl: REDIS_URL, redisPrefix: prefix, reconnectGraceMs: 1500 };
    const a = await startServer(testConfig(cfg));
    const b = await startServer(testConfig(cfg));
    servers.push(a, b);
    const ga = await guest(a.url, 'Anne');
    const gb = await guest(b.url, 'Bo');
    const anne = new Client(a.url, ga.token, 'Anne');
    const bo = new Client(b.url, gb.token, 'Bo');
    clients.push(anne, bo);
    await Promise.all([anne.connected(), bo.connected()]);

    // Started on A: the first step (the turn timer, 5 s) is queued on A.
    const { code } = (await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }], turnSeconds: 5 })) as { ok: true; code: string };
    expect((await bo.req({ type: 'join', code })).ok).toBe(true);
    expect(await anne.req({ type: 'start', code })).toEqual({ ok: true });
    const started = await bo.until((u) => u.code === code && u.view !== null && u.status === 'playing');

    await a.close();
    // Nobody acts: the turn runs out on B's clock instead of waiting for ever; then Anne's seat gets a stand-in.
    const moved = await bo.until((u) => u.code === code && (u.view?.version ?? 0) > started.view!.version, 20_000);
    expect(moved.view!.version).toBeGreaterThan(started.view!.version);
    const stoodIn = await bo.until((u) => u.code === code && u.seats.some((s) => s.standIn), 20_000);
    expect(stoodIn.seats.filter((s) => s.standIn)).toHaveLength(1);
  }, 60_000);

  it('with three processes, the ones that do not serve the table do not load it: a bystander holds nothing and hears nothing', async () => {
    const cfg = { databaseUrl: PG_URL, dbSchema: `${schema}_3`, redisUrl: REDIS_URL, redisPrefix: `${prefix}-3`, reconnectGraceMs: 1500 };
    const a = await startServer(testConfig(cfg));
    const b = await startServer(testConfig(cfg));
    const c = await startServer(testConfig(cfg));
    servers.push(a, b, c);
    const ga = await guest(a.url, 'Anne');
    const gb = await guest(b.url, 'Bo');
    const anne = new Client(a.url, ga.token, 'Anne');
    const bo = new Client(b.url, gb.token, 'Bo');
    clients.push(anne, bo);
    await Promise.all([anne.connected(), bo.connected()]);
    // Started on B, which then stops: A serves the table from then on; C, whichever of A and C clears up after B, never loads it.
    const { code } = (await bo.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'open' }], turnSeconds: 5 })) as { ok: true; code: string };
    expect((await anne.req({ type: 'join', code })).ok).toBe(true);
    expect(await bo.req({ type: 'start', code })).toEqual({ ok: true });
    const started = await anne.until((u) => u.code === code && u.view !== null && u.status === 'playing');
    await b.close();
    const stoodIn = await anne.until((u) => u.code === code && u.seats.some((s) => s.standIn), 20_000);
    expect(stoodIn.seats.filter((s) => s.standIn)).toHaveLength(1);
    await anne.until((u) => u.code === code && (u.view?.version ?? 0) > started.view!.version, 20_000);
    expect(c.coordinator.tableCount).toBe(0);
    expect(Number(/^olsen_change_messages_total (\d+)/m.exec(await (await fetch(`${c.url}/metrics`)).text())?.[1])).toBe(0);
  }, 60_000);
});

