/** Statistics and replays. */
import { useEffect, useState } from 'preact/hooks';
import { useClient } from './client.js';
import { ReplayTable, sayError, type Prefs } from './table.js';
import type { GameId } from './setup.js';
import type { ReplayStep } from './worker-protocol.js';

/** One row of statistics: a game's count, wins and mean place, and online its strength figure. */
interface StatsRow {
  readonly game: GameId;
  readonly games: number;
  readonly wins: number;
  /** Null: every game was left (no place of the player's own). */
  readonly meanPlace: number | null;
  /** Online: games the computer finished after the player left (README, "Games you left"); absent on this device's own. */
  readonly left?: number;
  readonly strength?: number | null;
}

export function Stats({ prefs }: { prefs: Prefs }) {
  const { t } = prefs;
  const { getJson, playerId, localStats } = useClient();
  const [online, setOnline] = useState<StatsRow[] | null>(null);
  useEffect(() => {
    const id = playerId();
    if (!id) return setOnline([]);
    void getJson<{ stats: { game: GameId; games: number; wins: number; left?: number; meanPlace: number | null; rating: { strength: number } | null }[] }>(`/api/players/${id}/stats`).then((b) =>
      setOnline((b?.stats ?? []).map((s) => ({ game: s.game, games: s.games, wins: s.wins, left: s.left ?? 0, meanPlace: s.meanPlace, strength: s.rating?.strength ?? null }))),
    );
  }, []);
  // The games against the computer kept on this device (offline ones too), by game.
  const local: StatsRow[] = Object.entries(localStats()).map(([game, s]) => ({ game: game as GameId, games: s!.games, wins: s!.wins, meanPlace: s!.games > 0 ? s!.places / s!.games : 0 }));
  return (
    <section class="stats">
      <h1>{t.statsTitle}</h1>
      {online && online.length === 0 && local.length === 0 && <p>{t.noStats}</p>}
      {local.length > 0 && <StatsTable title={t.statsComputer} rows={local} prefs={prefs} />}
      {online && online.length > 0 && (
        <>
          <StatsTable title={t.statsOnline} rows={online} prefs={prefs} />
          <p class="muted">{t.strengthNote}</p>
          {online.some((r) => (r.left ?? 0) > 0) && <p class="muted">{t.leftNote}</p>}
        </>
      )}
    </section>
  );
}

function StatsTable({ title, rows, prefs }: { title: string; rows: readonly StatsRow[]; prefs: Prefs }) {
  const { t, lang } = prefs;
  // Numbers as the page's language writes them (a decimal comma in Norwegian, Dutch and German).
  const locale = lang === 'nb' ? 'nb-NO' : lang;
  const int = new Intl.NumberFormat(locale);
  const place = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const strength = rows.some((r) => r.strength !== undefined);
  const left = rows.some((r) => r.left !== undefined);
  return (
    <>
      <h2>{title}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t.game}</th>
            <th scope="col">{t.gamesPlayed}</th>
            <th scope="col">{t.wins}</th>
            {left && <th scope="col">{t.gamesLeft}</th>}
            <th scope="col">{t.meanPlace}</th>
            {strength && <th scope="col">{t.rating}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.game}>
              <th scope="row">{t.games[s.game]}</th>
              <td>{int.format(s.games)}</td>
              <td>{int.format(s.wins)}</td>
              {left && <td>{int.format(s.left ?? 0)}</td>}
              <td>{s.meanPlace === null ? '–' : place.format(s.meanPlace)}</td>
              {strength && <td>{s.strength === null || s.strength === undefined ? '–' : int.format(s.strength)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function Replay({ id, prefs }: { id: string | null; prefs: Prefs }) {
  const { t } = prefs;
  const { ask, record: fetchRecord } = useClient();
  const [steps, setSteps] = useState<ReplayStep[] | null>(null);
  const [i, setI] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const load = async (record: unknown): Promise<void> => {
    const r = await ask({ t: 'replay', record });
    if (r.ok && r.steps) {
      setSteps(r.steps);
      setI(0);
    } else if (!r.ok) setError(sayError(r, prefs.t, prefs.lang));
  };
  useEffect(() => {
    if (id) void fetchRecord(id).then((r) => (r.record === null ? setError(t.errorTitle) : load(r.record)));
  }, [id]);
  const step = steps?.[i];
  return (
    <section class="replay">
      <h1>{t.replayTitle}</h1>
      <label>
        {t.loadRecord}
        <input type="file" accept="application/json,.json" onChange={async (e) => { const f = (e.target as HTMLInputElement).files?.[0]; if (f) { try { await load(JSON.parse(await f.text())); } catch { setError(t.errorTitle); } } }} />
      </label>
      {error && <p role="alert" class="refusal">{error}</p>}
      {steps && step && (
        <>
          <div class="actions">
            <button type="button" class="secondary" disabled={i === 0} onClick={() => setI(i - 1)}>
              {t.prev}
            </button>
            <span role="status">{t.step(i, steps.length - 1)}</span>
            <button type="button" class="secondary" disabled={i === steps.length - 1} onClick={() => setI(i + 1)}>
              {t.next}
            </button>
          </div>
          <ReplayTable view={step.view} hands={step.hands} prefs={prefs} />
        </>
      )}
    </section>
  );
}
