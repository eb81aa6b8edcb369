/** An online table: join or watch by code, the waiting room with the invite link, then the table. */
import { useEffect, useState } from 'preact/hooks';
import type { TableUpdate } from '@olsen/protocol';
import type { Tempo } from '@olsen/protocol/tempo';
import { useClient, type Session } from './client.js';
import { AvatarBadge } from './table-talk.js';
import { Table, sayError, type Prefs } from './table.js';
import { spacedCode } from './say.js';
import { optionText, valueText } from '@olsen/engine';
import type { Texts } from './i18n.js';


interface TableInfo {
  game: keyof Texts['games'];
  /** waiting, playing, roundOver or finished: a game under way takes no one new, only spectators. */
  status: string;
  host: string | null;
  rules: Record<string, unknown>;
  turnSeconds: number | null;
  /** Played over days, `turnSeconds` per move (absent from an older server: live). */
  turnBased?: boolean;
  /** The table's pace (absent from an older server: normal). */
  tempo?: Tempo;
  seats: { kind: string; name: string | null }[];
}

/** What an invite is: who asks, which game, its house rules and timer. */
function InviteInfo({ info, prefs, host = false }: { info: TableInfo; prefs: Prefs; host?: boolean }) {
  const { t, lang } = prefs;
  const rules = Object.entries(info.rules);
  return (
    <div class="invite">
      {host ? <p class="lead">{t.yourTable(t.games[info.game])}</p> : info.host && <p class="lead">{t.invitedBy(info.host, t.games[info.game])}</p>}
      <p class="muted">{t.about[info.game]}</p>
      {info.turnBased ? (
        <p>
          <strong>{t.turnBased}</strong>: {t.moveTimes[`h${Math.round((info.turnSeconds ?? 0) / 3600)}` as keyof Texts['moveTimes']] ?? `${info.turnSeconds} s`} {t.perMove}. <span class="muted">{t.turnBasedAbout}</span>
        </p>
      ) : (
        <p>{info.turnSeconds ? t.timerIs(info.turnSeconds) : t.noTimer}</p>
      )}
      <p>
        {t.tempo}: <strong>{t.tempos[info.tempo ?? 'normal']}</strong> <span class="muted">{t.tempoAbout[info.tempo ?? 'normal']}</span>
      </p>
      {rules.length === 0 ? (
        <p>{t.plainRules}</p>
      ) : (
        <ul class="rule-list" aria-label={t.houseRules}>
          {rules.map(([k, v]) => (
            <li key={k}>
              {optionText(k, lang)} <strong>{valueText(v, lang)}</strong>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The invite link: shared by the phone's share sheet, copied, or shown to select where neither works (no secure context). */
function ShareLink({ link, prefs }: { link: string; prefs: Prefs }) {
  const { t } = prefs;
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator.share === 'function';
  const canCopy = window.isSecureContext && typeof navigator.clipboard?.writeText === 'function';
  return (
    <div class="share">
      <input class="link" readOnly value={link} aria-label={t.shareLink} onFocus={(e) => (e.target as HTMLInputElement).select()} />
      <code hidden>{link}</code>
      <div class="actions">
        {canShare && (
          <button type="button" class="primary" onClick={() => void navigator.share({ title: 'Olsen', url: link }).catch(() => undefined)}>
            {t.share}
          </button>
        )}
        {canCopy ? (
          <button type="button" class="secondary" onClick={() => void navigator.clipboard.writeText(link).then(() => setCopied(true))}>
            {copied ? t.copied : t.copy}
          </button>
        ) : (
          !canShare && <span class="muted">{t.selectToCopy}</span>
        )}
      </div>
    </div>
  );
}

export function OnlineTable({ code, prefs }: { code: string; prefs: Prefs }) {
  const { t } = prefs;
  const { getJson, guestToken, hasToken, onConnection, openOnline, openedAs, request, savedName } = useClient();
  const [session, setSession] = useState<Session | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [u, setU] = useState<TableUpdate | null>(null);
  const [name, setName] = useState(savedName());
  const [connected, setConnected] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const [refused, setRefused] = useState<string | null>(null);
  const [back, setBack] = useState(false);
  const [info, setInfo] = useState<TableInfo | null>(null);
  const readInfo = (): Promise<unknown> => getJson<{ ok: boolean; table?: TableInfo }>(`/api/tables/${encodeURIComponent(code)}`).then((b) => b?.ok && b.table && setInfo(b.table));
  useEffect(() => {
    void readInfo();
  }, [code]);
  useEffect(
    () =>
      onConnection((up, n, why) => {
        setRefused(up ? null : (why ?? null));
        setConnected((was) => {
          // Back after a loss: say so for a moment.
          if (up && !was) {
            setBack(true);
            setTimeout(() => setBack(false), 3000);
          }
          return up;
        });
        setAttempt(n);
      }),
    [],
  );
  const open = async (as: 'join' | 'watch'): Promise<void> => {
    if (as === 'join') {
      // A name is asked for once and kept; there is no default that would read as "you" to the others.
      if (!name.trim() && !savedName()) return setError(t.nameFirst);
      await guestToken(name.trim() || savedName());
    }
    const s = await openOnline(code, as);
    if ('kind' in s) return setSession(s);
    // Refused a seat (the game began, or the seats filled, since the page opened): the page reads the table again,
    // so watching becomes the offer.
    if (as === 'join') void readInfo();
    // A code that is not a table's (or not a code at all: the link was mistyped) says so plainly.
    setError(s.error.code === 'no_such_table' || s.error.code === 'bad_message' ? t.noSuchTable(code) : sayError(s, prefs.t, prefs.lang));
  };
  // Coming back (a reload, a link opened again): as a player if this guest has a seat, as a spectator if it watched.
  useEffect(() => {
    const as = openedAs(code) ?? (hasToken() ? 'join' : null);
    if (as) void open(as).catch(() => setError(t.errorTitle));
  }, [code]);
  useEffect(() => (session ? session.subscribe(setU) : undefined), [session]);
  useEffect(() => () => session?.close(), [session]);
  const leave = async (): Promise<void> => {
    // Leaving a running game hands the seat to the computer at once (coming back by the link takes it back).
    if (u?.you !== null && u?.status === 'playing') {
      if (!confirm(t.leaveOnline)) return;
      await request({ type: 'leave', code });
    }
    // A daily game's way back is the day's list; any other table's, the home page.
    location.hash = u?.daily ? '#/daily' : '#/';
  };
  const link = `${location.origin}/#/t/${code}`;
  // A game under way: a newcomer is offered to watch, not to sit down (the server would refuse it).
  const running = info !== null && info.status !== 'waiting';
  if (!session)
    return (
      <div class="setup">
        <h1>
          {t.code}: {spacedCode(code)}
        </h1>
        {info && <InviteInfo info={info} prefs={prefs} />}
        {running && !error && <p class="lead">{t.gameRunning}</p>}
        {error && <p role="alert" class="refusal">{error}</p>}
        {!running && (
          <label>
            {t.yourName}
            <input value={name} maxLength={24} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          </label>
        )}
        <div class="actions">
          {!running && (
            <button type="button" class="primary" onClick={() => void open('join')}>
              {t.join}
            </button>
          )}
          <button type="button" class={running ? 'primary' : 'secondary'} onClick={() => void open('watch')}>
            {t.watch}
          </button>
        </div>
      </div>
    );
  const waiting = u?.status === 'waiting';
  return (
    <>
      {!connected && <p class="banner" role="status">{refused ? (t.codes[refused as keyof Texts['codes']] ?? t.reconnecting) : t.reconnecting}{!refused && attempt > 0 ? ` (${attempt})` : ''}</p>}
      {connected && back && <p class="banner ok" role="status">{t.backInGame}</p>}
      {waiting && u && (
        <section class="waiting" aria-label={t.waitingFor}>
          <h1>{t.games[u.game]}</h1>
          {info && <InviteInfo info={{ ...info, rules: (u.rules as Record<string, unknown>) ?? info.rules }} prefs={prefs} host={u.you === u.host} />}
          <p>{t.shareLink}</p>
          <ShareLink link={link} prefs={prefs} />
          <p>
            {t.code}: <strong class="code">{spacedCode(code)}</strong>
          </p>
          <ol class="seats">
            {u.seats.map((s, i) => (
              <li key={i}>
                <AvatarBadge avatar={s.avatar} />
                {s.kind === 'open' ? t.seatOpen : s.kind === 'bot' ? `${s.name} (${t.levels[s.level!]})` : s.name}
                {i === u.you && ` (${t.you})`}
              </li>
            ))}
          </ol>
          {u.you === u.host ? (
            <button type="button" class="primary" onClick={async () => { const r = await request({ type: 'start', code }); if (!r.ok) setError(sayError(r, prefs.t, prefs.lang)); }}>
              {t.startGame}
            </button>
          ) : (
            <p class="muted">{t.hostStarts}</p>
          )}
          {error && <p role="alert" class="refusal">{error}</p>}
        </section>
      )}
      {!waiting && <Table session={session} prefs={prefs} onLeave={() => void leave()} connected={connected} />}
    </>
  );
}
