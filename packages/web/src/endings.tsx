/** A round's or a game's end: the winner named, the engine's standings, the hands left, what comes next. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { isHeartsView, type AnyView } from '@olsen/engine';
import type { PlayerView } from '@olsen/engine/shedding';
import type { TableUpdate } from '@olsen/protocol';
import { CardFace, spoken } from './cards.js';
import { useClient, type Session } from './client.js';
import type { Prefs } from './table.js';
import { ScoreSheet } from './score-sheet.js';

export function Results({ u, v, prefs, session }: { u: TableUpdate; v: AnyView; prefs: Prefs; session: Session }) {
  const { t } = prefs;
  const { ask, keepForAnalyse, record: fetchRecord } = useClient();
  const finished = u.status === 'finished';
  // The results open at their heading (a phone's page may be scrolled down to the hand): once per round's end.
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
    region.current?.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  }, [u.gameNo, v.round, finished]);
  const download = async (): Promise<void> => {
    let record: unknown = null;
    if (session.kind === 'offline') {
      const r = await ask({ t: 'record' });
      if (r.ok) record = r.record;
    } else if (u.recordId) {
      record = (await fetchRecord(u.recordId)).record;
    }
    if (!record) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([JSON.stringify(record, null, 2)], { type: 'application/json' }));
    a.download = `olsen-${u.recordId ?? Date.now()}.json`;
    a.click();
  };
  const analyseOffline = async (seat: number): Promise<void> => {
    const r = await ask({ t: 'record' });
    if (!r.ok) return;
    keepForAnalyse({ record: r.record, seat, computerMoves: r.computerMoves ?? [] });
    location.hash = '#/analyse';
  };
  const hearts = isHeartsView(v);
  const sv = hearts ? null : (v as PlayerView);
  // The engine's answers only: the game's standings (in points games between rounds too, S24: who leads is what a
  // family asks, with this round's points beside), or between rounds of Olsen the round's places (S22).
  const roundOnly = !finished && !hearts;
  const points = roundOnly && sv!.roundPoints !== null;
  const order = roundOnly && !points ? (sv!.roundOrder ?? v.standings.order) : v.standings.order;
  // The seats the computer played for this round (the runner's marks: a stand-in, the turn timer), marked in the table.
  const byComputer = new Set([...(u.standInMoves ?? []), ...(u.timerMoves ?? [])].map((i) => v.log[i]?.seat).filter((s): s is number => s !== undefined));
  const rows = order.map((s) => ({
    name: v.players[s],
    s,
    place: roundOnly && !points ? sv!.places[s] : v.standings.places[s],
    // A hand the server keeps hidden (the daily deal, until its day is over): 'hidden'.
    hand: sv?.revealed ? (sv.revealed[s] ?? ('hidden' as const)) : null,
    points: hearts ? v.taken[s] : (sv?.roundPoints?.[s] ?? null),
    total: v.standings.totals?.[s] ?? null,
  }));
  const winners = v.standings.winners.map((s) => v.players[s]);
  // The engine says who went out first (none in a blocked round).
  const roundWinner = sv?.roundWinner ?? -1;
  const heading = finished
    ? `${t.gameOver}: ${winners.length === 1 ? t.winner(winners[0]) : t.winners(winners.join(', '))}${v.standings.winners.some((s) => byComputer.has(s)) ? ` (${t.byComputer(v.standings.winners.filter((s) => byComputer.has(s)).map((s) => v.players[s]).join(', '))})` : ''}`
    : roundWinner >= 0 ? `${t.roundOver}: ${t.wentOut(v.players[roundWinner])}` : t.roundOver;
  return (
    <div class="results" role="region" ref={region} aria-label={finished ? t.gameOver : t.roundOver}>
      <h2>{heading}</h2>
      {finished && u.you !== null && v.standings.winners.includes(u.you) && <Celebration prefs={prefs} />}
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
              <th scope="row">
                {r.name}
                {byComputer.has(r.s) && <span class="muted by-computer"> ⚙ {t.byComputer(r.name)}</span>}
              </th>
              {r.hand !== null && (
                r.hand === 'hidden' ? (
                  <td class="revealed">{t.handHidden}</td>
                ) : (
                  <td class="revealed" aria-label={r.hand.map((c) => spoken(c, prefs.lang)).join(', ') || '0'}>
                    {r.hand.length === 0 ? '–' : r.hand.map((c) => <CardFace key={c} card={c} small />)}
                  </td>
                )
              )}
              {r.points !== null && <td>{r.points}</td>}
              {r.total !== null && <td>{r.total}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <ScoreSheet v={v} prefs={prefs} you={u.you} open={finished} />
      {!finished && <NextRound u={u} prefs={prefs} session={session} />}
      {finished && (
        <div class="actions">
          {u.daily ? (
            // The daily deal is played once: the way back is to the day's list, not another game.
            <a class="button primary" href="#/daily">
              {t.dailyBack}
            </a>
          ) : (
            <>
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
            </>
          )}
          {/* A daily game's record stays on the server until the day is over: no download, no replay yet. */}
          {!u.daily && (
            <button type="button" class="secondary" onClick={() => void download()}>
              {t.downloadRecord}
            </button>
          )}
          {u.recordId && !u.daily && (
            <a class="button secondary" href={`#/replay/${u.recordId}`}>
              {t.replay}
            </a>
          )}
          {u.you !== null && (session.kind === 'offline' ? (
            <button type="button" class="secondary" onClick={() => void analyseOffline(u.you!)}>
              {t.analyse}
            </button>
          ) : (
            u.recordId && (
              <a class="button secondary" href={u.daily ? `#/analyse/daily/${u.recordId}` : `#/analyse/${u.recordId}/${u.you}`}>
                {t.analyse}
              </a>
            )
          ))}
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
 * A win's short celebration: a line of thanks and the four suits bursting from it (the sound is the table's 'win'
 * cue, off with its toggle); no motion for people who asked for reduced motion (styles.css).
 */
function Celebration({ prefs }: { prefs: Prefs }) {
  return (
    <div class="celebrate">
      <p class="congrats">{prefs.t.congrats}</p>
      <span class="burst" aria-hidden="true">
        {['♠', '♥', '♦', '♣', '♥', '♠', '♣', '♦'].map((s, i) => (
          <span key={i} class={`spark s${i}${s === '♥' || s === '♦' ? ' red' : ''}`}>
            {s}
          </span>
        ))}
      </span>
    </div>
  );
}
