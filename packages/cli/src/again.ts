/** The command that deals a game again: its game, players, house rules, computer level and seed (and language). */

/** A word as a POSIX shell reads it back unchanged (quoted only where it must be). */
const shellWord = (s: string): string => (/^[\w.,:/@%+=-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

export function againCommand(o: { readonly game: string; readonly players: number; readonly rules: Readonly<Record<string, unknown>>; readonly level: string; readonly seed: string; readonly lang: 'nb' | 'en' }): string {
  const words = ['olsen', 'play', '--game', o.game, '--players', String(o.players)];
  if (Object.keys(o.rules).length > 0) words.push('--rules', JSON.stringify(o.rules));
  words.push('--level', o.level, '--seed', o.seed);
  if (o.lang !== 'nb') words.push('--lang', o.lang);
  return words.map(shellWord).join(' ');
}
