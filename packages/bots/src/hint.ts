/**
 * Hints: the `medium` bot's choice and a short reason in Norwegian and English,
 * e.g. "Spar åtteren: Kari har ett kort igjen".
 */
import { SUIT_NAMES, type Action, type Lang, type PlayerView } from '@olsen/engine';
import { medium, type Reason } from './shedding.js';

export interface Hint {
  readonly action: Action;
  readonly reason: string;
}

const suitName = (s: string, lang: Lang): string => SUIT_NAMES[lang]['cdhs'.indexOf(s)];

function sentence(r: Reason, view: PlayerView, lang: Lang): string {
  const nb = lang === 'nb';
  switch (r.kind) {
    case 'only':
      return nb ? 'Det er det eneste du kan gjøre.' : 'It is the only thing you can do.';
    case 'mostSuit':
      return nb ? `Du har flest ${suitName(r.suit, lang)}: hold spillet der.` : `You hold the most ${suitName(r.suit, lang)}: keep the game there.`;
    case 'saveEight':
      return nb ? 'Spar åtteren til du står fast.' : 'Save the eight for when you are stuck.';
    case 'eightNeeded':
      return nb ? `Ingen andre kort passer: bruk åtteren og si ${suitName(r.suit, lang)}.` : `Nothing else fits: play the eight and name ${suitName(r.suit, lang)}.`;
    case 'blockNext':
      return nb
        ? `${view.players[r.seat]} har ett kort igjen og mangler ${suitName(r.suit, lang)}: vri dit.`
        : `${view.players[r.seat]} has one card left and lacks ${suitName(r.suit, lang)}: twist there.`;
    case 'shedPoints':
      return nb ? `Bli kvitt ${r.card} tidlig: den er dyr å sitte igjen med.` : `Get rid of ${r.card} early: it costs a lot if you are left with it.`;
    case 'draw':
      return nb ? 'Trekk: ingenting passer.' : 'Draw: nothing fits.';
    case 'pass':
      return nb ? 'Si pass.' : 'Pass.';
    case 'catch':
      return nb ? `Bank i bordet: ${view.players[r.seat]} glemte å si fra.` : `Bang the table: ${view.players[r.seat]} forgot the call.`;
    case 'random':
      return nb ? 'Et tilfeldig trekk.' : 'A random move.';
    case 'search':
      return nb ? `Søket prøvde dette trekket ${r.visits} av ${r.of} ganger: det vant oftest.` : `The search tried this move ${r.visits} times of ${r.of}: it won most often.`;
  }
}

/** The suggested action for the viewer and why (Olsen and Vri åtter). */
export function hint(view: PlayerView, lang: Lang = 'nb'): Hint | null {
  if (view.legal.length === 0) return null;
  const choice = medium(view);
  return { action: choice.action, reason: sentence(choice.reason, view, lang) };
}
