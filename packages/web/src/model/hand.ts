/**
 * The player's hand as a pure model: what the person has picked, whether the
 * last-card call is armed, a multi-card move being built, a choice to make,
 * the cards picked for the pass — and commands that answer with the action to
 * send, always one the engine offered in the view (its legal moves, its group
 * options completed by `completeGroup`), never one built from rule knowledge.
 * The components draw this state and nothing else; Node tests drive it.
 */
import type { CardName } from '@olsen/engine';
import { completeGroup, type Action, type PlayerView } from '@olsen/engine/shedding';
import type { HeartsView } from '@olsen/engine/hearts';
import type { ActionBody } from '@olsen/protocol';
import { isGive, isPlay } from '@olsen/engine';

/** An action without its seat (the host adds the seat): what a client sends. */
export const body = (a: { readonly seat: number }): ActionBody => {
  const { seat: _seat, ...rest } = a as { seat: number } & Record<string, unknown>;
  return rest as unknown as ActionBody;
};

/** One option of a choice: an action to send, or "more cards with this one" (starts building a group). */
export type Option = { readonly send: ActionBody } | { readonly more: CardName };

export interface SheddingHandState {
  /** The last-card call armed: the next play that leaves one card says it (S18). */
  readonly armed: boolean;
  /** A multi-card move being built (S-V4, S-V5): the cards picked so far, the first one first. */
  readonly group: readonly CardName[] | null;
  /** Several moves fit what was picked (a suit to name for an eight, or the card alone or with more): the person says which. */
  readonly choice: readonly Option[] | null;
}

export const SHEDDING_IDLE: SheddingHandState = { armed: false, group: null, choice: null };

/** What a command leaves: the next state, and the action to send (if any). */
export interface Step<S> {
  readonly state: S;
  readonly send: ActionBody | null;
}

type Play = Extract<Action, { play: readonly CardName[] }>;
const playsOf = (v: PlayerView): Play[] => v.legal.filter((a): a is Play => isPlay(a));
const unique = (xs: readonly ActionBody[]): ActionBody[] => [...new Map(xs.map((a) => [JSON.stringify(a), a])).values()];

/** The engine's group options for the cards picked: the first card's, narrowed to the kind the second card chose. */
const groupOptions = (v: PlayerView, group: readonly CardName[]) => v.groups.filter((o) => o.first === group[0] && group.slice(1).every((c) => (o.with as readonly string[]).includes(c)));

/** Reading the hand: which cards may be played (or join the group being built), and whether the call may be armed. */
export function sheddingHand(v: PlayerView, s: SheddingHandState) {
  const plays = playsOf(v);
  const playable = new Set<string>([...plays.map((a) => a.play[0]), ...v.groups.map((o) => o.first)]);
  const options = s.group ? groupOptions(v, s.group) : [];
  const canJoin = (c: CardName): boolean => {
    if (!s.group) return false;
    const inGroup = s.group.filter((x) => x === c).length - (s.group[0] === c ? 1 : 0);
    return options.some((o) => o.with.filter((x) => x === c).length > inGroup);
  };
  return {
    /** Whether a card is one to tap now: playable, or (building a group) one that may join it. */
    fits: (c: CardName): boolean => (s.group ? canJoin(c) : playable.has(c)),
    /** The moves that are not a card (draw, pass, a late call, a catch, naming a suit), as the engine offers them. */
    others: v.legal.filter((a) => !(isPlay(a))).map(body),
    /** The call can be armed: some play would leave one card. */
    mayArm: plays.some((a) => a.call),
    /** The group can be laid: two cards or more. */
    mayLay: s.group !== null && s.group.length >= 2,
  };
}

/** The person taps a card. */
export function pickCard(v: PlayerView, s: SheddingHandState, card: CardName): Step<SheddingHandState> {
  if (s.group) {
    // Building a group: a card that may join goes on (the last picked lies on top); the first picked again ends it.
    if (card === s.group[0] && s.group.length === 1) return { state: { ...s, group: null }, send: null };
    return { state: sheddingHand(v, s).fits(card) ? { ...s, group: [...s.group, card] } : s, send: null };
  }
  const plays = playsOf(v).filter((a) => a.play[0] === card);
  // The call goes with the card only when armed: the engine lists the play with the call, and forgetting it is the
  // person's right (S18/S20), so unarmed the play is sent as the engine's move with the call left out.
  const options = unique(plays.map((a) => {
    const b = body(a) as ActionBody & { call?: boolean };
    if (!b.call || s.armed) return b;
    const { call: _c, ...rest } = b;
    return rest as ActionBody;
  }));
  const starts = v.groups.some((o) => o.first === card);
  if (options.length === 0 && starts) return { state: { ...s, group: [card] }, send: null };
  // Not a move the engine offers: sent all the same, so the engine says why (the rule, in the person's language).
  if (options.length === 0) return { state: s, send: { play: [card] } as ActionBody };
  if (starts) return { state: { ...s, choice: [...options.map((send) => ({ send })), { more: card }] }, send: null };
  if (options.length === 1) return { state: { ...s, armed: false }, send: options[0] };
  return { state: { ...s, choice: options.map((send) => ({ send })) }, send: null };
}

/** The person lays the group built so far: the engine completes it (a suit to name, the call when one card is left). */
export function layGroup(v: PlayerView, s: SheddingHandState): Step<SheddingHandState> {
  const cards = s.group;
  if (!cards) return { state: s, send: null };
  const moves = unique(groupOptions(v, cards).flatMap((o) => completeGroup(o, [...cards], v.hand?.length ?? 0)).filter((a) => isPlay(a) && Boolean(a.call) === s.armed).map(body));
  const state = { ...s, group: null };
  if (moves.length === 0) return { state, send: { play: cards } as ActionBody }; // not a move: the engine says why
  if (moves.length > 1) return { state: { ...state, choice: moves.map((send) => ({ send })) }, send: null };
  return { state: { ...state, armed: false }, send: moves[0] };
}

/** The person picks option `i` of the choice shown. */
export function chooseOption(s: SheddingHandState, i: number): Step<SheddingHandState> {
  const o = s.choice?.[i];
  if (!o) return { state: { ...s, choice: null }, send: null };
  if ('more' in o) return { state: { ...s, choice: null, group: [o.more] }, send: null };
  return { state: { ...s, choice: null, armed: false }, send: o.send };
}

/** The call armed or not (S18). */
export const toggleCall = (s: SheddingHandState): SheddingHandState => ({ ...s, armed: !s.armed });
/** The group or the choice put away. */
export const cancel = (s: SheddingHandState): SheddingHandState => ({ ...s, group: null, choice: null });

// ---- Danish Olsen ----
export interface HeartsHandState {
  /** Cards picked for the pass (H3), at most the pass's size. */
  readonly picked: readonly CardName[];
  /** The round and phase they were picked in: a new round or phase starts afresh. */
  readonly at: string;
}

export const heartsHandAt = (v: HeartsView): HeartsHandState => ({ picked: [], at: `${v.round}/${v.phase}` });

/** Reading the hand: passing now (and to whom), which cards may be played. */
export function heartsHand(v: HeartsView, s: HeartsHandState) {
  const fresh = s.at === `${v.round}/${v.phase}` ? s : heartsHandAt(v);
  const passing = v.phase === 'pass' && v.legal.some((a) => isGive(a));
  const playable = new Set<string>(v.legal.flatMap((a) => (isPlay(a) ? [a.play[0] as string] : [])));
  return { state: fresh, passing, playable, mayGive: passing && fresh.picked.length === v.passSize, passTo: v.passTo };
}

/** The person taps a card: in the pass it is picked or put back; in play the engine's move with that card is sent. */
export function tapHeartsCard(v: HeartsView, s: HeartsHandState, card: CardName): Step<HeartsHandState> {
  const h = heartsHand(v, s);
  if (h.passing) {
    const on = h.state.picked.includes(card);
    const picked = on ? h.state.picked.filter((x) => x !== card) : h.state.picked.length < v.passSize ? [...h.state.picked, card] : h.state.picked;
    return { state: { ...h.state, picked }, send: null };
  }
  const move = v.legal.find((a) => isPlay(a) && a.play[0] === card);
  // Not a card the engine offers: sent all the same, so the engine says why (H-rule).
  return { state: h.state, send: move ? body(move) : ({ play: [card] } as ActionBody) };
}

/** The person gives the cards picked (H3): the engine's pass move for them, once the pass's size is picked. */
export function give(v: HeartsView, s: HeartsHandState): Step<HeartsHandState> {
  const h = heartsHand(v, s);
  if (!h.mayGive) return { state: h.state, send: null };
  const same = (cards: readonly string[]): boolean => cards.length === h.state.picked.length && cards.every((c) => h.state.picked.includes(c as CardName));
  const move = v.legal.find((a) => isGive(a) && same(a.give));
  return { state: { ...h.state, picked: [] }, send: move ? body(move) : ({ give: [...h.state.picked] } as ActionBody) };
}
