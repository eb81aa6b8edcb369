/**
 * The Olsen web app: routes (in the URL's hash, so any static host and the
 * offline cache serve them), settings, and the home page; the other pages
 * are in setup.tsx, online-table.tsx and pages.tsx.
 */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { TableSummary } from '@olsen/protocol';
import { LANGS, LANG_NAMES, TEXTS, browserLang, type Lang } from './i18n.js';
import { Analyse } from './analyse.js';
import { Daily } from './daily.js';
import { OnlineTable } from './online-table.js';
import { Replay, Stats } from './pages.js';
import { RulesPage } from './rules-page.js';
import { CreateOnline, OfflineSetup } from './setup.js';
import type { Prefs } from './table.js';
import './styles.css';

const stored = <T extends string>(key: string, fallback: T): T => (localStorage.getItem(key) as T | null) ?? fallback;

function useRoute(): string {
  const [hash, setHash] = useState(location.hash || '#/');
  useEffect(() => {
    const on = (): void => setHash(location.hash || '#/');
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return hash.slice(1);
}

function App() {
  const route = useRoute();
  // A language chosen before wins; else the browser's first one the app speaks; else Norwegian.
  const [lang, setLang] = useState<Lang>(() => { const l = localStorage.getItem('olsen.lang'); return l && (LANGS as readonly string[]).includes(l) ? (l as Lang) : browserLang(navigator.languages); });
  const [four, setFour] = useState(localStorage.getItem('olsen.four') === 'yes');
  const [sort, setSort] = useState<'suit' | 'rank'>(stored('olsen.sort', 'suit'));
  const t = TEXTS[lang];
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  // Only a language the person picks is kept: until then the browser's language decides, visit by visit.
  const pickLang = (l: Lang): void => {
    localStorage.setItem('olsen.lang', l);
    setLang(l);
  };
  useEffect(() => {
    document.body.classList.toggle('four-colour', four);
    localStorage.setItem('olsen.four', four ? 'yes' : 'no');
  }, [four]);
  useEffect(() => localStorage.setItem('olsen.sort', sort), [sort]);
  const prefs: Prefs = { lang, t, sort };

  let page;
  // A new table link is a new page: nothing of the last table (its session, its errors) carries over.
  if (route.startsWith('/t/')) page = <OnlineTable key={route} code={route.slice(3).toUpperCase()} prefs={prefs} />;
  else if (route === '/play') page = <OfflineSetup prefs={prefs} />;
  else if (route === '/new') page = <CreateOnline prefs={prefs} />;
  else if (route === '/rules') page = <RulesPage lang={lang} />;
  else if (route === '/stats') page = <Stats prefs={prefs} />;
  else if (route === '/daily') page = <Daily prefs={prefs} />;
  else if (route === '/analyse' || route.startsWith('/analyse/')) page = <Analyse key={route} path={route.slice('/analyse'.length)} prefs={prefs} />;
  else if (route.startsWith('/replay')) page = <Replay id={route.slice('/replay/'.length) || null} prefs={prefs} />;
  else page = <Home prefs={prefs} />;

  return (
    <>
      <a class="skip" href="#main">
        {t.skipToContent}
      </a>
      <nav class="top" aria-label={t.mainMenu}>
        <a href="#/" class="brand">
          Olsen
        </a>
        <a href="#/play" title={t.playComputer}>{t.navPlay}</a>
        <a href="#/new" title={t.playFriends}>{t.navFriends}</a>
        <a href="#/daily">{t.daily}</a>
        <a href="#/rules">{t.rules}</a>
        <a href="#/stats">{t.stats}</a>
        <details class="settings">
          <summary>{t.settings}</summary>
          <label>
            {t.language}{' '}
            <select value={lang} onChange={(e) => pickLang((e.target as HTMLSelectElement).value as Lang)}>
              {LANGS.map((l) => (
                <option key={l} value={l}>
                  {LANG_NAMES[l]}
                </option>
              ))}
            </select>
          </label>
          <label>
            <input type="checkbox" checked={four} onChange={(e) => setFour((e.target as HTMLInputElement).checked)} /> {t.fourColour}
          </label>
          <label>
            {t.sortBy}{' '}
            <select value={sort} onChange={(e) => setSort((e.target as HTMLSelectElement).value as 'suit' | 'rank')}>
              <option value="suit">{t.bySuit}</option>
              <option value="rank">{t.byRank}</option>
            </select>
          </label>
        </details>
      </nav>
      <main id="main">{page}</main>
    </>
  );
}

function Home({ prefs }: { prefs: Prefs }) {
  const { t } = prefs;
  const [code, setCode] = useState('');
  return (
    <div class="home">
      <h1>{t.appName}</h1>
      <p>{t.tagline}</p>
      <div class="cta">
        <a class="button primary" href="#/play">
          {t.playComputer}
        </a>
        <a class="button primary" href="#/new">
          {t.playFriends}
        </a>
        <a class="button secondary" href="#/daily">
          {t.dailyPlay}
        </a>
      </div>
      <form
        class="join"
        onSubmit={(e) => {
          e.preventDefault();
          // Codes are read aloud and typed from a phone: spaces and dashes do not count.
          const typed = code.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
          if (typed) location.hash = `#/t/${typed}`;
        }}
      >
        <label>
          {t.joinByCode}
          <input value={code} maxLength={14} autoComplete="off" onInput={(e) => setCode((e.target as HTMLInputElement).value)} aria-label={t.code} />
        </label>
        <button type="submit" class="secondary">
          {t.join}
        </button>
      </form>
      <MyTables prefs={prefs} />
      <Lobby prefs={prefs} />
    </div>
  );
}

/** "Dine spill": the tables this guest sits at, waiting or running, with the way back. */
function MyTables({ prefs }: { prefs: Prefs }) {
  const { t } = prefs;
  const [tables, setTables] = useState<{ code: string; game: keyof typeof t.games; status: string; seats: { name: string | null }[] }[]>([]);
  useEffect(() => {
    const token = localStorage.getItem('olsen.token');
    if (!token) return;
    void fetch('/api/my-tables', { headers: { authorization: `Bearer ${token}` } })
      .then((r) => r.json())
      .then((b: { ok: boolean; tables?: typeof tables }) => b.ok && setTables(b.tables ?? []))
      .catch(() => undefined);
  }, []);
  if (tables.length === 0) return null;
  return (
    <section class="my-tables" aria-label={t.myTables}>
      <h2>{t.myTables}</h2>
      <ul>
        {tables.map((x) => (
          <li key={x.code}>
            <a href={`#/t/${x.code}`}>
              {t.games[x.game]} · {x.seats.map((s) => s.name).filter(Boolean).join(', ')} · {x.status === 'waiting' ? t.waitingFor : t.playing}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Lobby({ prefs }: { prefs: Prefs }) {
  const { t } = prefs;
  const [tables, setTables] = useState<TableSummary[] | null>(null);
  useEffect(() => {
    fetch('/api/lobby')
      .then((r) => r.json() as Promise<{ tables: TableSummary[] }>)
      .then((b) => setTables(b.tables))
      .catch(() => setTables(null));
  }, []);
  if (tables === null) return null;
  return (
    <section aria-label={t.lobby}>
      <h2>{t.lobby}</h2>
      {tables.length === 0 ? (
        <p class="muted">{t.noTables}</p>
      ) : (
        <ul class="lobby">
          {tables.map((x) => (
            <li key={x.code}>
              <a href={`#/t/${x.code}`}>
                {t.games[x.game]} {t.withPlayers(x.seats.flatMap((s) => (s.name ? [s.name] : [])).join(', '))} · {t.openSeats(x.openSeats)}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The house rules of a game as form fields, from the engine's option table. */

render(<App />, document.getElementById('app')!);
