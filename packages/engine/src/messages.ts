/**
 * Player-facing sentences for every rule error, in English and Norwegian
 * bokmål. Errors carry a code and parameters; the sentence is built here so
 * the CLI and the web app can show it in the player's language.
 */
import { rankOf, suitOf, makeCard } from './card.js';

export type Lang = 'en' | 'nb';

export const SUIT_NAMES: Record<Lang, readonly string[]> = {
  en: ['clubs', 'diamonds', 'hearts', 'spades'],
  nb: ['kløver', 'ruter', 'hjerter', 'spar'],
};
const SUIT_SINGULAR: Record<Lang, readonly string[]> = {
  en: ['a club', 'a diamond', 'a heart', 'a spade'],
  nb: ['en kløver', 'en ruter', 'en hjerter', 'en spar'],
};
const RANK_ARTICLE: Record<Lang, readonly string[]> = {
  en: ['a two', 'a three', 'a four', 'a five', 'a six', 'a seven', 'an eight', 'a nine', 'a ten', 'a jack', 'a queen', 'a king', 'an ace'],
  nb: ['en toer', 'en treer', 'en firer', 'en femmer', 'en sekser', 'en sjuer', 'en åtter', 'en nier', 'en tier', 'en knekt', 'en dame', 'en konge', 'et ess'],
};
const RANK_NAMES: Record<Lang, readonly string[]> = {
  en: ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'jack', 'queen', 'king', 'ace'],
  nb: ['to', 'tre', 'fire', 'fem', 'seks', 'sju', 'åtte', 'ni', 'ti', 'knekt', 'dame', 'konge', 'ess'],
};

/** "hjerter ni" / "nine of hearts": the spoken name of a card (screen readers, terminal). */
export function cardName(card: number, lang: Lang): string {
  const suit = SUIT_NAMES[lang][suitOf(card)];
  const rank = RANK_NAMES[lang][rankOf(card)];
  return lang === 'nb' ? `${suit} ${rank}` : `${rank} of ${suit}`;
}

export type ErrorParams = {
  player?: string;
  other?: string;
  card?: number;
  top?: number;
  active?: number;
  count?: number;
  rule?: string;
};

/** The params with `you`: the sentence is said to the player it is about (second person). */
type Said = Required<ErrorParams> & { you: boolean };
type Builder = (p: Said, lang: Lang) => string;

/** The player as subject: a name, or "You"/"Du" when the sentence is said to them. */
const who = (p: Said, l: Lang): string => (p.you ? (l === 'en' ? 'You' : 'Du') : p.player);
/** An English verb agreeing with `who`: third person for a name, the base form for "you". */
const vb = (p: Said, third: string, base: string): string => (p.you ? base : third);

const c = (card: number): string => makeCard(card);
const bi = (lang: Lang, en: string, nb: string): string => (lang === 'en' ? en : nb);

/** Every error code the engine gives, with its sentence. */
export const ERRORS = {
  /** S7: someone acted out of turn. */
  notYourTurn: (p, l) => bi(l, `It is ${p.other}'s turn, not ${p.you ? 'yours' : `${p.player}'s`}.`, `Det er ${p.other} sin tur, ikke ${p.you ? 'din' : `${p.player} sin`}.`),
  /** S8: a card the player does not hold. */
  notInHand: (p, l) => bi(l, `${who(p, l)} ${vb(p, 'does', 'do')} not hold ${c(p.card)}.`, `${who(p, l)} har ikke ${cardName(p.card, 'nb')} på hånden.`),
  /** S8: the card matches neither suit nor rank. */
  mustMatch: (p, l) =>
    rankOf(p.top) === 6
      ? bi(l, `${who(p, l)} cannot play ${c(p.card)}: it must be ${SUIT_SINGULAR.en[p.active]} (the suit named with the eight) or an eight.`,
          `${who(p, l)} kan ikke legge ${cardName(p.card, 'nb')}: det må være ${SUIT_SINGULAR.nb[p.active]} (sorten som ble sagt med åtteren) eller en åtter.`)
      : bi(l, `${who(p, l)} cannot play ${c(p.card)}: it must be ${SUIT_SINGULAR.en[p.active]} (the suit in play), ${RANK_ARTICLE.en[rankOf(p.top)]} (the rank on top) or an eight.`,
          `${who(p, l)} kan ikke legge ${cardName(p.card, 'nb')}: det må være ${SUIT_SINGULAR.nb[p.active]} (sorten som gjelder), ${RANK_ARTICLE.nb[rankOf(p.top)]} (verdien øverst) eller en åtter.`),
  /** S13: the drawn card fits and must be played at once. */
  mustPlayDrawn: (p, l) => bi(l, `${who(p, l)} drew ${c(p.card)}, which fits: it must be played now.`, `${who(p, l)} trakk ${cardName(p.card, 'nb')}, som passer: det kortet må legges nå.`),
  /** S14: after a voluntary draw only the drawn card may be played. */
  voluntaryDrawOnly: (p, l) => bi(l, `After drawing by choice ${p.you ? 'you' : p.player} may only play the card drawn, or pass.`, `Etter et frivillig trekk kan ${p.you ? 'du' : p.player} bare legge kortet som ble trukket, eller si pass.`),
  /** S-V6: no eight and no same-rank suit change on a first turn. */
  firstTurnNoTwist: (p, l) => bi(l, `No twist on the first turn: ${p.you ? 'you' : p.player} must follow ${SUIT_NAMES.en[p.active]} with a card of that suit (no eight, no change of suit).`,
    `Ingen vri på første tur: ${p.you ? 'du' : p.player} må følge ${SUIT_NAMES.nb[p.active]} med et kort i samme sort (ingen åtter, ikke bytte sort).`),
  /** S-V11: an eight on an eight. */
  noEightOnEight: (p, l) => bi(l, 'An eight may not be played on an eight at this table.', 'Ved dette bordet kan en åtter ikke legges på en åtter.'),
  /** S-V12: an eight as the last card. */
  noWinOnEight: (p, l) => bi(l, `${who(p, l)} cannot go out on an eight at this table.`, `${who(p, l)} kan ikke gå ut på en åtter ved dette bordet.`),
  /** S10: an eight needs a named suit. */
  nameSuit: (p, l) => bi(l, 'Name the suit that follows when you play an eight.', 'Si hvilken sort som gjelder når du legger en åtter.'),
  /** S10: only an eight names a suit. */
  onlyEightNamesSuit: (p, l) => bi(l, 'Only an eight names a suit: leave the suit out.', 'Bare en åtter bestemmer sort.'),
  /** S8/S-V4/S-V5: several cards without the house rule. */
  oneCardOnly: (p, l) => bi(l, 'Only one card per turn here (laying several at once is a house rule that is off).', 'Bare ett kort om gangen her (flere kort på en gang er en husregel som ikke er på).'),
  /** S-V4/S-V5: the cards of one move do not belong together. */
  groupMismatch: (p, l) => bi(l, `${c(p.card)} does not go with the cards laid with it: together they must share one rank${p.count ? ' or one suit (no eights)' : ''}.`,
    `${cardName(p.card, 'nb')} passer ikke sammen med de andre kortene: de må ha samme verdi${p.count ? ' eller samme sort (uten åttere)' : ''}.`),
  /** S14: the draw limit is reached. */
  drawLimit: (p, l) => bi(l, `${who(p, l)} ${vb(p, 'has', 'have')} drawn ${p.count} card${p.count === 1 ? '' : 's'} this turn, the most allowed: pass.`, `${who(p, l)} har trukket ${p.count} kort denne turen, mer er ikke lov: si pass.`),
  /** S17: nothing to draw. */
  cannotDraw: (p, l) => bi(l, 'There is no card to draw: the stock is empty and the discard pile holds only its top card.', 'Det er ingen kort å trekke: trekkbunken er tom og kastebunken har bare toppkortet.'),
  /** S14: passing before the draws are done. */
  passNotAllowed: (p, l) => bi(l, `${who(p, l)} may not pass yet: play a card or draw.`, `${who(p, l)} kan ikke si pass ennå: legg et kort eller trekk.`),
  /** S14: passing with nothing that fits and draws left: draw (count: draws left, 0 = no limit). */
  drawFirst: (p, l) =>
    p.count > 0
      ? bi(l, `${who(p, l)} may not pass yet: nothing fits, so draw (up to ${p.count} more).`, `${who(p, l)} kan ikke si pass ennå: ingenting passer, så trekk (opptil ${p.count} til).`)
      : bi(l, `${who(p, l)} may not pass: nothing fits, so draw until a card does.`, `${who(p, l)} kan ikke si pass: ingenting passer, så trekk til et kort passer.`),
  /** S-V8: a stacked draw-two must be answered. */
  pendingTwos: (p, l) => bi(l, `${who(p, l)} must answer the draw-two with a 2 or draw ${p.count} cards.`, `${who(p, l)} må svare med en toer eller trekke ${p.count} kort.`),
  /** S18: a call when the player does not have one card left after a play. */
  noCallNeeded: (p, l) => bi(l, `${who(p, l)} can only call right after a play that leaves one card.`, `${who(p, l)} kan bare si fra rett etter et kort som gir ett kort igjen på hånden.`),
  /** S20: the target made the call. */
  catchCalled: (p, l) => bi(l, `${p.other} cannot be caught: ${p.other} made the call.`, `${p.other} kan ikke tas: ${p.other} sa fra.`),
  /** S20: the target has not exactly one card. */
  catchNotOneCard: (p, l) => bi(l, `${p.other} cannot be caught: ${p.other} has ${p.count} card${p.count === 1 ? '' : 's'}, not one.`, `${p.other} kan ikke tas: ${p.other} har ${p.count} kort, ikke ett.`),
  /** S20: the next player has acted since: the chance is gone. */
  catchTooLate: (p, l) => bi(l, `Too late to catch ${p.other}: the next player has already acted.`, `For sent å ta ${p.other}: nestemann har allerede gjort sitt.`),
  /** S19: no penalty in this game. */
  noCatchInGame: (p, l) => bi(l, 'Forgetting the call costs nothing in this game: there is nothing to catch.', 'Et glemt rop koster ingenting i dette spillet: det er ingen å ta.'),
  /** S20: catching oneself. */
  catchSelf: (p, l) => bi(l, `${who(p, l)} cannot catch ${p.you ? 'yourself' : 'themselves'}.`, `${who(p, l)} kan ikke ta ${p.you ? 'deg' : 'seg'} selv.`),
  /** S21: the round has ended. */
  roundOver: (p, l) => bi(l, 'The round is over: no more actions until the next deal.', 'Runden er over: ingen flere trekk før neste giv.'),
  /** S22/S24: the game has ended. */
  gameOver: (p, l) => bi(l, 'The game is over.', 'Spillet er over.'),
  /** S5/S16: a shuffle was needed and the deal has no seed. */
  needSeed: (p, l) => bi(l, "The cards must be shuffled here, but this record's deal has no seed to shuffle with.", 'Kortene må stokkes her, men given har ikke noe frø å stokke med.'),
  /** S-V15: the dealer must name the suit of the turned eight first. */
  dealerNames: (p, l) => bi(l, `${p.other} dealt and must first name the suit for the turned eight.`, `${p.other} ga og må først si sorten for åtteren som ble snudd.`),
  /** S-V15: naming a suit when no turned eight waits for it. */
  noSuitToName: (p, l) => bi(l, 'A suit is named only with an eight.', 'En sort sies bare med en åtter.'),
  /** S13: must play the drawn card before anything else. */
  finishMove: (p, l) => bi(l, `${p.player} must finish the move first.`, `${p.player} må gjøre ferdig trekket først.`),
  /** H4: the hand opens with 2c (3c when 2c is out). */
  firstLead: (p, l) => bi(l, `The first trick is opened with ${c(p.card)}.`, `Første stikk åpnes med ${cardName(p.card, 'nb')}.`),
  /** H5: follow the led suit. */
  mustFollow: (p, l) => bi(l, `${who(p, l)} must follow ${SUIT_NAMES.en[p.active]} and ${vb(p, 'holds', 'hold')} some.`, `${who(p, l)} må følge ${SUIT_NAMES.nb[p.active]} og har kort i den sorten.`),
  /** H6: hearts may not be led before they are broken. */
  heartsNotBroken: (p, l) => bi(l, 'Hearts may not be led until a heart has been discarded on another suit.', 'Hjerter kan ikke spilles ut før noen har kastet en hjerter på en annen sort.'),
  /** H7: no penalty card on the first trick. */
  noPenaltyFirstTrick: (p, l) => bi(l, `No heart and no queen of spades on the first trick while ${p.you ? 'you hold' : `${p.player} holds`} another card.`, `Ingen hjerter og ikke spar dame i første stikk så lenge ${p.you ? 'du' : p.player} har andre kort.`),
  /** H3: the pass comes first. */
  passFirst: (p, l) => bi(l, 'Every player passes three cards before the first trick.', 'Alle gir bort tre kort før første stikk.'),
  /** H3: three different cards from the hand. */
  passThree: (p, l) => bi(l, `${who(p, l)} must pass exactly three different cards from the hand.`, `${who(p, l)} må gi bort nøyaktig tre forskjellige kort fra hånden.`),
  /** H3: one pass per player. */
  alreadyPassed: (p, l) => bi(l, `${who(p, l)} ${vb(p, 'has', 'have')} already passed three cards.`, `${who(p, l)} har allerede gitt bort tre kort.`),
  /** H3: no pass in this hand. */
  noPassNow: (p, l) => bi(l, 'There is no pass now.', 'Det gis ikke kort nå.'),
  /** H9: a seat outside the tie-break hand. */
  notDealtIn: (p, l) => bi(l, `${who(p, l)} ${vb(p, 'is', 'are')} not in this hand.`, `${who(p, l)} er ikke med i denne given.`),
} satisfies Record<string, Builder>;

export type ErrorCode = keyof typeof ERRORS;

/**
 * The sentence for an error in `lang`. With `you` (the name of the player the
 * sentence is said to) a sentence about that player speaks to them:
 * "You do not hold Kc", "Du har ikke …", not "You does not hold Kc".
 */
export function errorMessage(code: ErrorCode, params: ErrorParams, lang: Lang = 'en', you?: string): string {
  const p: Said = { player: '', other: '', card: 0, top: 0, active: 0, count: 0, rule: '', ...params, you: you !== undefined && params.player === you };
  return ERRORS[code](p, lang);
}
