/**
 * The game review ("Analyse"): each decision of one seat with a real choice,
 * weighed from that seat's view at that moment. Every legal option is played
 * in the same sampled worlds (deals of the unseen cards consistent with the
 * view, the opponents' stories explained where the rule set can be read) and
 * each world is played out by the yardstick; an option's value is its mean
 * over the worlds, with the standard error. The options share worlds and
 * playout dice, so the difference between two options is measured pairwise
 * and a move's cost is that difference measured again on fresh worlds; it is a
 * mistake only when that one figure's 95 % interval excludes zero and it is big
 * enough to matter (`verdictOf`).
 *
 * `evaluate*` take a view and nothing else, so a review cannot read a hidden
 * card — by type, as the bots. `reviewRecord` walks a record (which knows
 * everything) only to hand those functions the seat's views.
 */
import { isPlay, isHeartsView, replaySteps, viewOf, type AnyAction, type AnyGame, type AnyView, type GameName, type Seat } from '@olsen/engine';
import { seedFromString } from '@olsen/engine/sim';
import type { Action, PlayerView } from '@olsen/engine/shedding';
import type { HeartsAction, HeartsView } from '@olsen/engine/hearts';
import { F_CALL, HP_PLAY, HeartsSim, P_GAME_OVER, P_ROUND_OVER, codesOfAction, type Sim } from '@olsen/engine/sim';
import { heartsDeterminize, heartsKnowledge, heartsPolicy, searchRules } from './hearts-search.js';
import { heartsHabitChoice, type HeartsReason } from './hearts.js';
import { medium } from './medium.js';
import { Determinizer } from './pimc.js';
import type { Reason } from './shedding.js';
import { greedyPoints, policyOf } from './sim-policies.js';
import { verdictOf, type Verdict } from './verdict.js';

/**
 * What a value means: `win`, the chance to win the round (a ranking game's
 * round is its game); `points`, the seat's expected points this round or
 * hand (points games and Danish Olsen: fewer is better).
 */
export type Measure = 'win' | 'points';

export interface OptionValue {
  readonly action: AnyAction;
  /** The mean over the worlds: a chance 0…1 (`win`) or points (`points`). */
  readonly mean: number;
  /** Its standard error. */
  readonly se: number;
}

export interface Evaluation {
  readonly measure: Measure;
  readonly worlds: number;
  readonly options: readonly OptionValue[];
  /** Index of the best option (highest chance, fewest points). */
  readonly best: number;
}

export interface ReviewOptions {
  /** Worlds per decision (default `DEFAULT_WORLDS`; the same worlds for every option). */
  readonly worlds?: number;
  /** The review's seed: the same record, seat and seed give the same review. */
  readonly seed?: string;
  /** Called after each position with how many are done of how many. */
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * The moves the computer made for people at the table (the table runner's marks: the turn timer's, and a
   * stand-in's for a person who left), by round and log index: the seat's own among them are not its decisions
   * and are not judged, only counted (`Review.byComputer`).
   */
  readonly computerMoves?: readonly ComputerMoves[];
}

/** One round's moves the computer made for a person: log indices (the table runner's `computerMoves()`). */
export interface ComputerMoves {
  readonly round: number;
  readonly timer: readonly number[];
  readonly standIn: readonly number[];
}

/** One decision of the seat with more than one option. */
export interface ReviewDecision {
  /** The replay step before the action (`replaySteps` index): the table as the seat saw it. */
  readonly step: number;
  readonly round: number;
  /** The action's place in the round's log (every seat's actions counted). */
  readonly index: number;
  /** The seat's own move number in the game, from 1 (what "23 moves" on a result list counts). */
  readonly move: number;
  readonly evaluation: Evaluation;
  /** The option the seat took. */
  readonly chosen: number;
  /**
   * How much worse the choice was than the best (0 when it was the best), in
   * the measure's units: measured again for the pair on fresh worlds, since
   * the best was picked on the first ones (its lead there is biased upwards).
   */
  readonly loss: number;
  /** The standard error of that difference (paired over the fresh worlds). */
  readonly lossSe: number;
  /** The one verdict, read off `loss` and `lossSe` alone (`verdictOf`): every sentence follows it. */
  readonly verdict: Verdict;
  /** `verdict === 'mistake'`. */
  readonly mistake: boolean;
  /** Why the best option is good, in the hints' terms, when the habits (`medium`) choose it too. */
  readonly reason: Reason | HeartsReason | null;
  /** Opponents down to one card at that moment (the review's sentence names them). */
  readonly lastCard: readonly Seat[];
}

export interface SwingPoint {
  /** The replay step after which this is the seat's value. */
  readonly step: number;
  readonly round: number;
  readonly value: number;
}

export interface Review {
  readonly game: GameName;
  readonly seat: Seat;
  readonly players: readonly string[];
  readonly measure: Measure;
  readonly worlds: number;
  readonly decisions: readonly ReviewDecision[];
  /** The seat's value after every step of the game, from its own view (the last of each round is the result). */
  readonly swing: readonly SwingPoint[];
  /** The seat's moves the computer made for it (the turn timer, a stand-in while away): not judged. Absent: none. */
  readonly byComputer?: number;
}

/** Worlds per decision: a standard error of about 1.5 points of win chance, a 4-player Olsen game in about a second. */
export const DEFAULT_WORLDS = 1000;


const simGreedy = policyOf('greedy');
const codes = new Int32Array(1024);

/** Plays the round out by the yardstick (minding points in points games), as the search bots' rollouts do. */
function rollOut(sim: Sim, rng: Int32Array): void {
  const policy = sim.rules.scoring === 'points' ? greedyPoints : simGreedy;
  for (let guard = 0; guard < 4000 && sim.phase <= 1; guard++) {
    // A forgotten call is caught at once, as the bots do (S20): the review must see what forgetting costs.
    const catches = sim.generateCatches(codes);
    if (catches > 0) {
      sim.apply(codes[0]);
      continue;
    }
    const n = sim.generate(codes);
    sim.apply(policy(sim, codes, n, rng));
  }
}

/**
 * Whether the world offers `code` now: among its moves (a play with or without
 * the call, as the engine judges a play: S18 lets the call be forgotten) or its catches.
 */
function offered(sim: Sim, code: number): boolean {
  const n = sim.generateCatches(codes, sim.generate(codes));
  for (let i = 0; i < n; i++) if ((codes[i] & ~F_CALL) === (code & ~F_CALL)) return true;
  return false;
}

/** Applies a public action's codes; false if the world does not offer them (never for a world consistent with the view). */
function applyCodes(sim: Sim, chain: readonly number[]): boolean {
  for (const c of chain) {
    if (!offered(sim, c)) return false;
    sim.apply(c);
  }
  return true;
}

/** Mean and standard error of a column of samples. */
function meanSe(xs: Float64Array): { mean: number; se: number } {
  const n = xs.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += xs[i];
  const mean = sum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (xs[i] - mean) ** 2;
  return { mean, se: n > 1 ? Math.sqrt(ss / (n - 1) / n) : 0 };
}

const better = (m: Measure, a: number, b: number): boolean => (m === 'win' ? a > b : a < b);

/** The options of the seat in `view`: its legal actions, and `chosen` if it is a move they do not list (several cards, a forgotten call). */
function optionsOf<A extends AnyAction>(legal: readonly A[], seat: Seat, chosen: A | null): A[] {
  const own = legal.filter((a) => a.seat === seat);
  if (chosen && !own.some((a) => sameAction(a, chosen))) own.push(chosen);
  return own;
}

export const sameAction = (a: AnyAction, b: AnyAction): boolean => JSON.stringify(normal(a)) === JSON.stringify(normal(b));
const normal = (a: AnyAction): unknown => Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined && v !== false).sort(([x], [y]) => (x < y ? -1 : 1)));

function finish(measure: Measure, worlds: number, actions: readonly AnyAction[], samples: Float64Array[]): Evaluation {
  const options = actions.map((action, i) => ({ action, ...meanSe(samples[i]) }));
  let best = 0;
  for (let i = 1; i < options.length; i++) if (better(measure, options[i].mean, options[best].mean)) best = i;
  return { measure, worlds, options, best };
}

/**
 * Per option, its value in each of `worlds` deals of the shedding view: the
 * option's codes applied, the round played out by the yardstick. Every option
 * of a world gets the same playout dice, so they differ by the move alone.
 */
function sampleShedding(view: PlayerView, rng: Int32Array, worlds: number, chains: readonly (readonly number[])[]): Float64Array[] {
  const me = view.seat ?? 0;
  const measure = measureOf(view);
  const out = chains.map(() => new Float64Array(worlds));
  const det = new Determinizer(view, true, rng);
  const start = view.totals?.[me] ?? 0;
  const dice = new Int32Array(rng.length);
  for (let w = 0; w < worlds; w++) {
    const sim = det.sample(rng);
    dice.set(rng);
    for (let i = 0; i < chains.length; i++) {
      sim.push();
      rng.set(dice);
      if (applyCodes(sim, chains[i])) rollOut(sim, rng);
      out[i][w] = valueOf(sim, me, measure, start);
      sim.pop();
    }
  }
  return out;
}

/** The same for cards of a Danish Olsen view (null: no card, play on), the hand played out by the habits; the value is the seat's points this hand. */
function sampleHearts(view: HeartsView, rng: Int32Array, worlds: number, cards: readonly (string | null)[]): Float64Array[] {
  const me = view.seat ?? 0;
  const k = heartsKnowledge(view);
  const sim = new HeartsSim(searchRules(view.rules), view.players.length, 1);
  const out = cards.map(() => new Float64Array(worlds));
  const dice = new Int32Array(rng.length);
  for (let w = 0; w < worlds; w++) {
    heartsDeterminize(k, sim, rng);
    dice.set(rng);
    for (let i = 0; i < cards.length; i++) {
      sim.push();
      rng.set(dice);
      const card = cards[i];
      if (card !== null) sim.apply(codeOfCard(card));
      playOutHand(sim, rng);
      out[i][w] = sim.points(me);
      sim.pop();
    }
  }
  return out;
}

const heartsBuf = new Int32Array(64);
function playOutHand(sim: HeartsSim, rng: Int32Array): void {
  while (sim.phase === HP_PLAY) {
    const n = sim.generate(heartsBuf);
    sim.apply(heartsPolicy(sim, heartsBuf, n, rng));
  }
}

const measureOf = (view: PlayerView): Measure => (view.rules.scoring === 'points' ? 'points' : 'win');

/**
 * Every option of the shedding seat to move in `view`, each played in the
 * same `worlds` deals. `chosen` (optional) is added when the view does not
 * list it (several cards, a forgotten call).
 */
export function evaluateShedding(view: PlayerView, rng: Int32Array, worlds: number, chosen: Action | null = null): Evaluation {
  const actions = optionsOf(view.legal, view.seat ?? 0, chosen);
  return finish(measureOf(view), worlds, actions, sampleShedding(view, rng, worlds, actions.map(codesOfAction)));
}

function valueOf(sim: Sim, me: number, measure: Measure, start: number): number {
  const over = sim.phase === P_ROUND_OVER || sim.phase === P_GAME_OVER;
  if (measure === 'win') return over && sim.place(me) === 1 ? 1 : 0;
  return sim.total(me) - start;
}

/** Every card the Danish Olsen seat may play in `view`, in the same worlds; null where it does not play a card (the pass). */
export function evaluateHearts(view: HeartsView, rng: Int32Array, worlds: number): Evaluation | null {
  const me = view.seat;
  if (me === null || view.phase !== 'play' || view.toMove !== me) return null;
  const actions = view.legal.filter((a) => a.seat === me && isPlay(a));
  return finish('points', worlds, actions, sampleHearts(view, rng, worlds, actions.map(cardOf)));
}

const cardOf = (a: HeartsAction): string | null => (isPlay(a) ? a.play[0] : null);
const codeOfCard = (c: string): number => (('cdhs'.indexOf(c[1]) << 4) | '23456789TJQKA'.indexOf(c[0])) << 3;

/** The seat's value of a position it does not choose in (the swing line between its moves): the round played out in `worlds` deals. */
function positionValue(view: AnyView, rng: Int32Array, worlds: number): number | null {
  if (isHeartsView(view)) {
    if (view.phase !== 'play' || view.seat === null) return null;
    return meanSe(sampleHearts(view, rng, worlds, [null])[0]).mean;
  }
  if (view.seat === null || (view.phase !== 'turn' && view.phase !== 'nameSuit')) return null;
  return meanSe(sampleShedding(view, rng, worlds, [[]])[0]).mean;
}

/** The seat's realized value at the end of a round (for the swing line's last point). */
function roundEndValue(view: AnyView, measure: Measure): number | null {
  const me = view.seat;
  if (me === null) return null;
  if (isHeartsView(view)) return view.phase === 'play' || view.phase === 'pass' ? null : (view.taken?.[me] ?? null);
  if (view.phase !== 'roundOver' && view.phase !== 'gameOver') return null;
  return measure === 'win' ? (view.places[me] === 1 ? 1 : 0) : (view.roundPoints?.[me] ?? 0);
}

/**
 * Reviews `seat`'s decisions in a record (parsed JSON). Deterministic in the
 * record, the seat and `options.seed`. Throws on a record that does not replay.
 */
export function reviewRecord(record: unknown, seat: Seat, options: ReviewOptions = {}): Review {
  const replay = replaySteps(record);
  if (!replay.ok) throw new Error(replay.error.message);
  const steps = replay.value;
  const first = steps[0].game as AnyGame;
  if (seat < 0 || seat >= first.players.length) throw new Error(`There is no seat ${seat} at this table.`);
  const worlds = Math.max(8, options.worlds ?? DEFAULT_WORLDS);
  const swingWorlds = Math.max(8, worlds >> 2);
  const seed = options.seed ?? 'review';
  const rng = new Int32Array(6);
  const hearts = first.game === 'olsen-dk';
  const measure: Measure = hearts || (first as { rules: { scoring?: string } }).rules.scoring === 'points' ? 'points' : 'win';
  const decisions: ReviewDecision[] = [];
  const swing: SwingPoint[] = [];
  // Steps whose value is already known (the chosen option's, after a decision).
  const valued = new Set<number>();
  let own = 0;
  let byComputer = 0;
  const computer = (round: number, index: number): boolean => (options.computerMoves ?? []).some((m) => m.round === round && (m.standIn.includes(index) || m.timer.includes(index)));
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const view = viewAt(step.game, seat);
    const next = steps[i + 1];
    // A decision: the next action is the seat's own, and it had a choice.
    if (next && next.action && next.action.seat === seat && next.round === step.round && computer(next.round, next.index ?? 0)) {
      own++;
      byComputer++;
    } else if (next && next.action && next.action.seat === seat && next.round === step.round) {
      own++;
      seedFromString(rng, 0, `${seed}/${i}`);
      const decision = decide(view, next.action, rng, worlds, i, next.round, next.index ?? 0, own);
      if (decision) {
        decisions.push(decision);
        swing.push({ step: i + 1, round: step.round, value: decision.evaluation.options[decision.chosen].mean });
        valued.add(i + 1);
      }
    }
    if (!valued.has(i)) {
      seedFromString(rng, 0, `${seed}/swing/${i}`);
      const end = roundEndValue(view, measure);
      const value = end ?? positionValue(view, rng, swingWorlds);
      if (value !== null) swing.push({ step: i, round: step.round, value });
    }
    options.onProgress?.(i + 1, steps.length);
  }
  swing.sort((a, b) => a.step - b.step);
  return { game: first.game, seat, players: first.players, measure, worlds, decisions, swing, ...(byComputer > 0 ? { byComputer } : {}) };
}

/** The view of `seat` in a replayed game: the one door from the record to the review. */
const viewAt = (g: AnyGame, seat: Seat): AnyView => viewOf(g, seat);

function decide(view: AnyView, action: AnyAction, rng: Int32Array, worlds: number, step: number, round: number, index: number, move: number): ReviewDecision | null {
  let first: Evaluation | null;
  let habit: { action: AnyAction; reason: Reason | HeartsReason } | null = null;
  if (isHeartsView(view)) {
    first = evaluateHearts(view, rng, worlds);
    if (first && first.options.length > 1) habit = heartsHabitChoice('medium', view, new Int32Array(6));
  } else {
    const own = optionsOf(view.legal, view.seat ?? 0, action as Action);
    first = own.length > 1 ? evaluateShedding(view, rng, worlds, action as Action) : null;
    if (first) habit = medium(view);
  }
  if (!first || first.options.length < 2) return null;
  const chosen = first.options.findIndex((o) => sameAction(o.action, action));
  if (chosen < 0) return null;
  const { loss, lossSe, fresh } = lossOf(first, chosen, view, rng);
  // The best and the chosen option shown with their values on the fresh worlds (the cost is their difference);
  // the other options keep their first measurement, which only ranked them.
  const evaluation: Evaluation = fresh === null ? first : { ...first, options: first.options.map((o, i) => (i === first.best ? { ...o, ...fresh[0] } : i === chosen ? { ...o, ...fresh[1] } : o)) };
  // One figure (the fresh, paired one) and one rule: the first worlds only pick the best and rank the options.
  const verdict = verdictOf({ loss, lossSe }, evaluation.measure, chosen === evaluation.best);
  const mistake = verdict === 'mistake';
  const best = evaluation.options[evaluation.best].action;
  const reason = habit && sameAction(habit.action, best) ? habit.reason : null;
  const lastCard = isHeartsView(view) ? [] : view.handCounts.flatMap((n, s) => (n === 1 && s !== view.seat ? [s] : []));
  return { step, round, index, move, evaluation, chosen, loss, lossSe, verdict, mistake, reason, lastCard };
}

/**
 * The chosen option's loss against the best and the standard error of that
 * difference. The per-world samples are not kept in the evaluation, so the
 * paired error is measured again here on fresh worlds for just the two options.
 */
function lossOf(e: Evaluation, chosen: number, view: AnyView, rng: Int32Array): Pick<ReviewDecision, 'loss' | 'lossSe'> & { fresh: readonly [{ mean: number; se: number }, { mean: number; se: number }] | null } {
  const a = e.options[e.best];
  const b = e.options[chosen];
  if (chosen === e.best) return { loss: 0, lossSe: 0, fresh: null };
  // Fresh worlds for the pair: the best was picked on the first ones, so testing there would favour it.
  const pair = isHeartsView(view)
    ? sampleHearts(view, rng, e.worlds, [a.action, b.action].map((x) => cardOf(x as HeartsAction)))
    : sampleShedding(view, rng, e.worlds, [a.action, b.action].map((x) => codesOfAction(x as Action)));
  const d = new Float64Array(e.worlds);
  for (let w = 0; w < e.worlds; w++) d[w] = e.measure === 'win' ? pair[0][w] - pair[1][w] : pair[1][w] - pair[0][w];
  const m = meanSe(d);
  // The loss reported is the fresh estimate: unbiased by the choice of the best. The two options' own values on
  // those worlds go with it, so the figures shown beside the cost are the ones it is the difference of.
  return { loss: Math.max(0, m.mean), lossSe: m.se, fresh: [meanSe(pair[0]), meanSe(pair[1])] };
}

