/**
 * Determinized Monte Carlo on the simulator tier — the first building block
 * of the search bots (not yet a level: with greedy rollouts it plays about as
 * well as `greedy` in tournaments). From the seat's
 * view alone it deals the unseen cards at random into the other hands and
 * the stock (a determinization), tries each legal action in each sample,
 * plays the rest of the round out with greedy rollouts, and keeps the action
 * with the best mean result for the seat. It never reads the real state:
 * everything it simulates is built from `PlayerView`.
 */
import { isCatch, isDraw, isPass, isPlay, SUITS } from '@olsen/engine';
import { makeCard, parseCard } from '@olsen/engine/sim';
import type { Action, PlayerView } from '@olsen/engine/shedding';
import { A_CALL, A_DRAW, A_PASS, A_PLAY, F_CALL, F_MORE, P_GAME_OVER, P_ROUND_OVER, Sim, loadView, pileOf, unseenOf } from '@olsen/engine/sim';
import { Belief, readableRules, shuffle, type Reading } from './belief.js';
import { greedy as greedyView, type Choice } from './shedding.js';
import { policyOf } from './sim-policies.js';

export interface PimcOptions {
  /** Determinizations per decision. */
  readonly samples: number;
  /** Deal from the `Belief` (opponents read as the yardstick) instead of at random. */
  readonly infer?: boolean;
}

const simGreedy = policyOf('greedy');

/**
 * Deals simulator states consistent with `view`: the hidden cards at random,
 * or with `infer` (and an `rng` for it) from the `Belief`'s chain, so that the
 * opponents' hands explain what they did as far as the unseen cards allow.
 * What the view says is read once; each `sample` deals into one reused `Sim`.
 */
export class Determinizer {
  private readonly sim: Sim;
  private readonly template: Int32Array;
  private readonly pool: number[] = [];
  private readonly discard: number[];
  private readonly me: number;
  private readonly myHand: readonly number[];

  private readonly belief: Belief | null = null;
  private readonly steps: number;

  constructor(
    private readonly view: PlayerView,
    infer: boolean,
    rng?: Int32Array,
  ) {
    this.me = view.seat ?? 0;
    this.myHand = (view.hand ?? []).map(parseCard);
    this.discard = pileOf(view);
    this.pool.push(...unseenOf(view));
    if (infer && rng && readableRules(view)) {
      const belief = new Belief(view, this.pool, rng);
      if (belief.constrained) this.belief = belief;
    }
    // Steps of the chain between samples: about two moves per hidden card held.
    this.steps = 8 + 2 * (this.pool.length - view.stockCount);
    this.sim = new Sim(view.rules, view.players.length, 2);
    // Everything but the cards is the same in every sample: set it once (the engine reads the view), copy it in per sample.
    this.deal(this.pool.slice());
    loadView(this.sim, view);
    this.template = this.sim.st.slice();
  }

  /**
   * How the seat's play reads (`Belief.reading`); 'none' where the rule set
   * cannot be read or there is nothing to read.
   */
  reading(seat: number): Reading {
    return this.belief ? this.belief.reading(seat) : 'none';
  }

  /** A fresh determinization (the same `Sim` object each time: use it before the next call). */
  sample(rng: Int32Array): Sim {
    this.sim.st.set(this.template);
    const belief = this.belief;
    if (!belief) {
      shuffle(this.pool, rng);
      this.deal(this.pool);
    } else {
      belief.walk(rng, this.steps);
      const hands: number[][] = [];
      let held = 0;
      for (let s = 0, k = 0; s < this.view.players.length; s++) {
        if (s === this.me) hands.push(this.myHand as number[]);
        else {
          const at = belief.stories[k++].poolAt;
          const h: number[] = [];
          for (let j = 0; j < at.length; j++) h.push(belief.pool[at[j]]);
          held += at.length;
          hands.push(h);
        }
      }
      // The stock's order is new in every sample: only which cards are in it comes from the chain.
      const stock = Array.from(belief.pool.subarray(held));
      shuffle(stock, rng);
      this.sim.setCards(hands, this.discard, stock);
    }
    this.sim.reseed(rng);
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
  return new Determinizer(view, infer, rng).sample(rng);
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
  if (kind === A_DRAW) return view.legal.find((a) => isDraw(a));
  if (kind === A_PASS) return view.legal.find((a) => isPass(a));
  // A play that leaves one card is listed with the call: a search always calls.
  if (kind === A_PLAY && !(code & F_MORE)) {
    const card = makeCard((code >> 3) & 63);
    const suit = ((code >> 9) & 7) - 1;
    return view.legal.find((a) => isPlay(a) && a.play.length === 1 && a.play[0] === card && (suit < 0 ? !a.suit : a.suit === SUITS[suit]));
  }
  return undefined;
}

/** Determinized Monte Carlo over the single-card moves, draws and passes of the view. */
export function pimc(view: PlayerView, rng: Int32Array, options: PimcOptions = { samples: 64 }): Choice {
  const fallback = greedyView(view);
  const me = view.seat;
  if (me === null || view.toMove !== me || view.phase !== 'turn' || view.drawsThisTurn > 0 || view.pendingDraw > 0 || isCatch(fallback.action)) return fallback;
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
  const det = new Determinizer(view, options.infer ?? false, rng);
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
