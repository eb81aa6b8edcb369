/**
 * A short text notation for single actions, for the CLI, logs and tests.
 *
 *   Kc          play the king of clubs
 *   8d>h        play the eight of diamonds and name hearts (also 8d>♥, 8d>hjerter, 8d>hearts)
 *   9h+9s       play two nines at once (house rule), the last one on top
 *   Qh!         play and make the last-card call
 *   draw, pass, call
 *   catch:2     catch seat 2 for a forgotten call
 *   >h          the dealer names hearts for a turned eight (S-V15)
 *
 * A card may also be written as it is said, in any of the app's languages:
 * `3 spar`, `spar 3`, `hjerter dame`, `queen of hearts`, `Herz Dame`.
 *
 * `parseNotation(text, seat)` and `makeNotation(action)` are a pair:
 * `makeNotation(parseNotation(t, s))` is the canonical spelling of `t`.
 */
import { cardOf, makeCard, parseCard, parseSuit } from '../core/card.js';
import { LANGS, RANK_ARTICLE, RANK_NAMES, SUIT_NAMES } from '../core/words.js';
import type { Action } from './game.js';
import type { GameError } from '../core/errors.js';
import { SUITS, err, ok, type CardName, type Result, type Seat, type Suit } from '../core/types.js';

const bad = (text: string): Result<Action, GameError> =>
  err({ rule: null, code: 'malformed', message: `'${text}' is not an action: write a card such as Kc or 8d>h, several as 9h+9s, or draw, pass, call, catch:N.` });

/**
 * A suit as a player types it: its letter or symbol, or its name in any of the app's languages, as a screen
 * prints it ("spar", "hearts", "Herz", "klaveren"; an English name also in the singular, "heart").
 */
/**
 * A word as a keyboard without ø, å, ä or ü types it: "klover", "atter", "Konig" read as "kløver", "åtter",
 * "König" (lower case, marks dropped, ø as o, æ as ae, ß as ss).
 */
const fold = (w: string): string => w.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ø/g, 'o').replace(/æ/g, 'ae').replace(/ß/g, 'ss');

function suitFrom(text: string): number {
  const s = parseSuit(text);
  if (s >= 0) return s;
  const w = fold(text.trim());
  for (const lang of LANGS) {
    const i = SUIT_NAMES[lang].findIndex((name) => fold(name) === w || (lang === 'en' && name.slice(0, -1) === w));
    if (i >= 0) return i;
  }
  return -1;
}

/** Every word a player may use for a rank (lower case) → its index: names and "toer"-style nouns in each language, digits, letters. */
const RANK_WORDS: ReadonlyMap<string, number> = (() => {
  const m = new Map<string, number>();
  for (let r = 0; r < 13 - 4; r++) m.set(String(r + 2), r);
  'jqka'.split('').forEach((c, i) => m.set(c, 9 + i));
  m.set('t', 8);
  for (const lang of LANGS) {
    RANK_NAMES[lang].forEach((w, r) => m.set(fold(w), r));
    // "en åtter", "et ess": the noun without its article.
    RANK_ARTICLE[lang].forEach((w, r) => m.set(fold(w).replace(/^\S+\s+/, ''), r));
  }
  // Norwegian short forms: kn(ekt), d(ame), e(ss); "syv" beside "sju".
  for (const [w, r] of [['kn', 9], ['d', 10], ['e', 12], ['syv', 5]] as const) if (!m.has(w)) m.set(w, r);
  return m;
})();

/**
 * A card from one written name: `Qh`, `10♦`, or the words a player says in any language, either way round
 * (`3 spar`, `spar 3`, `hjerter dame`, `queen of hearts`, `spar-åtter`); the card id or -1.
 */
function cardFrom(text: string): number {
  const c = parseCard(text);
  if (c >= 0) return c;
  const words = fold(text.trim()).split(/[\s-]+/).filter((w) => w !== 'of');
  if (words.length === 1) return compound(words[0]);
  if (words.length !== 2) return -1;
  for (const [rankWord, suitWord] of [[words[0], words[1]], [words[1], words[0]]]) {
    const rank = RANK_WORDS.get(rankWord);
    const suit = suitFrom(suitWord);
    if (rank !== undefined && suit >= 0) return cardOf(suit, rank);
  }
  return -1;
}

/** The suit names as a compound word starts with them: every language's, and Norwegian "hjerte" (hjertedame). */
const SUIT_PREFIXES: ReadonlyArray<readonly [string, number]> = [
  ...LANGS.flatMap((lang) => SUIT_NAMES[lang].map((name, s): readonly [string, number] => [fold(name), s])),
  ['hjerte', 2] as const,
].sort((a, b) => b[0].length - a[0].length);

/** One word of suit and rank, as Norwegian, Dutch and German write a card: spardame, hjerteress, kløverkonge, Herzdame. */
function compound(word: string): number {
  for (const [prefix, suit] of SUIT_PREFIXES) {
    if (!word.startsWith(prefix) || word.length === prefix.length) continue;
    const rank = RANK_WORDS.get(word.slice(prefix.length));
    if (rank !== undefined) return cardOf(suit, rank);
  }
  return -1;
}

/**
 * Several cards typed on one line, apart by spaces or commas, each written as `cardFrom` reads it
 * (`Qs Ah Kh`, `spar dame, ess hjerter, 3 ruter`): their names, or null when some word is no card.
 */
export function parseCards(text: string): CardName[] | null {
  const words = text.trim().split(/[\s,]+/).filter((w) => w !== '' && w.toLowerCase() !== 'of');
  const cards: CardName[] = [];
  for (let i = 0; i < words.length; ) {
    const one = cardFrom(words[i]);
    if (one >= 0) {
      cards.push(makeCard(one));
      i++;
      continue;
    }
    const two = i + 1 < words.length ? cardFrom(`${words[i]} ${words[i + 1]}`) : -1;
    if (two < 0) return null;
    cards.push(makeCard(two));
    i += 2;
  }
  return cards;
}

export function parseNotation(text: string, seat: Seat): Result<Action, GameError> {
  const t = text.trim();
  const word = t.toLowerCase();
  if (word === 'draw' || word === 'trekk') return ok({ seat, draw: true });
  if (word === 'pass') return ok({ seat, pass: true });
  if (word === 'call' || word === 'olsen') return ok({ seat, call: true });
  const catchMatch = /^(?:catch|bank):(\d)$/i.exec(t);
  if (catchMatch) return ok({ seat, catch: Number(catchMatch[1]) });
  const m = /^([^>!]*)(?:>([^>!]+))?(!)?$/u.exec(t);
  if (!m) return bad(text);
  const [, cardsText, suitText, bang] = m;
  let suit: Suit | undefined;
  if (suitText !== undefined) {
    const s = suitFrom(suitText);
    if (s < 0) return bad(text);
    suit = SUITS[s];
  }
  if (cardsText === '') return suit && !bang ? ok({ seat, suit }) : bad(text);
  const cards: CardName[] = [];
  for (const part of cardsText.split('+')) {
    const c = cardFrom(part);
    if (c < 0) return bad(text);
    cards.push(makeCard(c));
  }
  const action: { seat: Seat; play: CardName[]; suit?: Suit; call?: boolean } = { seat, play: cards };
  if (suit) action.suit = suit;
  if (bang) action.call = true;
  return ok(action);
}

export function makeNotation(a: Action): string {
  if ('play' in a) return `${a.play.join('+')}${a.suit ? `>${a.suit}` : ''}${a.call ? '!' : ''}`;
  if ('draw' in a) return 'draw';
  if ('pass' in a) return 'pass';
  if ('catch' in a) return `catch:${a.catch}`;
  if ('call' in a) return 'call';
  return `>${a.suit}`;
}
