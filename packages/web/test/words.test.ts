/** The app's words, read as a family did (issue 38): no word games a translation made by accident. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import nl from '../src/words/nl.js';
import de from '../src/words/de.js';

describe('words', () => {
  it('the four-colour setting reads as a deck, not as "colours for the colours" (nl, de)', () => {
    expect(nl.fourColour).toBe('Vierkleurig kaartspel');
    expect(de.fourColour).toBe('Vierfarbiges Blatt');
  });

  it('Dutch says what "vri" means (an eight), never the literal "draaien"', () => {
    const dutch = [JSON.stringify(nl), readFileSync(new URL('../../engine/src/rule-words.ts', import.meta.url), 'utf8'), readFileSync(new URL('../src/rules-page.tsx', import.meta.url), 'utf8')].join('\n');
    expect(dutch).not.toMatch(/draaien/i);
    expect(nl.presetNames.noTwist).toBe('Geen acht in de eerste beurt');
  });
});
