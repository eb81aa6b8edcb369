/**
 * `olsen play --game olsen-dk`: Danish Olsen in the terminal. Shows the
 * trick, who leads, the points taken and the totals, numbered legal cards;
 * a refused card is explained with its H-rule. The computer players are the
 * bots package's, at the chosen level.
 */
import { againCommand } from './again.js';
import { ending } from './ending.js';
import { widthOf, wrapLine, wrapList } from './wrap.js';
import { isPlay, SUITS, cardName, gameTitle, resultOf, recordOf, recordToJson, startGame } from '@olsen/engine';
import { localizeError } from '@olsen/engine/localize';
import * as olsenDk from '@olsen/engine/hearts';
import { type HeartsAction, type HeartsGame } from '@olsen/engine/hearts';
import { parseCards } from '@olsen/engine/shedding';
import { gameErrorOf } from '@olsen/protocol';
import { VirtualTable, pace, seatsFor } from '@olsen/table';
import { suitSymbol, type Lang } from './i18n.js';
import { QUIT, createPrompt, goOn } from './prompt.js';
import { setupErrorText } from './setup-error.js';
import { gameRules, ruleWords } from './rule-book.js';
import { heartsHint, type Level } from '@olsen/bots';

const TEXT = {
  nb: {
    title: (game: string) => `${game} — unngå hjerter og spar dame!`,
    help: [
      'Slik skriver du et trekk:',
      '  3              nummeret i lista',
      '  spar dame      kortet med ord (eller kort: Qs; A K Q J T 9–2 og c d h s)',
      '  1 4 7          i gi-runden: numrene på de tre kortene du gir bort',
      '  ?              et tips fra datamaskinen',
      '  q              avslutt spillet',
      'Kortene vises som A ess, K konge, Q dame, J knekt, 10 ti; ♣ kløver, ♦ ruter, ♥ hjerter, ♠ spar.',
      '«(regel H5)» i et svar viser til en regel: olsen rules H5 forklarer den.',
    ].join('\n'),
    hand: (n: number, dealer: string) => `Giv ${n}. ${dealer} gir.`,
    pass: (k: number, to: string) => `Gi ${k} kort til ${to}: skriv ${k} numre (f.eks. 1 4 7) eller kort (f.eks. spar dame).`,
    gave: (cards: string, to: string) => `Du ga ${cards} til ${to}.`,
    goal: (limit: number | null, deals: number | null) => (deals === null || limit !== null ? `Spillet slutter når noen når ${limit} poeng; lavest sum vinner.` : `Spillet varer ${deals} giv; lavest sum vinner.`),
    passRule: (pass: string, players: number) => (pass === 'none' ? 'Ingen gir kort videre (med --rules passing gir alle tre kort etter hver giv).' : pass === 'left' ? 'Etter hver giv gir alle tre kort til spilleren til venstre.' : `Etter given gir alle tre kort, på rundgang: til venstre, til høyre${players === 4 ? ', tvers over' : ''}, og så en giv uten.`),
    target: (limit: number | null, deals: number | null) => (deals === null ? `slutt ved ${limit}` : `${deals} giv`),
    received: (cards: string, from: string | null) => `Du fikk ${cards}${from ? ` fra ${from}` : ''}.`,
    trick: 'Stikket',
    empty: '(tomt — du spiller ut)',
    lastTrick: (cards: string, who: string) => `Forrige stikk: ${cards} → ${who}`,
    scores: 'Poeng (denne given / totalt)',
    scoresNow: (goal: string) => `Poeng (denne given så langt / sum før given; ${goal})`,
    yourHand: 'Din hånd',
    yourTurn: 'Din tur: nummer eller kort, f.eks. «spar dame» (? tips, hjelp, q avslutt):',
    hint: 'Tips',
    played: (who: string, card: string) => `${who} legger ${card}.`,
    passed: (who: string) => `${who} har gitt bort tre kort.`,
    took: (who: string, pts: number) => `${who} tar stikket${pts ? ` (${pts} poeng)` : ''}.`,
    refused: 'Det går ikke',
    oneCard: 'legg ett kort, f.eks. «spar dame» eller Qs (i dansk Olsen trekker og passer man ikke).',
    notCards: (text: string, k: number) => `«${text}» er ikke ${k} kort fra hånden din: skriv ${k} numre eller kort.`,
    noSuchNumber: (k: number, n: number) => `det er ikke noe kort nummer ${k}: hånden har 1–${n}.`,
    twice: 'det samme kortet står to ganger: velg tre forskjellige.',
    howMany: (got: number, k: number) => `det er ${got} kort; du skal gi ${k}.`,
    notHeld: (card: string) => `du har ikke ${card} på hånden.`,
    handOver: 'Given er ferdig.',
    moon: (who: string) => `${who} tok alle straffekortene!`,
    winner: (names: string) => `Vinner: ${names}!`,
    final: 'Sluttstilling:',
    standing: (place: number, name: string, total: number) => `${place}. ${name} — ${total} poeng`,
    tieBreak: 'Likt om seieren: en ekstra giv mellom dem som står likt.',
    tieWon: (winner: string, others: string, total: number) => `${winner} og ${others} sto likt på ${total} poeng; ${winner} tok færrest poeng i den ekstra given (H9).`,
    next: 'Trykk Enter for neste giv (q avslutter).',
    enterOrQuit: 'Trykk Enter for å fortsette, eller q for å avslutte.',
    bye: 'Takk for spillet!',
  },
  en: {
    title: (game: string) => `${game} — avoid the hearts and the queen of spades!`,
    help: [
      'How to type a move:',
      '  3                  its number in the list',
      '  queen of spades    the card in words (or short: Qs; A K Q J T 9–2 and c d h s)',
      '  1 4 7              in the pass: the numbers of the three cards you give',
      '  ?                  a hint from the computer',
      '  q                  quit the game',
      'Cards show as A ace, K king, Q queen, J jack, 10 ten; ♣ clubs, ♦ diamonds, ♥ hearts, ♠ spades.',
      '"(rule H5)" in an answer names a rule: olsen rules H5 --lang en explains it.',
    ].join('\n'),
    hand: (n: number, dealer: string) => `Hand ${n}. ${dealer} ${dealer === 'You' ? 'deal' : 'deals'}.`,
    pass: (k: number, to: string) => `Pass ${k} cards to ${to}: type ${k} numbers (e.g. 1 4 7) or cards (e.g. Qs Ah Kh).`,
    gave: (cards: string, to: string) => `You passed ${cards} to ${to}.`,
    goal: (limit: number | null, deals: number | null) => (deals === null || limit !== null ? `The game ends when someone reaches ${limit} points; the lowest total wins.` : `The game lasts ${deals} hands; the lowest total wins.`),
    passRule: (pass: string, players: number) => (pass === 'none' ? 'Nobody passes cards (with --rules passing everyone passes three after each deal).' : pass === 'left' ? 'After each deal everyone passes three cards to the player on their left.' : `After the deal everyone passes three cards, in turn: to the left, to the right${players === 4 ? ', across' : ''}, then a hand without.`),
    target: (limit: number | null, deals: number | null) => (deals === null ? `ends at ${limit}` : `${deals} hands`),
    received: (cards: string, from: string | null) => `You received ${cards}${from ? ` from ${from}` : ''}.`,
    trick: 'Trick',
    empty: '(empty — you lead)',
    lastTrick: (cards: string, who: string) => `Last trick: ${cards} → ${who}`,
    scores: 'Points (this hand / total)',
    scoresNow: (goal: string) => `Points (this hand so far / total before it; ${goal})`,
    yourHand: 'Your hand',
    yourTurn: 'Your turn: a number or a card, e.g. "queen of spades" (? hint, help, q quit):',
    hint: 'Hint',
    played: (who: string, card: string) => `${who} ${who === 'You' ? 'play' : 'plays'} ${card}.`,
    passed: (who: string) => `${who} ${who === 'You' ? 'have' : 'has'} passed three cards.`,
    took: (who: string, pts: number) => `${who} ${who === 'You' ? 'take' : 'takes'} the trick${pts ? ` (${pts} point${pts === 1 ? '' : 's'})` : ''}.`,
    oneCard: 'lay one card, such as "queen of spades" or Qs (Danish Olsen has no drawing and no passing).',
    notCards: (text: string, k: number) => `"${text}" is not ${k} cards of your hand: type ${k} numbers or cards.`,
    noSuchNumber: (k: number, n: number) => `there is no card number ${k}: the hand has 1–${n}.`,
    twice: 'the same card is there twice: pick three different ones.',
    howMany: (got: number, k: number) => `that is ${got} card${got === 1 ? '' : 's'}; you pass ${k}.`,
    notHeld: (card: string) => `you do not hold the ${card}.`,
    refused: 'Not allowed',
    handOver: 'The hand is over.',
    moon: (who: string) => `${who} took every penalty card!`,
    winner: (names: string) => `Winner: ${names}!`,
    final: 'Final standings:',
    standing: (place: number, name: string, total: number) => `${place}. ${name} — ${total} point${Math.abs(total) === 1 ? '' : 's'}`,
    tieBreak: 'A tie for lowest: one extra hand between the tied players.',
    tieWon: (winner: string, others: string, total: number) => `${winner} and ${others} were level on ${total} points; ${winner} took fewer points in the extra hand (H9).`,
    next: 'Press Enter for the next hand (q quits).',
    enterOrQuit: 'Press Enter to go on, or q to quit.',
    bye: 'Thanks for playing!',
  },
};

const pretty = (card: string): string => `${card[0] === 'T' ? '10' : card[0]}${suitSymbol(SUITS.indexOf(card[1] as never))}`;

export async function runHeartsPlay(o: { players: number; lang: Lang; seed: string; name: string; rules: Record<string, unknown>; level: Level; output: NodeJS.WritableStream; input: NodeJS.ReadableStream; errors?: NodeJS.WritableStream; record?: string }): Promise<number> {
  const t = TEXT[o.lang];
  // Fitted to the terminal's width at word boundaries (a pipe gets the lines whole).
  const width = widthOf(o.output);
  const out = (line = ''): void => void o.output.write(`${line.split('\n').map((l) => wrapLine(l, width)).join('\n')}\n`);
  // Lists (a hand, the points) break between items only, and at 80 columns in a pipe too.
  const outList = (head: string, items: readonly string[], sep = ', '): void => void o.output.write(`${wrapList(head, items, sep, width)}\n`);
  // The seats as at any table: the person first, the computer players named apart from them.
  const seats = seatsFor({ id: 'me', name: o.name }, Array.from({ length: o.players - 1 }, () => ({ kind: 'bot', level: o.level }) as const));
  const names = seats.map((s) => (s.kind === 'open' ? '?' : s.name));
  const created = startGame({ game: 'olsen-dk', players: names, seed: o.seed, rules: o.rules });
  if (!created.ok) {
    // A game that cannot start is a usage error: on stderr, as the parser's own.
    (o.errors ?? o.output).write(`${setupErrorText(created.error, 'olsen-dk', o.lang)}\n`);
    return 2;
  }
  // The table runner drives the game as the server and the web app do; the computer players' steps run at once.
  const vt = new VirtualTable({ game: 'olsen-dk', rules: o.rules, seats, gameNo: 1, seed: o.seed, turnSeconds: null, fillLevel: o.level }, { pace: pace({ botDelayMs: 0, catchDelayMs: 0, roundPauseMs: null }) });
  vt.table.begin(created.value);
  const game = (): HeartsGame => vt.table.game as HeartsGame;
  let g = game();
  const rl = createPrompt(o.input, o.output);
  const ask = (): Promise<string | null> => rl.ask();
  const finish = ending({ lang: o.lang, input: o.input, out, record: o.record, recordJson: () => `${recordToJson(recordOf(g))}\n`, again: againCommand({ ...o, game: 'olsen-dk' }), bye: t.bye, close: () => rl.close(), outWhole: (line) => void o.output.write(`${line}\n`) });
  /** What changed for the person: the moves, the cards received in the pass, a trick taken. */
  const tell = (before: ReturnType<typeof olsenDk.viewFor>, a: HeartsAction | { seat: number; give: null }): void => {
    const after = olsenDk.viewFor(g, 0);
    if (isPlay(a)) out(t.played(names[a.seat], pretty(a.play[0])));
    else if (a.seat !== 0) out(t.passed(names[a.seat]));
    else if (after.passed?.length && !before.passed?.length && before.passTo !== null) out(t.gave(after.passed.map(pretty).join(' '), names[before.passTo]));
    if (before.phase === 'pass' && after.phase === 'play' && after.received?.length) out(t.received(after.received.map(pretty).join(' '), after.passFrom === null ? null : names[after.passFrom]));
    if (isPlay(a) && after.lastTrick && after.trick.cards.length === 0) out(t.took(names[after.lastTrick.winner], after.taken[after.lastTrick.winner] - before.taken[after.lastTrick.winner]));
  };
  /** Runs one change (the person's move or the computer's next step) and tells it. */
  const change = async (run: () => Promise<boolean>): Promise<boolean> => {
    const before = olsenDk.viewFor(g, 0);
    const seen = before.log.length;
    const ok = await run();
    g = game();
    const log = olsenDk.viewFor(g, 0).log;
    if (log.length > seen) for (let i = seen; i < log.length; i++) tell(before, log[i]);
    return ok;
  };
  const act = (a: HeartsAction): Promise<boolean> =>
    change(async () => {
      const res = await vt.table.act(0, g.version, a);
      if (!res.ok) {
        const e = gameErrorOf(res.error);
        out(`${t.refused}: ${e ? localizeError(e, o.lang, names[0]) : res.error.message}${res.error.rule ? ` (${o.lang === 'nb' ? 'regel' : 'rule'} ${res.error.rule})` : ''}`);
      }
      return res.ok;
    });
  out(t.title(gameTitle('olsen-dk', o.lang)));
  // What ends the game and whether cards are passed, from the game's rules (H3, H9): said once, at the start.
  const r0 = olsenDk.viewFor(g, 0).rules;
  out(t.goal(r0.pointLimit, r0.deals));
  // How points are counted and what shooting the moon is (H8), in the words of the rules page.
  out(ruleWords('H8', o.lang));
  out(t.passRule(r0.pass, names.length));
  const goal = t.target(r0.pointLimit, r0.deals);
  out(t.hand(1, names[g.rounds[0].dealer]));
  for (;;) {
    const view = olsenDk.viewFor(g, 0);
    if (view.phase === 'handOver' || view.phase === 'gameOver') {
      const oc = resultOf(g);
      const last = oc.rounds[oc.rounds.length - 1];
      out();
      out(t.handOver);
      if (view.moon !== null && names[view.moon] !== undefined) out(t.moon(names[view.moon]));
      out(t.scores);
      names.forEach((nm, s) => out(`  ${nm}: ${last.points?.[s] ?? 0} / ${oc.totals?.[s] ?? 0}`));
      if (view.phase === 'gameOver') {
        const st = view.standings;
        out(t.final);
        for (const s of st.order) out(`  ${t.standing(st.places[s], names[s], st.totals![s])}`);
        // H9: a winner level on total with others won the extra hand; say so, or the list reads as a coin toss.
        const best = st.totals![st.order[0]];
        const level = st.order.filter((s) => st.totals![s] === best);
        if (st.winners.length === 1 && level.length > 1) out(t.tieWon(names[st.winners[0]], level.filter((s) => s !== st.winners[0]).map((s) => names[s]).join(', '), best));
        out(t.winner(st.winners.map((s) => names[s]).join(', ')));
        break;
      }
      // H9: the hand just ended left a tie for lowest; the next hand is the tie-break.
      if (view.tieBreak) out(t.tieBreak);
      out(t.next);
      const goes = await goOn(rl, () => out(t.enterOrQuit));
      if (goes !== 'on') return finish(goes);
      if (!(await vt.table.next()).ok) break;
      g = game();
      out(t.hand(g.rounds.length, names[g.rounds[g.rounds.length - 1].dealer]));
      continue;
    }
    // The computer players pass and play in their turn (the runner's steps), until the person may act.
    const v = olsenDk.viewFor(g, 0);
    if (v.legal.length === 0) {
      if (!(await change(() => vt.step()))) break;
      continue;
    }
    out();
    if (v.phase === 'pass' && v.passTo !== null) out(t.pass(v.passSize, names[v.passTo]));
    else {
      out(`${t.trick}: ${v.trick.cards.length ? v.trick.cards.map((c, i) => `${names[v.trick.seats[i]]} ${pretty(c)}`).join(', ') : t.empty}`);
      if (v.lastTrick) out(t.lastTrick(v.lastTrick.cards.map(pretty).join(' '), names[v.lastTrick.winner]));
      outList(`${t.scoresNow(goal)}: `, names.map((nm, s) => `${nm} ${v.taken[s]}/${v.totals[s]}`));
    }
    // In the pass the hand is numbered: three numbers pick the cards (the 286 ways to choose are no menu).
    const hand = v.hand ?? [];
    if (v.phase === 'pass') outList(`${t.yourHand}: `, hand.map((c, i) => `${i + 1}) ${pretty(c)}`), '  ');
    else outList(`${t.yourHand}: `, hand.map(pretty), ' ');
    // The pass has its own line above (three cards, to whom); the turn's line is for laying one card.
    if (v.phase !== 'pass') out(t.yourTurn);
    const legal = v.legal;
    if (v.phase === 'play') legal.forEach((a, i) => out(`  ${String(i + 1).padStart(2)}) ${isPlay(a) ? pretty(a.play[0]) : ''}`));
    const line = await ask();
    if (line === null) return finish('eof');
    const text = line.trim();
    if (text === '') continue;
    if (QUIT.test(text)) return finish('quit');
    if (/^(help|hjelp)$/i.test(text)) {
      out(t.help);
      out(`\n${gameRules('olsen-dk', o.lang)}`);
      continue;
    }
    if (/^(\?|hint|tips)$/i.test(text)) {
      const h = heartsHint(v, o.lang);
      if (h) out(`${t.hint}: ${isPlay(h.action) ? pretty(h.action.play[0]) : h.action.give.map(pretty).join(' ')} — ${h.reason}`);
      continue;
    }
    if (v.phase === 'pass') {
      // Numbers of the hand's cards (1 4 7), or the cards as typed or said (Qs, spar dame); the engine judges the rest (H3).
      const numbers = /^[\d\s,]+$/.test(text) ? text.split(/[\s,]+/).filter(Boolean).map(Number) : null;
      const cards = numbers ? (numbers.every((k) => Number.isInteger(k) && k >= 1 && k <= hand.length) ? numbers.map((k) => hand[k - 1]) : null) : parseCards(text);
      // What is wrong, said: a number off the hand, too few or many, the same card twice, a word that is no card.
      const off = numbers?.find((k) => !(Number.isInteger(k) && k >= 1 && k <= hand.length));
      const why = off !== undefined ? t.noSuchNumber(off, hand.length)
        : !cards ? t.notCards(text, v.passSize)
        : cards.some((c) => !hand.includes(c)) ? t.notHeld(cardName(cards.find((c) => !hand.includes(c))!, o.lang))
        : new Set(cards).size !== cards.length ? t.twice
        : cards.length !== v.passSize ? t.howMany(cards.length, v.passSize)
        : null;
      if (why !== null || !cards) {
        out(`${t.refused}: ${why ?? t.notCards(text, v.passSize)}`);
        continue;
      }
      await act({ seat: 0, give: cards as never });
      continue;
    }
    const num = Number(text);
    if (Number.isInteger(num) && num >= 1 && num <= legal.length) {
      await act(legal[num - 1]);
      continue;
    }
    const card = parseCards(text);
    if (!card || card.length !== 1) {
      out(`${t.refused}: ${t.oneCard}`);
      continue;
    }
    await act({ seat: 0, play: [card[0]] });
  }
  return finish();
}
