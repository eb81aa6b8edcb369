/**
 * The house rules in words, in each of the app's languages: one line per option and the words for an
 * option's values (the catalogue's values are identifiers). The create-table form, the table's rule list,
 * the rules page and `olsen rules` all read them here.
 */
import type { Lang } from './core/words.js';

type Line = Record<Lang, string>;

const OPTION_TEXT: Record<string, Line> = {
  maxDraws: { nb: 'Hvor mange kort du kan trekke når du står fast.', en: 'How many cards you may draw when stuck.', nl: 'Hoeveel kaarten je mag trekken als je vastzit.', de: 'Wie viele Karten du ziehen darfst, wenn du festsitzt.' },
  drawnCardMustBePlayed: { nb: 'Et kort du trekker og kan legge, må legges med én gang.', en: 'A drawn card that fits must be played at once.', nl: 'Een getrokken kaart die past, moet je meteen spelen.', de: 'Eine gezogene Karte, die passt, musst du sofort legen.' },
  forgottenCallPenalty: { nb: 'Straffekort for å glemme å si fra når du har ett kort igjen.', en: 'Penalty cards for forgetting the last-card call.', nl: 'Strafkaarten als je vergeet te roepen bij je laatste kaart.', de: 'Strafkarten, wenn du die Ansage bei der letzten Karte vergisst.' },
  scoring: { nb: 'Plassering per runde, eller poeng for kortene du sitter igjen med.', en: 'Places per round, or points for the cards left in your hand.', nl: 'Plaatsen per ronde, of punten voor de kaarten die je overhoudt.', de: 'Plätze pro Runde, oder Punkte für die Karten, die du übrig hast.' },
  targetScore: { nb: 'Spillet slutter når noen får mer enn denne poengsummen.', en: 'The game ends when someone passes this score.', nl: 'Het spel eindigt als iemand boven deze score komt.', de: 'Das Spiel endet, wenn jemand über diese Punktzahl kommt.' },
  multiSameRank: { nb: 'Legg flere kort av samme verdi på én gang.', en: 'Play several cards of one rank at once.', nl: 'Speel meerdere kaarten van dezelfde waarde tegelijk.', de: 'Lege mehrere Karten desselben Werts auf einmal.' },
  multiSameSuit: { nb: 'Legg flere kort i sorten i spill på én gang.', en: 'Play several cards of the suit in play at once.', nl: 'Speel meerdere kaarten van de kleur die geldt tegelijk.', de: 'Lege mehrere Karten der geltenden Farbe auf einmal.' },
  noTwistFirstTurn: { nb: 'Ingen vri (åtter) i første tur: for den som starter, eller for alle.', en: 'No twist (eight) on the first turn: for the starter, or for everyone.', nl: 'Geen acht in de eerste beurt: voor wie begint, of voor iedereen.', de: 'Kein Wechsel (Acht) im ersten Zug: für den, der beginnt, oder für alle.' },
  specialCards: { nb: 'Toer: neste trekker to. Dame: neste står over. Ess: retningen snur.', en: 'Two: the next player draws two. Queen: skip. Ace: reverse.', nl: 'Twee: de volgende trekt er twee. Vrouw: overslaan. Aas: de richting keert.', de: 'Zwei: der Nächste zieht zwei. Dame: aussetzen. Ass: Richtungswechsel.' },
  stackTwos: { nb: 'Svar på en toer med en toer: neste trekker fire, og så videre.', en: 'Answer a two with a two: the next player draws four, and so on.', nl: 'Beantwoord een twee met een twee: de volgende trekt er vier, enzovoort.', de: 'Antworte auf eine Zwei mit einer Zwei: der Nächste zieht vier, und so weiter.' },
  svenskevri: { nb: 'Svenskevri: et ess gjør at alle andre trekker ett kort.', en: 'Svenskevri: an ace makes every other player draw one.', nl: 'Svenskevri: een aas laat alle anderen één kaart trekken.', de: 'Svenskevri: ein Ass lässt alle anderen eine Karte ziehen.' },
  aceDraws: { nb: 'Et ess gjør at neste trekker så mange kort (0 = av).', en: 'An ace makes the next player draw this many cards (0 = off).', nl: 'Een aas laat de volgende zoveel kaarten trekken (0 = uit).', de: 'Ein Ass lässt den Nächsten so viele Karten ziehen (0 = aus).' },
  noEightOnEight: { nb: 'En åtter kan ikke legges på en åtter.', en: 'An eight may not be played on an eight.', nl: 'Een acht mag niet op een acht.', de: 'Eine Acht darf nicht auf eine Acht.' },
  noWinOnEight: { nb: 'Du kan ikke gå ut på en åtter.', en: 'An eight may not be your last card.', nl: 'Je mag niet uitgaan met een acht.', de: 'Mit einer Acht darfst du nicht ausgehen.' },
  handSize: { nb: 'Kort på hånden i starten.', en: 'Cards dealt to each player.', nl: 'Kaarten in de hand bij het begin.', de: 'Karten auf der Hand zu Beginn.' },
  twoPlayerHandSize: { nb: 'Kort på hånden når dere bare er to.', en: 'Cards dealt when only two play.', nl: 'Kaarten in de hand als jullie maar met z\'n tweeën zijn.', de: 'Karten auf der Hand, wenn ihr nur zu zweit seid.' },
  starterExtraCard: { nb: 'Den som starter får ett kort ekstra.', en: 'The starting player gets one extra card.', nl: 'Wie begint, krijgt één kaart extra.', de: 'Wer beginnt, bekommt eine Karte mehr.' },
  dealerExtraCard: { nb: 'Den som gir får ett kort ekstra.', en: 'The dealer gets one extra card.', nl: 'De deler krijgt één kaart extra.', de: 'Der Geber bekommt eine Karte mehr.' },
  decks: { nb: 'Én eller to kortstokker.', en: 'One or two decks.', nl: 'Eén of twee spellen kaarten.', de: 'Ein oder zwei Kartenspiele.' },
  starterEight: { nb: 'Snus en åtter: stokk den inn igjen, eller giveren sier sort.', en: 'If an eight is turned up: shuffle it back, or the dealer names a suit.', nl: 'Wordt er een acht omgedraaid: terug in de stapel, of de deler kiest een kleur.', de: 'Wird eine Acht aufgedeckt: zurück in den Stapel, oder der Geber wählt eine Farbe.' },
  playOutForPlaces: { nb: 'De andre spiller videre om plassene når noen har gått ut.', en: 'The others play on for the places once someone is out.', nl: 'De anderen spelen door om de plaatsen als iemand uit is.', de: 'Die anderen spielen um die Plätze weiter, wenn jemand ausgegangen ist.' },
  pass: { nb: 'Gi bort tre kort etter given, før første stikk: aldri, alltid til venstre, eller på rundgang.', en: 'Pass three cards after the deal, before the first trick: never, always left, or in rotation.', nl: 'Drie kaarten doorgeven na het delen, voor de eerste slag: nooit, altijd naar links, of op toerbeurt.', de: 'Drei Karten nach dem Geben, vor dem ersten Stich weitergeben: nie, immer nach links, oder reihum.' },
  penaltyOnFirstTrick: { nb: 'Hjerter og spar dame kan kastes i første stikk.', en: 'Hearts and the queen of spades may be discarded on the first trick.', nl: 'Harten en de schoppenvrouw mogen in de eerste slag worden afgegooid.', de: 'Herz und die Pik-Dame dürfen im ersten Stich abgeworfen werden.' },
  jackOfDiamonds: { nb: 'Ruter knekt gir minus ti poeng til den som tar den.', en: 'The jack of diamonds is worth minus ten to whoever takes it.', nl: 'De ruitenboer is min tien punten waard voor wie hem neemt.', de: 'Der Karo-Bube zählt minus zehn für den, der ihn nimmt.' },
  pointLimit: { nb: 'Spillet slutter når noen når denne poengsummen.', en: 'The game ends when someone reaches this total.', nl: 'Het spel eindigt als iemand dit totaal bereikt.', de: 'Das Spiel endet, wenn jemand diese Summe erreicht.' },
  deals: { nb: 'Eller: et fast antall giv i stedet for poenggrensen.', en: 'Or: a fixed number of hands instead of the point limit.', nl: 'Of: een vast aantal spellen in plaats van de puntengrens.', de: 'Oder: eine feste Zahl von Spielen statt der Punktgrenze.' },
};

/** The words for an option's values, per language (the engine's values are identifiers, not words). */
const VALUE_TEXT: Record<string, Record<Lang, string>> = {
  true: { nb: 'ja', en: 'yes', nl: 'ja', de: 'ja' },
  false: { nb: 'nei', en: 'no', nl: 'nee', de: 'nein' },
  null: { nb: 'som ellers', en: 'as otherwise', nl: 'zoals anders', de: 'wie sonst' },
  reshuffle: { nb: 'stokkes inn igjen', en: 'shuffled back', nl: 'terug geschud', de: 'wieder eingemischt' },
  dealerChooses: { nb: 'giveren velger sort', en: 'the dealer names a suit', nl: 'de deler kiest een kleur', de: 'der Geber wählt eine Farbe' },
  unlimited: { nb: 'til det passer', en: 'until one fits', nl: 'tot er een past', de: 'bis eine passt' },
  ranking: { nb: 'plasser', en: 'places', nl: 'plaatsen', de: 'Plätze' },
  points: { nb: 'poeng', en: 'points', nl: 'punten', de: 'Punkte' },
  off: { nb: 'av', en: 'off', nl: 'uit', de: 'aus' },
  starter: { nb: 'den som starter', en: 'the starting player', nl: 'wie begint', de: 'wer beginnt' },
  everyone: { nb: 'alle', en: 'everyone', nl: 'iedereen', de: 'alle' },
  none: { nb: 'ingen', en: 'none', nl: 'geen', de: 'keine' },
  left: { nb: 'til venstre', en: 'to the left', nl: 'naar links', de: 'nach links' },
  rotating: { nb: 'på rundgang', en: 'in rotation', nl: 'op toerbeurt', de: 'reihum' },
};

/** An option value in words (numbers as they are). */
export const valueText = (v: unknown, lang: Lang): string => (Object.hasOwn(VALUE_TEXT, String(v)) ? VALUE_TEXT[String(v)][lang] : String(v));

/** What a house rule does, in one line (the option's own name when it has none). */
export const optionText = (name: string, lang: Lang): string => (Object.hasOwn(OPTION_TEXT, name) ? OPTION_TEXT[name][lang] : name);
