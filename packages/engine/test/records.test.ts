/**
 * Records (docs/record.md): the shared examples with their exact verify output,
 * make → parse → make, and clear errors for malformed input.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apply, createGame, legalActions, toMove, type Game } from '../src/shedding/index.js';
import { recordOf, parseRecord, replayRecord, verifyRecord } from '../src/index.js';

const dir = new URL('./fixtures/record-examples/', import.meta.url);
const examples = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.endsWith('.verify.json'));
const withoutMessage = (o: unknown): unknown => {
  const copy = JSON.parse(JSON.stringify(o));
  if (copy.error) delete copy.error.message;
  return copy;
};

describe('the record examples of docs/record.md', () => {
  for (const file of examples) {
    it(`V2: ${file} verifies exactly as ${file.replace('.json', '.verify.json')}`, () => {
      const got = verifyRecord(readFileSync(new URL(file, dir), 'utf8'));
      const want = JSON.parse(readFileSync(new URL(file.replace('.json', '.verify.json'), dir), 'utf8'));
      expect(withoutMessage(got)).toEqual(withoutMessage(want));
      if (!got.ok) expect(got.error.message.length).toBeGreaterThan(10);
    });
  }
});

const playOut = (g: Game): Game => {
  while (toMove(g) !== null) {
    const r = apply(g, legalActions(g)[0]);
    if (!r.ok) throw new Error(r.error.message);
    g = r.value;
  }
  return g;
};

describe('make and parse', () => {
  it('V2: a finished game\'s record replays to the same result; make → parse → make is identical', () => {
    const g = playOut((createGame({ game: 'vri-atter-002', players: ['A', 'B', 'C'], seed: 'v2' }) as { value: Game }).value);
    const rec = recordOf(g);
    const text = JSON.stringify(rec);
    const parsed = parseRecord(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(JSON.stringify(parsed.value)).toBe(text);
    const again = replayRecord(JSON.parse(text));
    expect(again.ok && again.value.core).toEqual(g.core);
  });

  it('accepts 10d, lower-case ranks and suit symbols, and writes canonical cards', () => {
    const rec = JSON.parse(readFileSync(new URL('olsen-finished.json', dir), 'utf8'));
    rec.rounds[0].deal.hands[0] = ['a♥', 'K♥', 'qh', 'Jh', '8s'];
    rec.rounds[0].deal.upcard = '10♥';
    const parsed = parseRecord(rec);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      const deal = parsed.value.rounds[0].deal as { hands: string[][]; upcard: string };
      expect(deal.hands[0]).toEqual(['Ah', 'Kh', 'Qh', 'Jh', '8s']);
      expect(deal.upcard).toBe('Th');
    }
  });

  it('reports malformed records with null rule and the right indices', () => {
    expect(verifyRecord('{')).toMatchObject({ ok: false, error: { round: null, action: null, rule: null } });
    expect(verifyRecord('[]')).toMatchObject({ ok: false, error: { round: null, rule: null } });
    const rec = JSON.parse(readFileSync(new URL('olsen-finished.json', dir), 'utf8'));
    // A record without a game says so (never "Unknown game undefined").
    expect(verifyRecord({})).toEqual({ ok: false, error: { round: null, action: null, rule: null, message: 'The record names no game: give "game" as one of olsen, vri-atter, vri-atter-002, olsen-dk.' } });
    expect(verifyRecord({ ...rec, game: 'poker' })).toMatchObject({ ok: false, error: { round: null, rule: null } });
    expect(verifyRecord({ ...rec, rules: { maxDraws: 7 } })).toMatchObject({ ok: false, error: { round: null, action: null, rule: null } });
    const badAction = JSON.parse(JSON.stringify(rec));
    badAction.rounds[0].actions[3] = { seat: 0, play: ['Zz'] };
    expect(verifyRecord(badAction)).toMatchObject({ ok: false, error: { round: 0, action: 3, rule: null } });
    const seatless = JSON.parse(JSON.stringify(rec));
    seatless.rounds[0].actions[0] = { play: ['Ah'] };
    expect(verifyRecord(seatless)).toMatchObject({ ok: false, error: { round: 0, action: 0, rule: null } });
    const extra = JSON.parse(JSON.stringify(rec));
    extra.rounds[0].actions.push({ seat: 1, draw: true });
    expect(verifyRecord(extra)).toMatchObject({ ok: false, error: { round: 0, action: 22, rule: 'S21' } });
  });

  it('issue 48: every refusal of the record as a whole (its rules, their conflicts, its players) gives round null, as RECORD.md says', () => {
    const rec = JSON.parse(readFileSync(new URL('olsen-finished.json', dir), 'utf8'));
    const vri = { ...rec, game: 'vri-atter' };
    const kinds: [string, unknown, string | null][] = [
      ['an unknown house rule', { ...rec, rules: { maxDraw: 1 } }, null],
      ['a value a rule does not take', { ...rec, rules: { maxDraws: 7 } }, null],
      ['S-V9: house rules that conflict (special cards and svenskevri)', { ...vri, rules: { specialCards: true, svenskevri: true } }, 'S-V9'],
      ['S2: more players than the game takes', { ...rec, players: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, 'S2'],
      ['S2: five at Olsen without two decks', { ...rec, players: ['a', 'b', 'c', 'd', 'e'] }, 'S2'],
      ['S2: one player', { ...rec, players: ['a'] }, 'S2'],
      ['H1: six at Danish Olsen', { ...rec, game: 'olsen-dk', players: ['a', 'b', 'c', 'd', 'e', 'f'], rounds: [{ dealer: 0, deal: { seed: 'x' }, actions: [] }] }, 'H1'],
    ];
    for (const [kind, record, rule] of kinds) expect(verifyRecord(record), kind).toMatchObject({ ok: false, error: { round: null, action: null, rule } });
  });

  it('an unfinished record is not an error: finished is false and toMove says whose turn it is', () => {
    const rec = JSON.parse(readFileSync(new URL('olsen-finished.json', dir), 'utf8'));
    rec.rounds[0].actions = rec.rounds[0].actions.slice(0, 7);
    expect(verifyRecord(rec)).toMatchObject({ ok: true, result: { finished: false, toMove: 1, gameWinners: null } });
  });
});

describe('hostile records', () => {
  it('deep nesting and huge strings get a short answer, never a throw', () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const big = 'x'.repeat(100_000);
    for (const text of [
      `{"game":"olsen","rules":{},"players":["a","b"],"rounds":${deep}}`,
      `{"game":"olsen","rules":{},"players":["a","b"],"rounds":[{"dealer":1,"deal":{"seed":"x"},"actions":[${deep}]}]}`,
      `{"game":"${big}","rules":{},"players":["a"],"rounds":[]}`,
      `{"game":"olsen","rules":{"${big}":1},"players":["a","b"],"rounds":[{"dealer":1,"deal":{"seed":"x"},"actions":[]}]}`,
      `{"game":"olsen","rules":{},"players":["a","b"],"rounds":[{"dealer":1,"deal":{"seed":"x"},"actions":[{"seat":0,"play":["${big}"]}]}]}`,
      `{"${big}":1}`,
    ]) {
      const r = verifyRecord(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message.length).toBeLessThan(300);
    }
  });
});
