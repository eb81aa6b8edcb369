/**
 * `olsen play`: a game in the terminal against computer players (the greedy
 * yardstick policy), Norwegian by default. Shows the hand, the top card, the
 * active suit, the others' card counts, whose turn it is and numbered legal
 * moves; a refused move is explained with the rule's sentence.
 */
import { SUITS, localizeError, recordOf, recordToJson, resultOf, standingsOf, rulesNeededFor } from '@olsen/engine';
import { apply, callWordOf, catchActions, createGame, legalActions, legalGroups, nextRound, parseNotation, phaseOf, isSheddingPreset, toMove, viewFor, type Action, type Game } from '@olsen/engine/shedding';
import { seedFromString } from '@olsen/engine/sim';
import { writeFileSync } from 'node:fs';
import pc from 'picocolors';
import { BOT_NAMES, chooseShedding, hint, type Level } from '@olsen/bots';
import { suitName, suitSymbol, textsFor, type Lang } from './i18n.js';
import { createPrompt } from './prompt.js';

export interface PlayOptions {
  game: string;
  players: number;
  lang: Lang;
  seed: string;
  name: string;
  rules: Record<string, unknown>;
  /** The computer players' level. */
  level: Level;
  output: NodeJS.WritableStream;
  input: NodeJS.ReadableStream;
  /** Write the game's record (docs/record.md) to this file at the end. */
  record?: string;
  /** Colour the suits (default: when the output is a terminal and NO_COLOR is not set). */
  color?: boolean;
}

/** Red suits red, when the terminal shows colour and the player has not asked for none (NO_COLOR). */
export function colorFor(o: { color?: boolean; output: NodeJS.WritableStream }): boolean {
  return o.color ?? (!process.env.NO_COLOR && (o.output as { isTTY?: boolean }).isTTY === true);
}


const plain = (card: string): string => `${card[0] === 'T' ? '10' : card[0]}${suitSymbol(SUITS.indexOf(card[1] as never))}`;

export async function runPlay(o: PlayOptions): Promise<number> {
  const t = textsFor(o.lang);
  const out = (line = ''): void => void o.output.write(`${line}\n`);
  const colors = pc.createColors(colorFor(o));
  const pretty = (card: string): string => (card[1] === 'd' || card[1] === 'h' ? colors.red(plain(card)) : plain(card));
  const name = o.name.trim();
  if (name === '' || BOT_NAMES.slice(0, o.players - 1).includes(name)) {
    out(t.badName(name, BOT_NAMES.slice(0, o.players - 1).join(', ')));
    return 2;
  }
  const names = [name, ...BOT_NAMES.slice(0, o.players - 1)];
  const created = createGame({ game: o.game, players: names, seed: o.seed, rules: { ...(isSheddingPreset(o.game) ? rulesNeededFor(o.game, names.length) : {}), ...o.rules } });
  if (!created.ok) {
    out(localizeError(created.error, o.lang));
    return 2;
  }
  let g: Game = created.value;
  const rl = createPrompt(o.input, o.output);
  const ask = (): Promise<string | null> => rl.ask();
  const rng = new Int32Array(6);
  seedFromString(rng, 0, `${o.seed}/bots`);
  const word = callWordOf(g.rules);
  const describe = (a: Action): string => {
    if ('play' in a) return `${a.play.map(pretty).join(' + ')}${a.suit ? ` → ${suitName(SUITS.indexOf(a.suit), o.lang)}` : ''}${a.call ? ` + ${t.call(word)}` : ''}`;
    if ('draw' in a) return t.draw;
    if ('pass' in a) return t.pass;
    if ('catch' in a) return t.catchIt(names[a.catch], a.catch);
    if ('call' in a) return t.call(word);
    return t.name(suitName(SUITS.indexOf(a.suit), o.lang));
  };
  const announce = (a: Action): void => {
    const who = a.seat === 0 ? t.you : names[a.seat];
    if ('play' in a) {
      out(t.played(who, a.play.map(pretty).join(' + '), a.suit ? suitName(SUITS.indexOf(a.suit), o.lang) : null));
      if (a.call) out(t.called(who, word));
    } else if ('draw' in a) {
      out(t.drew(who));
      if (a.seat === 0) {
        const v = viewFor(g, 0);
        if (v.drawn) out(t.youDrew(pretty(v.drawn)));
      }
    } else if ('pass' in a) out(t.passed(who));
    else if ('catch' in a) {
      // The engine tells the catch: the cards it drew, named to the person caught.
      const note = viewFor(g, 0).catches.at(-1);
      out(t.caught(who, a.catch === 0 ? t.you : names[a.catch], note?.drew ?? 0));
      if (note?.cards?.length) out(t.youGot(note.cards.map(pretty).join(' ')));
    } else if ('call' in a) out(t.called(who, word));
    else out(t.named(who, suitName(SUITS.indexOf(a.suit), o.lang)));
  };
  const act = (a: Action): boolean => {
    const res = apply(g, a);
    if (!res.ok) {
      out(`${t.refused}: ${localizeError(res.error, o.lang, names[0])}${res.error.rule ? ` (${res.error.rule})` : ''}`);
      return false;
    }
    g = res.value;
    announce(a);
    return true;
  };
  const botAction = (seat: number): Action => chooseShedding(o.level, viewFor(g, seat), rng).action;
  const showTable = (): void => {
    const v = viewFor(g, 0);
    out();
    out(t.top(pretty(v.top), suitName(SUITS.indexOf(v.activeSuit), o.lang)) + `   ${t.stock(v.stockCount)}`);
    out(`${t.others}: ${names.slice(1).map((nm, i) => `${nm} (${i + 1}) ${t.cards(v.handCounts[i + 1])}${v.toMove === i + 1 ? ' ◀' : ''}`).join(', ')}`);
    out(`${t.yourHand}: ${(v.hand ?? []).map(pretty).join(' ')}`);
  };

  /** The end: the record written if asked, and the seed that deals this game again. */
  const finish = (): void => {
    if (o.record) {
      writeFileSync(o.record, `${recordToJson(recordOf(g))}\n`);
      out(t.recordSaved(o.record));
    }
    out(t.seedWas(o.seed));
    out(t.bye);
    rl.close();
  };
  const showStart = (): void => {
    out(t.round(g.rounds.length, names[g.rounds[g.rounds.length - 1].dealer]));
    out(t.turned(pretty(viewFor(g, 0).upcard)));
  };

  out(t.title(o.game));
  showStart();
  for (;;) {
    const phase = phaseOf(g);
    if (phase === 'roundOver' || phase === 'gameOver') {
      const oc = resultOf(g);
      const last = oc.rounds[oc.rounds.length - 1];
      out();
      out(t.roundOver);
      if (last.finished && last.winner === null) out(t.blocked); // S17: a blocked round has no winner
      // The round's order as the engine gives it: by the round's points in points games (S24), by place in Olsen (S22).
      const order = viewFor(g, 0).roundOrder ?? names.map((_, s) => s);
      for (const s of order) out(`  ${t.place(names[s], last.places?.[s] ?? 0, last.hands[s])}`);
      if (last.points && oc.totals) for (let s = 0; s < names.length; s++) out(`  ${t.points(names[s], last.points[s], oc.totals[s])}`);
      if (phase === 'gameOver') {
        const st = standingsOf(g);
        if (st.totals) {
          out(t.final);
          for (const s of st.order) out(`  ${t.standing(st.places[s], names[s], st.totals[s])}`);
        }
        out(t.winner(st.winners.map((s) => names[s]).join(', ')));
        finish();
        return 0;
      }
      out(t.pressEnter);
      if ((await ask()) === null) break;
      const next = nextRound(g);
      if (!next.ok) break;
      g = next.value;
      showStart();
      continue;
    }
    const seat = toMove(g);
    if (seat === null) break;
    if (seat !== 0) {
      act(botAction(seat));
      // Bots catch a forgotten call at once (S20).
      const c = catchActions(g).find((a) => 'catch' in a && a.seat !== 0);
      if (c) act(c);
      continue;
    }
    showTable();
    // A play that leaves one card is listed with and without the call: the call is the player's choice (S18).
    const legal = legalActions(g, { includeForgottenCalls: true });
    out(t.yourTurn);
    legal.forEach((a, i) => out(`  ${String(i + 1).padStart(2)}) ${describe(a)}`));
    // Several cards at once (S-V4/S-V5): the engine's options; the player types the move, e.g. 9h+9s.
    for (const o of legalGroups(g)) out(`      ${t.group(pretty(o.first), o.with.map(pretty).join(' '))}`);
    const line = await ask();
    if (line === null) break;
    const text = line.trim();
    if (text === '') continue;
    if (/^(q|quit|avslutt)$/i.test(text)) break;
    if (/^(\?|hint|hjelp)$/i.test(text)) {
      const h = hint(viewFor(g, 0), o.lang);
      if (h) out(`${t.hint}: ${describe(h.action)} — ${h.reason}`);
      continue;
    }
    const num = Number(text);
    const chosen = Number.isInteger(num) && num >= 1 && num <= legal.length ? legal[num - 1] : null;
    let action: Action;
    if (chosen) action = chosen;
    else {
      const parsed = parseNotation(text, 0);
      if (!parsed.ok) {
        // The notation's own sentence is English; the Norwegian game says it in Norwegian.
        out(`${t.refused}: ${o.lang === 'nb' ? t.notAMove(text) : parsed.error.message}`);
        continue;
      }
      action = parsed.value;
    }
    if (act(action)) {
      const c = catchActions(g).find((a) => 'catch' in a && a.seat !== 0);
      if (c) act(c);
    }
  }
  finish();
  return 0;
}
