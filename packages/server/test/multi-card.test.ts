/**
 * A long multi-card move (S-V5) online: the view describes it in a few group
 * options instead of listing every order, and the protocol carries as many
 * cards as the rules allow (more than the old cap of 8).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { widestGroups, type PlayerView } from '@olsen/engine/shedding';
import type { AnyAction } from '@olsen/engine';
import { startServer, type OlsenServer } from '../src/index.js';
import { Client, testConfig } from './helpers.js';

let server: OlsenServer | null = null;
afterAll(async () => {
  await server?.close();
});

describe('multi-card moves online', () => {
  it('S-V5: a player who gathered ten cards of the suit in play lays them in one move; every frame stays small', async () => {
    // Fixed deal seeds: the run is the same every time.
    let n = 0;
    server = await startServer(testConfig(), { seeds: () => `multi-card/${n++}` });
    const anne = await Client.open(server.url, 'Anne');
    const bo = await Client.open(server.url, 'Bo');
    const rules = { handSize: 8, starterExtraCard: true, multiSameSuit: true, decks: 2, drawnCardMustBePlayed: false };
    const created = (await anne.req<{ code: string }>({ type: 'create', game: 'olsen', rules, seats: [{ kind: 'open' }] })) as { code: string };
    expect((await bo.req({ type: 'join', code: created.code })).ok).toBe(true);
    expect((await anne.req({ type: 'start', code: created.code })).ok).toBe(true);
    // Nobody lays a card: both draw (or pass) until Anne holds ten cards of the suit in play.
    let laid: number | null = null;
    let version = 0;
    for (let step = 0; step < 600 && laid === null; step++) {
      // The seat to act, once its frame of the newest version has come.
      const u = await Promise.race([anne, bo].map((c) => c.until((x) => x.code === created.code && (x.view?.version ?? 0) >= version && (x.view?.legal.length ?? 0) > 0)));
      const who = u.you === 0 ? anne : bo;
      const v = u.view as PlayerView;
      expect(JSON.stringify(u).length).toBeLessThan(10_000);
      const long = who === anne ? v.groups.find((o) => o.with.length >= 9) : undefined;
      let action: AnyAction;
      if (long) {
        action = widestGroups(long, v.hand!.length)[0];
        laid = 'play' in action ? action.play.length : 0;
      } else action = v.legal.find((a) => 'draw' in a) ?? v.legal.find((a) => 'pass' in a)!;
      const { seat: _seat, ...body } = action as AnyAction & { seat: number };
      const r = await who.req<{ version: number }>({ type: 'act', code: created.code, version: v.version, action: body });
      expect(r.ok, JSON.stringify(r)).toBe(true);
      if (r.ok) version = r.version;
    }
    expect(laid).toBeGreaterThanOrEqual(10);
    anne.close();
    bo.close();
  }, 60_000);
});
