/**
 * "Lær å spille": a first game of Olsen, Vri åtter or Danish Olsen against
 * the computer that explains each rule as it is met. A scripted deal (the
 * engine's explicit deal, in a record) is played through the table runner
 * like any offline game; the lessons come off the frames (model/lessons.ts);
 * after the scripted round the game goes on as a normal one.
 */
import { useEffect, useState } from 'preact/hooks';
import { isHeartsView, type GameName } from '@olsen/engine';
import type { PlayerView } from '@olsen/engine/shedding';
import type { TableUpdate } from '@olsen/protocol';
import { useClient, type Session } from './client.js';
import { LESSONS, lessonFor, type Lesson } from './model/lessons.js';
import type { OfflineOptions } from './worker-protocol.js';
import { Table } from './table.js';
import type { Prefs } from './say.js';
import { LEARN_WORDS } from './words/learn.js';

const ORDER = '23456789TJQKA';
const ALL = [...'cdhs'].flatMap((s) => [...ORDER].map((r) => `${r}${s}`));

/** The cards not dealt, in a fixed mixed order (the lesson's stock): every lesson plays the same. */
function stockWithout(dealt: readonly string[]): string[] {
  const rest = ALL.filter((c) => !dealt.includes(c));
  // A fixed shuffle (a small linear congruential walk): the stock is not in suit order, and never changes.
  let x = 7;
  for (let i = rest.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const j = x % (i + 1);
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return rest;
}

/** A shedding lesson's deal: the person's hand meets a match at once, holds an eight, runs dry of fits later. */
function sheddingRecord(game: 'olsen' | 'vri-atter', you: string): unknown {
  const mine = game === 'olsen' ? ['3h', '7s', '8c', 'Kd', 'Qd'] : ['3h', '7s', '8c', 'Kd', 'Qd', '4d', '9s'];
  const kari = game === 'olsen' ? ['9h', '4c', 'Jc', '2s', '5s'] : ['9h', '4c', 'Jc', '2s', '5s', '6c', 'Tc'];
  const upcard = '7h';
  return { game, rules: {}, players: [you, 'Kari'], rounds: [{ dealer: 1, deal: { hands: [mine, kari], upcard, stock: stockWithout([...mine, ...kari, upcard]), seed: `lesson-${game}/1` }, actions: [] }] };
}

/** Danish Olsen's lesson: four at the table, the pass to the left; the person holds the queen of spades and high hearts. */
function heartsRecord(you: string): unknown {
  const hands = [
    ['Qs', 'As', '2s', 'Ah', 'Kh', 'Th', '2c', '3c', '4c', '9c', '5d', '6d', '7d'],
    ['Ks', 'Js', '3s', '4s', 'Qh', 'Jh', '2h', '3h', '5c', '6c', '2d', '3d', '4d'],
    ['Ts', '9s', '8s', '4h', '5h', '6h', 'Ac', 'Kc', 'Qc', '8d', '9d', 'Td', 'Jd'],
    ['7s', '6s', '5s', '7h', '8h', '9h', 'Jc', 'Tc', '8c', '7c', 'Ad', 'Kd', 'Qd'],
  ];
  return { game: 'olsen-dk', rules: { pass: 'left' }, players: [you, 'Kari', 'Ola', 'Siri'], rounds: [{ dealer: 3, deal: { hands }, actions: [] }] };
}

export const LEARN_GAMES: readonly GameName[] = ['olsen', 'vri-atter', 'olsen-dk'];

/** The page: the three games to learn, or a lesson under way. */
export function Learn({ game, prefs }: { game: string | null; prefs: Prefs }) {
  const { t } = prefs;
  const w = LEARN_WORDS[prefs.lang];
  if (game && (LEARN_GAMES as readonly string[]).includes(game)) return <Lesson game={game as GameName} prefs={prefs} />;
  return (
    <div class="setup learn">
      <h1>{t.learn}</h1>
      <p>{w.learnLead}</p>
      <ul class="learn-games">
        {LEARN_GAMES.map((g) => (
          <li key={g}>
            <a class="button primary" href={`#/learn/${g}`}>
              {w.learnGame(t.games[g])}
            </a>
            <p class="muted">{t.about[g]}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Lesson({ game, prefs }: { game: GameName; prefs: Prefs }) {
  const { t } = prefs;
  const client = useClient();
  const [session, setSession] = useState<Session | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const you = client.savedName() || t.you;
    const o: OfflineOptions = {
      game,
      rules: game === 'olsen-dk' ? { pass: 'left' } : {},
      players: game === 'olsen-dk' ? 4 : 2,
      level: 'easy',
      name: you,
      botDelayMs: new URLSearchParams(location.search).get('speed') === 'fast' ? 20 : 700,
      tempo: 'calm',
      teach: true,
    };
    let open: Session | null = null;
    void client.startFrom(o, game === 'olsen-dk' ? heartsRecord(you) : sheddingRecord(game as 'olsen' | 'vri-atter', you)).then((s) => {
      if (typeof s === 'string') setError(s);
      else setSession((open = s));
    });
    return () => open?.close();
  }, [game]);
  if (error) return <p role="alert" class="refusal">{error}</p>;
  if (!session) return <p class="loading">…</p>;
  return <Table session={session} prefs={prefs} onLeave={() => (location.hash = '#/learn')} coach={(u) => <Coach u={u} prefs={prefs} />} />;
}

/** The lesson at hand: the first rule this frame meets that was not explained yet; closed with "Skjønner". */
function Coach({ u, prefs }: { u: TableUpdate; prefs: Prefs }) {
  const { t } = prefs;
  const w = LEARN_WORDS[prefs.lang];
  const [seen, setSeen] = useState<ReadonlySet<Lesson>>(new Set());
  // The lesson and its sentence as they were when it was met (who forgot the call then, not later).
  const [current, setCurrent] = useState<{ lesson: Lesson; text: string } | null>(null);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    const next = lessonFor(u, seen);
    const v = u.view;
    if (!next || !v) return;
    const sv = isHeartsView(v) ? null : (v as PlayerView);
    // The first turn may offer an eight besides the match: both are told then, before the eight can be played unexplained.
    const withEight = next === 'match' && lessonFor(u, new Set<Lesson>([...seen, 'match'])) === 'eight';
    setSeen(new Set<Lesson>([...seen, next, ...(withEight ? (['eight'] as const) : [])]));
    const word = (sv?.call.kind === 'olsen' ? t.callOlsen : t.callVri).replace(/!$/, '');
    const text =
      next === 'call' ? w.lessonCall(word, sv?.call.penalty ?? 0)
      : next === 'catch' ? w.lessonCatch(v.players[sv?.catchable ?? 1], word)
      : withEight ? `${w.lessons.match} ${w.lessons.eight}`
      : w.lessons[next];
    setCurrent({ lesson: next, text });
    setClosed(false);
  }, [u]);
  if (!current || closed) return null;
  const text = current.text;
  // The lesson's end: the game over, or a round over with every lesson met; then the way to a normal game.
  const done = u.status === 'finished' || (u.status === 'roundOver' && LESSONS[u.game].every((l) => seen.has(l)));
  return (
    // At a round's or the game's end the results cover the table: the lesson then stands above them (styles.css).
    <aside class={u.status === 'roundOver' || u.status === 'finished' ? 'coach over' : 'coach'} aria-live="polite" aria-label={w.lessonTitle}>
      <p>
        <strong>{w.lessonTitle}:</strong> {text}
      </p>
      {done && <p class="muted">{w.lessonDone}</p>}
      <div class="actions">
        <button type="button" class="secondary" onClick={() => setClosed(true)}>
          {w.lessonClose}
        </button>
        {done && (
          <a class="button primary" href="#/play">
            {w.lessonPlay}
          </a>
        )}
      </div>
    </aside>
  );
}
