/**
 * Text from outside (a record's player names, `--name`) as a terminal may show it: never executed. Control
 * characters (an escape sequence that recolours or clears the screen, a carriage return that overwrites a line)
 * and the bidirectional controls that reorder what follows (U+202E turns "Kari" into "iraK" and the rest of the
 * line with it) are shown as visible escapes, `\x1b`, `\u202e`; the rest is left as written.
 */

/** C0 and C1 controls, DEL, and the bidirectional marks, embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const escape = (ch: string): string => {
  const code = ch.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** A name as the terminal shows it: unsafe characters as visible escapes, at most `max` characters of it (then …). */
export function shownName(name: string, max = 40): string {
  const cut = name.length > max ? `${name.slice(0, max)}…` : name;
  return cut.replace(UNSAFE, escape);
}

/** JSON text with the bidirectional controls written as \u escapes too (JSON.stringify escapes only C0 controls). */
export const safeJson = (value: unknown): string => JSON.stringify(value).replace(UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
