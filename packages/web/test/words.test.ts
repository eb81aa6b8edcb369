/** The app's words, read as a family did (issue 38): no word games a translation made by accident. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import nl from '../src/words/nl.js';
import de from '../src/words/de.js';
import en from '../src/words/en.js';
import { NB_TEXTS } from '../src/i18n.js';
import { sayGameError } from '../src/say.js';
import { applyAction, moverOf, startGame, type GameError } from '@olsen/engine';

describe('words', () => {
  it('the four-colour setting reads as a deck, not as "colours for the colours" (nl, de)', () => {
    expect(nl.fourColour).toBe('Vierkleurig kaartspel');
    expect(de.fourColour).toBe('Vierfarbiges Blatt');
  });

  it('Dutch says what "vri" means (an eight), never the literal "draaien"', () => {
    const dutch = [JSON.stringify(nl), readFileSync(new URL('../../engine/src/rule-words.ts', import.meta.url), 'utf8'), readFileSync(new URL('../../engine/src/core/sentences/nl.ts', import.meta.url), 'utf8'), readFileSync(new URL('../src/rules-page.tsx', import.meta.url), 'utf8')].join('\n');
    expect(dutch).not.toMatch(/draaien/i);
    expect(nl.presetNames.noTwist).toBe('Geen acht in de eerste beurt');
  });

  it("S7: a refusal is said in the page's language, each language's sentences coming with its words", () => {
    const g = startGame({ game: 'olsen', players: ['Kari', 'Ola'], seed: 'words' });
    if (!g.ok) throw new Error(g.error.message);
    const seat = moverOf(g.value) === 0 ? 1 : 0;
    const refused = applyAction(g.value, { seat, draw: true });
    if (refused.ok) throw new Error('an action out of turn was taken');
    const e: GameError = refused.error;
    const other = seat === 0 ? 'Ola' : 'Kari';
    const me = seat === 0 ? 'Kari' : 'Ola';
    expect(sayGameError(e, NB_TEXTS, 'nb', me)).toBe(`Det er ${other} sin tur, ikke din.`);
    expect(sayGameError(e, en, 'en', me)).toBe(`It is ${other}'s turn, not yours.`);
    expect(sayGameError(e, nl, 'nl')).toBe(`${other} is aan de beurt, niet ${me}.`);
    expect(sayGameError(e, de, 'de', me)).toBe(`${other} ist am Zug, nicht du.`);
    // Words of another language than the page's (not yet loaded): no sentence, the caller falls back.
    expect(sayGameError(e, NB_TEXTS, 'de')).toBeNull();
  });
});
