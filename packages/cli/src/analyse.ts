/**
 * `olsen analyse RECORD`: the game review in the terminal — the same figures
 * as the web app's Analyse page (the same record, seat, worlds and seed give
 * the same review), as text or as JSON.
 */
import cliProgress from 'cli-progress';
import { safeJson, shownName } from './shown.js';
import { MISTAKE_FLOOR, describeDecision, formatValue, reviewRecord, type Review } from '@olsen/bots';
import { isCall, isCatch, isDraw, isGive, isPass, isPlay, replaySteps, viewOf, type AnyAction, type Lang } from '@olsen/engine';
import { localizeError } from '@olsen/engine/localize';

export interface AnalyseOptions {
  readonly seat: number;
  readonly worlds?: number;
  readonly seed?: string;
  readonly lang: Lang;
  readonly json: boolean;
  readonly progress: boolean;
  /** The terminal's width (the swing line fits it); 80 when not a terminal. */
  readonly width?: number;
}

const SYMBOL: Record<string, string> = { c: '♣', d: '♦', h: '♥', s: '♠' };
/** A card as the sentences write it: 10♦, K♠ (one notation on the whole page). */
const pretty = (c: string): string => `${c[0] === 'T' ? '10' : c[0]}${SYMBOL[c[1]] ?? c[1]}`;

/**
 * A move in short, in the cards' one notation: 5♠! with the call (S18), 8♦→♥ naming a suit, 9♥+9♠ several at
 * once, three cards for Danish Olsen's pass; the moves that are not a card in the page's language.
 */
export function notation(a: AnyAction, nb: boolean, players: readonly string[]): string {
  if (isGive(a)) return a.give.map(pretty).join(' ');
  if (isPlay(a)) return `${a.play.map(pretty).join('+')}${'suit' in a && a.suit ? `→${SYMBOL[a.suit]}` : ''}${'call' in a && a.call ? '!' : ''}`;
  if (isDraw(a)) return nb ? 'trekk' : 'draw';
  if (isPass(a)) return 'pass';
  if (isCatch(a)) return nb ? `bank i bordet (${players[a.catch]})` : `bang the table (${players[a.catch]})`;
  if (isCall(a)) return '!';
  return `→${SYMBOL[(a as { suit: string }).suit]}`;
}

/** The record with its player names as the terminal may show them (the review reads seats, never names). */
function safeNames(record: unknown): unknown {
  if (typeof record !== 'object' || record === null || !Array.isArray((record as { players?: unknown }).players)) return record;
  const r = record as { players: unknown[] };
  return { ...r, players: r.players.map((p) => (typeof p === 'string' ? shownName(p) : p)) };
}

const BARS = '▁▂▃▄▅▆▇█';

/**
 * The swing as one line of block characters, scaled to the review's range (a chance: 0…1), at most `width`
 * characters: a long game's points are averaged in equal runs so the line fits the terminal.
 */
export function sparkline(all: readonly number[], measure: Review['measure'], width = Infinity): string {
  if (all.length === 0) return '';
  const n = Math.max(1, Math.min(all.length, Math.floor(width)));
  const values = n === all.length ? all : Array.from({ length: n }, (_, i) => {
    const from = Math.floor((i * all.length) / n);
    const to = Math.max(from + 1, Math.floor(((i + 1) * all.length) / n));
    let sum = 0;
    for (let k = from; k < to; k++) sum += all[k];
    return sum / (to - from);
  });
  const lo = measure === 'win' ? 0 : Math.min(...values);
  const hi = measure === 'win' ? 1 : Math.max(...values);
  const span = hi - lo || 1;
  // Points: fewer is better, so the line goes up when the expected points fall.
  return values.map((v) => BARS[Math.max(0, Math.min(7, Math.round(((measure === 'win' ? v - lo : hi - v) / span) * 7)))]).join('');
}

/** Reviews the record and returns what to print, or an error sentence. */
export function runAnalyse(given: unknown, o: AnalyseOptions): { ok: true; text: string; review: Review } | { ok: false; message: string; usage?: true } {
  // Names from a file are shown, never executed (shown.ts): every sentence below names players from the record.
  const record = safeNames(given);
  const steps = replaySteps(record);
  const nbRun = o.lang === 'nb';
  // The record's own error is the engine's (English) sentence, as olsen verify prints it.
  if (!steps.ok) {
    // A rule's refusal in the run's language; a file that is not a record at all is said as such (verify has details).
    const e = steps.error;
    const where = e.round === null ? '' : nbRun ? ` (runde ${e.round + 1}${e.action === null ? '' : `, trekk ${e.action + 1}`})` : ` (round ${e.round + 1}${e.action === null ? '' : `, action ${e.action + 1}`})`;
    const why = e.cause ? localizeError(e.cause, o.lang) : nbRun ? 'filen følger ikke formatet for lagrede spill (olsen verify sier hva som er galt).' : e.message;
    return { ok: false, message: nbRun ? `Spillet i filen kan ikke spilles av${where}: ${why}` : `The record does not replay${where}: ${why}` };
  }
  const players = steps.value[0].game.players.length;
  if (o.seat >= players) return { ok: false, usage: true, message: nbRun ? `Det er ikke noe sete ${o.seat}: spillet har ${players} spillere (sete 0–${players - 1}).` : `There is no seat ${o.seat}: the game has ${players} players (seats 0–${players - 1}).` };
  const format = nbRun ? 'analyse {bar} {value}/{total} stillinger | {eta_formatted} igjen' : 'analyse {bar} {value}/{total} positions | {eta_formatted} left';
  const bar = o.progress ? new cliProgress.SingleBar({ format, hideCursor: true, stream: process.stderr }, cliProgress.Presets.shades_classic) : null;
  bar?.start(steps.value.length, 0);
  const review = reviewRecord(record, o.seat, { worlds: o.worlds, seed: o.seed, onProgress: (done) => bar?.update(done) });
  bar?.stop();
  if (o.json) return { ok: true, review, text: `${safeJson(review)}\n` };
  const nb = o.lang === 'nb';
  // Points with one decimal always, in the reader's way of writing numbers (a column of them lines up).
  // A negative bound with a true minus sign: "(−4,6–5,5)", never a hyphen beside the range's dash.
  const points = (v: number): string => v.toLocaleString(nb ? 'nb-NO' : 'en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).replace(/^-/, '\u2212');
  const lines: string[] = [];
  // Names as a record gives them (no length limit in the format; the server's are 24 characters at most): a name
  // of 50 MB is shown by its first 40 characters, not copied into every line that names the player.
  const names = review.players.map((n) => shownName(n));
  const name = names[o.seat];
  const mistakes = review.decisions.filter((d) => d.mistake).length;
  lines.push(nb
    ? `Analyse av ${name} (sete ${o.seat}): ${review.decisions.length} valg, ${mistakes} feil; ${review.worlds} fordelinger per valg.`
    : `Review of ${name} (seat ${o.seat}): ${review.decisions.length} decision${review.decisions.length === 1 ? '' : 's'}, ${mistakes} mistake${mistakes === 1 ? '' : 's'}; ${review.worlds} worlds per decision.`);
  // The marks of the option lists, once (Danish Olsen has no eights to name a suit with and no last-card call).
  if (review.game === 'olsen-dk') lines.push(nb ? 'Tegn: > valget som ble gjort.' : 'Marks: > the choice made.');
  else lines.push(nb ? 'Tegn: > valget som ble gjort, → sorten som sies med en åtter, ! ropet ved siste kort.' : 'Marks: > the choice made, → the suit named with an eight, ! the last-card call.');
  // The one rule every verdict below follows (README, "olsen analyse").
  const floor = review.measure === 'win' ? `${Math.round(MISTAKE_FLOOR.win * 100)} %${nb ? ' vinnersjanse' : ' chance to win'}` : `${points(MISTAKE_FLOOR.points)} ${nb ? 'poeng' : 'points'}`;
  lines.push(nb
    ? `En feil: et valg som, målt på nytt mot det beste, koster minst ${floor}, med hele 95 %-intervallet over null. Valget ditt og det beste vises med verdiene fra den nye målingen (kostnaden er forskjellen mellom dem); de andre med den første.`
    : `A mistake: a choice that, measured again against the best, costs at least ${floor}, its whole 95 % interval above zero. Your choice and the best are shown with their values from the new measurement (the cost is their difference); the others with the first.`);
  // A record with nothing to judge (a game stopped at once, or a seat that never had a choice) says so.
  if (review.decisions.length === 0) lines.push(nb ? 'Ingenting å vurdere: dette setet hadde aldri mer enn ett mulig trekk (eller spillet ble stanset før det).' : 'Nothing to judge: this seat never had more than one possible move (or the game was stopped before it did).');
  // The swing, its direction said (points: the line rises as the expected points fall), fitted to the width.
  // The line on its own line, so it has the same width (and the same bars) in every language.
  const label = `${nb ? (review.measure === 'win' ? 'Vinnersjanse gjennom spillet (høyere er bedre)' : 'Forventede poeng gjennom spillet (høyere linje: færre poeng, bedre)') : review.measure === 'win' ? 'Chance to win through the game (higher is better)' : 'Expected points through the game (a higher line: fewer points, better)'}:`;
  lines.push(label, `  ${sparkline(review.swing.map((p) => p.value), review.measure, (o.width ?? 80) - 2)}`);
  const hands = review.game === 'olsen-dk';
  for (const d of review.decisions) {
    const view = viewOf(steps.value[d.step].game, o.seat);
    const e = d.evaluation;
    // The seat's own move number, as a result list counts moves.
    // Danish Olsen's rounds are hands ("Giv"), as its table calls them.
    // "din 2. tur", not "ditt trekk 2": "trekk" is also the draw among the options below.
    const whose = nb ? `${name === 'Du' ? 'din' : `${name} sin`} ${d.move}. tur` : `${name === 'You' ? 'your' : `${name}'s`} turn ${d.move}`;
    const head = `${nb ? (hands ? 'Giv' : 'Runde') : hands ? 'Hand' : 'Round'} ${d.round + 1}, ${whose}${d.mistake ? (nb ? ' — FEIL' : ' — MISTAKE') : ''}`;
    lines.push('', head, `  ${describeDecision(d, view, o.lang)}`);
    for (let i = 0; i < e.options.length; i++) {
      const opt = e.options[i];
      const mark = i === d.chosen ? '>' : ' ';
      // The value and where it likely lies (its 95 % interval), as the web page says it.
      const half = 1.96 * opt.se;
      const range = e.measure === 'win' ? `(${Math.max(0, Math.round((opt.mean - half) * 100))}–${Math.min(100, Math.round((opt.mean + half) * 100))} %)` : `(${points(opt.mean - half)}–${points(opt.mean + half)})`;
      const value = e.measure === 'win' ? formatValue(opt.mean, e.measure, o.lang) : `${points(opt.mean)} ${nb ? 'poeng' : 'points'}`;
      lines.push(`  ${mark} ${value.padStart(e.measure === 'win' ? 8 : 12)} ${range.padEnd(e.measure === 'win' ? 12 : 14)} ${notation(opt.action, nb, names)}${i === e.best ? (nb ? '  (beste)' : '  (best)') : ''}`);
    }
  }
  return { ok: true, review, text: `${lines.join('\n')}\n` };
}
