/**
 * A game that cannot start (a house rule, a player count): the engine's sentence in the run's language, then
 * where to read more — the game's house rules for a rule, with the option meant when only its case is off.
 */
import { gameInfo, localizeError, type GameError, type GameName } from '@olsen/engine';

export function setupErrorText(e: GameError, game: GameName, lang: 'nb' | 'en'): string {
  const said = localizeError(e, lang);
  const nb = lang === 'nb';
  const isRule = e.code === 'unknownRule' || e.code === 'badRuleValue' || e.code === 'houseRules' || e.code === 'rules';
  if (!isRule) return `${said}\n${nb ? 'Se olsen play --help.' : 'See olsen play --help.'}`;
  const given = e.code === 'unknownRule' ? (e.params?.other ?? '') : '';
  const meant = given ? gameInfo(game).options.find((o) => o.name.toLowerCase() === given.toLowerCase())?.name : undefined;
  const hint = meant ? (nb ? `Mente du ${meant}? ` : `Did you mean ${meant}? `) : '';
  return `${said}\n${hint}${nb ? `Se olsen rules --game ${game}.` : `See olsen rules --game ${game} --lang en.`}`;
}
