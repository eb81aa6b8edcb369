/**
 * The card table for both families. It shows the view it is given and
 * offers exactly the view's legal actions; a card that is not legal can
 * still be tried, and the engine's refusal (with its rule) is shown.
 */
import { Fragment } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { actingIn, isCall, isCatch, isDraw, isHeartsView, isNameSuit, isPass, isPlay, type AnyView } from '@olsen/engine';
import type { PlayerView } from '@olsen/engine/shedding';
import type { HeartsView } from '@olsen/engine/hearts';
import type { ActionBody, TableUpdate } from '@olsen/protocol';
import { CardBack, CardFace, spoken, suitSymbol } from './cards.js';
import type { Lang, Texts } from './i18n.js';
import { useClient, type Session } from './client.js';
import { NO_NOTES, read, receive, type LogEntry, type Note, type TableNotes } from './model/table.js';
import { lingerAfter, trickScene, type Linger } from './model/trick.js';
import { latestTurns, pretty, roundTurns, type Turn } from './moves.js';
import { HeartsHand, SheddingHand } from './hands.js';
import { secondsTo, useTick } from './tick.js';
import { Results } from './endings.js';
import { ScoreSheet } from './score-sheet.js';
import { AvatarBadge, Bubble, ReactionBar, useReactions } from './table-talk.js';
import type { Reaction } from '@olsen/protocol/avatars';

export { SUITS, sayError, suitName, type Prefs } from './say.js';
import { sayError, spacedCode, suitName, type Prefs } from './say.js';

/** The page's title before a turn was signalled in it (restored when the tab is looked at again). */
const TITLE = typeof document === 'undefined' ? 'Olsen' : document.title;

/** Your turn while the tab is hidden: the title says so until it is seen, and a notification where allowed. */
function tellTurnAway(text: string, code: string): void {
  document.title = `● ${text}`;
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && (document.title = TITLE), { once: true });
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const options = { tag: `olsen-${code}`, icon: '/icon.svg', data: { url: location.href } };
  // A phone's browser shows notifications through the service worker only; a desktop's also from the page.
  const page = (): void => void new Notification(text, options);
  if ('serviceWorker' in navigator) void navigator.serviceWorker.getRegistration().then((r) => (r ? r.showNotification(text, options) : page())).catch(() => undefined);
  else page();
}

/** One sentence for another player's public action (live announcements). */
function announce(a: LogEntry, players: readonly string[], t: Texts, lang: Lang, word: string): string {
  const who = players[a.seat];
  if (isPlay(a)) {
    const cards = a.play.map((c) => spoken(c, lang)).join(', ');
    return t.played(who, cards) + ('suit' in a && a.suit ? `. ${t.named(who, suitName(a.suit, t, lang))}` : '') + ('call' in a && a.call ? `. ${t.called(who, word)}` : '');
  }
  if (isDraw(a)) return t.drew(who);
  if (isPass(a)) return t.passed(who);
  if (isCatch(a)) return t.caught(who, players[a.catch]);
  if ('give' in a) return t.gave(who); // the pass of three cards, seen or not (give: null)
  if (isCall(a)) return t.called(who, word);
  if (isNameSuit(a)) return t.named(who, suitName(a.suit, t, lang));
  return '';
}

/**
 * `connected`: the server hears this page (online); while it does not, no
 * seat is told it may act and no card is offered: a move would go nowhere.
 */
export function Table({ session, prefs, onLeave, connected = true, coach }: { session: Session; prefs: Prefs; onLeave: () => void; connected?: boolean; coach?: (u: TableUpdate) => preact.ComponentChild }) {
  const { t, lang } = prefs;
  const { ask } = useClient();
  const [u, setU] = useState<TableUpdate | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [live, setLive] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  // What the frames bring (the others' moves, the timer's move, cards received) is the model's (model/table.ts).
  const [notes, setNotes] = useState<TableNotes>(NO_NOTES);
  const client = useClient();
  // Sound on unless the person turned it off (remembered); the sounds' code comes only when one is to play.
  const [sound, setSound] = useState(client.pref('sound') !== 'off');
  const toggleSound = (): void => {
    client.setPref('sound', sound ? 'off' : 'on');
    setSound(!sound);
  };
  // Reactions at the seats (online), without those of the people this reader muted.
  const [muted, setMuted] = useState<ReadonlySet<number>>(new Set());
  const reactions = useReactions(session, muted);
  const mute = (seat: number): void => setMuted((m) => new Set(m).add(seat));

  useEffect(() => session.subscribe(setU), [session]);
  // During a game the site menu steps aside: the table has the screen.
  useEffect(() => {
    document.body.classList.add('in-game');
    return () => document.body.classList.remove('in-game');
  }, []);

  // Live announcements of the other players' moves, and cards that came into the player's hand.
  useEffect(() => {
    if (!u) return;
    const next = receive(notes, u);
    setNotes(next);
    if (sound && next.cues.length > 0) void import('./sound.js').then((m) => next.cues.forEach((c) => m.play(client.audio(), c)));
    // A table in a background tab: its title says it is your turn, with a notification where the person allowed them.
    if (next.cues.includes('turn') && document.visibilityState === 'hidden') tellTurnAway(t.yourTurnTitle(t.games[u.game as keyof Texts['games']]), u.code);
    const v = u.view;
    if (!v) return;
    const word = !isHeartsView(v) && v.call.kind === 'olsen' ? t.callOlsen : t.callVri;
    const said = next.said.map((n) => (n.kind === 'move' ? announce(n.action, v.players, t, lang, word) : n.kind === 'timer' ? t.timerYou : n.kind === 'caught' ? catchTold(n, v.players, u.you, t, word, (c) => spoken(c, lang)) : t.youGot(n.cards.map((c) => spoken(c, lang)).join(', ')))).filter(Boolean);
    if (said.length) setLive(said.join('. '));
  }, [u]);

  if (!u) return <p class="loading">…</p>;
  // Disconnected: the same table, with nothing offered to do until the server hears this page again.
  const v = u.view && !connected ? { ...u.view, legal: [] } : u.view;

  const send = async (a: ActionBody): Promise<void> => {
    setHint(null);
    setNotes(read);
    if (!v) return;
    const r = await session.act(a, v.version);
    setMessage(r.ok ? null : r.error.code === 'stale_version' ? null : sayError(r, t, lang, u.you !== null ? v.players[u.you] : undefined));
  };
  const askHint = async (): Promise<void> => {
    if (!v) return;
    const r = await ask({ t: 'hint', view: v, lang });
    if (r.ok && r.hint) setHint(r.hint.reason);
  };
  const turns = v ? roundTurns(v, t, u.timerMoves, u.standInMoves) : [];

  return (
    <section class="table" aria-label={t.games[u.game as keyof Texts['games']]}>
      <header class="table-bar">
        <button type="button" class="link" onClick={onLeave}>
          ← {t.back}
        </button>
        <h1>{t.games[u.game as keyof Texts['games']]}</h1>
        {u.turnBased && <span class="badge">{t.turnBased}</span>}
        {u.code !== 'LOCAL' && <span class="code" aria-label={t.code}>{spacedCode(u.code)}</span>}
        {u.spectators > 0 && <span class="muted">{t.spectators(u.spectators)}</span>}
        <button type="button" class="link sound" aria-pressed={sound} aria-label={t.sound} title={t.sound} onClick={toggleSound}>
          {sound ? '🔊' : '🔇'}
        </button>
      </header>
      {v ? (
        <>
          <Opponents u={u} v={v} prefs={prefs} turns={turns} reactions={reactions} onMute={mute} />
          <div class="felt">{isHeartsView(v) ? <HeartsCenter v={v} prefs={prefs} /> : <SheddingCenter v={v} prefs={prefs} send={send} />}</div>
          <Status u={u} v={v} prefs={prefs} connected={connected} />
          {coach?.(u)}
          {u.you !== null && reactions.get(u.you) && <div class="own-bubble"><Bubble reaction={reactions.get(u.you)!.reaction} name={v.players[u.you]} prefs={prefs} /></div>}
          <div class="message-slot">
            {message ? (
              <p class="refusal" role="alert">
                <strong>{t.refused}:</strong> {message}
              </p>
            ) : hint ? (
              <p class="hint" role="status">
                💡 {hint}
              </p>
            ) : notes.news ? (
              <p class={`news${notes.news.kind === 'caught' ? ' caught' : ''}`}>
                {notes.news.kind === 'timer'
                  ? t.timerYou
                  : notes.news.kind === 'got'
                    ? t.youGot(notes.news.cards.map(pretty).join(' '))
                    : notes.news.kind === 'caught'
                      ? catchTold(notes.news, v.players, u.you, t, !isHeartsView(v) && v.call.kind === 'olsen' ? t.callOlsen : t.callVri, pretty)
                      : null}
              </p>
            ) : null}
          </div>
          {u.you !== null && (isHeartsView(v) ? <HeartsHand v={v} prefs={prefs} send={send} /> : <SheddingHand v={v} prefs={prefs} send={send} catchBy={u.catchBy ?? null} />)}
          <div class="below-hand">
            {u.you !== null && v.legal.length > 0 && (
              <button type="button" class="secondary hint-button" onClick={askHint}>
                {t.hint}
              </button>
            )}
            {session.kind === 'online' && u.you !== null && <ReactionBar session={session} prefs={prefs} />}
            <MoveList v={v} turns={turns} prefs={prefs} />
            {u.status !== 'roundOver' && u.status !== 'finished' && <ScoreSheet v={v} prefs={prefs} you={u.you} />}
          </div>
          {(u.status === 'roundOver' || u.status === 'finished') && <Results u={u} v={v} prefs={prefs} session={session} />}
        </>
      ) : (
        <p>{t.waitingFor}</p>
      )}
      <div class="sr-only" aria-live="polite" role="log">
        {live}
      </div>
    </section>
  );
}

/** The round's moves, for anyone who looked away. */
function MoveList({ v, turns, prefs }: { v: AnyView; turns: readonly Turn[]; prefs: Prefs }) {
  const { t } = prefs;
  if (turns.length === 0) return null;
  return (
    <details class="move-list">
      <summary>{t.moves}</summary>
      <ol>
        {turns.map((turn) => (
          <li key={turn.at}>
            <strong>{v.players[turn.seat]}</strong> {turn.text}
          </li>
        ))}
      </ol>
    </details>
  );
}

function Opponents({ u, v, prefs, turns, reactions = new Map(), onMute }: { u: TableUpdate; v: AnyView; prefs: Prefs; turns: readonly Turn[]; reactions?: ReadonlyMap<number, { readonly reaction: Reaction }>; onMute?: (seat: number) => void }) {
  const { t } = prefs;
  const n = v.players.length;
  const me = u.you ?? -1;
  const order = Array.from({ length: n }, (_, i) => (me < 0 ? i : (me + 1 + i) % n)).filter((s) => s !== me);
  const latest = latestTurns(turns);
  const newest = turns.length > 0 ? turns[turns.length - 1].at : -1;
  const acting = actingIn(v);
  const now = useTick(u.seats.some((s) => s.awayUntil !== undefined && !s.connected));
  return (
    <ul class={`opponents n${order.length}`} aria-label={t.players}>
      {order.map((s) => {
        const seat = u.seats[s];
        const active = acting.seats.includes(s);
        const count = v.handCounts[s];
        const turn = latest.get(s);
        return (
          <li key={s} data-seat={s} class={`opponent${active ? ' active' : ''}`} aria-current={active ? 'true' : undefined}>
            <span class="line">
              <AvatarBadge avatar={seat?.avatar} />
              <span class="name">{v.players[s]}</span>
              {seat?.kind === 'bot' && <span class="badge" title={t.bot} aria-label={t.bot}>⚙</span>}
              <span class="backs" aria-label={t.cards(count)}>
                <CardBack small />
                <span class="count">{count}</span>
              </span>
            </span>
            {/* The marks in words on a line of their own: the name keeps its room on a phone. */}
            {(v.dealer === s || seat?.standIn || (seat?.kind === 'human' && !seat.connected && !u.turnBased)) && (
              <span class="badges">
                {v.dealer === s && <span class="badge dealer">{t.dealerMark}</span>}
                {seat?.standIn && <span class="badge">{t.standIn}</span>}
                {seat?.kind === 'human' && !seat.connected && !seat.standIn && !u.turnBased && <span class="badge warn">{seat.awayUntil ? t.awayShort(secondsTo(seat.awayUntil, now)) : t.disconnected}</span>}
              </span>
            )}
            {reactions.get(s) && <Bubble reaction={reactions.get(s)!.reaction} name={v.players[s]} prefs={prefs} onMute={onMute && (() => onMute(s))} />}
            <span key={turn?.at ?? -1} class={`caption${turn && turn.at === newest ? ' fresh' : ''}${turn?.caught ? ' caught' : ''}`}>
              {turn ? (turn.short ?? turn.text) : ' '}
            </span>
            {isHeartsView(v) && <span class="muted">{t.takenShort} {v.taken[s]} · {t.total} {v.totals[s]}</span>}
            {!isHeartsView(v) && v.totals && <span class="muted">{t.total}: {v.totals[s]}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A card laid by another seat travels from that seat to where it lands (the
 * pile or the trick); nothing moves for people who asked for reduced motion.
 */
function travelFrom(seat: number | undefined, el: HTMLElement | null): void {
  if (!el || seat === undefined || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const from = document.querySelector(`.opponent[data-seat="${seat}"]`)?.getBoundingClientRect();
  if (!from) return;
  const to = el.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(0.45)`, opacity: 0.6 }, { transform: 'none', opacity: 1 }], { duration: 380, easing: 'ease-out' });
}

function SheddingCenter({ v, prefs, send }: { v: PlayerView; prefs: Prefs; send: (a: ActionBody) => void }) {
  const { t, lang } = prefs;
  const lastPlay = [...v.log].reverse().find((a) => isPlay(a));
  const travel = (el: HTMLElement | null): void => {
    if (el && !el.dataset.moved) {
      el.dataset.moved = '1';
      travelFrom(lastPlay && lastPlay.seat !== v.seat ? lastPlay.seat : undefined, el);
    }
  };
  const canDraw = v.legal.some((a) => isDraw(a));
  const eightOnTop = v.namedSuit !== null;
  return (
    <div class="center">
      <button type="button" class="stock" disabled={!canDraw} onClick={() => send({ draw: true })} aria-label={`${t.draw}. ${t.stockCount(v.stockCount)}`}>
        <CardBack />
        <span class="count">{v.stockCount}</span>
      </button>
      <div class="pile" aria-label={`${t.top}: ${spoken(v.top, lang)}`} role="img">
        <span key={`${v.top}-${v.discardCount}`} class="top-card" ref={travel}>
          <CardFace card={v.top} />
        </span>
      </div>
      <div class={`active-suit suit-${v.activeSuit}${eightOnTop ? ' named' : ''}`} aria-live="polite">
        <span class="symbol" aria-hidden="true">{suitSymbol(v.activeSuit)}</span>
        <span>{eightOnTop ? t.suitNamed(suitName(v.activeSuit, t, lang)) : `${t.activeSuit}: ${suitName(v.activeSuit, t, lang)}`}</span>
      </div>
      {v.drawsThisTurn > 0 && <p class="draws">{t.drawCounter(v.drawsThisTurn, v.drawsLeft === null ? v.drawsThisTurn : v.drawsThisTurn + v.drawsLeft)}</p>}
    </div>
  );
}

/** How long a completed trick stays on the table, full size, whoever leads next. */
function HeartsCenter({ v, prefs }: { v: HeartsView; prefs: Prefs }) {
  const { t, lang } = prefs;
  // A trick just taken stays in view with who took it (model/trick.ts); the component only redraws when it ends.
  const [linger, setLinger] = useState<Linger | null>(null);
  const [, redraw] = useState(0);
  const next = lingerAfter(v, linger, Date.now());
  if (next !== linger) setLinger(next);
  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => redraw((n) => n + 1), Math.max(0, next.until - Date.now()));
    return () => clearTimeout(timer);
  }, [next?.key]);
  const { taken, showCurrent, showLast } = trickScene(v, next, Date.now());
  const trickFigure = (trick: { cards: readonly string[]; seats: readonly number[] }, caption: string, cls: string) => (
    <figure class={`trick ${cls}`} aria-label={caption}>
      <figcaption>{caption}</figcaption>
      <ol>
        {trick.cards.map((c, i) => (
          <li key={c} aria-label={`${v.players[trick.seats[i]]}: ${spoken(c, lang)}`}>
            <CardFace card={c} />
            <span class="who">{v.players[trick.seats[i]]}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
  return (
    <div class="center hearts">
      {taken && trickFigure(taken, t.tookTrick(v.players[taken.winner]), 'taken')}
      {showCurrent && trickFigure(v.trick, t.trick, 'current')}
      {showLast && v.lastTrick && (
        <figure class="last-trick" aria-label={t.lastTrick}>
          <figcaption>
            {t.lastTrick} → {v.players[v.lastTrick.winner]}
          </figcaption>
          <ol>
            {v.lastTrick.cards.map((c, i) => (
              <li key={c} aria-label={`${v.players[v.lastTrick!.seats[i]]}: ${spoken(c, lang)}`}>
                <CardFace card={c} small />
              </li>
            ))}
          </ol>
        </figure>
      )}
      {v.heartsBroken && <p class="muted">{t.heartsBroken}</p>}
      {v.receivedFresh && v.received && v.received.length > 0 && (
        <p class="muted">
          {t.received}: {v.received.map((c) => spoken(c, lang)).join(', ')}
        </p>
      )}
    </div>
  );
}

function Status({ u, v, prefs, connected }: { u: TableUpdate; v: AnyView; prefs: Prefs; connected: boolean }) {
  const { t } = prefs;
  // A person who dropped, with the server's deadline for the computer to take over (the first such seat).
  const away = u.turnBased ? -1 : u.seats.findIndex((s) => s.kind === 'human' && !s.connected && !s.standIn && s.awayUntil !== undefined);
  const now = useTick(u.deadline !== null || away >= 0);
  // Someone who was away (a countdown, or the computer playing for them) and is connected again: said for a moment.
  const back = useBack(u);
  // The engine's one answer to "who acts now": the highlighted seats and this line never disagree.
  const acting = actingIn(v);
  const word = !isHeartsView(v) && v.call.kind === 'olsen' ? t.callOlsen : t.callVri;
  let text = '';
  if (acting.you === 'turn' || acting.you === 'give') text = t.yourTurn;
  else if (acting.you === 'call') text = t.mayCall(word);
  else if (acting.you === 'catch' && !isHeartsView(v) && v.catchable !== null) text = t.mayCatch(v.players[v.catchable], word);
  else if (acting.seats.length === 1) text = t.turnOf(v.players[acting.seats[0]]);
  else if (acting.seats.length > 1) text = t.othersGive;
  if (!connected) text = t.reconnecting;
  const mine = acting.you !== null;
  const extra: string[] = [];
  if (u.deadline && connected) extra.push(u.turnBased ? t.timeLeft(Math.max(0, u.deadline - now)) : t.deadline(secondsTo(u.deadline, now)));
  if (u.you !== null && isHeartsView(v)) extra.push(`${t.taken}: ${v.taken[u.you]}`, `${t.total}: ${v.totals[u.you]}`);
  if (u.you !== null && !isHeartsView(v) && v.totals) extra.push(`${t.total}: ${v.totals[u.you]}`);
  const clockwise = v.direction === 'clockwise';
  return (
    <p class={`status${mine ? ' mine' : ''}`} role="status">
      <span class="dir" title={t.direction(clockwise)} aria-label={t.direction(clockwise)}>
        {clockwise ? '↻' : '↺'}
      </span>{' '}
      {/* Each part whole on its line (a phone wraps between parts, never inside one), no separator before nothing. */}
      {[u.you === null ? t.spectating : '', text, ...extra].filter(Boolean).map((part, i) => (
        // The separator outside the part: a line may break there (and only there, inside the short parts).
        <Fragment key={i}>
          {i > 0 && ' · '}
          <span class={part === text ? 'part lead' : u.you === null && i === 0 ? 'part' : 'part muted'}>{part}</span>
        </Fragment>
      ))}
      {away >= 0 && (
        <span class="away-note">
          {t.awayCountdown(v.players[away], secondsTo(u.seats[away].awayUntil!, now))}
        </span>
      )}
      {away < 0 && back !== null && <span class="away-note back-note">{t.isBack(v.players[back])}</span>}
    </p>
  );
}

/** The seat of a person who was away (dropped, or played for by the computer) and came back in the last 4 s, or null. */
function useBack(u: TableUpdate): number | null {
  const wasAway = useRef<ReadonlySet<number>>(new Set());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [back, setBack] = useState<number | null>(null);
  useEffect(() => {
    const away = new Set(u.seats.flatMap((s, i) => (s.kind === 'human' && (!s.connected || s.standIn) && !u.turnBased ? [i] : [])));
    const returned = [...wasAway.current].find((i) => !away.has(i) && u.seats[i]?.kind === 'human' && u.seats[i].connected && i !== u.you);
    wasAway.current = away;
    if (returned === undefined) return;
    setBack(returned);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setBack(null), 4000);
  }, [u]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return back;
}

/** A catch told in full (S20): who caught whom, for which call, how many cards; the person's own cards when caught. */
function catchTold(n: Extract<Note, { kind: 'caught' }>, players: readonly string[], you: number | null, t: Texts, word: string, card: (c: string) => string): string {
  return t.catchTold(n.by === you ? null : players[n.by], n.seat === you ? null : players[n.seat], word, n.drew, (n.cards ?? []).map(card).join(' '));
}

/**
 * One step of a replay, drawn as the table is in play (the same seats,
 * captions, pile or trick and move list), every hand face up: the game is over.
 * A review passes null for the hands its seat could not see.
 */
export function ReplayTable({ view: v, hands, prefs }: { view: AnyView; hands: readonly (readonly string[] | null)[]; prefs: Prefs }) {
  const { t, lang } = prefs;
  const u = { seats: v.players.map(() => ({ kind: 'human', name: null, level: null, connected: true, standIn: false })), you: null } as unknown as TableUpdate;
  const turns = roundTurns(v, t);
  return (
    <div class="replay-table">
      <Opponents u={u} v={v} prefs={prefs} turns={turns} />
      <div class="felt">{isHeartsView(v) ? <HeartsCenter v={v} prefs={prefs} /> : <SheddingCenter v={v} prefs={prefs} send={() => undefined} />}</div>
      <ul class="replay-hands">
        {v.players.map((p, s) => (
          <li key={s} class={actingIn(v).seats.includes(s) ? 'active' : ''}>
            <strong>{p}</strong>
            {hands[s] === null ? (
              // A hand the seat could not see (a review): its size only.
              <span class="muted"> {t.cards(v.handCounts?.[s] ?? 0)}</span>
            ) : (
              <span class="mini-hand" aria-label={hands[s].map((c) => spoken(c, lang)).join(', ')}>
                {hands[s].map((c, i) => (
                  <CardFace key={`${c}-${i}`} card={c} small />
                ))}
              </span>
            )}
          </li>
        ))}
      </ul>
      <MoveList v={v} turns={turns} prefs={prefs} />
    </div>
  );
}
