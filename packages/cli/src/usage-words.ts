/**
 * Usage errors and help in the run's language. Commander writes its own errors in English; olsen's own page,
 * `play`, `analyse`, `rules` and `verify` speak Norwegian unless `--lang en` is given, so their usage errors are
 * said in Norwegian too, with the prefix every error of the command has (`olsen play: `), and every usage error
 * ends by pointing to the command's help.
 */
import { wrapLine } from './wrap.js';

type Lang = 'nb' | 'en';

/** The commands that speak Norwegian by default (they take --lang). */
const SPEAKING = new Set(['play', 'analyse', 'analyze', 'rules', 'verify']);
/** Every command of `olsen` (a usage error names its help). */
const COMMANDS = new Set([...SPEAKING, 'sim', 'bench', 'bench-bots', 'bench-review', 'tournament', 'serve', 'backup', 'restore', 'loadtest', 'help']);

/**
 * The command a command line runs and the language it speaks: Norwegian for olsen's own page and the commands
 * for a person (play, analyse, rules, verify) unless --lang en is given; English for the developers' tools.
 */
export function runOf(argv: readonly string[]): { command: string | null; lang: Lang } {
  const args = argv.slice(2);
  // The command is the first word when it is one, after olsen's own --lang ('olsen --lang en' names none: 'en'
  // is the option's value; 'olsen --lang en play' names play); 'olsen help play' asks for play's page.
  let first = 0;
  while (args[first] === '--lang' || args[first]?.startsWith('--lang=')) first += args[first] === '--lang' ? 2 : 1;
  const named = args[first] === 'help' ? args[first + 1] : args[first];
  const command = named !== undefined && COMMANDS.has(named) ? named : null;
  const i = args.findIndex((a) => a === '--lang' || a.startsWith('--lang='));
  const given = i < 0 ? null : args[i].includes('=') ? args[i].slice('--lang='.length) : args[i + 1];
  if (given === 'en') return { command, lang: 'en' };
  return { command, lang: command === null || SPEAKING.has(command) ? 'nb' : 'en' };
}

/** The language of the help a command line shows (as its errors). */
export const helpLangOf = (argv: readonly string[]): Lang => runOf(argv).lang;

/** Commander's sentence (and our value parsers') in Norwegian; what is not recognised stays as it is. */
function norwegian(text: string): string {
  const inner = (why: string): string =>
    why
      .replace(/^Allowed choices are (.+)\.$/, (_, list: string) => `Det kan være ${list.replace(/, ([^,]+)$/, ' eller $1')}.`)
      .replace(/^(\S+) must be a whole number from (\d+) to (\d+)\.$/, '$1 må være et helt tall fra $2 til $3.')
      .replace(/^--rules must be a JSON object, e\.g\. (.+)\.$/, '--rules må være et JSON-objekt, f.eks. $1.');
  return text
    .replace(/^error: option '(.+)' argument '(.*)' is invalid\. (.+)$/s, (_, opt: string, value: string, why: string) => `«${value}» går ikke for ${opt}. ${inner(why.trim())}`)
    .replace(/^error: option '(.+)' argument missing$/s, '$1 mangler en verdi.')
    .replace(/^error: unknown option '(.+?)'(?:\n\(Did you mean (.+)\?\))?$/s, (_, opt: string, mean?: string) => `ukjent valg ${opt}.${mean ? ` Mente du ${mean}?` : ''}`)
    .replace(/^error: missing required argument '(.+)'$/s, (_, arg: string) => `${arg === 'file' || arg === 'fil' ? 'filen (eller - for standard inn)' : arg} mangler.`)
    .replace(/^error: too many arguments for '(.+)'\. Expected (\d+) arguments? but got (\d+)\.$/s, 'for mange argumenter til $1 (ventet $2, fikk $3).')
    .replace(/^error: unknown command '(.+?)'(?:\n\(Did you mean (.+)\?\))?$/s, (_, cmd: string, mean?: string) => `ukjent kommando ${cmd}.${mean ? ` Mente du ${mean}?` : ''}`)
    .replace(/^error: /, '');
}

/** A usage error as the run says it: in its language, then where to read more. */
export function usageError(text: string, argv: readonly string[], width = 0): string {
  const { command, lang } = runOf(argv);
  // One prefix for every error of a run, as the commands' own: `olsen play: …`, `olsen: …` (never commander's "error:").
  const said = `olsen${command && command !== 'help' ? ` ${command === 'analyze' ? 'analyse' : command}` : ''}: ${lang === 'nb' ? norwegian(text.trimEnd()) : text.trimEnd().replace(/^error: /, '')}`;
  const help = command ? `olsen ${command} --help` : 'olsen --help';
  // On a terminal the sentence is broken at word boundaries to its width (wrap.ts); a pipe gets it whole.
  return `${said.split('\n').map((l) => wrapLine(l, width)).join('\n')}\n${lang === 'nb' ? `Se ${help}.` : `See ${help}.`}\n`;
}
