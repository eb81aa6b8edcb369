/**
 * Issue 51 (2): the connections' pings on one shared beat (heartbeat.ts) instead of a timer each. The pings due
 * within one beat go out together; a pong plans the next ping an interval later; a closed connection is dropped
 * unpinged; a connection engine.io made differently keeps engine.io's own timer. With real connections: live
 * clients stay connected through several pings, and one that never answers is still closed by engine.io's ping
 * timeout.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Heartbeat } from '../src/heartbeat.js';
import { guest, startTest } from './helpers.js';
import { configFromEnv, type OlsenServer } from '../src/index.js';

/** A stand-in for engine.io's connection: what the beat reads and calls. */
function conn(name: string, log: string[]) {
  return {
    readyState: 'open',
    protocol: 4,
    hasRefreshedPingTimeout: true,
    pingIntervalTimer: { refresh: () => undefined } as { refresh(): unknown } | null,
    sendPacket: (type: string) => log.push(`${name}:${type}`),
    resetPingTimeout: () => log.push(`${name}:timeout`),
  };
}

describe('the shared heartbeat', () => {
  it('pings the connections due within one beat together, a pong plans the next, a closed one is dropped', () => {
    let now = 0;
    const log: string[] = [];
    const beat = new Heartbeat(2000, 1000, () => now);
    try {
      const a = conn('a', log);
      const b = conn('b', log);
      const c = conn('c', log);
      expect(beat.adopt(a)).toBe(true);
      now = 300;
      beat.adopt(b);
      now = 900;
      beat.adopt(c);
      expect(beat.size).toBe(3);
      // a is due at 2 s; b and c (opened at 0.3 and 0.9 s) both at 3 s, on one beat.
      now = 1999;
      beat.beat();
      expect(log).toEqual([]);
      now = 2000;
      beat.beat();
      expect(log).toEqual(['a:ping', 'a:timeout']);
      expect(a.hasRefreshedPingTimeout).toBe(false);
      now = 3000;
      beat.beat();
      expect(log.slice(2)).toEqual(['b:ping', 'b:timeout', 'c:ping', 'c:timeout']);
      // a's pong at 2.1 s (engine.io refreshes the ping timer): its next ping at 4.1 s, so on the beat of 5 s.
      now = 2100;
      a.pingIntervalTimer!.refresh();
      now = 4500;
      beat.beat();
      expect(log).toHaveLength(6);
      // A connection closed while it waits is dropped, unpinged.
      a.readyState = 'closed';
      now = 5000;
      beat.beat();
      expect(log).toHaveLength(6);
      expect(beat.size).toBe(0);
      expect(beat.pings).toBe(3);
    } finally {
      beat.close();
    }
  });

  it('is every 20 s unless OLSEN_PING_INTERVAL_MS says otherwise, and refuses nonsense', () => {
    expect(configFromEnv({}).pingIntervalMs).toBe(20_000);
    expect(configFromEnv({ OLSEN_PING_INTERVAL_MS: '5000' }).pingIntervalMs).toBe(5000);
    expect(() => configFromEnv({ OLSEN_PING_INTERVAL_MS: '10' })).toThrow(/OLSEN_PING_INTERVAL_MS/);
  });

  it('leaves a connection engine.io made differently on its own timer', () => {
    const beat = new Heartbeat(2000);
    try {
      expect(beat.adopt({ readyState: 'open', protocol: 3 })).toBe(false);
      expect(beat.adopt(null)).toBe(false);
      expect(beat.size).toBe(0);
    } finally {
      beat.close();
    }
  });

  describe('with real connections', () => {
    let server: OlsenServer | null = null;
    afterEach(async () => {
      await server?.close();
      server = null;
    });

    it('keeps live clients connected through their pings, and closes one that never answers (engine.io\'s ping timeout)', async () => {
      server = await startTest({ pingIntervalMs: 1000 });
      const pings = async (): Promise<number> => Number(/^olsen_pings_total (\d+)/m.exec(await (await fetch(`${server!.url}/metrics`)).text())?.[1] ?? 0);
      const g = await guest(server.url, 'Ida');
      const heard = [0, 0];
      const live = [0, 1].map((i) => {
        const s = io(server!.url, { auth: { token: g.token }, transports: ['websocket'], reconnection: false, autoConnect: false });
        s.io.on('ping', () => heard[i]++);
        return s;
      });
      live[0].connect();
      await new Promise<void>((r) => live[0].once('connect', () => r()));
      await sleep(400);
      live[1].connect();
      await new Promise<void>((r) => live[1].once('connect', () => r()));
      // A client that opens an engine.io connection and never answers a ping.
      const mute = new WebSocket(`${server.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
      const closed = new Promise<number>((r) => mute.once('close', () => r(Date.now())));
      const opened = await new Promise<number>((r) => mute.once('message', () => r(Date.now())));
      const pinged = new Promise<void>((r) => mute.on('message', (d) => String(d) === '2' && r()));
      await pinged;
      await sleep(4500);
      try {
        // Two pings each or more, answered: still connected.
        expect(live.map((s) => s.connected)).toEqual([true, true]);
        expect(heard.every((n) => n >= 2)).toBe(true);
        expect(await pings()).toBeGreaterThanOrEqual(heard[0] + heard[1]);
        // The mute one: closed once its first ping went unanswered for pingTimeout (10 s), not before.
        const at = await closed;
        expect(at - opened).toBeGreaterThanOrEqual(10_000);
      } finally {
        for (const s of live) s.disconnect();
        mute.terminate();
      }
    }, 30_000);
  });
});
