/**
 * The Olsen web app: routes (in the URL's hash, so any static host and the
 * offline cache serve them), settings, and the home page; the other pages
 * are in setup.tsx, online-table.tsx and pages.tsx.
 */
import { render } from 'preact';
import { Lazy } from './lazy.js';
import { useEffect, useState } from 'preact/hooks';
import type { TableSummary } from '@olsen/protocol';
import { LANGS, LANG_NAMES, browserLang, textsFor, type Lang, type Texts } from './i18n.js';
import type { Prefs } from './table.js';
import { ClientContext, browserClient, useClient } from './client.js';
import './styles.css';

/** The page's one client: HTTP, the server's connection, the game worker and what the browser keeps. */
const client = browserClient();

// Every page but the home page is its own chunk, fetched when its route is opened (the first page stays small).
const SETUP = () => import('./setup.js');
const ONLINE = () => import('./online-table.js');
const RULES = () => import('./rules-page.js');
const PAGES = () => import('./pages.js');
const DAILY = () => import('./daily.js');
const ANALYSE = () => import('./analyse.js');
const PROFILE = () => import('./profile.js');
const LEARN = () => import('./learn.js');

/**
 * The route, and which visit of it this is: every navigation counts, so a page left and opened again is a new page
 * even when the browser delivers both hash changes before the next render (it was the old page, its game and all).
 */
function useRoute(): { route: string; visit: number } {
  const [at, setAt] = useState({ hash: location.hash || '#/', visit: 0 });
  useEffect(() => {
    const on = (): void => setAt((x) => ({ hash: location.hash || '#/', visit: x.visit + 1 }));
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return { route: at.hash.slice(1), visit: at.visit };
}

/** A language chosen before wins; else the browser's first one the app speaks; else Norwegian. */
function firstLang(): Lang {
  const l = client.pref('lang');
  return l && (LANGS as readonly string[]).includes(l) ? (l as Lang) : browserLang(navigator.languages);
}

function App({ first }: { first: Lang }) {
  const { route, visit } = useRoute();
  const key = `${route}#${visit}`;
  const [lang, setLang] = useState<Lang>(first);
  const [four, setFour] = useState(client.pref('four') === 'yes');
  const [sort, setSort] = useState<'suit' | 'rank'>(client.pref('sort') === 'rank' ? 'rank' : 'suit');
  // The language's words were loaded before it was chosen (textsFor answers at once for a loaded one).
  const t = textsFor(lang) as Texts;
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  // Only a language the person picks is kept: until then the browser's language decides, visit by visit.
  const pickLang = (l: Lang): void => {
    client.setPref('lang', l);
    void Promise.resolve(textsFor(l)).then(() => setLang(l));
  };
  useEffect(() => {
    document.body.classList.toggle('four-colour', four);
    client.setPref('four', four ? 'yes' : 'no');
  }, [four]);
  useEffect(() => client.setPref('sort', sort), [sort]);
  const prefs: Prefs = { lang, t, sort };

  let page;
  // A new table link is a new page: nothing of the last table (its session, its errors) carries over.
  if (route.startsWith('/t/')) page = <Lazy key={key} load={ONLINE} view={(m) => <m.OnlineTable code={route.slice(3).toUpperCase()} prefs={prefs} />} />;
  else if (route === '/learn' || route.startsWith('/learn/')) page = <Lazy key={key} load={LEARN} view={(m) => <m.Learn game={route.slice('/learn/'.length) || null} prefs={prefs} />} />;
  else if (route === '/play') page = <Lazy key={key} load={SETUP} view={(m) => <m.OfflineSetup prefs={prefs} />} />;
  else if (route === '/new') page = <Lazy key={key} load={SETUP} view={(m) => <m.CreateOnline prefs={prefs} />} />;
  else if (route === '/rules') page = <Lazy key={key} load={RULES} view={(m) => <m.RulesPage prefs={prefs} />} />;
  else if (route === '/stats') page = <Lazy key={key} load={PAGES} view={(m) => <m.Stats prefs={prefs} />} />;
  else if (route === '/daily') page = <Lazy key={key} load={DAILY} view={(m) => <m.Daily prefs={prefs} />} />;
  else if (route === '/analyse' || route.startsWith('/analyse/')) page = <Lazy key={key} load={ANALYSE} view={(m) => <m.Analyse path={route.slice('/analyse'.length)} prefs={prefs} />} />;
  else if (route === '/profile' || route.startsWith('/profile/')) page = <Lazy key={key} load={PROFILE} view={(m) => <m.Profile code={route.slice('/profile/'.length) || null} prefs={prefs} />} />;
  else if (route.startsWith('/replay')) page = <Lazy key={key} load={PAGES} view={(m) => <m.Replay id={route.slice('/replay/'.length) || null} prefs={prefs} />} />;
  else page = <Home prefs={prefs} />;

  return (
    <ClientContext.Provider value={client}>
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
        <a href="#/profile">{t.profile}</a>
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
    </ClientContext.Provider>
  );
}

function Home({ prefs }: { prefs: Prefs }) {
  const { t } = prefs;
  const [code, setCode] = useState('');
  return (
    <div class="home">
      <h1>{t.appName}</h1>
      <p>{t.tagline}</p>
      <p class="muted">{t.homeGames}</p>
      <div class="cta">
        <a class="button secondary" href="#/learn">
          🎓 {t.learn}
        </a>
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
  const { getJsonAsGuest, hasToken } = useClient();
  const [tables, setTables] = useState<{ code: string; game: keyof typeof t.games; status: string; seats: { name: string | null }[]; yourTurn?: boolean; turnBased?: boolean; deadline?: number | null }[]>([]);
  useEffect(() => {
    if (!hasToken()) return;
    void getJsonAsGuest<{ ok: boolean; tables?: typeof tables }>('/api/my-tables').then((b) => {
      if (!b?.ok) return;
      const list = b.tables ?? [];
      setTables(list);
      // The app's badge (where the browser has one) counts the games over days waiting for this person's move,
      // as the pushes set it while the app is closed.
      const waiting = list.filter((x) => x.turnBased && x.yourTurn).length;
      const nav = navigator as Navigator & { setAppBadge?: (n: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
      void (waiting > 0 ? nav.setAppBadge?.(waiting) : nav.clearAppBadge?.())?.catch(() => undefined);
    });
  }, []);
  if (tables.length === 0) return null;
  return (
    <section class="my-tables" aria-label={t.myTables}>
      <h2>{t.myTables}</h2>
      <ul>
        {tables.map((x) => (
          <li key={x.code}>
            <a href={`#/t/${x.code}`}>
              {t.games[x.game]} · {x.seats.map((s) => s.name).filter(Boolean).join(', ')} · {x.status === 'waiting' ? t.waitingFor : x.yourTurn ? t.yourTurn : t.playing}
              {x.yourTurn && x.turnBased && x.deadline ? ` · ${t.timeLeft(Math.max(0, x.deadline - Date.now()))}` : ''}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Lobby({ prefs }: { prefs: Prefs }) {
  const { t } = prefs;
  const { getJson } = useClient();
  const [tables, setTables] = useState<TableSummary[] | null>(null);
  useEffect(() => {
    void getJson<{ tables: TableSummary[] }>('/api/lobby').then((b) => setTables(b?.tables ?? null));
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

// The first language's words before the first paint (Norwegian is in the page; another is one small chunk).
const first = firstLang();
void Promise.resolve(textsFor(first)).then(() => render(<App first={first} />, document.getElementById('app')!));
// The game worker (the engine and the bots) is fetched while the first page paints, so a game starts at once: at
// once on the setup page (its chunk asked for first), else when the page is idle.
if (location.hash.startsWith('#/play')) {
  client.warmUp();
  void SETUP();
  // The table's code too: the game is a click away.
  void import('./table.js');
} else if ('requestIdleCallback' in window) requestIdleCallback(client.warmUp, { timeout: 500 });
else setTimeout(client.warmUp, 200);
