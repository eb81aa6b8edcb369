/**
 * `olsen play --game olsen-dk`: Danish Olsen in the terminal. Shows the
 * trick, who leads, the points taken and the totals, numbered legal cards;
 * a refused card is explained with its H-rule. The computer players are the
 * bots package's, at the chosen level.
 */
import { writeFileSync } from 'node:fs';
import { SUITS, resultOf, localizeError, recordOf, recordToJson } from '@olsen/engine';
import { applyHearts, createHeartsGame, heartsToMove, heartsViewFor, nextHeartsRound, type HeartsAction, type HeartsGame } from '@olsen/engine/hearts';
import { parseNotation } from '@olsen/engine/shedding';
import { seedFromString } from '@olsen/engine/sim';
import { suitSymbol, textsFor, type Lang } from './i18n.js';
import { createPrompt } from './prompt.js';
import { BOT_NAMES, chooseHearts, heartsHint, type Level } from '@olsen/bots';

const TEXT = {
  nb: {
    title: 'Olsen (dansk) — unngå hjerter og spar dame!',
    hand: (n: number, dealer: string) => `Giv ${n}. ${dealer} gir.`,
    pass: (k: number, to: string) => `Gi bort tre kort til ${to} (skriv tre kort, f.eks. Qs Ah Kh, eller velg et nummer).`,
    received: (cards: string) => `Du fikk ${cards}.`,
    trick: 'Stikket',
    empty: '(tomt — du spiller ut)',
    lastTrick: (cards: string, who: string) => `Forrige stikk: ${cards} → ${who}`,
    scores: 'Poeng (denne given / totalt)',
    yourHand: 'Din hånd',
    yourTurn: 'Din tur. Velg et nummer eller skriv et kort (f.eks. Qs); ? gir et råd:',
    hint: 'Råd',
    played: (who: string, card: string) => `${who} legger ${card}.`,
    passed: (who: string) => `${who} har gitt bort tre kort.`,
    took: (who: string, pts: number) => `${who} tar stikket${pts ? ` (${pts} poeng)` : ''}.`,
    refused: 'Det går ikke',
    oneCard: 'legg ett kort, f.eks. Qs (i dansk Olsen trekker og passer man ikke).',
    handOver: 'Given er ferdig.',
    moon: (who: string) => `${who} tok alle straffekortene!`,
    winner: (names: string) => `Vinner: ${names}!`,
    final: 'Sluttstilling:',
    standing: (place: number, name: string, total: number) => `${place}. ${name} — ${total} poeng`,
    tieBreak: 'Likt om seieren: en ekstra giv mellom dem som står likt.',
    next: 'Trykk Enter for neste giv.',
    bye: 'Takk for spillet!',
  },
  en: {
    title: 'Danish Olsen — avoid the hearts and the queen of spades!',
    hand: (n: number, dealer: string) => `Hand ${n}. ${dealer} deals.`,
    pass: (k: number, to: string) => `Pass three cards to ${to} (type three cards, e.g. Qs Ah Kh, or pick a number).`,
    received: (cards: string) => `You received ${cards}.`,
    trick: 'Trick',
    empty: '(empty — you lead)',
    lastTrick: (cards: string, who: string) => `Last trick: ${cards} → ${who}`,
    scores: 'Points (this hand / total)',
    yourHand: 'Your hand',
    yourTurn: 'Your turn. Pick a number or type a card (e.g. Qs); ? for a hint:',
    hint: 'Hint',
    played: (who: string, card: string) => `${who} ${who === 'You' ? 'play' : 'plays'} ${card}.`,
    passed: (who: string) => `${who} ${who === 'You' ? 'have' : 'has'} passed three cards.`,
    took: (who: string, pts: number) => `${who} ${who === 'You' ? 'take' : 'takes'} the trick${pts ? ` (${pts} point${pts === 1 ? '' : 's'})` : ''}.`,
    oneCard: 'lay one card, such as Qs (Danish Olsen has no drawing and no passing).',
    refused: 'Not allowed',
    handOver: 'The hand is over.',
    moon: (who: string) => `${who} took every penalty card!`,
    winner: (names: string) => `Winner: ${names}!`,
    final: 'Final standings:',
    standing: (place: number, name: string, total: number) => `${place}. ${name} — ${total} point${Math.abs(total) === 1 ? '' : 's'}`,
    tieBreak: 'A tie for lowest: one extra hand between the tied players.',
    next: 'Press Enter for the next hand.',
    bye: 'Thanks for playing!',
  },
};

const pretty = (card: string): string => `${card[0] === 'T' ? '10' : card[0]}${suitSymbol(SUITS.indexOf(card[1] as never))}`;

export async function runHeartsPlay(o: { players: number; lang: Lang; seed: string; name: string; rules: Record<string, unknown>; level: Level; output: NodeJS.WritableStream; input: NodeJS.ReadableStream; record?: string }): Promise<number> {
  const rng = new Int32Array(6);
  seedFromString(rng, 0, `${o.seed}/bots`);
  const botChoice = (game: HeartsGame, seat: number): HeartsAction => chooseHearts(o.level, heartsViewFor(game, seat), rng);
  const t = TEXT[o.lang];
  const out = (line = ''): void => void o.output.write(`${line}\n`);
  const names = [o.name, ...BOT_NAMES.filter((n) => n !== o.name)].slice(0, o.players);
  const created = createHeartsGame({ players: names, seed: o.seed, rules: o.rules });
  if (!created.ok) {
    out(localizeError(created.error, o.lang));
    return 2;
  }
  let g = created.value;
  const rl = createPrompt(o.input, o.output);
  const ask = (): Promise<string | null> => rl.ask();
  const act = (a: HeartsAction): boolean => {
    const res = applyHearts(g, a);
    if (!res.ok) {
      out(`${t.refused}: ${localizeError(res.error, o.lang, names[0])}${res.error.rule ? ` (${res.error.rule})` : ''}`);
      return false;
    }
    const before = heartsViewFor(g, 0);
    g = res.value;
    const after = heartsViewFor(g, 0);
    if ('play' in a) out(t.played(names[a.seat], pretty(a.play[0])));
    else if (a.seat !== 0) out(t.passed(names[a.seat]));
    if (before.phase === 'pass' && after.phase === 'play' && after.received?.length) out(t.received(after.received.map(pretty).join(' ')));
    if (after.lastTrick && (before.lastTrick === null || after.lastTrick.cards.join() !== before.lastTrick.cards.join() || after.trick.cards.length === 0 && before.trick.cards.length > 0)) {
      if ('play' in a && after.trick.cards.length === 0) out(t.took(names[after.lastTrick.winner], after.taken[after.lastTrick.winner] - before.taken[after.lastTrick.winner]));
    }
    return true;
  };
  out(t.title);
  out(t.hand(1, names[g.rounds[0].dealer]));
  for (;;) {
    const view = heartsViewFor(g, 0);
    if (view.phase === 'handOver' || view.phase === 'gameOver') {
      const oc = resultOf(g);
      const last = oc.rounds[oc.rounds.length - 1];
      out();
      out(t.handOver);
      if (view.moon !== null) out(t.moon(names[view.moon]));
      out(t.scores);
      names.forEach((nm, s) => out(`  ${nm}: ${last.points?.[s] ?? 0} / ${oc.totals?.[s] ?? 0}`));
      if (view.phase === 'gameOver') {
        const st = view.standings;
        out(t.final);
        for (const s of st.order) out(`  ${t.standing(st.places[s], names[s], st.totals![s])}`);
        out(t.winner(st.winners.map((s) => names[s]).join(', ')));
        break;
      }
      // H9: the hand just ended left a tie for lowest; the next hand is the tie-break.
      if (view.tieBreak) out(t.tieBreak);
      out(t.next);
      if ((await ask()) === null) break;
      const next = nextHeartsRound(g);
      if (!next.ok) break;
      g = next.value;
      out(t.hand(g.rounds.length, names[g.rounds[g.rounds.length - 1].dealer]));
      continue;
    }
    // Computer players pass and play as soon as it is their turn.
    if (view.phase === 'pass') {
      for (let s = 1; s < names.length; s++) if (heartsViewFor(g, s).legal.length > 0) act(botChoice(g, s));
    }
    const seat = heartsToMove(g);
    if (seat === null) continue;
    if (seat !== 0 && heartsViewFor(g, 0).phase === 'play') {
      act(botChoice(g, seat));
      continue;
    }
    const v = heartsViewFor(g, 0);
    if (v.legal.length === 0) continue;
    out();
    if (v.phase === 'pass' && v.passTo !== null) out(t.pass(v.passSize, names[v.passTo]));
    else {
      out(`${t.trick}: ${v.trick.cards.length ? v.trick.cards.map((c, i) => `${names[v.trick.seats[i]]} ${pretty(c)}`).join(', ') : t.empty}`);
      if (v.lastTrick) out(t.lastTrick(v.lastTrick.cards.map(pretty).join(' '), names[v.lastTrick.winner]));
      out(`${t.scores}: ${names.map((nm, s) => `${nm} ${v.taken[s]}/${v.totals[s]}`).join(', ')}`);
    }
    out(`${t.yourHand}: ${(v.hand ?? []).map(pretty).join(' ')}`);
    out(t.yourTurn);
    const legal = v.legal;
    if (v.phase === 'play') legal.forEach((a, i) => out(`  ${String(i + 1).padStart(2)}) ${'play' in a ? pretty(a.play[0]) : ''}`));
    else out(`  1–${legal.length}: ${legal.slice(0, 3).map((a, i) => `${i + 1}) ${'give' in a ? a.give.map(pretty).join(' ') : ''}`).join('  ')} …`);
    const line = await ask();
    if (line === null) break;
    const text = line.trim();
    if (text === '') continue;
    if (/^(q|quit|avslutt)$/i.test(text)) break;
    if (/^(\?|hint|hjelp)$/i.test(text)) {
      const h = heartsHint(v, o.lang);
      if (h) out(`${t.hint}: ${'play' in h.action ? pretty(h.action.play[0]) : h.action.give.map(pretty).join(' ')} — ${h.reason}`);
      continue;
    }
    const num = Number(text);
    if (Number.isInteger(num) && num >= 1 && num <= legal.length) {
      act(legal[num - 1]);
      continue;
    }
    const parts = text.split(/[\s,]+/);
    if (v.phase === 'pass') {
      act({ seat: 0, give: parts as never });
      continue;
    }
    const parsed = parseNotation(parts[0], 0);
    if (!parsed.ok || !('play' in parsed.value) || parsed.value.play.length !== 1) {
      out(`${t.refused}: ${t.oneCard}`);
      continue;
    }
    act({ seat: 0, play: [parsed.value.play[0]] });
  }
  if (o.record) {
    writeFileSync(o.record, `${recordToJson(recordOf(g))}\n`);
    out(textsFor(o.lang).recordSaved(o.record));
  }
  out(textsFor(o.lang).seedWas(o.seed));
  out(t.bye);
  rl.close();
  return 0;
}
