/**
 * Issue 50: a table played over days ("Spill over tid"). Leaving the page is not leaving the game; the turn
 * timer moves for a person whose time ran out (marked as the timer's), its clock runs from the last move's time
 * across a restart, and after three such moves in a row the computer keeps the seat until the person is back.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../src/index.js';
import { Client, testConfig } from './helpers.js';
import { freePort } from './processes.js';

describe('issue 50: turn-based tables', () => {
  it('a move per day: the timer moves for the person away, its deadline survives a restart, and three in a row hand the seat to the computer', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'olsen-turn-based-'));
    const port = await freePort();
    const config = testConfig({ dataDir, port, turnBasedMoveSeconds: 2, reconnectGraceMs: 50 });
    let server = await startServer(config);
    const anne = await Client.open(server.url, 'Anne');
    const bo = await Client.open(server.url, 'Bo');
    const made = await anne.req<{ code: string }>({ type: 'create', game: 'olsen', moveHours: 24, seats: [{ kind: 'open' }, { kind: 'bot', level: 'greedy' }] });
    if (!made.ok) throw new Error(made.error.message);
    const code = made.code;
    expect((await bo.req({ type: 'join', code })).ok).toBe(true);
    expect((await anne.req({ type: 'start', code })).ok).toBe(true);
    const first = await anne.until((u) => u.code === code && u.status === 'playing');
    expect(first.turnBased).toBe(true);
    expect(first.turnSeconds).toBe(2);
    // Bo closes the page: past the (live tables') grace period he is still seated, no computer in his place.
    bo.close();
    await new Promise((r) => setTimeout(r, 300));
    expect(anne.latest.get(code)!.seats[1]).toMatchObject({ connected: false, standIn: false });
    expect(anne.latest.get(code)!.seats[1].awayUntil).toBeUndefined();
    const auto = anne.autoplay(code);
    // Bo's turn comes: the timer moves for him when his time is up, and the move is marked as the timer's.
    const timed = await anne.until((u) => u.code === code && (u.timerMoves ?? []).some((i) => u.view!.log[i]?.seat === 1), 20_000);
    expect(timed.seats[1].standIn).toBe(false);
    // Bo's turn again: its deadline, then a restart before it.
    const waiting = await anne.until((u) => u.code === code && u.view?.toMove === 1 && u.deadline !== null, 20_000);
    auto.stop();
    anne.close();
    await server.close();
    server = await startServer(config);
    const again = new Client(server.url, anne.token, 'Anne');
    expect((await again.req({ type: 'join', code })).ok).toBe(true);
    const back = await again.until((u) => u.code === code && u.view !== null);
    if (back.view!.version === waiting.view!.version) expect(back.deadline).toBe(waiting.deadline);
    // Three of Bo's moves in a row made by the timer: the computer keeps his seat (as when a person leaves).
    const auto2 = again.autoplay(code);
    const kept = await again.until((u) => u.code === code && (u.seats[1].standIn || u.status !== 'playing'), 40_000);
    auto2.stop();
    if (kept.status === 'playing') expect(kept.seats[1]).toMatchObject({ kind: 'human', name: 'Bo', standIn: true });
    again.close();
    await server.close();
  }, 90_000);
});
