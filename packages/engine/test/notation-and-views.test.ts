import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGame, legalActions, makeNotation, parseCards, parseNotation, viewFor, type Action } from '../src/shedding/index.js';
import { localizeError } from '../src/localize.js';
import { act, table, tryAct } from './helpers.js';

describe('action notation', () => {
  it('parses and prints as a pair', () => {
    const cases: [string, Action][] = [
      ['Kc', { seat: 1, play: ['Kc'] }],
      ['8d>h', { seat: 1, play: ['8d'], suit: 'h' }],
      ['9h+9s', { seat: 1, play: ['9h', '9s'] }],
      ['Qh!', { seat: 1, play: ['Qh'], call: true }],
      ['8c>s!', { seat: 1, play: ['8c'], suit: 's', call: true }],
      ['draw', { seat: 1, draw: true }],
      ['pass', { seat: 1, pass: true }],
      ['call', { seat: 1, call: true }],
      ['catch:2', { seat: 1, catch: 2 }],
      ['>h', { seat: 1, suit: 'h' }],
    ];
    for (const [text, action] of cases) {
      const parsed = parseNotation(text, 1);
      expect(parsed).toEqual({ ok: true, value: action });
      expect(makeNotation(action)).toBe(text);
    }
    expect(parseNotation('10d', 0)).toEqual({ ok: true, value: { seat: 0, play: ['Td'] } });
    expect(parseNotation('k♣', 0)).toEqual({ ok: true, value: { seat: 0, play: ['Kc'] } });
  });

  it('S10: the suit named with an eight may be typed as a screen prints it — letter, symbol, or its name in any language', () => {
    for (const word of ['s', 'S', '♠', 'spar', 'Spar', 'spades', 'spade', 'Pik', 'schoppen']) expect(parseNotation(`8h>${word}`, 0), word).toEqual({ ok: true, value: { seat: 0, play: ['8h'], suit: 's' } });
    expect(parseNotation('>hjerter', 2)).toEqual({ ok: true, value: { seat: 2, suit: 'h' } });
    expect(parseNotation('8h>hjerter!', 0)).toEqual({ ok: true, value: { seat: 0, play: ['8h'], suit: 'h', call: true } });
    expect(parseNotation('8h>sparkel', 0).ok).toBe(false);
  });

  it('a card may be typed as it is said, in any language and either way round', () => {
    const said: Array<[string, string]> = [['3 spar', '3s'], ['spar 3', '3s'], ['hjerter dame', 'Qh'], ['dame hjerter', 'Qh'], ['Spar-åtter', '8s'], ['ruter knekt', 'Jd'], ['kløver ess', 'Ac'], ['ruter 10', 'Td'], ['ti ruter', 'Td'], ['queen of hearts', 'Qh'], ['ten of spades', 'Ts'], ['Herz Dame', 'Qh'], ['harten vrouw', 'Qh'], ['kn kløver', 'Jc'], ['d spar', 'Qs'], ['spardame', 'Qs'], ['hjerteress', 'Ah'], ['hjertedame', 'Qh'], ['kløverkonge', 'Kc'], ['ruterknekt', 'Jd'], ['Herzdame', 'Qh'], ['ruter10', 'Td']];
    for (const [text, card] of said) expect(parseNotation(text, 0), text).toEqual({ ok: true, value: { seat: 0, play: [card] } });
    // With the suit named for an eight (S10), several cards (S-V4) and the call (S18), as in the short notation.
    expect(parseNotation('åtte hjerter>spar', 0)).toEqual({ ok: true, value: { seat: 0, play: ['8h'], suit: 's' } });
    expect(parseNotation('9 hjerter + 9 spar', 0)).toEqual({ ok: true, value: { seat: 0, play: ['9h', '9s'] } });
    expect(parseNotation('spar dame!', 0)).toEqual({ ok: true, value: { seat: 0, play: ['Qs'], call: true } });
    for (const text of ['3 sparkel', 'spar', 'elleve spar', 'spar 3 4']) expect(parseNotation(text, 0).ok, text).toBe(false);
    expect(parseCards('Qs Ah Kh')).toEqual(['Qs', 'Ah', 'Kh']);
    expect(parseCards('spar dame, ess hjerter 3 ruter')).toEqual(['Qs', 'Ah', '3d']);
    expect(parseCards('Qs sparkel')).toBeNull();
    expect(parseCards('spardame hjerteress 3 ruter')).toEqual(['Qs', 'Ah', '3d']);
  });

  it('rejects nonsense with a clear message and never throws', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const r = parseNotation(text, 0);
        if (r.ok) expect(parseNotation(makeNotation(r.value), 0)).toEqual(r);
        else expect(r.error.message).toMatch(/is not an action/);
      }),
    );
  });

  it('every listed action prints and parses back to itself', () => {
    const g = createGame({ game: 'vri-atter-002', players: ['A', 'B', 'C'], seed: 'n' });
    if (!g.ok) throw new Error('create');
    for (const a of legalActions(g.value)) expect(parseNotation(makeNotation(a), a.seat)).toEqual({ ok: true, value: a });
  });
});

describe('views', () => {
  const g = table({
    hands: [
      ['9s', 'Kh', '2c', '8d', '4d'],
      ['3c', '5c', 'Jd', 'Qs', 'Ac'],
      ['7h', 'Th', '6s', '2s', '3s'],
    ],
    upcard: '9h',
    stockTop: ['Kc'],
  });

  it('V1: a player sees their own hand, the others\' sizes, the top card, the suit and the stock size — never another hand or the stock', () => {
    const v = viewFor(g, 1);
    expect(v.hand).toEqual(['3c', '5c', 'Ac', 'Jd', 'Qs']);
    expect(v.handCounts).toEqual([5, 5, 5]);
    expect(v.top).toBe('9h');
    expect(v.activeSuit).toBe('h');
    expect(v.stockCount).toBe(36);
    const text = JSON.stringify(v);
    for (const hidden of ['9s', 'Kh', '8d', '7h', 'Th', '6s', 'Kc']) expect(text).not.toContain(`"${hidden}"`);
    expect(Object.keys(v)).not.toContain('stock');
  });

  it('V1: a drawn card is seen by the drawer only; spectators see the public part', () => {
    const drew = act(g, 'draw');
    expect(viewFor(drew, 0).drawn).toBe('Kc');
    expect(viewFor(drew, 0).hand).toContain('Kc');
    expect(JSON.stringify(viewFor(drew, 1))).not.toContain('"Kc"');
    const spectator = viewFor(drew, null);
    expect(spectator.hand).toBeNull();
    expect(spectator.seat).toBeNull();
    expect(JSON.stringify(spectator)).not.toContain('"Kc"');
    expect(spectator.log).toEqual([{ seat: 0, draw: true }]);
  });

  it('V1: the legal actions in a view are the viewer\'s own', () => {
    expect(viewFor(g, 0).legal.length).toBeGreaterThan(0);
    expect(viewFor(g, 1).legal).toEqual([]);
  });

  it('errors read well in Norwegian too', () => {
    const r = tryAct(g, '2c');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(localizeError(r.error, 'nb')).toBe('Siri kan ikke legge kløver to: det må være en hjerter (sorten som gjelder), en nier (verdien øverst) eller en åtter.');
  });
});
