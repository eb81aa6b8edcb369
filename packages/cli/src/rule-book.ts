/**
 * `olsen rules S13`: a rule's paragraph from the rule book (docs/rules.md, in English), so the rule IDs a
 * refusal names ("regel S13") can be looked up from the terminal. Read at the time it is asked for.
 */
import { readFileSync } from 'node:fs';

const BOOK = new URL('../../../docs/rules.md', import.meta.url);

/** Plain text from the book's markdown: no emphasis marks, no code ticks. */
const plain = (s: string): string => s.replace(/\*\*|`/g, '').replace(/\s+/g, ' ').trim();

/** The paragraph of rule `id` (S13, S-V16, H3 …; any case), or null when the book has no such rule. */
export function ruleParagraph(id: string, book = readFileSync(BOOK, 'utf8')): string | null {
  const want = id.trim().toUpperCase();
  const lines = book.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const item = /^- \*\*([A-Z][A-Z0-9-]*)\*\*(.*)$/.exec(lines[i]);
    if (item && item[1] === want) {
      // A list item runs on over its indented lines.
      const body = [item[2]];
      for (let j = i + 1; j < lines.length && /^ {2}\S/.test(lines[j]); j++) body.push(lines[j]);
      return `${want}: ${plain(body.join(' '))}`;
    }
    const row = /^\| \*\*([A-Z][A-Z0-9-]*)\*\* \|(.*)\|\s*$/.exec(lines[i]);
    if (row && row[1] === want) {
      // A house rule's row: option, values (default), what it does, sources.
      const [option, values, does] = row[2].split('|').map(plain);
      return `${want} (${option}; ${values}): ${does}`;
    }
  }
  return null;
}
