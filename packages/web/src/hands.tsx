/** The player's hand: the fanned cards, the moves that are not a card, choices and multi-card moves (both families). */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { CardName } from '@olsen/engine';
import { completeGroup, type Action, type PlayerView } from '@olsen/engine/shedding';
import type { HeartsView } from '@olsen/engine/hearts';
import type { ActionBody } from '@olsen/protocol';
import { CardFace, spoken, suitSymbol } from './cards.js';
import { SUITS, body, suitName, type Prefs } from './table.js';

const RANKS = '23456789TJQKA';

function sortHand(hand: readonly string[], by: 'suit' | 'rank'): string[] {
  const key = (c: string): number => (by === 'suit' ? SUITS.indexOf(c[1] as never) * 16 + RANKS.indexOf(c[0]) : RANKS.indexOf(c[0]) * 4 + SUITS.indexOf(c[1] as never));
  return [...hand].sort((a, b) => key(a) - key(b));
}

export function SheddingHand({ v, prefs, send }: { v: PlayerView; prefs: Prefs; send: (a: ActionBody) => void }) {
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
    // The engine finishes the move: a suit to name when an eight lies on top, the call when one card is left.
    const moves = groupOptions.flatMap((o) => completeGroup(o, cards as CardName[], v.hand?.length ?? 0)).filter((a) => 'play' in a && Boolean(a.call) === armed);
    const unique = [...new Map(moves.map((a) => [JSON.stringify(body(a)), body(a) as ActionBody])).values()];
    if (unique.length === 0) return send({ play: cards } as ActionBody); // not a move: the engine says why
    if (unique.length > 1) return setChoice(unique);
    setArmed(false);
    send(unique[0]);
  };
  const other = v.legal.filter((a) => !('play' in a));
  const callWord = v.call.kind === 'olsen' ? t.callOlsen : t.callVri;
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

export function HeartsHand({ v, prefs, send }: { v: HeartsView; prefs: Prefs; send: (a: ActionBody) => void }) {
  const { t, lang } = prefs;
  const [picked, setPicked] = useState<string[]>([]);
  const hand = useMemo(() => sortHand(v.hand ?? [], prefs.sort), [v.hand, prefs.sort]);
  const passing = v.phase === 'pass' && v.legal.some((a) => 'give' in a);
  const playable = new Set<string>(v.legal.flatMap((a) => ('play' in a ? [a.play[0] as string] : [])));
  useEffect(() => setPicked([]), [v.round, v.phase]);
  const target = v.passTo !== null ? v.players[v.passTo] : null;

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

