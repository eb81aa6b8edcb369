/**
 * Hints: the `medium` bot's choice and a short reason in Norwegian and English,
 * e.g. "Spar åtteren: Kari har ett kort igjen".
 */
import { SUIT_NAMES, type Action, type HeartsAction, type HeartsView, type Lang, type PlayerView } from '@olsen/engine';
import { heartsChoice, type HeartsReason } from './hearts.js';
import { medium } from './medium.js';
import type { Reason } from './shedding.js';

export interface Hint {
  readonly action: Action;
  readonly reason: string;
}

const suitName = (s: string, lang: Lang): string => SUIT_NAMES[lang]['cdhs'.indexOf(s)];

/** A reason of the shedding bots as the hints say it. */
export function reasonSentence(r: Reason, view: PlayerView, lang: Lang): string {
  const nb = lang === 'nb';
  switch (r.kind) {
    case 'only':
      return nb ? 'Det er det eneste du kan gjøre.' : 'It is the only thing you can do.';
    case 'mostSuit':
      return nb ? `Du har flest ${suitName(r.suit, lang)}: hold spillet der.` : `You hold the most ${suitName(r.suit, lang)}: keep the game there.`;
    case 'mostSuitThatFits':
      return nb ? `Av fargene som passer, har du flest ${suitName(r.suit, lang)}: hold spillet der.` : `Of the suits that fit, you hold the most ${suitName(r.suit, lang)}: keep the game there.`;
    case 'onlySuit':
      if (r.byRank) {
        return r.eight
          ? nb ? 'Bare kortet med samme verdi som det øverste passer utenom åtteren: spar åtteren.' : 'Only the card of the same rank as the top one fits besides the eight: keep the eight.'
          : nb ? 'Bare kortet med samme verdi som det øverste passer: legg det heller enn å trekke.' : 'Only the card of the same rank as the top one fits: lay it rather than draw.';
      }
      if (r.eight) return nb ? `Bare ${suitName(r.suit, lang)} passer utenom åtteren: spar den.` : `Only ${suitName(r.suit, lang)} fit besides the eight: keep it.`;
      return nb ? `Bare ${suitName(r.suit, lang)} passer: legg heller et kort enn å trekke.` : `Only ${suitName(r.suit, lang)} fit: lay a card rather than draw.`;
    case 'hardToFollow':
      return nb
        ? `${view.players[r.seat]} har neppe ${suitName(r.suit, lang)}: legg det, selv om du har flere av en annen farge.`
        : `${view.players[r.seat]} hardly holds ${suitName(r.suit, lang)}: lay it, though you hold more of another suit.`;
    case 'saveEight':
      return nb ? 'Trekk heller enn å bruke åtteren: ett kort til er en billig pris for å spare den.' : 'Draw rather than use the eight: one more card is a cheap price for keeping it.';
    case 'keepEight':
      return nb ? `Spar åtteren: ${view.players[r.seat]} har ett kort igjen.` : `Keep the eight: ${view.players[r.seat]} has one card left.`;
    case 'eightNeeded':
      return r.stuck
        ? nb ? `Ingen andre kort passer: bruk åtteren og si ${suitName(r.suit, lang)}.` : `Nothing else fits: play the eight and name ${suitName(r.suit, lang)}.`
        : nb ? `Bruk åtteren og si ${suitName(r.suit, lang)}: der har du flest kort.` : `Play the eight and name ${suitName(r.suit, lang)}: you hold the most of them.`;
    case 'awayFrom':
      return nb
        ? `${view.players[r.seat]} har ett kort igjen: legg et kort det neppe passer på.`
        : `${view.players[r.seat]} has one card left: lay a card it most likely does not fit.`;
    case 'attack':
      return nb ? `${view.players[r.seat]} må trekke ${r.cards === 1 ? 'ett' : r.cards} kort.` : `${view.players[r.seat]} must draw ${r.cards === 1 ? 'a card' : `${r.cards} cards`}.`;
    case 'skip':
      return view.players.length === 2
        ? nb ? `Damen lar ${view.players[r.seat]} stå over: du får et trekk til.` : `The queen skips ${view.players[r.seat]}: you move again.`
        : nb ? `Damen lar ${view.players[r.seat]} stå over, og ${view.players[r.seat]} er snart ute.` : `The queen skips ${view.players[r.seat]}, who is nearly out.`;
    case 'reverse':
      return nb ? `Esset snur retningen bort fra ${view.players[r.seat]}, som snart er ute.` : `The ace turns play away from ${view.players[r.seat]}, who is nearly out.`;
    case 'everyoneDraws':
      return nb ? 'Esset gir alle de andre et kort hver.' : 'The ace makes everyone else draw a card.';
    case 'goOut':
      return nb ? 'Legg ditt siste kort og vinn runden.' : 'Play your last card and win the round.';
    case 'blockNext':
      return nb
        ? `${view.players[r.seat]} har ett kort igjen og mangler ${suitName(r.suit, lang)}: vri dit.`
        : `${view.players[r.seat]} has one card left and lacks ${suitName(r.suit, lang)}: twist there.`;
    case 'shedPoints':
      return nb ? `Bli kvitt ${r.card} tidlig: den er dyr å sitte igjen med.` : `Get rid of ${r.card} early: it costs a lot if you are left with it.`;
    case 'draw':
      return nb ? 'Trekk: ingenting passer.' : 'Draw: nothing fits.';
    case 'takePenalty':
      return nb ? `Du har ingen toer å svare med: trekk ${r.cards} kort.` : `You have no two to answer with: draw ${r.cards} cards.`;
    case 'playDrawn':
      return nb ? 'Kortet du trakk passer, og da må det legges.' : 'The card you drew fits, so it must be laid.';
    case 'pass':
      return view.drawsThisTurn > 0 ? (nb ? 'Ingenting av det du trakk passer: si pass.' : 'Nothing you drew fits: pass.') : nb ? 'Si pass.' : 'Pass.';
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
  return { action: choice.action, reason: reasonSentence(choice.reason, view, lang) };
}

export interface HeartsHint {
  readonly action: HeartsAction;
  readonly reason: string;
}

/** A reason of the Danish Olsen habits as the hints say it. */
export function heartsReasonSentence(r: HeartsReason, view: HeartsView, lang: Lang): string {
  const nb = lang === 'nb';
  switch (r.kind) {
    case 'only':
      return nb ? 'Det er det eneste kortet du kan spille.' : 'It is the only card you can play.';
    case 'passDanger':
      return nb ? 'Send bort de farligste kortene: spardame, høye spar og høye hjerter.' : 'Pass the most dangerous cards: the queen of spades, high spades and high hearts.';
    case 'passVoid':
      return nb ? `Send bort alle ${suitName(r.suit, lang)}: da kan du kaste fra deg på den fargen senere.` : `Pass all your ${suitName(r.suit, lang)}: then you can throw cards away on that suit later.`;
    case 'leadLow':
      return nb ? `Spill ut lavt i ${suitName(r.suit, lang)}, der du har få kort.` : `Lead low in ${suitName(r.suit, lang)}, where you hold few cards.`;
    case 'huntQueen':
      return nb ? 'Spill ut lav spar: få spardamen fram mens den ikke kan treffe deg.' : 'Lead a low spade: draw the queen of spades out while it cannot hit you.';
    case 'duck':
      return nb ? 'Legg deg under: la en annen ta stikket.' : 'Stay under: let someone else take the trick.';
    case 'mustTake':
      return nb ? 'Du må ta stikket: gjør det med ditt høyeste kort.' : 'You must take the trick: do it with your highest card.';
    case 'shedQueen':
      return nb ? 'Kast spardamen nå som du ikke kan følge farge.' : 'Throw away the queen of spades now that you cannot follow suit.';
    case 'shedHighSpade':
      return nb ? 'Kast en høy spar: den kan fange spardamen senere.' : 'Throw away a high spade: it could catch the queen of spades later.';
    case 'shedHeart':
      return nb ? 'Kast ditt høyeste hjerter.' : 'Throw away your highest heart.';
    case 'shedHigh':
      return nb ? 'Kast ditt høyeste kort.' : 'Throw away your highest card.';
    case 'breakMoon':
      return nb ? `${view.players[r.seat]} kan ta alle poengene: ta et hjerter fra dem.` : `${view.players[r.seat]} may take every point: take a heart away from them.`;
    case 'search':
      return nb ? `Søket prøvde dette kortet ${r.visits} av ${r.of} ganger: det ga færrest poeng.` : `The search tried this card ${r.visits} times of ${r.of}: it gave the fewest points.`;
  }
}

/** The suggested action for the viewer in Danish Olsen and why (the habits of `medium`). */
export function heartsHint(view: HeartsView, lang: Lang = 'nb'): HeartsHint | null {
  if (view.legal.length === 0) return null;
  const choice = heartsChoice('medium', view, new Int32Array(6));
  return { action: choice.action, reason: heartsReasonSentence(choice.reason, view, lang) };
}
