/**
 * Database faults: PostgreSQL closing the server's pooled connections
 * (pg_terminate_backend, as a restart or an idle cut does) leaves the process
 * up and the table playable.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Client, PG_URL, api } from './helpers.js';
import { freePort, launch } from './processes.js';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

describe('PostgreSQL faults', () => {
  it('pg_terminate_backend on every pooled connection: the server stays up and the game goes on', async () => {
    const port = await freePort();
    const schema = `faults_${process.pid}_${Date.now()}`;
    const app = `olsen-faults-${process.pid}`;
    const url = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}application_name=${app}`;
    const server = await launch({ PORT: String(port), DATABASE_URL: url, OLSEN_DB_SCHEMA: schema, LOG_LEVEL: 'error', OLSEN_BOT_DELAY_MS: '2', OLSEN_RATE_LIMIT: '100000' });
    children.push(server);
    let exited = false;
    server.once('exit', () => (exited = true));
    const base = `http://127.0.0.1:${port}`;
    const anne = await Client.open(base, 'Anne');
    const created = (await anne.req<{ code: string }>({ type: 'create', game: 'olsen', seats: [{ kind: 'bot', level: 'greedy' }] })) as { code: string };
    expect(await anne.req({ type: 'start', code: created.code })).toEqual({ ok: true });
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    const killed = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [app]);
    expect(killed.rowCount).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(exited).toBe(false);
    // The next moves open new connections: the game plays on.
    const auto = anne.autoplay(created.code);
    const later = await anne.until((u) => u.code === created.code && (u.view?.version ?? 0) >= 6, 20_000);
    auto.stop();
    expect(later.view!.version).toBeGreaterThanOrEqual(6);
    expect((await api(`${base}/healthz`)).status).toBe(200);
    anne.close();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }, 60_000);
});
