/**
 * A game that cannot start (a house rule, a player count): the engine's sentence in the run's language, then
 * where to read more — the game's house rules for a rule, with the option meant when the name is close to one
 * (its case off, a letter missing or swapped: `maxDraw` → `maxDraws`).
 */
import { gameInfo, type GameError, type GameName } from '@olsen/engine';
import { localizeError } from '@olsen/engine/localize';

/** Edit distance with adjacent swaps (optimal string alignment), case-insensitive; names are short. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const d = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[x.length][y.length];
}

/** The house rule of `game` a mistyped name most likely meant (within two edits, or a third of its length), if any. */
export function meantRule(game: GameName, given: string): string | undefined {
  if (given.length > 60) return undefined;
  let best: { name: string; d: number } | undefined;
  for (const o of gameInfo(game).options) {
    const d = distance(given, o.name);
    if (d <= Math.max(2, Math.floor(o.name.length / 3)) && (!best || d < best.d)) best = { name: o.name, d };
  }
  return best?.name;
}

/** The refusal as `olsen <command>` prints it: its prefix, the sentence, a guess at the rule meant, where to read. */
export function setupErrorText(e: GameError, game: GameName, lang: 'nb' | 'en', command = 'play'): string {
  const said = `olsen ${command}: ${localizeError(e, lang)}`;
  const nb = lang === 'nb';
  const isRule = e.code === 'unknownRule' || e.code === 'badRuleValue' || e.code === 'houseRules' || e.code === 'rules';
  if (!isRule) return `${said}\n${nb ? `Se olsen ${command} --help.` : `See olsen ${command} --help.`}`;
  const given = e.code === 'unknownRule' ? (e.params?.other ?? '') : '';
  const meant = given ? meantRule(game, given) : undefined;
  const hint = meant ? (nb ? `Mente du ${meant}? ` : `Did you mean ${meant}? `) : '';
  return `${said}\n${hint}${nb ? `Se olsen rules --game ${game}.` : `See olsen rules --game ${game} --lang en.`}`;
}
