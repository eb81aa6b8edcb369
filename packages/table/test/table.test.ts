/**
 * The table runner in Node, by rule ID: the catch window and the late call
 * (S18, S20), the stand-in and its mark, rematch consent, the pause between
 * rounds, the turn timer's move, and Danish Olsen's tie-break hand (H9).
 * A virtual clock runs the timed steps in their order.
 */
import { describe, expect, it } from 'vitest';
import { choose } from '@olsen/bots';
import { stageOf, viewOf, type AnyAction, type AnyGame, type GameName } from '@olsen/engine';
import type { PlayerView } from '@olsen/engine/shedding';
import { CALM_CATCH_MS, HUMANE, INSTANT, Table, VirtualTable, pace, paceAt, seatsFor, type Level, type Step, type TableConfig, type TableSeat } from '@olsen/table';

const person: TableSeat = { kind: 'human', playerId: 'ida', name: 'Ida', standIn: null };
const bot = (name: string, level: Level = 'medium'): TableSeat => ({ kind: 'bot', level, name });

function config(game: GameName, seats: TableSeat[], over: Partial<TableConfig> = {}): TableConfig {
  return { game, rules: {}, seats, gameNo: 1, seed: 'table-test', turnSeconds: null, fillLevel: 'medium', ...over };
}

async function started(v: VirtualTable): Promise<void> {
  const d = v.table.deal();
  if (!d.ok) throw new Error(d.error.message);
  v.table.config.seats = d.seats;
  v.table.begin(d.game);
}

/** The person's move as a medium player would make it, from their view (`forget`: without the last-card call). */
function personMove(g: AnyGame, rng: Int32Array, forget = false): AnyAction {
  const a = choose('medium', viewOf(g, 0), rng).action as AnyAction & { call?: boolean };
  if (!forget || !('play' in a) || !a.call) return a;
  const { call: _call, ...rest } = a;
  return rest as AnyAction;
}

/** Plays on (the person by `personMove`) until the person holds two cards and may play one: the moment a call is due. */
async function toTheCall(v: VirtualTable, rng: Int32Array): Promise<boolean> {
  for (let k = 0; k < 5000; k++) {
    const g = v.table.game!;
    if (stageOf(g) !== 'playing') return false;
    const me = viewOf(g, 0) as PlayerView;
    if (me.toMove === 0 && me.hand?.length === 2 && me.legal.some((a) => 'play' in a && a.call)) return true;
    if (me.legal.length > 0 && me.toMove === 0) {
      const r = await v.table.act(0, g.version, personMove(g, rng) as never);
      if (!r.ok) throw new Error(r.error.message);
    } else if (!(await v.step())) return false;
  }
  return false;
}

describe('the table runner', () => {
  it('S20 S18: a bot catches a forgotten call only after the catch time, and the person can still call late before it', async () => {
    let late = 0;
    let caught = 0;
    for (let i = 0; i < 40 && (late === 0 || caught === 0); i++) {
      for (const callLate of [true, false]) {
        const v = new VirtualTable(config('vri-atter', [person, bot('Kari'), bot('Ola', 'easy')], { seed: `catch-${i}` }), { pace: HUMANE });
        await started(v);
        const rng = new Int32Array([i, 1, 2, 3, 4, 5]);
        if (!(await toTheCall(v, rng))) continue;
        const g = v.table.game!;
        const before = v.now;
        const hand = (viewOf(g, 0) as PlayerView).hand!.length;
        const r = await v.table.act(0, g.version, personMove(g, rng, true) as never);
        expect(r.ok).toBe(true);
        // S20: a catch is open; no step of any bot comes before the hold (1.5 s), and a catch comes first.
        const first = v.peek()!;
        expect(first.at - before).toBeGreaterThanOrEqual(1500);
        expect(first.step.kind).toBe('bot');
        const open = viewOf(v.table.game!, 1).legal.some((a) => 'catch' in a) || viewOf(v.table.game!, 2).legal.some((a) => 'catch' in a);
        expect(open).toBe(true);
        if (callLate) {
          // S18: the late call is the person's, before anyone has acted; then there is nothing to catch.
          const c = await v.table.act(0, v.table.game!.version, { call: true });
          expect(c.ok).toBe(true);
          await v.step();
          expect((viewOf(v.table.game!, 0) as PlayerView).catches).toHaveLength(0);
          late++;
        } else {
          await v.step();
          const me = viewOf(v.table.game!, 0) as PlayerView;
          expect(me.catches).toHaveLength(1);
          expect(me.hand!.length).toBe(hand - 1 + 3);
          caught++;
        }
      }
    }
    expect(late).toBeGreaterThan(0);
    expect(caught).toBeGreaterThan(0);
  });

  it('issue 49 (3), S18 S20: at a calm table the person has at least 4 s to call late, and every frame says until when (catchBy)', async () => {
    const calm = paceAt('calm', { botDelayMs: 700, catchDelayMs: 1500, roundPauseMs: 4000 });
    expect(calm.hold).toBeGreaterThanOrEqual(CALM_CATCH_MS);
    expect(calm.think('medium')).toBe(1400);
    expect(paceAt('quick', { botDelayMs: 700, catchDelayMs: 1500, roundPauseMs: 4000 }).think('medium')).toBe(350);
    expect(paceAt('quick', { botDelayMs: 700, catchDelayMs: 1500, roundPauseMs: 4000 }).hold).toBe(1500);
    let seen = 0;
    for (let i = 0; i < 40 && seen < 3; i++) {
      const v = new VirtualTable(config('vri-atter', [person, bot('Kari'), bot('Ola', 'easy')], { seed: `calm-${i}` }), { pace: calm });
      await started(v);
      const rng = new Int32Array([i, 1, 2, 3, 4, 5]);
      if (!(await toTheCall(v, rng))) continue;
      const g = v.table.game!;
      const before = v.now;
      expect(v.table.frame(0, { code: 'T', seats: [], host: 0, spectators: 0, recordId: null }).catchBy).toBeNull();
      expect((await v.table.act(0, g.version, personMove(g, rng, true) as never)).ok).toBe(true);
      // Nothing the computer does comes before 4 s, and the frame's catchBy is that first step's time.
      const first = v.peek()!;
      expect(first.at - before).toBeGreaterThanOrEqual(CALM_CATCH_MS);
      expect(v.table.frame(1, { code: 'T', seats: [], host: 0, spectators: 0, recordId: null }).catchBy).toBe(first.at);
      // The late call closes the window: no countdown after it.
      expect((await v.table.act(0, v.table.game!.version, { call: true })).ok).toBe(true);
      expect(v.table.catchBy).toBeNull();
      seen++;
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('issue 49 (6), S18 S20: computer players below hard sometimes forget the last-card call (easy most), the search levels and a stand-in never', async () => {
    const seen: Record<string, { due: number; forgot: number }> = {};
    const levels: Level[] = ['easy', 'medium', 'greedy', 'random'];
    for (let i = 0; i < 60; i++) {
      const seats = [...[0, 1, 2].map((k) => bot(`B${k}`, levels[(k + i) % 4])), { ...person, standIn: 'medium' as Level }];
      const v: VirtualTable = new VirtualTable(config('vri-atter', seats, { seed: `forget-${i}` }), {
        write: (move) => {
          const a = 'action' in move ? (move.action as AnyAction & { play?: string[]; call?: boolean }) : null;
          const g = v.table.game!;
          if (!a || !a.play) return true;
          const left = (viewOf(g, a.seat) as PlayerView).hand!.length - a.play.length;
          if (left !== 1) return true;
          const s = v.table.seats[a.seat];
          const who = s.kind === 'bot' ? s.level : 'standIn';
          const e = (seen[who] ??= { due: 0, forgot: 0 });
          e.due++;
          if (!a.call) e.forgot++;
          return true;
        },
      });
      await started(v);
      await v.run(() => stageOf(v.table.game!) !== 'gameOver', 20_000);
    }
    const rate = (l: string): number => seen[l].forgot / seen[l].due;
    for (const l of levels) expect(seen[l].due, l).toBeGreaterThan(40);
    // The dice give each level about its rate (FORGETS_CALL: easy 0.3, random 0.2, greedy 0.15, medium 0.1).
    expect(rate('easy')).toBeGreaterThan(0.15);
    expect(rate('easy')).toBeGreaterThan(rate('medium'));
    expect(rate('medium')).toBeGreaterThan(0);
    expect(rate('medium')).toBeLessThan(0.25);
    // The computer playing for a person never forgets for them.
    expect(seen.standIn.due).toBeGreaterThan(10);
    expect(seen.standIn.forgot).toBe(0);
  }, 60_000);

  it('S20: the easy bots catch later than the strong ones (at least 1.5 s either way)', () => {
    expect(HUMANE.catchAfter('expert')).toBeGreaterThanOrEqual(1500);
    expect(HUMANE.catchAfter('easy')).toBeGreaterThan(HUMANE.catchAfter('expert'));
    expect(HUMANE.think('easy')).toBeGreaterThan(HUMANE.think('random'));
  });

  it('a stand-in plays for a person who left, its moves are marked, and the person takes the seat back', async () => {
    const v = new VirtualTable(config('olsen', [person, bot('Kari'), bot('Ola')]), { pace: HUMANE });
    await started(v);
    const seats = v.table.standIn(0);
    expect(seats?.[0]).toMatchObject({ kind: 'human', standIn: 'medium' });
    v.table.config.seats = seats!;
    v.table.settle();
    // Her seat is the computer's now: her own move is refused until she is back.
    const refused = await v.table.act(0, v.table.game!.version, { draw: true });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe('not_seated');
    await v.run(() => (v.table.computerMoves()[0]?.standIn.length ?? 0) < 2 && stageOf(v.table.game!) === 'playing');
    const marks = v.table.computerMoves()[0].standIn;
    expect(marks.length).toBeGreaterThan(0);
    const g = v.table.game!;
    const log = viewOf(g, null).log;
    for (const at of marks) expect((log[at] as { seat: number }).seat).toBe(0);
    const frame = v.table.frame(0, { code: 'T', seats: [], host: 0, spectators: 0, recordId: null });
    expect(frame.standInMoves).toEqual(marks);
    v.table.config.seats = v.table.comeBack(0)!;
    expect(v.table.seats[0]).toMatchObject({ standIn: null });
  });

  it('a rematch starts once every person still here has asked; bots and stand-ins always agree', async () => {
    const bo: TableSeat = { kind: 'human', playerId: 'bo', name: 'Bo', standIn: null };
    const gone: TableSeat = { kind: 'human', playerId: 'eva', name: 'Eva', standIn: 'medium' };
    const t = new Table(config('olsen', [person, bo, gone, bot('Kari')]), { pace: INSTANT });
    const here = (id: string): boolean => id !== 'eva';
    expect(t.askRematch('ida', here)).toBe(false);
    expect(t.askRematch('bo', here)).toBe(true);
  });

  it('the pause between rounds: the next deal comes after the pace’s pause, or waits for a person’s ask', async () => {
    for (const roundPause of [4000, null]) {
      const v = new VirtualTable(config('vri-atter', [bot('Kari', 'greedy'), bot('Ola', 'greedy')]), { pace: pace({ botDelayMs: 700, catchDelayMs: 1500, roundPauseMs: roundPause }) });
      await started(v);
      await v.run(() => v.table.status() === 'playing');
      expect(v.table.status()).toBe('roundOver');
      const at = v.now;
      if (roundPause === null) {
        expect(v.peek()).toBeUndefined();
        expect(v.table.nextRoundAt).toBeNull();
        expect((await v.table.next()).ok).toBe(true);
      } else {
        expect(v.table.nextRoundAt).toBe(at + roundPause);
        expect(v.peek()).toMatchObject({ at: at + roundPause, step: { kind: 'round' } });
        await v.step();
      }
      expect(v.table.status()).toBe('playing');
      expect(v.table.game!.rounds).toHaveLength(2);
    }
  });

  it('the turn timer plays for the person when their time runs out, and the move is marked as the timer’s', async () => {
    const v = new VirtualTable(config('olsen', [person, bot('Kari')], { turnSeconds: 30 }), { pace: HUMANE });
    await started(v);
    await v.run(() => (viewOf(v.table.game!, 0) as PlayerView).toMove !== 0);
    expect(v.table.deadline).toBe(v.now + 30_000);
    const step = v.peek()!;
    expect(step.step).toMatchObject({ kind: 'turn', seat: 0 });
    await v.step();
    const marks = v.table.computerMoves()[0];
    expect(marks.timer).toHaveLength(1);
    expect(v.table.frame(0, { code: 'T', seats: [], host: 0, spectators: 0, recordId: null }).timerMoves).toEqual(marks.timer);
  });

  it('a step made for an earlier version does nothing; a move for an old version is refused as stale', async () => {
    const v = new VirtualTable(config('olsen', [person, bot('Kari')]), { pace: HUMANE });
    await started(v);
    await v.run(() => (viewOf(v.table.game!, 0) as PlayerView).toMove !== 0);
    const g = v.table.game!;
    const stale: Step = { kind: 'bot', gameNo: 1, version: g.version - 1, seat: 1, level: 'medium' };
    expect(await v.table.fire(stale)).toBeNull();
    expect(v.table.game).toBe(g);
    const r = await v.table.act(0, g.version - 1, { draw: true });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('stale_version');
  });

  it('H9: a tie for lowest in Danish Olsen is played off in one more hand, dealt by the runner like any other', async () => {
    let seen = false;
    for (let i = 0; i < 60 && !seen; i++) {
      const v = new VirtualTable(config('olsen-dk', seatsFor({ id: 'x', name: 'X' }, [{ kind: 'bot', level: 'greedy' }, { kind: 'bot', level: 'greedy' }, { kind: 'bot', level: 'greedy' }]).map((s, k) => (k === 0 ? bot('Anne', 'greedy') : s)), { rules: { deals: 1 }, seed: `tie-${i}` }));
      await started(v);
      await v.run(() => v.table.status() === 'playing');
      const after = viewOf(v.table.game!, 0);
      if (!('tieBreak' in after) || !after.tieBreak) continue;
      seen = true;
      expect(v.table.status()).toBe('roundOver');
      await v.run(() => v.table.status() !== 'finished');
      expect(v.table.status()).toBe('finished');
      expect(v.table.game!.rounds).toHaveLength(2);
    }
    expect(seen).toBe(true);
  });
});

describe('the pace', () => {
  it("README's table of think and catch times is the runner's (HUMANE)", async () => {
    const { readFileSync } = await import('node:fs');
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const level of ['easy', 'medium', 'hard', 'expert', 'greedy', 'random'] as const) {
      const row = new RegExp(`^\\| \`${level}\` \\| ([\\d.]+) s \\| ([\\d.]+) s \\|$`, 'm').exec(readme);
      expect(row, level).not.toBeNull();
      expect(Number(row![1]) * 1000).toBeCloseTo(HUMANE.think(level), 5);
      expect(Number(row![2]) * 1000).toBeCloseTo(HUMANE.catchAfter(level), 5);
    }
  });
});
