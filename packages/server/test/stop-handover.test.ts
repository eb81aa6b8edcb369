/**
 * Several processes: a process that stops cleanly (a rolling restart, a scale
 * down) takes its queued table steps with it. The processes that stay settle
 * the tables they hold again, as after a crash, so a turn timer or a bot move
 * the stopped process had queued still happens, and its players who do not
 * come back get the grace period and then a stand-in.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Shared, heardBy, startedPair } from './helpers.js';

const two = new Shared('handover');
const three = new Shared('handover3');
afterAll(async () => {
  await two.close();
  await three.close();
});

describe('a process stopping cleanly beside another', () => {
  it('leaves no table waiting on a step it had queued: the other process times the turn, and stands in for the player who left', async () => {
    const a = await two.start({ reconnectGraceMs: 1500 });
    const b = await two.start({ reconnectGraceMs: 1500 });
    const { client: anne } = await two.person(a.url, 'Anne');
    const { client: bo } = await two.person(b.url, 'Bo');

    // Started on A: the first step (the turn timer, 5 s) is queued on A.
    const { code, started } = await startedPair(anne, bo, { turnSeconds: 5 });

    await a.close();
    // Nobody acts: the turn runs out on B's clock instead of waiting for ever; then Anne's seat gets a stand-in.
    const moved = await bo.until((u) => u.code === code && (u.view?.version ?? 0) > started.view!.version, 20_000);
    expect(moved.view!.version).toBeGreaterThan(started.view!.version);
    const stoodIn = await bo.until((u) => u.code === code && u.seats.some((s) => s.standIn), 20_000);
    expect(stoodIn.seats.filter((s) => s.standIn)).toHaveLength(1);
  }, 60_000);

  it('with three processes, the ones that do not serve the table do not load it: a bystander holds nothing and hears nothing', async () => {
    const [a, b, c] = [await three.start({ reconnectGraceMs: 1500 }), await three.start({ reconnectGraceMs: 1500 }), await three.start({ reconnectGraceMs: 1500 })];
    const { client: anne } = await three.person(a.url, 'Anne');
    const { client: bo } = await three.person(b.url, 'Bo');
    // Started on B, which then stops: A serves the table from then on; C, whichever of A and C clears up after B, never loads it.
    const { code, started } = await startedPair(bo, anne, { turnSeconds: 5 });
    await b.close();
    const stoodIn = await anne.until((u) => u.code === code && u.seats.some((s) => s.standIn), 20_000);
    expect(stoodIn.seats.filter((s) => s.standIn)).toHaveLength(1);
    await anne.until((u) => u.code === code && (u.view?.version ?? 0) > started.view!.version, 20_000);
    expect(c.coordinator.tableCount).toBe(0);
    expect(await heardBy(c)).toBe(0);
  }, 60_000);
});

