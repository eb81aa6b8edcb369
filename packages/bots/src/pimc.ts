/**
 * Determinized Monte Carlo on the simulator tier — the first building block
 * of the search bots (not yet a level: with greedy rollouts it plays about as
 * well as `greedy`, see the tournament figures in the closing note). From the seat's
 * view alone it deals the unseen cards at random into the other hands and
 * the stock (a determinization), tries each legal action in each sample,
 * plays the rest of the round out with greedy rollouts, and keeps the action
 * with the best mean result for the seat. It never reads the real state:
 * everything it simulates is built from `PlayerView`.
 */
import {
  A_CALL, A_DRAW, A_PASS, A_PLAY, DECK, F_CALL, F_MORE, O_ACTIVE, O_ACTIVE_PLAYERS, O_DEALER, O_DIR, O_DRAWN, O_DRAWS, O_FIRST_TURN, O_GROUP,
  O_LAZY, O_OUT, O_PASS_STREAK, O_PENDING, O_PHASE, O_PLACE, O_RNG, O_RNG_OK, O_ROUND, O_TOP, O_TOTAL, O_TO_MOVE, O_UPCARD, O_VOLUNTARY,
  O_WINDOW, O_WINNER, P_GAME_OVER, P_ROUND_OVER, P_TURN, SUITS, Sim, makeCard, nextU32, parseCard, pick, type Action, type PlayerView,
} from '@olsen/engine';
import { greedy as greedyView, type Choice } from './shedding.js';
import { policyOf } from './sim-policies.js';

export interface PimcOptions {
  /** Determinizations per decision. */
  readonly samples: number;
}

const simGreedy = policyOf('greedy');

/**
 * What an opponent's forced draws say about its hand. A turn begun with a
 * draw means the cards held then had no card of the suit in play, none of
 * the top card's rank and no eight — had it held one, it would have played;
 * and while a playable drawn card must be played (S13), the cards it kept
 * from that turn's draws did not fit either. Cards leave a hand only by
 * play, so the cards held at an earlier such turn and still held were held
 * at every later one too: a tier of `count` cards fits none of the suits
 * (`suits`, a bit per suit) and ranks (`ranks`, a bit per rank) of every
 * forced draw from its own on. Tiers come strictest first; a catch's
 * penalty cards start the story over. (A voluntary draw, S12's decision,
 * would make this wrong: the bots that use it take the risk, since the
 * texts' players rarely draw by choice.)
 */
export interface DrawInference {
  readonly count: number;
  readonly suits: number;
  readonly ranks: number;
}

/** Rule sets where "nothing fitted" means no card of the suit, of the rank, and no eight. */
const plainRules = (view: PlayerView): boolean => !view.rules.noEightOnEight && view.rules.noTwistFirstTurn === 'off' && !view.rules.specialCards && view.rules.aceDraws === 0;

interface DrawEvent {
  suit: number;
  rank: number;
  draws: number;
  playedAfter: boolean;
}

export function drawInferences(view: PlayerView): DrawInference[][] {
  const n = view.players.length;
  const out: DrawInference[][] = Array.from({ length: n }, () => []);
  if (!plainRules(view)) return out;
  let top = view.upcard;
  let active = SUITS.indexOf(view.upcard[1] as never);
  const events: DrawEvent[][] = Array.from({ length: n }, () => []);
  let current = -1;
  let event: DrawEvent | null = null;
  for (const a of view.log) {
    if ('catch' in a) events[a.catch].length = 0;
    if ('catch' in a || ('call' in a && !('play' in a))) continue;
    if (a.seat !== current) {
      current = a.seat;
      event = null;
      if ('draw' in a) {
        event = { suit: active, rank: RANK_CHARS.indexOf(top[0]), draws: 0, playedAfter: false };
        events[a.seat].push(event);
      }
    }
    if ('draw' in a && event) event.draws++;
    if ('play' in a) {
      if (event) event.playedAfter = true;
      top = a.play[a.play.length - 1];
      active = a.suit ? SUITS.indexOf(a.suit) : SUITS.indexOf(top[1] as never);
    } else if ('suit' in a) active = SUITS.indexOf(a.suit);
  }
  const keptFit = view.rules.drawnCardMustBePlayed;
  for (let s = 0; s < n; s++) {
    const ev = events[s];
    if (s === view.seat || ev.length === 0) continue;
    // From the latest forced draw back: cards kept at later draws are free of the earlier ones' bounds.
    let keptLater = 0;
    let suits = 0;
    let ranks = 0;
    const tiers: DrawInference[] = [];
    for (let j = ev.length - 1; j >= 0; j--) {
      const e = ev[j];
      const kept = Math.max(0, e.draws - (e.playedAfter ? 1 : 0));
      suits |= 1 << e.suit;
      ranks |= 1 << e.rank;
      const count = view.handCounts[s] - keptLater - (keptFit ? 0 : kept);
      keptLater += kept;
      if (count <= 0) break;
      tiers.unshift({ count, suits, ranks });
    }
    out[s] = tiers;
  }
  return out;
}

const RANK_CHARS = '23456789TJQKA';

/**
 * What an opponent's last play says, read as the texts' plain player would
 * play (the `greedy` habit): a single card played without drawing came from
 * the suit it held most among the suits it could play; an eight was played
 * only with nothing else that fitted, naming the suit it held most.
 */
export interface PlayInference {
  readonly card: number;
  readonly eight: boolean;
  /** The suit in play and the top card's rank before the play. */
  readonly suit: number;
  readonly rank: number;
  /** The suit named with an eight, else -1. */
  readonly named: number;
  /** Cards the seat played after this one (its hand then = its hand now + these + this card). */
  readonly later: readonly number[];
}

/**
 * Every single-card play an opponent made without drawing since its last
 * draw: its hand at each of them is its hand now plus what it played since.
 */
export function playInferences(view: PlayerView): PlayInference[][] {
  const n = view.players.length;
  const out: PlayInference[][] = Array.from({ length: n }, () => []);
  if (!plainRules(view)) return out;
  let top = view.upcard;
  let active = SUITS.indexOf(view.upcard[1] as never);
  let current = -1;
  let acts = 0;
  for (const a of view.log) {
    // A caught player draws penalty cards (S20): its hand is unknown again.
    if ('catch' in a) out[a.catch].length = 0;
    if ('catch' in a || ('call' in a && !('play' in a))) continue;
    if (a.seat !== current) {
      current = a.seat;
      acts = 0;
    }
    acts++;
    const mine = out[a.seat];
    if ('play' in a) {
      const cards = a.play.map(parseCard);
      for (const p of mine) (p.later as number[]).push(...cards);
      const card = cards[0];
      if (acts === 1 && cards.length === 1) mine.push({ card, eight: (card & 15) === 6, suit: active, rank: '23456789TJQKA'.indexOf(top[0]), named: a.suit ? SUITS.indexOf(a.suit) : -1, later: [] });
      top = a.play[a.play.length - 1];
      active = a.suit ? SUITS.indexOf(a.suit) : SUITS.indexOf(top[1] as never);
    } else {
      // A draw brings an unknown card: what came before no longer pins the hand down.
      if ('draw' in a) mine.length = 0;
      if ('suit' in a) active = SUITS.indexOf(a.suit);
    }
  }
  return out;
}

const COUNTS = new Int32Array(4);

/** Would the plain player holding `hand` (after the play) have made play `f`? (Called per play per deal: no allocation.) */
export function explains(hand: readonly number[], f: PlayInference): boolean {
  COUNTS.fill(0);
  let playable = 0;
  const add = (c: number): void => {
    if ((c & 15) === 6) return;
    COUNTS[c >> 4]++;
    if (c >> 4 === f.suit || (c & 15) === f.rank) playable |= 1 << (c >> 4);
  };
  for (let i = 0; i < hand.length; i++) add(hand[i]);
  for (let i = 0; i < f.later.length; i++) add(f.later[i]);
  add(f.card);
  if (f.eight) {
    if (playable !== 0) return false;
    return f.named < 0 || (COUNTS[0] <= COUNTS[f.named] && COUNTS[1] <= COUNTS[f.named] && COUNTS[2] <= COUNTS[f.named] && COUNTS[3] <= COUNTS[f.named]);
  }
  const mine = COUNTS[f.card >> 4];
  for (let s = 0; s < 4; s++) if (playable & (1 << s) && COUNTS[s] > mine) return false;
  return true;
}

const fits = (c: number, f: DrawInference): boolean => !((f.suits >> (c >> 4)) & 1) && !((f.ranks >> (c & 15)) & 1) && (c & 15) !== 6;

/**
 * Deals simulator states consistent with `view`, the hidden cards at random —
 * with `infer`, so that each opponent's last forced draw stays explained
 * (`drawInferences`) and its plays since look like the plain player's
 * (`playInferences`), as far as the unseen cards allow. What the view says is
 * read once; each `sample` reshuffles the unseen cards into one reused `Sim`.
 */
export class Determinizer {
  private readonly sim: Sim;
  private readonly template: Int32Array;
  private readonly pool: number[] = [];
  private readonly discard: number[];
  private readonly me: number;
  private readonly myHand: readonly number[];
  private readonly draws: DrawInference[][];
  private readonly plays: PlayInference[][];

  constructor(
    private readonly view: PlayerView,
    private readonly infer: boolean,
  ) {
    const n = view.players.length;
    this.me = view.seat ?? 0;
    this.myHand = (view.hand ?? []).map(parseCard);
    // The laid cards in order: the upcard, then every play of the round; the pile is their tail.
    const laid: number[] = [parseCard(view.upcard)];
    for (const a of view.log) if ('play' in a) for (const c of a.play) laid.push(parseCard(c));
    this.discard = laid.slice(laid.length - view.discardCount);
    const unseen = new Map<number, number>();
    for (let d = 0; d < view.rules.decks; d++) for (const c of DECK) unseen.set(c, (unseen.get(c) ?? 0) + 1);
    const take = (c: number): void => void unseen.set(c, (unseen.get(c) ?? 0) - 1);
    for (const c of view.hand ?? []) take(parseCard(c));
    for (const c of this.discard) take(c);
    for (const [c, k] of unseen) for (let i = 0; i < k; i++) this.pool.push(c);
    this.draws = infer ? drawInferences(view) : [];
    this.plays = infer ? playInferences(view) : [];
    this.sim = new Sim(view.rules, n, 2);
    // Everything but the cards is the same in every sample: set it once, copy it in per sample.
    this.deal(this.pool.slice());
    finishDeterminization(view, this.sim, laid, new Int32Array(6));
    this.template = this.sim.st.slice();
  }

  /** A fresh determinization (the same `Sim` object each time: use it before the next call). */
  sample(rng: Int32Array): Sim {
    const pool = this.pool;
    const shuffle = (): void => {
      for (let i = pool.length - 1; i > 0; i--) {
        const j = pick(rng, 0, i + 1);
        const t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
      }
    };
    shuffle();
    this.sim.st.set(this.template);
    if (!this.infer) this.deal(pool);
    else {
      // Deals that contradict an opponent's play are redealt (a few times; then the best one found stays).
      const n = this.view.players.length;
      let best: { hands: number[][]; stock: number[] } | null = null;
      let bestMisses = Infinity;
      for (let attempt = 0; attempt < INFER_ATTEMPTS; attempt++) {
        if (attempt > 0) shuffle();
        const dealt = dealInferred(this.view, pool, this.me, this.myHand, this.draws);
        let misses = 0;
        for (let s = 0; s < n; s++) if (s !== this.me) for (const p of this.plays[s]) if (!explains(dealt.hands[s], p)) misses++;
        if (misses < bestMisses) {
          best = dealt;
          bestMisses = misses;
        }
        if (misses === 0) break;
      }
      this.sim.setCards(best!.hands, this.discard, best!.stock);
    }
    const st = this.sim.st;
    for (let i = 0; i < 4; i++) st[O_RNG + i] = nextU32(rng, 0) | 0;
    return this.sim;
  }

  /** The plain deal: the pool in order into the other hands, the rest is the stock. */
  private deal(pool: readonly number[]): void {
    const view = this.view;
    const hands: number[][] = [];
    let at = 0;
    for (let s = 0; s < view.players.length; s++) {
      if (s === this.me) hands.push(this.myHand as number[]);
      else {
        hands.push(pool.slice(at, at + view.handCounts[s]));
        at += view.handCounts[s];
      }
    }
    this.sim.setCards(hands, this.discard, pool.slice(at));
  }
}

/** One determinization of `view` (a fresh `Sim`; for many, keep a `Determinizer`). */
export function determinize(view: PlayerView, rng: Int32Array, infer = false): Sim {
  return new Determinizer(view, infer).sample(rng);
}

const INFER_ATTEMPTS = 24;

/** Hands for everyone from the shuffled pool: cards bound by forced draws first (strictest tier first), then the rest. */
function dealInferred(view: PlayerView, pool: readonly number[], me: number, myHand: readonly number[], inf: readonly (readonly DrawInference[])[]): { hands: number[][]; stock: number[] } {
  const n = view.players.length;
  const hands: number[][] = [];
  // Bound cards first, from the shuffled pool; then every other slot from what is left.
  const used = new Uint8Array(pool.length);
  const partial: number[][] = view.players.map(() => []);
  for (let s = 0; s < n; s++) {
    if (s === me) continue;
    // Strictest tier first: its cards fit every looser tier too.
    for (const f of inf[s]) {
      for (let i = 0; i < pool.length && partial[s].length < f.count; i++) {
        if (!used[i] && fits(pool[i], f)) {
          used[i] = 1;
          partial[s].push(pool[i]);
        }
      }
    }
  }
  let i = 0;
  for (let s = 0; s < n; s++) {
    if (s === me) {
      hands.push(myHand as number[]);
      continue;
    }
    while (partial[s].length < view.handCounts[s]) {
      while (used[i]) i++;
      used[i] = 1;
      partial[s].push(pool[i]);
    }
    hands.push(partial[s]);
  }
  return { hands, stock: pool.filter((_, j) => !used[j]) };
}

/** The public state of the round, from the view, around the dealt cards. */
function finishDeterminization(view: PlayerView, sim: Sim, laid: readonly number[], rng: Int32Array): void {
  const st = sim.st;
  const n = view.players.length;
  const me = view.seat ?? 0;
  st[O_PHASE] = view.phase === 'nameSuit' ? 1 : P_TURN;
  st[O_TO_MOVE] = view.toMove ?? me;
  st[O_DIR] = view.direction === 'clockwise' ? 1 : n - 1;
  st[O_DEALER] = view.dealer;
  st[O_TOP] = parseCard(view.top);
  st[O_UPCARD] = laid[0];
  st[O_ACTIVE] = SUITS.indexOf(view.activeSuit);
  st[O_DRAWS] = 0;
  st[O_VOLUNTARY] = 0;
  st[O_DRAWN] = -1;
  st[O_PASS_STREAK] = 0;
  st[O_PENDING] = view.pendingDraw;
  st[O_WINDOW] = view.catchable ?? -1;
  st[O_GROUP] = 0;
  st[O_ROUND] = view.round;
  let out = 0;
  let winner = -1;
  for (let s = 0; s < n; s++) {
    st[O_PLACE + s] = view.places[s];
    if (view.places[s] > 0) out++;
    if (view.places[s] === 1) winner = s;
    st[O_TOTAL + s] = view.totals?.[s] ?? 0;
  }
  st[O_OUT] = out;
  st[O_ACTIVE_PLAYERS] = n - out;
  st[O_WINNER] = winner;
  // S-V6: seats that have not acted yet this round still owe their first turn.
  let first = 0;
  if (view.rules.noTwistFirstTurn !== 'off') {
    const acted = new Set(view.log.filter((a) => !('catch' in a) && !('call' in a && !('play' in a))).map((a) => a.seat));
    for (let s = 0; s < n; s++) if (!acted.has(s)) first |= 1 << s;
    if (view.rules.noTwistFirstTurn === 'starter') first &= 1 << ((view.dealer + 1) % n);
  }
  st[O_FIRST_TURN] = first;
  st[O_RNG_OK] = 1;
  st[O_LAZY] = 1;
  for (let i = 0; i < 4; i++) st[O_RNG + i] = nextU32(rng, 0) | 0;
}

/** The seat's result at the end of the round: higher is better. */
function score(sim: Sim, seat: number): number {
  if (sim.rules.scoring === 'points') return -sim.total(seat);
  // Winning is what counts; the place breaks ties between equally winning moves.
  return (sim.place(seat) === 1 ? 1 : 0) - 0.05 * sim.place(seat);
}

const buf = new Int32Array(4096);
const rollBuf = new Int32Array(4096);

/** Plays the round out with greedy players (rollouts). */
function rollOut(sim: Sim, rng: Int32Array): void {
  for (let guard = 0; guard < 5000 && sim.phase <= 1; guard++) {
    const n = sim.generate(rollBuf);
    sim.apply(simGreedy(sim, rollBuf, n, rng));
  }
}

/** The view's action for a whole-move simulator code (a single play, a draw, a pass); undefined for anything else. */
export function toAction(view: PlayerView, code: number): Action | undefined {
  const kind = code & 7;
  if (kind === A_DRAW) return view.legal.find((a) => 'draw' in a);
  if (kind === A_PASS) return view.legal.find((a) => 'pass' in a);
  // A play that leaves one card is listed with the call: a search always calls.
  if (kind === A_PLAY && !(code & F_MORE)) {
    const card = makeCard((code >> 3) & 63);
    const suit = ((code >> 9) & 7) - 1;
    return view.legal.find((a) => 'play' in a && a.play.length === 1 && a.play[0] === card && (suit < 0 ? !a.suit : a.suit === SUITS[suit]));
  }
  return undefined;
}

/** Determinized Monte Carlo over the single-card moves, draws and passes of the view. */
export function pimc(view: PlayerView, rng: Int32Array, options: PimcOptions = { samples: 64 }): Choice {
  const fallback = greedyView(view);
  const me = view.seat;
  if (me === null || view.toMove !== me || view.phase !== 'turn' || view.drawsThisTurn > 0 || view.pendingDraw > 0 || 'catch' in fallback.action) return fallback;
  const candidates: number[] = [];
  {
    const sim = determinize(view, rng);
    const n = sim.generate(buf);
    for (let i = 0; i < n; i++) if (!(buf[i] & F_MORE) && (buf[i] & 7) !== A_CALL) candidates.push(buf[i]);
    // A voluntary draw costs a card for sure and gains little in a rollout's eyes: search the plays.
    if (candidates.some((c) => (c & 7) === A_PLAY)) candidates.splice(0, candidates.length, ...candidates.filter((c) => (c & 7) === A_PLAY));
  }
  if (candidates.length <= 1) return fallback;
  const totals = new Float64Array(candidates.length);
  const det = new Determinizer(view, false);
  for (let k = 0; k < options.samples; k++) {
    const sim = det.sample(rng);
    for (let i = 0; i < candidates.length; i++) {
      sim.push();
      sim.apply(candidates[i] | ((candidates[i] & 7) === A_PLAY && (candidates[i] & F_CALL) ? F_CALL : 0));
      rollOut(sim, rng);
      totals[i] += sim.phase === P_ROUND_OVER || sim.phase === P_GAME_OVER ? score(sim, me) : -99;
      sim.pop();
    }
  }
  let best = 0;
  for (let i = 1; i < candidates.length; i++) if (totals[i] > totals[best]) best = i;
  const action = toAction(view, candidates[best]);
  return action ? { action, reason: fallback.action === action ? fallback.reason : { kind: 'only' } } : fallback;
}
