/**
 * Hints: the `medium` bot's choice and a short reason in Norwegian, English,
 * Dutch and German,
 * e.g. "Spar åtteren: Kari har ett kort igjen".
 */
import { SUIT_NAMES, cardName, isHeartsView, type AnyAction, type AnyView, type Lang } from '@olsen/engine';
import type { Action, PlayerView } from '@olsen/engine/shedding';
import type { HeartsAction, HeartsView } from '@olsen/engine/hearts';
import { heartsHabitChoice, type HeartsReason } from './hearts.js';
import { medium } from './medium.js';
import type { Reason } from './shedding.js';

export interface Hint {
  readonly action: Action;
  readonly reason: string;
}

const suitName = (s: string, lang: Lang): string => SUIT_NAMES[lang]['cdhs'.indexOf(s)];

/** One sentence in the four languages; the player's is picked. */
const say = (lang: Lang, t: Record<Lang, string>): string => t[lang];

/** A reason of the shedding bots as the hints say it. */
export function reasonSentence(r: Reason, view: PlayerView, lang: Lang): string {
  const name = (seat: number): string => view.players[seat];
  switch (r.kind) {
    case 'only':
      return say(lang, { nb: 'Det er det eneste du kan gjøre.', en: 'It is the only thing you can do.', nl: 'Het is het enige wat je kunt doen.', de: 'Es ist das Einzige, was du tun kannst.' });
    case 'mostSuit': {
      const s = suitName(r.suit, lang);
      return say(lang, { nb: `Du har flest ${s}: hold spillet der.`, en: `You hold the most ${s}: keep the game there.`, nl: `Je hebt de meeste ${s}: houd het spel daar.`, de: `Du hast am meisten ${s}: halte das Spiel dort.` });
    }
    case 'mostSuitThatFits': {
      const s = suitName(r.suit, lang);
      return say(lang, {
        nb: `Av fargene som passer, har du flest ${s}: hold spillet der.`,
        en: `Of the suits that fit, you hold the most ${s}: keep the game there.`,
        nl: `Van de kleuren die passen, heb je de meeste ${s}: houd het spel daar.`,
        de: `Von den Farben, die passen, hast du am meisten ${s}: halte das Spiel dort.`,
      });
    }
    case 'onlySuit': {
      if (r.byRank) {
        return r.eight
          ? say(lang, {
              nb: 'Bare kortet med samme verdi som det øverste passer utenom åtteren: spar åtteren.',
              en: 'Only the card of the same rank as the top one fits besides the eight: keep the eight.',
              nl: 'Naast de acht past alleen de kaart met dezelfde waarde als de bovenste: bewaar de acht.',
              de: 'Außer der Acht passt nur die Karte mit demselben Wert wie die oberste: behalte die Acht.',
            })
          : say(lang, {
              nb: 'Bare kortet med samme verdi som det øverste passer: legg det heller enn å trekke.',
              en: 'Only the card of the same rank as the top one fits: lay it rather than draw.',
              nl: 'Alleen de kaart met dezelfde waarde als de bovenste past: speel die liever dan te trekken.',
              de: 'Nur die Karte mit demselben Wert wie die oberste passt: lege sie, statt zu ziehen.',
            });
      }
      const s = suitName(r.suit, lang);
      if (r.eight) return say(lang, { nb: `Bare ${s} passer utenom åtteren: behold åtteren.`, en: `Only ${s} fit besides the eight: keep it.`, nl: `Naast de acht passen alleen ${s}: bewaar de acht.`, de: `Außer der Acht passt nur ${s}: behalte die Acht.` });
      return say(lang, { nb: `Bare ${s} passer: legg heller et kort enn å trekke.`, en: `Only ${s} fit: lay a card rather than draw.`, nl: `Alleen ${s} past: speel liever een kaart dan te trekken.`, de: `Nur ${s} passt: lege lieber eine Karte, statt zu ziehen.` });
    }
    case 'hardToFollow': {
      const s = suitName(r.suit, lang);
      const p = name(r.seat);
      return say(lang, {
        nb: `${p} har neppe ${s}: legg det, selv om du har flere av en annen farge.`,
        en: `${p} hardly holds ${s}: lay it, though you hold more of another suit.`,
        nl: `${p} heeft vrijwel zeker geen ${s}: speel die kleur, ook al heb je meer van een andere.`,
        de: `${p} hat kaum ${s}: lege diese Farbe, auch wenn du von einer anderen mehr hast.`,
      });
    }
    case 'saveEight':
      return say(lang, {
        nb: 'Trekk heller enn å bruke åtteren: ett kort til er en billig pris for å spare den.',
        en: 'Draw rather than use the eight: one more card is a cheap price for keeping it.',
        nl: 'Trek liever dan de acht te gebruiken: één kaart extra is een lage prijs om hem te bewaren.',
        de: 'Ziehe lieber, als die Acht zu legen: eine Karte mehr ist ein kleiner Preis dafür, sie zu behalten.',
      });
    case 'keepEight': {
      const p = name(r.seat);
      return say(lang, { nb: `Spar åtteren: ${p} har ett kort igjen.`, en: `Keep the eight: ${p} has one card left.`, nl: `Bewaar de acht: ${p} heeft nog één kaart.`, de: `Behalte die Acht: ${p} hat nur noch eine Karte.` });
    }
    case 'eightNeeded': {
      const s = suitName(r.suit, lang);
      return r.stuck
        ? say(lang, { nb: `Ingen andre kort passer: bruk åtteren og si ${s}.`, en: `Nothing else fits: play the eight and name ${s}.`, nl: `Niets anders past: speel de acht en vraag ${s}.`, de: `Nichts anderes passt: lege die Acht und wünsche dir ${s}.` })
        : say(lang, { nb: `Bruk åtteren og si ${s}: der har du flest kort.`, en: `Play the eight and name ${s}: you hold the most of them.`, nl: `Speel de acht en vraag ${s}: daarvan heb je de meeste.`, de: `Lege die Acht und wünsche dir ${s}: davon hast du am meisten.` });
    }
    case 'awayFrom': {
      const p = name(r.seat);
      return say(lang, {
        nb: `${p} har ett kort igjen: legg et kort det neppe passer på.`,
        en: `${p} has one card left: lay a card it most likely does not fit.`,
        nl: `${p} heeft nog één kaart: speel een kaart waar die waarschijnlijk niet op past.`,
        de: `${p} hat nur noch eine Karte: lege eine, auf die diese Karte wahrscheinlich nicht passt.`,
      });
    }
    case 'attack': {
      const p = name(r.seat);
      const one = r.cards === 1;
      return say(lang, {
        nb: `${p} må trekke ${one ? 'ett' : r.cards} kort.`,
        en: `${p} must draw ${one ? 'a card' : `${r.cards} cards`}.`,
        nl: `${p} moet ${one ? 'een kaart' : `${r.cards} kaarten`} trekken.`,
        de: `${p} muss ${one ? 'eine Karte' : `${r.cards} Karten`} ziehen.`,
      });
    }
    case 'skip': {
      const p = name(r.seat);
      return view.players.length === 2
        ? say(lang, { nb: `Damen lar ${p} stå over: du får et trekk til.`, en: `The queen skips ${p}: you move again.`, nl: `De vrouw laat ${p} overslaan: jij bent weer aan de beurt.`, de: `Die Dame lässt ${p} aussetzen: du bist wieder dran.` })
        : say(lang, { nb: `Damen lar ${p} stå over, og ${p} er snart ute.`, en: `The queen skips ${p}, who is nearly out.`, nl: `De vrouw laat ${p} overslaan, en ${p} is bijna uit.`, de: `Die Dame lässt ${p} aussetzen, und ${p} ist fast draußen.` });
    }
    case 'reverse': {
      const p = name(r.seat);
      return say(lang, {
        nb: `Esset snur retningen bort fra ${p}, som snart er ute.`,
        en: `The ace turns play away from ${p}, who is nearly out.`,
        nl: `De aas keert de richting weg van ${p}, die bijna uit is.`,
        de: `Das Ass dreht die Richtung weg von ${p}: ${p} ist fast draußen.`,
      });
    }
    case 'everyoneDraws':
      return say(lang, { nb: 'Esset gir alle de andre et kort hver.', en: 'The ace makes everyone else draw a card.', nl: 'De aas laat alle anderen een kaart trekken.', de: 'Das Ass lässt alle anderen eine Karte ziehen.' });
    case 'goOut':
      return say(lang, { nb: 'Legg ditt siste kort og vinn runden.', en: 'Play your last card and win the round.', nl: 'Speel je laatste kaart en win de ronde.', de: 'Lege deine letzte Karte und gewinne die Runde.' });
    case 'blockNext': {
      const p = name(r.seat);
      const s = suitName(r.suit, lang);
      return say(lang, {
        nb: `${p} har ett kort igjen og mangler ${s}: vri dit.`,
        en: `${p} has one card left and lacks ${s}: twist there.`,
        nl: `${p} heeft nog één kaart en geen ${s}: vraag die kleur.`,
        de: `${p} hat nur noch eine Karte und kein ${s}: wünsch dir diese Farbe.`,
      });
    }
    case 'shedPoints':
      return say(lang, {
        // The card by its name, as every other sentence says a card (never the notation, Tc).
        nb: `Bli kvitt ${cardName(r.card, lang)} tidlig: den er dyr å sitte igjen med.`,
        en: `Get rid of the ${cardName(r.card, lang)} early: it costs a lot if you are left with it.`,
        nl: `Raak ${cardName(r.card, lang)} vroeg kwijt: die kost veel als je ermee blijft zitten.`,
        de: `Werde ${cardName(r.card, lang)} früh los: sie kostet viel, wenn du darauf sitzen bleibst.`,
      });
    case 'draw':
      return say(lang, { nb: 'Trekk: ingenting passer.', en: 'Draw: nothing fits.', nl: 'Trek: niets past.', de: 'Ziehe: nichts passt.' });
    case 'takePenalty':
      return say(lang, {
        nb: `Du har ingen toer å svare med: trekk ${r.cards} kort.`,
        en: `You have no two to answer with: draw ${r.cards} cards.`,
        nl: `Je hebt geen twee om mee te antwoorden: trek ${r.cards} kaarten.`,
        de: `Du hast keine Zwei zum Antworten: ziehe ${r.cards} Karten.`,
      });
    case 'playDrawn':
      return say(lang, { nb: 'Kortet du trakk passer, og da må det legges.', en: 'The card you drew fits, so it must be laid.', nl: 'De kaart die je trok past, dus moet je hem spelen.', de: 'Die gezogene Karte passt, also musst du sie legen.' });
    case 'pass':
      return view.drawsThisTurn > 0
        ? say(lang, { nb: 'Ingenting av det du trakk passer: si pass.', en: 'Nothing you drew fits: pass.', nl: 'Niets van wat je trok past: pas.', de: 'Nichts von dem, was du gezogen hast, passt: passe.' })
        : say(lang, { nb: 'Si pass.', en: 'Pass.', nl: 'Pas.', de: 'Passe.' });
    case 'catch': {
      const p = name(r.seat);
      return say(lang, { nb: `Bank i bordet: ${p} glemte å si fra.`, en: `Bang the table: ${p} forgot the call.`, nl: `Klop op tafel: ${p} vergat te roepen.`, de: `Klopf auf den Tisch: ${p} hat die Ansage vergessen.` });
    }
    case 'random':
      return say(lang, { nb: 'Et tilfeldig trekk.', en: 'A random move.', nl: 'Een willekeurige zet.', de: 'Ein zufälliger Zug.' });
    case 'search':
      return say(lang, {
        nb: `Søket prøvde dette trekket ${r.visits} av ${r.of} ganger: det vant oftest.`,
        en: `The search tried this move ${r.visits} times of ${r.of}: it won most often.`,
        nl: `De zoektocht probeerde deze zet ${r.visits} van de ${r.of} keer: die won het vaakst.`,
        de: `Die Suche hat diesen Zug ${r.visits}-mal von ${r.of} versucht: er hat am häufigsten gewonnen.`,
      });
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
  switch (r.kind) {
    case 'only':
      return say(lang, { nb: 'Det er det eneste kortet du kan spille.', en: 'It is the only card you can play.', nl: 'Het is de enige kaart die je kunt spelen.', de: 'Es ist die einzige Karte, die du spielen kannst.' });
    case 'passDanger':
      return say(lang, {
        nb: 'Send bort de farligste kortene: spardame, høye spar og høye hjerter.',
        en: 'Pass the most dangerous cards: the queen of spades, high spades and high hearts.',
        nl: 'Geef de gevaarlijkste kaarten door: de schoppenvrouw, hoge schoppen en hoge harten.',
        de: 'Gib die gefährlichsten Karten weiter: die Pik-Dame, hohe Pik und hohe Herz.',
      });
    case 'passVoid': {
      const s = suitName(r.suit, lang);
      return say(lang, {
        nb: `Send bort alle ${s}: da kan du kaste fra deg på den fargen senere.`,
        en: `Pass all your ${s}: then you can throw cards away on that suit later.`,
        nl: `Geef al je ${s} door: dan kun je later op die kleur kaarten afgooien.`,
        de: `Gib all dein ${s} weiter: dann kannst du später auf diese Farbe Karten abwerfen.`,
      });
    }
    case 'leadLow': {
      const s = suitName(r.suit, lang);
      return say(lang, { nb: `Spill ut lavt i ${s}, der du har få kort.`, en: `Lead low in ${s}, where you hold few cards.`, nl: `Kom laag uit in ${s}, waarvan je weinig kaarten hebt.`, de: `Spiele niedrig in ${s} aus, wovon du wenige Karten hast.` });
    }
    case 'huntQueen':
      return say(lang, {
        nb: 'Spill ut lav spar: få spardamen fram mens den ikke kan treffe deg.',
        en: 'Lead a low spade: draw the queen of spades out while it cannot hit you.',
        nl: 'Kom uit met een lage schoppen: lok de schoppenvrouw eruit zolang ze jou niet kan raken.',
        de: 'Spiele ein niedriges Pik aus: locke die Pik-Dame heraus, solange sie dich nicht treffen kann.',
      });
    case 'duck':
      return say(lang, { nb: 'Legg deg under: la en annen ta stikket.', en: 'Stay under: let someone else take the trick.', nl: 'Blijf eronder: laat een ander de slag nemen.', de: 'Bleib drunter: lass jemand anderen den Stich nehmen.' });
    case 'mustTake':
      return say(lang, { nb: 'Du må ta stikket: gjør det med ditt høyeste kort.', en: 'You must take the trick: do it with your highest card.', nl: 'Je moet de slag nemen: doe het met je hoogste kaart.', de: 'Du musst den Stich nehmen: tu es mit deiner höchsten Karte.' });
    case 'shedQueen':
      return say(lang, { nb: 'Kast spardamen nå som du ikke kan følge farge.', en: 'Throw away the queen of spades now that you cannot follow suit.', nl: 'Gooi de schoppenvrouw af nu je niet kunt bekennen.', de: 'Wirf die Pik-Dame ab, jetzt wo du nicht bedienen kannst.' });
    case 'shedHighSpade':
      return say(lang, { nb: 'Kast en høy spar: den kan fange spardamen senere.', en: 'Throw away a high spade: it could catch the queen of spades later.', nl: 'Gooi een hoge schoppen af: die kan later de schoppenvrouw vangen.', de: 'Wirf ein hohes Pik ab: es könnte später die Pik-Dame fangen.' });
    case 'shedHeart':
      return say(lang, { nb: 'Kast ditt høyeste hjerter.', en: 'Throw away your highest heart.', nl: 'Gooi je hoogste harten af.', de: 'Wirf dein höchstes Herz ab.' });
    case 'shedHigh':
      return say(lang, { nb: 'Kast ditt høyeste kort.', en: 'Throw away your highest card.', nl: 'Gooi je hoogste kaart af.', de: 'Wirf deine höchste Karte ab.' });
    case 'breakMoon': {
      const p = view.players[r.seat];
      return say(lang, { nb: `${p} kan ta alle poengene: ta et hjerter fra dem.`, en: `${p} may take every point: take a heart away from them.`, nl: `${p} kan alle punten pakken: neem er een harten van af.`, de: `${p} könnte alle Punkte holen: nimm ein Herz weg.` });
    }
    case 'search':
      return say(lang, {
        nb: `Søket prøvde dette kortet ${r.visits} av ${r.of} ganger: det ga færrest poeng.`,
        en: `The search tried this card ${r.visits} times of ${r.of}: it gave the fewest points.`,
        nl: `De zoektocht probeerde deze kaart ${r.visits} van de ${r.of} keer: die gaf de minste punten.`,
        de: `Die Suche hat diese Karte ${r.visits}-mal von ${r.of} versucht: sie gab die wenigsten Punkte.`,
      });
  }
}

/** The suggested action for the viewer in Danish Olsen and why (the habits of `medium`). */
export function heartsHint(view: HeartsView, lang: Lang = 'nb'): HeartsHint | null {
  if (view.legal.length === 0) return null;
  const choice = heartsHabitChoice('medium', view, new Int32Array(6));
  return { action: choice.action, reason: heartsReasonSentence(choice.reason, view, lang) };
}

/** The suggested action for the viewer in any game, and why, in `lang` (the family is the view's). */
export function hintFor(view: AnyView, lang: Lang = 'nb'): { readonly action: AnyAction; readonly reason: string } | null {
  return isHeartsView(view) ? heartsHint(view, lang) : hint(view, lang);
}
