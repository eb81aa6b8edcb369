/**
 * Every rule error's sentence in Norwegian bokmål, by code.
 * One module per language: a page or a worker loads only the languages it speaks; the engine itself needs English.
 */
import { rankOf } from '../card.js';
import { SUIT_NAMES, SUIT_SINGULAR, RANK_ARTICLE, TITLES } from '../words.js';
import { who, c, sentencesHandle, type ErrorSentences, orList, type Sentences } from '../sentence.js';

/** The sentence of each option relation (options.ts), by `option+other`: why a set of house rules cannot be played. */
const HOUSE_RULES: Readonly<Record<string, string>> = {
  'specialCards+svenskevri':
    'Spesialkort og svenskevri gir begge esset en betydning: velg én av dem.',
  'specialCards+aceDraws':
    'Spesialkort og «ess gir neste spiller kort å trekke» gir begge esset en betydning: velg én av dem.',
  'svenskevri+aceDraws':
    'Svenskevri og «ess gir neste spiller kort å trekke» gir begge esset en betydning: velg én av dem.',
  'stackTwos+specialCards':
    'Å stable toere krever spesialkort (en 2 gjør at neste spiller må trekke to).',
  'targetScore+scoring':
    'Et poengmål gir bare mening når spillet telles med poeng.',
  'pointLimit+deals':
    'Spill enten til en poenggrense eller et antall giv, ikke begge deler.',
};

export const NB: Sentences = {
  playerCount: (p) => `${TITLES[p.game].nb} er for ${p.min} til ${p.max} spillere, ikke ${p.count}.`,
  twoDecks: (p) => `Olsen er for 2 til 4 spillere; med ${p.count} trengs to kortstokker (decks: 2).`,
  unknownRule: (p) => p.game === 'olsen-dk' ? `Ukjent husregel '${p.other}' for dansk Olsen.` : `Ukjent husregel '${p.other}'.`,
  badRuleValue: (p) => `Husregelen '${p.other}' må være ${p.choices ? orList(p.choices, 'eller') : `et helt tall fra ${p.min} til ${p.max}`} (fikk ${p.got}).`,
  houseRules: (p) => HOUSE_RULES[p.other] ?? '',
  notYourTurn: (p) => `Det er ${p.other} sin tur, ikke ${p.you ? 'din' : `${p.player} sin`}.`,
  notInHand: (p) => `${who(p, 'nb')} har ikke ${c(p.card, 'nb')} på hånden.`,
  mustMatch: (p) =>
    rankOf(p.top) === 6
      ? `${who(p, 'nb')} kan ikke legge ${c(p.card, 'nb')}: det må være ${SUIT_SINGULAR.nb[p.active]} (sorten som ble sagt med åtteren) eller en åtter.`
      : `${who(p, 'nb')} kan ikke legge ${c(p.card, 'nb')}: det må være ${SUIT_SINGULAR.nb[p.active]} (sorten som gjelder), ${RANK_ARTICLE.nb[rankOf(p.top)]} (verdien øverst) eller en åtter.`,
  mustPlayDrawn: (p) => `${who(p, 'nb')} trakk ${c(p.card, 'nb')}, som passer: det kortet må legges nå.`,
  voluntaryDrawOnly: (p) => `Etter et frivillig trekk kan ${p.you ? 'du' : p.player} bare legge kortet som ble trukket, eller si pass.`,
  onlyDrawnCard: (p) => `Etter å ha trukket fordi ingenting passet kan ${p.you ? 'du' : p.player} bare legge kortet som ble trukket, ikke ${c(p.card, 'nb')}: trekk igjen, eller si pass når du ikke kan trekke mer.`,
  firstTurnNoTwist: (p) => `Ingen vri på første tur: ${p.you ? 'du' : p.player} må følge ${SUIT_NAMES.nb[p.active]} med et kort i samme sort (ingen åtter, ikke bytte sort).`,
  noEightOnEight: () => 'Ved dette bordet kan en åtter ikke legges på en åtter.',
  noWinOnEight: (p) => `${who(p, 'nb')} kan ikke gå ut på en åtter ved dette bordet.`,
  nameSuit: () => 'Si hvilken sort som gjelder når du legger en åtter.',
  onlyEightNamesSuit: () => 'Bare en åtter bestemmer sort.',
  oneCardOnly: () => 'Bare ett kort om gangen her (flere kort på en gang er en husregel som ikke er på).',
  groupMismatch: (p) => `${c(p.card, 'nb')} passer ikke sammen med de andre kortene: de må ha samme verdi${p.count ? ' eller samme sort (uten åttere)' : ''}.`,
  drawLimit: (p) => `${who(p, 'nb')} har trukket ${p.count} kort denne turen, mer er ikke lov: si pass.`,
  cannotDraw: () => 'Det er ingen kort å trekke: trekkbunken er tom og kastebunken har bare toppkortet.',
  passNotAllowed: (p) => `${who(p, 'nb')} kan ikke si pass ennå: legg et kort eller trekk.`,
  drawFirst: (p) =>
    p.count > 0
      ? `${who(p, 'nb')} kan ikke si pass ennå: ingenting passer, så trekk (opptil ${p.count} til).`
      : `${who(p, 'nb')} kan ikke si pass: ingenting passer, så trekk til et kort passer.`,
  pendingTwos: (p) => `${who(p, 'nb')} må svare med en toer eller trekke ${p.count} kort.`,
  noCallNeeded: (p) => `${who(p, 'nb')} kan bare si fra rett etter et kort som gir ett kort igjen på hånden.`,
  catchCalled: (p) => `${p.other} kan ikke tas: ${p.other} sa fra.`,
  catchNotOneCard: (p) => `${p.other} kan ikke tas: ${p.other} har ${p.count} kort, ikke ett.`,
  catchTooLate: (p) => `For sent å ta ${p.other}: nestemann har allerede gjort sitt.`,
  noCatchInGame: () => 'Et glemt rop koster ingenting i dette spillet: det er ingen å ta.',
  catchSelf: (p) => `${who(p, 'nb')} kan ikke ta ${p.you ? 'deg' : 'seg'} selv.`,
  roundOver: () => 'Runden er over: ingen flere trekk før neste giv.',
  gameOver: () => 'Spillet er over.',
  needSeed: () => 'Kortene må stokkes her, men given har ikke noe frø å stokke med.',
  dealerNames: (p) => `${p.other} ga og må først si sorten for åtteren som ble snudd.`,
  noSuitToName: () => 'En sort sies bare med en åtter.',
  finishMove: (p) => `${p.player} må gjøre ferdig trekket først.`,
  firstLead: (p) => `Første stikk åpnes med ${c(p.card, 'nb')}.`,
  mustFollow: (p) => `${who(p, 'nb')} må følge ${SUIT_NAMES.nb[p.active]} og har kort i den sorten.`,
  heartsNotBroken: () => 'Hjerter kan ikke spilles ut før noen har kastet en hjerter på en annen sort.',
  noPenaltyFirstTrick: (p) => `Ingen hjerter og ikke spar dame i første stikk så lenge ${p.you ? 'du' : p.player} har andre kort.`,
  passFirst: () => 'Alle gir bort tre kort før første stikk.',
  passThree: (p) => `${who(p, 'nb')} må gi bort nøyaktig tre forskjellige kort fra hånden.`,
  alreadyPassed: (p) => `${who(p, 'nb')} har allerede gitt bort tre kort.`,
  noPassNow: () => 'Det gis ikke kort nå.',
  notDealtIn: (p) => `${who(p, 'nb')} er ikke med i denne given.`,
};

/** The error sentences in Norwegian bokmål, as the public API hands them out (`localizeErrorWith`). */
export const sentencesNb: ErrorSentences = /* @__PURE__ */ sentencesHandle(NB);
