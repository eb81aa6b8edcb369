/**
 * The table talk of an online game (issue 38): the faces people chose, shown at their seats; reactions from a
 * fixed set (emoji, and short phrases each reader sees in their own language — no free text), shown at the
 * sender's seat for a few seconds; each reader may mute a person's reactions. The server limits how many a
 * person sends. Offline there is nobody to talk to, so none of this shows.
 */
import { useEffect, useState } from 'preact/hooks';
import { REACTIONS, REACTION_EMOJI, type Avatar, type Reaction } from '@olsen/protocol/avatars';
import type { Session } from './client.js';
import type { Prefs } from './say.js';

/** How long a reaction stays at the seat. */
const SHOWN_MS = 4000;

/** A face on its colour, beside a name. */
export function AvatarBadge({ avatar }: { avatar: Avatar | undefined }) {
  if (!avatar) return null;
  return (
    <span class={`avatar avatar-${avatar.color}`} aria-hidden="true">
      {avatar.face}
    </span>
  );
}

/** A reaction in the reader's language: its emoji, or its phrase. */
export const reactionText = (r: Reaction, prefs: Prefs): string => REACTION_EMOJI[r] ?? prefs.t.reactions[r];

/** The table's reactions now showing, by seat (each for a few seconds), without the muted seats'. */
export function useReactions(session: Session, muted: ReadonlySet<number>): ReadonlyMap<number, { readonly reaction: Reaction; readonly at: number }> {
  const [shown, setShown] = useState<ReadonlyMap<number, { reaction: Reaction; at: number }>>(new Map());
  useEffect(() => {
    if (!session.onReaction) return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const off = session.onReaction((seat, reaction) => {
      const at = Date.now();
      setShown((m) => new Map(m).set(seat, { reaction, at }));
      const timer = setTimeout(() => {
        timers.delete(timer);
        setShown((m) => (m.get(seat)?.at === at ? new Map([...m].filter(([s]) => s !== seat)) : m));
      }, SHOWN_MS);
      timers.add(timer);
    });
    return () => {
      off();
      for (const t of timers) clearTimeout(t);
    };
  }, [session]);
  return muted.size === 0 ? shown : new Map([...shown].filter(([s]) => !muted.has(s)));
}

/** A reaction at a seat, with the reader's way to mute that person. */
export function Bubble({ reaction, name, prefs, onMute }: { reaction: Reaction; name: string; prefs: Prefs; onMute?: () => void }) {
  return (
    <span class="bubble" role="status">
      <span class="bubble-text">{reactionText(reaction, prefs)}</span>
      {onMute && (
        <button type="button" class="link mute" onClick={onMute} aria-label={prefs.t.mute(name)} title={prefs.t.mute(name)}>
          🔇
        </button>
      )}
    </span>
  );
}

/** The person's reactions: one button opens the fixed set; a choice is sent and the set closes. */
export function ReactionBar({ session, prefs }: { session: Session; prefs: Prefs }) {
  const { t } = prefs;
  const [open, setOpen] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  if (!session.react) return null;
  const send = async (r: Reaction): Promise<void> => {
    setOpen(false);
    const reply = await session.react!(r);
    setRefused(reply.ok ? null : reply.error.code === 'rate_limited' ? t.reactTooMany : null);
  };
  return (
    <div class="reaction-bar">
      <button type="button" class="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        💬 {t.react}
      </button>
      {open && (
        // Opened below the hand on a phone: brought into view whole.
        <div class="reactions" role="group" aria-label={t.react} ref={(el) => el?.scrollIntoView({ block: 'nearest' })}>
          {REACTIONS.map((r) => (
            <button type="button" key={r} class="reaction" aria-label={t.reactions[r]} onClick={() => void send(r)}>
              {reactionText(r, prefs)}
            </button>
          ))}
        </div>
      )}
      {refused && <span class="muted">{refused}</span>}
    </div>
  );
}
