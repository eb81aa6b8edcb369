/**
 * Property tests over random valid rule sets (every option, every player
 * count) and seeds: cards are conserved, every game ends, every listed action
 * applies and nothing unlisted does, no view leaks a hidden card, the public
 * tier and the simulator agree after every step (and undo restores), records
 * round-trip and replay to the same state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECK, makeCard, parseCard, seedFromString, below, pick } from '../src/sim-tier.js';
import { SUITS, recordOf, parseRecord, replayRecord } from '../src/index.js';
import { load } from '../src/shedding/game.js';
import type { GameError } from '../src/index.js';
import { apply, catchActions, createGame, legalActions, legalGroups, nextRound, resolveRules, toMove, viewFor, type Action, type Game, type RuleSet } from '../src/shedding/index.js';
import { A_CALL, A_DRAW, A_PASS, Sim, playCode, rollout, simFromView } from '../src/sim-tier.js';
import { STATE_SIZE } from '../src/shedding/sim-layout.js';

const PRESETS = ['olsen', 'vri-atter', 'vri-atter-002'] as const;

const overridesArb = fc.record(
  {
    decks: fc.constantFrom(1, 2),
    handSize: fc.constantFrom(5, 6, 7, 8),
    twoPlayerHandSize: fc.constantFrom(null, 5, 7),
    starterExtraCard: fc.boolean(),
    dealerExtraCard: fc.boolean(),
    starterEight: fc.constantFrom('reshuffle', 'dealerChooses'),
    maxDraws: fc.constantFrom(1, 3, 'unlimited'),
    drawnCardMustBePlayed: fc.boolean(),
    forgottenCallPenalty: fc.constantFrom(0, 2, 3),
    scoring: fc.constantFrom('ranking', 'points'),
    multiSameRank: fc.boolean(),
    multiSameSuit: fc.boolean(),
    noTwistFirstTurn: fc.constantFrom('off', 'starter', 'everyone'),
    specialCards: fc.boolean(),
    stackTwos: fc.boolean(),
    svenskevri: fc.boolean(),
    aceDraws: fc.constantFrom(0, 1, 2),
    noEightOnEight: fc.boolean(),
    noWinOnEight: fc.boolean(),
    playOutForPlaces: fc.boolean(),
  },
  { requiredKeys: [] },
);

/** A valid (game, rules, players) triple: invalid combinations are filtered out by the engine's own validation. */
const setupArb = fc
  .record({ game: fc.constantFrom(...PRESETS), overrides: overridesArb, players: fc.integer({ min: 2, max: 6 }), seed: fc.string({ maxLength: 8 }) })
  .filter(({ game, overrides, players }) => resolveRules(game, overrides, players).ok);

/** Rule sets of the fast path (`Sim.fused`): no multi-card play, no special cards, drawn cards played; everything else random. */
const fusedArb = fc
  .record({
    game: fc.constantFrom('olsen', 'vri-atter'),
    overrides: fc.record({
      decks: fc.constantFrom(1, 2),
      handSize: fc.constantFrom(5, 6, 7, 8),
      twoPlayerHandSize: fc.constantFrom(null, 5, 7),
      starterExtraCard: fc.boolean(),
      dealerExtraCard: fc.boolean(),
      starterEight: fc.constantFrom('reshuffle', 'dealerChooses'),
      maxDraws: fc.constantFrom(1, 3, 'unlimited'),
      forgottenCallPenalty: fc.constantFrom(0, 2, 3),
      scoring: fc.constantFrom('ranking', 'points'),
    }),
    players: fc.integer({ min: 2, max: 6 }),
    seed: fc.string({ maxLength: 8 }),
  })
  .filter(({ game, overrides, players }) => resolveRules(game, overrides, players).ok);

const totalCards = (g: Game): number => {
  const v = viewFor(g, null);
  return v.handCounts.reduce((a, b) => a + b, 0) + v.stockCount + v.discardCount;
};

/** Cards a seat may know of: its hand, the top card, and cards laid in public. */
function knownTo(g: Game, seat: number): Set<string> {
  const known = new Set<string>(viewFor(g, seat).hand ?? []);
  known.add(viewFor(g, seat).top);
  known.add(viewFor(g, seat).upcard);
  for (const a of g.rounds[g.rounds.length - 1].actions) if ('play' in a) for (const c of a.play) known.add(c);
  const deal = g.rounds[g.rounds.length - 1].deal;
  if ('upcard' in deal) known.add(makeCard(parseCard(deal.upcard)));
  return known;
}

const CARD_RE = /\b(?:[2-9TJQKA][cdhs])\b/g;

/** The simulator codes that `apply` makes of a public action. */
function codesOf(a: Action, sim: Sim): number[] {
  if ('play' in a) {
    return a.play.map((c, i) => {
      const last = i === a.play.length - 1;
      return playCode(parseCard(c), last && a.suit ? SUITS.indexOf(a.suit) : -1, last && a.call === true, !last);
    });
  }
  if ('draw' in a) return [A_DRAW];
  if ('pass' in a) return [A_PASS];
  if ('catch' in a) return [4 | (a.seat << 3)];
  if ('call' in a) return [A_CALL];
  void sim;
  return [5 | ((SUITS.indexOf(a.suit) + 1) << 9)];
}

const sameMove = (x: Action, y: Action): boolean => {
  if (!('play' in x) || !('play' in y)) return JSON.stringify(x) === JSON.stringify(y);
  if (x.seat !== y.seat || x.suit !== y.suit || !!x.call !== !!y.call || x.play.length !== y.play.length) return false;
  if (x.play[0] !== y.play[0] || x.play.at(-1) !== y.play.at(-1)) return false;
  return [...x.play].sort().join() === [...y.play].sort().join();
};

/** Random candidate actions, most of them illegal. */
function candidates(g: Game, rng: Int32Array): Action[] {
  const n = g.players.length;
  const seat = below(rng, 0, n);
  const hand = viewFor(g, seat).hand ?? [];
  const anyCard = makeCard(DECK[below(rng, 0, 52)]);
  const fromHand = hand.length ? hand[below(rng, 0, hand.length)] : anyCard;
  const suit = SUITS[below(rng, 0, 4)];
  const out: Action[] = [
    { seat, play: [fromHand] },
    { seat, play: [fromHand], suit },
    { seat, play: [anyCard] },
    { seat, draw: true },
    { seat, pass: true },
    { seat, call: true },
    { seat, catch: below(rng, 0, n) },
    { seat, suit },
  ];
  if (hand.length >= 2) out.push({ seat, play: [hand[0], hand[1]] }, { seat, play: [hand[1], hand[0]], call: true });
  return out;
}

/**
 * What a refusal says holds in the position: S8 "must match" names a card that fits neither the suit in play,
 * nor the rank on top, nor is an eight; S13 names the drawn card, which may be played; S14's "only the drawn
 * card" names a hand card that would fit but for the draw; a card "not held" is not in the hand.
 */
function saysTrue(g: Game, e: GameError, c: Action): void {
  const p = e.params ?? {};
  const mover = toMove(g);
  const v = mover === null ? null : viewFor(g, mover);
  if (!v) return;
  const fits = (card: string): boolean => card[0] === '8' || card[1] === v.activeSuit || (card[0] === v.top[0] && v.top[0] !== '8');
  const plays = v.legal.filter((a) => 'play' in a);
  const why = `${e.rule} ${e.message} (top ${v.top}, suit ${v.activeSuit}, drew ${v.drawsThisTurn}, hand ${v.hand?.join(' ')})`;
  switch (e.code) {
    case 'notYourTurn': expect(c.seat, why).not.toBe(mover); break;
    case 'mustMatch': expect(fits(p.card!), why).toBe(false); break;
    case 'mustPlayDrawn': expect([p.card, plays.some((a) => 'play' in a && a.play[0] === p.card)], why).toEqual([v.drawn, true]); break;
    case 'onlyDrawnCard': expect([fits(p.card!), v.drawn !== null && v.drawn !== p.card], why).toEqual([true, true]); break;
    case 'voluntaryDrawOnly': expect(v.voluntaryDraw, why).toBe(true); break;
    case 'pendingTwos': expect(v.pendingDraw, why).toBeGreaterThan(0); break;
    case 'firstTurnNoTwist': expect(v.firstTurns.includes(mover!), why).toBe(true); break;
    case 'noEightOnEight': expect([v.top[0], v.rules.noEightOnEight], why).toEqual(['8', true]); break;
    case 'noWinOnEight': expect(v.rules.noWinOnEight, why).toBe(true); break;
    // S14: no draw is left, or nothing fits yet (the player must draw before passing), or a card fits.
    case 'drawLimit': expect(v.drawsLeft, why).toBe(0); break;
    case 'drawFirst': expect([plays.length, v.drawsLeft !== 0], why).toEqual([0, true]); break;
    case 'passNotAllowed': expect(plays.length, why).toBeGreaterThan(0); break;
    case 'catchNotOneCard': if ('catch' in c) expect(v.handCounts[c.catch], why).toBe(p.count); break;
    case 'catchTooLate': case 'catchCalled': expect(v.catchable, why).not.toBe('catch' in c ? c.catch : -2); break;
    case 'noCallNeeded': expect(v.catchable === c.seat && !('play' in c), why).toBe(false); break;
    case 'notInHand': if (c.seat === mover) expect(v.hand, why).not.toContain(p.card); break;
    default: break;
  }
}

describe('property: random games under random rule sets', () => {
  it('S8 S14 S17 S20 V1: conservation, exact legality, no view leak, tiers agree, undo restores, records round-trip', () => {
    fc.assert(
      fc.property(setupArb, fc.integer(), ({ game, overrides, players, seed }, policySeed) => {
        const names = Array.from({ length: players }, (_, i) => `P${i}`);
        const created = createGame({ game, rules: overrides, players: names, seed });
        expect(created.ok).toBe(true);
        if (!created.ok) return;
        let g = created.value;
        const rules: RuleSet = g.rules;
        const expected = 52 * rules.decks;
        const sim = load(g, 4);
        const rng = new Int32Array(4);
        seedFromString(rng, 0, `policy${policySeed}`);
        for (let step = 0; step < 160 && toMove(g) !== null; step++) {
          expect(totalCards(g)).toBe(expected);
          const legal = [...legalActions(g, { includeForgottenCalls: true }), ...catchActions(g)];
          const groups = legalGroups(g);
          expect(legal.length).toBeGreaterThan(0);
          // A move of several cards from a group option: the first, then some of the others in a random order.
          for (const o of groups) {
            const rest = [...o.with];
            for (let i = rest.length - 1; i > 0; i--) {
              const j = below(rng, 0, i + 1);
              [rest[i], rest[j]] = [rest[j], rest[i]];
            }
            const play = [o.first, ...rest.slice(0, 1 + below(rng, 0, rest.length))];
            const left = viewFor(g, o.seat).hand!.length - play.length;
            const top = play[play.length - 1];
            const move: Action = { seat: o.seat, play, ...(top[0] === '8' ? { suit: SUITS[below(rng, 0, 4)] } : {}), ...(left === 1 ? { call: true } : {}) };
            const r = apply(g, move);
            // Only S-V12 may refuse one: the move would go out on an eight.
            if (!r.ok) expect([r.error.rule, left, top[0]]).toEqual(['S-V12', 0, '8']);
            else legal.push(move);
          }
          // Nothing unlisted applies: a one-card move is listed, a longer one fits a group option.
          const fitsGroup = (c: Action): boolean =>
            'play' in c && c.play.length > 1 && groups.some((o) => {
              if (o.seat !== c.seat || o.first !== c.play[0]) return false;
              const pool = [...o.with];
              return c.play.slice(1).every((x) => pool.includes(x) && (pool.splice(pool.indexOf(x), 1), true));
            });
          for (const c of candidates(g, rng)) {
            const r = apply(g, c);
            if (r.ok) expect(legal.some((l) => sameMove(l, c)) || fitsGroup(c)).toBe(true);
            else {
              expect(r.error.message.length).toBeGreaterThan(5);
              // Refused exactly when not listed, and the sentence is true of the position.
              expect(legal.some((l) => sameMove(l, c))).toBe(false);
              saysTrue(g, r.error, c);
            }
          }
          // Views: nobody sees a card they may not know of; spectators see no hand.
          for (let s = 0; s < players; s++) {
            const text = JSON.stringify({ ...viewFor(g, s), rules: null });
            const known = knownTo(g, s);
            for (const card of text.match(CARD_RE) ?? []) expect(known.has(card)).toBe(true);
          }
          expect(viewFor(g, null).hand).toBeNull();
          // Every listed action applies; take one at random.
          const pick = legal[below(rng, 0, legal.length)];
          for (const l of legal.slice(0, 12)) expect(apply(g, l).ok).toBe(true);
          const next = apply(g, pick);
          expect(next.ok).toBe(true);
          if (!next.ok) return;
          // The simulator, fed the same action as codes, reaches the same state; undo restores.
          const before = sim.snapshot();
          sim.push();
          for (const code of codesOf(pick, sim)) sim.apply(code);
          expect(Array.from(sim.snapshot())).toEqual(Array.from(next.value.core));
          sim.pop();
          expect(Array.from(sim.snapshot())).toEqual(Array.from(before));
          for (const code of codesOf(pick, sim)) sim.apply(code);
          expect(g.core.length).toBe(STATE_SIZE);
          g = next.value;
        }
        const rec = recordOf(g);
        const text = JSON.stringify(rec);
        const parsed = parseRecord(text);
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(JSON.stringify(parsed.value)).toBe(text);
        const replayed = replayRecord(JSON.parse(text));
        expect(replayed.ok).toBe(true);
        if (replayed.ok) expect(Array.from(replayed.value.core)).toEqual(Array.from(g.core));
      }),
      { numRuns: 40, seed: 20261202 },
    );
  });

  it('S16 S17 S21: every game ends (simulator tier, random play, every rule set)', () => {
    fc.assert(
      fc.property(setupArb, ({ game, overrides, players, seed }) => {
        const rules = resolveRules(game, overrides, players);
        if (!rules.ok) return;
        const sim = new Sim(rules.value, players);
        sim.seed(seed);
        sim.newGame();
        const policy = new Int32Array(4);
        seedFromString(policy, 0, seed);
        let dealer = players - 1;
        let actions = 0;
        for (let round = 0; round < 60; round++) {
          sim.dealRound(dealer);
          dealer = (dealer + 1) % players;
          actions += rollout(sim, policy, 200_000);
          expect(sim.phase).toBeGreaterThanOrEqual(2);
          expect(sim.cardCount()).toBe(52 * rules.value.decks);
          if (sim.phase === 3) break;
        }
        expect(sim.phase).toBe(3);
        expect(actions).toBeGreaterThan(0);
      }),
      { numRuns: 150, seed: 7 },
    );
  });

  it('the fused rollout makes exactly the choices of the generic generate/apply loop', () => {
    const rules = resolveRules('olsen', {}, 4);
    if (!rules.ok) throw new Error('rules');
    const a = new Sim(rules.value, 4);
    const b = new Sim(rules.value, 4);
    const buf = new Int32Array(64);
    for (let game = 0; game < 300; game++) {
      a.seed(`g${game}`);
      b.seed(`g${game}`);
      a.newGame();
      b.newGame();
      a.dealRound(game % 4);
      b.dealRound(game % 4);
      const pa = new Int32Array(4);
      const pb = new Int32Array(4);
      seedFromString(pa, 0, `p${game}`);
      seedFromString(pb, 0, `p${game}`);
      let na = 0;
      while (a.phase <= 1) {
        const n = a.generate(buf);
        a.apply(buf[n === 1 ? 0 : pick(pa, 0, n)]);
        na++;
      }
      expect(rollout(b, pb)).toBe(na);
      expect(Array.from(b.snapshot())).toEqual(Array.from(a.snapshot()));
    }
  });

  it('the fast path is held to the real one: under every rule set, player count and deck count the fused rollout (where it applies) plays exactly as generate/apply', () => {
    const buf = new Int32Array(4096);
    let fusedSets = 0;
    fc.assert(
      fc.property(fc.oneof(setupArb, fusedArb), fc.integer(), ({ game, overrides, players, seed }, policySeed) => {
        const rules = resolveRules(game, overrides, players);
        if (!rules.ok) return;
        const a = new Sim(rules.value, players);
        const b = new Sim(rules.value, players);
        if (b.fused) fusedSets++;
        for (const s of [a, b]) {
          s.seed(seed);
          s.newGame();
        }
        const pa = new Int32Array(4);
        const pb = new Int32Array(4);
        seedFromString(pa, 0, `p${policySeed}`);
        seedFromString(pb, 0, `p${policySeed}`);
        // Several rounds: totals, dealers and reshuffles carry over.
        for (let round = 0; round < 4 && a.phase !== 3; round++) {
          a.dealRound(round % players);
          b.dealRound(round % players);
          let na = 0;
          while (a.phase <= 1 && na < 100_000) {
            const n = a.generate(buf);
            a.apply(buf[n === 1 ? 0 : pick(pa, 0, n)]);
            na++;
          }
          expect(rollout(b, pb, 100_000)).toBe(na);
          expect(Array.from(b.snapshot())).toEqual(Array.from(a.snapshot()));
        }
      }),
      { numRuns: 300, seed: 4242 },
    );
    // The random rule sets reach the fast path often (it is what `olsen bench` measures).
    expect(fusedSets).toBeGreaterThan(100);
  });

  it('apply never mutates the game it is given', () => {
    const g = createGame({ game: 'vri-atter', players: ['A', 'B', 'C'], seed: 'frozen' });
    if (!g.ok) throw new Error('create');
    const core = Array.from(g.value.core);
    const rounds = JSON.stringify(g.value.rounds);
    for (const a of legalActions(g.value)) apply(g.value, a);
    expect(Array.from(g.value.core)).toEqual(core);
    expect(JSON.stringify(g.value.rounds)).toBe(rounds);
    expect(Object.isFrozen(g.value)).toBe(true);
  });
});

describe('property: a simulator rebuilt from a view', () => {
  it('V1: simFromView with the true hidden cards offers exactly the real legal moves, mid-turn included (draws, a voluntary draw, penalties, catch windows)', () => {
    const real = new Int32Array(4096);
    const rebuilt = new Int32Array(4096);
    fc.assert(
      fc.property(setupArb, fc.integer(), ({ game, overrides, players, seed }, policySeed) => {
        const created = createGame({ game, rules: overrides, players: Array.from({ length: players }, (_, i) => `P${i}`), seed });
        if (!created.ok) return;
        let g = created.value;
        const rng = new Int32Array(6);
        seedFromString(rng, 0, `fromView/${policySeed}`);
        let checked = 0;
        for (let step = 0; step < 400 && viewFor(g, null).phase !== 'gameOver'; step++) {
          const mover = toMove(g);
          if (mover === null) {
            const next = nextRound(g);
            if (!next.ok) break;
            g = next.value;
            continue;
          }
          const truth = load(g);
          const view = viewFor(g, mover);
          const world = { hands: g.players.map((_, s) => truth.hand(s)), stock: truth.stock().reverse() };
          const sim = simFromView(view, world);
          const n = truth.generate(real);
          const m = sim.generate(rebuilt);
          expect(Array.from(rebuilt.subarray(0, m)), `step ${step}`).toEqual(Array.from(real.subarray(0, n)));
          checked++;
          const legal = [...legalActions(g, { includeForgottenCalls: true }), ...catchActions(g)];
          const r = apply(g, legal[pick(rng, 0, legal.length)]);
          if (!r.ok) throw new Error(r.error.message);
          g = r.value;
        }
        expect(checked).toBeGreaterThan(0);
      }),
      { numRuns: 60 },
    );
  });
});
