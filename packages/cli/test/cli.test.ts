/**
 * The `olsen` command as a user runs it: the built binary in a child process
 * (npm test builds first), plus in-process fuzzing of `verify`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { colorFor, runPlay } from '../src/play.js';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyCommand } from '../src/main.js';
import { notation, sparkline } from '../src/analyse.js';
import { runBench } from '../src/bench.js';
import { runBotBench } from '../src/bench-bots.js';
import { widthOf, wrapLine } from '../src/wrap.js';
import { usageError } from '../src/usage-words.js';
import { againCommand, invokedAs } from '../src/again.js';

const bin = fileURLToPath(new URL('../bin/olsen.js', import.meta.url));
const fixtures = fileURLToPath(new URL('../../engine/test/fixtures/', import.meta.url));
const examples = `${fixtures}record-examples/`;

const olsen = (args: string[], input?: string) => {
  const r = spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe('olsen verify', () => {
  for (const file of readdirSync(examples).filter((f) => f.endsWith('.json') && !f.endsWith('.verify.json'))) {
    it(`prints exactly the expected object for ${file} and exits 0 or 1`, () => {
      const r = olsen(['verify', `${examples}${file}`]);
      const want = JSON.parse(readFileSync(`${examples}${file.replace('.json', '.verify.json')}`, 'utf8'));
      const got = JSON.parse(r.stdout);
      expect(r.code).toBe(want.ok ? 0 : 1);
      expect(r.stdout.trim().split('\n')).toHaveLength(1);
      if (!want.ok) {
        expect(typeof got.error.message).toBe('string');
        delete got.error.message;
        delete want.error.message;
      }
      expect(got).toEqual(want);
      expect(r.stderr).toBe('');
    });
  }

  it('reads standard input with -', () => {
    const r = olsen(['verify', '-'], readFileSync(`${examples}olsen-illegal-move.json`, 'utf8'));
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error).toMatchObject({ round: 0, action: 1, rule: 'S8' });
  });

  it('replays the worked examples of 000 and 004 to the texts\' outcomes', () => {
    const hedda = olsen(['verify', `${fixtures}000-olsen-hedda-ivar-jonas-kari.json`]);
    expect(hedda.code).toBe(0);
    expect(JSON.parse(hedda.stdout).result.rounds[0].hands).toEqual([4, 2, 2, 4]);
    const anna = olsen(['verify', `${fixtures}004-vri-atter-anna-bjorn-cecilie-david.json`]);
    expect(anna.code).toBe(0);
    expect(JSON.parse(anna.stdout).result).toMatchObject({ toMove: 2, rounds: [{ hands: [3, 7, 4, 4] }] });
  });

  it('hostile records (nesting 20,000 deep anywhere, strings of megabytes anywhere) give one short malformed-record line, never an internal error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'olsen-hostile-'));
    const example = JSON.parse(readFileSync(`${examples}olsen-illegal-move.json`, 'utf8')) as { players: string[]; rules: object; game: string; rounds: { deal: { hands: unknown[]; upcard: unknown }; actions: unknown[] }[] };
    const DEEP = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const big = (c: string) => c.repeat(5_000_000);
    const cases: [string, (r: typeof example) => void][] = [
      ['players nested', (r) => ((r as { players: unknown }).players = '@DEEP@')],
      ['an action nested', (r) => (r.rounds[0].actions[0] = '@DEEP@')],
      ['a rule nested', (r) => (r.rules = { maxDraws: '@DEEP@' })],
      ['a hand nested', (r) => (r.rounds[0].deal.hands[0] = '@DEEP@')],
      ['a card nested', (r) => (r.rounds[0].actions[1] = { seat: 1, play: '@DEEP@' })],
      ['a long name in the sentence', (r) => (r.players[1] = big('x'))],
      ['a long rule name', (r) => (r.rules = { [big('y')]: 1 })],
      ['a long card', (r) => (r.rounds[0].deal.upcard = big('z'))],
      ['a long field', (r) => (r.rounds[0].actions[0] = { seat: 0, [big('k')]: 1 })],
      ['a long game', (r) => (r.game = big('g'))],
    ];
    for (const [what, edit] of cases) {
      const r = structuredClone(example);
      edit(r);
      const file = join(dir, 'r.json');
      writeFileSync(file, JSON.stringify(r).replace('"@DEEP@"', DEEP));
      const out = olsen(['verify', file]);
      expect(out.code, what).toBe(1);
      expect(out.stdout.length, what).toBeLessThan(400);
      const e = (JSON.parse(out.stdout) as { error: { message: string } }).error;
      expect(e.message, what).not.toMatch(/Internal error|call stack/);
    }
  });

  it('issue 39: a missing file is a usage error (exit 2) told in a sentence, an illegal record a failure (exit 1)', () => {
    const r = olsen(['verify', '/no/such/record.json']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toEqual({ ok: false, error: { round: null, action: null, rule: null, message: 'There is no file /no/such/record.json.' } });
    expect(olsen(['verify', tmpdir()]).code).toBe(2);
    expect(JSON.parse(olsen(['verify', tmpdir()]).stdout).error.message).toBe(`${tmpdir()} is a folder, not a file.`);
    const a = olsen(['analyse', '/no/such/record.json']);
    expect([a.code, a.stderr.trim()]).toEqual([2, 'olsen analyse: Filen /no/such/record.json finnes ikke.']);
    const en = olsen(['analyse', '/no/such/record.json', '--lang', 'en']);
    expect([en.code, en.stderr.trim()]).toEqual([2, 'olsen analyse: There is no file /no/such/record.json.']);
    // The parser's own usage errors exit 2 as well (commander's default was 1).
    expect(olsen(['play', '--players', '9']).code).toBe(2);
    expect(olsen(['--no-such-option']).code).toBe(2);
    expect(olsen(['--help']).code).toBe(0);
  });

  it('issue 39: usage errors speak the run\'s language and point to the help; help tells the exit codes; rules are listed in words', () => {
    const nb = olsen(['play', '--players', '9']);
    expect([nb.code, nb.stderr]).toEqual([2, 'olsen play: «9» går ikke for -p, --players <n>. --players må være et helt tall fra 2 til 6.\nSe olsen play --help.\n']);
    expect(olsen(['play', '--game', 'x']).stderr).toBe('olsen play: «x» går ikke for -g, --game <game>. Det kan være olsen, vri-atter, vri-atter-002 eller olsen-dk.\nSe olsen play --help.\n');
    expect(olsen(['play', '--foo']).stderr).toBe('olsen play: ukjent valg --foo.\nSe olsen play --help.\n');
    expect(olsen(['analyse']).stderr).toBe('olsen analyse: filen (eller - for standard inn) mangler.\nSe olsen analyse --help.\n');
    expect(olsen(['play', '--lang', 'en', '--players', '9']).stderr).toBe("olsen play: option '-p, --players <n>' argument '9' is invalid. --players must be a whole number from 2 to 6.\nSee olsen play --help.\n");
    expect(olsen(['sim', '--players', '9']).stderr).toMatch(/^olsen sim: .*\nSee olsen sim --help\.\n$/);
    for (const [cmd, codes] of [['verify', /Exit codes: 0 .*1 .*2 /], ['analyse', /Exit codes: 0 .*1 .*2 /], ['play', /Exit codes: 0 .*1 .*130 .*2 /]] as const) {
      const help = olsen([cmd, '--help', '--lang', 'en']).stdout;
      expect(help.replace(/\s+/g, ' '), cmd).toMatch(codes);
      for (const l of [...help.split('\n'), ...olsen([cmd, '--help']).stdout.split('\n')]) expect(l.length, l).toBeLessThanOrEqual(80);
    }
    expect(olsen(['play', '--help', '--lang', 'en']).stdout.replace(/\s+/g, ' ')).toContain('hjelp/help shows every way to type a move, ? a hint, q quits.');
    // The seed's default is said in words, not as the moment the help was printed.
    expect(olsen(['play', '--help', '--lang', 'en']).stdout).toMatch(/--seed <seed> +seed for the deal \(default: a new one each game/);
    // Help in the run's language: olsen's own page and the commands for a person in Norwegian, headings and
    // commander's words too; the developers' tools keep English pages (their line in olsen's list is Norwegian).
    const top = olsen(['--help']).stdout;
    expect(top).toMatch(/^Bruk: olsen \[valg\] \[kommando\]\n/);
    expect(top).toContain('Kommandoer:');
    expect(top.replace(/\s+/g, ' ')).toContain('play [valg] Spill i terminalen mot datamaskinen.');
    const play = olsen(['play', '--help']).stdout;
    expect(play).toMatch(/^Bruk: olsen play \[valg\]\n\nSpill i terminalen mot datamaskinen\.\n\nValg:\n/);
    expect(play.replace(/\s+/g, ' ')).toContain('--name <name> navnet ditt (standard: "Du")');
    expect(play.replace(/\s+/g, ' ')).toContain('Avslutningskoder: 0 spillet ble ferdig eller du avsluttet, 1 inndataene tok slutt først, 130 Ctrl-C, 2 kommandoen er brukt feil.');
    expect(play).not.toMatch(/Usage:|Options:|default:|choices:/);
    expect(olsen(['help', 'play']).stdout).toBe(play);
    expect(olsen(['sim', '--help']).stdout).toMatch(/^Usage: olsen sim \[options\]/);
    expect(olsen(['frobnicate']).stderr).toBe('olsen: ukjent kommando frobnicate.\nSe olsen --help.\n');
    const dk = olsen(['rules', '--game', 'olsen-dk']).stdout;
    expect(dk).toContain('olsen-dk (Dansk Olsen): 3–5 spillere.');
    expect(dk).toMatch(/ {2}pass \(H3\)\n {6}Gi bort tre kort etter given, før første stikk/);
    expect(dk).toContain('standard: ingen (da gjelder pointLimit)');
    for (const g of ['olsen', 'vri-atter', 'olsen-dk']) for (const l of olsen(['rules', '--game', g]).stdout.split('\n')) expect(l.length, l).toBeLessThanOrEqual(80);
    expect(olsen(['rules', '--game', 'vri-atter']).stdout.replace(/\s+/g, ' ')).toContain('standard: 100; gjelder bare med scoring: "points" (poeng)');
    expect(dk.replace(/\s+/g, ' ')).toContain('verdier: "none" (ingen), "left" (til venstre), "rotating" (på rundgang); standard: "none" (ingen)');
    expect(dk).not.toMatch(/default null/);
    expect(olsen(['rules', '--lang', 'en']).stdout).toMatch(/maxDraws \(S-V2\)\n +How many cards you may draw when stuck\.\n +values: 1, 3, "unlimited" \(until one fits\); default: 3/);
    // Issue 48: a rule ID a refusal names is explained in players' words (the rules page's), in the run's language,
    // base rules and house rules alike — never the rule book's notes for developers.
    const s13 = olsen(['rules', 'S13']);
    expect(s13.stdout).toMatch(/^S13 — Mer om reglene\nDu kan trekke selv om du har et kort som passer/);
    for (const l of s13.stdout.split('\n')) expect(l.length).toBeLessThanOrEqual(80);
    expect(olsen(['rules', 's-v16', '--lang', 'en']).stdout.replace(/\s+/g, ' ')).toMatch(/^S-V16 — house rule House rule: .+ \(--rules: drawnCardMustBePlayed\) $/);
    const h8 = olsen(['rules', 'H8']).stdout.replace(/\s+/g, ' ');
    expect(h8).toContain('Hvert hjerter gir ett poeng og spar dame 13. Tar du alle hjerter og spar dame, har du skutt månen');
    expect(olsen(['--lang', 'en', 'rules', 'H8']).stdout.replace(/\s+/g, ' ')).toContain('Each heart is one point and the queen of spades 13');
    for (const id of ['S3', 'S13', 'S14', 'S17', 'H8', 'H9', 'S-V3', 'V1']) {
      for (const lang of ['nb', 'en']) expect(olsen(['rules', id, '--lang', lang]).stdout, id).not.toMatch(/Engine|Decision|Beslutning|\(00[024]\)|drawnCardMustBePlayed: false/);
    }
    const none = olsen(['rules', 'X9']);
    expect(none.code).toBe(2);
    expect(none.stderr.replace(/\s+/g, ' ')).toBe('olsen rules: det finnes ingen regel X9. Reglene heter S1–S24 (Olsen og Vri åtter), S-V1–S-V17 (deres husregler), H1–H10 (dansk Olsen) og V1–V2 (hva hver spiller får se). ');
    const help = olsen(['play', '--seed', 'x'], 'hjelp\nq\n').stdout;
    expect(help).toContain('«(regel S8)» i et svar viser til en regel: olsen rules S8 forklarer den.');
    // hjelp gives the game's rules in the same words as the rules page.
    expect(help.replace(/\s+/g, ' ')).toContain('Legg et kort i samme sort eller med samme verdi som kortet øverst. Åttere er vri:');
    // Issue 48: olsen itself takes --lang: its own page in English, and a command after it speaks English too.
    const own = olsen(['--lang', 'en', '--help']);
    expect([own.code, own.stdout.split('\n')[0]]).toEqual([0, 'Usage: olsen [options] [command]']);
    expect(olsen(['--lang', 'en', 'play', '--bogus']).stderr).toBe("olsen play: unknown option '--bogus'\nSee olsen play --help.\n");
    expect(olsen(['--lang', 'en', 'play', '--seed', 'x'], 'q\n').stdout.split('\n')[0]).toBe("Olsen — let's play!");
    expect(olsen(['--lang', 'en', 'rules', 'S8']).stdout).toMatch(/^S8 — Olsen\nPlay a card/);
    expect(olsen(['play', '--rules', 'foo']).stderr).toBe('olsen play: --rules: «foo» er ikke et ferdig regelsett for olsen (plain, special, svenskevri, several, noTwist); velg ett av dem eller skriv et JSON-objekt.\nSe olsen rules --game olsen.\n');
  });
});

/** Random edits of a valid record: drop, replace or retype a field somewhere inside it. */
function mutate(value: unknown, rng: () => number, junk: unknown): unknown {
  if (Array.isArray(value)) {
    if (value.length === 0 || rng() < 0.15) return rng() < 0.5 ? junk : [...value, junk];
    const copy = [...value];
    const i = Math.floor(rng() * copy.length);
    const roll = rng();
    if (roll < 0.2) copy.splice(i, 1);
    else if (roll < 0.4 && copy.length > 1) [copy[0], copy[i]] = [copy[i], copy[0]];
    else copy[i] = mutate(copy[i], rng, junk);
    return copy;
  }
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    if (keys.length === 0 || rng() < 0.1) return junk;
    const k = keys[Math.floor(rng() * keys.length)];
    if (rng() < 0.2) delete copy[k];
    else copy[k] = mutate(copy[k], rng, junk);
    return copy;
  }
  if (typeof value === 'string' && rng() < 0.5) return value.slice(0, Math.floor(rng() * value.length)) + (rng() < 0.5 ? 'x' : '');
  if (typeof value === 'number' && rng() < 0.5) return value + (rng() < 0.5 ? 1 : -1) * Math.floor(rng() * 3 + 1);
  return junk;
}

describe('fuzzing verify', () => {
  const seeds = [
    ...readdirSync(examples).filter((f) => !f.endsWith('.verify.json')).map((f) => JSON.parse(readFileSync(`${examples}${f}`, 'utf8'))),
    JSON.parse(readFileSync(`${fixtures}000-olsen-hedda-ivar-jonas-kari.json`, 'utf8')),
    JSON.parse(readFileSync(`${fixtures}004-vri-atter-anna-bjorn-cecilie-david.json`, 'utf8')),
  ];

  it('random and mutated records: ok true or a JSON error with indices, never a throw', () => {
    fc.assert(
      fc.property(fc.nat(seeds.length - 1), fc.integer(), fc.jsonValue(), (i, seed, junk) => {
        let s = seed >>> 0;
        const rng = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
        const record = mutate(seeds[i], rng, junk);
        const out = verifyRecordSafe(record);
        expect(out.ok === true || out.ok === false).toBe(true);
        if (!out.ok) {
          expect(typeof out.error.message).toBe('string');
          expect(out.error.message).not.toMatch(/^Internal error/); // the engine itself never threw
          expect(out.error.round === null || Number.isInteger(out.error.round)).toBe(true);
          expect(out.error.action === null || Number.isInteger(out.error.action)).toBe(true);
          expect(out.error.rule === null || /^(S|S-V|H|V)\d+$/.test(out.error.rule)).toBe(true);
        }
      }),
      { numRuns: 3000, seed: 42 },
    );
    fc.assert(fc.property(fc.jsonValue(), (junk) => void expect(verifyRecordSafe(junk).ok).toBe(false)), { numRuns: 500 });
  });

  it('the binary answers mutated records with exit 0 or 1 and one JSON line', () => {
    let s = 12345;
    const rng = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
    for (let k = 0; k < 12; k++) {
      const text = JSON.stringify(mutate(seeds[k % seeds.length], rng, k % 2 ? null : 'Zz'));
      const r = olsen(['verify', '-'], k === 11 ? text.slice(0, text.length / 2) : text);
      expect([0, 1]).toContain(r.code);
      expect(() => JSON.parse(r.stdout)).not.toThrow();
      expect(r.stderr).not.toMatch(/\bat \S+ \(/);
    }
  });
});

/** verify as the command runs it, on text instead of a file. */
const verifyRecordSafe = (record: unknown) => verifyCommand('-', JSON.stringify(record) ?? 'undefined').output;

describe('olsen sim and bench', () => {
  it('issue 39: bench says each part as it starts (the command prints them on a terminal\'s stderr)', async () => {
    const parts: string[] = [];
    await runBench({ game: 'olsen', seed: 'p', games: 200, apiGames: 2, repeats: 1, progress: (p) => parts.push(p) });
    expect(parts).toEqual(['warming up', 'the simulator tier', 'the plain JS yardstick', 'the public API', 'whole games through the table runner', 'several cards at once, and a long round']);
  });

  it('issue 39: bench-bots tells each game as it starts (printed on a terminal\'s stderr)', async () => {
    const seen: string[] = [];
    await runBotBench({ level: 'hard', games: 2, players: 2, seed: 'ci-progress', exhaust: false, progress: (d, n) => seen.push(`${d}/${n}`) });
    expect(seen).toEqual(['0/2', '1/2']);
  });

  it('issue 39: a tournament whose games the seat rotations do not divide is refused with the nearest counts (exit 2)', () => {
    const r = olsen(['tournament', '--games', '7', '--lineup', 'medium,greedy']);
    expect([r.code, r.stderr.trim()]).toEqual([2, 'olsen tournament: --games 7 is not a multiple of the 2 seats (every deal is played once per seat rotation); use 6 or 8.']);
  });

  it('sim prints a JSON summary', () => {
    const r = olsen(['sim', '--games', '200', '--players', '3', '--policy', 'greedy', '--seed', 'ci']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.games).toBe(200);
    expect(s.winsBySeat.reduce((a: number, b: number) => a + b, 0)).toBeGreaterThanOrEqual(200);
    expect(s.actionsPerGame).toBeGreaterThan(10);
  });

  it('sim refuses a broken rule set with a clear message', () => {
    const r = olsen(['sim', '--rules', '{"maxDraws": 2}']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/maxDraws/);
  });

  it('bench prints one JSON line with the three tiers', () => {
    const r = olsen(['bench', '--json', '--games', '2000', '--api-games', '5', '--repeats', '1']);
    expect(r.code).toBe(0);
    const b = JSON.parse(r.stdout);
    for (const tier of ['sim', 'api', 'baseline']) expect(b[tier]).toMatchObject({ gamesPerSec: expect.any(Number), actionsPerSec: expect.any(Number), actionsPerGame: expect.any(Number) });
  });
});

describe('olsen play', () => {
  const answers = (n: number, first: string[] = []) => [...first, ...new Array(n).fill('1')].join('\n') + '\n';

  it('plays a whole game in Norwegian by default, choosing numbered moves', () => {
    const r = olsen(['play', '--seed', 'cli-nb'], answers(200));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Din hånd');
    expect(r.stdout).toContain('Øverst:');
    expect(r.stdout).toMatch(/Vinner: .+!/);
    expect(r.stdout).toContain('Takk for spillet!');
  });

  it('issue 39: a record file that cannot be written is refused before the game, naming it, in the player\'s language (exit 2)', () => {
    const r = olsen(['play', '--seed', 'cli-rec', '--record', '/nonexistent/dir/x.json'], answers(200));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toBe('olsen play: Kan ikke lagre spillet i /nonexistent/dir/x.json: mappen finnes ikke. Velg en annen fil med --record.');
    const dir = olsen(['play', '--lang', 'en', '--record', tmpdir()], answers(200));
    expect(dir.code).toBe(2);
    expect(dir.stderr.trim()).toBe(`olsen play: Cannot save the game in ${tmpdir()}: it is a folder. Choose another file with --record.`);
  });

  it('issue 39: the end prints the command that plays the same game again (game, players, rules, level, seed), and it does', () => {
    const first = olsen(['play', '--game', 'vri-atter', '--players', '2', '--rules', '{"maxDraws":1}', '--level', 'easy', '--lang', 'en', '--seed', 'again 1'], answers(400));
    const lines = first.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('The same game again'));
    // The command on a line of its own, whole, to copy.
    expect(lines.slice(at, at + 2)).toEqual(['The same game again (the same cards, rules and opponents):', `  node packages/cli/bin/olsen.js play --game vri-atter --players 2 --rules '{"maxDraws":1}' --level easy --seed 'again 1' --lang en`]);
    // Issue 48: the command is the one this run was started with, and it runs as printed.
    const words = lines[at + 1].trim().split(' ').slice(2);
    expect(words[0]).toBe('play');
    const again = olsen(['play', '--game', 'vri-atter', '--players', '2', '--rules', '{"maxDraws":1}', '--level', 'easy', '--seed', 'again 1', '--lang', 'en'], answers(400));
    expect(again.stdout).toBe(first.stdout);
  });

  it('issue 39: the end of the input stops the game with a sentence and the command to play it again (exit 1); Ctrl-C too (exit 130), with the unfinished game\'s record', async () => {
    const eof = olsen(['play', '--seed', 'cli-eof'], '1\n');
    expect(eof.code).toBe(1);
    expect(eof.stdout).toContain('Inndataene tok slutt før spillet var ferdig: spillet er stanset.');
    expect(eof.stdout).toContain('node packages/cli/bin/olsen.js play --game olsen --players 3 --level medium --seed cli-eof');
    expect(eof.stdout).not.toContain('Takk for spillet!');
    const file = join(mkdtempSync(join(tmpdir(), 'olsen-int-')), 'game.json');
    const child = spawn(process.execPath, [bin, 'play', '--lang', 'en', '--seed', 'cli-int', '--record', file]);
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    await expect.poll(() => out.includes('> '), { timeout: 20_000 }).toBe(true);
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(130);
    expect(out).toContain('Interrupted (Ctrl-C): the game is stopped.');
    expect(out).toContain(`The game is saved in ${file}`);
    const v = olsen(['verify', file]);
    expect(JSON.parse(v.stdout)).toMatchObject({ ok: true, result: { finished: false } });
  });

  for (const [signal, code, said] of [['SIGHUP', 129, 'The terminal was closed (SIGHUP): the game is stopped.'], ['SIGTERM', 143, 'Stopped from outside (SIGTERM): the game is stopped.']] as const) {
    it(`issue 48: ${signal} (a closed terminal, a stop from outside) keeps the game: the record written, the command to play again, exit ${code}`, async () => {
      for (const game of ['vri-atter', 'olsen-dk']) {
        const file = join(mkdtempSync(join(tmpdir(), 'olsen-sig-')), 'game.json');
        const child = spawn(process.execPath, [bin, 'play', '--game', game, '--lang', 'en', '--seed', `cli-${signal}`, '--record', file, '--name', 'Mormor']);
        let out = '';
        child.stdout.on('data', (b: Buffer) => (out += b.toString()));
        await expect.poll(() => out.includes('> '), { timeout: 20_000 }).toBe(true);
        child.kill(signal);
        const exit = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
        expect(exit).toBe(code);
        expect(out).toContain(said);
        expect(out).toContain(`The game is saved in ${file}`);
        expect(out).toMatch(new RegExp(`play --game ${game} --players \\d --level medium --seed cli-${signal} --name Mormor --lang en`));
        expect(JSON.parse(olsen(['verify', file]).stdout)).toMatchObject({ ok: true, result: { finished: false } });
      }
    });
  }

  it('issue 48: the command to play again is the one the user started: olsen, npx olsen, or node and the script', () => {
    expect(invokedAs('/usr/local/bin/olsen', '/home/kari')).toEqual(['olsen']);
    expect(invokedAs('/home/kari/olsen/node_modules/.bin/olsen', '/home/kari/olsen')).toEqual(['npx', 'olsen']);
    expect(invokedAs('/home/kari/olsen/packages/cli/bin/olsen.js', '/home/kari/olsen')).toEqual(['node', 'packages/cli/bin/olsen.js']);
    expect(invokedAs('/home/kari/olsen/packages/cli/bin/olsen.js', '/tmp')).toEqual(['node', '/home/kari/olsen/packages/cli/bin/olsen.js']);
    expect(againCommand({ game: 'olsen', players: 3, rules: {}, level: 'medium', seed: 's', lang: 'nb', name: 'Bestemor Åse' }, ['olsen'])).toBe("olsen play --game olsen --players 3 --level medium --seed s --name 'Bestemor Åse'");
  });

  it('issue 48: the small things — presets in sim and tournament, a near-miss rule named, Danish Olsen in sim, ø-less card words, a card not held in the pass, an illegal record said in the run\'s language', () => {
    const sim = olsen(['sim', '--game', 'olsen-dk', '--rules', 'passing', '--games', '50', '--no-progress']);
    expect(sim.code).toBe(0);
    expect(JSON.parse(sim.stdout)).toMatchObject({ game: 'olsen-dk', games: 50, rules: { pass: 'rotating' } });
    expect(JSON.parse(sim.stdout).roundsPerGame).toBeGreaterThan(1);
    expect(olsen(['sim', '--rules', 'special', '--games', '20', '--no-progress']).code).toBe(0);
    expect(olsen(['tournament', '--game', 'olsen-dk', '--rules', 'passing', '--lineup', 'random,random,random,random', '--games', '4', '--json']).code).toBe(0);
    expect(olsen(['sim', '--rules', '{"maxDraw":1}']).stderr).toBe("olsen sim: Unknown house rule 'maxDraw'.\nDid you mean maxDraws? See olsen rules --game olsen --lang en.\n");
    expect(olsen(['play', '--rules', '{"maxDraw":1}']).stderr).toContain('Mente du maxDraws?');
    expect(olsen(['play', '--seed', 'kk'], 'klover knekt\nq\n').stdout).toContain('Du har ikke kløver knekt på hånden.');
    expect(olsen(['play', '--game', 'olsen-dk', '--seed', 'p1', '--rules', 'passing'], 'spar dame\nq\n').stdout).toContain('Det går ikke: du har ikke spar dame på hånden.');
    const illegal = olsen(['analyse', `${examples}olsen-illegal-move.json`]);
    expect(illegal.stderr).toBe('olsen analyse: Spillet i filen kan ikke spilles av (runde 1, trekk 2): Ola kan ikke legge kløver to: det må være en hjerter (sorten som gjelder), et ess (verdien øverst) eller en åtter.\n');
    expect(olsen(['analyse', `${examples}olsen-illegal-move.json`, '--lang', 'en']).stderr).toContain('Ola cannot play the two of clubs:');
    // The Danish Olsen review's legend explains no eights and no last-card call.
    const dkRecord = join(mkdtempSync(join(tmpdir(), 'olsen-dk-legend-')), 'dk.json');
    olsen(['play', '--game', 'olsen-dk', '--seed', 'legend', '--record', dkRecord], '1\n'.repeat(60));
    const legend = olsen(['analyse', dkRecord, '--worlds', '8']).stdout;
    expect(legend).toContain('Tegn: > valget som ble gjort.\n');
    expect(legend).not.toMatch(/åtter|ropet/);
  });

  // eslint-disable-next-line no-control-regex -- the test looks for the very characters a hostile name carries
  const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;
  it('issue 48: names from a record or --name are shown, never executed (escape sequences and bidirectional overrides as visible escapes)', () => {
    const record = JSON.parse(readFileSync(`${examples}olsen-finished.json`, 'utf8')) as { players: string[] };
    const hostile = 'Ola\u001b[31mRED\u202eevil\u0007';
    record.players = record.players.map((p, i) => (i === 0 ? hostile : p));
    const dir = mkdtempSync(join(tmpdir(), 'olsen-hostile-'));
    writeFileSync(join(dir, 'r.json'), JSON.stringify(record));
    for (const args of [['analyse', join(dir, 'r.json'), '--worlds', '20'], ['analyse', join(dir, 'r.json'), '--worlds', '20', '--json'], ['verify', join(dir, 'r.json')]]) {
      const r = olsen(args);
      expect(r.stdout, args.join(' ')).not.toMatch(UNSAFE);
    }
    expect(olsen(['analyse', join(dir, 'r.json'), '--worlds', '20']).stdout).toContain('Ola\\x1b[31mRED\\u202eevil\\x07');
    // A record whose illegal move names the hostile player: the refusal is shown safely too.
    const bad = JSON.parse(JSON.stringify(record)) as { rounds: { actions: unknown[] }[] };
    bad.rounds[0].actions[0] = { seat: 0, play: ['2c'] };
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
    expect(olsen(['verify', join(dir, 'bad.json')]).stdout).not.toMatch(UNSAFE);
    const played = olsen(['play', '--seed', 'hostile', '--name', hostile], 'q\n');
    expect(played.stdout).not.toMatch(UNSAFE);
    expect(played.stdout).toContain('Ola\\x1b[31mRED\\u202eevil');
  });

  it('issue 39: one language per run — the game\'s own name in the title, "Tips", English grammar for "You"; Vri åtter states its target and running totals every turn', () => {
    const nb = olsen(['play', '--game', 'vri-atter', '--players', '3', '--seed', 'cli-words'], '?\n' + answers(60));
    expect(nb.stdout.split('\n')[0]).toBe('Vri åtter — la oss spille!');
    expect(nb.stdout).toContain('Summer (når noen kommer over 100, vinner lavest sum): Du 0, ');
    expect(nb.stdout).toMatch(/> Tips: /);
    expect(nb.stdout).not.toMatch(/Hint: /);
    // The suit as the hint prints it ("8♥ → spar") may be typed as a word: 8h>spar is a move.
    expect(olsen(['play', '--seed', 'cli-words', '--game', 'vri-atter', '--players', '3'], '8h>spar\n' + answers(60)).stdout).toMatch(/> Du legger 8♥ og sier spar\./);
    const en = olsen(['play', '--game', 'vri-atter', '--players', '2', '--lang', 'en', '--seed', 'cli-you-deal'], answers(400));
    expect(en.stdout).not.toMatch(/You deals/);
    expect(en.stdout).toMatch(/Round \d+\. (You deal|\S+ deals)\./);
  });

  it('issue 39, S-V14: help gives the player counts as the rule catalogue does, and five players of Olsen are told they play with two decks', () => {
    expect(olsen(['play', '--help', '--lang', 'en']).stdout.replace(/\s+/g, ' ')).toContain('olsen (2–4 players; 5–6 with two decks)');
    expect(olsen(['play', '--help']).stdout.replace(/\s+/g, ' ')).toContain('olsen (2–4 spillere; 5–6 med to kortstokker)');
    const five = olsen(['play', '--players', '5', '--seed', 'cli-five'], answers(10));
    expect(five.stdout).toContain('Med 5 spillere brukes to kortstokker.');
  });

  it('issue 39: on a terminal, lines are wrapped at word boundaries to its width (a list item keeps its column); a pipe gets them whole', () => {
    const line = '  12) Ola banket i bordet: Kari glemte å si «Ett kort igjen!» og trekker tre kort fra bunken nå.';
    const wrapped = wrapLine(line, 40).split('\n');
    expect(wrapped.every((l) => l.length <= 40)).toBe(true);
    expect(wrapped.join(' ').replace(/\s+/g, ' ').trim()).toBe(line.replace(/\s+/g, ' ').trim());
    expect(wrapped.slice(1).every((l) => l.startsWith('    '))).toBe(true);
    expect(wrapLine(line, 0)).toBe(line);
    expect(widthOf({ isTTY: true, columns: 80 } as never)).toBe(80);
    expect(widthOf({ isTTY: false, columns: 80 } as never)).toBe(0);
  });

  it('issue 39: a round of Vri åtter is listed by its points with positions in order; English Danish Olsen says "You deal"; help names olsen rules --game', () => {
    const vri = olsen(['play', '--game', 'vri-atter', '--players', '3', '--seed', '5'], answers(300));
    const block = vri.stdout.split('Runden er over')[1]?.split('\n').filter((l) => /^ {2}\d\. /.test(l)) ?? [];
    expect(block.map((l) => Number(l.trim()[0]))).toEqual([1, 2, 3]);
    const dk = olsen(['play', '--game', 'olsen-dk', '--lang', 'en', '--seed', 'dk-deal', '--rules', '{"deals":6}'], new Array(400).fill('1').join('\n') + '\n');
    expect(dk.stdout).not.toContain('You deals');
    expect(olsen(['play', '--help', '--lang', 'en']).stdout.replace(/\s+/g, ' ')).toContain('see olsen rules --game GAME');
    expect(olsen(['play', '--help']).stdout.replace(/\s+/g, ' ')).toContain('se olsen rules --game SPILL');
  });

  it('issue 39: a card may be typed in words ("3 spar"), hjelp explains every way to type a move and q, rule codes are "regel S…", lists stay within 80 columns at six players', () => {
    const first = olsen(['play', '--seed', 'words', '--players', '2'], 'q\n');
    const hand = /Din hånd: (.+)\n/.exec(first.stdout)![1].split(' ');
    const said = hand[0].replace('♣', ' kløver').replace('♦', ' ruter').replace('♥', ' hjerter').replace('♠', ' spar').replace(/^Q/, 'dame').replace(/^K/, 'konge').replace(/^J/, 'knekt').replace(/^A/, 'ess');
    const r = olsen(['play', '--seed', 'words', '--players', '2'], ['hjelp', said, 'q'].join('\n') + '\n');
    expect(r.stdout).toContain('Din tur: nummer eller kort, f.eks. «spar dame» (? tips, hjelp, q avslutt):');
    expect(r.stdout).toContain('Slik skriver du et trekk:');
    expect(r.stdout).toMatch(/ {2}spar dame! +legg kortet og si «Olsen»/);
    expect(r.stdout).toMatch(/ {2}q +avslutt spillet/);
    // The card said in words is played, or refused by a rule (never as "not a move").
    expect(r.stdout).not.toContain('er ikke et trekk');
    expect(r.stdout).toMatch(new RegExp(`Du legger ${hand[0]}|Det går ikke: .*\\(regel S\\d+\\)`));
    // A rank alone plays the one card of that rank that may be played, and says so when none may.
    const rank = olsen(['play', '--seed', 'words', '--players', '2'], ['konge', 'fem', 'q'].join('\n') + '\n');
    expect(rank.stdout).toContain("> Du legger K♦.");
    expect(rank.stdout).toContain('Det går ikke: du har ikke noe kort med den verdien som kan legges nå: velg et nummer i lista.');
    const six = olsen(['play', '--game', 'vri-atter', '--players', '6', '--seed', 's6'], answers(400));
    // (The command to play again is printed whole, never wrapped, to be copied: not a list.)
    const lists = six.stdout.split('\n').filter((l) => /^(Motspillere|Din hånd|Summer| {2}\S)/.test(l) && !l.includes(' play --game '));
    expect(lists.length).toBeGreaterThan(10);
    for (const l of lists) expect(l.length, l).toBeLessThanOrEqual(80);
  });

  it('issue 39 (fresh eyes): each game says what ends it and when it is over; two decks are said for Vri åtter too; a number off the list gives the range; the stock made anew is said', () => {
    const olsenRun = olsen(['play', '--players', '4', '--seed', '5'], answers(300));
    expect(olsenRun.stdout).toContain('Én runde: den som først blir kvitt kortene sine, vinner; de andre får plass etter hvor få kort de har igjen.');
    expect(olsenRun.stdout).toMatch(/Runden er over\.\n(?: {2}\d\. .+\n)+Spillet er over\.\nVinner: /);
    const vri = olsen(['play', '--game', 'vri-atter', '--players', '6', '--seed', '3'], ['9', 'q'].join('\n') + '\n');
    expect(vri.stdout).toContain('Med 6 spillere brukes to kortstokker.');
    expect(vri.stdout).toContain('Flere runder: kortene du sitter igjen med gir poeng (åtter 50, bildekort 10, ess 1, ellers tallet); når noen kommer over 100, vinner lavest sum.');
    expect(vri.stdout).toMatch(/Det går ikke: velg et nummer fra 1 til \d+\./);
    // A round of points: each line has the round's points beside the cards left, in the order of the points.
    const round = olsen(['play', '--game', 'vri-atter', '--players', '3', '--seed', '5'], answers(300)).stdout.split('Runden er over.\n')[1].split('\n').slice(0, 3);
    for (const l of round) expect(l).toMatch(/^ {2}\d\. \S+: \d+ poeng \(\d+ kort igjen\), totalt \d+$/);
    const pts = round.map((l) => Number(/: (\d+) poeng/.exec(l)![1]));
    expect([...pts].sort((a, b) => a - b)).toEqual(pts);
    // A computer player's draws in a row are one line; the person is told the card drawn, once.
    const draws = olsen(['play', '--players', '3', '--seed', '9'], answers(200)).stdout;
    expect(draws).toMatch(/\n\S+ trekker [23] kort\.\n/);
    expect(draws).not.toMatch(/Du trekker et kort\.\n.*Du trakk/);
    const refill = olsen(['play', '--game', 'vri-atter', '--players', '2', '--seed', '3', '--level', 'random'], answers(2000));
    expect(refill.stdout).toContain('Trekkbunken var tom: kastebunken er stokket og er ny trekkbunke (det øverste kortet ble liggende).');
    // S14: the draw in the menu says how many draws the turn has left.
    expect(refill.stdout).toMatch(/ {2}\d\) trekk \([123] igjen denne turen\)\n/);
    expect(olsen(['rules']).stdout.replace(/\s+/g, ' ')).toContain('Andre spill: olsen rules --game vri-atter | vri-atter-002 | olsen-dk. Én regel forklart: olsen rules S13.');
  });

  it('issue 39 (second fresh eyes): q quits at the next-round prompt too, and the quit is said; a game that cannot start says where to read; 002 says what differs', () => {
    const vri = olsen(['play', '--game', 'vri-atter', '--players', '3', '--seed', '5'], answers(300));
    const atPrompt = vri.stdout.indexOf('Trykk Enter for neste runde (q avslutter).');
    expect(atPrompt).toBeGreaterThan(0);
    // Answer the first next-round prompt with q: the game ends there (exit 0), saying so.
    const lines: string[] = [];
    for (const l of vri.stdout.slice(0, atPrompt).split('\n')) if (l.startsWith('>')) lines.push('1');
    const quit = olsen(['play', '--game', 'vri-atter', '--players', '3', '--seed', '5'], [...new Array(lines.length).fill('1'), 'q'].join('\n') + '\n');
    expect(quit.code).toBe(0);
    expect(quit.stdout).toContain('Trykk Enter for neste runde (q avslutter).\n> Du avsluttet spillet før det var ferdig.\n');
    expect(quit.stdout).not.toContain('Runde 2.');
    // On stderr, as the parser's usage errors.
    const miss = olsen(['play', '--rules', '{"handsize":5}']);
    expect([miss.code, miss.stderr, miss.stdout]).toEqual([2, "olsen play: Ukjent husregel 'handsize'.\nMente du handSize? Se olsen rules --game olsen.\n", '']);
    expect(olsen(['play', '--game', 'olsen-dk', '--players', '2']).stderr).toBe('olsen play: Dansk Olsen er for 3 til 5 spillere, ikke 2.\nSe olsen play --help.\n');
    // A word at the next-round prompt asking for help is answered, not taken for Enter.
    const help = olsen(['play', '--game', 'vri-atter', '--players', '3', '--seed', '5'], [...new Array(lines.length).fill('1'), 'hjelp', 'q'].join('\n') + '\n');
    expect(help.stdout).toContain('Trykk Enter for neste runde (q avslutter).\n> Trykk Enter for å fortsette, eller q for å avslutte.\n> Du avsluttet spillet');
    expect(olsen(['rules', '--game', 'vri-atter-002']).stdout.replace(/\s+/g, ' ')).toContain('Som vri-atter, men med andre standardregler: handSize 6,');
    expect(usageError("error: option '-g, --game <game>' argument 'x' is invalid. Allowed choices are olsen, vri-atter, vri-atter-002, olsen-dk.", ['node', 'olsen', 'play'], 80)).toBe('olsen play: «x» går ikke for -g, --game <game>. Det kan være olsen, vri-atter,\n  vri-atter-002 eller olsen-dk.\nSe olsen play --help.\n');
  });

  it('issue 39 (fresh eyes): Danish Olsen answers hjelp with how to type a move and names itself as the rules do', () => {
    const dk = olsen(['play', '--game', 'olsen-dk', '--seed', 'dk', '--rules', '{"deals":1}'], ['hjelp', 'q'].join('\n') + '\n');
    expect(dk.stdout).toMatch(/^Dansk Olsen — unngå hjerter og spar dame!\n/);
    expect(dk.stdout).toContain('(? tips, hjelp, q avslutt):');
    expect(dk.stdout).toContain('Slik skriver du et trekk:');
    expect(dk.stdout).not.toContain('Tips:');
  });

  it('speaks English with --lang en and explains a refused move with its rule', () => {
    const r = olsen(['play', '--seed', 'cli-en', '--lang', 'en'], answers(200, ['pass', 'Xx']));
    expect(r.stdout).toContain('Your hand');
    expect(r.stdout).toMatch(/Not allowed: .*\(rule S14\)/);
    expect(r.stdout).toContain('Not allowed: "Xx" is not a move: type a number or a card, e.g. "queen of spades" (help shows all you can type).');
  });
});

describe('olsen play speaks to the person', () => {
  const answers = (n: number, first: string[] = []) => [...first, ...new Array(n).fill('1')].join('\n') + '\n';

  it('in English grammar: "You do not hold", "You play", "1 point" — never "You does", "You plays", "You takes"', () => {
    const shed = olsen(['play', '--seed', 'cli-en', '--lang', 'en', '--name', 'You'], answers(200, ['Kd', 'Qs', '2c']));
    expect(shed.stdout).toMatch(/You do not hold/);
    const dk = olsen(['play', '--game', 'olsen-dk', '--seed', 'dk', '--lang', 'en', '--rules', '{"deals":1}'], answers(60, ['Kd', 'draw']));
    for (const out of [shed.stdout, dk.stdout]) {
      expect(out).not.toMatch(/You (does|plays|takes|has|holds|draws|passes)\b/);
      expect(out).not.toMatch(/\b1 points\b/);
      expect(out).not.toMatch(/\(—\)/);
    }
    expect(dk.stdout).toMatch(/You play /);
    // Drawing and passing are not part of Danish Olsen: said in the player's language.
    expect(dk.stdout).toMatch(/Not allowed: lay one card/);
  });

  it('explains a move it cannot read in the game\'s language', () => {
    const r = olsen(['play', '--seed', 'cli-nb'], answers(200, ['Xx']));
    expect(r.stdout).toContain('Det går ikke: «Xx» er ikke et trekk');
  });

  it('S18: the call is a choice whether a move is picked by number or typed; both say it', () => {
    const r = olsen(['play', '--game', 'vri-atter', '--players', '2', '--seed', 'call-choice', '--rules', '{"twoPlayerHandSize":null}'], answers(300));
    // The numbered list offers a play that leaves one card with and without the call.
    expect(r.stdout).toMatch(/\d+\) \S+ \+ si «Ett kort igjen»/);
    expect(r.stdout).toMatch(/Du sier «Ett kort igjen»!/);
  });

  it('--record writes the game, which olsen verify accepts; the command that replays it is printed at the end', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'olsen-record-')), 'game.json');
    const r = olsen(['play', '--seed', 'rec', '--record', file], answers(200));
    expect(r.stdout).toContain(`Spillet er lagret i ${file}`);
    expect(r.stdout).toContain('Det samme spillet igjen (samme kort, regler og motspillere):\n  node packages/cli/bin/olsen.js play --game olsen --players 3 --level medium --seed rec');
    const v = olsen(['verify', file]);
    expect(v.code).toBe(0);
    expect(JSON.parse(v.stdout)).toMatchObject({ ok: true, result: { finished: true } });
  });

  it('issue 49 (6), S20: a computer player that forgets its call is offered to the person to catch, in words, and the catch is made', async () => {
    const output = new PassThrough();
    let text = '';
    output.on('data', (d: Buffer) => (text += d.toString()));
    // Option 1 every time: at a catch window that is the catch (the seed is one where an easy player forgets).
    await runPlay({ game: 'vri-atter', players: 3, lang: 'nb', seed: 'catch-0', name: 'Du', rules: {}, level: 'easy', output, input: Readable.from(Array.from({ length: 400 }, () => '1\n')) });
    expect(text).toMatch(/(Kari|Ola) glemte å si «Ett kort igjen»: bank i bordet før neste spiller gjør noe/);
    expect(text).toMatch(/1\) bank i bordet: (Kari|Ola) glemte å si fra/);
    expect(text).toMatch(/Du banker i bordet! (Kari|Ola) glemte ropet og trekker 3 kort\./);
  });

  it('colours red suits on a terminal, and not with NO_COLOR or into a pipe', async () => {
    const saved = process.env.NO_COLOR;
    delete process.env.NO_COLOR;
    expect(colorFor({ output: { isTTY: true } as never })).toBe(true);
    expect(colorFor({ output: { isTTY: false } as never })).toBe(false);
    process.env.NO_COLOR = '1';
    expect(colorFor({ output: { isTTY: true } as never })).toBe(false);
    if (saved === undefined) delete process.env.NO_COLOR;
    else process.env.NO_COLOR = saved;
    const run = async (color: boolean): Promise<string> => {
      const output = new PassThrough();
      let text = '';
      output.on('data', (d: Buffer) => (text += d.toString()));
      await runPlay({ game: 'olsen', players: 2, lang: 'nb', seed: 'colour', name: 'Du', rules: {}, level: 'greedy', output, input: Readable.from(['q\n']), color });
      return text;
    };
    const ESC = String.fromCharCode(27);
    expect(await run(true)).toContain(`${ESC}[31m`);
    expect(await run(false)).not.toContain(ESC);
  });

  it('a reader that stops early (olsen rules | head -1) is no error: exit 0, nothing on stderr', () => {
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${bin}" rules --game olsen | head -1`], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toBe('');
  });

  it('S24: a Vri åtter game ends with the final standings by total, lowest first, and the winner named', () => {
    const r = olsen(['play', '--game', 'vri-atter', '--seed', 'vr1', '--players', '4', '--rules', '{"targetScore":30}'], new Array(3000).fill('1').join('\n') + '\n');
    const lines = r.stdout.slice(r.stdout.indexOf('Sluttstilling:')).split('\n').slice(1, 5);
    const rows = lines.map((l) => /^\s+(\d+)\. (\S+) — (\d+) poeng$/.exec(l)!);
    expect(rows.every(Boolean)).toBe(true);
    const totals = rows.map((m) => Number(m[3]));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(rows.map((m) => Number(m[1]))).toEqual(totals.map((t) => 1 + totals.filter((u) => u < t).length));
    expect(r.stdout).toContain(`Vinner: ${rows.filter((m) => m[1] === '1').map((m) => m[2]).join(', ')}!`);
  });

  it('refuses an empty name with a sentence; a computer player\'s name is the person\'s, and the computer players sit under others', () => {
    const r = olsen(['play', '--name', ' ', '--seed', 'x'], 'q\n');
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/Navnet kan ikke være tomt/);
    const kari = olsen(['play', '--name', 'Ola', '--players', '2', '--seed', 'x'], 'q\n');
    expect(kari.code).toBe(0);
    expect(kari.stdout).toMatch(/Motspillere: Siri \d+ kort/);
  });

  it('S-V7 S-V8 H3: --rules takes a preset of the game by name (the engine\'s list), and names the presets when it is none', () => {
    const special = olsen(['play', '--rules', 'special', '--seed', 'x', '--record', '/dev/null'], 'q\n');
    expect(special.stderr).toBe('');
    const passing = olsen(['play', '--game', 'olsen-dk', '--rules', 'passing', '--seed', 'x'], 'q\n');
    expect(passing.stdout).toMatch(/Gi 3 kort til/);
    const none = olsen(['play', '--rules', 'nope', '--lang', 'en']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/'nope' is no preset of olsen \(plain, special, svenskevri, several, noTwist\)/);
    expect(olsen(['rules', '--game', 'olsen-dk']).stdout).toMatch(/passing +\{"pass":"rotating"\}/);
  });
});

describe('Danish Olsen in the CLI', () => {
  it('verify answers olsen-dk records', () => {
    const r = olsen(['verify', `${fixtures}olsen-dk/moon-3-players.json`]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).result.rounds[0].points).toEqual([0, 26, 26]);
  });

  it('play --game olsen-dk shows the trick and the scores, in Norwegian by default, and names the H-rule of a refused card', () => {
    const nb = olsen(['play', '--game', 'olsen-dk', '--seed', 'dk', '--rules', '{"deals":1}'], new Array(40).fill('1').join('\n') + '\n');
    expect(nb.code).toBe(0);
    expect(nb.stdout).toContain('Stikket');
    expect(nb.stdout).toContain('Poeng (denne given / totalt)');
    expect(nb.stdout).toMatch(/Vinner: .+!/);
    const en = olsen(['play', '--game', 'olsen-dk', '--seed', 'dk', '--lang', 'en', '--rules', '{"deals":1}'], ['Ah', ...new Array(40).fill('1')].join('\n') + '\n');
    expect(en.stdout).toContain('Your hand');
    expect(en.stdout).toMatch(/Not allowed: .*\(rule H\d+\)/);
  });

  it('issue 39, H3: the pass picks three numbered cards of the hand (no list of 286 ways), confirms what went to whom, then what came from whom', () => {
    const nb = olsen(['play', '--game', 'olsen-dk', '--seed', 'dk-pass', '--rules', '{"deals":1,"pass":"left"}'], ['Xx Yy Zz', '1 2', '1 1 2', '1 2 3', ...new Array(40).fill('1')].join('\n') + '\n');
    // What ends the game and the pass are said at the start (H9, H3).
    expect(nb.stdout).toContain('Spillet varer 1 giv; lavest sum vinner.\nDu må følge sort hvis du kan;');
    // Issue 48: the opening says how points are counted and what shooting the moon is.
    expect(nb.stdout).toContain('Hvert hjerter gir ett poeng og spar dame 13. Tar du alle hjerter og spar dame, har du skutt månen: du får 0 og alle andre 26.');
    expect(nb.stdout).toContain('Etter hver giv gir alle tre kort til spilleren til venstre.\n');
    // Cards that are not cards, too few and the same card twice are refused in the game's language.
    expect(nb.stdout).toContain('Det går ikke: «Xx Yy Zz» er ikke 3 kort fra hånden din: skriv 3 numre eller kort.');
    expect(nb.stdout).toContain('Det går ikke: det er 2 kort; du skal gi 3.');
    expect(nb.stdout).toContain('Det går ikke: det samme kortet står to ganger: velg tre forskjellige.');
    expect(olsen(['play', '--game', 'olsen-dk', '--seed', 'dk-pass', '--rules', '{"deals":1,"pass":"left"}'], '1 2 14\nq\n').stdout).toContain('Det går ikke: det er ikke noe kort nummer 14: hånden har 1–13.');
    expect(nb.stdout).not.toContain('is not a card');
    expect(nb.stdout).toMatch(/\nGi 3 kort til \S+: skriv 3 numre \(f\.eks\. 1 4 7\) eller kort \(f\.eks\. spar dame\)\.\n/);
    expect(nb.stdout).not.toMatch(/1–286/);
    const hand = nb.stdout.split('\n').find((l) => l.startsWith('Din hånd: 1) '))!;
    const first = [...hand.matchAll(/\d+\) (\S+)/g)].slice(0, 3).map((m) => m[1]);
    const to = /Gi 3 kort til (\S+):/.exec(nb.stdout)![1];
    expect(nb.stdout).toContain(`Du ga ${first.join(' ')} til ${to}.`);
    for (const l of nb.stdout.split('\n')) if (l.startsWith('Gi 3 kort') || l.startsWith('Din hånd')) expect(l.length).toBeLessThanOrEqual(80);
    expect(nb.stdout).toMatch(/Du fikk \S+ \S+ \S+ fra \S+\./);
    // During play the points line says what ends the game.
    expect(nb.stdout).toContain('Poeng (denne given så langt / sum før given; 1 giv): ');
    // The cards may be named as they are said, in words.
    const said = olsen(['play', '--game', 'olsen-dk', '--seed', 'dk-pass', '--rules', '{"deals":1,"pass":"left"}'], [first.map((c) => c.replace('♣', ' kløver').replace('♦', ' ruter').replace('♥', ' hjerter').replace('♠', ' spar')).join(', '), ...new Array(40).fill('1')].join('\n') + '\n');
    expect(said.stdout).toContain(`Du ga ${first.join(' ')} til ${to}.`);
  });

  it('play --game olsen-dk answers ? with a hint and its reason, in both languages', () => {
    const nb = olsen(['play', '--game', 'olsen-dk', '--seed', 'dk', '--rules', '{"deals":1}'], ['?', ...new Array(40).fill('1')].join('\n') + '\n');
    expect(nb.stdout).toMatch(/Tips: \S+ — .+\./);
    const en = olsen(['play', '--game', 'olsen-dk', '--seed', 'dk', '--lang', 'en', '--rules', '{"deals":1}'], ['?', ...new Array(40).fill('1')].join('\n') + '\n');
    expect(en.stdout).toMatch(/Hint: \S+ — .+\./);
  });

  it('bench --game olsen-dk prints the tiers', () => {
    const r = olsen(['bench', '--game', 'olsen-dk', '--json', '--games', '2000', '--api-games', '5', '--repeats', '1']);
    expect(r.code).toBe(0);
    const b = JSON.parse(r.stdout);
    expect(b.game).toBe('olsen-dk');
    expect(b.sim.actionsPerGame).toBe(52);
    expect(b.api.actionsPerGame).toBe(52);
  });
});

describe('olsen bench-bots', () => {
  it('times the decisions with a choice apart from the forced ones, and refuses a level that does not search', () => {
    const r = olsen(['bench-bots', '--level', 'hard', '--games', '2', '--players', '2', '--seed', 'ci']);
    expect(r.code).toBe(0);
    const b = JSON.parse(r.stdout);
    expect(b).toMatchObject({ bench: 'bot-decisions', level: 'hard', games: 2, players: 2, budget: { iterations: 400, exhaust: false } });
    expect(b.choices.decisions).toBeGreaterThan(0);
    expect(b.choices.medianMs).toBeLessThanOrEqual(b.choices.p90Ms);
    expect(b.choices.p90Ms).toBeLessThanOrEqual(b.choices.maxMs);
    const bad = olsen(['bench-bots', '--level', 'greedy']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/greedy/);
  });
});

describe('olsen tournament', () => {
  it('reports each entrant with a 95% interval, places, points and decision times; greedy beats random', () => {
    const r = olsen(['tournament', '--games', '200', '--lineup', 'greedy,random,random,random', '--seed', 'ci', '--no-progress']);
    expect(r.code).toBe(0);
    const t = JSON.parse(r.stdout);
    expect(t.entrants).toHaveLength(4);
    const [g] = t.entrants;
    expect(g.level).toBe('greedy');
    expect(g.winRate95[0]).toBeLessThanOrEqual(g.winRate);
    expect(g.winRate95[1]).toBeGreaterThanOrEqual(g.winRate);
    expect(g.winRate).toBeGreaterThan(0.5);
    expect(g.msPerDecision.decisions).toBeGreaterThan(0);
    expect(t.entrants.reduce((s: number, e: { winRate: number }) => s + e.winRate, 0)).toBeCloseTo(1, 5);
  });

  it('plays the same games on two worker threads as on one', () => {
    const args = ['tournament', '--games', '48', '--lineup', 'medium,greedy,easy', '--seed', 'workers', '--no-progress'];
    const one = JSON.parse(olsen(args).stdout);
    const r = olsen([...args, '--workers', '2']);
    expect(r.code).toBe(0);
    const two = JSON.parse(r.stdout);
    expect(two.workers).toBe(2);
    const figures = (t: { entrants: { winRate: number; meanPlace: number; meanPoints: number; msPerDecision: { decisions: number } }[] }) =>
      t.entrants.map((e) => [e.winRate, e.meanPlace, e.meanPoints, e.msPerDecision.decisions]);
    expect(figures(two)).toEqual(figures(one));
  });

  it('S24: in Vri åtter it says how each final total came: rounds gone out first and the points of the rounds lost', () => {
    const r = olsen(['tournament', '--game', 'vri-atter', '--games', '40', '--lineup', 'medium,greedy,random,random', '--seed', 'rounds', '--no-progress']);
    expect(r.code).toBe(0);
    const t = JSON.parse(r.stdout);
    const played = t.entrants[0].rounds.played;
    expect(played).toBeGreaterThanOrEqual(40);
    let wonShare = 0;
    for (const e of t.entrants) {
      expect(e.rounds.played).toBe(played); // every entrant sits in every round
      wonShare += e.rounds.wonRate;
      // A final total is the points of the rounds lost: mean total × games = points per lost round × rounds lost.
      expect(e.meanPoints * 40).toBeCloseTo(e.rounds.pointsPerLostRound * played * (1 - e.rounds.wonRate), -1);
    }
    expect(wonShare).toBeLessThanOrEqual(1.0001); // a blocked round has nobody out first
    expect(wonShare).toBeGreaterThan(0.9);
    // Random players hold their eights and draw by choice: they lose more per round than the heuristics.
    expect(t.entrants[2].rounds.pointsPerLostRound).toBeGreaterThan(t.entrants[0].rounds.pointsPerLostRound);
    // A one-round ranking game has no rounds to tell apart.
    const plain = JSON.parse(olsen(['tournament', '--games', '8', '--lineup', 'greedy,random', '--seed', 'rounds', '--no-progress']).stdout);
    expect(plain.entrants[0].rounds).toBeUndefined();
  });

  it('prints a table on a terminal, and JSON there too with --json', () => {
    // `script` gives the command a real terminal.
    const onTerminal = (args: string[]) =>
      spawnSync('script', ['-qec', [process.execPath, bin, ...args].map((a) => `'${a}'`).join(' '), '/dev/null'], { encoding: 'utf8', timeout: 60_000 }).stdout.replace(/\r/g, '');
    const args = ['tournament', '--game', 'vri-atter', '--games', '8', '--lineup', 'medium,greedy', '--seed', 'table', '--no-progress'];
    const table = onTerminal(args).split('\n');
    expect(table[0]).toBe(`vri-atter · 8 games · seed table · ${table[0].match(/[\d.]+ s/)?.[0]} on 1 thread`);
    expect(table[2].split(/\s{2,}/)).toEqual(['seat', 'level', 'wins', '95 % interval', 'place', 'points', 'rounds won', 'points/round lost', 'ms median', 'p95', 'p99']);
    const t = JSON.parse(olsen(args).stdout);
    for (const e of t.entrants) {
      const row = table[3 + e.entrant].trim().split(/\s{2,}/);
      expect(row.slice(0, 3)).toEqual([String(e.entrant), e.level, `${(100 * e.winRate).toFixed(1)} %`]);
      expect(row[5]).toBe(e.meanPoints.toFixed(2));
    }
    expect(JSON.parse(onTerminal([...args, '--json'])).entrants).toHaveLength(2);
  });

  it('refuses an unknown level', () => {
    const r = olsen(['tournament', '--lineup', 'godlike,random']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown level 'godlike'/);
  });
});

describe('olsen analyse', () => {
  const file = `${examples}olsen-finished.json`;
  it('reviews a finished record: text, and JSON with the same figures as the library; the same seed gives the same review', () => {
    const json1 = olsen(['analyse', file, '--json', '--worlds', '100']);
    expect(json1.code).toBe(0);
    const review = JSON.parse(json1.stdout);
    expect(review.worlds).toBe(100);
    expect(Array.isArray(review.swing)).toBe(true);
    const json2 = olsen(['analyse', file, '--json', '--worlds', '100']);
    expect(json2.stdout).toBe(json1.stdout);
    const text = olsen(['analyse', file, '--worlds', '100', '--lang', 'en']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^Review of .+ \(seat 0\): \d+ decisions?, \d+ mistakes?; 100 worlds per decision\.\nMarks: > the choice made, → the suit named with an eight, ! the last-card call\.\nA mistake: .*\nChance to win through the game \(higher is better\):\n {2}[▁▂▃▄▅▆▇█]+\n/);
    for (const d of review.decisions) expect(text.stdout).toContain(`Round ${d.round + 1}, ${review.players[0]}'s turn ${d.move}`);
    // Issue 39: the swing fits 80 columns; one card notation (10♦, never Td); a value with where it likely lies.
    expect(text.stdout.split('\n').every((l) => l.length <= 80 || !/[▁▂▃▄▅▆▇█]{3}/.test(l))).toBe(true);
    expect(text.stdout.split('\n')[3].length).toBeLessThanOrEqual(80);
    expect(text.stdout).not.toMatch(/\b[2-9TJQKA][cdhs]\b/);
    expect(text.stdout).toMatch(/\d+\s% \(\d+–\d+ %\)/);
    expect(text.stdout).not.toContain('±');
    const nb = olsen(['analyse', file, '--worlds', '100']);
    expect(nb.stdout).toMatch(/^Analyse av .+ \(sete 0\): /);
    // The same bars in both languages (the line has a width of its own, not what the label leaves).
    expect(nb.stdout.split('\n')[4]).toBe(text.stdout.split('\n')[4]);
  });

  it('issue 39: a play with the call and the same play without it are told apart (5♠! against 5♠); the swing line squeezed to a width', () => {
    const v = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
    expect(sparkline(v, 'win')).toHaveLength(10);
    expect(sparkline(v, 'win', 5)).toHaveLength(5);
    expect(sparkline(v, 'win', 5)).toBe('▂▃▅▆█');
    expect(notation({ seat: 0, play: ['5s'], call: true }, true, [])).toBe('5♠!');
    expect(notation({ seat: 0, play: ['5s'] }, true, [])).toBe('5♠');
    expect(notation({ seat: 0, play: ['Td', '8d'], suit: 'h' }, true, [])).toBe('10♦+8♦→♥');
    expect(notation({ seat: 1, catch: 0 }, true, ['Kari'])).toBe('bank i bordet (Kari)');
  });

  it('issue 48: a move that was not the best has one cost, with its range, and the verdict its sentence gives follows it; nothing to judge is said', () => {
    const text = olsen(['analyse', file, '--worlds', '100']).stdout;
    const blocks = text.split('\n\n').slice(1);
    for (const b of blocks) {
      const chosenBest = /^ {2}> .*\(beste\)$/m.test(b);
      // "din 2. tur": the turn is never called "trekk", which is the draw among the options.
      expect(b).toMatch(/^(Runde|Giv) \d+, (din|\S+ sin) \d+\. tur/);
      const cost = /(\d+)\s% vinnersjanse \((−?\d+)–(\d+)\s%\)/.exec(b);
      expect(cost !== null, b).toBe(!chosenBest);
      if (!cost) continue;
      // One figure per move: the cost appears once, and the verdict follows it (at least 3 %, the interval above 0).
      const [loss, lo] = [Number(cost[1]), Number(cost[2].replace('−', '-'))];
      const mistake = /— FEIL/.test(b);
      expect(mistake, b).toBe(loss >= 3 && lo > 0);
      if (mistake) expect(b).toMatch(/Her kostet det \d+\s% vinnersjanse/);
      else expect(b).toMatch(lo > 0 ? /regnes ikke som en feil: .* en feil koster minst 3\s% vinnersjanse\./ : /regnes ikke som en feil: .* innenfor usikkerheten\./);
      expect(b.match(/vinnersjanse \(/g)?.length).toBe(1);
    }
    const dir = mkdtempSync(join(tmpdir(), 'olsen-empty-'));
    olsen(['play', '--seed', 'empty', '--record', join(dir, 'e.json')], '');
    const empty = olsen(['analyse', join(dir, 'e.json')]);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain('Ingenting å vurdere: dette setet hadde aldri mer enn ett mulig trekk (eller spillet ble stanset før det).');
  });

  it('issue 34: a name of a megabyte in the record is shown by its first 40 characters, so the review stays small', () => {
    const record = JSON.parse(readFileSync(file, 'utf8')) as { players: string[] };
    record.players = record.players.map((p, i) => (i === 0 ? 'A'.repeat(1_000_000) : p));
    const dir = mkdtempSync(join(tmpdir(), 'olsen-long-name-'));
    writeFileSync(join(dir, 'r.json'), JSON.stringify(record));
    const r = olsen(['analyse', join(dir, 'r.json'), '--worlds', '20']);
    expect(r.code).toBe(0);
    expect(r.stdout.length).toBeLessThan(20_000);
    expect(r.stdout).toMatch(new RegExp(`^Analyse av ${'A'.repeat(40)}… \\(sete 0\\)`));
  });

  it('refuses a seat the game does not have and a file that is not a record, in a sentence', () => {
    const seat = olsen(['analyse', file, '--seat', '5', '--lang', 'en']);
    // A seat the game does not have is a usage error (2), as the help says.
    expect(seat.code).toBe(2);
    expect(seat.stderr).toMatch(/^olsen analyse: There is no seat 5: the game has \d players/);
    expect(olsen(['analyse', file, '--seat', '5']).stderr).toMatch(/^olsen analyse: Det er ikke noe sete 5: spillet har \d spillere/);
    const bad = olsen(['analyse', '-', '--lang', 'en'], '{"game":"olsen"}');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^olsen analyse: The record does not replay: /);
    expect(olsen(['analyse', '-'], 'nope').stderr.trim()).toBe('olsen analyse: standard inn er ikke et lagret spill (ikke JSON); olsen verify viser hvor det svikter.');
    const notJson = olsen(['analyse', '-', '--lang', 'en'], 'nope');
    expect(notJson.code).toBe(1);
    expect(notJson.stderr.trim()).toBe('olsen analyse: standard input is not a game record (not JSON); olsen verify says where it breaks.');
  });
});
