/**
 * One table, three hosts: the same seed and the same person's moves give the
 * same log and the same frames at each of the person's turns through the
 * server (a real socket.io client), the web app's offline table (what its
 * worker runs) and the terminal (`olsen play`). Every host drives the game
 * through the table runner, so there is one way a game goes.
 */
import { PassThrough, Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { makeNotation, type Action } from '@olsen/engine/shedding';
import type { AnyAction, AnyView } from '@olsen/engine';
import type { TableUpdate } from '@olsen/protocol';
import { startServer, type OlsenServer } from '@olsen/server';
import { OfflineTable } from '../../web/src/offline-table.js';
import { runPlay } from '../src/play.js';
import { Client, testConfig } from '../../server/test/helpers.js';

const SEED = 'conformance';
const GAMES = [
  { game: 'olsen', players: 3 },
  { game: 'vri-atter', players: 3 },
] as const;

/** The person's choice at every turn: the first move the view offers (its seat left for the host to add). */
const pick = (view: AnyView): AnyAction => view.legal[0] as AnyAction;
const body = (a: AnyAction): Record<string, unknown> => {
  const { seat: _seat, ...rest } = a as AnyAction & { seat: number };
  return rest;
};

/** What a person's turn looks like in a frame: the table's state and the view (the same whatever the host). */
const turn = (u: TableUpdate): unknown => ({ status: u.status, gameNo: u.gameNo, you: u.you, view: u.view });

async function viaTerminal(game: string, players: number): Promise<{ turns: unknown[]; record: AnyView['log'] }> {
  const input = new PassThrough();
  const turns: unknown[] = [];
  let last: TableUpdate | null = null;
  // Between rounds the person presses Enter, as at a terminal.
  const output = new Writable({
    write: (chunk: Buffer, _e, cb) => {
      if (chunk.toString().includes('Trykk Enter for neste runde')) setImmediate(() => input.write('\n'));
      cb();
    },
  });
  const code = await runPlay({
    game, players, lang: 'nb', seed: SEED, name: 'Ida', rules: {}, level: 'medium', output, input,
    onTurn: (u) => {
      turns.push(turn(u));
      last = u;
      // The person types the move in the game's notation, as a person at the terminal would.
      setImmediate(() => input.write(`${makeNotation(pick(u.view!) as Action)}\n`));
    },
  });
  expect(code).toBe(0);
  return { turns, record: (last as TableUpdate | null)?.view?.log ?? [] };
}

async function viaWorker(game: string, players: number): Promise<{ turns: unknown[]; final: TableUpdate }> {
  const turns: unknown[] = [];
  let done!: (u: TableUpdate) => void;
  const finished = new Promise<TableUpdate>((r) => (done = r));
  const table: OfflineTable = new OfflineTable((u) => {
    if (u.status === 'finished') return done(u);
    // Between rounds the person asks for the next deal ("Neste runde").
    if (u.status === 'roundOver') return void setImmediate(() => void table.next());
    if (u.view && u.view.legal.length > 0 && u.view.toMove === u.you) {
      turns.push(turn(u));
      void table.act(body(pick(u.view)) as never, u.view.version);
    }
  });
  const r = await table.start({ game: game as never, rules: {}, players, level: 'medium', name: 'Ida', botDelayMs: 0, catchDelayMs: 0 }, SEED);
  expect(r.ok).toBe(true);
  return { turns, final: await finished };
}

let server: OlsenServer | null = null;
afterAll(async () => {
  await server?.close();
});

async function viaServer(game: string, players: number): Promise<{ turns: unknown[]; final: TableUpdate }> {
  // A computer player that forgets its call (FORGETS_CALL) opens a catch; the person to move next answers at once in
  // the terminal and the worker, and over the network here: the catch waits long enough for that answer to come first.
  server ??= await startServer(testConfig({ botDelayMs: 0, catchDelayMs: 500 }), { seeds: () => SEED });
  const ida = await Client.open(server.url, 'Ida');
  const created = await ida.req<{ code: string }>({ type: 'create', game, seats: Array.from({ length: players - 1 }, () => ({ kind: 'bot', level: 'medium' })) });
  if (!created.ok) throw new Error(created.error.message);
  const code = created.code;
  const turns = new Map<number, unknown>();
  const play = ida.autoplay(code, (_legal, u) => {
    if (u.view!.toMove === u.you) turns.set(u.view!.version, turn(u));
    return pick(u.view!);
  });
  const started = await ida.req({ type: 'start', code });
  expect(started.ok).toBe(true);
  const final = await ida.until((u) => u.code === code && u.status === 'finished', 60_000);
  play.stop();
  ida.close();
  return { turns: [...turns.values()], final };
}

describe('one table runner: the same game through the server, the web worker and the terminal', () => {
  for (const { game, players } of GAMES) {
    it(`${game}, ${players} players: the same log and the same frames at the person's turns`, async () => {
      const terminal = await viaTerminal(game, players);
      const worker = await viaWorker(game, players);
      const online = await viaServer(game, players);
      expect(worker.turns.length).toBeGreaterThan(2);
      expect(worker.turns).toEqual(terminal.turns);
      expect(online.turns).toEqual(worker.turns);
      expect(online.final.view).toEqual(worker.final.view);
      // The terminal's last turn is a prefix of the game's log.
      expect(worker.final.view!.log.slice(0, terminal.record.length)).toEqual(terminal.record);
    }, 120_000);
  }
});
