/**
 * The `olsen` command: verify, analyse, sim, bench, tournament, play, serve, loadtest.
 */
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { TEXT } from './i18n.js';
import { widthOf, wrapLine } from './wrap.js';
import { helpLangOf, usageError } from './usage-words.js';
import { ruleText } from './rule-book.js';
import { rulesText } from './rules-text.js';
import { safeJson, shownName } from './shown.js';

export { rulesText };
import { Command, Help, InvalidArgumentError, Option } from 'commander';
import { GAMES, GAME_NAMES, checkRules, gameInfo, verifyRecord, type GameName, type VerifyOutput } from '@olsen/engine';
import { setupErrorText } from './setup-error.js';
import { runAnalyse } from './analyse.js';
import { runBench } from './bench.js';
import { runBotBench } from './bench-bots.js';
import { runReviewBench } from './bench-review.js';
import { runHeartsPlay } from './hearts-play.js';
import { runPlay } from './play.js';
import { LEVELS, POLICIES, type PolicyName } from '@olsen/bots';
import { runSim } from './sim.js';
import { addServerCommands } from './server-commands.js';
import { int } from './option-parsers.js';
import { formatReport, isLevel, runTournament, runTournamentParallel } from './tournament.js';
import type { Level } from '@olsen/bots';

const json = (v: string): Record<string, unknown> => {
  try {
    const o = JSON.parse(v) as unknown;
    if (typeof o === 'object' && o !== null && !Array.isArray(o)) return o as Record<string, unknown>;
  } catch {
    // fall through to the error below
  }
  throw new InvalidArgumentError('--rules must be a JSON object, e.g. \'{"maxDraws": 1}\'.');
};

/** `--rules` of `olsen play`: a JSON object, or the name of one of the game's presets (`special`, `passing` …). */
const rulesOrPreset = (v: string): Record<string, unknown> | string => (v.trim().startsWith('{') ? json(v) : v.trim());

/** The house rules a `--rules` value means for `game`, or the sentence that says why it means none. */
export function rulesFor(game: GameName, value: Record<string, unknown> | string, lang: 'nb' | 'en' = 'en'): Record<string, unknown> | string {
  if (typeof value !== 'string') return value;
  const presets = gameInfo(game).presets;
  const preset = presets.find((p) => p.id === value);
  const list = presets.map((p) => p.id).join(', ');
  return preset ? { ...preset.rules } : lang === 'nb' ? `--rules: «${value.slice(0, 40)}» er ikke et ferdig regelsett for ${game} (${list}); velg ett av dem eller skriv et JSON-objekt.` : `--rules: '${value.slice(0, 40)}' is no preset of ${game} (${list}); give one of those or a JSON object.`;
}

/**
 * A developer command's `--rules` (JSON or a preset) for `game` at `players`, checked as `play` checks them (the
 * same sentence, the rule meant for a near miss); null when refused, said on stderr with exit 2.
 */
function rulesChecked(command: string, game: GameName, value: Record<string, unknown> | string, players: number): Record<string, unknown> | null {
  const rules = rulesFor(game, value, 'en');
  if (typeof rules === 'string') {
    process.stderr.write(`olsen ${command}: ${rules}\n`);
    process.exitCode = 2;
    return null;
  }
  const refused = checkRules(game, rules, players);
  if (refused) {
    process.stderr.write(`${setupErrorText(refused, game, 'en', command)}\n`);
    process.exitCode = 2;
    return null;
  }
  return rules;
}

/** The games with their player counts, from the engine's table: `olsen (2–4 players; 5–6 with two decks), …`. */
// Player counts as the rule catalogue gives them: the plain range, and the one a house rule opens (Olsen's two decks).
const gameList = (lang: 'nb' | 'en'): string =>
  GAMES.map((g) => {
    const nb = lang === 'nb';
    const more = g.players[1] > g.plainPlayers[1] ? `; ${g.plainPlayers[1] + 1}–${g.players[1]} ${nb ? 'med to kortstokker' : 'with two decks'}` : '';
    const variant = g.game === 'vri-atter-002' ? (nb ? '; Vri åtter med andre standardregler, se olsen rules --game vri-atter-002' : '; Vri åtter with other standard rules, see olsen rules --game vri-atter-002') : '';
    return `${g.game} (${g.plainPlayers[0]}–${g.plainPlayers[1]} ${nb ? 'spillere' : 'players'}${more}${variant})`;
  }).join(', ');

/** Commander's headings in Norwegian. */
const HELP_TITLES: Record<string, string> = { 'Usage:': 'Bruk:', 'Options:': 'Valg:', 'Commands:': 'Kommandoer:', 'Arguments:': 'Argumenter:', 'Global Options:': 'Felles valg:' };

function readInput(file: string): string {
  return file === '-' ? readFileSync(0, 'utf8') : readFileSync(file, 'utf8');
}

/** `olsen verify`: exit 0 and {"ok":true,…}, or exit 1 and {"ok":false,…}; never a stack trace. */
export function verifyCommand(file: string, content?: string): { code: number; output: VerifyOutput } {
  let text: string;
  try {
    text = content ?? readInput(file);
  } catch (e) {
    // Input that cannot be read is a usage error (2), apart from a record that is read and fails (1).
    return { code: 2, output: { ok: false, error: { round: null, action: null, rule: null, message: cannotRead(file, e) } } };
  }
  try {
    const output = verifyRecord(text);
    return { code: output.ok ? 0 : 1, output };
  } catch (e) {
    // An engine bug must still not become a stack trace on the user's screen.
    return { code: 1, output: { ok: false, error: { round: null, action: null, rule: null, message: `Internal error while verifying: ${(e as Error).message}` } } };
  }
}

/** On a terminal, a long command's game count on stderr, on one line rewritten in place (the JSON stays alone on stdout). */
function gameProgress(command: string): ((done: number, total: number) => void) | undefined {
  if (!process.stderr.isTTY) return undefined;
  return (done, total) => void process.stderr.write(`\rolsen ${command}: game ${done + 1} of ${total}${done + 1 === total ? '\n' : ''}`);
}

/** A sentence for a file that cannot be read (never a bare ENOENT), in the run's language. */
function cannotRead(file: string, e: unknown, lang: 'nb' | 'en' = 'en'): string {
  const nb = lang === 'nb';
  const what = file === '-' ? (nb ? 'standard inn' : 'standard input') : file;
  switch ((e as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return nb ? `Filen ${what} finnes ikke.` : `There is no file ${what}.`;
    case 'EISDIR':
      return nb ? `${what} er en mappe, ikke en fil.` : `${what} is a folder, not a file.`;
    case 'EACCES':
    case 'EPERM':
      return nb ? `Du har ikke lov til å lese ${what}.` : `You may not read ${what}.`;
    default:
      return nb ? `Kan ikke lese ${what}: ${(e as Error).message}.` : `Cannot read ${what}: ${(e as Error).message}.`;
  }
}

export function buildProgram(argv: readonly string[] = process.argv): Command {
  const program = new Command();
  // Usage errors in the run's language, with the way to the command's help (usage-words.ts).
  program.configureOutput({ outputError: (text, write) => write(usageError(text, argv, widthOf(process.stderr))) });
  // Usage errors (an unknown option, a missing argument, a bad value) exit 2, as a command's own do; help exits 0.
  program.exitOverride((err) => {
    process.exit(err.exitCode === 0 ? 0 : 2);
  });
  // The help in the run's language (usage-words.ts): the commands for a person (play, analyse, rules, verify) and
  // olsen's own page in Norwegian unless --lang en; the developers' tools (sim, bench, …) in English.
  const lang = helpLangOf(argv);
  const say = (nb: string, en: string): string => (lang === 'nb' ? nb : en);
  if (lang === 'nb') {
    program.configureHelp({
      styleTitle: (title) => HELP_TITLES[title] ?? title,
      optionDescription(this: Help, option) {
        return Help.prototype.optionDescription.call(this, option).replace('(choices: ', '(valg: ').replace(/(\(|, )default: /, '$1standard: ');
      },
      commandUsage(this: Help, cmd) {
        return Help.prototype.commandUsage.call(this, cmd).replace('[options]', '[valg]').replace('[command]', '[kommando]');
      },
      subcommandTerm(this: Help, cmd) {
        return Help.prototype.subcommandTerm.call(this, cmd).replace(' [options]', ' [valg]');
      },
      argumentDescription(this: Help, argument) {
        return Help.prototype.argumentDescription.call(this, argument).replace(/\(default: /, '(standard: ');
      },
    });
  }
  program.helpOption('-h, --help', say('vis hjelpen for kommandoen', 'display help for command'));
  // One language for the whole run: `olsen --lang en play` as `olsen play --lang en`, and olsen's own page and
  // errors too. A command's own --lang, when given, wins; otherwise it takes olsen's.
  program.addOption(new Option('--lang <lang>', say('språket for hele kjøringen (kommandoene for en person: nb som standard)', 'the language of the whole run (the commands for a person: nb by default)')).choices(['nb', 'en']));
  program.hook('preAction', (root, action) => {
    const lang = root.opts<{ lang?: string }>().lang;
    if (lang && action !== root && action.options.some((o) => o.long === '--lang') && action.getOptionValueSource('lang') !== 'cli') action.setOptionValueWithSource('lang', lang, 'cli');
  });
  program.helpCommand(say('help [kommando]', 'help [command]'), say('vis hjelpen for en kommando', 'display help for command'));
  program.name('olsen').description(say('Olsen, Vri åtter og dansk Olsen med husreglene: spill i terminalen, slå opp regler, sjekk og analyser lagrede spill (og verktøy for utviklere).', 'Olsen, Vri åtter and Danish Olsen with their house rules: play in the terminal, look up rules, verify and review saved games (and tools for developers).')).version('0.1.0', '-V, --version', say('vis versjonsnummeret', 'output the version number'));

  program
    .command('verify')
    .description(say('Spill av et lagret spill (fra olsen play --record) og skriv resultatet, eller den første feilen, som JSON.', 'Replay a game record (docs/record.md) and print the result or the first error as JSON.'))
    .argument(say('<fil>', '<file>'), say("filen med spillet, eller '-' for standard inn", "record file, or '-' for standard input"))
    .addHelpText('after', say('\nAvslutningskoder: 0 spillet følger reglene (JSON-en gir resultatet), 1 det gjør\ndet ikke (JSON-en sier hvor og hvilken regel), 2 filen kan ikke leses eller\nkommandoen er brukt feil.', '\nExit codes: 0 the record is a legal game (the JSON gives its result),\n1 it is not (the JSON says where and which rule), 2 the file cannot be read\nor the command is misused.'))
    .action((file: string) => {
      const { code, output } = verifyCommand(file);
      // A name in a message is data: its bidirectional controls escaped too, so the line reads as written.
      process.stdout.write(`${safeJson(output)}\n`);
      process.exitCode = code;
    });

  program
    .command('analyse')
    .alias('analyze')
    .description(say('Gå gjennom valgene ett sete gjorde i et lagret spill: hvert alternativs vinnersjanse (eller forventede poeng) sett fra det setet, hvordan sjansen svingte gjennom spillet, og feilene.', "Review one seat's decisions in a finished game record: each option's chance to win (or expected points) from that seat's view, the swing, and the mistakes."))
    .argument(say('<fil>', '<file>'), say("filen med spillet, eller '-' for standard inn", "record file, or '-' for standard input"))
    .option('--seat <n>', say('setet som vurderes (0 er den første spilleren)', 'the seat to review'), int('seat', 0, 5), 0)
    .option('--worlds <n>', say('tenkte kortfordelinger per valg (standard 1000)', 'sampled deals per decision (default 1000)'), int('worlds', 8, 1e6))
    .option('-s, --seed <seed>', say('analysens frø (samme spill, sete, fordelinger og frø: samme analyse)', "the review's seed (same record, seat, worlds and seed: same review)"), 'review')
    .addOption(new Option('--lang <lang>', say('språket i teksten', 'language of the text')).choices(['nb', 'en']).default('nb'))
    .option('--json', say('skriv analysen som ett JSON-objekt', 'print the review as one JSON object'))
    .option('--no-progress', say('ingen fremdriftslinje', 'no progress bar'))
    .addHelpText('after', say('\nEt spill som ble stanset før slutten, vurderes så langt det kom.\nAvslutningskoder: 0 analysen er skrevet, 1 filen er ikke et spill som kan\nspilles av, 2 filen kan ikke leses eller kommandoen er brukt feil.', '\nA game stopped before its end is reviewed as far as it went.\nExit codes: 0 the review is printed, 1 the file is not a game record that\nreplays, 2 the file cannot be read or the command is misused.'))
    .action((file: string, opts: { seat: number; worlds?: number; seed: string; lang: 'nb' | 'en'; json?: boolean; progress: boolean }) => {
      let text: string;
      try {
        text = readInput(file);
      } catch (e) {
        process.stderr.write(`olsen analyse: ${cannotRead(file, e, opts.lang)}\n`);
        process.exitCode = 2;
        return;
      }
      let record: unknown;
      try {
        record = JSON.parse(text);
      } catch {
        // Read, but not a record: a failure of the input, as verify calls an illegal record (1).
        const what = file === '-' ? (opts.lang === 'nb' ? 'standard inn' : 'standard input') : file;
        process.stderr.write(opts.lang === 'nb' ? `olsen analyse: ${what} er ikke et lagret spill (ikke JSON); olsen verify viser hvor det svikter.\n` : `olsen analyse: ${what} is not a game record (not JSON); olsen verify says where it breaks.\n`);
        process.exitCode = 1;
        return;
      }
      const width = widthOf(process.stdout);
      const r = runAnalyse(record, { ...opts, json: opts.json === true, progress: opts.progress && process.stderr.isTTY === true, width: width || 80 });
      if (!r.ok) {
        process.stderr.write(`olsen analyse: ${r.message}\n`);
        // A seat the game does not have is the command misused (2); a record that does not replay, a failure (1).
        process.exitCode = r.usage ? 2 : 1;
        return;
      }
      // On a terminal the sentences are wrapped at word boundaries to its width (a pipe gets them whole).
      process.stdout.write(opts.json === true || !width ? r.text : r.text.split('\n').map((l) => wrapLine(l, width)).join('\n'));
    });

  program
    .command('sim')
    .summary(say('Simuler spill med datamaskinspillere (for utviklere; engelsk).', '')) // olsen's list; the page itself is English
    .description('Simulate games with computer players and print a JSON summary.')
    .addOption(new Option('-g, --game <game>', 'olsen, vri-atter, vri-atter-002 or olsen-dk (Danish Olsen: whole games on its simulator, the pass included)').choices([...GAME_NAMES]).default('olsen'))
    .option('-p, --players <n>', 'number of players', int('players', 2, 6), 4)
    .option('-n, --games <n>', 'number of games', int('games', 1, 1e9), 10000)
    .option('-s, --seed <seed>', 'seed', 'olsen')
    .option('-r, --rules <json|preset>', 'house rules as JSON, e.g. \'{"maxDraws":1}\', or a preset of the game (olsen rules --game G)', rulesOrPreset, {})
    .addOption(new Option('--policy <name>', 'policy for every seat').choices(POLICIES as string[]).default('random'))
    .option('--no-progress', 'no progress bar')
    .action((given: { game: GameName; players: number; games: number; seed: string; rules: Record<string, unknown> | string; policy: PolicyName; progress: boolean }) => {
      const rules = rulesChecked('sim', given.game, given.rules, given.players);
      if (rules === null) return;
      const opts = { ...given, rules };
      const res = runSim({ ...opts, progress: opts.progress && process.stderr.isTTY === true });
      if (!res.ok) {
        process.stderr.write(`olsen sim: ${res.message}\n`);
        process.exitCode = 2;
        return;
      }
      process.stdout.write(`${JSON.stringify(res.summary)}\n`);
    });

  program
    .command('bench')
    .summary(say('Mål hvor raskt motoren spiller (for utviklere; engelsk).', '')) // olsen's list; the page itself is English
    .description('Benchmark random 4-player games (Olsen, or Danish Olsen hands) on the simulator tier, the public API, whole games through the table runner and, for Olsen, a plain JS loop.')
    .option('--json', 'print one JSON line (the default output)')
    .addOption(new Option('-g, --game <game>', 'olsen or olsen-dk').choices(['olsen', 'olsen-dk']).default('olsen'))
    .option('-n, --games <n>', 'simulator games per repetition', int('games', 1, 1e8), 200000)
    .option('--api-games <n>', 'public-API games per repetition', int('api-games', 1, 1e6), 300)
    .option('--repeats <n>', 'repetitions (medians are reported)', int('repeats', 1, 99), 5)
    .option('-s, --seed <seed>', 'seed', 'bench')
    .action(async (opts: { game: string; games: number; apiGames: number; repeats: number; seed: string }) => {
      // About a minute: on a terminal each part says when it starts (stderr; the JSON stays alone on stdout).
      const progress = process.stderr.isTTY ? (part: string): void => void process.stderr.write(`olsen bench: ${part}…\n`) : undefined;
      process.stdout.write(`${JSON.stringify(await runBench({ ...opts, progress }))}\n`);
    });

  program
    .command('bench-bots')
    .summary(say('Mål hvor lenge de sterke nivåene tenker (for utviklere; engelsk).', '')) // olsen's list; the page itself is English
    .description("Time a search level's decisions that have a choice, on one core, in Olsen against greedy players; one JSON line.")
    .option('--json', 'print one JSON line (the default output)')
    .addOption(new Option('-l, --level <level>', 'search level').choices(['hard', 'expert']).default('expert'))
    .option('-n, --games <n>', 'games (the level takes each seat in turn)', int('games', 1, 1e5), 40)
    .option('-p, --players <n>', 'players', int('players', 2, 4), 4)
    .option('-s, --seed <seed>', 'seed', 'bench')
    .option('--exhaust', 'spend the whole budget on every decision (no early stop)', false)
    .action(async (opts: { level: 'hard' | 'expert'; games: number; players: number; seed: string; exhaust: boolean }) => {
      process.stdout.write(`${JSON.stringify(await runBotBench({ ...opts, progress: gameProgress('bench-bots') }))}\n`);
    });

  program
    .command('bench-review')
    .summary(say('Mål hvor lenge en analyse tar (for utviklere; engelsk).', '')) // olsen's list; the page itself is English
    .description("Time the game review (median per game) for 4-player Olsen, Vri åtter to 100 and Danish Olsen, and count the mistakes it calls for expert and for greedy in the reviewed seat; one JSON line.")
    .option('--json', 'print one JSON line (the default output)')
    .option('-n, --games <n>', 'games per game type and level', int('games', 1, 1e4), 10)
    .option('--worlds <n>', 'worlds per decision (default: the review default)', int('worlds', 8, 1e6))
    .option('-s, --seed <seed>', 'seed', 'bench')
    .action(async (opts: { games: number; worlds?: number; seed: string }) => {
      process.stdout.write(`${JSON.stringify(await runReviewBench({ ...opts, progress: gameProgress('bench-review') }))}\n`);
    });

  program
    .command('tournament')
    .summary(say('La datamaskinspillere spille mot hverandre og sammenlign dem (for utviklere; engelsk).', '')) // olsen's list; the page itself is English
    .description('Bot line-ups play N games with rotated seats over duplicate deals; win rates with 95% intervals, places, points, ms per decision.')
    .option('-g, --game <game>', 'olsen, vri-atter, vri-atter-002 or olsen-dk', 'olsen')
    .option('-l, --lineup <levels>', 'comma-separated levels, one per seat (random, greedy, easy, medium, hard, expert)', 'medium,greedy,greedy,greedy')
    .option('-n, --games <n>', 'number of games, a multiple of the number of seats', int('games', 1, 1e7), 2000)
    .option('-s, --seed <seed>', 'seed', 'tournament')
    .option('-r, --rules <json|preset>', 'house rules as JSON, or a preset of the game (olsen rules --game G)', rulesOrPreset, {})
    .option('-w, --workers <n>', 'threads to play on (one per core; the games and results are the same)', int('workers', 1, 64), 1)
    .option('--json', 'print one JSON object (the default when the output is not a terminal; a table when it is)')
    .option('--no-progress', 'no progress bar')
    .action(async (given: { game: string; lineup: string; games: number; seed: string; rules: Record<string, unknown> | string; progress: boolean; workers: number; json?: boolean }) => {
      const lineup = given.lineup.split(',').map((x) => x.trim());
      const bad = lineup.find((x) => !isLevel(x));
      if (bad !== undefined) {
        process.stderr.write(`olsen tournament: unknown level '${bad.slice(0, 40)}' (random, greedy, easy, medium, hard, expert).\n`);
        process.exitCode = 2;
        return;
      }
      if (!(GAME_NAMES as readonly string[]).includes(given.game)) {
        process.stderr.write(`olsen tournament: unknown game '${given.game.slice(0, 40)}' (${GAME_NAMES.join(', ')}).\n`);
        process.exitCode = 2;
        return;
      }
      const rules = rulesChecked('tournament', given.game as GameName, given.rules, lineup.length);
      if (rules === null) return;
      const opts = { ...given, rules };
      // Each deal is played once per rotation of the seats: a number of games the rotations do not divide would
      // give some line-up positions more deals than others.
      if (opts.games % lineup.length !== 0) {
        const lower = opts.games - (opts.games % lineup.length);
        process.stderr.write(`olsen tournament: --games ${opts.games} is not a multiple of the ${lineup.length} seats (every deal is played once per seat rotation); use ${lower > 0 ? `${lower} or ` : ''}${lower + lineup.length}.\n`);
        process.exitCode = 2;
        return;
      }
      try {
        const { workers, json, ...rest } = opts;
        const o = { ...rest, lineup: lineup.filter(isLevel), progress: opts.progress && process.stderr.isTTY === true };
        const out = workers > 1 ? await runTournamentParallel(o, workers) : await runTournament(o);
        process.stdout.write(json || !process.stdout.isTTY ? `${JSON.stringify(out)}\n` : formatReport(out));
      } catch (e) {
        process.stderr.write(`olsen tournament: ${(e as Error).message}\n`);
        process.exitCode = 2;
      }
    });

  program
    .command('rules')
    .description(say('Vis husreglene i et spill med regel-ID, verdier og standard, eller én regel forklart med ord.', 'List the house rules of a game with their rule IDs, allowed values and defaults, or one rule explained in words.'))
    .addOption(new Option('-g, --game <game>', say('spillet', 'game')).choices([...GAME_NAMES]).default('olsen'))
    .addOption(new Option('--lang <lang>', say('språket i teksten', 'language of the text')).choices(['nb', 'en']).default('nb'))
    .option('--json', say('skriv tabellen som JSON', 'print the table as JSON'))
    .argument('[id]', say('en regel-ID et svar nevner (S13, S-V2, H3): den regelen forklart', 'a rule ID a refusal names (S13, S-V2, H3): that rule explained'))
    .action((id: string | undefined, opts: { game: GameName; lang: 'nb' | 'en'; json?: boolean }) => {
      if (id !== undefined) {
        const text = ruleText(id, opts.lang);
        if (text === null) {
          const none = opts.lang === 'nb'
            ? `olsen rules: det finnes ingen regel ${shownName(id, 20)}. Reglene heter S1–S24 (Olsen og Vri åtter), S-V1–S-V17 (deres husregler), H1–H10 (dansk Olsen) og V1–V2 (hva hver spiller får se).`
            : `olsen rules: there is no rule ${shownName(id, 20)}. The rules are S1–S24 (Olsen and Vri åtter), S-V1–S-V17 (their house rules), H1–H10 (Danish Olsen) and V1–V2 (what each player sees).`;
          process.stderr.write(`${wrapLine(none, widthOf(process.stderr))}\n`);
          process.exitCode = 2;
          return;
        }
        const width = widthOf(process.stdout) || 80;
        process.stdout.write(`${text.split('\n').map((l) => wrapLine(l, width)).join('\n')}\n`);
        return;
      }
      // A reference table: fitted to the terminal, or to 80 columns in a pipe or a file.
      const width = widthOf(process.stdout) || 80;
      process.stdout.write(opts.json ? `${JSON.stringify(gameInfo(opts.game))}\n` : rulesText(opts.game, opts.lang).split('\n').map((l) => wrapLine(l, width)).join('\n'));
    });

  program
    .command('play')
    .description(say('Spill i terminalen mot datamaskinen.', 'Play in the terminal against computer players.'))
    .addOption(new Option('-g, --game <game>', say(`spillet: ${gameList('nb')}`, `the game: ${gameList('en')}`)).choices([...GAME_NAMES]).default('olsen'))
    .option('-p, --players <n>', say('antall spillere, du medregnet (standard 3; dansk Olsen 4; hvert spills antall står under --game)', "number of players, you included (default 3; Danish Olsen 4; each game's range under --game)"), int('players', 2, 6))
    .addOption(new Option('--lang <lang>', say('språk', 'language')).choices(['nb', 'en']).default('nb'))
    .option('-s, --seed <seed>', say('frø for given (standard: et nytt hver gang; slutten skriver det)', 'seed for the deal (default: a new one each game; the end prints it)'))
    .option('--name <name>', say('navnet ditt', 'your name'), 'Du')
    .addOption(new Option('-r, --rules <json|preset>', say('husregler som JSON, eller et ferdig regelsett for spillet (se olsen rules --game SPILL)', 'house rules as JSON, or a preset of the game (see olsen rules --game GAME)')).argParser(rulesOrPreset).default({}, say('ingen', 'none')))
    .addOption(new Option('--level <level>', say('nivået til datamaskinspillerne (fra random og easy til expert)', "the computer players' level")).choices([...LEVELS]).default('medium'))
    .option('--record <file>', say('lagre spillet i denne filen til slutt; sjekk det med olsen verify', "write the game's record (docs/record.md) to this file at the end; check it with olsen verify"))
    .addHelpText('after', say([
      '',
      'Mens du spiller: et nummer fra lista, eller et kort slik du sier det',
      '(spar dame, hjerteress, konge) eller kort (Qs); hjelp viser alt du kan',
      'skrive, ? gir et tips, q avslutter.',
      'Avslutningskoder: 0 spillet ble ferdig eller du avsluttet, 1 inndataene tok',
      'slutt først, 130 Ctrl-C, 2 kommandoen er brukt feil.',
    ].join('\n'), [
      '',
      'While playing: a number from the list, or a card as it is said (spar dame,',
      'queen of spades) or short (Qs); hjelp/help shows every way to type a move,',
      '? a hint, q quits.',
      'Exit codes: 0 the game ended or you quit, 1 the input ended first,',
      '130 Ctrl-C, 2 the command is misused.',
    ].join('\n')))
    .action(async (given: { game: string; players?: number; lang: 'nb' | 'en'; seed?: string; name: string; rules: Record<string, unknown> | string; level: Level; record?: string }) => {
      const rules = rulesFor(given.game as GameName, given.rules, given.lang);
      if (typeof rules === 'string') {
        const see = given.lang === 'nb' ? `Se olsen rules --game ${given.game}.` : `See olsen rules --game ${given.game} --lang en.`;
        process.stderr.write(`${wrapLine(`olsen play: ${rules}`, widthOf(process.stderr))}\n${see}\n`);
        process.exitCode = 2;
        return;
      }
      // The record's file is checked before the game, not after it: a game played to the end is never lost.
      const unwritable = given.record ? recordProblem(given.record, given.lang) : null;
      if (unwritable) {
        process.stderr.write(`olsen play: ${unwritable}\n`);
        process.exitCode = 2;
        return;
      }
      const opts = { ...given, rules, seed: given.seed ?? String(Date.now()) };
      // Your name is printed on every line that names you: shown, never executed (shown.ts), 24 characters as online.
      const name = opts.name === 'Du' && opts.lang === 'en' ? 'You' : shownName(opts.name, 24);
      const io = { output: process.stdout, input: process.stdin, errors: process.stderr };
      process.exitCode =
        opts.game === 'olsen-dk'
          ? await runHeartsPlay({ ...opts, ...io, name, players: opts.players ?? 4 })
          : await runPlay({ ...opts, ...io, name, players: opts.players ?? 3 });
    });
  addServerCommands(program, say);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  await buildProgram(argv).parseAsync(argv);
}

/** Why the game's record could not be written to `file` (in the player's language), or null when it can. */
function recordProblem(file: string, lang: 'nb' | 'en'): string | null {
  const t = TEXT[lang];
  const path = resolve(file);
  const why = ((): string | null => {
    try {
      if (statSync(path).isDirectory()) return t.isFolder;
      accessSync(path, constants.W_OK);
      return null;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return t.noRight;
    }
    try {
      if (!statSync(dirname(path)).isDirectory()) return t.notAFolder;
      accessSync(dirname(path), constants.W_OK);
      return null;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      return code === 'ENOENT' ? t.noFolder : code === 'ENOTDIR' ? t.notAFolder : t.noRight;
    }
  })();
  return why === null ? null : t.recordUnwritable(file, why);
}
