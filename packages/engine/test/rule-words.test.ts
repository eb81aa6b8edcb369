import { describe, expect, it } from 'vitest';
import { GAME_NAMES, LANGS, gameInfo, optionText, valueText } from '../src/index.js';

describe('the house rules in words (rule-words.ts: the web form, the rules page and olsen rules read them)', () => {
  it('every option of every game has a line in every language, and every value that is a word has its words', () => {
    for (const game of GAME_NAMES) {
      for (const o of gameInfo(game).options) {
        for (const lang of LANGS) {
          expect(optionText(o.name, lang), `${game} ${o.name} ${lang}`).not.toBe(o.name);
          // Some English words are the identifiers themselves ('points'): the Norwegian ones never are.
          if (lang === 'nb') for (const v of [...(o.values ?? []), o.default]) if (typeof v !== 'number') expect(valueText(v, lang), `${game} ${o.name}=${String(v)}`).not.toBe(String(v));
        }
      }
    }
  });

  it('a name that is no option, or a prototype name, is given back as it is', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'nope']) {
      expect(optionText(name, 'nb')).toBe(name);
      expect(valueText(name, 'en')).toBe(name);
    }
    expect(valueText(3, 'nb')).toBe('3');
  });
});
