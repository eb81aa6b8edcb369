/**
 * The web app's hand model in Node, without a browser, by rule ID: every
 * command answers with a move the engine offered in the view (or, for a card
 * it does not offer, the bare card so the engine can say why).
 */
import { describe, expect, it } from 'vitest';
import { actorsOf, applyAction, moverOf, startGame, stageOf, viewOf, type AnyGame, type CardName, type GameName } from '@olsen/engine';
import type { PlayerView } from '@olsen/engine/shedding';
import type { HeartsView } from '@olsen/engine/hearts';
import { choose } from '@olsen/bots';
import { HUMANE, VirtualTable, type TableConfig, type TableSeat } from '@olsen/table';
import { NO_NOTES, read, receive } from '../src/model/table.js';
import { lingerAfter, trickScene } from '../src/model/trick.js';
import { roundTurns } from '../src/moves.js';
import { NB_TEXTS } from '../src/i18n.js';
import { lessonFor, type Lesson } from '../src/model/lessons.js';
import { SHEDDING_IDLE, chooseOption, give, heartsHand, heartsHandAt, layGroup, pickCard, sheddingHand, tapHeartsCard, toggleCall } from '../src/model/hand.js';

/** Plays a game by the medium bots until `want` holds for the view of the seat to move; that view, or null. */
function find<V>(game: GameName, rules: Record<string, unknown>, want: (v: V) => boolean, seeds = 200): V | null {
  for (let i = 0; i < seeds; i++) {
    const r = startGame({ game, rules, players: ['A', 'B', 'C'], seed: `model-${i}` });
    if (!r.ok) throw new Error(r.error.message);
    let g: AnyGame = r.value;
    const rng = new Int32Array([i, 2, 3, 4, 5, 6]);
    for (let k = 0; k < 400 && stageOf(g) === 'playing'; k++) {
      const seat = moverOf(g) ?? [...actorsOf(g).keys()][0];
      const v = viewOf(g, seat) as V;
      if (want(v)) return v;
      const next = applyAction(g, choose('medium', v as never, rng).action);
      if (!next.ok) throw new Error(next.error.message);
      g = next.value;
    }
  }
  return null;
}

const legalBodies = (v: { legal: readonly object[] }): string[] => v.legal.map((a) => {
  const { seat: _s, ...rest } = a as { seat: number };
  return JSON.stringify(rest);
});

describe('the hand model (shedding)', () => {
  it('S18: the call goes with the play only when armed; unarmed the play goes without it; arming ends with the move', () => {
    const v = find<PlayerView>('vri-atter', {}, (x) => x.hand?.length === 2 && x.legal.some((a) => 'play' in a && a.call && x.legal.filter((b) => 'play' in b && b.play[0] === a.play[0]).length === 1 && !x.groups.some((o) => o.first === a.play[0])));
    expect(v).not.toBeNull();
    const play = v!.legal.find((a) => 'play' in a && a.call && !v!.groups.some((o) => o.first === a.play[0]))! as unknown as { play: CardName[] };
    expect(sheddingHand(v!, SHEDDING_IDLE).mayArm).toBe(true);
    const unarmed = pickCard(v!, SHEDDING_IDLE, play.play[0]);
    expect(unarmed.send).toMatchObject({ play: play.play });
    expect(unarmed.send).not.toHaveProperty('call');
    const armed = pickCard(v!, toggleCall(SHEDDING_IDLE), play.play[0]);
    expect(armed.send).toMatchObject({ play: play.play, call: true });
    expect(legalBodies(v!)).toContain(JSON.stringify(armed.send));
    expect(armed.state.armed).toBe(false);
  });

  it('S-V4: a move of several cards is built card by card from the engine\'s group options and laid as the engine completes it', () => {
    const v = find<PlayerView>('olsen', { multiSameRank: true }, (x) => x.toMove === x.seat && x.groups.some((o) => o.with.length > 0 && o.first[0] !== '8'));
    expect(v).not.toBeNull();
    const option = v!.groups.find((o) => o.with.length > 0 && o.first[0] !== '8')!;
    let step = pickCard(v!, SHEDDING_IDLE, option.first);
    // The card alone (if the engine offers it) or with more: the person says which.
    if (step.state.choice) {
      const more = step.state.choice.findIndex((o) => 'more' in o);
      expect(more).toBeGreaterThanOrEqual(0);
      step = chooseOption(step.state, more);
    }
    expect(step.state.group).toEqual([option.first]);
    // A card that may not join is not taken; one that may, is.
    const stranger = (v!.hand ?? []).find((c) => c !== option.first && !option.with.includes(c as CardName));
    if (stranger) expect(pickCard(v!, step.state, stranger as CardName).state.group).toEqual([option.first]);
    step = pickCard(v!, step.state, option.with[0]);
    expect(step.state.group).toEqual([option.first, option.with[0]]);
    expect(sheddingHand(v!, step.state).mayLay).toBe(true);
    let laid = layGroup(v!, step.state);
    if (laid.state.choice) laid = chooseOption(laid.state, 0);
    expect(laid.send).toMatchObject({ play: [option.first, option.with[0]] });
    expect(laid.state.group).toBeNull();
  });

  it('S10: an eight asks which suit to name, each one a move the engine offered', () => {
    const v = find<PlayerView>('olsen', {}, (x) => x.toMove === x.seat && x.legal.filter((a) => 'play' in a && a.play[0][0] === '8').length >= 4);
    expect(v).not.toBeNull();
    const eight = v!.legal.find((a) => 'play' in a && a.play[0][0] === '8')! as unknown as { play: CardName[] };
    const step = pickCard(v!, SHEDDING_IDLE, eight.play[0]);
    expect(step.send).toBeNull();
    const options = step.state.choice!;
    expect(options.length).toBeGreaterThanOrEqual(4);
    for (const o of options) if ('send' in o) expect(legalBodies(v!).map((b) => JSON.parse(b)).some((b) => b.play?.[0] === eight.play[0] && b.suit === (o.send as { suit?: string }).suit)).toBe(true);
    const chosen = chooseOption(step.state, 1);
    expect(chosen.send).toEqual((options[1] as { send: object }).send);
    expect(chosen.state.choice).toBeNull();
  });

  it('a card the engine does not offer is sent as it is, so the engine can say why (and the model keeps nothing)', () => {
    const v = find<PlayerView>('olsen', {}, (x) => x.toMove === x.seat && (x.hand ?? []).some((c) => !x.legal.some((a) => 'play' in a && a.play[0] === c) && !x.groups.some((o) => o.first === c)));
    const card = (v!.hand ?? []).find((c) => !v!.legal.some((a) => 'play' in a && a.play[0] === c) && !v!.groups.some((o) => o.first === c))! as CardName;
    expect(sheddingHand(v!, SHEDDING_IDLE).fits(card)).toBe(false);
    expect(pickCard(v!, SHEDDING_IDLE, card)).toEqual({ state: SHEDDING_IDLE, send: { play: [card] } });
  });
});

describe('the hand model (Danish Olsen)', () => {
  it('H3: the pass picks the pass\'s size of cards (no more), and gives them as the engine\'s own pass move', () => {
    const v = find<HeartsView>('olsen-dk', { pass: 'left' }, (x) => x.phase === 'pass' && x.legal.some((a) => 'give' in a));
    expect(v).not.toBeNull();
    let s = heartsHandAt(v!);
    const hand = (v!.hand ?? []) as CardName[];
    expect(heartsHand(v!, s).passing).toBe(true);
    for (const c of hand.slice(0, v!.passSize + 1)) s = tapHeartsCard(v!, s, c).state;
    expect(s.picked).toEqual(hand.slice(0, v!.passSize));
    // Tapping a picked card puts it back.
    expect(tapHeartsCard(v!, s, hand[0]).state.picked).toEqual(hand.slice(1, v!.passSize));
    const g = give(v!, s);
    expect(g.send).toMatchObject({ give: hand.slice(0, v!.passSize) });
    expect(legalBodies(v!).some((b) => { const x = JSON.parse(b) as { give?: string[] }; return x.give?.length === v!.passSize && x.give.every((c) => hand.slice(0, v!.passSize).includes(c as CardName)); })).toBe(true);
    expect(g.state.picked).toEqual([]);
  });

  it('H5: in play a tap sends the engine\'s move with that card (the cards that follow suit are the ones marked); the picks of a pass do not outlive its phase', () => {
    const v = find<HeartsView>('olsen-dk', { pass: 'none' }, (x) => x.phase === 'play' && x.toMove === x.seat);
    expect(v).not.toBeNull();
    const move = v!.legal.find((a) => 'play' in a)! as unknown as { play: CardName[] };
    // H5: the cards marked playable are exactly the engine's moves.
    expect([...heartsHand(v!, heartsHandAt(v!)).playable].sort()).toEqual(v!.legal.flatMap((a) => ('play' in a ? [a.play[0]] : [])).sort());
    const stale = { picked: [move.play[0]], at: 'old/pass' };
    const step = tapHeartsCard(v!, stale, move.play[0]);
    expect(step.send).toEqual({ play: move.play });
    expect(step.state.picked).toEqual([]);
  });
});

describe('the table notes (what the frames bring)', () => {
  const base = { code: 'T', seats: [], host: 0, spectators: 0, recordId: null, daily: undefined } as const;
  const me: TableSeat = { kind: 'human', playerId: 'me', name: 'Ida', standIn: null };
  const config = (game: GameName, over: Partial<TableConfig> = {}): TableConfig => ({ game, rules: {}, seats: [me, { kind: 'bot', level: 'medium', name: 'Ola' }, { kind: 'bot', level: 'medium', name: 'Siri' }], gameNo: 1, seed: 'notes', turnSeconds: null, fillLevel: 'medium', ...over });

  it("tells the other players' moves since the last frame, never the person's own", async () => {
    const vt = new VirtualTable(config('olsen'), { pace: HUMANE });
    const d = vt.table.deal();
    if (!d.ok) throw new Error(d.error.message);
    vt.table.begin(d.game);
    let notes = receive(NO_NOTES, vt.table.frame(0, base));
    let told = 0;
    for (let k = 0; k < 30 && vt.table.running; k++) {
      const v = viewOf(vt.table.game!, 0) as PlayerView;
      if (v.legal.length > 0 && v.toMove === 0) await vt.table.act(0, v.version, legalBody(v));
      else await vt.step();
      notes = receive(notes, vt.table.frame(0, base));
      for (const n of notes.said) if (n.kind === 'move') {
        expect(n.action.seat).not.toBe(0);
        told++;
      }
    }
    expect(told).toBeGreaterThan(3);
  });

  it('S20: a catch of the person is told in full — who caught them, how many cards, which cards', async () => {
    let seen = false;
    for (let i = 0; i < 40 && !seen; i++) {
      const vt = new VirtualTable(config('vri-atter', { seed: `notes-${i}` }), { pace: HUMANE });
      const d = vt.table.deal();
      if (!d.ok) throw new Error(d.error.message);
      vt.table.begin(d.game);
      let notes = receive(NO_NOTES, vt.table.frame(0, base));
      for (let k = 0; k < 400 && vt.table.status() === 'playing' && !seen; k++) {
        const v = viewOf(vt.table.game!, 0) as PlayerView;
        if (v.legal.length > 0 && v.toMove === 0) {
          // Forgets the call whenever a play would leave one card.
          const a = legalBody(v) as { call?: boolean };
          const { call: _c, ...forgot } = a;
          await vt.table.act(0, v.version, a.call ? forgot : a);
        } else await vt.step();
        notes = receive(notes, vt.table.frame(0, base));
        const caught = notes.said.find((n) => n.kind === 'move' && 'catch' in n.action && n.action.catch === 0);
        if (caught) {
          seen = true;
          const by = (caught as unknown as { action: { seat: number } }).action.seat;
          expect(notes.news).toMatchObject({ kind: 'caught', by, seat: 0, drew: 3 });
          expect((notes.news as unknown as { cards: string[] }).cards).toHaveLength(3);
          // The live region tells it too, once.
          expect(notes.said.filter((n) => n.kind === 'caught')).toHaveLength(1);
        }
      }
    }
    expect(seen).toBe(true);
  });

  it("a move the turn timer made for the person is told to them; a new round starts with nothing to tell", async () => {
    const vt = new VirtualTable(config('olsen', { turnSeconds: 20 }), { pace: HUMANE });
    const d = vt.table.deal();
    if (!d.ok) throw new Error(d.error.message);
    vt.table.begin(d.game);
    let notes = receive(NO_NOTES, vt.table.frame(0, base));
    for (let k = 0; k < 50 && !(vt.peek()?.step.kind === 'turn'); k++) {
      await vt.step();
      notes = receive(notes, vt.table.frame(0, base));
    }
    await vt.step();
    notes = receive(notes, vt.table.frame(0, base));
    expect(notes.said).toContainEqual({ kind: 'timer' });
    expect(notes.news).toEqual({ kind: 'timer' });
    expect(read(notes).news).toBeNull();
  });
});

const legalBody = (v: PlayerView): Record<string, unknown> => {
  const { seat: _s, ...rest } = v.legal[0] as { seat: number };
  return rest;
};

describe('the trick model (Danish Olsen)', () => {
  it('H5: a taken trick stays in view with its winner for at least a second, then becomes the last trick\'s line', () => {
    const v = find<HeartsView>('olsen-dk', {}, (x) => x.phase === 'play' && x.lastTrick !== null && x.trick.cards.length === 0);
    expect(v).not.toBeNull();
    const linger = lingerAfter(v!, null, 1000)!;
    expect(linger.until - 1000).toBeGreaterThanOrEqual(1000);
    const during = trickScene(v!, linger, 2000);
    expect(during.taken).toEqual(v!.lastTrick);
    expect(during.showLast).toBe(false);
    // The same trick in the next frame keeps its time; it does not start again.
    expect(lingerAfter(v!, linger, 2500)).toBe(linger);
    const after = trickScene(v!, linger, linger.until + 1);
    expect(after.taken).toBeNull();
    expect(after.showLast).toBe(true);
    expect(after.showCurrent).toBe(true);
  });
});

describe("the move list marks the computer's moves for a person", () => {
  it('a stand-in\'s moves read "datamaskinen spilte for Ida" at her seat, from the runner\'s mark', async () => {
    const me: TableSeat = { kind: 'human', playerId: 'me', name: 'Ida', standIn: null };
    const vt = new VirtualTable({ game: 'olsen', rules: {}, seats: [me, { kind: 'bot', level: 'medium', name: 'Ola' }], gameNo: 1, seed: 'stand-in', turnSeconds: null, fillLevel: 'medium' }, { pace: HUMANE });
    const d = vt.table.deal();
    if (!d.ok) throw new Error(d.error.message);
    vt.table.begin(d.game);
    vt.table.config.seats = vt.table.standIn(0)!;
    vt.table.settle();
    await vt.run(() => (vt.table.computerMoves()[0]?.standIn.length ?? 0) < 2 && vt.table.status() === 'playing');
    const u = vt.table.frame(1, { code: 'T', seats: [], host: 0, spectators: 0, recordId: null });
    const turns = roundTurns(u.view!, NB_TEXTS, u.timerMoves, u.standInMoves);
    const hers = turns.filter((x) => x.seat === 0);
    expect(hers.length).toBeGreaterThan(0);
    for (const turn of hers) expect(turn.text).toMatch(/^datamaskinen spilte for Ida: /);
    expect(turns.filter((x) => x.seat === 1).every((x) => !x.text.includes('spilte for'))).toBe(true);
  });
});

describe('issue 49 (7): the lessons of a first game, read off the frames', () => {
  const frame = (game: GameName, v: PlayerView | HeartsView, status: 'playing' | 'roundOver' = 'playing') =>
    ({ code: 'LOCAL', game, status, gameNo: 1, seats: [], you: v.seat, host: 0, spectators: 0, turnSeconds: null, deadline: null, nextRoundAt: null, view: v, recordId: null }) as never;

  it('S8 S10 S12 S18 S20: each shedding lesson when its rule is met, once, the call before anything else on that turn', () => {
    const seen = new Set<Lesson>();
    const first = find<PlayerView>('vri-atter', {}, (v) => v.seat === 0 && v.toMove === 0 && v.legal.length > 0)!;
    expect(lessonFor(frame('vri-atter', first), seen)).toBe('match');
    seen.add('match');
    expect(lessonFor(frame('vri-atter', first), seen)).not.toBe('match');
    const eight = find<PlayerView>('vri-atter', {}, (v) => v.toMove === v.seat && v.legal.some((a) => 'play' in a && a.suit !== undefined) && !v.legal.some((a) => 'play' in a && a.call))!;
    expect(lessonFor(frame('vri-atter', eight), seen)).toBe('eight');
    const dry = find<PlayerView>('vri-atter', {}, (v) => v.toMove === v.seat && !v.legal.some((a) => 'play' in a) && v.legal.some((a) => 'draw' in a))!;
    expect(lessonFor(frame('vri-atter', dry), seen)).toBe('draw');
    const call = find<PlayerView>('vri-atter', {}, (v) => v.toMove === v.seat && v.legal.some((a) => 'play' in a && a.call))!;
    expect(lessonFor(frame('vri-atter', call), seen)).toBe('call');
    // A round over: scored in points (the engine's roundPoints) is Vri åtter's lesson; Olsen's is the ranking.
    expect(lessonFor(frame('vri-atter', { ...call, roundPoints: [0, 7, 12] }, 'roundOver'), seen)).toBe('scoring');
    expect(lessonFor(frame('olsen', { ...call, roundPoints: null }, 'roundOver'), seen)).toBe('olsenEnd');
  });

  it('H3 H5 H8: the pass, following suit, points and the moon in Danish Olsen', () => {
    const pass = find<HeartsView>('olsen-dk', { pass: 'left' }, (v) => v.phase === 'pass' && v.legal.length > 0)!;
    expect(lessonFor(frame('olsen-dk', pass), new Set())).toBe('pass');
    const play = find<HeartsView>('olsen-dk', {}, (v) => v.phase === 'play' && v.toMove === v.seat && v.taken.every((p) => p === 0))!;
    expect(lessonFor(frame('olsen-dk', play), new Set(['pass']))).toBe('follow');
    const points = find<HeartsView>('olsen-dk', {}, (v) => v.phase === 'play' && v.taken.some((p) => p > 0))!;
    expect(lessonFor(frame('olsen-dk', points), new Set(['pass', 'follow']))).toBe('points');
    expect(lessonFor(frame('olsen-dk', points, 'roundOver'), new Set(['pass', 'follow', 'points']))).toBe('moon');
  });
});
