/**
 * `olsen analyse RECORD`: the game review in the terminal — the same figures
 * as the web app's Analyse page (the same record, seat, worlds and seed give
 * the same review), as text or as JSON.
 */
import cliProgress from 'cli-progress';
import { describeDecision, formatValue, reviewRecord, type Review } from '@olsen/bots';
import { makeNotation, type Action } from '@olsen/engine/shedding';
import { replaySteps, viewOf, type AnyAction, type Lang } from '@olsen/engine';

export interface AnalyseOptions {
  readonly seat: number;
  readonly worlds?: number;
  readonly seed?: string;
  readonly lang: Lang;
  readonly json: boolean;
  readonly progress: boolean;
}

/** A move as the record's notation writes it (a Danish Olsen card as itself). */
const notation = (a: AnyAction): string => ('give' in a ? a.give.join(' ') : 'play' in a && !('suit' in a) && a.play.length === 1 ? a.play[0] : makeNotation(a as Action));

const BARS = '▁▂▃▄▅▆▇█';

/** The swing as one line of block characters, scaled to the review's range (a chance: 0…1). */
export function sparkline(values: readonly number[], measure: Review['measure']): string {
  if (values.length === 0) return '';
  const lo = measure === 'win' ? 0 : Math.min(...values);
  const hi = measure === 'win' ? 1 : Math.max(...values);
  const span = hi - lo || 1;
  // Points: fewer is better, so the line goes up when the expected points fall.
  return values.map((v) => BARS[Math.max(0, Math.min(7, Math.round(((measure === 'win' ? v - lo : hi - v) / span) * 7)))]).join('');
}

/** Reviews the record and returns what to print, or an error sentence. */
export function runAnalyse(record: unknown, o: AnalyseOptions): { ok: true; text: string; review: Review } | { ok: false; message: string } {
  const steps = replaySteps(record);
  if (!steps.ok) return { ok: false, message: `The record does not replay: ${steps.error.message}` };
  const players = steps.value[0].game.players.length;
  if (o.seat >= players) return { ok: false, message: `There is no seat ${o.seat}: the game has ${players} players (seats 0–${players - 1}).` };
  const bar = o.progress ? new cliProgress.SingleBar({ format: 'analyse {bar} {value}/{total} positions | {eta_formatted} left', hideCursor: true, stream: process.stderr }, cliProgress.Presets.shades_classic) : null;
  bar?.start(steps.value.length, 0);
  const review = reviewRecord(record, o.seat, { worlds: o.worlds, seed: o.seed, onProgress: (done) => bar?.update(done) });
  bar?.stop();
  if (o.json) return { ok: true, review, text: `${JSON.stringify(review)}\n` };
  const nb = o.lang === 'nb';
  const lines: string[] = [];
  const name = review.players[o.seat];
  const mistakes = review.decisions.filter((d) => d.mistake).length;
  lines.push(nb
    ? `Analyse av ${name} (plass ${o.seat}): ${review.decisions.length} valg, ${mistakes} feil; ${review.worlds} fordelinger per valg.`
    : `Review of ${name} (seat ${o.seat}): ${review.decisions.length} decisions, ${mistakes} mistakes; ${review.worlds} worlds per decision.`);
  lines.push(`${nb ? (review.measure === 'win' ? 'Vinnersjanse' : 'Forventede poeng') : review.measure === 'win' ? 'Chance to win' : 'Expected points'}: ${sparkline(review.swing.map((p) => p.value), review.measure)}`);
  for (const d of review.decisions) {
    const view = viewOf(steps.value[d.step].game, o.seat);
    const e = d.evaluation;
    // The seat's own move number, as a result list counts moves.
    const head = `${nb ? 'Runde' : 'Round'} ${d.round + 1}, ${nb ? `${name} sitt trekk` : `${name}'s move`} ${d.move}${d.mistake ? (nb ? ' — FEIL' : ' — MISTAKE') : ''}`;
    lines.push('', head, `  ${describeDecision(d, view, o.lang)}`);
    for (let i = 0; i < e.options.length; i++) {
      const opt = e.options[i];
      const mark = i === d.chosen ? '>' : ' ';
      const half = 1.96 * opt.se;
      lines.push(`  ${mark} ${formatValue(opt.mean, e.measure, o.lang).padStart(12)} ± ${e.measure === 'win' ? `${Math.round(half * 100)} %` : half.toFixed(1)}  ${notation(opt.action)}${i === e.best ? (nb ? '  (beste)' : '  (best)') : ''}`);
    }
  }
  return { ok: true, review, text: `${lines.join('\n')}\n` };
}
