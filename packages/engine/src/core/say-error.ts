/** An engine error said with one language's sentences (the public `localizeErrorWith`). */
import { sentenceOf, sentencesOfHandle, type ErrorSentences, type Sentences } from './sentence.js';
import type { Lang } from './words.js';
import type { GameError } from './errors.js';

/** `localizeError` with one language's sentences (`sentencesNb`, …): what a page loads for the language it shows. */
export function localizeErrorWith(sentences: ErrorSentences, e: GameError, lang: Lang, you?: string): string {
  return sayWith(sentencesOfHandle(sentences), e, lang, you);
}

/** The sentence of `e` (its English `message` when it has no code the sentences know: malformed input). */
export function sayWith(sentences: Sentences, e: GameError, lang: Lang, you?: string): string {
  return e.params && e.code !== 'malformed' && e.code !== 'rules' ? sentenceOf(sentences, e.code, e.params, lang, you) : e.message;
}
