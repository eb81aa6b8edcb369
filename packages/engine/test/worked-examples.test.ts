/**
 * docs/rules.md §1.10: the worked examples of the source texts, as records that
 * start at the deal, replayed through the API; the CLI test replays the same
 * files through `olsen verify`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isHeartsGame, replayRecord, verifyRecord } from '../src/index.js';
import { toMove, viewFor, type Game } from '../src/shedding/index.js';

const load = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const replay = (name: string): Game => {
  const r = replayRecord(load(name));
  if (!r.ok) throw new Error(`${r.error.rule} ${r.error.message}`);
  if (isHeartsGame(r.value)) throw new Error(`${name} is not a shedding game`);
  return r.value;
};

describe('worked example of 000 (Olsen: Hedda, Ivar, Jonas, Kari; 4c on top)', () => {
  const name = '000-olsen-hedda-ivar-jonas-kari.json';

  it('S13, S9, S18, S10, S14: every move of the text is legal and ends as the text says', () => {
    const g = replay(name);
    const actions = g.rounds[0].actions;
    // Kari called "Olsen" with one card left, then went from one card to four in one turn.
    const call = actions.findIndex((a) => 'play' in a && a.call === true);
    expect(actions[call]).toEqual({ seat: 3, play: ['Ts'], call: true });
    const v = viewFor(g, 3);
    expect(v.handCounts[3]).toBe(4);
    expect(v.top).toBe('7h');
    expect(v.activeSuit).toBe('h');
    expect(toMove(g)).toBe(0);
    expect(verifyRecord(load(name))).toEqual({
      ok: true,
      result: { finished: false, rounds: [{ finished: false, winner: null, places: null, hands: [4, 2, 2, 4], points: null }], totals: null, gameWinners: null, toMove: 0 },
    });
  });

  it('S13: Ivar plays the 6c he drew at once, after the useless 2h', () => {
    const g = replay(name);
    const actions = g.rounds[0].actions;
    const kc = actions.findIndex((a) => 'play' in a && a.play[0] === 'Kc');
    expect(actions.slice(kc + 1, kc + 4)).toEqual([{ seat: 1, draw: true }, { seat: 1, draw: true }, { seat: 1, play: ['6c'] }]);
  });
});

describe('worked example of 004 (Vri åtter: Anna, Bjørn, Cecilie, David; 7d on top)', () => {
  const name = '004-vri-atter-anna-bjorn-cecilie-david.json';

  it('S14, S9, S10, S8: Bjørn draws three and passes, Qs twists to spades, 8h names hearts, Bjørn plays his 9h', () => {
    const g = replay(name);
    const v = viewFor(g, 1);
    expect(v.top).toBe('9h');
    expect(v.activeSuit).toBe('h');
    expect(v.handCounts).toEqual([3, 7, 4, 4]);
    expect(toMove(g)).toBe(2);
    expect(verifyRecord(load(name))).toEqual({
      ok: true,
      result: { finished: false, rounds: [{ finished: false, winner: null, places: null, hands: [3, 7, 4, 4], points: null }], totals: [0, 0, 0, 0], gameWinners: null, toMove: 2 },
    });
  });
});
