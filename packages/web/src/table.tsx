/**
 * The card table for both families. It shows the view it is given and
 * offers exactly the view's legal actions; a card that is not legal can
 * still be tried, and the engine's refusal (with its rule) is shown.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { errorMessage, isHeartsView, type Action, type AnyView, type ErrorCode, type ErrorParams, type HeartsAction, type HeartsView, type PlayerView } from '@olsen/engine';
import type { ActionBody, Reply, TableUpdate } from '@olsen/protocol';
import { CardBack, CardFace, spoken, suitSymbol } from './cards.js';
import type { Lang, Texts } from './i18n.js';
import { ask, type Session } from './session.js';
import { latestTurns, pretty, roundTurns, type Turn } from './moves.js';

export interface Prefs {
  readonly lang: Lang;
  readonly t: Texts;
  readonly sort: 'suit' | 'rank';
}

const SUITS = ['c', 'd', 'h', 's'] as const;
const RANKS = '23456789TJQKA';
const suitName = (s: string, t: Texts, lang: Lang): string => (lang === 'nb' ? ['kløver', 'ruter', 'hjerter', 'spar'] : ['clubs', 'diamonds', 'hearts', 'spades'])[SUITS.indexOf(s as never)] ?? (t ? s : s);

function sortHand(hand: readonly string[], by: 'suit' | 'rank'): string[] {
  const key = (c: string): number => (by === 'suit' ? SUITS.indexOf(c[1] as never) * 16 + RANKS.indexOf(c[0]) : RANKS.indexOf(c[0]) * 4 + SUITS.indexOf(c[1] as never));
  return [...hand].sort((a, b) => key(a) - key(b));
}

/** The action without its seat: what a client sends. */
const body = (a: Action | HeartsAction): ActionBody => {
  const { seat: _seat, ...rest } = a as Action & { seat: number };
  return rest as ActionBody;
};

/**
 * Says a refusal in the player's language: the engine's sentence from its code
 * (to the player, in the second person, when it is about them), else the
 * protocol code's own words; the server's English sentence only as a last resort.
 */
export function sayError(r: Extract<Reply, { ok: false }>, t: Texts, lang: Lang, you?: string): string {
  const e = r.error;
  if (e.engineCode && e.params) {
    try {
      return errorMessage(e.engineCode as ErrorCode, e.params as ErrorParams, lang, you);
    } catch {
      // fall back to the code's words
    }
  }
  return t.codes[e.code as keyof Texts['codes']] ?? e.message;
}

/** One sentence for another player's public action (live announcements). */
function announce(a: Record<string, unknown>, players: readonly string[], t: Texts, lang: Lang, word: string): string {
  const who = players[a.seat as number];
  if (Array.isArray(a.play)) {
    const cards = (a.play as string[]).map((c) => spoken(c, lang)).join(', ');
    return t.played(who, cards) + (typeof a.suit === 'string' ? `. ${t.named(who, suitName(a.suit, t, lang))}` : '') + (a.call ? `. ${t.called(who, word)}` : '');
  }
  if ('draw' in a) return t.drew(who);
  if ('pass' in a) return t.passed(who);
  if ('catch' in a) return t.caught(who, players[a.catch as number]);
  if ('give' in a) return t.gave(who);
  if ('call' in a) return t.called(who, word);
  if ('suit' in a) return t.named(who, suitName(a.suit as string, t, lang));
  return '';
}

export function Table({ session, prefs, onLeave }: { session: Session; prefs: Prefs; onLeave: () => void }) {
  const { t, lang } = prefs;
  const [u, setU] = useState<TableUpdate | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [live, setLive] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const [news, setNews] = useState<string | null>(null);
  const prevLog = useRef<{ round: number; len: number; gameNo: number } | null>(null);
  const prevHand = useRef<readonly string[] | null>(null);

  useEffect(() => session.subscribe(setU), [session]);
  // During a game the site menu steps aside: the table has the screen.
  useEffect(() => {
    document.body.classList.add('in-game');
    return () => document.body.classList.remove('in-game');
  }, []);

  // Live announcements of the other players' moves, and cards that came into the player's hand.
  useEffect(() => {
    const v = u?.view;
    if (!u || !v) return;
    const prev = prevLog.current;
    const sameRound = prev !== null && prev.round === v.round && prev.gameNo === u.gameNo;
    const fresh = sameRound ? v.log.slice(prev.len) : [];
    prevLog.current = { round: v.round, len: v.log.length, gameNo: u.gameNo };
    const said = fresh.filter((a) => a.seat !== u.you).map((a) => announce(a as Record<string, unknown>, v.players, t, lang, v.game === 'olsen' ? t.callOlsen : t.callVri)).filter(Boolean);
    // A move the turn timer made for the person: told to them.
    const timed = sameRound && fresh.some((a, i) => a.seat === u.you && (u.timerMoves ?? []).includes(prev.len + i));
    if (timed) said.push(t.timerYou);
    // New cards in hand within a round: drawn, or penalty cards (a catch, a two, an ace).
    const hand = v.hand ?? [];
    const before = prevHand.current;
    prevHand.current = hand;
    if (sameRound && before) {
      const left = [...before];
      const got = hand.filter((c) => {
        const i = left.indexOf(c);
        if (i >= 0) left.splice(i, 1);
        return i < 0;
      });
      if (timed) setNews(t.timerYou);
      else if (got.length > 0) {
        setNews(t.youGot(got.map(pretty).join(' ')));
        said.push(t.youGot(got.map((c) => spoken(c, lang)).join(', ')));
      }
    } else setNews(null);
    if (said.length) setLive(said.join('. '));
  }, [u]);

  if (!u) return <p class="loading">…</p>;
  const v = u.view;

  const send = async (a: ActionBody): Promise<void> => {
    setHint(null);
    setNews(null);
    if (!v) return;
    const r = await session.act(a, v.version);
    setMessage(r.ok ? null : r.error.code === 'stale_version' ? null : sayError(r, t, lang, u.you !== null ? v.players[u.you] : undefined));
  };
  const askHint = async (): Promise<void> => {
    if (!v) return;
    const r = await ask({ t: 'hint', view: v, lang });
    if (r.ok && r.hint) setHint(r.hint.reason);
  };
  const turns = v ? roundTurns(v, t, u.timerMoves) : [];

  return (
    <section class="table" aria-label={t.games[u.game as keyof Texts['games']]}>
      <header class="table-bar">
        <button type="button" class="link" onClick={onLeave}>
          ← {t.back}
        </button>
        <h1>{t.games[u.game as keyof Texts['games']]}</h1>
        {u.code !== 'LOCAL' && <span class="code" aria-label={t.code}>{u.code}</span>}
        {u.spectators > 0 && <span class="muted">{t.spectators(u.spectators)}</span>}
      </header>
      {v ? (
        <>
          <Opponents u={u} v={v} prefs={prefs} turns={turns} />
          <div class="felt">{isHeartsView(v) ? <HeartsCenter v={v} prefs={prefs} /> : <SheddingCenter v={v} prefs={prefs} send={send} />}</div>
          <Status u={u} v={v} prefs={prefs} />
          <div class="message-slot">
            {message ? (
              <p class="refusal" role="alert">
                <strong>{t.refused}:</strong> {message}
              </p>
            ) : hint ? (
              <p class="hint" role="status">
                💡 {hint}
              </p>
            ) : news ? (
              <p class="news">{news}</p>
            ) : null}
          </div>
          {u.you !== null && (isHeartsView(v) ? <HeartsHand v={v} prefs={prefs} send={send} /> : <SheddingHand v={v} prefs={prefs} send={send} />)}
          <div class="below-hand">
            {u.you !== null && v.legal.length > 0 && (
              <button type="button" class="secondary hint-button" onClick={askHint}>
                {t.hint}
              </button>
            )}
            <MoveList v={v} turns={turns} prefs={prefs} />
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

function Opponents({ u, v, prefs, turns }: { u: TableUpdate; v: AnyView; prefs: Prefs; turns: readonly Turn[] }) {
  const { t } = prefs;
  const n = v.players.length;
  const me = u.you ?? -1;
  const order = Array.from({ length: n }, (_, i) => (me < 0 ? i : (me + 1 + i) % n)).filter((s) => s !== me);
  const latest = latestTurns(turns);
  const newest = turns.length > 0 ? turns[turns.length - 1].at : -1;
  return (
    <ul class={`opponents n${order.length}`} aria-label={t.players}>
      {order.map((s) => {
        const seat = u.seats[s];
        const active = v.toMove === s;
        const count = v.handCounts[s];
        const turn = latest.get(s);
        return (
          <li key={s} data-seat={s} class={`opponent${active ? ' active' : ''}`} aria-current={active ? 'true' : undefined}>
            <span class="line">
              <span class="name">{v.players[s]}</span>
              {v.dealer === s && <span class="badge dealer" title={t.dealerMark} aria-label={t.dealerMark}>{t.dealerShort}</span>}
              {seat?.kind === 'bot' && <span class="badge" title={t.bot} aria-label={t.bot}>⚙</span>}
              {seat?.standIn && <span class="badge">{t.standIn}</span>}
              {seat?.kind === 'human' && !seat.connected && <span class="badge warn">{t.disconnected}</span>}
              <span class="backs" aria-label={t.cards(count)}>
                <CardBack small />
                <span class="count">{count}</span>
              </span>
            </span>
            <span key={turn?.at ?? -1} class={`caption${turn && turn.at === newest ? ' fresh' : ''}`}>
              {turn ? turn.text : ' '}
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
  const lastPlay = [...v.log].reverse().find((a) => 'play' in a);
  const travel = (el: HTMLElement | null): void => {
    if (el && !el.dataset.moved) {
      el.dataset.moved = '1';
      travelFrom(lastPlay && lastPlay.seat !== v.seat ? lastPlay.seat : undefined, el);
    }
  };
  const canDraw = v.legal.some((a) => 'draw' in a);
  const maxDraws = v.rules.maxDraws === 0 ? '∞' : String(v.rules.maxDraws);
  const eightOnTop = v.top[0] === '8';
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
      {v.drawsThisTurn > 0 && <p class="draws">{t.drawCounter(v.drawsThisTurn, Number(maxDraws) || v.drawsThisTurn)}</p>}
    </div>
  );
}

function SheddingHand({ v, prefs, send }: { v: PlayerView; prefs: Prefs; send: (a: ActionBody) => void }) {
  const { t, lang } = prefs;
  const [armed, setArmed] = useState(false);
  const [choice, setChoice] = useState<ActionBody[] | null>(null);
  // A multi-card move being built (S-V4/S-V5): the cards picked so far, the first one first.
  const [group, setGroup] = useState<string[] | null>(null);
  const hand = useMemo(() => sortHand(v.hand ?? [], prefs.sort), [v.hand, prefs.sort]);
  const plays = v.legal.filter((a): a is Extract<Action, { play: readonly string[] }> => 'play' in a);
  const playable = new Set<string>([...plays.map((a) => a.play[0]), ...v.groups.map((o) => o.first)]);
  // The engine's group options for the cards picked: the first card's, narrowed to the kind the second card chose.
  const groupOptions = group ? v.groups.filter((o) => o.first === group[0] && group.slice(1).every((c) => (o.with as readonly string[]).includes(c))) : [];
  const canJoin = (c: string): boolean => {
    if (!group) return false;
    const inGroup = group.filter((x) => x === c).length - (group[0] === c ? 1 : 0);
    return groupOptions.some((o) => (o.with as readonly string[]).filter((x) => x === c).length > inGroup);
  };
  const layGroup = (cards: string[]): void => {
    setGroup(null);
    const left = (v.hand?.length ?? 0) - cards.length;
    const call = left === 1 && armed ? { call: true } : {};
    if (cards[cards.length - 1][0] === '8') setChoice(SUITS.map((suit) => ({ play: cards, suit, ...call }) as ActionBody));
    else {
      setArmed(false);
      send({ play: cards, ...call } as ActionBody);
    }
  };
  const other = v.legal.filter((a) => !('play' in a));
  const callWord = v.game === 'olsen' ? t.callOlsen : t.callVri;
  const mayArm = plays.some((a) => a.call);

  const choose = (card: string): void => {
    if (group) {
      // Building a group: a card that may join goes on (the last picked lies on top); the first picked again ends it.
      if (card === group[0] && group.length === 1) return setGroup(null);
      if (canJoin(card)) setGroup([...group, card]);
      return;
    }
    const options = plays.filter((a) => a.play[0] === (card as string)).map((a) => {
      const b = body(a) as ActionBody & { call?: boolean };
      // The call is the player's to make: it goes with the card only when armed (forgetting is legal).
      if (b.call && !armed) {
        const { call: _c, ...rest } = b;
        return rest as ActionBody;
      }
      return b;
    });
    const starts = v.groups.some((o) => o.first === card);
    if (options.length === 0 && starts) return setGroup([card]);
    if (options.length === 0) return send({ play: [card] }); // not legal: the engine says why
    const unique = [...new Map(options.map((o) => [JSON.stringify(o), o])).values()];
    // The card alone, or more cards with it: the player says which.
    if (starts) return setChoice([...unique, { play: [card], more: true } as unknown as ActionBody]);
    if (unique.length === 1) {
      setArmed(false);
      return send(unique[0]);
    }
    setChoice(unique);
  };

  const label = (o: ActionBody): string => {
    const p = o as { play?: string[]; suit?: string; more?: boolean };
    if (p.more) return t.playMore;
    const cards = (p.play ?? []).map((c) => spoken(c, lang)).join(' + ');
    return p.suit ? `${cards} → ${suitName(p.suit, t, lang)}` : cards;
  };

  return (
    <div class="hand-area">
      <div class="actions">
        {other.map((a) => {
          const b = body(a);
          if ('draw' in b) return null; // the stock is the draw button
          const text = 'pass' in b ? t.pass : 'catch' in b ? t.bank : 'call' in b ? callWord : 'suit' in b ? `${t.chooseSuit}: ${suitName(b.suit ?? '', t, lang)}` : '';
          return (
            <button type="button" key={JSON.stringify(b)} class={'catch' in b ? 'danger' : 'primary'} onClick={() => send(b)}>
              {text}
            </button>
          );
        })}
        {mayArm && (
          <button type="button" class={armed ? 'primary' : 'secondary'} aria-pressed={armed} onClick={() => setArmed(!armed)}>
            {callWord}
          </button>
        )}
        {armed && <span class="muted">{t.callArmed}</span>}
      </div>
      {group && (
        <div class="group-bar" role="group" aria-label={t.playMore}>
          <p class="muted">{t.pickMore}</p>
          <button type="button" class="primary" disabled={group.length < 2} onClick={() => layGroup(group)}>
            {t.layCards(group.length)}
          </button>
          <button type="button" class="secondary" onClick={() => setGroup(null)}>
            {t.cancel}
          </button>
        </div>
      )}
      <ul class="hand" style={{ '--n': String(hand.length) }} aria-label={`${t.hand}. ${t.legalMarked}`}>
        {hand.map((c, i) => {
          const picked = group !== null && group.includes(c) && hand.indexOf(c) === i;
          const fits = group ? canJoin(c) : playable.has(c);
          return (
            <li key={`${c}-${i}`}>
              <button type="button" class={`card${fits ? ' legal' : ''}${picked ? ' picked' : ''}`} aria-pressed={group ? picked : undefined} onClick={() => choose(c)}>
                <CardFace card={c} />
                <span class="sr-only">{fits ? `${spoken(c, lang)}, ${t.playable}` : spoken(c, lang)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {choice && (
        <div class="dialog" role="dialog" aria-modal="true" aria-label={t.chooseMove} onKeyDown={(e) => e.key === 'Escape' && setChoice(null)}>
          <h2>{choice.every((o) => 'suit' in o) ? t.chooseSuit : t.chooseMove}</h2>
          <div class="choices">
            {choice.map((o, i) => (
              <button
                type="button"
                key={i}
                class={`choice${'suit' in o && o.suit ? ` suit-${o.suit}` : ''}`}
                ref={(el) => { if (i === 0) el?.focus(); }}
                onClick={() => {
                  setChoice(null);
                  if ((o as { more?: boolean }).more) return setGroup([(o as { play: string[] }).play[0]]);
                  setArmed(false);
                  send(o);
                }}
              >
                {'suit' in o && o.suit && <span aria-hidden="true">{suitSymbol(o.suit)} </span>}
                {label(o)}
              </button>
            ))}
          </div>
          <button type="button" class="secondary" onClick={() => setChoice(null)}>
            {t.cancel}
          </button>
        </div>
      )}
    </div>
  );
}

/** How long a completed trick stays on the table, full size, whoever leads next. */
const TRICK_LINGER_MS = 1600;

function HeartsCenter({ v, prefs }: { v: HeartsView; prefs: Prefs }) {
  const { t, lang } = prefs;
  const n = v.players.length;
  // A trick just taken stays in view with who took it, even if the next one has begun.
  const [taken, setTaken] = useState<HeartsView['lastTrick']>(null);
  const lastKey = v.lastTrick ? `${v.round}:${v.lastTrick.cards.join()}` : '';
  useEffect(() => {
    if (!v.lastTrick) return setTaken(null);
    setTaken(v.lastTrick);
    const timer = setTimeout(() => setTaken(null), TRICK_LINGER_MS);
    return () => clearTimeout(timer);
  }, [lastKey]);
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
      {(!taken || v.trick.cards.length > 0) && trickFigure(v.trick, t.trick, 'current')}
      {!taken && v.lastTrick && (
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
      {v.received && v.received.length > 0 && v.trick.cards.length === 0 && v.log.filter((a) => 'play' in a).length < n && (
        <p class="muted">
          {t.received}: {v.received.map((c) => spoken(c, lang)).join(', ')}
        </p>
      )}
    </div>
  );
}

function HeartsHand({ v, prefs, send }: { v: HeartsView; prefs: Prefs; send: (a: ActionBody) => void }) {
  const { t, lang } = prefs;
  const [picked, setPicked] = useState<string[]>([]);
  const hand = useMemo(() => sortHand(v.hand ?? [], prefs.sort), [v.hand, prefs.sort]);
  const passing = v.phase === 'pass' && v.legal.some((a) => 'give' in a);
  const playable = new Set<string>(v.legal.flatMap((a) => ('play' in a ? [a.play[0] as string] : [])));
  useEffect(() => setPicked([]), [v.round, v.phase]);
  const target = v.seat !== null && v.passOffset ? v.players[(v.seat + v.passOffset) % v.players.length] : null;

  return (
    <div class="hand-area">
      {passing && (
        <div class="actions">
          <span>
            {t.passCards(picked.length)} {target && t.passTo(target)}
          </span>
          <button type="button" class="primary" disabled={picked.length !== 3} onClick={() => send({ give: picked })}>
            {t.give}
          </button>
        </div>
      )}
      <ul class="hand" style={{ '--n': String(hand.length) }} aria-label={`${t.hand}. ${t.legalMarked}`}>
        {hand.map((c) => {
          const on = picked.includes(c);
          return (
            <li key={c}>
              {passing ? (
                <button type="button" class={`card legal${on ? ' picked' : ''}`} aria-pressed={on} onClick={() => setPicked(on ? picked.filter((x) => x !== c) : picked.length < 3 ? [...picked, c] : picked)}>
                  <CardFace card={c} />
                  <span class="sr-only">{spoken(c, lang)}</span>
                </button>
              ) : (
                <button type="button" class={`card${playable.has(c) ? ' legal' : ''}`} onClick={() => send({ play: [c] })}>
                  <CardFace card={c} />
                  <span class="sr-only">{playable.has(c) ? `${spoken(c, lang)}, ${t.playable}` : spoken(c, lang)}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Status({ u, v, prefs }: { u: TableUpdate; v: AnyView; prefs: Prefs }) {
  const { t } = prefs;
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!u.deadline) return;
    const i = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(i);
  }, [u.deadline]);
  const mine = u.you !== null && v.legal.length > 0;
  let text = '';
  if (u.you === null) text = t.spectating;
  if (v.toMove !== null && v.toMove !== undefined) text = v.toMove === u.you ? t.yourTurn : t.turnOf(v.players[v.toMove]);
  if (mine) text = t.yourTurn;
  const extra: string[] = [];
  if (u.deadline) extra.push(t.deadline(Math.max(0, Math.round((u.deadline - now) / 1000))));
  if (u.you !== null && isHeartsView(v)) extra.push(`${t.taken}: ${v.taken[u.you]}`, `${t.total}: ${v.totals[u.you]}`);
  if (u.you !== null && !isHeartsView(v) && v.totals) extra.push(`${t.total}: ${v.totals[u.you]}`);
  const clockwise = isHeartsView(v) || v.direction === 'clockwise';
  return (
    <p class={`status${mine ? ' mine' : ''}`} role="status">
      <span class="dir" title={t.direction(clockwise)} aria-label={t.direction(clockwise)}>
        {clockwise ? '↻' : '↺'}
      </span>{' '}
      {text}
      {extra.length > 0 && <span class="muted"> · {extra.join(' · ')}</span>}
    </p>
  );
}

function Results({ u, v, prefs, session }: { u: TableUpdate; v: AnyView; prefs: Prefs; session: Session }) {
  const { t } = prefs;
  const finished = u.status === 'finished';
  const download = async (): Promise<void> => {
    let record: unknown = null;
    if (session.kind === 'offline') {
      const r = await ask({ t: 'record' });
      if (r.ok) record = r.record;
    } else if (u.recordId) {
      record = await (await fetch(`/api/games/${u.recordId}/record`)).json();
    }
    if (!record) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([JSON.stringify(record, null, 2)], { type: 'application/json' }));
    a.download = `olsen-${u.recordId ?? Date.now()}.json`;
    a.click();
  };
  const hearts = isHeartsView(v);
  const sv = hearts ? null : (v as PlayerView);
  // The engine's answers only: the game's standings, or between rounds of a shedding game the round's places (S22).
  const roundOnly = !finished && !hearts;
  const places = roundOnly ? sv!.places : v.standings.places;
  const order = roundOnly ? v.players.map((_, s) => s).sort((a, b) => (places[a] || 99) - (places[b] || 99) || a - b) : v.standings.order;
  const rows = order.map((s) => ({
    name: v.players[s],
    s,
    place: places[s],
    hand: sv?.revealed?.[s] ?? null,
    points: hearts ? v.taken[s] : (sv?.roundPoints?.[s] ?? null),
    total: v.standings.totals?.[s] ?? null,
  }));
  const winners = v.standings.winners.map((s) => v.players[s]);
  const roundWinner = sv ? sv.places.findIndex((p, s) => p === 1 && sv.handCounts[s] === 0) : -1;
  const heading = finished
    ? `${t.gameOver}: ${winners.length === 1 ? t.winner(winners[0]) : t.winners(winners.join(', '))}`
    : roundWinner >= 0 ? `${t.roundOver}: ${t.wentOut(v.players[roundWinner])}` : t.roundOver;
  return (
    <div class="results" role="region" aria-label={finished ? t.gameOver : t.roundOver}>
      <h2>{heading}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t.players}</th>
            {rows.some((r) => r.hand !== null) && <th scope="col">{t.cardsLeft}</th>}
            {rows.some((r) => r.points !== null) && <th scope="col">{t.points}</th>}
            {rows.some((r) => r.total !== null) && <th scope="col">{t.total}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.s} class={r.s === u.you ? 'me' : ''}>
              <td>{r.place > 0 ? r.place : '–'}</td>
              <th scope="row">{r.name}</th>
              {r.hand !== null && (
                <td class="revealed" aria-label={r.hand.map((c) => spoken(c, prefs.lang)).join(', ') || '0'}>
                  {r.hand.length === 0 ? '–' : r.hand.map((c) => <CardFace key={c} card={c} small />)}
                </td>
              )}
              {r.points !== null && <td>{r.points}</td>}
              {r.total !== null && <td>{r.total}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {!finished && <NextRound u={u} prefs={prefs} session={session} />}
      {finished && (
        <div class="actions">
          {u.you !== null && (u.rematchAsked ?? []).includes(u.you) ? (
            <span class="muted">{t.rematchWaiting}</span>
          ) : (
            u.you !== null && (
              <>
                {(u.rematchAsked ?? []).length > 0 && <span>{t.rematchAsked(u.rematchAsked!.map((s) => v.players[s]).join(', '))}</span>}
                <button type="button" class="primary" onClick={() => void session.rematch()}>
                  {(u.rematchAsked ?? []).length > 0 ? t.rematchYes : t.rematch}
                </button>
              </>
            )
          )}
          <button type="button" class="secondary" onClick={() => void download()}>
            {t.downloadRecord}
          </button>
          {u.recordId && (
            <a class="button secondary" href={`#/replay/${u.recordId}`}>
              {t.replay}
            </a>
          )}
        </div>
      )}
    </div>
  );
}

/** Between rounds: a button offline, a countdown online (the server deals on its own). */
function NextRound({ u, prefs, session }: { u: TableUpdate; prefs: Prefs; session: Session }) {
  const { t } = prefs;
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const i = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(i);
  }, []);
  if (session.kind === 'offline') {
    return (
      <div class="actions">
        <button type="button" class="primary" ref={(el) => el?.focus()} onClick={() => void session.next()}>
          {t.nextRoundNow}
        </button>
      </div>
    );
  }
  return <p class="muted">{u.nextRoundAt ? t.nextRoundIn(Math.max(0, Math.ceil((u.nextRoundAt - now) / 1000))) : t.nextRound}</p>;
}

/**
 * One step of a replay, drawn as the table is in play (the same seats,
 * captions, pile or trick and move list), every hand face up: the game is over.
 */
export function ReplayTable({ view: v, hands, prefs }: { view: AnyView; hands: readonly (readonly string[])[]; prefs: Prefs }) {
  const { t, lang } = prefs;
  const u = { seats: v.players.map(() => ({ kind: 'human', name: null, level: null, connected: true, standIn: false })), you: null } as unknown as TableUpdate;
  const turns = roundTurns(v, t);
  return (
    <div class="replay-table">
      <Opponents u={u} v={v} prefs={prefs} turns={turns} />
      <div class="felt">{isHeartsView(v) ? <HeartsCenter v={v} prefs={prefs} /> : <SheddingCenter v={v} prefs={prefs} send={() => undefined} />}</div>
      <ul class="replay-hands">
        {v.players.map((p, s) => (
          <li key={s} class={v.toMove === s ? 'active' : ''}>
            <strong>{p}</strong>
            <span class="mini-hand" aria-label={hands[s].map((c) => spoken(c, lang)).join(', ')}>
              {hands[s].map((c, i) => (
                <CardFace key={`${c}-${i}`} card={c} small />
              ))}
            </span>
          </li>
        ))}
      </ul>
      <MoveList v={v} turns={turns} prefs={prefs} />
    </div>
  );
}
