/**
 * The game review: deterministic, a planted blunder flagged and a forced move
 * not, and only the seat's view read.
 */
import { describe, expect, it } from 'vitest';
import { actorsOf, applyAction, isHeartsView, nextRoundOf, recordOf, stageOf, startGame, viewOf, type AnyGame } from '@olsen/engine';
import { type Action, viewFor, type Game } from '@olsen/engine/shedding';
import { act, table, unwrap } from '../../engine/test/helpers.js';
import { chooseHearts, chooseShedding, describeDecision, evaluateShedding, reviewRecord, verdictOf, type Level, type ReviewDecision } from '../src/index.js';

/** A whole game by the given levels (seat 0 first), as a record. */
function played(game: 'olsen' | 'vri-atter' | 'olsen-dk', seed: string, levels: Level[]): unknown {
  let g: AnyGame = unwrap(startGame({ game, players: ['Du', 'Kari', 'Ola', 'Siri'].slice(0, levels.length), seed, rules: {} }));
  const rng = new Int32Array(6);
  rng[0] = 11;
  for (let k = 0; k < 20000 && stageOf(g) !== 'gameOver'; k++) {
    if (stageOf(g) === 'roundOver') {
      g = unwrap(nextRoundOf(g));
      continue;
    }
    const seat = [...actorsOf(g).keys()][0];
    const v = viewOf(g, seat);
    g = unwrap(applyAction(g, isHeartsView(v) ? chooseHearts(levels[seat], v, rng) : chooseShedding(levels[seat], v, rng).action));
  }
  return JSON.parse(JSON.stringify(recordOf(g)));
}

/** Two players: Ola is down to one spade (he named spades with his eight); Siri holds 8♣ 6♠ 2♣. */
function eightOrNot(): Game {
  const g = table({ game: 'olsen', hands: [['9s', '8c', '6s', '7c', 'Td'], ['7s', '8h', '4s', 'Tc', 'Jd']], upcard: '9h', stockTop: ['2c', '3c', '4c'] });
  return act(g, '9s', '7s', '7c', 'Tc', 'Td', 'Jd', 'draw', 'pass', '8h>s!');
}

describe('review', () => {
  it('S10 S14: an eight thrown away naming the suit of the next player, down to one card, is flagged; the forced moves are no decisions', () => {
    const blunder = act(eightOrNot(), '8c>s');
    const review = reviewRecord(recordOf(blunder), 0);
    const last = review.decisions[review.decisions.length - 1];
    expect(last.step).toBe(9);
    expect(last.mistake).toBe(true);
    expect(last.loss).toBeGreaterThan(1.96 * last.lossSe);
    expect(last.evaluation.options[last.chosen].action).toEqual({ seat: 0, play: ['8c'], suit: 's' });
    // The better move keeps the eight's power: it names a suit Ola cannot follow.
    const best = last.evaluation.options[last.evaluation.best].action as Action;
    expect('play' in best && best.play[0] === '8c' && best.suit !== 's').toBe(true);
    const text = describeDecision(last, viewFor(eightOrNot(), 0), 'nb');
    expect(text).toMatch(/^Her kostet det \d+\s% vinnersjanse \(\d+–\d+\s%\) å legge 8♣ og si spar: å legge 8♣ og si (kløver|ruter|hjerter) var bedre\./);
    expect(text).toContain('Ola har ett kort igjen.');
    // The same in the other languages the app speaks.
    const view = viewFor(eightOrNot(), 0);
    expect(describeDecision(last, view, 'en')).toMatch(/^Here it cost \d+\s% chance to win \(\d+–\d+\s%\) to lay 8♣ and name spades: to lay 8♣ and name (clubs|diamonds|hearts) was better\. (.* )?Ola has one card left\.$/);
    expect(describeDecision(last, view, 'nl')).toMatch(/^Hier kostte 8♣ spelen en schoppen vragen je \d+\s% winkans \(\d+–\d+\s%\): 8♣ spelen en (klaveren|ruiten|harten) vragen was beter\. (.* )?Ola heeft nog één kaart\.$/);
    expect(describeDecision(last, view, 'de')).toMatch(/^Hier kostete 8♣ legen und Pik wünschen \d+\s% Gewinnchance \(\d+–\d+\s%\): 8♣ legen und (Kreuz|Karo|Herz) wünschen war besser\. (.* )?Ola hat nur noch eine Karte\.$/);
    // Siri's draw then pass after her voluntary draw: the pass was forced (S14), so no decision is reported there.
    expect(review.decisions.some((d) => d.step === 7)).toBe(false);
    expect(review.decisions.some((d) => d.step === 6)).toBe(true);
    // Every decision reported had a real choice.
    for (const d of review.decisions) expect(d.evaluation.options.length).toBeGreaterThan(1);
  });

  it('S10: the best eight there is no mistake, and neither is the forced move', () => {
    const good = act(eightOrNot(), '8c>c');
    const review = reviewRecord(recordOf(good), 0);
    const last = review.decisions[review.decisions.length - 1];
    expect(last.step).toBe(9);
    expect(last.mistake).toBe(false);
  });

  it('S18 S20: a second-last card laid without the call is named so, and the call is the reason given', () => {
    let g = table({ game: 'vri-atter', rules: { twoPlayerHandSize: 5 }, hands: [['9s', '5s', '3s', 'Ks', '2c'], ['7s', '8h', '4s', 'Tc', 'Jd']], upcard: '9h' });
    g = act(g, '9s', '7s', '5s', '4s', '3s', '8h>s', 'Ks');
    const review = reviewRecord(recordOf(g), 0, { worlds: 400 });
    const last = review.decisions[review.decisions.length - 1];
    const chosen = last.evaluation.options[last.chosen].action as Action;
    expect(chosen).toEqual({ seat: 0, play: ['Ks'] });
    const view = viewFor(act(table({ game: 'vri-atter', rules: { twoPlayerHandSize: 5 }, hands: [['9s', '5s', '3s', 'Ks', '2c'], ['7s', '8h', '4s', 'Tc', 'Jd']], upcard: '9h' }), '9s', '7s', '5s', '4s', '3s', '8h>s'), 0);
    const text = describeDecision(last, view, 'nb');
    expect(last.mistake).toBe(true);
    expect(text).toMatch(/å legge K♠ uten å si «ett kort igjen»: å legge K♠ og si «ett kort igjen» var bedre/);
    expect(text).toContain('Si «ett kort igjen» når du legger nest siste kort');
  });

  it('the review of a seeded game is identical on two runs, and another seed measures with other worlds', () => {
    const record = played('olsen', 'same', ['greedy', 'medium', 'medium', 'medium']);
    const a = reviewRecord(record, 0, { worlds: 200 });
    const b = reviewRecord(record, 0, { worlds: 200 });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(a.decisions.length).toBeGreaterThan(0);
    const c = reviewRecord(record, 0, { worlds: 200, seed: 'other' });
    expect(JSON.stringify(c)).not.toBe(JSON.stringify(a));
  });

  it('reads only the view: hidden hands swapped between the opponents give the same evaluation', () => {
    const hands = [['9s', '8c', '6s', '7c', 'Td'], ['7s', '8h', '4s', 'Tc', 'Jd'], ['2d', '3d', 'Ks', 'Qh', 'Ah']];
    const g1 = table({ game: 'olsen', hands, upcard: '9h' });
    const g2 = table({ game: 'olsen', hands: [hands[0], hands[2], hands[1]], upcard: '9h' });
    expect(JSON.stringify(viewFor(g2, 0))).toBe(JSON.stringify(viewFor(g1, 0)));
    const e = (g: Game) => {
      const rng = new Int32Array(6);
      rng[0] = 5;
      return evaluateShedding(viewFor(g, 0), rng, 300);
    };
    expect(e(g2)).toEqual(e(g1));
  });

  it('the swing ends each round with the result, and the progress reaches every position', () => {
    const record = played('olsen', 'swing', ['medium', 'greedy', 'greedy']);
    let last = [0, 0];
    const review = reviewRecord(record, 1, { worlds: 64, onProgress: (d, t) => (last = [d, t]) });
    expect(last[0]).toBe(last[1]);
    const end = review.swing[review.swing.length - 1];
    expect([0, 1]).toContain(end.value);
    for (const p of review.swing) expect(p.value).toBeGreaterThanOrEqual(0);
  });

  it('H-rules: Danish Olsen is reviewed in expected points per hand, the pass left out', () => {
    const record = played('olsen-dk', 'dk', ['greedy', 'medium', 'medium', 'medium']);
    const review = reviewRecord(record, 0, { worlds: 64 });
    expect(review.measure).toBe('points');
    expect(review.decisions.length).toBeGreaterThan(5);
    for (const d of review.decisions) expect('play' in d.evaluation.options[d.chosen].action).toBe(true);
  });

  it('S22: Vri åtter is reviewed in expected points of the round', () => {
    const record = played('vri-atter', 'va', ['greedy', 'medium', 'medium']);
    const review = reviewRecord(record, 0, { worlds: 64 });
    expect(review.measure).toBe('points');
    expect(review.decisions.length).toBeGreaterThan(0);
  });
});

describe('review: one verdict, one figure', () => {
  /** A decision of two options with the given paired cost (loss, its standard error) and first-worlds means far apart. */
  function built(measure: 'win' | 'points', loss: number, lossSe: number, first: [number, number]) {
    const view = viewFor(eightOrNot(), 0);
    const options = [{ action: { seat: 0, play: ['8c'], suit: 'c' } as Action, mean: first[0], se: 0.01 }, { action: { seat: 0, play: ['8c'], suit: 's' } as Action, mean: first[1], se: 0.01 }];
    const verdict = verdictOf({ loss, lossSe }, measure, false);
    const d: ReviewDecision = { step: 9, round: 0, index: 9, move: 5, evaluation: { measure, worlds: 1000, options, best: 0 }, chosen: 1, loss, lossSe, verdict, mistake: verdict === 'mistake', reason: null, lastCard: [] };
    return { d, view };
  }
  const langs = ['nb', 'en', 'nl', 'de'] as const;
  const MISTAKE = { nb: /^Her kostet det/, en: /^Here it cost/, nl: /^Hier kostte/, de: /^Hier kostete/ };
  const NOT = { nb: /regnes ikke som en feil/, en: /is not counted a mistake/, nl: /telt niet als fout/, de: /zählt nicht als Fehler/ };
  const NOISE = { nb: /innenfor usikkerheten/, en: /within the noise/, nl: /binnen de onzekerheid/, de: /innerhalb der Unsicherheit/ };
  const SMALL = { nb: /en feil koster minst 1,5 poeng/, en: /a mistake costs at least 1\.5 points/, nl: /een fout kost minstens 1,5 punten/, de: /ein Fehler kostet mindestens 1,5 Punkte/ };

  it('the best and the chosen option are shown with their values on the fresh worlds: the cost is their difference', () => {
    const record = played('vri-atter', 'fresh', ['greedy', 'medium', 'medium']);
    const review = reviewRecord(record, 0, { worlds: 200 });
    let compared = 0;
    for (const d of review.decisions) {
      if (d.chosen === d.evaluation.best) continue;
      const gap = d.evaluation.options[d.chosen].mean - d.evaluation.options[d.evaluation.best].mean;
      // Points: fewer is better. A fresh measurement that favours the choice shows a cost of 0 (no loss).
      expect(d.loss).toBeCloseTo(Math.max(0, gap), 9);
      compared++;
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('points: the floor (1.5) and the interval decide, on the figures as shown; every sentence names that one cost', () => {
    const cases: [number, number, string, string][] = [
      // loss, se, verdict, the cost as every language's sentence shows it (nb)
      [1.8, 0.13, 'mistake', '1,8 poeng (1,5–2,1)'], // the case: the interval excludes 0, above the floor
      [1.5, 0.2, 'mistake', '1,5 poeng (1,1–1,9)'], // at the floor
      [1.44, 0.2, 'small', '1,4 poeng (1,0–1,8)'], // just under it as shown
      [1.46, 0.2, 'mistake', '1,5 poeng (1,1–1,9)'], // shown as 1,5: the floor is read off the shown figure
      [4.9, 0.85, 'mistake', '4,9 poeng (3,2–6,6)'],
      [1.0, 0.4, 'small', '1,0 poeng (0,2–1,8)'],
      [1.0, 0.53, 'noise', '1,0 poeng (0,0–2,0)'], // the lower end shown as 0,0: within the noise
      [2.5, 1.5, 'noise', '2,5 poeng (−0,4–5,4)'],
    ];
    for (const [loss, se, verdict, nb] of cases) {
      const { d, view } = built('points', loss, se, [3, 12]);
      expect(d.verdict, `${loss} ± ${se}`).toBe(verdict);
      for (const lang of langs) {
        const text = describeDecision(d, view, lang);
        // Never the first worlds' difference (9 points) beside it.
        expect(text).not.toMatch(/\b9[,.]0\b|\b12\b/);
        expect(text).toMatch(verdict === 'mistake' ? MISTAKE[lang] : NOT[lang]);
        if (verdict === 'noise') expect(text).toMatch(NOISE[lang]);
        if (verdict === 'small') expect(text).toMatch(SMALL[lang]);
      }
      expect(describeDecision(d, view, 'nb')).toContain(nb);
    }
  });

  it('win chance: 3 points of win chance and the interval, as shown in whole percents', () => {
    const cases: [number, number, string, string][] = [
      [0.09, 0.02, 'mistake', '9\u00a0% vinnersjanse (5–13\u00a0%)'],
      [0.03, 0.01, 'mistake', '3\u00a0% vinnersjanse (1–5\u00a0%)'],
      [0.024, 0.01, 'small', '2\u00a0% vinnersjanse (0–4\u00a0%)'.replace('(0–4', '(0–4')],
      [0.04, 0.03, 'noise', '4\u00a0% vinnersjanse (−2–10\u00a0%)'],
    ];
    for (const [loss, se, verdict, nb] of cases) {
      const { d, view } = built('win', loss, se, [0.52, 0.3]);
      // 0.024 ± 0.0196: the lower end is 0.0044, shown as 0 % — within the noise, not "small".
      const expected = loss === 0.024 ? 'noise' : verdict;
      expect(d.verdict, `${loss} ± ${se}`).toBe(expected);
      const text = describeDecision(d, view, 'nb');
      expect(text).toContain(nb);
      expect(text).not.toContain('22');
      for (const lang of langs) expect(describeDecision(d, view, lang)).toMatch(expected === 'mistake' ? MISTAKE[lang] : NOT[lang]);
    }
    // No difference at all on the fresh worlds: as good, not "within the noise".
    const same = built('points', 0, 0, [0.6, 0.6]);
    expect(same.d.verdict).toBe('noise');
    expect(describeDecision(same.d, same.view, 'nb')).toMatch(/^Å legge 8♣ og si spar var like godt som å legge 8♣ og si kløver: målt på nytt ga de samme resultat\.$/);
    const small = built('win', 0.022, 0.005, [0.52, 0.3]);
    expect(small.d.verdict).toBe('small');
    expect(describeDecision(small.d, small.view, 'en')).toContain('a mistake costs at least 3\u00a0% chance to win');
  });
});
