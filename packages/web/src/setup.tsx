/** The forms that start a game: offline against the computer, or an online table for friends. */
import { useState } from 'preact/hooks';
import { GAME_NAMES, gameInfo, rulesNeededFor, type GameName } from '@olsen/engine';
import type { BotLevel } from '@olsen/protocol';
import { HOUSE_RULE_TEXT } from './house-rules.js';
import { createTable, guestToken, savedName, startOffline, type Session } from './session.js';
import { Table, type Prefs } from './table.js';

export type GameId = GameName;
export const GAMES: readonly GameId[] = GAME_NAMES;
export const LEVELS: readonly BotLevel[] = ['easy', 'medium', 'hard', 'expert', 'greedy', 'random'];
/** The player counts a game allows (the engine's table: Olsen at five or six with two decks). */
export const playersOf = (g: GameId): readonly [number, number] => gameInfo(g).players;

function HouseRules({ game, players, rules, setRules, prefs }: { game: GameId; players: number; rules: Record<string, unknown>; setRules: (r: Record<string, unknown>) => void; prefs: Prefs }) {
  const needed = rulesNeededFor(game, players);
  const { t, lang } = prefs;
  const { options } = gameInfo(game, players);
  return (
    <fieldset class="house-rules">
      <legend>{t.houseRules}</legend>
      {options
        .filter((o) => !(o.name in needed))
        .map((spec) => {
          const k = spec.name;
          const id = `rule-${k}`;
          const text = HOUSE_RULE_TEXT[k]?.[lang] ?? k;
          const valueLabel = (v: unknown): string => (v === true ? (lang === 'nb' ? 'ja' : 'yes') : v === false ? (lang === 'nb' ? 'nei' : 'no') : v === null ? '–' : String(v));
          const set = (value: unknown): void => {
            const next = { ...rules };
            if (value === '') delete next[k];
            // An option that needs another (stacked twos need special cards) brings it along.
            else Object.assign(next, value === false ? {} : spec.requires, { [k]: value });
            setRules(next);
          };
          return (
            <div class="rule" key={k}>
              <label for={id}>{text}</label>
              {spec.values ? (
                <select id={id} value={k in rules ? JSON.stringify(rules[k]) : ''} onChange={(e) => { const raw = (e.target as HTMLSelectElement).value; set(raw === '' ? '' : JSON.parse(raw)); }}>
                  <option value="">{`${lang === 'nb' ? 'standard' : 'default'}: ${valueLabel(spec.default)}`}</option>
                  {spec.values.map((v) => (
                    <option key={String(v)} value={JSON.stringify(v)}>
                      {valueLabel(v)}
                    </option>
                  ))}
                </select>
              ) : (
                <input id={id} type="number" min={spec.range![0]} max={spec.range![1]} placeholder={spec.default === null ? '' : String(spec.default)} value={(rules[k] as number | undefined) ?? ''} onInput={(e) => { const raw = (e.target as HTMLInputElement).value; set(raw === '' ? '' : Number(raw)); }} />
              )}
            </div>
          );
        })}
    </fieldset>
  );
}

export function OfflineSetup({ prefs }: { prefs: Prefs }) {
  const { t } = prefs;
  const [game, setGame] = useState<GameId>('olsen');
  const [players, setPlayers] = useState(3);
  const [level, setLevel] = useState<BotLevel>('medium');
  const [rules, setRules] = useState<Record<string, unknown>>({});
  const [session, setSession] = useState<Session | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lo, hi] = playersOf(game);
  const fast = new URLSearchParams(location.search).get('speed') === 'fast';
  if (session) return <Table session={session} prefs={prefs} onLeave={() => { session.close(); setSession(null); }} />;
  return (
    <form
      class="setup"
      onSubmit={async (e) => {
        e.preventDefault();
        const count = Math.min(hi, Math.max(lo, players));
        // ?seed=… deals a known game (to share or report one); otherwise a new deal each time.
        const seed = new URLSearchParams(location.search).get('seed') ?? undefined;
        const s = await startOffline({ game, rules: { ...rules, ...rulesNeededFor(game, count) }, players: count, level, name: savedName() || t.you, botDelayMs: fast ? 20 : 700, ...(seed ? { seed } : {}) });
        if (typeof s === 'string') setError(s);
        else setSession(s);
      }}
    >
      <h1>{t.playComputer}</h1>
      <GameFields game={game} setGame={(g) => { setGame(g); setRules({}); setPlayers(Math.min(playersOf(g)[1], Math.max(playersOf(g)[0], players))); }} prefs={prefs} />
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
      {'decks' in rulesNeededFor(game, players) && <p class="muted">{t.twoDecks}</p>}
      <HouseRules game={game} players={players} rules={rules} setRules={setRules} prefs={prefs} />
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

export function CreateOnline({ prefs }: { prefs: Prefs }) {
  const { t } = prefs;
  const [game, setGame] = useState<GameId>('olsen');
  const [name, setName] = useState(savedName());
  const [seats, setSeats] = useState<('open' | BotLevel)[]>(['open', 'medium', 'medium']);
  const [rules, setRules] = useState<Record<string, unknown>>({});
  const [listed, setListed] = useState(false);
  const [timer, setTimer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [lo, hi] = playersOf(game);
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
          rules: { ...rules, ...rulesNeededFor(game, count) } as Record<string, string | number | boolean | null>,
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
      <GameFields game={game} setGame={(g) => { setGame(g); setRules({}); const n = Math.min(playersOf(g)[1], Math.max(playersOf(g)[0], count)); setSeats(Array.from({ length: n - 1 }, (_, i) => seats[i] ?? 'medium')); }} prefs={prefs} />
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
      {'decks' in rulesNeededFor(game, count) && <p class="muted">{t.twoDecks}</p>}
      <HouseRules game={game} players={count} rules={rules} setRules={setRules} prefs={prefs} />
      {error && <p role="alert" class="refusal">{error}</p>}
      <button type="submit" class="primary">
        {t.create}
      </button>
    </form>
  );
}
