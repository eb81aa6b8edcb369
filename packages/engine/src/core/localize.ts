/**
 * An error in a player's language, with all four languages' sentences at hand: the CLI, the server and the
 * engine's `localizeError` (`@olsen/engine/localize`). A page that speaks one language at a time takes
 * `localizeErrorWith` and the one module of sentences it needs (sentences/).
 */
import { sentenceOf, type ErrorCode, type ErrorParams, type Sentences } from './sentence.js';
import { sayWith } from './say-error.js';
import type { Lang } from './words.js';
import type { GameError } from './errors.js';
import { EN } from './sentences/en.js';
import { NB } from './sentences/nb.js';
import { NL } from './sentences/nl.js';
import { DE } from './sentences/de.js';

/** Every language's sentences, by language. */
export const SENTENCES: Readonly<Record<Lang, Sentences>> = { en: EN, nb: NB, nl: NL, de: DE };

/** The sentence for an error in `lang` ('dev': English with cards in notation); `you`: see `sentenceOf`. */
export function errorMessage(code: ErrorCode, params: ErrorParams, lang: Lang | 'dev' = 'en', you?: string): string {
  return sentenceOf(lang === 'dev' ? EN : SENTENCES[lang], code, params, lang, you);
}

/** The same error in another language (for the CLI and the web app); `you`: the name of the player it is said to. */
export function localizeError(e: GameError, lang: Lang, you?: string): string {
  return sayWith(SENTENCES[lang], e, lang, you);
}
