/**
 * The score sheet of a points game (Vri åtter S24, Danish Olsen H7): every round that has ended with each seat's
 * points, and the running totals; the target and "lowest total wins" above it, and in Vri åtter what a card left
 * in hand costs. A tap away during play and open at the end. Every figure is the engine's (the view's score
 * sheet, totals and rule set; the card points by `pointsOfCard`).
 */
import { isHeartsView, type AnyView } from '@olsen/engine';
import { pointsOfCard } from '@olsen/engine/shedding';
import type { Prefs } from './say.js';

/** The summary line: the target and who wins (null in a game without points). */
export function scoringLine(v: AnyView, prefs: Prefs): string | null {
  const { t } = prefs;
  if (isHeartsView(v)) return v.rules.deals !== null ? t.goalDeals(v.rules.deals) : t.goalReaches(v.rules.pointLimit ?? 0);
  if (v.scoreSheet === null) return null;
  return t.goalPasses(v.rules.targetScore);
}

export function ScoreSheet({ v, prefs, you, open = false }: { v: AnyView; prefs: Prefs; you: number | null; open?: boolean }) {
  const { t, lang } = prefs;
  const goal = scoringLine(v, prefs);
  const sheet = v.scoreSheet;
  if (goal === null || sheet === null) return null;
  const n = v.players.length;
  // Running totals after each round: the sums of the sheet's rows so far (the last row is the view's totals).
  const running: number[][] = [];
  sheet.forEach((row, i) => running.push(row.map((p, s) => p + (i > 0 ? running[i - 1][s] : 0))));
  const num = new Intl.NumberFormat(lang === 'nb' ? 'nb-NO' : lang);
  return (
    <details class="score-sheet" open={open}>
      <summary>
        {t.scoreSheet} · {goal}
      </summary>
      {!isHeartsView(v) && <p class="muted">{t.cardPoints(pointsOfCard('8s'), pointsOfCard('Ks'), pointsOfCard('As'))}</p>}
      {sheet.length === 0 ? (
        <p class="muted">{t.noRoundsYet}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t.roundNo}</th>
              {v.players.map((p, s) => (
                <th scope="col" key={s} class={s === you ? 'me' : ''}>
                  {p}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sheet.map((row, i) => (
              <tr key={i}>
                <th scope="row">{i + 1}</th>
                {Array.from({ length: n }, (_, s) => (
                  <td key={s}>
                    {num.format(row[s] ?? 0)} <span class="muted">({num.format(running[i][s])})</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t.total}</th>
              {Array.from({ length: n }, (_, s) => (
                <td key={s}>
                  <strong>{num.format(v.standings.totals?.[s] ?? running[running.length - 1][s])}</strong>
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      )}
    </details>
  );
}
