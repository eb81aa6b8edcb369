/**
 * The protocol carries every move the engine allows: every legal action of
 * random games (both families, random house rules, the longest multi-card
 * moves included) passes the `act` schema; and one mapping turns engine
 * refusals into protocol codes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actorsOf, applyAction, gameInfo, nextRoundOf, startGame, viewOf, type AnyAction, type GameError, type GameName } from '@olsen/engine';
import { pick, seedFromString } from '@olsen/engine/sim';
import { widestGroups, type PlayerView } from '@olsen/engine/shedding';
import { gameErrorReply, parseRequest } from '../src/index.js';

const bodyOf = (a: AnyAction): Record<string, unknown> => {
  const { seat: _seat, ...rest } = a as AnyAction & { seat: number };
  return rest;
};

/** Random valid house rules for a game, drawn from the engine's own table. */
const rulesArb = (game: GameName): fc.Arbitrary<Record<string, unknown>> =>
  fc.record(
    Object.fromEntries(gameInfo(game).options.map((o) => [o.name, o.values ? fc.constantFrom(...o.values) : fc.integer({ min: o.range![0], max: Math.min(o.range![1], 200) })])),
    { requiredKeys: [] },
  );

const setupArb = fc
  .constantFrom<GameName>('olsen', 'vri-atter', 'vri-atter-002', 'olsen-dk')
  .chain((game) => fc.record({ game: fc.constant(game), rules: rulesArb(game), players: fc.integer({ min: 2, max: 6 }), seed: fc.string({ maxLength: 6 }) }))
  .filter(({ game, rules, players }) => startGame({ game, rules, players: Array.from({ length: players }, (_, i) => `P${i}`), seed: 'x' }).ok);

describe('protocol', () => {
  it('every legal action of random games under random house rules passes the act schema', () => {
    fc.assert(
      fc.property(setupArb, fc.integer(), ({ game, rules, players, seed }, policy) => {
        let g = startGame({ game, rules, players: Array.from({ length: players }, (_, i) => `P${i}`), seed });
        if (!g.ok) return;
        let cur = g.value;
        const rng = new Int32Array(6);
        seedFromString(rng, 0, `pick${policy}`);
        for (let step = 0; step < 300; step++) {
          const actors = actorsOf(cur);
          if (actors.size === 0) {
            const next = nextRoundOf(cur);
            if (!next.ok) break;
            cur = next.value;
            continue;
          }
          const moves: AnyAction[] = [];
          for (const [seat, legal] of actors) {
            moves.push(...legal);
            const v = viewOf(cur, seat);
            if (v.game !== 'olsen-dk') for (const o of (v as PlayerView).groups) moves.push(...widestGroups(o, v.hand!.length));
          }
          for (const a of moves) {
            const r = parseRequest({ type: 'act', code: 'ABC234', version: cur.version, action: bodyOf(a) });
            expect(r.ok, `${JSON.stringify(a)}: ${r.ok ? '' : r.message}`).toBe(true);
          }
          g = applyAction(cur, moves[pick(rng, 0, moves.length)]);
          if (!g.ok) throw new Error(g.error.message);
          cur = g.value;
        }
      }),
      { numRuns: 80, seed: 99 },
    );
  });

  it('refuses a malformed request with one sentence naming the field: each action by the field that names it, each request by its type', () => {
    const act = (action: unknown) => parseRequest({ type: 'act', code: 'ABC234', version: 3, action });
    const message = (r: ReturnType<typeof parseRequest>): string => (r.ok ? 'accepted' : r.message);
    expect(act({ draw: true }).ok).toBe(true);
    expect(act({ play: ['8s'], suit: 'h', call: true })).toEqual({ ok: true, value: { type: 'act', code: 'ABC234', version: 3, action: { play: ['8s'], suit: 'h', call: true } } });
    expect(message(act({ draw: false }))).toMatch(/^action\.draw: /);
    expect(message(act({ play: [] }))).toMatch(/^action\.play: .*>=1/);
    expect(message(act({ play: ['1x'] }))).toMatch(/^action\.play\.0: /);
    expect(message(act({ play: ['7s'], draw: true }))).toMatch(/^action\.draw: /);
    expect(message(act({ catch: 9 }))).toMatch(/^action\.catch: /);
    expect(message(act({ frobnicate: 1 }))).toMatch(/^action: /);
    expect(message(act([]))).toMatch(/^action: /);
    expect(message(act(null))).toMatch(/^action: /);
    expect(message(parseRequest({ type: 'join', code: 'ABC234', seat: -1 }))).toMatch(/^seat: /);
    expect(message(parseRequest({ type: 'teleport', code: 'ABC234' }))).toMatch(/^type: /);
    expect(message(parseRequest({ type: '__proto__' }))).toMatch(/^type: /);
    expect(message(parseRequest('act'))).not.toBe('accepted');
  });

  it('one mapping from engine refusals to protocol codes: whose turn, malformed input, any other rule', () => {
    const e = (code: GameError['code'], rule: string | null): GameError => ({ rule, code, message: 'm', params: { player: 'Kari' } });
    expect(gameErrorReply(e('notYourTurn', 'S7')).error).toEqual({ code: 'not_your_turn', message: 'm', rule: 'S7', engineCode: 'notYourTurn', params: { player: 'Kari' } });
    expect(gameErrorReply({ rule: null, code: 'malformed', message: 'm' }).error).toEqual({ code: 'bad_message', message: 'm', rule: null, engineCode: 'malformed' });
    expect(gameErrorReply(e('mustMatch', 'S8')).error.code).toBe('illegal_action');
  });
});
