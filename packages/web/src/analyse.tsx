/**
 * Analyse: the review of a finished game for one seat. The game worker weighs
 * every decision from the seat's view (bots' `reviewRecord`, the same figures
 * as `olsen analyse`); this page draws the swing, explains the decisions,
 * shows the table as it was and lets the person play on from there.
 */
import { useEffect, useState } from 'preact/hooks';
import type { GameName } from '@olsen/engine';
import { useClient, type AnalyseRequest, type Session } from './client.js';
import { ReplayTable, Table, sayError, type Prefs } from './table.js';
import type { AnalysedDecision, Analysis, OfflineOptions } from './worker-protocol.js';

interface RecordShape {
  readonly game: GameName;
  readonly rules: Record<string, unknown>;
  readonly players: readonly string[];
  readonly rounds: readonly { readonly actions: readonly unknown[] }[];
}

/** The record up to (not including) action `index` of round `round`: the game as it stood at that decision. */
export function recordUpTo(record: RecordShape, round: number, index: number): RecordShape {
  return { ...record, rounds: record.rounds.slice(0, round + 1).map((r, i) => (i === round ? { ...r, actions: r.actions.slice(0, index) } : r)) };
}

/**
 * `#/analyse` (the kept offline game), `#/analyse/<record id>/<seat>` (an online
 * game's public record) or `#/analyse/daily/<game id>` (the player's daily deal).
 */
export function Analyse({ path, prefs }: { path: string; prefs: Prefs }) {
  const { ask, computerMoves, getJsonAsGuest, keptForAnalyse, record: fetchRecord, resumeOffline } = useClient();
  const { t, lang } = prefs;
  const [request, setRequest] = useState<AnalyseRequest | null>(null);
  const [analysis, setAnalysis] = useState<Analysis | null>(null);
  const [done, setDone] = useState<[number, number]>([0, 0]);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  /** The record to play on from (null: not available to this page, e.g. the daily deal during its day). */
  const [playable, setPlayable] = useState<AnalyseRequest | null>(null);
  const show = (a: Analysis): void => {
    setAnalysis(a);
    const first = a.decisions.findIndex((d) => d.mistake);
    setChosen(first >= 0 ? first : a.decisions.length > 0 ? 0 : null);
  };

  // The daily deal's own game during its day: the server reviews it (the record stays there); the page shows what it sends.
  const [daily, setDaily] = useState<string | null>(null);

  useEffect(() => {
    const [id, seat] = path.split('/').filter(Boolean);
    if (!id) {
      const k = keptForAnalyse();
      if (k) setRequest(k);
      else setError(t.analyseNothing);
      return;
    }
    if (id === 'daily') return setDaily(seat ?? null);
    void Promise.all([fetchRecord(id), computerMoves(id)]).then(([r, marks]) => {
      if (r.status === 403) return setDaily(id);
      if (r.record === null) return setError(t.analyseNoRecord);
      setRequest({ record: r.record, seat: Number(seat) || 0, computerMoves: marks });
    });
  }, [path]);

  useEffect(() => {
    if (!daily) return;
    setAnalysis(null);
    void (async () => {
      const r = await getJsonAsGuest<{ ok: true; review: Analysis; record: boolean } | { ok: false; error: { code: string; message: string } }>(`/api/daily/review/${encodeURIComponent(daily)}?lang=${lang}`);
      if (!r) return setError(t.analyseNoRecord);
      if (!r.ok) return setError(sayError(r as never, t, lang));
      show(r.review);
      // Once the day is over the record is open: then the review can be played on from too.
      if (r.record) {
        const rec = await fetchRecord(daily);
        if (rec.record !== null) setPlayable({ record: rec.record, seat: r.review.seat });
      }
    })().catch(() => setError(t.analyseNoRecord));
  }, [daily, lang]);

  useEffect(() => {
    if (!request) return;
    setAnalysis(null);
    setPlayable(request);
    void ask({ t: 'analyse', record: request.record, seat: request.seat, lang, computerMoves: request.computerMoves ?? [] }, (d, n) => setDone([d, n])).then((r) => {
      if (r.ok && r.analysis) show(r.analysis);
      else if (!r.ok) setError(r.error.message);
    });
  }, [request, lang]);

  if (session) return <Table session={session} prefs={prefs} onLeave={() => { session.close(); setSession(null); }} />;

  const playOn = async (d: AnalysedDecision): Promise<void> => {
    if (!playable || !analysis) return;
    const request = playable;
    const record = request.record as RecordShape;
    const options: OfflineOptions = {
      game: analysis.game,
      rules: record.rules,
      players: analysis.players.length,
      level: request.options?.level ?? 'medium',
      name: analysis.players[analysis.seat],
      botDelayMs: request.options?.botDelayMs ?? 700,
      seat: analysis.seat,
    };
    const s = await resumeOffline({ options, record: recordUpTo(record, d.round, d.index) });
    if (typeof s === 'string') setError(s);
    else setSession(s);
  };

  const mistakes = analysis?.decisions.filter((d) => d.mistake).length ?? 0;
  return (
    <section class="analyse">
      <h1>{t.analyseTitle}</h1>
      {error && <p role="alert" class="refusal">{error}</p>}
      {!analysis && !error && (
        <p role="status" class="analyse-progress">
          <progress max={done[1] || 1} value={done[0]} aria-label={t.analyseWorking} /> {t.analyseWorking}
          {done[1] > 0 && ` ${Math.round((100 * done[0]) / done[1])} %`}
        </p>
      )}
      {analysis && (
        <>
          <p>{t.analyseSummary(analysis.players[analysis.seat], analysis.decisions.length, mistakes, analysis.worlds)}</p>
          <Swing analysis={analysis} chosen={chosen === null ? null : analysis.decisions[chosen]} onPick={(i) => setChosen(i)} prefs={prefs} />
          {analysis.byComputer > 0 && <p class="muted by-computer">{t.analyseByComputer(analysis.players[analysis.seat], analysis.byComputer)}</p>}
          {analysis.decisions.length === 0 && <p>{t.analyseNoChoices}</p>}
          <ol class="decisions">
            {analysis.decisions.map((d, i) => (
              <li key={d.step} class={`${d.mistake ? 'mistake' : ''} ${i === chosen ? 'chosen' : ''}`}>
                <button type="button" class="link" aria-pressed={i === chosen} onClick={() => setChosen(i)}>
                  <strong>
                    {t.analyseMove(d.round + 1, d.move)}
                    {d.mistake && ` — ${t.analyseMistake}`}
                  </strong>
                </button>
                <p>{d.text}</p>
                {/* The chosen decision opens in place: on a phone the table is right under its sentence. */}
                {i === chosen && <Position analysis={analysis} decision={d} prefs={prefs} onPlayOn={playable ? () => void playOn(d) : null} />}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** One decision opened: each option's figure, the table as the seat saw it, and "play on from here". */
function Position({ analysis, decision, prefs, onPlayOn }: { analysis: Analysis; decision: AnalysedDecision; prefs: Prefs; onPlayOn: (() => void) | null }) {
  const { t, lang } = prefs;
  return (
    <div class="analyse-position" role="region" aria-label={t.analysePosition}>
      {/* The table as it was first: what the decision was about. */}
      <ReplayTable view={decision.view} hands={decision.view.players.map((_, s) => (s === analysis.seat ? (decision.view.hand ?? []) : null))} prefs={prefs} />
      <table class="options">
        <thead>
          <tr>
            <th scope="col">{t.analyseOption}</th>
            <th scope="col">{analysis.measure === 'win' ? t.analyseWinChance : t.analyseExpectedPoints}</th>
          </tr>
        </thead>
        <tbody>
          {decision.options.map((o) => (
            <tr key={o.words} class={`${o.chosen ? 'me' : ''} ${o.best ? 'best' : ''}`}>
              <th scope="row">
                {o.words}
                {(o.chosen || o.best) && <span class="muted"> ({[o.chosen && t.analyseYourChoice, o.best && t.analyseBest].filter(Boolean).join(', ')})</span>}
              </th>
              <td>{figure(o.mean, o.se, analysis.measure, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="actions">
        {onPlayOn ? (
          <button type="button" class="primary" onClick={onPlayOn}>
            {t.analysePlayOn}
          </button>
        ) : (
          <span class="muted">{t.analysePlayOnLater}</span>
        )}
      </div>
    </div>
  );
}

/**
 * A value and where it likely lies (its 95 % interval), in words a player reads without statistics:
 * "43 % (40–46 %)" or "7,5 (6,3–8,7)".
 */
function figure(mean: number, se: number, measure: 'win' | 'points', lang: string): string {
  const loc = lang === 'en' ? 'en-GB' : lang === 'nb' ? 'nb-NO' : lang;
  if (measure === 'win') {
    const pct = (x: number): number => Math.min(100, Math.max(0, Math.round(x * 100)));
    const half = Math.max(0.01, 1.96 * se);
    return `${pct(mean)}\u00a0% (${pct(mean - half)}–${pct(mean + half)}\u00a0%)`;
  }
  const f = (x: number): string => (Math.round(x * 10) / 10).toLocaleString(loc);
  return `${f(mean)} (${f(mean - 1.96 * se)}–${f(mean + 1.96 * se)})`;
}

/**
 * The swing: the seat's chance to win (or its expected points, upside down:
 * fewer is higher) after every step, with each decision a point to pick and
 * the mistakes marked.
 */
function Swing({ analysis, chosen, onPick, prefs }: { analysis: Analysis; chosen: AnalysedDecision | null; onPick: (i: number) => void; prefs: Prefs }) {
  const { t } = prefs;
  const W = 600;
  const H = 300;
  const pts = analysis.swing;
  if (pts.length < 2) return null;
  const last = Math.max(1, analysis.steps - 1);
  const hi = analysis.measure === 'win' ? 1 : Math.max(1, ...pts.map((p) => p.value));
  const x = (step: number): number => (step / last) * W;
  // A chance reads upwards; points downwards (fewer is better).
  const y = (v: number): number => (analysis.measure === 'win' ? H - (v / hi) * H : (v / hi) * H);
  const rounds: number[] = [];
  for (let i = 1; i < pts.length; i++) if (pts[i].round !== pts[i - 1].round) rounds.push(pts[i].step);
  const valueAt = (step: number): number => pts.find((p) => p.step === step + 1)?.value ?? pts.find((p) => p.step >= step)?.value ?? 0;
  return (
    <figure class="swing">
      <svg viewBox={`-8 -8 ${W + 16} ${H + 16}`} role="img" aria-label={t.analyseSwingLabel(analysis.measure)}>
        <line x1={0} y1={H / 2} x2={W} y2={H / 2} class="mid" />
        <text x={4} y={22} class="axis">{analysis.measure === 'win' ? '100 %' : '0'}</text>
        <text x={4} y={H - 6} class="axis">{analysis.measure === 'win' ? '0 %' : String(Math.round(hi))}</text>
        {rounds.map((s) => (
          <line key={s} x1={x(s)} y1={0} x2={x(s)} y2={H} class="round" />
        ))}
        <polyline points={pts.map((p) => `${x(p.step).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')} />
        {analysis.decisions.map((d, i) => (
          <circle key={d.step} cx={x(d.step + 1)} cy={y(valueAt(d.step))} r={d === chosen ? 7 : d.mistake ? 6 : 3.5} class={d.mistake ? 'mistake' : 'decision'} onClick={() => onPick(i)}>
            <title>{t.analyseMove(d.round + 1, d.move)}</title>
          </circle>
        ))}
      </svg>
      <figcaption>{t.analyseSwingCaption(analysis.measure)}</figcaption>
    </figure>
  );
}
