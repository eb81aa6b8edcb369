/**
 * The Olsen web app: routes (in the URL's hash, so any static host and the
 * offline cache serve them), settings, and the pages around the table.
 */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { RULE_OPTIONS } from '@olsen/engine';
import type { BotLevel, TableSummary, TableUpdate } from '@olsen/protocol';
import { HOUSE_RULE_TEXT } from './house-rules.js';
import { TEXTS, type Lang } from './i18n.js';
import { RulesPage } from './rules-page.js';
import { ask, createTable, guestToken, onConnection, openOnline, playerId, request, savedName, startOffline, type Session } from './session.js';
import { Table, type Prefs } from './table.js';
import { CardFace } from './cards.js';
import type { ReplayStep } from './worker-protocol.js';
import './styles.css';

type GameId = 'olsen' | 'vri-atter' | 'vri-atter-002' | 'olsen-dk';
const GAMES: readonly GameId[] = ['olsen', 'vri-atter', 'vri-atter-002', 'olsen-dk'];
const LEVELS: readonly BotLevel[] = ['easy', 'medium', 'hard', 'expert', 'greedy', 'random'];
const PLAYERS: Record<GameId, [number, number]> = { olsen: [2, 4], 'vri-atter': [2, 6], 'vri-atter-002': [2, 6], 'olsen-dk': [3, 5] };
const HEARTS_OPTIONS: Record<string, { values?: readonly unknown[]; range?: readonly [number, number] }> = {
  pass: { values: ['none', 'left', 'rotating'] },
  penaltyOnFirstTrick: { values: [false, true] },
  jackOfDiamonds: { values: [false, true] },
  pointLimit: { range: [10, 1000] },
};

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
  const [lang, setLang] = useState<Lang>(stored('olsen.lang', 'nb'));
  const [four, setFour] = useState(localStorage.getItem('olsen.four') === 'yes');
  const [sort, setSort] = useState<'suit' | 'rank'>(stored('olsen.sort', 'suit'));
  const t = TEXTS[lang];
  useEffect(() => {
    document.documentElement.lang = lang;
    localStorage.setItem('olsen.lang', lang);
  }, [lang]);
  useEffect(() => {
    document.body.classList.toggle('four-colour', four);
    localStorage.setItem('olsen.four', four ? 'yes' : 'no');
  }, [four]);
  useEffect(() => localStorage.setItem('olsen.sort', sort), [sort]);
  const prefs: Prefs = { lang, t, sort };

  let page;
  if (route.startsWith('/t/')) page = <OnlineTable code={route.slice(3).toUpperCase()} prefs={prefs} />;
  else if (route === '/play') page = <OfflineSetup prefs={prefs} />;
  else if (route === '/new') page = <CreateOnline prefs={prefs} />;
  else if (route === '/rules') page = <RulesPage lang={lang} />;
  else if (route === '/stats') page = <Stats prefs={prefs} />;
  else if (route.startsWith('/replay')) page = <Replay id={route.slice('/replay/'.length) || null} prefs={prefs} />;
  else page = <Home prefs={prefs} />;

  return (
    <>
      <a class="skip" href="#main">
        {lang === 'nb' ? 'Hopp til innholdet' : 'Skip to content'}
      </a>
      <nav class="top" aria-label={lang === 'nb' ? 'Hovedmeny' : 'Main menu'}>
        <a href="#/" class="brand">
          Olsen
        </a>
        <a href="#/play">{t.playComputer}</a>
        <a href="#/new">{t.playFriends}</a>
        <a href="#/rules">{t.rules}</a>
        <a href="#/stats">{t.stats}</a>
        <details class="settings">
          <summary>{t.settings}</summary>
          <label>
            {t.language}{' '}
            <select value={lang} onChange={(e) => setLang((e.target as HTMLSelectElement).value as Lang)}>
              <option value="nb">Norsk (bokmål)</option>
              <option value="en">English</option>
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
      </div>
      <form
        class="join"
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim()) location.hash = `#/t/${code.trim().toUpperCase()}`;
        }}
      >
        <label>
          {t.joinByCode}
          <input value={code} maxLength={6} autoComplete="off" onInput={(e) => setCode((e.target as HTMLInputElement).value)} aria-label={t.code} />
        </label>
        <button type="submit" class="secondary">
          {t.join}
        </button>
      </form>
      <Lobby prefs={prefs} />
    </div>
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
                {t.games[x.game]} · {x.seats.map((s) => s.name ?? '—').join(', ')} · {x.openSeats} ✋
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The house rules of a game as form fields, from the engine's option table. */
function HouseRules({ game, rules, setRules, prefs }: { game: GameId; rules: Record<string, unknown>; setRules: (r: Record<string, unknown>) => void; prefs: Prefs }) {
  const { t, lang } = prefs;
  const options: Record<string, { values?: readonly unknown[]; range?: readonly [number, number] }> = game === 'olsen-dk' ? HEARTS_OPTIONS : RULE_OPTIONS;
  const skip = new Set(['decks', 'twoPlayerHandSize']);
  return (
    <fieldset class="house-rules">
      <legend>{t.houseRules}</legend>
      {Object.entries(options)
        .filter(([k]) => !skip.has(k))
        .map(([k, spec]) => {
          const id = `rule-${k}`;
          const text = HOUSE_RULE_TEXT[k]?.[lang] ?? k;
          const set = (value: unknown): void => {
            const next = { ...rules };
            if (value === '') delete next[k];
            else next[k] = value;
            setRules(next);
          };
          return (
            <div class="rule" key={k}>
              <label for={id}>{text}</label>
              {spec.values ? (
                <select id={id} value={k in rules ? JSON.stringify(rules[k]) : ''} onChange={(e) => { const raw = (e.target as HTMLSelectElement).value; set(raw === '' ? '' : JSON.parse(raw)); }}>
                  <option value="">{lang === 'nb' ? 'som spillet' : 'game default'}</option>
                  {spec.values.map((v) => (
                    <option key={String(v)} value={JSON.stringify(v)}>
                      {v === true ? (lang === 'nb' ? 'ja' : 'yes') : v === false ? (lang === 'nb' ? 'nei' : 'no') : String(v)}
                    </option>
                  ))}
                </select>
              ) : (
                <input id={id} type="number" min={spec.range![0]} max={spec.range![1]} value={(rules[k] as number | undefined) ?? ''} onInput={(e) => { const raw = (e.target as HTMLInputElement).value; set(raw === '' ? '' : Number(raw)); }} />
              )}
            </div>
          );
        })}
    </fieldset>
  );
}

function OfflineSetup({ prefs }: { prefs: Prefs }) {
  const { t } = prefs;
  const [game, setGame] = useState<GameId>('olsen');
  const [players, setPlayers] = useState(3);
  const [level, setLevel] = useState<BotLevel>('medium');
  const [rules, setRules] = useState<Record<string, unknown>>({});
  const [session, setSession] = useState<Session | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lo, hi] = PLAYERS[game];
  const fast = new URLSearchParams(location.search).get('speed') === 'fast';
  if (session) return <Table session={session} prefs={prefs} onLeave={() => { session.close(); setSession(null); }} />;
  return (
    <form
      class="setup"
      onSubmit={async (e) => {
        e.preventDefault();
        const s = await startOffline({ game, rules, players: Math.min(hi, Math.max(lo, players)), level, name: savedName() || t.you, botDelayMs: fast ? 20 : 700 });
        if (typeof s === 'string') setError(s);
        else setSession(s);
      }}
    >
      <h1>{t.playComputer}</h1>
      <GameFields game={game} setGame={(g) => { setGame(g); setRules({}); setPlayers(Math.min(PLAYERS[g][1], Math.max(PLAYERS[g][0], players))); }} prefs={prefs} />
      <label>
        {t.players}
        <input type="number" min={lo} max={hi} value={players} onInput={(e) => setPlayers(Number((e.target as HTMLInputElement).value))} />
      </label>
      <label>
        {t.level}
        <select value={level} onChange={(e) => setLevel((e.target as HTMLSelectElement).value as BotLevel)}>
          {LEVELS.map((l) => (
            <option key={l} value={l}>
              {t.levels[l]}
            </option>
          ))}
        </select>
      </label>
      <HouseRules game={game} rules={rules} setRules={setRules} prefs={prefs} />
      {error && <p role="alert" class="refusal">{error}</p>}
      <button type="submit" class="primary">
        {t.start}
      </button>
    </form>
  );
}

function GameFields({ game, setGame, prefs }: { game: GameId; setGame: (g: GameId) => void; prefs: Prefs }) {
  const { t } = prefs;
  return (
    <label>
      {t.game}
      <select value={game} onChange={(e) => setGame((e.target as HTMLSelectElement).value as GameId)}>
        {GAMES.map((g) => (
          <option key={g} value={g}>
            {t.games[g]}
          </option>
        ))}
      </select>
    </label>
  );
}

function CreateOnline({ prefs }: { prefs: Prefs }) {
  const { t } = prefs;
  const [game, setGame] = useState<GameId>('olsen');
  const [name, setName] = useState(savedName());
  const [seats, setSeats] = useState<('open' | BotLevel)[]>(['open', 'medium', 'medium']);
  const [rules, setRules] = useState<Record<string, unknown>>({});
  const [listed, setListed] = useState(false);
  const [timer, setTimer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [lo, hi] = PLAYERS[game];
  const count = seats.length + 1;
  return (
    <form
      class="setup"
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          await guestToken(name || t.you);
        } catch {
          setError(t.errorTitle);
          return;
        }
        const r = await createTable({
          game,
          rules: rules as Record<string, string | number | boolean | null>,
          seats: seats.map((s) => (s === 'open' ? { kind: 'open' } : { kind: 'bot', level: s })),
          listed,
          turnSeconds: timer ? Number(timer) : null,
          fillLevel: 'medium',
        });
        if (r.ok) location.hash = `#/t/${r.code}`;
        else setError(r.error.message);
      }}
    >
      <h1>{t.playFriends}</h1>
      <label>
        {t.yourName}
        <input value={name} required maxLength={24} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </label>
      <GameFields game={game} setGame={(g) => { setGame(g); setRules({}); const n = Math.min(PLAYERS[g][1], Math.max(PLAYERS[g][0], count)); setSeats(Array.from({ length: n - 1 }, (_, i) => seats[i] ?? 'medium')); }} prefs={prefs} />
      <fieldset>
        <legend>{t.seats}</legend>
        {seats.map((s, i) => (
          <label key={i}>
            {`${t.seats} ${i + 2}`}
            <select value={s} onChange={(e) => setSeats(seats.map((x, j) => (j === i ? ((e.target as HTMLSelectElement).value as 'open' | BotLevel) : x)))}>
              <option value="open">{t.seatOpen}</option>
              {LEVELS.map((l) => (
                <option key={l} value={l}>
                  {t.seatBot}: {t.levels[l]}
                </option>
              ))}
            </select>
          </label>
        ))}
        <div class="actions">
          <button type="button" class="secondary" disabled={count >= hi} onClick={() => setSeats([...seats, 'medium'])}>
            + {t.seats}
          </button>
          <button type="button" class="secondary" disabled={count <= lo} onClick={() => setSeats(seats.slice(0, -1))}>
            − {t.seats}
          </button>
        </div>
      </fieldset>
      <label>
        <input type="checkbox" checked={listed} onChange={(e) => setListed((e.target as HTMLInputElement).checked)} /> {t.listed}
      </label>
      <label>
        {t.turnTimer}
        <input type="number" min={5} max={600} value={timer} onInput={(e) => setTimer((e.target as HTMLInputElement).value)} />
      </label>
      <HouseRules game={game} rules={rules} setRules={setRules} prefs={prefs} />
      {error && <p role="alert" class="refusal">{error}</p>}
      <button type="submit" class="primary">
        {t.create}
      </button>
    </form>
  );
}

function OnlineTable({ code, prefs }: { code: string; prefs: Prefs }) {
  const { t } = prefs;
  const [session, setSession] = useState<Session | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [u, setU] = useState<TableUpdate | null>(null);
  const [name, setName] = useState(savedName());
  const [connected, setConnected] = useState(true);
  const [copied, setCopied] = useState(false);
  useEffect(() => onConnection(setConnected), []);
  const open = async (as: 'join' | 'watch'): Promise<void> => {
    if (as === 'join') await guestToken(name || t.you);
    const s = await openOnline(code, as);
    if (typeof s === 'string') setError(s);
    else setSession(s);
  };
  // A returning player (same token) is seated again at once.
  useEffect(() => {
    if (localStorage.getItem('olsen.token')) void open('join').catch(() => setError(t.errorTitle));
  }, [code]);
  useEffect(() => (session ? session.subscribe(setU) : undefined), [session]);
  const link = `${location.origin}/#/t/${code}`;
  if (!session)
    return (
      <div class="setup">
        <h1>
          {t.code}: {code}
        </h1>
        {error && <p role="alert" class="refusal">{error}</p>}
        <label>
          {t.yourName}
          <input value={name} maxLength={24} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <div class="actions">
          <button type="button" class="primary" onClick={() => void open('join')}>
            {t.join}
          </button>
          <button type="button" class="secondary" onClick={() => void open('watch')}>
            {t.watch}
          </button>
        </div>
      </div>
    );
  const waiting = u?.status === 'waiting';
  return (
    <>
      {!connected && <p class="banner" role="status">{t.reconnecting}</p>}
      {waiting && u && (
        <section class="waiting" aria-label={t.waitingFor}>
          <h1>{t.games[u.game]}</h1>
          <p>{t.shareLink}</p>
          <p class="share">
            <code>{link}</code>{' '}
            <button type="button" class="secondary" onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}>
              {copied ? t.copied : t.copy}
            </button>
          </p>
          <p>
            {t.code}: <strong class="code">{code}</strong>
          </p>
          <ol class="seats">
            {u.seats.map((s, i) => (
              <li key={i}>
                {s.kind === 'open' ? t.seatOpen : s.kind === 'bot' ? `${s.name} (${t.levels[s.level!]})` : s.name}
                {i === u.you && ` (${t.you})`}
              </li>
            ))}
          </ol>
          {u.you === u.host ? (
            <button type="button" class="primary" onClick={async () => { const r = await request({ type: 'start', code }); if (!r.ok) setError(r.error.message); }}>
              {t.startGame}
            </button>
          ) : (
            <p class="muted">{t.hostStarts}</p>
          )}
          {error && <p role="alert" class="refusal">{error}</p>}
        </section>
      )}
      {!waiting && <Table session={session} prefs={prefs} onLeave={() => (location.hash = '#/')} />}
    </>
  );
}

function Stats({ prefs }: { prefs: Prefs }) {
  const { t } = prefs;
  const [stats, setStats] = useState<{ game: GameId; games: number; wins: number; meanPlace: number; rating: { ordinal: number } | null }[] | null>(null);
  useEffect(() => {
    const id = playerId();
    if (!id) return setStats([]);
    fetch(`/api/players/${id}/stats`)
      .then((r) => r.json() as Promise<{ stats: typeof stats }>)
      .then((b) => setStats(b.stats ?? []))
      .catch(() => setStats([]));
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

function Replay({ id, prefs }: { id: string | null; prefs: Prefs }) {
  const { t, lang } = prefs;
  const [steps, setSteps] = useState<ReplayStep[] | null>(null);
  const [i, setI] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const load = async (record: unknown): Promise<void> => {
    const r = await ask({ t: 'replay', record });
    if (r.ok && r.steps) {
      setSteps(r.steps);
      setI(0);
    } else if (!r.ok) setError(r.error.message);
  };
  useEffect(() => {
    if (id) void fetch(`/api/games/${id}/record`).then((r) => r.json()).then(load).catch(() => setError(t.errorTitle));
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
          <ul class="replay-hands">
            {step.view.players.map((p, s) => (
              <li key={s} class={step.view.toMove === s ? 'active' : ''}>
                <strong>{p}</strong>
                <span class="mini-hand">
                  {step.hands[s].map((c) => (
                    <span key={c} role="img" aria-label={c}>
                      <CardFace card={c} small />
                    </span>
                  ))}
                </span>
              </li>
            ))}
          </ul>
          <p>
            {'top' in step.view ? `${t.top}: ${step.view.top}` : `${t.trick}: ${step.view.trick.cards.join(' ')}`} · {lang === 'nb' ? 'Siste trekk' : 'Last move'}: {JSON.stringify(step.view.log.at(-1) ?? '–')}
          </p>
        </>
      )}
    </section>
  );
}

render(<App />, document.getElementById('app')!);
