import { startGame } from '@olsen/engine';
import { describe, expect, it } from 'vitest';
import { RECOUNT_MS, RunningGames } from '../src/caps.js';
import { DEFAULTS } from '../src/config.js';
import { liveTable, type LiveTable } from '../src/live-table.js';
import type { StoredSeat, TableRow } from '../src/ports.js';

const people: StoredSeat[] = [0, 1, 2, 3].map((i) => ({ kind: 'human', playerId: `p${i}`, name: `P${i}`, standIn: null }));
const hardBots: StoredSeat[] = [{ kind: 'human', playerId: 'p0', name: 'P0', standIn: null }, ...[1, 2, 3].map((i): StoredSeat => ({ kind: 'bot', level: 'hard', name: `B${i}` }))];

let n = 0;
function table(host: string, address: string | null, seats: StoredSeat[] = people): LiveTable {
  n++;
  const row: TableRow = { id: `t${n}`, code: `C${n}`, host, game: 'olsen', rules: {}, seats, listed: false, turnSeconds: null, fillLevel: 'medium', status: 'playing', gameNo: 1, seed: `s${n}`, createdAt: 0, rev: 0 };
  const t = liveTable(row);
  t.hostAddress = address;
  return t;
}

function start(t: LiveTable): void {
  const g = startGame({ game: 'olsen', rules: {}, players: t.row.seats.map((s) => (s.kind === 'open' ? '?' : s.name)), seed: t.row.seed });
  if (!g.ok) throw new Error(g.error.message);
  t.game = g.value;
}

describe('caps on running games (RunningGames)', () => {
  it('counts per host and per address exactly, and forgets games that stopped or left memory', () => {
    const held = new Set<LiveTable>();
    const caps = new RunningGames((t) => held.has(t));
    const L = { ...DEFAULTS.limits, runningPerGuest: 2, runningPerAddress: 3 };
    const a = table('ann', '10.0.0.1'), b = table('ann', '10.0.0.1');
    for (const t of [a, b]) {
      held.add(t);
      start(t);
      caps.add(t);
    }
    const third = table('ann', '10.0.0.1');
    held.add(third);
    expect(caps.refusal(third, people, L)?.error.message).toMatch(/You already have 2 games running/);
    // A game that left memory no longer counts for its host.
    held.delete(a);
    expect(caps.refusal(third, people, L)).toBeNull();
    // Another guest at the same address: the address's count holds b only, then b and a new one.
    const other = table('bo', '10.0.0.1');
    held.add(other);
    start(other);
    caps.add(other);
    const fourth = table('cy', '10.0.0.1');
    expect(caps.refusal(fourth, people, { ...L, runningPerAddress: 2 })?.error.message).toMatch(/Your address already has 2 games running/);
    // A closed table stops counting at once.
    other.row = { ...other.row, status: 'closed' };
    expect(caps.refusal(fourth, people, { ...L, runningPerAddress: 2 })).toBeNull();
  });

  it('counts search-level bots per host, and the process-wide figures never miss a game started since the last count', () => {
    const held = new Set<LiveTable>();
    let now = 0;
    const caps = new RunningGames((t) => held.has(t), () => now);
    const L = { ...DEFAULTS.limits, searchBotsPerGuest: 6, runningTables: 3, searchBots: 100 };
    const x = table('ann', null, hardBots), y = table('ann', null, hardBots);
    for (const t of [x, y]) {
      held.add(t);
      start(t);
      caps.add(t);
    }
    const z = table('ann', null, hardBots);
    held.add(z);
    expect(caps.refusal(z, hardBots, L)?.error.message).toMatch(/would have 9 hard or expert/);
    expect(caps.refusal(z, people, L)).toBeNull();
    // Process-wide: a third running game (counted on top of the last count at once) fills the server.
    const w = table('bo', null);
    held.add(w);
    start(w);
    caps.add(w);
    expect(caps.refusal(table('cy', null), people, L)?.error.message).toMatch(/The server runs 3 games/);
    // Once two have left memory, a recount later finds one.
    held.delete(x);
    held.delete(y);
    now += RECOUNT_MS;
    expect(caps.refusal(table('cy', null), people, L)).toBeNull();
  });
});
