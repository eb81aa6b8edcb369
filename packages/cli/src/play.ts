/**
 * `olsen play`: a game in the terminal against computer players (the greedy
 * yardstick policy), Norwegian by default. Shows the hand, the top card, the
 * active suit, the others' card counts, whose turn it is and numbered legal
 * moves; a refused move is explained with the rule's sentence.
 */
import { isCall, isCatch, isDraw, isPass, isPlay, SUITS, SUIT_NAMES, gameTitle, recordOf, recordToJson, resultOf, standingsOf, rulesNeededFor, startGame, type GameName } from '@olsen/engine';
import { localizeError } from '@olsen/engine/localize';
import { callWordOf, legalActions, legalGroups, parseNotation, phaseOf, isSheddingPreset, viewFor, type Action, type Game } from '@olsen/engine/shedding';
import { againCommand } from './again.js';
import { gameRules } from './rule-book.js';
import { ending } from './ending.js';
import { widthOf, wrapLine, wrapList } from './wrap.js';
import pc from 'picocolors';
import { hint, type Level } from '@olsen/bots';
import { gameErrorOf, type TableUpdate } from '@olsen/protocol';
import { VirtualTable, pace, seatInfo, seatsFor } from '@olsen/table';
import { suitName, suitSymbol, textsFor, type Lang } from './i18n.js';
import { QUIT, createPrompt, goOn } from './prompt.js';
import { setupErrorText } from './setup-error.js';

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
  /** Where a game that cannot start is said (the terminal's stderr; default: the output). */
  errors?: NodeJS.WritableStream;
  /** Write the game's record (docs/record.md) to this file at the end. */
  record?: string;
  /** Colour the suits (default: when the output is a terminal and NO_COLOR is not set). */
  color?: boolean;
  /** Hears the person's frame (the table runner's, as the server and the web app send it) each time they are asked for a move. */
  onTurn?: (frame: TableUpdate) => void;
}

/** The terminal's time: the computer players do not wait; the next deal waits for Enter. */
const TERMINAL = pace({ botDelayMs: 0, catchDelayMs: 0, roundPauseMs: null });

/** Red suits red, when the terminal shows colour and the player has not asked for none (NO_COLOR). */
export function colorFor(o: { color?: boolean; output: NodeJS.WritableStream }): boolean {
  return o.color ?? (!process.env.NO_COLOR && (o.output as { isTTY?: boolean }).isTTY === true);
}


const plain = (card: string): string => `${card[0] === 'T' ? '10' : card[0]}${suitSymbol(SUITS.indexOf(card[1] as never))}`;

/**
 * A rank alone ("konge", "king", "dame!"): the one legal card of that rank, when only one may be played;
 * 'several' when more may (which one is for the player to say), 'none' when none may; null when the word is no rank.
 */
function byRank(text: string, legal: readonly Action[]): Action | 'several' | 'none' | null {
  const call = text.endsWith('!');
  const word = call ? text.slice(0, -1) : text;
  // The engine reads "konge clubs" as a card: the rank word is one when all four suits make a card with it.
  const cards = new Set(SUIT_NAMES.en.flatMap((suit) => {
    const r = parseNotation(`${word} ${suit}`, 0);
    return r.ok && isPlay(r.value) && r.value.play.length === 1 ? r.value.play : [];
  }));
  if (cards.size !== 4) return null;
  const fits = legal.filter((a) => isPlay(a) && a.play.length === 1 && cards.has(a.play[0]) && a.call === (call || undefined));
  return fits.length === 1 ? fits[0] : fits.length > 1 ? 'several' : 'none';
}

export async function runPlay(o: PlayOptions): Promise<number> {
  const t = textsFor(o.lang);
  // Fitted to the terminal's width at word boundaries (a pipe gets the lines whole).
  const width = widthOf(o.output);
  /** A computer player's draws not yet said: one line for a run of them. */
  let drawing: { seat: number; n: number } | null = null;
  const write = (text: string): void => {
    sayDraws();
    o.output.write(text);
  };
  const sayDraws = (): void => {
    if (!drawing) return;
    const { seat, n } = drawing;
    drawing = null;
    write(`${wrapLine(n === 1 ? t.drew(names[seat]) : t.drewMany(names[seat], n), width)}\n`);
  };
  const out = (line = ''): void => write(`${line.split('\n').map((l) => wrapLine(l, width)).join('\n')}\n`);
  // Lists (the opponents, a hand, the totals) break between items only, and at 80 columns in a pipe too (six players).
  const outList = (head: string, items: readonly string[], sep = ', '): void => write(`${wrapList(head, items, sep, width)}\n`);
  const colors = pc.createColors(colorFor(o));
  const pretty = (card: string): string => (card[1] === 'd' || card[1] === 'h' ? colors.red(plain(card)) : plain(card));
  const name = o.name.trim();
  if (name === '') {
    out(t.badName());
    return 2;
  }
  // The seats as at any table: the person first, the computer players named apart from them.
  const seats = seatsFor({ id: 'me', name }, Array.from({ length: o.players - 1 }, () => ({ kind: 'bot', level: o.level }) as const));
  const names = seats.map((s) => (s.kind === 'open' ? '?' : s.name));
  const rules = { ...(isSheddingPreset(o.game) ? rulesNeededFor(o.game, names.length) : {}), ...o.rules };
  const created = startGame({ game: o.game as GameName, players: names, seed: o.seed, rules });
  if (!created.ok) {
    // A game that cannot start is a usage error: on stderr, as the parser's own.
    (o.errors ?? o.output).write(`${setupErrorText(created.error, o.game as GameName, o.lang)}\n`);
    return 2;
  }
  // The table runner drives the game as the server and the web app do; bots' steps run at once, in their order,
  // and wait where the person may act (their turn, or the late call).
  const vt = new VirtualTable({ game: o.game as GameName, rules, seats, gameNo: 1, seed: o.seed, turnSeconds: null, fillLevel: o.level }, { pace: TERMINAL });
  vt.table.begin(created.value);
  const game = (): Game => vt.table.game as Game;
  const rl = createPrompt(o.input, o.output);
  const ask = (): Promise<string | null> => rl.ask();
  let g: Game = game();
  const word = callWordOf(g.rules);
  const describe = (a: Action): string => {
    if (isPlay(a)) return `${a.play.map(pretty).join(' + ')}${a.suit ? ` → ${suitName(SUITS.indexOf(a.suit), o.lang)}` : ''}${a.call ? ` + ${t.call(word)}` : ''}`;
    // S14: how many draws the turn has left, from the view (none said when they are unlimited).
    if (isDraw(a)) {
      const v = viewFor(g, 0);
      // S14: holding a card that fits, a draw is one card only (the engine says when).
      if (v.drawIsVoluntary) return t.drawOne;
      return v.drawsLeft === null ? t.draw : t.drawLeft(v.drawsLeft);
    }
    if (isPass(a)) return t.pass;
    if (isCatch(a)) return t.catchIt(names[a.catch], a.catch);
    if (isCall(a)) return t.call(word);
    return t.name(suitName(SUITS.indexOf(a.suit), o.lang));
  };
  const announce = (a: Action): void => {
    const who = a.seat === 0 ? t.you : names[a.seat];
    if (isPlay(a)) {
      out(t.played(who, a.play.map(pretty).join(' + '), a.suit ? suitName(SUITS.indexOf(a.suit), o.lang) : null));
      if (a.call) out(t.called(who, word));
    } else if (isDraw(a)) {
      // The person is told the card they drew, once ("Du trakk 3♠."), not also that they drew one.
      const drawn = a.seat === 0 ? viewFor(g, 0).drawn : null;
      out(drawn ? t.youDrew(pretty(drawn)) : t.drew(who));
    } else if (isPass(a)) out(t.passed(who));
    else if (isCatch(a)) {
      // The engine tells the catch: the cards it drew, named to the person caught.
      const note = viewFor(g, 0).catches.at(-1);
      out(t.caught(who, a.catch === 0 ? t.you : names[a.catch], note?.drew ?? 0));
      if (note?.cards?.length) out(t.youGot(note.cards.map(pretty).join(' ')));
    } else if (isCall(a)) out(t.called(who, word));
    else out(t.named(who, suitName(SUITS.indexOf(a.suit), o.lang)));
  };
  /** Tells every move since the last told (the person's and the computer players'), from the view's log. */
  let told = 0;
  const tell = (): void => {
    g = game();
    const log = viewFor(g, 0).log;
    if (log.length < told) told = 0;
    for (; told < log.length; told++) {
      const a = log[told];
      // A computer player's draws in a row are one line ("Ola trekker 3 kort."), said before anything else is.
      if (isDraw(a) && a.seat !== 0) {
        if (drawing?.seat === a.seat) drawing.n++;
        else {
          sayDraws();
          drawing = { seat: a.seat, n: 1 };
        }
      } else announce(a);
    }
  };
  const act = async (a: Action): Promise<boolean> => {
    const res = await vt.table.act(0, game().version, a);
    if (!res.ok) {
      const e = gameErrorOf(res.error);
      out(`${t.refused}: ${e ? localizeError(e, o.lang, names[0]) : res.error.message}${res.error.rule ? ` (${t.rule(res.error.rule)})` : ''}`);
      return false;
    }
    tell();
    return true;
  };
  let stockBefore = Infinity;
  const showTable = (): void => {
    const v = viewFor(g, 0);
    out();
    // S16: an empty stock is made anew from the discards; said, or the stock's count jumps for no reason.
    if (v.stockCount > stockBefore) out(t.reshuffled);
    stockBefore = v.stockCount;
    out(t.top(pretty(v.top), suitName(SUITS.indexOf(v.activeSuit), o.lang)) + `   ${t.stock(v.stockCount)}`);
    outList(`${t.others}: `, names.slice(1).map((nm, i) => `${nm} ${t.cards(v.handCounts[i + 1])}${v.toMove === i + 1 ? ' ◀' : ''}`));
    outList(`${t.yourHand}: `, (v.hand ?? []).map(pretty), ' ');
    // Points games (S24): the running totals and what ends the game, every turn (the engine's totals and target).
    if (v.totals) outList(t.totals(v.rules.targetScore, ''), names.map((nm, s) => `${nm} ${v.totals![s]}`));
  };

  const finish = ending({ lang: o.lang, input: o.input, out, record: o.record, recordJson: () => `${recordToJson(recordOf(g))}\n`, again: againCommand(o), bye: t.bye, close: () => rl.close(), outWhole: (line) => write(`${line}\n`) });
  const showStart = (): void => {
    g = game();
    out(t.round(g.rounds.length, names[g.rounds[g.rounds.length - 1].dealer]));
    out(t.turned(pretty(viewFor(g, 0).upcard)));
  };

  out(t.title(gameTitle(o.game as GameName, o.lang)));
  // A player count that needs a house rule (S-V14: Olsen with five or six plays with two decks) says so.
  // The game's own rules say it (S-V14): Vri åtter's five and six players get two decks as Olsen's do.
  if (game().rules.decks === 2 && o.rules.decks === undefined) out(t.twoDecks(names.length));
  // What ends the game (S22 one round by places; S-V3/S24 rounds by points to the target).
  out(game().rules.scoring === 'points' ? t.byPoints(game().rules.targetScore) : t.oneRound);
  showStart();
  for (;;) {
    tell();
    const phase = phaseOf(g);
    if (phase === 'roundOver' || phase === 'gameOver') {
      const oc = resultOf(g);
      const last = oc.rounds[oc.rounds.length - 1];
      out();
      out(t.roundOver);
      if (last.finished && last.winner === null) out(t.blocked); // S17: a blocked round has no winner
      // The round's order as the engine gives it: by the round's points in points games (S24), by place in Olsen (S22).
      const order = viewFor(g, 0).roundOrder ?? names.map((_, s) => s);
      // Points games list by the round's points, so the number is the position in that list (S24); Olsen's is the place (S22).
      const byPoints = viewFor(g, 0).roundPoints !== null;
      // Points games: one line per player with the round's points beside the cards left, in the order of those points.
      if (byPoints && last.points && oc.totals) order.forEach((s, i) => out(`  ${t.roundPoints(i + 1, names[s], last.points![s], last.hands[s], oc.totals![s])}`));
      else order.forEach((s) => out(`  ${t.place(names[s], last.places?.[s] ?? 0, last.hands[s])}`));
      if (phase === 'gameOver') {
        out(t.gameOver);
        const st = standingsOf(g);
        if (st.totals) {
          out(t.final);
          for (const s of st.order) out(`  ${t.standing(st.places[s], names[s], st.totals[s])}`);
        }
        out(t.winner(st.winners.map((s) => names[s]).join(', ')));
        return finish();
      }
      out(t.pressEnter);
      const goes = await goOn(rl, () => out(t.enterOrQuit));
      if (goes !== 'on') return finish(goes);
      if (!(await vt.table.next()).ok) break;
      told = 0;
      stockBefore = Infinity;
      showStart();
      continue;
    }
    const me = viewFor(g, 0);
    if (me.legal.length === 0) {
      // The computer players' turn: their next step (a catch before the next move).
      if (!(await vt.step())) break;
      continue;
    }
    if (me.toMove !== 0) {
      // Not the person's turn, yet they may act: the late call (S18), or a catch of a computer player that forgot
      // (S20), before the next player does.
      const caught = me.legal.find(isCatch);
      out(caught ? t.mayCatch(names[caught.catch], word) : t.stillCall(word));
      me.legal.forEach((a, i) => out(`  ${String(i + 1).padStart(2)}) ${describe(a)}`));
      const line = await ask();
      if (line === null) return finish('eof');
      const k = Number(line.trim());
      if (line.trim() !== '' && Number.isInteger(k) && k >= 1 && k <= me.legal.length) await act(me.legal[k - 1]);
      else if (!(await vt.step())) break;
      continue;
    }
    showTable();
    // A play that leaves one card is listed with and without the call: the call is the player's choice (S18).
    const legal = legalActions(g, { includeForgottenCalls: true });
    out(t.yourTurn);
    legal.forEach((a, i) => out(`  ${String(i + 1).padStart(2)}) ${describe(a)}`));
    // Several cards at once (S-V4/S-V5): the engine's options; the player types the move, e.g. 9h+9s.
    for (const o of legalGroups(g)) out(`      ${t.group(pretty(o.first), o.with.map(pretty).join(' '))}`);
    o.onTurn?.(vt.table.frame(0, { code: 'TERMINAL', seats: seatInfo(seats, () => true), host: 0, spectators: 0, recordId: null, daily: undefined }));
    const line = await ask();
    if (line === null) return finish('eof');
    const text = line.trim();
    if (text === '') continue;
    if (QUIT.test(text)) return finish('quit');
    if (/^(help|hjelp)$/i.test(text)) {
      out(t.help(word));
      out(`\n${gameRules(o.game as GameName, o.lang)}`);
      continue;
    }
    if (/^(\?|hint|tips)$/i.test(text)) {
      const h = hint(viewFor(g, 0), o.lang);
      if (h) out(`${t.hint}: ${describe(h.action)} — ${h.reason}`);
      continue;
    }
    const num = Number(text);
    const chosen = Number.isInteger(num) && num >= 1 && num <= legal.length ? legal[num - 1] : null;
    if (!chosen && /^\d+$/.test(text)) {
      out(`${t.refused}: ${t.pickNumber(legal.length)}`);
      continue;
    }
    let action: Action;
    if (chosen) action = chosen;
    else {
      const parsed = parseNotation(text, 0);
      const rank = parsed.ok ? null : byRank(text, legal);
      if (rank === 'several' || rank === 'none') {
        out(`${t.refused}: ${rank === 'several' ? t.whichOne : t.noneOfRank}`);
        continue;
      }
      if (rank) action = rank;
      else if (parsed.ok) action = parsed.value;
      else {
        // In the game's language, pointing to `hjelp` (the notation's own sentence is the engine's, in English).
        out(`${t.refused}: ${t.notAMove(text)}`);
        continue;
      }
    }
    await act(action);
  }
  return finish();
}
