/* global setTimeout, setInterval, clearInterval, fetch, performance */
// The transport's floor (not a test): what one move costs the server when it does nothing but the
// transport's part of it. Tables of four; the seat on turn sends a move after a think time; the
// server parses it, answers the mover and sends each of the four seats its own ~850-byte frame
// (built and serialised per seat, like a real view), with no engine, no database and no admission.
// Run over socket.io 4 (the server's transport until issue 51), over the server's own transport
// (transport.ts, the same wire; both driven by the raw socket.io client of `olsen loadtest`) and over a
// bare `ws` WebSocket with the same messages: the differences are what each transport costs per move;
// subtracted from `npm run bench:load`, the floor bounds what any change above the transport can win.
//
//   node packages/server/bench/floor-bench.mjs [--players 5000] [--duration 40] [--transport socket.io,olsen,ws]
//
// Prints one JSON line per transport. Server pinned to core 0, clients to core 1 (as bench:load).
// Needs `npm run build` first (it uses the CLI's raw socket.io client).
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    transport: { type: 'string', default: 'socket.io,olsen,ws' },
    players: { type: 'string', default: '5000' },
    duration: { type: 'string', default: '40' },
    think: { type: 'string', default: '1000' },
    port: { type: 'string', default: '0' },
  },
});
const SELF = fileURLToPath(import.meta.url);

// A frame as the server sends it mid-round (its shape and size; the values do not matter here).
const frameOf = (seat, version) => ({
  code: 'RXH5NSMRVK', game: 'olsen', status: 'playing', gameNo: 1, you: seat, host: 0, spectators: 0, turnSeconds: null, deadline: null, nextRoundAt: null, recordId: null, logFrom: version - 1,
  view: {
    game: 'olsen', seat, round: 0, dealer: 3, phase: 'turn', toMove: version % 4, direction: 'clockwise', hand: ['Kc', '6h', '4s', '7s'].slice(0, 1 + ((seat + version) % 4)), handCounts: [3, 4, 4, 4],
    top: '2h', upcard: 'Ts', activeSuit: 'h', stockCount: 30, discardCount: 7, drawsThisTurn: 0, drawn: null, voluntaryDraw: false, passStreak: 0, firstTurns: [], pendingDraw: 0, catchable: null,
    places: [0, 0, 0, 0], totals: null, roundWinner: null, roundPoints: null, revealed: null, standings: { final: false, places: [1, 2, 2, 2], order: [0, 1, 2, 3], winners: [], totals: null },
    legal: seat === version % 4 ? [{ seat, play: ['6h'] }, { seat, draw: true }] : [], groups: [], version, log: [{ seat: (version + 3) % 4, play: ['2h'] }],
  },
  kept: ['seats', 'rules', 'view.rules', 'view.players'],
});

async function server() {
  const http = createServer((req, res) => {
    if (req.url === '/cpu') {
      const u = process.cpuUsage();
      res.end(JSON.stringify({ ms: (u.user + u.system) / 1000, sysMs: u.system / 1000 }));
    } else if (req.url === '/live') {
      // The heap that stays after a full collection: what every old-generation collection has to mark.
      globalThis.gc();
      res.end(JSON.stringify({ heapMB: process.memoryUsage().heapUsed / 2 ** 20 }));
    } else res.end('floor');
  });
  const tables = new Map(); // table number → { version, sends: [send per seat] }
  const tableOf = (n) => {
    let t = tables.get(n);
    if (!t) tables.set(n, (t = { version: 1, sends: [null, null, null, null] }));
    return t;
  };
  // One move: the mover's answer, then every seat's own frame.
  const move = (raw, ack) => {
    const req = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const t = tableOf(req.table);
    if (req.version !== t.version) return ack({ ok: false, error: { code: 'stale_version', message: 'The table has moved on.' } });
    t.version++;
    ack({ ok: true, version: t.version });
    for (let seat = 0; seat < 4; seat++) t.sends[seat]?.(frameOf(seat, t.version));
  };
  if (values.transport === 'ws') {
    const { WebSocketServer } = await import('ws');
    const wss = new WebSocketServer({ server: http, path: '/ws', maxPayload: 16 * 1024, perMessageDeflate: false });
    wss.on('connection', (ws, req) => {
      const q = new URL(req.url, 'http://x').searchParams;
      const table = Number(q.get('table'));
      tableOf(table).sends[Number(q.get('seat'))] = (f) => ws.send(JSON.stringify(['table', f]));
      // Heartbeat as socket.io's (every 10 s), but with WebSocket ping frames the client answers by itself.
      let alive = true;
      const beat = setInterval(() => (alive ? ((alive = false), ws.ping()) : ws.terminate()), 10_000);
      ws.on('pong', () => (alive = true));
      ws.on('close', () => clearInterval(beat));
      ws.on('message', (data) => {
        const [id, body] = JSON.parse(data.toString());
        move(body, (r) => ws.send(JSON.stringify([id, r])));
      });
    });
  } else if (values.transport === 'olsen') {
    // The server's own transport (transport.ts): Socket.IO's wire over a bare WebSocket, as realtime.ts sets it up.
    const { Transport } = await import('../dist/transport.js');
    new Transport(http, {
      maxPayload: 16 * 1024, pingIntervalMs: 20_000, pingTimeoutMs: 10_000,
      admit: (auth) => ({ ok: true, data: auth }),
      onConnect: (c) => {
        tableOf(c.data.table).sends[c.data.seat] = (f) => c.emit('table', f);
        c.onEvent = (_name, body, id) => move(body, (r) => c.ack(id, r));
      },
    });
  } else {
    // socket.io 4 as the server used it until issue 51 (a JSON-only encoder: no walk looking for binary data).
    const { Server } = await import('socket.io');
    const { createRequire } = await import('node:module');
    const { Decoder } = createRequire(import.meta.url)('socket.io-parser');
    class Encoder {
      encode(p) {
        return [String(p.type) + (p.id != null ? String(p.id) : '') + (p.data != null ? JSON.stringify(p.data) : '')];
      }
    }
    const io = new Server(http, { maxHttpBufferSize: 16 * 1024, parser: { Encoder, Decoder }, pingInterval: 20_000, pingTimeout: 10_000 });
    io.on('connection', (socket) => {
      const { table, seat } = socket.handshake.auth;
      tableOf(table).sends[seat] = (f) => socket.emit('table', f);
      socket.on('req', (body, ack) => move(body, ack));
    });
  }
  http.listen(Number(values.port), '127.0.0.1', () => console.log(`ready ${http.address().port}`));
}

async function clients(port) {
  const players = Number(values.players);
  const think = Number(values.think);
  const lat = [];
  let measuring = false;
  let acts = 0;
  let errors = 0;
  const seats = [];
  const { RawSocket } = await import('../../cli/dist/raw-socket.js');
  const { default: WebSocket } = await import('ws');
  // Each connection from its own loopback address, as the load generator does (ephemeral ports run out otherwise).
  const local = (i) => `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;
  const connect = (i) =>
    new Promise((resolve, reject) => {
      const table = Math.floor(i / 4);
      const seat = i % 4;
      if (values.transport === 'ws') {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?table=${table}&seat=${seat}`, { localAddress: local(i), perMessageDeflate: false });
        const acks = new Map();
        let next = 0;
        const c = {
          table, seat, onTable: null,
          ask: (body) => new Promise((res) => { acks.set(next, res); ws.send(JSON.stringify([next++, body])); }),
        };
        ws.on('message', (d) => {
          const m = JSON.parse(d.toString());
          if (m[0] === 'table') c.onTable?.(m[1]);
          else { acks.get(m[0])?.(m[1]); acks.delete(m[0]); }
        });
        ws.on('open', () => resolve(c));
        ws.on('error', reject);
      } else {
        const s = new RawSocket(`http://127.0.0.1:${port}`, { table, seat }, local(i));
        const c = { table, seat, onTable: null, ask: (body) => s.ask(body, 30_000) };
        s.on('table', (u) => c.onTable?.(u));
        s.on('connect', () => resolve(c));
        s.on('connect_error', reject);
      }
    });
  const play = (c, version) => {
    setTimeout(async () => {
      const t0 = performance.now();
      const r = await c.ask({ type: 'act', table: c.table, version, action: { play: ['6h'] } });
      if (measuring) {
        lat.push(performance.now() - t0);
        acts++;
        if (!r.ok) errors++;
      }
    }, think * (0.5 + Math.random()));
  };
  for (let i = 0; i < players; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(players, i + 100); j++) batch.push(connect(j));
    seats.push(...(await Promise.all(batch)));
    await new Promise((r) => setTimeout(r, 20));
  }
  for (const c of seats) {
    c.onTable = (f) => {
      if (f.view.toMove === c.seat) play(c, f.view.version);
    };
    if (c.seat === 1) play(c, 1);
  }
  const cpu = async () => (await (await fetch(`http://127.0.0.1:${port}/cpu`)).json());
  await new Promise((r) => setTimeout(r, 5000));
  measuring = true;
  const c0 = await cpu();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, Number(values.duration) * 1000));
  const c1 = await cpu();
  const seconds = (performance.now() - t0) / 1000;
  measuring = false;
  const live = await (await fetch(`http://127.0.0.1:${port}/live`)).json();
  lat.sort((a, b) => a - b);
  const q = (f) => Math.round(lat[Math.floor(f * (lat.length - 1))] * 10) / 10;
  console.log(JSON.stringify({ bench: 'floor', transport: values.transport, players, seconds: Math.round(seconds), actionsPerSec: Math.round(acts / seconds), p50: q(0.5), p99: q(0.99), errors, serverCpuMsPerAction: Math.round(((c1.ms - c0.ms) / acts) * 1000) / 1000, kernelShare: Math.round(((c1.sysMs - c0.sysMs) / (c1.ms - c0.ms)) * 100) / 100, liveHeapMB: Math.round(live.heapMB), liveKBPerConnection: Math.round((live.heapMB * 1024) / players) }));
  process.exit(0);
}

async function main() {
  const pinned = availableParallelism() >= 2 && spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  const node = (args) => [process.execPath, '--expose-gc', SELF, ...args];
  const run = (core, args) => (pinned ? spawn('taskset', ['-c', String(core), ...node(args)], { stdio: ['ignore', 'pipe', 'inherit'] }) : spawn(node(args)[0], node(args).slice(1), { stdio: ['ignore', 'pipe', 'inherit'] }));
  for (const transport of values.transport.split(',')) {
    const srv = run(0, ['--role', 'server', '--transport', transport]);
    const port = await new Promise((resolve) => srv.stdout.on('data', (d) => { const m = String(d).match(/ready (\d+)/); if (m) resolve(m[1]); }));
    const cli = run(1, ['--role', 'clients', '--transport', transport, '--port', port, '--players', values.players, '--duration', values.duration, '--think', values.think]);
    cli.stdout.pipe(process.stdout);
    await new Promise((r) => cli.on('exit', r));
    srv.kill();
  }
}

if (values.role === 'server') await server();
else if (values.role === 'clients') await clients(values.port);
else await main();
