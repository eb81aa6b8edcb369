/**
 * The review's sentences: what a decision cost and why the better move was
 * better, in the hints' words ("Her kostet det 9 % vinnersjanse å legge 6♦:
 * å legge 2♣ var bedre (52 % mot 43 %). Spar åtteren: Kari har ett kort
 * igjen."). The figures are the review's; only the words are made here.
 */
import { isHeartsView, replaySteps, viewOf, type AnyAction, type AnyView, type GameName, type HeartsView, type Lang, type PlayerView } from '@olsen/engine';
import { heartsReasonSentence, reasonSentence } from './hint.js';
import type { HeartsReason } from './hearts.js';
import type { Measure, Review, ReviewDecision } from './review.js';
import type { Reason } from './shedding.js';

const SUIT_SYMBOL: Record<string, string> = { c: '♣', d: '♦', h: '♥', s: '♠' };
const SUIT_WORD: Record<Lang, Record<string, string>> = {
  nb: { c: 'kløver', d: 'ruter', h: 'hjerter', s: 'spar' },
  en: { c: 'clubs', d: 'diamonds', h: 'hearts', s: 'spades' },
};

/** A card as people write it: 10♠, K♥. */
export const prettyCard = (c: string): string => `${c[0] === 'T' ? '10' : c[0]}${SUIT_SYMBOL[c[1]]}`;

/** An action as the infinitive after "å" / "to": "legge 8♣ og si hjerter", "trekke". */
export function actionWords(a: AnyAction, view: AnyView, lang: Lang): string {
  const nb = lang === 'nb';
  if ('play' in a) {
    const cards = a.play.map(prettyCard).join(' ');
    if (isHeartsView(view)) return nb ? `spille ${cards}` : `play ${cards}`;
    const suit = 'suit' in a && a.suit ? (nb ? ` og si ${SUIT_WORD.nb[a.suit]}` : ` and name ${SUIT_WORD.en[a.suit]}`) : '';
    return (nb ? `legge ${cards}` : `lay ${cards}`) + suit;
  }
  if ('give' in a) return nb ? `sende ${a.give.map(prettyCard).join(' ')}` : `pass ${a.give.map(prettyCard).join(' ')}`;
  if ('draw' in a) return nb ? 'trekke' : 'draw';
  if ('pass' in a) return nb ? 'si pass' : 'pass';
  if ('catch' in a) return nb ? `banke i bordet for ${view.players[a.catch]}` : `bang the table on ${view.players[a.catch]}`;
  if ('call' in a) return nb ? 'si ifra' : 'make the call';
  return nb ? `si ${SUIT_WORD.nb[a.suit]}` : `name ${SUIT_WORD.en[a.suit]}`;
}

/** A value as the review shows it: "43 %" (win chance) or "7,5 poeng" / "7.5 points". */
export function formatValue(v: number, measure: Measure, lang: Lang): string {
  if (measure === 'win') return `${Math.round(v * 100)} %`;
  const n = (Math.round(v * 10) / 10).toLocaleString(lang === 'nb' ? 'nb-NO' : 'en-GB');
  return lang === 'nb' ? `${n} poeng` : `${n} points`;
}

/**
 * The cost in words, as the difference of the two figures shown beside it (so
 * the sentence adds up): "9 % vinnersjanse", "3,2 poeng". Whether it is a
 * mistake at all was decided on fresh worlds (`ReviewDecision.loss`).
 */
function lossWords(best: number, chosen: number, measure: Measure, lang: Lang): string {
  if (measure === 'win') {
    const pct = Math.max(0, Math.round(best * 100) - Math.round(chosen * 100));
    return lang === 'nb' ? `${pct} % vinnersjanse` : `${pct} % chance to win`;
  }
  return formatValue(Math.max(0, Math.round(chosen * 10) - Math.round(best * 10)) / 10, measure, lang);
}

/**
 * The sentence for one decision, from the view the seat had then. A mistake
 * names the cost, the better move and why; any other decision says how the
 * choice compared.
 */
export function describeDecision(d: ReviewDecision, view: AnyView, lang: Lang): string {
  const nb = lang === 'nb';
  const e = d.evaluation;
  const chosen = e.options[d.chosen];
  const best = e.options[e.best];
  const m = e.measure;
  const ofThem = `(${formatValue(best.mean, m, lang)} ${nb ? 'mot' : 'against'} ${formatValue(chosen.mean, m, lang)})`;
  if (!d.mistake) {
    if (d.chosen === e.best) return nb ? `Å ${actionWords(chosen.action, view, lang)} var det beste valget (${formatValue(chosen.mean, m, lang)}).` : `To ${actionWords(chosen.action, view, lang)} was the best choice (${formatValue(chosen.mean, m, lang)}).`;
    return nb
      ? `Å ${actionWords(chosen.action, view, lang)} var omtrent like godt som å ${actionWords(best.action, view, lang)} ${ofThem}: forskjellen er innenfor usikkerheten.`
      : `To ${actionWords(chosen.action, view, lang)} was about as good as to ${actionWords(best.action, view, lang)} ${ofThem}: the difference is within the noise.`;
  }
  const parts = [
    nb
      ? `Her kostet det ${lossWords(best.mean, chosen.mean, m, lang)} å ${actionWords(chosen.action, view, lang)}: å ${actionWords(best.action, view, lang)} var bedre ${ofThem}.`
      : `Here it cost ${lossWords(best.mean, chosen.mean, m, lang)} to ${actionWords(chosen.action, view, lang)}: to ${actionWords(best.action, view, lang)} was better ${ofThem}.`,
  ];
  if (d.reason) parts.push(isHeartsView(view) ? heartsReasonSentence(d.reason as HeartsReason, view as HeartsView, lang) : reasonSentence(d.reason as Reason, view as PlayerView, lang));
  const mentioned = d.reason && 'seat' in d.reason ? d.reason.seat : -1;
  const short = d.lastCard.filter((s) => s !== mentioned).map((s) => view.players[s]);
  if (short.length > 0) parts.push(nb ? `${short.join(' og ')} hadde ett kort.` : `${short.join(' and ')} had one card.`);
  return parts.join(' ');
}

/** One decision of a review as a page shows it: the figures, the words, the seat's view then. */
export interface ReviewPageDecision {
  readonly step: number;
  readonly round: number;
  readonly index: number;
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
    decisions: review.decisions.map((d) => {
      const view = viewOf(steps.value[d.step].game, seat);
      return {
        step: d.step,
        round: d.round,
        index: d.index,
        mistake: d.mistake,
        text: describeDecision(d, view, lang),
        options: d.evaluation.options.map((o, i) => ({ words: actionWords(o.action, view, lang), mean: o.mean, se: o.se, chosen: i === d.chosen, best: i === d.evaluation.best })),
        view,
      };
    }),
  };
}
