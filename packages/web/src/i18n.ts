/** The app's words in Norwegian bokmål (default), English, Dutch and German: one typed dictionary per language (words/). */
import { nb, type Dict } from './words/nb.js';

export type Lang = 'nb' | 'en' | 'nl' | 'de';
export const LANGS: readonly Lang[] = ['nb', 'en', 'nl', 'de'];
/** Each language's name in itself, for the picker. */
export const LANG_NAMES: Record<Lang, string> = { nb: 'Norsk (bokmål)', en: 'English', nl: 'Nederlands', de: 'Deutsch' };

/**
 * The first of the browser's languages the app speaks (`nb`, `no` and `nn` are
 * Norwegian; `en-US` is English), else Norwegian.
 */
export function browserLang(prefs: readonly string[]): Lang {
  for (const p of prefs) {
    const base = p.toLowerCase().split('-')[0];
    if (base === 'nb' || base === 'no' || base === 'nn') return 'nb';
    if ((LANGS as readonly string[]).includes(base)) return base as Lang;
  }
  return 'nb';
}

export type Texts = Dict;

/** The Norwegian words: in the first page (the default language). */
export const NB_TEXTS = nb as unknown as Texts;

/** A language's words: Norwegian at once, the others fetched on demand (one small chunk each), kept once loaded. */
const loaded = new Map<Lang, Texts>([['nb', NB_TEXTS]]);
export function textsFor(lang: Lang): Texts | Promise<Texts> {
  const have = loaded.get(lang);
  if (have) return have;
  const load = lang === 'en' ? import('./words/en.js') : lang === 'nl' ? import('./words/nl.js') : import('./words/de.js');
  return load.then((m) => {
    loaded.set(lang, m.default);
    return m.default;
  });
}
