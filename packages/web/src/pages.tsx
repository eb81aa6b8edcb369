/** Statistics and replays. */
import { useEffect, useState } from 'preact/hooks';
import { useClient } from './client.js';
import { ReplayTable, sayError, type Prefs } from './table.js';
import type { GameId } from './setup.js';
import type { ReplayStep } from './worker-protocol.js';

export function Stats({ prefs }: { prefs: Prefs }) {
  const { t } = prefs;
  const { getJson, playerId } = useClient();
  const [stats, setStats] = useState<{ game: GameId; games: number; wins: number; meanPlace: number; rating: { ordinal: number } | null }[] | null>(null);
  useEffect(() => {
    const id = playerId();
    if (!id) return setStats([]);
    void getJson<{ stats: typeof stats }>(`/api/players/${id}/stats`).then((b) => setStats(b?.stats ?? []));
  }, []);
  return (
    <section class="stats">
      <h1>{t.statsTitle}</h1>
      {stats && stats.length === 0 && <p>{t.noStats}</p>}
      {stats && stats.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t.game}</th>
              <th scope="col">{t.gamesPlayed}</th>
              <th scope="col">{t.wins}</th>
              <th scope="col">{t.meanPlace}</th>
              <th scope="col">{t.rating}</th>
            </tr>
          </thead>
          <tbody>
            {stats.map((s) => (
              <tr key={s.game}>
                <th scope="row">{t.games[s.game]}</th>
                <td>{s.games}</td>
                <td>{s.wins}</td>
                <td>{s.meanPlace.toFixed(2)}</td>
                <td>{s.rating ? s.rating.ordinal.toFixed(1) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
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
