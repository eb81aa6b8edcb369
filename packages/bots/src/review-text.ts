/**
 * The review's sentences: what a decision cost and why the better move was
 * better, in the hints' words ("Her kostet det 9 % vinnersjanse å legge 6♦:
 * å legge 2♣ var bedre (52 % mot 43 %). Spar åtteren: Kari har ett kort
 * igjen."). The figures are the review's; only the words are made here.
 */
import { isHeartsView, replaySteps, viewOf, type AnyAction, type AnyView, type GameName, type Lang } from '@olsen/engine';
import type { HeartsView } from '@olsen/engine/hearts';
import type { PlayerView } from '@olsen/engine/shedding';
import { heartsReasonSentence, reasonSentence } from './hint.js';
import type { HeartsReason } from './hearts.js';
import type { Measure, Review, ReviewDecision } from './review.js';
import type { Reason } from './shedding.js';

const SUIT_SYMBOL: Record<string, string> = { c: '♣', d: '♦', h: '♥', s: '♠' };
const SUIT_WORD: Record<Lang, Record<string, string>> = {
  nb: { c: 'kløver', d: 'ruter', h: 'hjerter', s: 'spar' },
  en: { c: 'clubs', d: 'diamonds', h: 'hearts', s: 'spades' },
  nl: { c: 'klaveren', d: 'ruiten', h: 'harten', s: 'schoppen' },
  de: { c: 'Kreuz', d: 'Karo', h: 'Herz', s: 'Pik' },
};
const LOCALE: Record<Lang, string> = { nb: 'nb-NO', en: 'en-GB', nl: 'nl-NL', de: 'de-DE' };

/** A card as people write it: 10♠, K♥. */
export const prettyCard = (c: string): string => `${c[0] === 'T' ? '10' : c[0]}${SUIT_SYMBOL[c[1]]}`;

const say = (lang: Lang, t: Record<Lang, string>): string => t[lang];
const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * An action as a verb phrase: the infinitive after "å" / "to" ("legge 8♣ og si
 * hjerter", "draw"), and in Dutch and German the infinitive that can open a
 * sentence ("8♣ spelen en harten vragen", "ziehen").
 */
export function actionWords(a: AnyAction, view: AnyView, lang: Lang): string {
  if ('play' in a) {
    const cards = a.play.map(prettyCard).join(' ');
    if (isHeartsView(view)) return say(lang, { nb: `spille ${cards}`, en: `play ${cards}`, nl: `${cards} spelen`, de: `${cards} spielen` });
    let phrase: string;
    if ('suit' in a && a.suit) {
      const w = SUIT_WORD[lang][a.suit];
      phrase = say(lang, { nb: `legge ${cards} og si ${w}`, en: `lay ${cards} and name ${w}`, nl: `${cards} spelen en ${w} vragen`, de: `${cards} legen und ${w} wünschen` });
    } else phrase = say(lang, { nb: `legge ${cards}`, en: `lay ${cards}`, nl: `${cards} spelen`, de: `${cards} legen` });
    // A play that leaves one card: with the call or without it (S18) is the difference between two options.
    if (view.hand && view.hand.length - a.play.length === 1) phrase += callWords('call' in a && a.call === true, view, lang);
    return phrase;
  }
  if ('give' in a) {
    const cards = a.give.map(prettyCard).join(' ');
    return say(lang, { nb: `sende ${cards}`, en: `pass ${cards}`, nl: `${cards} doorgeven`, de: `${cards} weitergeben` });
  }
  if ('draw' in a) return say(lang, { nb: 'trekke', en: 'draw', nl: 'trekken', de: 'ziehen' });
  if ('pass' in a) return say(lang, { nb: 'si pass', en: 'pass', nl: 'passen', de: 'passen' });
  if ('catch' in a) {
    const p = view.players[a.catch];
    return say(lang, { nb: `banke i bordet for ${p}`, en: `bang the table on ${p}`, nl: `op tafel kloppen voor ${p}`, de: `wegen ${p} auf den Tisch klopfen` });
  }
  if ('call' in a) return say(lang, { nb: 'si ifra', en: 'make the call', nl: 'roepen', de: 'ansagen' });
  const w = SUIT_WORD[lang][a.suit];
  return say(lang, { nb: `si ${w}`, en: `name ${w}`, nl: `${w} kiezen`, de: `${w} wählen` });
}

/** The call's word in the game being played: «Olsen», or «ett kort igjen» in Vri åtter. */
function callWord(view: AnyView, lang: Lang): string {
  if (!isHeartsView(view) && view.call.kind === 'olsen') return say(lang, { nb: '«Olsen»', en: '“Olsen”', nl: '„Olsen”', de: '„Olsen“' });
  return say(lang, { nb: '«ett kort igjen»', en: '“one card left”', nl: '„laatste kaart”', de: '„letzte Karte“' });
}

function callWords(called: boolean, view: AnyView, lang: Lang): string {
  const w = callWord(view, lang);
  return called
    ? say(lang, { nb: ` og si ${w}`, en: ` and call ${w}`, nl: ` en ${w} roepen`, de: ` und ${w} ansagen` })
    : say(lang, { nb: ` uten å si ${w}`, en: ` without calling ${w}`, nl: ` zonder ${w} te roepen`, de: ` ohne ${w} anzusagen` });
}

/** A value as the review shows it: "43 %" (win chance) or "7,5 poeng" / "7.5 points". */
export function formatValue(v: number, measure: Measure, lang: Lang): string {
  // A no-break space: the "%" never wraps onto a line of its own.
  if (measure === 'win') return `${Math.round(v * 100)}\u00a0%`;
  const n = (Math.round(v * 10) / 10).toLocaleString(LOCALE[lang]);
  return say(lang, { nb: `${n} poeng`, en: `${n} points`, nl: `${n} punten`, de: `${n} Punkte` });
}

/**
 * The cost in words, as the difference of the two figures shown beside it (so
 * the sentence adds up): "9 % vinnersjanse", "3,2 poeng". Whether it is a
 * mistake at all was decided on fresh worlds (`ReviewDecision.loss`).
 */
function lossWords(best: number, chosen: number, measure: Measure, lang: Lang): string {
  if (measure === 'win') {
    const pct = Math.max(0, Math.round(best * 100) - Math.round(chosen * 100));
    return say(lang, { nb: `${pct}\u00a0% vinnersjanse`, en: `${pct}\u00a0% chance to win`, nl: `${pct}\u00a0% winkans`, de: `${pct}\u00a0% Gewinnchance` });
  }
  return formatValue(Math.max(0, Math.round(chosen * 10) - Math.round(best * 10)) / 10, measure, lang);
}

/**
 * The sentence for one decision, from the view the seat had then. A mistake
 * names the cost, the better move and why; any other decision says how the
 * choice compared.
 */
export function describeDecision(d: ReviewDecision, view: AnyView, lang: Lang): string {
  const e = d.evaluation;
  const chosen = e.options[d.chosen];
  const best = e.options[e.best];
  const m = e.measure;
  const x = actionWords(chosen.action, view, lang);
  const y = actionWords(best.action, view, lang);
  const v = formatValue(chosen.mean, m, lang);
  const against = say(lang, { nb: 'mot', en: 'against', nl: 'tegen', de: 'gegen' });
  // The figures in the order the sentence names the moves.
  const bestFirst = `(${formatValue(best.mean, m, lang)} ${against} ${v})`;
  const chosenFirst = `(${v} ${against} ${formatValue(best.mean, m, lang)})`;
  if (!d.mistake) {
    if (d.chosen === e.best) return say(lang, { nb: `Å ${x} var det beste valget (${v}).`, en: `To ${x} was the best choice (${v}).`, nl: `${capital(x)} was de beste keuze (${v}).`, de: `${capital(x)} war die beste Wahl (${v}).` });
    return say(lang, {
      // The best looked better on the first deals; measured again on fresh ones (how a mistake is judged), the gap
      // was within the noise: said so, never "about as good" beside figures far apart.
      nb: `Å ${x} regnes ikke som en feil, selv om å ${y} så bedre ut ${chosenFirst}: målt på nytt er forskjellen innenfor usikkerheten.`,
      en: `To ${x} is not counted a mistake, though to ${y} looked better ${chosenFirst}: measured again, the difference is within the noise.`,
      nl: `${capital(x)} telt niet als fout, al leek ${y} beter ${chosenFirst}: opnieuw gemeten valt het verschil binnen de onzekerheid.`,
      de: `${capital(x)} zählt nicht als Fehler, auch wenn ${y} besser aussah ${chosenFirst}: neu gemessen liegt der Unterschied innerhalb der Unsicherheit.`,
    });
  }
  const loss = lossWords(best.mean, chosen.mean, m, lang);
  const parts = [
    say(lang, {
      nb: `Her kostet det ${loss} å ${x}: å ${y} var bedre ${bestFirst}.`,
      en: `Here it cost ${loss} to ${x}: to ${y} was better ${bestFirst}.`,
      nl: `Hier kostte ${x} je ${loss}: ${y} was beter ${bestFirst}.`,
      de: `Hier kostete ${x} ${loss}: ${y} war besser ${bestFirst}.`,
    }),
  ];
  if (onlyTheCall(chosen.action, best.action)) {
    // The same cards, the call left out: the reason is the call, whatever the habits would say of the card.
    const w = callWord(view, lang);
    parts.push(say(lang, {
      nb: `Si ${w} når du legger nest siste kort: ellers kan de andre banke i bordet, og du må trekke straffekort.`,
      en: `Call ${w} when you lay your second-last card: otherwise the others may bang the table, and you draw penalty cards.`,
      nl: `Roep ${w} als je je voorlaatste kaart speelt: anders mogen de anderen op tafel kloppen en trek je strafkaarten.`,
      de: `Sag ${w} an, wenn du deine vorletzte Karte legst: sonst dürfen die anderen auf den Tisch klopfen, und du ziehst Strafkarten.`,
    }));
  } else if (d.reason) parts.push(isHeartsView(view) ? heartsReasonSentence(d.reason as HeartsReason, view as HeartsView, lang) : reasonSentence(d.reason as Reason, view as PlayerView, lang));
  const mentioned = d.reason && 'seat' in d.reason ? d.reason.seat : -1;
  const short = d.lastCard.filter((s) => s !== mentioned).map((s) => view.players[s]);
  if (short.length > 0) {
    const one = short.length === 1;
    parts.push(say(lang, {
      nb: `${short.join(' og ')} har ett kort igjen.`,
      en: `${short.join(' and ')} ${one ? 'has' : 'have'} one card left.`,
      nl: `${short.join(' en ')} ${one ? 'heeft' : 'hebben'} nog één kaart.`,
      de: `${short.join(' und ')} ${one ? 'hat' : 'haben'} nur noch eine Karte.`,
    }));
  }
  return parts.join(' ');
}

/** Two plays of the same cards that differ only in the call. */
function onlyTheCall(a: AnyAction, b: AnyAction): boolean {
  if (!('play' in a) || !('play' in b) || a.play.join() !== b.play.join()) return false;
  const suit = (x: AnyAction): unknown => ('suit' in x ? x.suit : undefined);
  const call = (x: AnyAction): boolean => 'call' in x && x.call === true;
  return suit(a) === suit(b) && call(a) !== call(b);
}

/** One decision of a review as a page shows it: the figures, the words, the seat's view then. */
export interface ReviewPageDecision {
  readonly step: number;
  readonly round: number;
  readonly index: number;
  /** The seat's own move number in the game (from 1). */
  readonly move: number;
  readonly mistake: boolean;
  readonly text: string;
  readonly options: readonly { readonly words: string; readonly mean: number; readonly se: number; readonly chosen: boolean; readonly best: boolean }[];
  /** The table as the seat saw it before the move (its own view: nothing hidden from it is in here). */
  readonly view: AnyView;
}

/** A review ready to draw: what the web app's Analyse page shows, in one language. */
export interface ReviewPage {
  readonly game: GameName;
  readonly seat: number;
  readonly players: readonly string[];
  readonly measure: Measure;
  readonly worlds: number;
  /** Steps of the replay (deals and actions). */
  readonly steps: number;
  readonly swing: Review['swing'];
  readonly decisions: readonly ReviewPageDecision[];
  /** The seat's moves the computer made for it (not judged), 0 when none. */
  readonly byComputer: number;
}

/**
 * The review with its words in `lang` and the seat's view at each decision.
 * Reads the record only through the seat's views (`viewOf(…, seat)`), so a
 * page made for a player holds nothing that player did not see.
 */
export function reviewPage(review: Review, record: unknown, lang: Lang): ReviewPage {
  const steps = replaySteps(record);
  if (!steps.ok) throw new Error(steps.error.message);
  const seat = review.seat;
  return {
    game: review.game,
    seat,
    players: review.players,
    measure: review.measure,
    worlds: review.worlds,
    steps: steps.value.length,
    swing: review.swing,
    byComputer: review.byComputer ?? 0,
    decisions: review.decisions.map((d) => {
      const view = viewOf(steps.value[d.step].game, seat);
      return {
        step: d.step,
        round: d.round,
        index: d.index,
        move: d.move,
        mistake: d.mistake,
        text: describeDecision(d, view, lang),
        options: d.evaluation.options.map((o, i) => ({ words: actionWords(o.action, view, lang), mean: o.mean, se: o.se, chosen: i === d.chosen, best: i === d.evaluation.best })),
        view,
      };
    }),
  };
}
