/**
 * Issue 51 (2): the connections' pings on one shared beat (heartbeat.ts) instead of a timer each. The pings due
 * within one beat go out together; a pong plans the next ping an interval later; a connection whose pong is late
 * is closed on the beat after its timeout; a removed one is never pinged. With real connections (transport.ts):
 * live clients stay connected through several pings, and one that never answers is closed after the ping timeout.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Heartbeat, type Beating } from '../src/heartbeat.js';
import { guest, startTest } from './helpers.js';
import { configFromEnv, type OlsenServer } from '../src/index.js';

/** A connection as the beat sees it, writing what is done to it in `log`. */
const conn = (name: string, log: string[]): Beating => ({ pingAt: 0, pongBy: 0, ping: () => log.push(`${name}:ping`), timedOut: () => log.push(`${name}:closed`) });

describe('the shared heartbeat', () => {
  it('pings the connections due within one beat together, a pong plans the next, a silent one is closed after the timeout', () => {
    let now = 0;
    const log: string[] = [];
    // Pings 2 s after the last pong, 1.5 s for the pong to come, a beat every second.
    const beat = new Heartbeat(2000, 1500, 1000, () => now);
    try {
      const a = conn('a', log);
      const b = conn('b', log);
      const c = conn('c', log);
      beat.add(a);
      now = 300;
      beat.add(b);
      now = 900;
      beat.add(c);
      expect(beat.size).toBe(3);
      // a is due at 2 s; b and c (opened at 0.3 and 0.9 s) at 2.3 and 2.9 s: both on the beat of 3 s.
      now = 1999;
      beat.beat();
      expect(log).toEqual([]);
      now = 2000;
      beat.beat();
      expect(log).toEqual(['a:ping']);
      now = 3000;
      beat.beat();
      expect(log).toEqual(['a:ping', 'b:ping', 'c:ping']);
      // a's pong at 2.1 s: its next ping at 4.1 s, so on the beat of 5 s.
      now = 2100;
      beat.pong(a);
      now = 4000;
      beat.beat();
      expect(log).toHaveLength(3);
      // b's pong at 4.2 s; c never answers: closed on the first beat at or after 3 + 1.5 s.
      now = 4200;
      beat.pong(b);
      now = 5000;
      beat.beat();
      expect(log.slice(3)).toEqual(['a:ping', 'c:closed']);
      expect(beat.size).toBe(2);
      // A connection removed (it closed) is never pinged again; a answers in time and stays.
      beat.delete(b);
      now = 6000;
      beat.pong(a);
      now = 7000;
      beat.beat();
      expect(log.slice(5)).toEqual([]);
      expect([...beat]).toEqual([a]);
      expect(beat.pings).toBe(4);
    } finally {
      beat.close();
    }
  });

  it('is every 20 s unless OLSEN_PING_INTERVAL_MS says otherwise, and refuses nonsense', () => {
    expect(configFromEnv({}).pingIntervalMs).toBe(20_000);
    expect(configFromEnv({ OLSEN_PING_INTERVAL_MS: '5000' }).pingIntervalMs).toBe(5000);
    expect(() => configFromEnv({ OLSEN_PING_INTERVAL_MS: '10' })).toThrow(/OLSEN_PING_INTERVAL_MS/);
  });

  describe('with real connections', () => {
    let server: OlsenServer | null = null;
    afterEach(async () => {
      await server?.close();
      server = null;
    });

    it('keeps live clients connected through their pings, and closes one that never answers (the ping timeout)', async () => {
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
      // A client that opens an Engine.IO connection and never answers a ping.
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
