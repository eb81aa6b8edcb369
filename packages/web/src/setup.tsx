/** The forms that start a game: offline against the computer, or an online table for friends. */
import { useEffect, useState } from 'preact/hooks';
import { GAME_NAMES, gameInfo, rulesNeededFor, type GameName } from '@olsen/engine';
import type { BotLevel } from '@olsen/protocol';
import { TEMPOS, type Tempo } from '@olsen/protocol/tempo';
import { LEVELS as BOT_LEVEL_MENU } from '@olsen/bots';
import { useClient, type Client, type Session } from './client.js';
import { sayError, type Prefs } from './say.js';
import { Lazy } from './lazy.js';

export type GameId = GameName;
const TABLE = () => import('./table.js');
const RULES_FORM = () => import('./house-rules-form.js');
export const GAMES: readonly GameId[] = GAME_NAMES;
/** The bots' levels, in their menu order. */
export const LEVELS: readonly BotLevel[] = BOT_LEVEL_MENU;
/** The player counts a game allows (the engine's table: Olsen at five or six with two decks). */
export const playersOf = (g: GameId): readonly [number, number] => gameInfo(g).players;

/** The house rules: the summary here, the form in its own chunk, fetched when the person opens it. */
function HouseRules(props: { game: GameId; players: number; rules: Record<string, unknown>; setRules: (r: Record<string, unknown>) => void; prefs: Prefs; onProblem: (why: string | null) => void }) {
  const { t } = props.prefs;
  const [open, setOpen] = useState(false);
  const changed = Object.keys(props.rules).length;
  return (
    <details class="house-rules" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>
        {t.houseRules}
        {changed > 0 && <span class="badge">{changed}</span>}
      </summary>
      {open && <Lazy load={RULES_FORM} view={(m) => <m.HouseRulesForm {...props} />} />}
    </details>
  );
}

interface SetupChoice {
  game: GameId;
  players: number;
  level: BotLevel;
  rules: Record<string, unknown>;
  tempo: Tempo;
}
/** The last setup the player started with (a family plays the same game again). */
function lastSetup(client: Client): SetupChoice {
  const fallback: SetupChoice = { game: 'olsen', players: 3, level: 'medium', rules: {}, tempo: 'normal' };
  try {
    const s = JSON.parse(client.pref('setup') ?? 'null') as SetupChoice | null;
    return s && GAMES.includes(s.game) && LEVELS.includes(s.level) ? { ...fallback, ...s, tempo: TEMPOS.includes(s.tempo) ? s.tempo : 'normal' } : fallback;
  } catch {
    return fallback;
  }
}

export function OfflineSetup({ prefs }: { prefs: Prefs }) {
  const { t } = prefs;
  const client = useClient();
  const { resumeOffline, savedGame, savedName, startOffline } = client;
  const first = lastSetup(client);
  const [game, setGame] = useState<GameId>(first.game);
  const [players, setPlayers] = useState(first.players);
  const [level, setLevel] = useState<BotLevel>(first.level);
  const [rules, setRules] = useState<Record<string, unknown>>(first.rules);
  const [tempo, setTempo] = useState<Tempo>(first.tempo);
  // What the engine says of the house rules as a whole (null: accepted): Start waits for it.
  const [problem, setProblem] = useState<string | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  const [error, setError] = useState<string | null>(null);
  const saved = session ? null : savedGame();
  const [lo, hi] = playersOf(game);
  const fast = new URLSearchParams(location.search).get('speed') === 'fast';
  useEffect(() => void TABLE(), []);
  // Leaving keeps the game: the page offers to go on with it.
  // The table's code comes in its own chunk (fetched while this page is shown).
  if (session) return <Lazy load={TABLE} view={(m) => <m.Table session={session} prefs={prefs} onLeave={() => { session.close(); setSession(null); }} />} />;
  const open = async (s: Promise<Session | string>): Promise<void> => {
    const r = await s;
    if (typeof r === 'string') setError(r);
    else setSession(r);
  };
  return (
    <form
      class="setup"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        const count = Math.min(hi, Math.max(lo, players));
        client.setPref('setup', JSON.stringify({ game, players: count, level, rules, tempo } satisfies SetupChoice));
        // ?seed=… deals a known game (to share or report one); otherwise a new deal each time.
        const seed = new URLSearchParams(location.search).get('seed') ?? undefined;
        await open(startOffline({ game, rules: { ...rules, ...rulesNeededFor(game, count) }, players: count, level, name: savedName() || t.you, botDelayMs: fast ? 20 : 700, tempo, ...(seed ? { seed } : {}) }));
      }}
    >
      <h1>{t.playComputer}</h1>
      {saved && (
        <p class="actions">
          <button type="button" class="primary" onClick={() => void open(resumeOffline(saved))}>
            {t.resume}: {t.games[saved.options.game]}
          </button>
        </p>
      )}
      <GameFields game={game} setGame={(g) => { setGame(g); setRules({}); setProblem(null); setPlayers(Math.min(playersOf(g)[1], Math.max(playersOf(g)[0], players))); }} prefs={prefs} />
      <div class="row">
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
      </div>
      <TempoField tempo={tempo} setTempo={setTempo} prefs={prefs} />
      {'decks' in rulesNeededFor(game, players) && <p class="muted">{t.twoDecks}</p>}
      <HouseRules game={game} players={players} rules={rules} setRules={setRules} prefs={prefs} onProblem={setProblem} />
      {error && <p role="alert" class="refusal">{error}</p>}
      {/* Start stays in view at the bottom of a phone's screen, however long the house rules are. */}
      <div class="start-bar">
        {problem && (
          <p class="refusal" role="status">
            <button type="button" class="link" onClick={showProblem}>
              {problem}
            </button>
          </p>
        )}
        <button type="submit" class="primary" disabled={problem !== null}>
          {t.start}
        </button>
      </div>
    </form>
  );
}

/** A choice from a list with a line about the chosen one below it (the game, the table's pace). */
function ChoiceField<T extends string>({ label, value, values, name, about, set }: { label: string; value: T; values: readonly T[]; name: (v: T) => string; about: string; set: (v: T) => void }) {
  return (
    <>
      <label>
        {label}
        <select value={value} onChange={(e) => set((e.target as HTMLSelectElement).value as T)}>
          {values.map((x) => (
            <option key={x} value={x}>
              {name(x)}
            </option>
          ))}
        </select>
      </label>
      <p class="muted about">{about}</p>
    </>
  );
}

/** The table's pace: how long the computer thinks and how long a person has to call late. */
function TempoField({ tempo, setTempo, prefs }: { tempo: Tempo; setTempo: (t: Tempo) => void; prefs: Prefs }) {
  const { t } = prefs;
  return <ChoiceField label={t.tempo} value={tempo} values={TEMPOS} name={(x) => t.tempos[x]} about={t.tempoAbout[tempo]} set={setTempo} />;
}

/** Brings the field the house rules want fixed into view, above the Start bar, and puts the cursor in it. */
function showProblem(): void {
  const field = document.querySelector<HTMLElement>('.rule [aria-invalid="true"]');
  field?.scrollIntoView({ block: 'center' });
  field?.focus({ preventScroll: true });
}

function GameFields({ game, setGame, prefs }: { game: GameId; setGame: (g: GameId) => void; prefs: Prefs }) {
  const { t } = prefs;
  return <ChoiceField label={t.game} value={game} values={GAMES} name={(g) => t.games[g]} about={t.about[game]} set={setGame} />;
}

export function CreateOnline({ prefs }: { prefs: Prefs }) {
  const client = useClient();
  const { createTable, guestToken, savedName } = client;
  const { t } = prefs;
  const [game, setGame] = useState<GameId>('olsen');
  const [name, setName] = useState(savedName());
  const [seats, setSeats] = useState<('open' | BotLevel)[]>(['open', 'medium', 'medium']);
  const [rules, setRules] = useState<Record<string, unknown>>({});
  const [listed, setListed] = useState(false);
  const [timer, setTimer] = useState('');
  // "Spill over tid": hours per move; '' a live table.
  const [hours, setHours] = useState<'' | '1' | '12' | '24' | '72'>('');
  const [problem, setProblem] = useState<string | null>(null);
  const [tempo, setTempo] = useState<Tempo>(() => lastSetup(client).tempo);
  const [error, setError] = useState<string | null>(null);
  const [lo, hi] = playersOf(game);
  const count = seats.length + 1;
  return (
    <form
      class="setup"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          if (!name.trim()) {
            setError(t.nameFirst);
            return;
          }
          await guestToken(name.trim());
        } catch {
          // No answer from the server (offline, or it is down): say what that means, and what still works.
          setError(t.friendsOffline);
          return;
        }
        const r = await createTable({
          game,
          rules: { ...rules, ...rulesNeededFor(game, count) } as Record<string, string | number | boolean | null>,
          seats: seats.map((s) => (s === 'open' ? { kind: 'open' } : { kind: 'bot', level: s })),
          listed,
          turnSeconds: timer && !hours ? Number(timer) : null,
          ...(hours ? { moveHours: Number(hours) as 1 | 12 | 24 | 72 } : {}),
          fillLevel: 'medium',
          tempo,
        });
        if (r.ok) location.hash = `#/t/${r.code}`;
        else setError(sayError(r, prefs.t, prefs.lang));
      }}
    >
      <h1>{t.playFriends}</h1>
      <label>
        {t.yourName}
        <input value={name} required maxLength={24} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </label>
      <GameFields game={game} setGame={(g) => { setGame(g); setRules({}); setProblem(null); const n = Math.min(playersOf(g)[1], Math.max(playersOf(g)[0], count)); setSeats(Array.from({ length: n - 1 }, (_, i) => seats[i] ?? 'medium')); }} prefs={prefs} />
      <fieldset>
        <legend>{t.seats}</legend>
        {seats.map((s, i) => (
          <label key={i}>
            {t.seat(i + 2)}
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
        {t.moveTime}
        <select value={hours} onChange={(e) => setHours((e.target as HTMLSelectElement).value as typeof hours)}>
          <option value="">{t.moveTimes.live}</option>
          {(['1', '12', '24', '72'] as const).map((h) => (
            <option key={h} value={h}>
              {t.turnBased}: {t.moveTimes[`h${h}`]} {t.perMove}
            </option>
          ))}
        </select>
      </label>
      {hours ? (
        <p class="muted about">{t.turnBasedAbout}</p>
      ) : (
        <label>
          {t.turnTimer}
          <input type="number" min={5} max={600} value={timer} onInput={(e) => setTimer((e.target as HTMLInputElement).value)} />
        </label>
      )}
      <TempoField tempo={tempo} setTempo={setTempo} prefs={prefs} />
      {'decks' in rulesNeededFor(game, count) && <p class="muted">{t.twoDecks}</p>}
      <HouseRules game={game} players={count} rules={rules} setRules={setRules} prefs={prefs} onProblem={setProblem} />
      {error && <p role="alert" class="refusal">{error}</p>}
      <div class="start-bar">
        {problem && (
          <p class="refusal" role="status">
            <button type="button" class="link" onClick={showProblem}>
              {problem}
            </button>
          </p>
        )}
        <button type="submit" class="primary" disabled={problem !== null}>
          {t.create}
        </button>
      </div>
    </form>
  );
}
