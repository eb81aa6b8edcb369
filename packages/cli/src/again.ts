/** The command that deals a game again: its game, players, house rules, computer level, seed, name and language. */
import { basename, isAbsolute, relative } from 'node:path';

/** A word as a POSIX shell reads it back unchanged (quoted only where it must be). */
export const shellWord = (s: string): string => (/^[\w.,:/@%+=-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/**
 * How this run was started, as the user can type it again: `olsen` when it ran as an installed command,
 * `npx olsen` from a project's node_modules/.bin, else `node` and the script's path (relative to here when that is
 * shorter): `node packages/cli/bin/olsen.js`.
 */
export function invokedAs(script: string = process.argv[1] ?? '', cwd: string = process.cwd()): string[] {
  if (basename(script) === 'olsen') return /[/\\]node_modules[/\\]\.bin[/\\]olsen$/.test(script) ? ['npx', 'olsen'] : ['olsen'];
  if (script === '') return ['olsen'];
  const rel = relative(cwd, script);
  return ['node', !isAbsolute(rel) && !rel.startsWith('..') && rel.length < script.length ? rel : script];
}

export function againCommand(o: { readonly game: string; readonly players: number; readonly rules: Readonly<Record<string, unknown>>; readonly level: string; readonly seed: string; readonly lang: 'nb' | 'en'; readonly name?: string }, program: readonly string[] = invokedAs()): string {
  const words = [...program, 'play', '--game', o.game, '--players', String(o.players)];
  if (Object.keys(o.rules).length > 0) words.push('--rules', JSON.stringify(o.rules));
  words.push('--level', o.level, '--seed', o.seed);
  // The default name ("Du", "You" in English) is left out; any other is the player's and is kept.
  if (o.name !== undefined && o.name !== 'Du' && o.name !== 'You') words.push('--name', o.name);
  if (o.lang !== 'nb') words.push('--lang', o.lang);
  return words.map(shellWord).join(' ');
}
