/**
 * The review's sentences: what a decision cost and why the better move was
 * better, in the hints' words ("Her kostet det 9 % vinnersjanse å legge 6♦:
 * å legge 2♣ var bedre (52 % mot 43 %). Spar åtteren: Kari har ett kort
 * igjen."). The figures are the review's; only the words are made here.
 */
import { isCall, isCatch, isDraw, isGive, isPass, isPlay, isHeartsView, replaySteps, viewOf, type AnyAction, type AnyView, type GameName, type Lang } from '@olsen/engine';
import type { HeartsView } from '@olsen/engine/hearts';
import type { PlayerView } from '@olsen/engine/shedding';
import { heartsReasonSentence, reasonSentence } from './hint.js';
import type { HeartsReason } from './hearts.js';
import type { Measure, Review, ReviewDecision } from './review.js';
import { MISTAKE_FLOOR, costOf } from './verdict.js';
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
  if (isPlay(a)) {
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
  if (isGive(a)) {
    const cards = a.give.map(prettyCard).join(' ');
    return say(lang, { nb: `sende ${cards}`, en: `pass ${cards}`, nl: `${cards} doorgeven`, de: `${cards} weitergeben` });
  }
  if (isDraw(a)) return say(lang, { nb: 'trekke', en: 'draw', nl: 'trekken', de: 'ziehen' });
  if (isPass(a)) return say(lang, { nb: 'si pass', en: 'pass', nl: 'passen', de: 'passen' });
  if (isCatch(a)) {
    const p = view.players[a.catch];
    return say(lang, { nb: `banke i bordet for ${p}`, en: `bang the table on ${p}`, nl: `op tafel kloppen voor ${p}`, de: `wegen ${p} auf den Tisch klopfen` });
  }
  if (isCall(a)) return say(lang, { nb: 'si ifra', en: 'make the call', nl: 'roepen', de: 'ansagen' });
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

/** A number as the page prints it: a true minus sign, the reader's decimal comma or point. */
function num(v: number, digits: number, lang: Lang): string {
  return v.toLocaleString(LOCALE[lang], { minimumFractionDigits: digits, maximumFractionDigits: digits }).replace(/^-/, '\u2212');
}

/**
 * A decision's one cost in words with its 95 % interval: "9 % vinnersjanse (5–13 %)", "2,8 poeng (1,7–3,9)". The
 * figure is the paired re-measurement the verdict is read from (`costOf`), never the first worlds' difference.
 */
export function costWords(d: Pick<ReviewDecision, 'loss' | 'lossSe'>, measure: Measure, lang: Lang): string {
  const c = costOf(d, measure);
  if (measure === 'win') {
    const p = (v: number): string => num(Math.round(v * 100), 0, lang);
    const range = `(${p(c.lo)}–${p(c.hi)}\u00a0%)`;
    return say(lang, { nb: `${p(c.loss)}\u00a0% vinnersjanse ${range}`, en: `${p(c.loss)}\u00a0% chance to win ${range}`, nl: `${p(c.loss)}\u00a0% winkans ${range}`, de: `${p(c.loss)}\u00a0% Gewinnchance ${range}` });
  }
  const range = `(${num(c.lo, 1, lang)}–${num(c.hi, 1, lang)})`;
  const n = num(c.loss, 1, lang);
  return say(lang, { nb: `${n} poeng ${range}`, en: `${n} points ${range}`, nl: `${n} punten ${range}`, de: `${n} Punkte ${range}` });
}

/** The floor of a mistake in words: "1,5 poeng", "3 % vinnersjanse". */
function floorWords(measure: Measure, lang: Lang): string {
  const f = MISTAKE_FLOOR[measure];
  if (measure === 'win') {
    const p = Math.round(f * 100);
    return say(lang, { nb: `${p}\u00a0% vinnersjanse`, en: `${p}\u00a0% chance to win`, nl: `${p}\u00a0% winkans`, de: `${p}\u00a0% Gewinnchance` });
  }
  const n = num(f, 1, lang);
  return say(lang, { nb: `${n} poeng`, en: `${n} points`, nl: `${n} punten`, de: `${n} Punkte` });
}

/**
 * The sentence for one decision, from the view the seat had then. It follows the decision's one verdict
 * (`ReviewDecision.verdict`) and names its one cost (`costWords`): a mistake names the cost, the better move and
 * why; a decision that is not one says which of the rule's two tests it failed.
 */
export function describeDecision(d: ReviewDecision, view: AnyView, lang: Lang): string {
  const e = d.evaluation;
  const chosen = e.options[d.chosen];
  const best = e.options[e.best];
  const m = e.measure;
  const x = actionWords(chosen.action, view, lang);
  const y = actionWords(best.action, view, lang);
  const verdict = d.verdict;
  if (verdict === 'best') {
    const v = formatValue(chosen.mean, m, lang);
    return say(lang, { nb: `Å ${x} var det beste valget (${v}).`, en: `To ${x} was the best choice (${v}).`, nl: `${capital(x)} was de beste keuze (${v}).`, de: `${capital(x)} war die beste Wahl (${v}).` });
  }
  const cost = costWords(d, m, lang);
  if (verdict === 'noise' && costOf(d, m).hi <= 0) {
    // Measured again, the two moves came out the same in every world: no cost at all, not "within the noise".
    return say(lang, {
      nb: `Å ${x} var like godt som å ${y}: målt på nytt ga de samme resultat.`,
      en: `To ${x} was as good as to ${y}: measured again, they came out the same.`,
      nl: `${capital(x)} was even goed als ${y}: opnieuw gemeten kwamen ze gelijk uit.`,
      de: `${capital(x)} war so gut wie ${y}: neu gemessen kamen sie gleich heraus.`,
    });
  }
  if (verdict === 'noise' && costOf(d, m).loss === 0) {
    // A cost that rounds to nothing, its interval either side of it: about as good, never "better by 0,0".
    return say(lang, {
      nb: `Å ${x} regnes ikke som en feil: det var omtrent like godt som å ${y} (målt på nytt er forskjellen ${cost}, innenfor usikkerheten).`,
      en: `To ${x} is not counted a mistake: it was about as good as to ${y} (measured again, the difference is ${cost}, within the noise).`,
      nl: `${capital(x)} telt niet als fout: het was ongeveer even goed als ${y} (opnieuw gemeten is het verschil ${cost}, binnen de onzekerheid).`,
      de: `${capital(x)} zählt nicht als Fehler: es war etwa so gut wie ${y} (neu gemessen ist der Unterschied ${cost}, innerhalb der Unsicherheit).`,
    });
  }
  if (verdict === 'noise') {
    return say(lang, {
      nb: `Å ${x} regnes ikke som en feil: målt på nytt er avstanden til det beste valget (å ${y}) ${cost}, innenfor usikkerheten.`,
      en: `To ${x} is not counted a mistake: measured again, the gap to the best choice (to ${y}) is ${cost}, within the noise.`,
      nl: `${capital(x)} telt niet als fout: opnieuw gemeten is het verschil met de beste keuze (${y}) ${cost}, binnen de onzekerheid.`,
      de: `${capital(x)} zählt nicht als Fehler: neu gemessen ist der Abstand zur besten Wahl (${y}) ${cost}, innerhalb der Unsicherheit.`,
    });
  }
  if (verdict === 'small') {
    const floor = floorWords(m, lang);
    return say(lang, {
      nb: `Å ${x} regnes ikke som en feil: å ${y} var litt bedre, ${cost}, men en feil koster minst ${floor}.`,
      en: `To ${x} is not counted a mistake: to ${y} was a little better, by ${cost}, but a mistake costs at least ${floor}.`,
      nl: `${capital(x)} telt niet als fout: ${y} was iets beter, ${cost}, maar een fout kost minstens ${floor}.`,
      de: `${capital(x)} zählt nicht als Fehler: ${y} war etwas besser, um ${cost}, aber ein Fehler kostet mindestens ${floor}.`,
    });
  }
  const parts = [
    say(lang, {
      nb: `Her kostet det ${cost} å ${x}: å ${y} var bedre.`,
      en: `Here it cost ${cost} to ${x}: to ${y} was better.`,
      nl: `Hier kostte ${x} je ${cost}: ${y} was beter.`,
      de: `Hier kostete ${x} ${cost}: ${y} war besser.`,
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
  if (!(isPlay(a)) || !(isPlay(b)) || a.play.join() !== b.play.join()) return false;
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
  readonly verdict: ReviewDecision['verdict'];
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
        verdict: d.verdict,
        text: describeDecision(d, view, lang),
        options: d.evaluation.options.map((o, i) => ({ words: actionWords(o.action, view, lang), mean: o.mean, se: o.se, chosen: i === d.chosen, best: i === d.evaluation.best })),
        view,
      };
    }),
  };
}
