/**
 * Who is told by a push that it is their turn at a turn-based table: a seated
 * person (no computer standing in) whom the engine says acts now, once per
 * turn, when they are not looking at the table through this process — no
 * connection to it here, or its page hidden (`look`); one connected only to
 * another process is told too (their service worker shows nothing while a
 * page of the table is in view: push-sw.js). The words are the person's device's language; the
 * payload names the game and the others at the table, never a card.
 */
import { actingIn, gameTitle, viewOf, type Lang } from '@olsen/engine';
import type { LiveTable } from './live-table.js';
import type { Push } from './push.js';

const WORDS: Readonly<Record<Lang, { yourTurn: (game: string, others: string) => string; body: string; soon: (hours: number) => string }>> = {
  nb: { yourTurn: (game, others) => `Din tur i ${game} med ${others}`, body: 'Trykk for å åpne bordet.', soon: (h) => `Snart tid: ${h < 1 ? 'under en time' : `${h} t`} igjen til datamaskinen trekker for deg.` },
  en: { yourTurn: (game, others) => `Your turn in ${game} with ${others}`, body: 'Tap to open the table.', soon: (h) => `Time is running out: ${h < 1 ? 'under an hour' : `${h} h`} before the computer moves for you.` },
  nl: { yourTurn: (game, others) => `Jouw beurt in ${game} met ${others}`, body: 'Tik om de tafel te openen.', soon: (h) => `Bijna tijd: nog ${h < 1 ? 'minder dan een uur' : `${h} u`} voordat de computer voor je zet.` },
  de: { yourTurn: (game, others) => `Du bist dran: ${game} mit ${others}`, body: 'Tippe, um den Tisch zu öffnen.', soon: (h) => `Die Zeit wird knapp: ${h < 1 ? 'unter einer Stunde' : `${h} Std.`}, dann zieht der Computer für dich.` },
};

const asLang = (l: string): Lang => (l === 'en' || l === 'nl' || l === 'de' ? l : 'nb');

/** How many turn-based games wait for a person's move (null: not known now). */
export type Waiting = (playerId: string) => Promise<number | null>;

/** Whether a person may be looking at the table through this process (then no push from here). */
export type Looking = (t: LiveTable, playerId: string) => boolean;

/** The people to tell now, each once per turn; sends (without waiting) through `push`, with the games waiting. */
export function tellTurns(t: LiveTable, push: Push, waiting: Waiting, looking: Looking): void {
  const g = t.game;
  if (!t.row.turnBased || g === null) return;
  t.row.seats.forEach((s, seat) => {
    if (s.kind !== 'human') return;
    const acting = s.standIn === null && t.status() === 'playing' && actingIn(viewOf(g, seat)).you !== null;
    if (!acting) {
      t.told.delete(s.playerId);
      return;
    }
    // Once per turn: the turn's start is the first version at which the engine said this person acts.
    if (t.told.has(s.playerId)) return;
    t.told.set(s.playerId, `${t.row.gameNo}:${g.version}`);
    if (looking(t, s.playerId)) return;
    const others = t.row.seats.flatMap((x, i) => (i !== seat && x.kind !== 'open' ? [x.name] : [])).join(', ');
    void waiting(s.playerId).then((n) =>
      push.notify(s.playerId, (lang) => {
        const w = WORDS[asLang(lang)];
        return { title: w.yourTurn(gameTitle(t.row.game, asLang(lang)), others), body: w.body, url: `/#/t/${t.row.code}`, tag: `olsen-${t.row.code}`, ...(n === null ? {} : { waiting: n }) };
      }),
    );
  });
}

/** A quarter of the person's time is left and they have not moved: a reminder, unless they are looking. */
export function remind(t: LiveTable, playerId: string, push: Push, now: number, waiting: Waiting, looking: Looking): void {
  const seat = t.row.seats.findIndex((s) => s.kind === 'human' && s.playerId === playerId && s.standIn === null);
  if (seat < 0 || t.table.deadlineSeat !== seat || t.table.deadline === null) return;
  if (looking(t, playerId)) return;
  const others = t.row.seats.flatMap((x, i) => (i !== seat && x.kind !== 'open' ? [x.name] : [])).join(', ');
  const hours = Math.floor((t.table.deadline - now) / 3_600_000);
  void waiting(playerId).then((n) =>
    push.notify(playerId, (lang) => {
      const w = WORDS[asLang(lang)];
      return { title: w.yourTurn(gameTitle(t.row.game, asLang(lang)), others), body: w.soon(hours), url: `/#/t/${t.row.code}`, tag: `olsen-${t.row.code}`, ...(n === null ? {} : { waiting: n }) };
    }),
  );
}
