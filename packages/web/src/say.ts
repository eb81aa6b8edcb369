/** What every page says the same way: the page's preferences, suit names and a refusal in the player's language. */
import { SUIT_NAMES, localizeErrorWith, type GameError } from '@olsen/engine';
import { sentencesNb } from '@olsen/engine/sentences/nb';
// From the codes alone: the protocol's index brings the message schemas (valibot), which only the online pages need.
import { gameErrorOf } from '@olsen/protocol/codes';
import type { Reply } from '@olsen/protocol';
import type { Lang, Texts } from './i18n.js';

export interface Prefs {
  readonly lang: Lang;
  readonly t: Texts;
  readonly sort: 'suit' | 'rank';
}

export const SUITS = ['c', 'd', 'h', 's'] as const;
/** A suit's name in the player's language (the engine's words). */
export const suitName = (s: string, _t: Texts, lang: Lang): string => SUIT_NAMES[lang][SUITS.indexOf(s as never)] ?? s;

/**
 * Says a refusal in the player's language: the engine's sentence from its code
 * (to the player, in the second person, when it is about them), else the
 * protocol code's own words; the server's English sentence only as a last resort.
 */
export function sayError(r: Extract<Reply, { ok: false }>, t: Texts, lang: Lang, you?: string): string {
  const e = r.error;
  const ge = gameErrorOf(e);
  if (ge && e.params) {
    try {
      const said = sayGameError(ge, t, lang, you);
      if (said) return said;
    } catch {
      // fall back to the code's words
    }
  }
  return t.codes[e.code as keyof Texts['codes']] ?? e.message;
}

/**
 * The engine's sentence for an error in the page's language (null if `t` is not that language's words):
 * Norwegian is at hand, the other languages' sentences come with their words (`t.errors`), so a page carries
 * one language's sentences besides the engine's own English.
 */
export function sayGameError(e: GameError, t: Texts, lang: Lang, you?: string): string | null {
  const sentences = lang === 'nb' ? sentencesNb : t.errors;
  return sentences ? localizeErrorWith(sentences, e, lang, you) : null;
}


/** A private table's 10-character code in two groups of five, to read aloud: a no-break space keeps it on one line (the join box ignores it). */
export const spacedCode = (code: string): string => (code.length > 6 ? `${code.slice(0, 5)}\u00a0${code.slice(5)}` : code);
