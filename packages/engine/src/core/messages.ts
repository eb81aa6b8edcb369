/**
 * Player-facing sentences for every rule error, in English, Norwegian bokmål,
 * Dutch and German. Errors carry a code and parameters; the sentence is built
 * here so the CLI and the web app can show it in the player's language.
 */
import { rankOf, suitOf, makeCard, parseCard } from './card.js';
import { SUITS, type CardName, type Suit } from './types.js';
import { clip, quote } from './text.js';
import { relationKey, type OptionRelation } from './options.js';
import type { RuleError } from './types.js';
import type { GameName } from './games.js';

export type Lang = 'en' | 'nb' | 'nl' | 'de';
export const LANGS: readonly Lang[] = ['nb', 'en', 'nl', 'de'];

export const SUIT_NAMES: Record<Lang, readonly string[]> = {
  en: ['clubs', 'diamonds', 'hearts', 'spades'],
  nb: ['kløver', 'ruter', 'hjerter', 'spar'],
  nl: ['klaveren', 'ruiten', 'harten', 'schoppen'],
  de: ['Kreuz', 'Karo', 'Herz', 'Pik'],
};
const SUIT_SINGULAR: Record<Lang, readonly string[]> = {
  en: ['a club', 'a diamond', 'a heart', 'a spade'],
  nb: ['en kløver', 'en ruter', 'en hjerter', 'en spar'],
  nl: ['een klaveren kaart', 'een ruitenkaart', 'een hartenkaart', 'een schoppenkaart'],
  de: ['eine Kreuzkarte', 'eine Karokarte', 'eine Herzkarte', 'eine Pikkarte'],
};
export const RANK_ARTICLE: Record<Lang, readonly string[]> = {
  en: ['a two', 'a three', 'a four', 'a five', 'a six', 'a seven', 'an eight', 'a nine', 'a ten', 'a jack', 'a queen', 'a king', 'an ace'],
  nb: ['en toer', 'en treer', 'en firer', 'en femmer', 'en sekser', 'en sjuer', 'en åtter', 'en nier', 'en tier', 'en knekt', 'en dame', 'en konge', 'et ess'],
  nl: ['een twee', 'een drie', 'een vier', 'een vijf', 'een zes', 'een zeven', 'een acht', 'een negen', 'een tien', 'een boer', 'een vrouw', 'een heer', 'een aas'],
  de: ['eine Zwei', 'eine Drei', 'eine Vier', 'eine Fünf', 'eine Sechs', 'eine Sieben', 'eine Acht', 'eine Neun', 'eine Zehn', 'ein Bube', 'eine Dame', 'ein König', 'ein Ass'],
};
export const RANK_NAMES: Record<Lang, readonly string[]> = {
  en: ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'jack', 'queen', 'king', 'ace'],
  nb: ['to', 'tre', 'fire', 'fem', 'seks', 'sju', 'åtte', 'ni', 'ti', 'knekt', 'dame', 'konge', 'ess'],
  nl: ['twee', 'drie', 'vier', 'vijf', 'zes', 'zeven', 'acht', 'negen', 'tien', 'boer', 'vrouw', 'heer', 'aas'],
  de: ['Zwei', 'Drei', 'Vier', 'Fünf', 'Sechs', 'Sieben', 'Acht', 'Neun', 'Zehn', 'Bube', 'Dame', 'König', 'Ass'],
};

/** "hjerter ni" / "nine of hearts" / "harten negen" / "Herz Neun": the spoken name of a card (screen readers, terminal). */
export function cardName(name: CardName, lang: Lang): string {
  return spokenCard(parseCard(name), lang);
}

function spokenCard(card: number, lang: Lang): string {
  const suit = SUIT_NAMES[lang][suitOf(card)];
  const rank = RANK_NAMES[lang][rankOf(card)];
  return lang === 'en' ? `${rank} of ${suit}` : `${suit} ${rank}`;
}

/** What an error's sentence names: players by name, cards as `Ah`, a suit as its letter. */
export type ErrorParams = {
  player?: string;
  other?: string;
  card?: CardName;
  top?: CardName;
  /** The suit in play (the one named with an eight, or led to the trick). */
  active?: Suit;
  count?: number;
  rule?: string;
  /** The allowed range of a count (players at a table). */
  min?: number;
  max?: number;
  /** The game a sentence names. */
  game?: GameName;
  /** A house rule's allowed values as written in --rules ('ranking', true, 5), or a range in min/max; `got`: the value given. */
  choices?: readonly string[];
  got?: string;
  /** The allowed values in English words, as the option table says them ("a whole number from 0 (off) to 4"). */
  describe?: string;
};

/** The params as numbers, with `you`: the sentence is said to the player it is about (second person). */
type Said = { player: string; other: string; card: number; top: number; active: number; count: number; rule: string; min: number; max: number; game: GameName; you: boolean; choices: readonly string[] | null; got: string; describe: string };
type Builder = (p: Said, lang: Lang) => string;

const YOU: Record<Lang, string> = { en: 'You', nb: 'Du', nl: 'Je', de: 'Du' };
/** The player as subject: a name, or "You"/"Du"/"Je" when the sentence is said to them. */
const who = (p: Said, l: Lang): string => (p.you ? YOU[l] : p.player);
/** A verb agreeing with `who`: the third person for a name, the second for "you". */
const vb = (p: Said, third: string, second: string): string => (p.you ? second : third);

/** A card in a sentence: its notation in English (as records write it), its name in the other languages. */
/**
 * A card in a sentence: spoken in every language a player reads ("spar dame", "the queen of spades"); in the
 * notation (`Qs`) only in an error's own `message`, the English sentence records and logs carry for developers
 * (`errorMessage(…, 'dev')`).
 */
const c = (card: number, l: Lang | 'dev'): string => (l === 'dev' ? makeCard(card) : l === 'en' ? `the ${spokenCard(card, l)}` : spokenCard(card, l));
/** The same at the start of a sentence. */
const C = (card: number, l: Lang | 'dev'): string => capitalFirst(c(card, l));
const capitalFirst = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
/** One sentence in four languages; the builder picks the player's. */
const say = (l: Lang, t: Record<Lang, string>): string => ((l as string) === 'dev' ? t.en : t[l]);
const n = (count: number, one: string, many: string): string => (count === 1 ? one : many);

/** The sentence of each option relation (options.ts), by `option+other`: why a set of house rules cannot be played. */
const HOUSE_RULES: Readonly<Record<string, Record<Lang, string>>> = {
  'specialCards+svenskevri': {
    en: 'Special cards and svenskevri both give the ace a meaning: choose one.',
    nb: 'Spesialkort og svenskevri gir begge esset en betydning: velg én av dem.',
    nl: 'Speciale kaarten en svenskevri geven allebei de aas een betekenis: kies er één.',
    de: 'Sonderkarten und Svenskevri geben beide dem Ass eine Bedeutung: wähle eins davon.',
  },
  'specialCards+aceDraws': {
    en: 'Special cards and "an ace makes the next player draw" both give the ace a meaning: choose one.',
    nb: 'Spesialkort og «ess gir neste spiller kort å trekke» gir begge esset en betydning: velg én av dem.',
    nl: 'Speciale kaarten en "een aas laat de volgende speler trekken" geven allebei de aas een betekenis: kies er één.',
    de: 'Sonderkarten und „ein Ass lässt den nächsten Spieler ziehen“ geben beide dem Ass eine Bedeutung: wähle eins davon.',
  },
  'svenskevri+aceDraws': {
    en: 'Svenskevri and "an ace makes the next player draw" both give the ace a meaning: choose one.',
    nb: 'Svenskevri og «ess gir neste spiller kort å trekke» gir begge esset en betydning: velg én av dem.',
    nl: 'Svenskevri en "een aas laat de volgende speler trekken" geven allebei de aas een betekenis: kies er één.',
    de: 'Svenskevri und „ein Ass lässt den nächsten Spieler ziehen“ geben beide dem Ass eine Bedeutung: wähle eins davon.',
  },
  'stackTwos+specialCards': {
    en: 'Stacking twos needs special cards (a 2 makes the next player draw two).',
    nb: 'Å stable toere krever spesialkort (en 2 gjør at neste spiller må trekke to).',
    nl: 'Tweeën stapelen kan alleen met speciale kaarten (een 2 laat de volgende speler twee kaarten trekken).',
    de: 'Zweien stapeln geht nur mit Sonderkarten (eine 2 lässt den nächsten Spieler zwei Karten ziehen).',
  },
  'targetScore+scoring': {
    en: 'A target score only makes sense when the game is scored with points.',
    nb: 'Et poengmål gir bare mening når spillet telles med poeng.',
    nl: 'Een doelscore heeft alleen zin als het spel met punten wordt geteld.',
    de: 'Ein Punkteziel ergibt nur Sinn, wenn das Spiel mit Punkten gezählt wird.',
  },
  'pointLimit+deals': {
    en: 'Play either to a point limit or for a number of deals, not both.',
    nb: 'Spill enten til en poenggrense eller et antall giv, ikke begge deler.',
    nl: 'Speel tot een puntengrens of een aantal spellen, niet allebei.',
    de: 'Spielt entweder bis zu einer Punktgrenze oder eine Anzahl Runden, nicht beides.',
  },
};

/** A game's name in a sentence. */
const TITLES: Readonly<Record<GameName, Record<Lang, string>>> = {
  olsen: { en: 'Olsen', nb: 'Olsen', nl: 'Olsen', de: 'Olsen' },
  'vri-atter': { en: 'Vri åtter', nb: 'Vri åtter', nl: 'Vri åtter', de: 'Vri åtter' },
  'vri-atter-002': { en: 'Vri åtter with six cards', nb: 'Vri åtter med seks kort', nl: 'Vri åtter met zes kaarten', de: 'Vri åtter mit sechs Karten' },
  'olsen-dk': { en: 'Danish Olsen', nb: 'Dansk Olsen', nl: 'Deens Olsen', de: 'Dänisches Olsen' },
};

/** A game's name as a player reads it in `lang` (a title, a sentence): "Dansk Olsen", "Danish Olsen". */
export const gameTitle = (game: GameName, lang: Lang): string => TITLES[game][lang];

/** A refusal of a game's setup (not of a move) with what says it in every language. */
/** The refusal of a house rule's value: what it may be, in every language (`values`, or a whole-number `range`). */
export function ruleValueError(name: string, spec: { readonly values?: readonly unknown[]; readonly range?: readonly [number, number]; readonly describe: string }, value: unknown): RuleError {
  const written = (v: unknown): string => (typeof v === 'string' ? `'${v}'` : String(v));
  return setupError(null, 'badRuleValue', { other: name, describe: spec.describe, got: quote(value), ...(spec.values ? { choices: spec.values.map(written) } : { min: spec.range![0], max: spec.range![1] }) });
}

export function setupError(rule: string | null, code: ErrorCode, params: ErrorParams): RuleError {
  return { rule, code, params, message: errorMessage(code, params, 'dev') };
}

/** The refusal of house rules that break `rel` (options.ts), with what says it in every language. */
export function relationError(rel: OptionRelation): RuleError {
  const other = relationKey(rel);
  return { rule: rel.rule, code: 'houseRules', params: { other }, message: HOUSE_RULES[other].en };
}

/** Every error code the engine gives, with its sentence. */
export const ERRORS = {
  /** S2, H1: a player count the game does not take. */
  playerCount: (p, l) => say(l, {
    en: `${TITLES[p.game].en} is for ${p.min} to ${p.max} players, not ${p.count}.`,
    nb: `${TITLES[p.game].nb} er for ${p.min} til ${p.max} spillere, ikke ${p.count}.`,
    nl: `${TITLES[p.game].nl} is voor ${p.min} tot ${p.max} spelers, niet ${p.count}.`,
    de: `${TITLES[p.game].de} ist für ${p.min} bis ${p.max} Spieler, nicht ${p.count}.`,
  }),
  /** S2, S-V14: Olsen at five or six players needs two decks. */
  twoDecks: (p, l) => say(l, {
    en: `Olsen is for 2 to 4 players; with ${p.count} you need two decks (decks: 2).`,
    nb: `Olsen er for 2 til 4 spillere; med ${p.count} trengs to kortstokker (decks: 2).`,
    nl: `Olsen is voor 2 tot 4 spelers; met ${p.count} heb je twee kaartspellen nodig (decks: 2).`,
    de: `Olsen ist für 2 bis 4 Spieler; mit ${p.count} braucht ihr zwei Kartenspiele (decks: 2).`,
  }),
  /** A house rule the game does not have (`other`: its name as given). */
  unknownRule: (p, l) => say(l, p.game === 'olsen-dk' ? {
    en: `Unknown house rule '${p.other}' for Danish Olsen.`,
    nb: `Ukjent husregel '${p.other}' for dansk Olsen.`,
    nl: `Onbekende huisregel '${p.other}' voor Deens Olsen.`,
    de: `Unbekannte Hausregel '${p.other}' für dänisches Olsen.`,
  } : {
    en: `Unknown house rule '${p.other}'.`,
    nb: `Ukjent husregel '${p.other}'.`,
    nl: `Onbekende huisregel '${p.other}'.`,
    de: `Unbekannte Hausregel '${p.other}'.`,
  }),
  /** A house rule given a value it does not take (`other`: its name). */
  badRuleValue: (p, l) => {
    const or = (word: string): string => (p.choices ?? []).join(', ').replace(/, ([^,]*)$/, ` ${word} $1`);
    return say(l, {
      en: `The house rule '${p.other}' must be ${p.describe} (got ${p.got}).`,
      nb: `Husregelen '${p.other}' må være ${p.choices ? or('eller') : `et helt tall fra ${p.min} til ${p.max}`} (fikk ${p.got}).`,
      nl: `De huisregel '${p.other}' moet ${p.choices ? or('of') : `een geheel getal van ${p.min} tot ${p.max}`} zijn (niet ${p.got}).`,
      de: `Die Hausregel '${p.other}' muss ${p.choices ? or('oder') : `eine ganze Zahl von ${p.min} bis ${p.max}`} sein (nicht ${p.got}).`,
    });
  },
  /** House rules that cannot be played together (options.ts); `other` names the relation. */
  houseRules: (p, l) => HOUSE_RULES[p.other]?.[l] ?? HOUSE_RULES[p.other]?.en ?? '',
  /** S7: someone acted out of turn. */
  notYourTurn: (p, l) => say(l, {
    en: `It is ${p.other}'s turn, not ${p.you ? 'yours' : `${p.player}'s`}.`,
    nb: `Det er ${p.other} sin tur, ikke ${p.you ? 'din' : `${p.player} sin`}.`,
    nl: `${p.other} is aan de beurt, niet ${p.you ? 'jij' : p.player}.`,
    de: `${p.other} ist am Zug, nicht ${p.you ? 'du' : p.player}.`,
  }),
  /** S8: a card the player does not hold. */
  notInHand: (p, l) => say(l, {
    en: `${who(p, l)} ${vb(p, 'does', 'do')} not hold ${c(p.card, l)}.`,
    nb: `${who(p, l)} har ikke ${c(p.card, l)} på hånden.`,
    nl: `${who(p, l)} ${vb(p, 'heeft', 'hebt')} ${c(p.card, l)} niet in de hand.`,
    de: `${who(p, l)} ${vb(p, 'hat', 'hast')} ${c(p.card, l)} nicht auf der Hand.`,
  }),
  /** S8: the card matches neither suit nor rank. */
  mustMatch: (p, l) =>
    rankOf(p.top) === 6
      ? say(l, {
          en: `${who(p, l)} cannot play ${c(p.card, l)}: it must be ${SUIT_SINGULAR.en[p.active]} (the suit named with the eight) or an eight.`,
          nb: `${who(p, l)} kan ikke legge ${c(p.card, l)}: det må være ${SUIT_SINGULAR.nb[p.active]} (sorten som ble sagt med åtteren) eller en åtter.`,
          nl: `${who(p, l)} ${vb(p, 'kan', 'kunt')} ${c(p.card, l)} niet spelen: het moet ${SUIT_SINGULAR.nl[p.active]} zijn (de kleur die met de acht is gevraagd) of een acht.`,
          de: `${who(p, l)} ${vb(p, 'kann', 'kannst')} ${c(p.card, l)} nicht legen: es muss ${SUIT_SINGULAR.de[p.active]} sein (die mit der Acht gewünschte Farbe) oder eine Acht.`,
        })
      : say(l, {
          en: `${who(p, l)} cannot play ${c(p.card, l)}: it must be ${SUIT_SINGULAR.en[p.active]} (the suit in play), ${RANK_ARTICLE.en[rankOf(p.top)]} (the rank on top) or an eight.`,
          nb: `${who(p, l)} kan ikke legge ${c(p.card, l)}: det må være ${SUIT_SINGULAR.nb[p.active]} (sorten som gjelder), ${RANK_ARTICLE.nb[rankOf(p.top)]} (verdien øverst) eller en åtter.`,
          nl: `${who(p, l)} ${vb(p, 'kan', 'kunt')} ${c(p.card, l)} niet spelen: het moet ${SUIT_SINGULAR.nl[p.active]} zijn (de kleur die geldt), ${RANK_ARTICLE.nl[rankOf(p.top)]} (de waarde bovenop) of een acht.`,
          de: `${who(p, l)} ${vb(p, 'kann', 'kannst')} ${c(p.card, l)} nicht legen: es muss ${SUIT_SINGULAR.de[p.active]} sein (die geltende Farbe), ${RANK_ARTICLE.de[rankOf(p.top)]} (der Wert oben) oder eine Acht.`,
        }),
  /** S13: the drawn card fits and must be played at once. */
  mustPlayDrawn: (p, l) => say(l, {
    en: `${who(p, l)} drew ${c(p.card, l)}, which fits: it must be played now.`,
    nb: `${who(p, l)} trakk ${c(p.card, l)}, som passer: det kortet må legges nå.`,
    nl: `${who(p, l)} ${vb(p, 'trok', 'trok')} ${c(p.card, l)}, en die past: die moet nu gespeeld worden.`,
    de: `${who(p, l)} ${vb(p, 'hat', 'hast')} ${c(p.card, l)} gezogen, und sie passt: sie muss jetzt gelegt werden.`,
  }),
  /** S14: after a voluntary draw only the drawn card may be played. */
  voluntaryDrawOnly: (p, l) => say(l, {
    en: `After drawing by choice ${p.you ? 'you' : p.player} may only play the card drawn, or pass.`,
    nb: `Etter et frivillig trekk kan ${p.you ? 'du' : p.player} bare legge kortet som ble trukket, eller si pass.`,
    nl: `Na vrijwillig trekken ${p.you ? 'mag je' : `mag ${p.player}`} alleen de getrokken kaart spelen, of passen.`,
    de: `Nach freiwilligem Ziehen ${p.you ? 'darfst du' : `darf ${p.player}`} nur die gezogene Karte legen oder passen.`,
  }),
  /** S14 (decision): after a forced draw only the drawn card may be played, even a hand card the draw made legal. */
  onlyDrawnCard: (p, l) => say(l, {
    en: `After drawing because nothing fitted ${p.you ? 'you' : p.player} may play only the card drawn, not ${c(p.card, l)}: draw again, or pass when no draw is left.`,
    nb: `Etter å ha trukket fordi ingenting passet kan ${p.you ? 'du' : p.player} bare legge kortet som ble trukket, ikke ${c(p.card, l)}: trekk igjen, eller si pass når du ikke kan trekke mer.`,
    nl: `Na trekken omdat niets paste ${p.you ? 'mag je' : `mag ${p.player}`} alleen de getrokken kaart spelen, niet ${c(p.card, l)}: trek opnieuw, of pas als er niet meer getrokken mag worden.`,
    de: `Nach dem Ziehen, weil nichts passte, ${p.you ? 'darfst du' : `darf ${p.player}`} nur die gezogene Karte legen, nicht ${c(p.card, l)}: zieh noch einmal oder passe, wenn nicht mehr gezogen werden darf.`,
  }),
  /** S-V6: no eight and no same-rank suit change on a first turn. */
  firstTurnNoTwist: (p, l) => say(l, {
    en: `No twist on the first turn: ${p.you ? 'you' : p.player} must follow ${SUIT_NAMES.en[p.active]} with a card of that suit (no eight, no change of suit).`,
    nb: `Ingen vri på første tur: ${p.you ? 'du' : p.player} må følge ${SUIT_NAMES.nb[p.active]} med et kort i samme sort (ingen åtter, ikke bytte sort).`,
    nl: `Niet draaien in de eerste beurt: ${p.you ? 'je moet' : `${p.player} moet`} ${SUIT_NAMES.nl[p.active]} volgen met een kaart van die kleur (geen acht, geen andere kleur).`,
    de: `Kein Wechsel im ersten Zug: ${p.you ? 'du musst' : `${p.player} muss`} ${SUIT_NAMES.de[p.active]} mit einer Karte dieser Farbe bedienen (keine Acht, kein Farbwechsel).`,
  }),
  /** S-V11: an eight on an eight. */
  noEightOnEight: (_p, l) => say(l, {
    en: 'An eight may not be played on an eight at this table.',
    nb: 'Ved dette bordet kan en åtter ikke legges på en åtter.',
    nl: 'Aan deze tafel mag een acht niet op een acht.',
    de: 'An diesem Tisch darf keine Acht auf eine Acht.',
  }),
  /** S-V12: an eight as the last card. */
  noWinOnEight: (p, l) => say(l, {
    en: `${who(p, l)} cannot go out on an eight at this table.`,
    nb: `${who(p, l)} kan ikke gå ut på en åtter ved dette bordet.`,
    nl: `${who(p, l)} ${vb(p, 'mag', 'mag')} aan deze tafel niet uitgaan met een acht.`,
    de: `${who(p, l)} ${vb(p, 'darf', 'darfst')} an diesem Tisch nicht mit einer Acht ausgehen.`,
  }),
  /** S10: an eight needs a named suit. */
  nameSuit: (_p, l) => say(l, {
    en: 'Name the suit that follows when you play an eight.',
    nb: 'Si hvilken sort som gjelder når du legger en åtter.',
    nl: 'Noem de kleur die geldt als je een acht speelt.',
    de: 'Nenne die Farbe, die gilt, wenn du eine Acht legst.',
  }),
  /** S10: only an eight names a suit. */
  onlyEightNamesSuit: (_p, l) => say(l, {
    en: 'Only an eight names a suit: leave the suit out.',
    nb: 'Bare en åtter bestemmer sort.',
    nl: 'Alleen een acht bepaalt de kleur: noem er geen.',
    de: 'Nur eine Acht bestimmt die Farbe: nenne keine.',
  }),
  /** S8/S-V4/S-V5: several cards without the house rule. */
  oneCardOnly: (_p, l) => say(l, {
    en: 'Only one card per turn here (laying several at once is a house rule that is off).',
    nb: 'Bare ett kort om gangen her (flere kort på en gang er en husregel som ikke er på).',
    nl: 'Hier één kaart per beurt (meerdere tegelijk is een huisregel die uit staat).',
    de: 'Hier nur eine Karte pro Zug (mehrere auf einmal ist eine Hausregel, die aus ist).',
  }),
  /** S-V4/S-V5: the cards of one move do not belong together. */
  groupMismatch: (p, l) => say(l, {
    en: `${C(p.card, l)} does not go with the cards laid with it: together they must share one rank${p.count ? ' or one suit (no eights)' : ''}.`,
    nb: `${c(p.card, l)} passer ikke sammen med de andre kortene: de må ha samme verdi${p.count ? ' eller samme sort (uten åttere)' : ''}.`,
    nl: `${C(p.card, l)} past niet bij de andere kaarten: samen moeten ze dezelfde waarde hebben${p.count ? ' of dezelfde kleur (zonder achten)' : ''}.`,
    de: `${C(p.card, l)} passt nicht zu den anderen Karten: zusammen müssen sie denselben Wert haben${p.count ? ' oder dieselbe Farbe (ohne Achten)' : ''}.`,
  }),
  /** S14: the draw limit is reached. */
  drawLimit: (p, l) => say(l, {
    en: `${who(p, l)} ${vb(p, 'has', 'have')} drawn ${p.count} card${p.count === 1 ? '' : 's'} this turn, the most allowed: pass.`,
    nb: `${who(p, l)} har trukket ${p.count} kort denne turen, mer er ikke lov: si pass.`,
    nl: `${who(p, l)} ${vb(p, 'heeft', 'hebt')} deze beurt ${p.count} ${n(p.count, 'kaart', 'kaarten')} getrokken, meer mag niet: pas.`,
    de: `${who(p, l)} ${vb(p, 'hat', 'hast')} in diesem Zug ${p.count} ${n(p.count, 'Karte', 'Karten')} gezogen, mehr ist nicht erlaubt: passe.`,
  }),
  /** S17: nothing to draw. */
  cannotDraw: (_p, l) => say(l, {
    en: 'There is no card to draw: the stock is empty and the discard pile holds only its top card.',
    nb: 'Det er ingen kort å trekke: trekkbunken er tom og kastebunken har bare toppkortet.',
    nl: 'Er is geen kaart om te trekken: de stapel is leeg en op de aflegstapel ligt alleen de bovenste kaart.',
    de: 'Es gibt keine Karte zum Ziehen: der Stapel ist leer, und auf dem Ablagestapel liegt nur die oberste Karte.',
  }),
  /** S14: passing before the draws are done. */
  passNotAllowed: (p, l) => say(l, {
    en: `${who(p, l)} may not pass yet: play a card or draw.`,
    nb: `${who(p, l)} kan ikke si pass ennå: legg et kort eller trekk.`,
    nl: `${who(p, l)} ${vb(p, 'mag', 'mag')} nog niet passen: speel een kaart of trek.`,
    de: `${who(p, l)} ${vb(p, 'darf', 'darfst')} noch nicht passen: lege eine Karte oder ziehe.`,
  }),
  /** S14: passing with nothing that fits and draws left: draw (count: draws left, 0 = no limit). */
  drawFirst: (p, l) =>
    p.count > 0
      ? say(l, {
          en: `${who(p, l)} may not pass yet: nothing fits, so draw (up to ${p.count} more).`,
          nb: `${who(p, l)} kan ikke si pass ennå: ingenting passer, så trekk (opptil ${p.count} til).`,
          nl: `${who(p, l)} ${vb(p, 'mag', 'mag')} nog niet passen: niets past, dus trek (nog tot ${p.count}).`,
          de: `${who(p, l)} ${vb(p, 'darf', 'darfst')} noch nicht passen: nichts passt, also ziehe (noch bis zu ${p.count}).`,
        })
      : say(l, {
          en: `${who(p, l)} may not pass: nothing fits, so draw until a card does.`,
          nb: `${who(p, l)} kan ikke si pass: ingenting passer, så trekk til et kort passer.`,
          nl: `${who(p, l)} ${vb(p, 'mag', 'mag')} niet passen: niets past, dus trek tot er een kaart past.`,
          de: `${who(p, l)} ${vb(p, 'darf', 'darfst')} nicht passen: nichts passt, also ziehe, bis eine Karte passt.`,
        }),
  /** S-V8: a stacked draw-two must be answered. */
  pendingTwos: (p, l) => say(l, {
    en: `${who(p, l)} must answer the draw-two with a 2 or draw ${p.count} cards.`,
    nb: `${who(p, l)} må svare med en toer eller trekke ${p.count} kort.`,
    nl: `${who(p, l)} ${vb(p, 'moet', 'moet')} met een twee antwoorden of ${p.count} kaarten trekken.`,
    de: `${who(p, l)} ${vb(p, 'muss', 'musst')} mit einer Zwei antworten oder ${p.count} Karten ziehen.`,
  }),
  /** S18: a call when the player does not have one card left after a play. */
  noCallNeeded: (p, l) => say(l, {
    en: `${who(p, l)} can only call right after a play that leaves one card.`,
    nb: `${who(p, l)} kan bare si fra rett etter et kort som gir ett kort igjen på hånden.`,
    nl: `${who(p, l)} ${vb(p, 'kan', 'kunt')} alleen roepen direct na een kaart waarna er één overblijft.`,
    de: `${who(p, l)} ${vb(p, 'kann', 'kannst')} nur direkt nach einer Karte ansagen, nach der eine übrig bleibt.`,
  }),
  /** S20: the target made the call. */
  catchCalled: (p, l) => say(l, {
    en: `${p.other} cannot be caught: ${p.other} made the call.`,
    nb: `${p.other} kan ikke tas: ${p.other} sa fra.`,
    nl: `${p.other} kan niet betrapt worden: ${p.other} heeft geroepen.`,
    de: `${p.other} kann nicht erwischt werden: ${p.other} hat angesagt.`,
  }),
  /** S20: the target has not exactly one card. */
  catchNotOneCard: (p, l) => say(l, {
    en: `${p.other} cannot be caught: ${p.other} has ${p.count} card${p.count === 1 ? '' : 's'}, not one.`,
    nb: `${p.other} kan ikke tas: ${p.other} har ${p.count} kort, ikke ett.`,
    nl: `${p.other} kan niet betrapt worden: ${p.other} heeft ${p.count} ${n(p.count, 'kaart', 'kaarten')}, niet één.`,
    de: `${p.other} kann nicht erwischt werden: ${p.other} hat ${p.count} ${n(p.count, 'Karte', 'Karten')}, nicht eine.`,
  }),
  /** S20: the next player has acted since: the chance is gone. */
  catchTooLate: (p, l) => say(l, {
    en: `Too late to catch ${p.other}: the next player has already acted.`,
    nb: `For sent å ta ${p.other}: nestemann har allerede gjort sitt.`,
    nl: `Te laat om ${p.other} te betrappen: de volgende speler is al aan zet geweest.`,
    de: `Zu spät, um ${p.other} zu erwischen: der nächste Spieler war schon am Zug.`,
  }),
  /** S19: no penalty in this game. */
  noCatchInGame: (_p, l) => say(l, {
    en: 'Forgetting the call costs nothing in this game: there is nothing to catch.',
    nb: 'Et glemt rop koster ingenting i dette spillet: det er ingen å ta.',
    nl: 'Vergeten te roepen kost in dit spel niets: er valt niemand te betrappen.',
    de: 'Eine vergessene Ansage kostet in diesem Spiel nichts: es gibt niemanden zu erwischen.',
  }),
  /** S20: catching oneself. */
  catchSelf: (p, l) => say(l, {
    en: `${who(p, l)} cannot catch ${p.you ? 'yourself' : 'themselves'}.`,
    nb: `${who(p, l)} kan ikke ta ${p.you ? 'deg' : 'seg'} selv.`,
    nl: `${who(p, l)} ${vb(p, 'kan', 'kunt')} ${p.you ? 'jezelf' : 'zichzelf'} niet betrappen.`,
    de: `${who(p, l)} ${vb(p, 'kann', 'kannst')} ${p.you ? 'dich' : 'sich'} nicht selbst erwischen.`,
  }),
  /** S21: the round has ended. */
  roundOver: (_p, l) => say(l, {
    en: 'The round is over: no more actions until the next deal.',
    nb: 'Runden er over: ingen flere trekk før neste giv.',
    nl: 'De ronde is voorbij: geen zetten meer tot het volgende delen.',
    de: 'Die Runde ist vorbei: keine Züge mehr bis zum nächsten Geben.',
  }),
  /** S22/S24: the game has ended. */
  gameOver: (_p, l) => say(l, { en: 'The game is over.', nb: 'Spillet er over.', nl: 'Het spel is voorbij.', de: 'Das Spiel ist vorbei.' }),
  /** S5/S16: a shuffle was needed and the deal has no seed. */
  needSeed: (_p, l) => say(l, {
    en: "The cards must be shuffled here, but this record's deal has no seed to shuffle with.",
    nb: 'Kortene må stokkes her, men given har ikke noe frø å stokke med.',
    nl: 'Hier moeten de kaarten geschud worden, maar het delen in dit verslag heeft geen zaadwaarde om mee te schudden.',
    de: 'Hier müssen die Karten gemischt werden, aber das Geben in dieser Aufzeichnung hat keinen Startwert zum Mischen.',
  }),
  /** S-V15: the dealer must name the suit of the turned eight first. */
  dealerNames: (p, l) => say(l, {
    en: `${p.other} dealt and must first name the suit for the turned eight.`,
    nb: `${p.other} ga og må først si sorten for åtteren som ble snudd.`,
    nl: `${p.other} heeft gedeeld en moet eerst de kleur voor de omgedraaide acht noemen.`,
    de: `${p.other} hat gegeben und muss zuerst die Farbe für die aufgedeckte Acht nennen.`,
  }),
  /** S-V15: naming a suit when no turned eight waits for it. */
  noSuitToName: (_p, l) => say(l, {
    en: 'A suit is named only with an eight.',
    nb: 'En sort sies bare med en åtter.',
    nl: 'Een kleur noem je alleen met een acht.',
    de: 'Eine Farbe nennt man nur mit einer Acht.',
  }),
  /** S13: must play the drawn card before anything else. */
  finishMove: (p, l) => say(l, {
    en: `${p.player} must finish the move first.`,
    nb: `${p.player} må gjøre ferdig trekket først.`,
    nl: `${p.player} moet eerst de zet afmaken.`,
    de: `${p.player} muss zuerst den Zug beenden.`,
  }),
  /** H4: the hand opens with 2c (3c when 2c is out). */
  firstLead: (p, l) => say(l, {
    en: `The first trick is opened with ${c(p.card, l)}.`,
    nb: `Første stikk åpnes med ${c(p.card, l)}.`,
    nl: `De eerste slag wordt geopend met ${c(p.card, l)}.`,
    de: `Der erste Stich wird mit ${c(p.card, l)} eröffnet.`,
  }),
  /** H5: follow the led suit. */
  mustFollow: (p, l) => say(l, {
    en: `${who(p, l)} must follow ${SUIT_NAMES.en[p.active]} and ${vb(p, 'holds', 'hold')} some.`,
    nb: `${who(p, l)} må følge ${SUIT_NAMES.nb[p.active]} og har kort i den sorten.`,
    nl: `${who(p, l)} ${vb(p, 'moet', 'moet')} ${SUIT_NAMES.nl[p.active]} bekennen en ${vb(p, 'heeft', 'hebt')} die kleur.`,
    de: `${who(p, l)} ${vb(p, 'muss', 'musst')} ${SUIT_NAMES.de[p.active]} bedienen und ${vb(p, 'hat', 'hast')} diese Farbe.`,
  }),
  /** H6: hearts may not be led before they are broken. */
  heartsNotBroken: (_p, l) => say(l, {
    en: 'Hearts may not be led until a heart has been discarded on another suit.',
    nb: 'Hjerter kan ikke spilles ut før noen har kastet en hjerter på en annen sort.',
    nl: 'Harten mag je pas uitkomen als er een harten op een andere kleur is afgegooid.',
    de: 'Herz darf erst ausgespielt werden, wenn ein Herz auf eine andere Farbe abgeworfen wurde.',
  }),
  /** H7: no penalty card on the first trick. */
  noPenaltyFirstTrick: (p, l) => say(l, {
    en: `No heart and no queen of spades on the first trick while ${p.you ? 'you hold' : `${p.player} holds`} another card.`,
    nb: `Ingen hjerter og ikke spar dame i første stikk så lenge ${p.you ? 'du' : p.player} har andre kort.`,
    nl: `Geen harten en geen schoppenvrouw in de eerste slag zolang ${p.you ? 'je' : p.player} een andere kaart ${p.you ? 'hebt' : 'heeft'}.`,
    de: `Kein Herz und keine Pik-Dame im ersten Stich, solange ${p.you ? 'du' : p.player} eine andere Karte ${p.you ? 'hast' : 'hat'}.`,
  }),
  /** H3: the pass comes first. */
  passFirst: (_p, l) => say(l, {
    en: 'Every player passes three cards before the first trick.',
    nb: 'Alle gir bort tre kort før første stikk.',
    nl: 'Iedereen geeft drie kaarten door voor de eerste slag.',
    de: 'Alle geben vor dem ersten Stich drei Karten weiter.',
  }),
  /** H3: three different cards from the hand. */
  passThree: (p, l) => say(l, {
    en: `${who(p, l)} must pass exactly three different cards from the hand.`,
    nb: `${who(p, l)} må gi bort nøyaktig tre forskjellige kort fra hånden.`,
    nl: `${who(p, l)} ${vb(p, 'moet', 'moet')} precies drie verschillende kaarten uit de hand doorgeven.`,
    de: `${who(p, l)} ${vb(p, 'muss', 'musst')} genau drei verschiedene Karten von der Hand weitergeben.`,
  }),
  /** H3: one pass per player. */
  alreadyPassed: (p, l) => say(l, {
    en: `${who(p, l)} ${vb(p, 'has', 'have')} already passed three cards.`,
    nb: `${who(p, l)} har allerede gitt bort tre kort.`,
    nl: `${who(p, l)} ${vb(p, 'heeft', 'hebt')} al drie kaarten doorgegeven.`,
    de: `${who(p, l)} ${vb(p, 'hat', 'hast')} schon drei Karten weitergegeben.`,
  }),
  /** H3: no pass in this hand. */
  noPassNow: (_p, l) => say(l, { en: 'There is no pass now.', nb: 'Det gis ikke kort nå.', nl: 'Er wordt nu niet doorgegeven.', de: 'Jetzt wird nicht weitergegeben.' }),
  /** H9: a seat outside the tie-break hand. */
  notDealtIn: (p, l) => say(l, {
    en: `${who(p, l)} ${vb(p, 'is', 'are')} not in this hand.`,
    nb: `${who(p, l)} er ikke med i denne given.`,
    nl: `${who(p, l)} ${vb(p, 'doet', 'doet')} niet mee in dit spel.`,
    de: `${who(p, l)} ${vb(p, 'ist', 'bist')} in diesem Spiel nicht dabei.`,
  }),
} satisfies Record<ErrorCode, Builder>;

/**
 * Every error code the engine gives (a refusal's `code`; its sentence in every language is `ERRORS[code]`, which
 * `satisfies` this list: a code without a sentence, or a sentence without a code, does not compile).
 */
export type ErrorCode =
  | 'playerCount'
  | 'twoDecks'
  | 'unknownRule'
  | 'badRuleValue'
  | 'houseRules'
  | 'notYourTurn'
  | 'notInHand'
  | 'mustMatch'
  | 'mustPlayDrawn'
  | 'voluntaryDrawOnly'
  | 'onlyDrawnCard'
  | 'firstTurnNoTwist'
  | 'noEightOnEight'
  | 'noWinOnEight'
  | 'nameSuit'
  | 'onlyEightNamesSuit'
  | 'oneCardOnly'
  | 'groupMismatch'
  | 'drawLimit'
  | 'cannotDraw'
  | 'passNotAllowed'
  | 'drawFirst'
  | 'pendingTwos'
  | 'noCallNeeded'
  | 'catchCalled'
  | 'catchNotOneCard'
  | 'catchTooLate'
  | 'noCatchInGame'
  | 'catchSelf'
  | 'roundOver'
  | 'gameOver'
  | 'needSeed'
  | 'dealerNames'
  | 'noSuitToName'
  | 'finishMove'
  | 'firstLead'
  | 'mustFollow'
  | 'heartsNotBroken'
  | 'noPenaltyFirstTrick'
  | 'passFirst'
  | 'passThree'
  | 'alreadyPassed'
  | 'noPassNow'
  | 'notDealtIn';

/**
 * The sentence for an error in `lang`. With `you` (the name of the player the
 * sentence is said to) a sentence about that player speaks to them:
 * "You do not hold Kc", "Du har ikke …", not "You does not hold Kc".
 */
export function errorMessage(code: ErrorCode, params: ErrorParams, lang: Lang | 'dev' = 'en', you?: string): string {
  const card = (name: unknown): number => (typeof name === 'string' ? Math.max(0, parseCard(name)) : 0);
  const p: Said = {
    player: params.player ?? '',
    other: params.other ?? '',
    card: card(params.card),
    top: card(params.top),
    active: Math.max(0, SUITS.indexOf(params.active as Suit)),
    count: params.count ?? 0,
    rule: params.rule ?? '',
    min: params.min ?? 0,
    max: params.max ?? 0,
    game: params.game ?? 'olsen',
    you: you !== undefined && params.player === you,
    choices: params.choices ?? null,
    got: params.got ?? '',
    describe: params.describe ?? '',
  };
  // Names come from outside (a record, a client): a sentence shows at most 80 characters of one.
  p.player = clip(p.player);
  p.other = clip(p.other);
  // 'dev': the English sentence with cards in the notation (an error's own message; see `c`).
  return ERRORS[code](p, lang as Lang);
}
