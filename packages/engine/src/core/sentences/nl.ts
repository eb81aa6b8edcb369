/**
 * Every rule error's sentence in Dutch, by code.
 * One module per language: a page or a worker loads only the languages it speaks; the engine itself needs English.
 */
import { rankOf } from '../card.js';
import { SUIT_NAMES, SUIT_SINGULAR, RANK_ARTICLE, TITLES } from '../words.js';
import { who, vb, c, C, n, sentencesHandle, type ErrorSentences, orList, type Sentences } from '../sentence.js';

/** The sentence of each option relation (options.ts), by `option+other`: why a set of house rules cannot be played. */
const HOUSE_RULES: Readonly<Record<string, string>> = {
  'specialCards+svenskevri':
    'Speciale kaarten en svenskevri geven allebei de aas een betekenis: kies er één.',
  'specialCards+aceDraws':
    'Speciale kaarten en "een aas laat de volgende speler trekken" geven allebei de aas een betekenis: kies er één.',
  'svenskevri+aceDraws':
    'Svenskevri en "een aas laat de volgende speler trekken" geven allebei de aas een betekenis: kies er één.',
  'stackTwos+specialCards':
    'Tweeën stapelen kan alleen met speciale kaarten (een 2 laat de volgende speler twee kaarten trekken).',
  'targetScore+scoring':
    'Een doelscore heeft alleen zin als het spel met punten wordt geteld.',
  'pointLimit+deals':
    'Speel tot een puntengrens of een aantal spellen, niet allebei.',
};

export const NL: Sentences = {
  playerCount: (p) => `${TITLES[p.game].nl} is voor ${p.min} tot ${p.max} spelers, niet ${p.count}.`,
  twoDecks: (p) => `Olsen is voor 2 tot 4 spelers; met ${p.count} heb je twee kaartspellen nodig (decks: 2).`,
  unknownRule: (p) => p.game === 'olsen-dk' ? `Onbekende huisregel '${p.other}' voor Deens Olsen.` : `Onbekende huisregel '${p.other}'.`,
  badRuleValue: (p) => `De huisregel '${p.other}' moet ${p.choices ? orList(p.choices, 'of') : `een geheel getal van ${p.min} tot ${p.max}`} zijn (niet ${p.got}).`,
  houseRules: (p) => HOUSE_RULES[p.other] ?? '',
  notYourTurn: (p) => `${p.other} is aan de beurt, niet ${p.you ? 'jij' : p.player}.`,
  notInHand: (p) => `${who(p, 'nl')} ${vb(p, 'heeft', 'hebt')} ${c(p.card, 'nl')} niet in de hand.`,
  mustMatch: (p) =>
    rankOf(p.top) === 6
      ? `${who(p, 'nl')} ${vb(p, 'kan', 'kunt')} ${c(p.card, 'nl')} niet spelen: het moet ${SUIT_SINGULAR.nl[p.active]} zijn (de kleur die met de acht is gevraagd) of een acht.`
      : `${who(p, 'nl')} ${vb(p, 'kan', 'kunt')} ${c(p.card, 'nl')} niet spelen: het moet ${SUIT_SINGULAR.nl[p.active]} zijn (de kleur die geldt), ${RANK_ARTICLE.nl[rankOf(p.top)]} (de waarde bovenop) of een acht.`,
  mustPlayDrawn: (p) => `${who(p, 'nl')} ${vb(p, 'trok', 'trok')} ${c(p.card, 'nl')}, en die past: die moet nu gespeeld worden.`,
  voluntaryDrawOnly: (p) => `Na vrijwillig trekken ${p.you ? 'mag je' : `mag ${p.player}`} alleen de getrokken kaart spelen, of passen.`,
  onlyDrawnCard: (p) => `Na trekken omdat niets paste ${p.you ? 'mag je' : `mag ${p.player}`} alleen de getrokken kaart spelen, niet ${c(p.card, 'nl')}: trek opnieuw, of pas als er niet meer getrokken mag worden.`,
  firstTurnNoTwist: (p) => `In de eerste beurt geen acht en geen andere kleur: ${p.you ? 'je moet' : `${p.player} moet`} ${SUIT_NAMES.nl[p.active]} volgen met een kaart van die kleur.`,
  noEightOnEight: () => 'Aan deze tafel mag een acht niet op een acht.',
  noWinOnEight: (p) => `${who(p, 'nl')} ${vb(p, 'mag', 'mag')} aan deze tafel niet uitgaan met een acht.`,
  nameSuit: () => 'Noem de kleur die geldt als je een acht speelt.',
  onlyEightNamesSuit: () => 'Alleen een acht bepaalt de kleur: noem er geen.',
  oneCardOnly: () => 'Hier één kaart per beurt (meerdere tegelijk is een huisregel die uit staat).',
  groupMismatch: (p) => `${C(p.card, 'nl')} past niet bij de andere kaarten: samen moeten ze dezelfde waarde hebben${p.count ? ' of dezelfde kleur (zonder achten)' : ''}.`,
  drawLimit: (p) => `${who(p, 'nl')} ${vb(p, 'heeft', 'hebt')} deze beurt ${p.count} ${n(p.count, 'kaart', 'kaarten')} getrokken, meer mag niet: pas.`,
  cannotDraw: () => 'Er is geen kaart om te trekken: de stapel is leeg en op de aflegstapel ligt alleen de bovenste kaart.',
  passNotAllowed: (p) => `${who(p, 'nl')} ${vb(p, 'mag', 'mag')} nog niet passen: speel een kaart of trek.`,
  drawFirst: (p) =>
    p.count > 0
      ? `${who(p, 'nl')} ${vb(p, 'mag', 'mag')} nog niet passen: niets past, dus trek (nog tot ${p.count}).`
      : `${who(p, 'nl')} ${vb(p, 'mag', 'mag')} niet passen: niets past, dus trek tot er een kaart past.`,
  pendingTwos: (p) => `${who(p, 'nl')} ${vb(p, 'moet', 'moet')} met een twee antwoorden of ${p.count} kaarten trekken.`,
  noCallNeeded: (p) => `${who(p, 'nl')} ${vb(p, 'kan', 'kunt')} alleen roepen direct na een kaart waarna er één overblijft.`,
  catchCalled: (p) => `${p.other} kan niet betrapt worden: ${p.other} heeft geroepen.`,
  catchNotOneCard: (p) => `${p.other} kan niet betrapt worden: ${p.other} heeft ${p.count} ${n(p.count, 'kaart', 'kaarten')}, niet één.`,
  catchTooLate: (p) => `Te laat om ${p.other} te betrappen: de volgende speler is al aan zet geweest.`,
  noCatchInGame: () => 'Vergeten te roepen kost in dit spel niets: er valt niemand te betrappen.',
  catchSelf: (p) => `${who(p, 'nl')} ${vb(p, 'kan', 'kunt')} ${p.you ? 'jezelf' : 'zichzelf'} niet betrappen.`,
  roundOver: () => 'De ronde is voorbij: geen zetten meer tot het volgende delen.',
  gameOver: () => 'Het spel is voorbij.',
  needSeed: () => 'Hier moeten de kaarten geschud worden, maar het delen in dit verslag heeft geen zaadwaarde om mee te schudden.',
  dealerNames: (p) => `${p.other} heeft gedeeld en moet eerst de kleur voor de omgedraaide acht noemen.`,
  noSuitToName: () => 'Een kleur noem je alleen met een acht.',
  finishMove: (p) => `${p.player} moet eerst de zet afmaken.`,
  firstLead: (p) => `De eerste slag wordt geopend met ${c(p.card, 'nl')}.`,
  mustFollow: (p) => `${who(p, 'nl')} ${vb(p, 'moet', 'moet')} ${SUIT_NAMES.nl[p.active]} bekennen en ${vb(p, 'heeft', 'hebt')} die kleur.`,
  heartsNotBroken: () => 'Harten mag je pas uitkomen als er een harten op een andere kleur is afgegooid.',
  noPenaltyFirstTrick: (p) => `Geen harten en geen schoppenvrouw in de eerste slag zolang ${p.you ? 'je' : p.player} een andere kaart ${p.you ? 'hebt' : 'heeft'}.`,
  passFirst: () => 'Iedereen geeft drie kaarten door voor de eerste slag.',
  passThree: (p) => `${who(p, 'nl')} ${vb(p, 'moet', 'moet')} precies drie verschillende kaarten uit de hand doorgeven.`,
  alreadyPassed: (p) => `${who(p, 'nl')} ${vb(p, 'heeft', 'hebt')} al drie kaarten doorgegeven.`,
  noPassNow: () => 'Er wordt nu niet doorgegeven.',
  notDealtIn: (p) => `${who(p, 'nl')} ${vb(p, 'doet', 'doet')} niet mee in dit spel.`,
};

/** The error sentences in Dutch, as the public API hands them out (`localizeErrorWith`). */
export const sentencesNl: ErrorSentences = /* @__PURE__ */ sentencesHandle(NL);
