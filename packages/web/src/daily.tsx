/**
 * Dagens giv (the daily deal): today's deal of each game, the same for
 * everyone, played online against the same computer players; the day's
 * results, the player's own history with its reviews, and yesterday's best
 * game to replay once its day is over.
 */
import { useEffect, useState } from 'preact/hooks';
import type { GameName } from '@olsen/engine';
import type { DailyList, DailyRow } from '@olsen/protocol';
import { useClient } from './client.js';
import { sayError, type Prefs } from './say.js';

const locale = (lang: string): string => (lang === 'en' ? 'en-GB' : lang === 'nb' ? 'nb-NO' : lang);
/** "lørdag 5. desember" for a YYYY-MM-DD day. */
const longDate = (date: string, lang: string): string => new Date(`${date}T12:00:00Z`).toLocaleDateString(locale(lang), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** The day before a YYYY-MM-DD day. */
const dayBefore = (date: string): string => new Date(Date.parse(`${date}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

export function Daily({ prefs }: { prefs: Prefs }) {
  const { t, lang } = prefs;
  const { getJson, getJsonAsGuest, guestToken, savedName } = useClient();
  const authed = async (): Promise<RequestInit> => ({ headers: { authorization: `Bearer ${await guestToken()}` } });
  const [info, setInfo] = useState<{ date: string; games: GameName[] } | null>(null);
  const [today, setToday] = useState<Partial<Record<GameName, DailyList>>>({});
  const [yesterday, setYesterday] = useState<Partial<Record<GameName, DailyList>>>({});
  const [history, setHistory] = useState<DailyRow[] | null>(null);
  const [name, setName] = useState(savedName());
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void (async () => {
      const i = await getJson<{ date: string; games: GameName[] }>('/api/daily');
      if (!i) return setError(t.dailyOffline);
      setInfo(i);
      const init = savedName() ? await authed() : undefined;
      const lists = await Promise.all(i.games.map((g) => getJson<DailyList>(`/api/daily/${g}`, init)));
      const before = await Promise.all(i.games.map((g) => getJson<DailyList>(`/api/daily/${g}?date=${dayBefore(i.date)}`)));
      setToday(Object.fromEntries(i.games.map((g, k) => [g, lists[k] ?? undefined])));
      setYesterday(Object.fromEntries(i.games.map((g, k) => [g, before[k] ?? undefined])));
      if (init) setHistory((await getJson<{ games: DailyRow[] }>('/api/daily/history', init))?.games ?? []);
    })();
  }, []);

  const play = async (game: GameName): Promise<void> => {
    if (!name.trim()) return setError(t.dailyNameFirst);
    try {
      await guestToken(name.trim());
      const r = await getJsonAsGuest<{ ok: true; code: string } | { ok: false; error: { code: string; message: string } }>(`/api/daily/${game}`, { method: 'POST' });
      if (!r) setError(t.dailyOffline);
      else if (r.ok) location.hash = `#/t/${r.code}`;
      // The server's refusal by its code, in the page's language (over_limit, rate_limited …).
      else setError(sayError(r as never, t, lang));
    } catch {
      setError(t.dailyOffline);
    }
  };

  const mine = (game: GameName): DailyRow | undefined => history?.find((h) => h.game === game && h.date === info?.date);
  return (
    <section class="daily">
      <h1>{t.dailyTitle}</h1>
      {info && <p class="muted date">{longDate(info.date, lang)}</p>}
      <p>{t.dailyIntro}</p>
      {error && <p role="alert" class="refusal">{error}</p>}
      {info && !savedName() && (
        <label class="name">
          {t.yourName}
          <input value={name} maxLength={24} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
      )}
      {info?.games.map((game) => {
        const own = mine(game);
        const list = today[game];
        const best = yesterday[game]?.rows[0];
        return (
          <article key={game} class="daily-game">
            <h2>{t.games[game]}</h2>
            <div class="actions">
              {own?.finished ? (
                <>
                  <span>{t.dailyDone(own.place ?? 0, own.points, own.moves ?? 0)}</span>
                  {own.gameId && (
                    <a class="button secondary" href={`#/analyse/daily/${own.gameId}`}>
                      {t.analyse}
                    </a>
                  )}
                </>
              ) : (
                <button type="button" class="primary" onClick={() => void play(game)}>
                  {own ? t.dailyGoOn : t.dailyPlay}
                </button>
              )}
            </div>
            {list && list.rows.length > 0 ? (
              <table class="daily-list">
                <caption>{t.dailyToday(list.rows.length)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.players}</th>
                    <th scope="col">{t.dailyPlace}</th>
                    {list.rows.some((r) => r.points !== null) && <th scope="col">{t.points}</th>}
                    <th scope="col">{t.dailyMoves}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.rows.slice(0, 10).map((r, i) => (
                    <tr key={i} class={r.gameId && r.gameId === own?.gameId ? 'me' : ''}>
                      <th scope="row">{r.name}</th>
                      <td>{r.place ?? '–'}</td>
                      {list.rows.some((x) => x.points !== null) && <td>{r.points ?? '–'}</td>}
                      <td>{r.moves ?? '–'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              list && <p class="muted">{t.dailyNobody}</p>
            )}
            {best?.gameId && (
              <p>
                {t.dailyYesterdayBest(best.name)}{' '}
                <a href={`#/replay/${best.gameId}`}>{t.replay}</a>
              </p>
            )}
          </article>
        );
      })}
      {history && history.length > 0 && (
        <>
          <h2>{t.dailyHistory}</h2>
          <table class="daily-list history">
            <thead>
              <tr>
                <th scope="col">{t.dailyDate}</th>
                <th scope="col">{t.game}</th>
                <th scope="col">{t.dailyPlace}</th>
                {history.some((h) => h.points !== null) && <th scope="col">{t.points}</th>}
                <th scope="col">{t.dailyMoves}</th>
                <th scope="col">
                  <span class="sr-only">{t.analyse}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <tr key={`${h.date}-${h.game}`}>
                  <td>{new Date(`${h.date}T12:00:00Z`).toLocaleDateString(locale(lang), { day: 'numeric', month: 'numeric' })}</td>
                  <th scope="row">{t.games[h.game]}</th>
                  <td>{h.place ?? '–'}</td>
                  {history.some((x) => x.points !== null) && <td>{h.points ?? '–'}</td>}
                  <td>{h.moves ?? '–'}</td>
                  <td>{h.gameId && <a href={`#/analyse/daily/${h.gameId}`}>{t.analyse}</a>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
