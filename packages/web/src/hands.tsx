/** The player's hand: the fanned cards, the moves that are not a card, choices and multi-card moves (both families). */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { useClient } from './client.js';
import type { CardName } from '@olsen/engine';
import type { PlayerView } from '@olsen/engine/shedding';
import type { HeartsView } from '@olsen/engine/hearts';
import type { ActionBody } from '@olsen/protocol';
import { CardFace, spoken, suitSymbol } from './cards.js';
import { SUITS, suitName, type Prefs } from './say.js';
import { SHEDDING_IDLE, cancel, chooseOption, give, heartsHand, heartsHandAt, layGroup, pickCard, sheddingHand, tapHeartsCard, toggleCall, type HeartsHandState, type Option, type SheddingHandState, type Step } from './model/hand.js';
import { isCall, isCatch, isDraw, isPass } from '@olsen/engine';
import { secondsTo, useTick } from './tick.js';

/** An option's suit, when it names one (an eight, S-V15 …). */
const suitOf = (o: Option): string | undefined => ('send' in o ? (o.send as { suit?: string }).suit : undefined);

const RANKS = '23456789TJQKA';

const capital = (x: string): string => x.charAt(0).toUpperCase() + x.slice(1);

/** The narrowest strip of a card left to tap in a fanned hand (px): a finger's width. */
const MIN_STRIP = 42;

/**
 * Cards per row of the hand: all in one row while each shows a strip of at least `MIN_STRIP` to tap, else rows of
 * equal length (13 cards on a 360 px phone: 7 and 6). The fan's overlap (styles.css) spreads a row over the width.
 */
function usePerRow(n: number): number {
  const [width, setWidth] = useState(() => innerWidth);
  useEffect(() => {
    const on = (): void => setWidth(innerWidth);
    addEventListener('resize', on);
    return () => removeEventListener('resize', on);
  }, []);
  // As styles.css: the row is min(100vw, 72rem) less 1.2rem; a card is 56 px wide, 72 px from 48rem.
  const room = Math.min(width, 1152) - 19.2;
  const card = width >= 768 ? 72 : 56;
  const fit = Math.max(2, Math.floor(1 + (room - card) / MIN_STRIP));
  return Math.ceil(n / Math.ceil(n / fit));
}

function sortHand(hand: readonly string[], by: 'suit' | 'rank'): string[] {
  const key = (c: string): number => (by === 'suit' ? SUITS.indexOf(c[1] as never) * 16 + RANKS.indexOf(c[0]) : RANKS.indexOf(c[0]) * 4 + SUITS.indexOf(c[1] as never));
  return [...hand].sort((a, b) => key(a) - key(b));
}

/**
 * True the first time `now` holds on this device (remembered under `key`), until it stops holding: a reminder shown
 * once, from the first frame it applies to (never a frame late).
 */
function useFirstTime(key: 'callReminded', now: boolean): boolean {
  const client = useClient();
  const [state, setState] = useState<'unseen' | 'showing' | 'done'>(() => (client.pref(key) ? 'done' : 'unseen'));
  useEffect(() => {
    if (now && state === 'unseen') {
      client.setPref(key, '1');
      setState('showing');
    } else if (!now && state === 'showing') setState('done');
  }, [now, state]);
  return now && state !== 'done';
}

/**
 * `catchBy`: while a forgotten call is open, when the computer acts next (the
 * late call and the catch show the seconds left).
 */
export function SheddingHand({ v, prefs, send, catchBy = null }: { v: PlayerView; prefs: Prefs; send: (a: ActionBody) => void; catchBy?: number | null }) {
  const { t, lang } = prefs;
  // The hand's state is the model's (model/hand.ts); the component draws it and hands the person's taps to it.
  const [s, setS] = useState<SheddingHandState>(SHEDDING_IDLE);
  const run = (step: Step<SheddingHandState>): void => {
    setS(step.state);
    if (step.send) send(step.send);
  };
  const hand = useMemo(() => sortHand(v.hand ?? [], prefs.sort), [v.hand, prefs.sort]);
  const perRow = usePerRow(hand.length);
  const h = sheddingHand(v, s);
  const { group, armed, choice } = s;
  const callWord = v.call.kind === 'olsen' ? t.callOlsen : t.callVri;
  // The call's buttons say what it is for: in Olsen only a warning (S19); where forgetting costs cards (S20), the
  // first time a person may call on this device a one-line reminder of the catch.
  const calling = h.mayArm || h.others.some((b) => 'call' in b);
  const reminder = useFirstTime('callReminded', calling && v.call.penalty > 0);
  // The late call and the catch (S20) last until the computer acts: their buttons count the seconds down.
  const windowOpen = catchBy !== null && h.others.some((b) => isCatch(b) || isCall(b));
  const now = useTick(windowOpen);
  const left = windowOpen ? ` · ${t.secondsShort(secondsTo(catchBy, now))}` : '';
  // A choice of suits for one play (an eight): each button is the suit's name alone ("Kløver"), the card above them.
  const cardsOf = (option: Option): string => ('more' in option ? '' : ((option.send as { play?: string[] }).play ?? []).map((c) => spoken(c, lang)).join(' + '));
  const suitsOnly = choice !== null && choice.length > 1 && choice.every((o) => suitOf(o) !== undefined && cardsOf(o) === cardsOf(choice[0]));
  const label = (option: Option): string => {
    if ('more' in option) return t.playMore;
    const suit = suitOf(option);
    if (suit && suitsOnly) return capital(suitName(suit, t, lang));
    return suit ? `${cardsOf(option)}, ${t.thenSuit(suitName(suit, t, lang))}` : cardsOf(option);
  };

  return (
    <div class="hand-area">
      <div class="actions">
        {h.others.map((b) => {
          if (isDraw(b)) return null; // the stock is the draw button
          const text = isPass(b) ? t.pass : isCatch(b) ? t.bank + left : isCall(b) ? callWord + left : 'suit' in b ? `${t.chooseSuit}: ${suitName(b.suit ?? '', t, lang)}` : '';
          return (
            <button type="button" key={JSON.stringify(b)} class={isCatch(b) ? 'danger' : 'primary'} onClick={() => send(b)}>
              {text}
            </button>
          );
        })}
        {h.mayArm && (
          <button type="button" class={armed ? 'primary' : 'secondary'} aria-pressed={armed} onClick={() => setS(toggleCall(s))}>
            {callWord}
          </button>
        )}
        {armed && <span class="muted">{t.callArmed}</span>}
      </div>
      {calling && <p class={`call-note${reminder ? ' reminder' : ''}`}>{reminder ? t.callReminder(callWord.replace(/!$/, ''), v.call.penalty) : v.call.penalty === 0 ? t.callWarns : t.callCosts(v.call.penalty)}</p>}
      {group && (
        <div class="group-bar" role="group" aria-label={t.playMore}>
          <p class="muted">{t.pickMore}</p>
          <button type="button" class="primary" disabled={!h.mayLay} onClick={() => run(layGroup(v, s))}>
            {t.layCards(group.length)}
          </button>
          <button type="button" class="secondary" onClick={() => setS(cancel(s))}>
            {t.cancel}
          </button>
        </div>
      )}
      <ul class="hand" style={{ '--n': String(perRow) }} aria-label={`${t.hand}. ${t.legalMarked}`}>
        {hand.map((c, i) => {
          const picked = group !== null && group.includes(c as CardName) && hand.indexOf(c) === i;
          const fits = h.fits(c as CardName);
          return (
            <li key={`${c}-${i}`} class={i > 0 && i % perRow === 0 ? 'row-start' : undefined}>
              <button type="button" class={`card${fits ? ' legal' : ''}${picked ? ' picked' : ''}`} aria-pressed={group ? picked : undefined} onClick={() => run(pickCard(v, s, c as CardName))}>
                <CardFace card={c} />
                <span class="sr-only">{fits ? `${spoken(c, lang)}, ${t.playable}` : spoken(c, lang)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {choice && (
        <div class="dialog" role="dialog" aria-modal="true" aria-label={t.chooseMove} onKeyDown={(e) => e.key === 'Escape' && setS(cancel(s))}>
          <h2>{choice.every((o) => 'send' in o && 'suit' in o.send) ? t.chooseSuit : t.chooseMove}</h2>
          {suitsOnly && <p class="muted">{capital(cardsOf(choice[0]))}</p>}
          <div class="choices">
            {choice.map((o, i) => (
              <button
                type="button"
                key={i}
                class={`choice${suitOf(o) ? ` suit-${suitOf(o)}` : ''}`}
                ref={(el) => { if (i === 0) el?.focus(); }}
                onClick={() => run(chooseOption(s, i))}
              >
                {suitOf(o) && <span aria-hidden="true">{suitSymbol(suitOf(o)!)} </span>}
                {label(o)}
              </button>
            ))}
          </div>
          <button type="button" class="secondary" onClick={() => setS(cancel(s))}>
            {t.cancel}
          </button>
        </div>
      )}
    </div>
  );
}

export function HeartsHand({ v, prefs, send }: { v: HeartsView; prefs: Prefs; send: (a: ActionBody) => void }) {
  const { t, lang } = prefs;
  const [state, setState] = useState<HeartsHandState>(() => heartsHandAt(v));
  const run = (step: Step<HeartsHandState>): void => {
    setState(step.state);
    if (step.send) send(step.send);
  };
  const hand = useMemo(() => sortHand(v.hand ?? [], prefs.sort), [v.hand, prefs.sort]);
  const perRow = usePerRow(hand.length);
  const h = heartsHand(v, state);
  const { passing, playable } = h;
  const picked = h.state.picked as readonly string[];
  const target = v.passTo !== null ? v.players[v.passTo] : null;

  return (
    <div class="hand-area">
      {passing && (
        <div class="actions">
          <span>
            {t.passCards(picked.length)} {target && t.passTo(target)}
          </span>
          <button type="button" class="primary" disabled={!h.mayGive} onClick={() => run(give(v, h.state))}>
            {t.give}
          </button>
        </div>
      )}
      <ul class="hand" style={{ '--n': String(perRow) }} aria-label={`${t.hand}. ${t.legalMarked}`}>
        {hand.map((c, i) => {
          const on = picked.includes(c);
          return (
            <li key={c} class={i > 0 && i % perRow === 0 ? 'row-start' : undefined}>
              {passing ? (
                <button type="button" class={`card legal${on ? ' picked' : ''}`} aria-pressed={on} onClick={() => run(tapHeartsCard(v, h.state, c as CardName))}>
                  <CardFace card={c} />
                  <span class="sr-only">{spoken(c, lang)}</span>
                </button>
              ) : (
                <button type="button" class={`card${playable.has(c) ? ' legal' : ''}`} onClick={() => run(tapHeartsCard(v, h.state, c as CardName))}>
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

