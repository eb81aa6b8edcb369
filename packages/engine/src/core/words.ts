/**
 * The words the engine's sentences are made of, in every language a player reads: suits, ranks, a card's
 * spoken name and the games' titles. Small and shared: the sentences themselves are one module per language
 * (sentences/).
 */
import { rankOf, suitOf, parseCard } from './card.js';
import type { CardName } from './types.js';
import type { GameName } from './games.js';

export type Lang = 'en' | 'nb' | 'nl' | 'de';
export const LANGS: readonly Lang[] = ['nb', 'en', 'nl', 'de'];

export const SUIT_NAMES: Record<Lang, readonly string[]> = {
  en: ['clubs', 'diamonds', 'hearts', 'spades'],
  nb: ['kløver', 'ruter', 'hjerter', 'spar'],
  nl: ['klaveren', 'ruiten', 'harten', 'schoppen'],
  de: ['Kreuz', 'Karo', 'Herz', 'Pik'],
};
/** A suit with its article ("a heart", "en hjerter"). */
export const SUIT_SINGULAR: Record<Lang, readonly string[]> = {
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

export function spokenCard(card: number, lang: Lang): string {
  const suit = SUIT_NAMES[lang][suitOf(card)];
  const rank = RANK_NAMES[lang][rankOf(card)];
  return lang === 'en' ? `${rank} of ${suit}` : `${suit} ${rank}`;
}

/** A game's name in a sentence. */
export const TITLES: Readonly<Record<GameName, Record<Lang, string>>> = {
  olsen: { en: 'Olsen', nb: 'Olsen', nl: 'Olsen', de: 'Olsen' },
  'vri-atter': { en: 'Vri åtter', nb: 'Vri åtter', nl: 'Vri åtter', de: 'Vri åtter' },
  'vri-atter-002': { en: 'Vri åtter with six cards', nb: 'Vri åtter med seks kort', nl: 'Vri åtter met zes kaarten', de: 'Vri åtter mit sechs Karten' },
  'olsen-dk': { en: 'Danish Olsen', nb: 'Dansk Olsen', nl: 'Deens Olsen', de: 'Dänisches Olsen' },
};

/** A game's name as a player reads it in `lang` (a title, a sentence): "Dansk Olsen", "Danish Olsen". */
export const gameTitle = (game: GameName, lang: Lang): string => TITLES[game][lang];
