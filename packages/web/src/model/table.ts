/**
 * What the table tells the person as frames arrive, as a pure model: the
 * other players' moves since the last frame (for the live region), a move
 * the turn timer made for them, and the cards that came into their hand
 * (drawn, or a penalty: a catch, a two, an ace). A reducer over `TableUpdate`;
 * the component turns its notes into sentences in the page's language.
 */
import { isDraw, isPlay, actingIn, isHeartsView, type AnyAction, type HeartsLogEntry } from '@olsen/engine';

/** A public log entry of either family (another seat's Danish Olsen pass is `give: null`). */
export type LogEntry = AnyAction | HeartsLogEntry;
import type { TableUpdate } from '@olsen/protocol';

/**
 * Something to tell: another seat's move (the log entry), the timer's move for the person, cards into their hand,
 * or a forgotten call caught (S20): who caught whom and how many cards it drew, with the cards when they are the
 * person's (as the engine's view tells the catch).
 */
export type Note =
  | { readonly kind: 'move'; readonly action: LogEntry }
  | { readonly kind: 'timer' }
  | { readonly kind: 'got'; readonly cards: readonly string[] }
  | { readonly kind: 'caught'; readonly by: number; readonly seat: number; readonly drew: number; readonly cards: readonly string[] | null };

export interface TableNotes {
  /** Where the last frame's log ended (its game, round and length). */
  readonly seen: { readonly gameNo: number; readonly round: number; readonly len: number } | null;
  /** The person's hand in the last frame. */
  readonly hand: readonly string[] | null;
  /** What this frame brought, in order (for the live region). */
  readonly said: readonly Note[];
  /** The one line shown under the table: the timer's move, or the cards received; null when nothing new. */
  readonly news: Note | null;
  /** What this frame sounds like (a card laid, a draw, the person's turn, a catch, the person's win), each once. */
  readonly cues: readonly Cue[];
  /** The person was to act in the last frame (so "your turn" sounds once, when it starts). */
  readonly myTurn: boolean;
  /** The last frame's game was over (so a win sounds once). */
  readonly over?: boolean;
}

/** A sound for the table to make (sound.ts plays them). */
export type Cue = 'card' | 'draw' | 'turn' | 'catch' | 'win';

export const NO_NOTES: TableNotes = { seen: null, hand: null, said: [], news: null, cues: [], myTurn: false };

/** The notes after frame `u`. */
export function receive(m: TableNotes, u: TableUpdate): TableNotes {
  const v = u.view;
  if (!v) return { ...m, said: [], cues: [] };
  const prev = m.seen;
  const sameRound = prev !== null && prev.round === v.round && prev.gameNo === u.gameNo;
  const fresh = sameRound ? v.log.slice(prev.len) : [];
  const said: Note[] = fresh.filter((a) => a.seat !== u.you).map((a) => ({ kind: 'move', action: a as LogEntry }));
  // A move the turn timer made for the person: told to them.
  const timed = sameRound && fresh.some((a, i) => a.seat === u.you && (u.timerMoves ?? []).includes(prev.len + i));
  if (timed) said.push({ kind: 'timer' });
  const hand = v.hand ?? [];
  let news: Note | null = null;
  if (sameRound && m.hand) {
    const left = [...m.hand];
    const got = hand.filter((c) => {
      const i = left.indexOf(c);
      if (i >= 0) left.splice(i, 1);
      return i < 0;
    });
    // A catch this frame is told in full to everyone at the table (the caught person's cards are in it).
    const caught = isHeartsView(v) ? undefined : v.catches.find((c) => c.at >= prev.len);
    if (timed) news = { kind: 'timer' };
    else if (caught) {
      news = { kind: 'caught', by: caught.by, seat: caught.seat, drew: caught.drew, cards: caught.cards };
      if (caught.seat === u.you) said.push(news);
    } else if (got.length > 0) {
      news = { kind: 'got', cards: got };
      said.push(news);
    } else news = m.news;
  }
  const cues = new Set<Cue>();
  for (const a of fresh) {
    if (isPlay(a)) cues.add('card');
    else if (isDraw(a)) cues.add('draw');
  }
  if (news?.kind === 'caught' && news !== m.news) cues.add('catch');
  const acting = actingIn(v).you;
  const myTurn = acting === 'turn' || acting === 'give';
  if (myTurn && !m.myTurn) cues.add('turn');
  const wasOver = m.seen !== null && m.seen.gameNo === u.gameNo && m.over;
  const over = u.status === 'finished';
  if (over && !wasOver && u.you !== null && v.standings.winners.includes(u.you)) cues.add('win');
  return { seen: { gameNo: u.gameNo, round: v.round, len: v.log.length }, hand, said, news, cues: [...cues], myTurn, over };
}

/** The person acted (or asked for a hint): the last news line is read. */
export const read = (m: TableNotes): TableNotes => ({ ...m, news: null, cues: [] });
