/**
 * `@olsen/engine/localize`: an error in any of the four languages, all of them at hand (the CLI, the server,
 * tools). A page that shows one language at a time takes `localizeErrorWith` from the main entry and that
 * language's sentences from `@olsen/engine/sentences/<lang>`, and carries no other language.
 */
export { localizeError } from './core/localize.js';
export { localizeErrorWith } from './core/say-error.js';
export type { ErrorSentences } from './core/sentence.js';
export { sentencesEn } from './core/sentences/en.js';
export { sentencesNb } from './core/sentences/nb.js';
export { sentencesNl } from './core/sentences/nl.js';
export { sentencesDe } from './core/sentences/de.js';
