/** `olsen loadtest` against a real server in this process: it seats people, plays, stops by itself and reports. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, startServer } from '@olsen/server';
import { checkLoopback, runLoadtest } from '../src/loadtest.js';

describe('olsen loadtest', () => {
  it('targets this machine only', () => {
    expect(checkLoopback('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    expect(checkLoopback('http://localhost:9')).toBe('http://127.0.0.1:9');
    expect(() => checkLoopback('http://example.com')).toThrow(/only targets this machine/);
    expect(() => checkLoopback('http://10.0.0.1:8080')).toThrow(/only targets this machine/);
    expect(() => checkLoopback('not a url')).toThrow(/is not a URL/);
  });

  it.each(['raw', 'socket.io'] as const)('%s clients: seats 10 people at three tables (bots fill the short one), plays with a think time, drops and comes back, and reports what it measured', async (client) => {
    const server = await startServer({
      ...DEFAULTS, port: 0, logLevel: 'silent', botDelayMs: 1, roundPauseMs: 5,
      dataDir: mkdtempSync(join(tmpdir(), 'olsen-loadtest-')), rateLimit: { points: 1000, seconds: 10 },
    });
    try {
      const r = await runLoadtest({ urls: [server.url], players: 10, durationS: 4, thinkMs: 50, rampPerS: 100, reconnectRate: 0.05, game: 'olsen', progress: null, client });
      expect(r.tables).toBe(3);
      expect(r.connectedPeak).toBe(10);
      expect(r.actions).toBeGreaterThan(10);
      expect(r.latencyMs.samples).toBeGreaterThan(0);
      expect(r.latencyMs.p50).toBeLessThanOrEqual(r.latencyMs.p99);
      expect(r.errors, JSON.stringify(r.errorsByKind)).toBe(0);
      expect(r.serverMemory.tablesOnServers).toBe(3);
      expect(r.cpuSeconds.servers).not.toBeNull();
    } finally {
      await server.close();
    }
  }, 30_000);
});
