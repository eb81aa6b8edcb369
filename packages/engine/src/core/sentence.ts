/**
 * How an error's sentence is made, in any language: the error codes, the parameters a sentence names, the
 * small grammar every language's sentences share (subject, verb agreement, a card in words), and
 * `sentenceOf`, which says one error with one language's sentences. The sentences themselves are one
 * module per language (sentences/); `localize.ts` holds all four.
 */
import { makeCard, parseCard } from './card.js';
import { SUITS, type Suit, type CardName } from './types.js';
import { clip } from './text.js';
import { spokenCard, type Lang } from './words.js';
import type { GameName } from './games.js';

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
export type Said = { player: string; other: string; card: number; top: number; active: number; count: number; rule: string; min: number; max: number; game: GameName; you: boolean; choices: readonly string[] | null; got: string; describe: string };
/** One error's sentence from its params; `l` matters only to English, where 'dev' writes cards in notation. */
export type Builder = (p: Said, l: Lang | 'dev') => string;
/** One language's sentence for every error code (a code missing or unknown does not compile). */
export type Sentences = Readonly<Record<ErrorCode, Builder>>;
/**
 * One language's error sentences as the public API hands them out (`sentencesNb`, …) for `localizeErrorWith`:
 * opaque, because how a sentence is built is the engine's own business.
 */
export interface ErrorSentences {
  readonly [sentencesBrand]: true;
}
declare const sentencesBrand: unique symbol;
/** The public handle of a language's sentences, and back. */
export const sentencesHandle = (s: Sentences): ErrorSentences => s as unknown as ErrorSentences;
export const sentencesOfHandle = (h: ErrorSentences): Sentences => h as unknown as Sentences;

const YOU: Record<Lang, string> = { en: 'You', nb: 'Du', nl: 'Je', de: 'Du' };
/** The player as subject: a name, or "You"/"Du"/"Je" when the sentence is said to them. */
export const who = (p: Said, l: Lang | 'dev'): string => (p.you ? YOU[l === 'dev' ? 'en' : l] : p.player);
/** A verb agreeing with `who`: the third person for a name, the second for "you". */
export const vb = (p: Said, third: string, second: string): string => (p.you ? second : third);
/**
 * A card in a sentence: spoken in every language a player reads ("spar dame", "the queen of spades"); in the
 * notation (`Qs`) only in an error's own `message`, the English sentence records and logs carry for developers
 * (`devMessage`).
 */
export const c = (card: number, l: Lang | 'dev'): string => (l === 'dev' ? makeCard(card) : l === 'en' ? `the ${spokenCard(card, l)}` : spokenCard(card, l));
/** The same at the start of a sentence. */
export const C = (card: number, l: Lang | 'dev'): string => capitalFirst(c(card, l));
const capitalFirst = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
/** A list of choices joined with commas and `word` ("a, b eller c"). */
export const orList = (choices: readonly string[] | null, word: string): string => (choices ?? []).join(', ').replace(/, ([^,]*)$/, ` ${word} $1`);
/** A noun in the singular or the plural. */
export const n = (count: number, one: string, many: string): string => (count === 1 ? one : many);

/**
 * Every error code the engine gives (a refusal's `code`; its sentence in every language is each language's `Sentences` (sentences/), typed by this list: a code without a sentence, or a sentence without a code, does not compile).
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
 * The sentence for an error with one language's `sentences` (`lang`: that language, or 'dev' with English's).
 * With `you` (the name of the player the sentence is said to) a sentence about that player speaks to them:
 * "You do not hold Kc", "Du har ikke …", not "You does not hold Kc".
 */
export function sentenceOf(sentences: Sentences, code: ErrorCode, params: ErrorParams, lang: Lang | 'dev', you?: string): string {
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
  return sentences[code](p, lang);
}
