/**
 * The round's moves as people tell them: each seat's latest turn ("trakk 2,
 * la 7♠ → hjerter") for the caption at its seat, and the whole round as a
 * list. Read from the view's public log only; the words are the UI's, the
 * facts the engine's.
 */
import { isCall, isCatch, isDraw, isHeartsView, isNameSuit, isPass, isPlay, type AnyAction, type AnyView, type HeartsLogEntry } from '@olsen/engine';
import type { Texts } from './i18n.js';
import { suitSymbol } from './cards.js';

/** A card as people write it: 10♠, K♥. */
export const pretty = (c: string): string => `${c[0] === 'T' ? '10' : c[0]}${suitSymbol(c[1])}`;

export interface Turn {
  readonly seat: number;
  readonly text: string;
  /** Position of the turn's last action in the round's log (changes when the seat acts again). */
  readonly at: number;
  /** A catch (S20): told whole in the move list and the news line; at the seat, `short`. */
  readonly caught?: true;
  /** What the seat's caption says, where it differs from `text` (a catch: who and how many cards, two lines on a phone). */
  readonly short?: string;
}

/** A log entry of either family (Danish Olsen's another seat's pass is `give: null`). */
type Entry = AnyAction | HeartsLogEntry;

/** The round's turns in order: a seat's consecutive actions make one turn; a catch and a late call are their own. */
export function roundTurns(v: AnyView, t: Texts, timerMoves: readonly number[] = [], standInMoves: readonly number[] = []): Turn[] {
  const turns: Turn[] = [];
  let cur: { seat: number; draws: number; parts: string[]; at: number; timer: boolean; standIn: boolean } | null = null;
  const flush = (): void => {
    if (!cur) return;
    const parts = cur.draws > 0 ? [t.capDrew(cur.draws), ...cur.parts] : cur.parts;
    // A move the turn timer made for the person says so; so does one the computer made for a person who left.
    turns.push({ seat: cur.seat, text: (cur.timer ? t.capTimer : cur.standIn ? t.capStandIn(v.players[cur.seat]) : '') + parts.join(', '), at: cur.at });
    cur = null;
  };
  const callWord = !isHeartsView(v) && v.call.kind === 'olsen' ? t.callOlsen : t.callVri;
  (v.log as readonly Entry[]).forEach((a, i) => {
    if (isCatch(a)) {
      flush();
      const target = a.catch;
      // The cards the catch drew, as the engine counted them (fewer than the rule's when the stock ran short).
      const n = isHeartsView(v) ? 0 : (v.catches.find((c) => c.at === i)?.drew ?? 0);
      turns.push({ seat: a.seat, text: t.capCaught(v.players[target], callWord, n), short: t.capCaughtShort(v.players[target], n), at: i, caught: true });
      return;
    }
    if (isCall(a)) {
      flush();
      turns.push({ seat: a.seat, text: `«${callWord}»`, at: i });
      return;
    }
    if (!cur || cur.seat !== a.seat) {
      flush();
      cur = { seat: a.seat, draws: 0, parts: [], at: i, timer: false, standIn: false };
    }
    cur.at = i;
    if (timerMoves.includes(i)) cur.timer = true;
    if (standInMoves.includes(i)) cur.standIn = true;
    if (isDraw(a)) cur.draws++;
    else if (isPass(a)) cur.parts.push(t.capPass);
    else if ('give' in a) cur.parts.push(t.capGave); // a pass of three cards, whether this seat may see them or not (give: null)
    else if (isPlay(a)) {
      const cards = a.play.map(pretty).join(' ');
      cur.parts.push(t.capPlayed(cards) + ('suit' in a && a.suit ? ` → ${suitSymbol(a.suit)}` : '') + ('call' in a && a.call ? ` «${callWord}»` : ''));
    } else if (isNameSuit(a)) cur.parts.push(t.capNamed(suitSymbol(a.suit)));
  });
  flush();
  return turns;
}

/** Each seat's latest turn this round (the caption at its seat). */
export function latestTurns(turns: readonly Turn[]): Map<number, Turn> {
  const out = new Map<number, Turn>();
  for (const turn of turns) out.set(turn.seat, turn);
  return out;
}
