/**
 * The profile page (`#/profile`, and `#/profile/<code>` from a QR code): the face and colour shown at the
 * person's seats, moving the profile to another device with a one-time code (client.ts; the server's
 * profile-codes.ts), and the devices it is on, each but this one signed out with a tap (the server's devices.ts). The QR code's library comes only when a code is made.
 */
import { useEffect, useState } from 'preact/hooks';
import { AVATAR_COLORS, AVATAR_FACES, type Avatar } from '@olsen/protocol/avatars';
import type { DeviceEntry } from '@olsen/protocol';
import { useClient } from './client.js';
import type { Prefs } from './say.js';
import { AvatarBadge } from './table-talk.js';

export function Profile({ code: fromLink, prefs }: { code: string | null; prefs: Prefs }) {
  const { t } = prefs;
  const client = useClient();
  const [avatar, setAvatar] = useState<Avatar | null>(client.avatar());
  const [saved, setSaved] = useState(false);
  const [made, setMade] = useState<{ code: string; expiresAt: number; svg: string } | null>(null);
  const [typed, setTyped] = useState(fromLink ?? '');
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [name, setName] = useState(client.savedName());
  const [nameSaved, setNameSaved] = useState(false);

  const pick = async (a: Avatar): Promise<void> => {
    setAvatar(a);
    setSaved(false);
    await client.setAvatar(a).catch(() => undefined);
    setSaved(true);
  };
  const make = async (): Promise<void> => {
    setSaid(null);
    const r = await client.makeProfileCode();
    if (!r) return setSaid({ ok: false, text: t.moveOffline });
    const link = `${location.origin}${location.pathname}#/profile/${r.code}`;
    const { default: qrcode } = await import('qrcode-generator');
    const qr = qrcode(0, 'M');
    qr.addData(link);
    qr.make();
    setMade({ ...r, svg: qr.createSvgTag({ cellSize: 4, margin: 2, scalable: true }) });
  };
  const use = async (): Promise<void> => {
    const r = await client.useProfileCode(typed);
    if (r === 'offline') return setSaid({ ok: false, text: t.moveOffline });
    if (r === 'bad') return setSaid({ ok: false, text: t.moveBad });
    setAvatar(client.avatar());
    setName(client.savedName());
    setSaid({ ok: true, text: t.moveDone(r.name) });
  };
  // A code from a QR code's link is used at once (the person scanned it to use it).
  useEffect(() => {
    if (fromLink) void use();
  }, [fromLink]);

  const face = avatar?.face ?? AVATAR_FACES[0];
  const color = avatar?.color ?? AVATAR_COLORS[5];
  return (
    <section class="profile">
      <h1>
        {t.profileTitle} <AvatarBadge avatar={avatar ?? undefined} /> {client.savedName()}
      </h1>
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          void client.setName(name).then(() => setNameSaved(true));
        }}
      >
        <label>
          {t.yourName} <input value={name} maxLength={24} autoComplete="nickname" onInput={(e) => { setName((e.target as HTMLInputElement).value); setNameSaved(false); }} />
        </label>{' '}
        <button type="submit" class="secondary" disabled={!name.trim()}>
          {t.saveName}
        </button>
        {nameSaved && <span class="muted" role="status"> {t.nameSaved}</span>}
      </form>
      <h2>{t.avatarPick}</h2>
      <div class="faces" role="group" aria-label={t.avatarPick}>
        {AVATAR_FACES.map((f) => (
          <button type="button" key={f} aria-pressed={avatar?.face === f} onClick={() => void pick({ face: f, color })}>
            <AvatarBadge avatar={{ face: f, color }} />
          </button>
        ))}
      </div>
      <div class="colors" role="group" aria-label={t.avatarPick}>
        {AVATAR_COLORS.map((c) => (
          <button type="button" key={c} aria-pressed={avatar?.color === c} aria-label={t.avatarColor(c)} title={t.avatarColor(c)} onClick={() => void pick({ face, color: c })}>
            <AvatarBadge avatar={{ face, color: c }} />
          </button>
        ))}
      </div>
      {saved && <p class="muted" role="status">{t.avatarSaved}</p>}

      <Notifications prefs={prefs} />

      <h2>{t.moveTitle}</h2>
      <p>{t.moveHelp}</p>
      <button type="button" class="primary" onClick={() => void make()}>
        {t.moveMake}
      </button>
      {made && (
        <div class="made">
          <p role="status">{t.moveCode(made.code, Math.round((made.expiresAt - Date.now()) / 60_000))}</p>
          <p class="code" aria-hidden="true">
            {made.code}
          </p>
          {/* The QR code is the library's own SVG of the code's link (no text of ours in it). */}
          <div class="qr" dangerouslySetInnerHTML={{ __html: made.svg }} />
        </div>
      )}
      <Devices prefs={prefs} key={said?.text ?? ''} />
      <h2>{t.moveEnter}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void use();
        }}
      >
        <label>
          {t.moveCodeLabel} <input value={typed} autoComplete="off" autoCapitalize="characters" spellcheck={false} onInput={(e) => setTyped((e.target as HTMLInputElement).value)} />
        </label>{' '}
        <button type="submit" class="secondary">
          {t.moveUse}
        </button>
      </form>
      {said && (
        <p role={said.ok ? 'status' : 'alert'} class={said.ok ? 'news' : 'refusal'}>
          {said.text}
        </p>
      )}
    </section>
  );
}

/** The devices the profile is on: what each is, when it was last used, and a sign-out for the others. */
function Devices({ prefs }: { prefs: Prefs }) {
  const { t, lang } = prefs;
  const client = useClient();
  const [list, setList] = useState<readonly DeviceEntry[] | null>(null);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    void client.devices().then(setList);
  }, []);
  if (list === null) return null;
  const label = (d: DeviceEntry): string => d.label || t.deviceUnknown;
  const when = (ms: number): string => new Date(ms).toDateString() === new Date().toDateString() ? t.deviceToday : new Date(ms).toLocaleDateString(lang === 'nb' ? 'nb-NO' : lang, { day: 'numeric', month: 'long', year: new Date(ms).getFullYear() === new Date().getFullYear() ? undefined : 'numeric' });
  const signOut = async (d: DeviceEntry): Promise<void> => {
    setSaid(null);
    if (!(await client.signOutDevice(d.id))) return setSaid({ ok: false, text: t.moveOffline });
    setList((l) => (l ?? []).filter((x) => x.id !== d.id));
    setSaid({ ok: true, text: t.deviceSignedOut(label(d)) });
  };
  return (
    <>
      <h2>{t.devicesTitle}</h2>
      {list.length > 1 ? <p>{t.devicesHelp}</p> : <p class="muted">{t.devicesNone}</p>}
      <ul class="devices">
        {list.map((d) => (
          <li key={d.id}>
            <span>
              <strong>{label(d)}</strong> <span class="muted">{d.current ? `(${t.deviceThis})` : t.deviceSeen(when(d.lastSeenAt))}</span>
            </span>
            {!d.current && (
              <button type="button" class="secondary" aria-label={t.deviceSignOutOf(label(d))} onClick={() => void signOut(d)}>
                {t.deviceSignOut}
              </button>
            )}
          </li>
        ))}
      </ul>
      {said && (
        <p role={said.ok ? 'status' : 'alert'} class={said.ok ? 'news' : 'refusal'}>
          {said.text}
        </p>
      )}
    </>
  );
}

/** "Din tur" notifications on this device (tables played over days): on or off, and why not when it cannot be. */
function Notifications({ prefs }: { prefs: Prefs }) {
  const { t, lang } = prefs;
  const client = useClient();
  const [on, setOn] = useState<boolean | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => {
    void client.pushSubscription().then((s) => setOn(s !== null)).catch(() => setOn(false));
  }, []);
  const supported = client.canPush();
  const toggle = async (want: boolean): Promise<void> => {
    setSaid(null);
    const r = await client.setPush(want, lang);
    setOn(r === 'on');
    if (r === 'denied') setSaid(t.pushDenied);
    else if (r === 'offline') setSaid(t.moveOffline);
    else if (r === 'unsupported') setSaid(t.pushUnsupported);
  };
  return (
    <>
      <h2>{t.pushTitle}</h2>
      <p>{t.pushHelp}</p>
      {supported ? (
        <label>
          <input type="checkbox" checked={on === true} disabled={on === null} onChange={(e) => void toggle((e.target as HTMLInputElement).checked)} /> {t.pushOn}
        </label>
      ) : (
        <p class="muted">{t.pushUnsupported}</p>
      )}
      {said && <p role="alert" class="refusal">{said}</p>}
    </>
  );
}
