/**
 * `olsen rules [--game G]`: a game's house rules as a table in the reader's language, from the engine's
 * catalogue and words (rule-words.ts): each option with its rule ID, what it does, its values, its default.
 */
import { GAME_NAMES, gameInfo, gameTitle, optionText, valueText, type GameName } from '@olsen/engine';

const RULES_WORDS = {
  nb: {
    head: (game: string, title: string, players: string) => `${game} (${title}): ${players}.\nHusregler, gis som olsen play --rules '{"navn": verdi}':`,
    players: (from: number, to: number) => `${from}–${to} spillere`,
    twoDecks: (from: number, to: number) => ` (${from}–${to} med to kortstokker: decks 2)`,
    from: (v: string, n: number) => ` (${v} fra ${n} spillere)`,
    differs: (base: string, list: string) => `Som ${base}, men med andre standardregler: ${list}.`,
    values: 'verdier',
    standard: 'standard',
    none: (other: string) => `ingen (da gjelder ${other})`,
    only: (other: string, value: string) => `; gjelder bare med ${other}: ${value}`,
    presets: 'Ferdige regelsett (olsen play --rules NAVN):',
    others: (games: string) => `Andre spill: olsen rules --game ${games}. Én regel forklart: olsen rules S13.`,
  },
  en: {
    head: (game: string, title: string, players: string) => `${game} (${title}): ${players}.\nHouse rules, given as olsen play --rules '{"name": value}':`,
    players: (from: number, to: number) => `${from}–${to} players`,
    twoDecks: (from: number, to: number) => ` (${from}–${to} with two decks: decks 2)`,
    from: (v: string, n: number) => ` (${v} from ${n} players)`,
    differs: (base: string, list: string) => `As ${base}, but with other standard rules: ${list}.`,
    values: 'values',
    standard: 'default',
    none: (other: string) => `none (${other} applies)`,
    only: (other: string, value: string) => `; only with ${other}: ${value}`,
    presets: 'Presets (olsen play --rules NAME):',
    others: (games: string) => `Other games: olsen rules --game ${games}. One rule explained: olsen rules S13 --lang en.`,
  },
} as const;

/** `olsen rules`: every house rule of a game in the reader's language, from the engine's table and words. */
export function rulesText(game: GameName, lang: 'nb' | 'en' = 'nb'): string {
  const info = gameInfo(game);
  const w = RULES_WORDS[lang];
  const extra = info.players[1] > info.plainPlayers[1] ? w.twoDecks(info.plainPlayers[1] + 1, info.players[1]) : '';
  const lines = [w.head(game, gameTitle(game, lang), `${w.players(info.plainPlayers[0], info.plainPlayers[1])}${extra}`)];
  /** Where a default changes with the number of players (Vri åtter's decks): the first count that changes it. */
  const changes = (name: string, base: unknown): string => {
    for (let n = info.plainPlayers[0] + 1; n <= info.plainPlayers[1]; n++) {
      const v = gameInfo(game, n).options.find((x) => x.name === name)?.default;
      if (v !== base) return w.from(said(v), n);
    }
    return '';
  };
  // A value in words beside the identifier --rules takes ("'left' (til venstre)"); numbers and ranges as they are.
  const said = (v: unknown): string => (typeof v === 'string' || typeof v === 'boolean' || v === null ? `${JSON.stringify(v)} (${valueText(v, lang)})` : String(v));
  // A variant of another game (Vri åtter as text 002 plays it) says which of its standards differ, from the catalogue.
  if (game === 'vri-atter-002') {
    const base = gameInfo('vri-atter');
    const list = info.options.filter((o) => JSON.stringify(o.default) !== JSON.stringify(base.options.find((b) => b.name === o.name)?.default)).map((o) => `${o.name} ${said(o.default)}`);
    const [title, houseRules] = lines[0].split('\n');
    lines[0] = [title, w.differs('vri-atter', list.join(', ')), houseRules].join('\n');
  }
  for (const o of info.options) {
    lines.push(`  ${o.name} (${o.rule})`, `      ${optionText(o.name, lang)}`);
    const values = o.values ? o.values.map(said).join(', ') : o.range ? `${o.range[0]}–${o.range[1]}` : o.describe;
    // A default of null beside an option it excludes means that other option decides (deals: the point limit).
    const standard = o.default === null && o.excludes.length ? w.none(o.excludes.join(', ')) : `${said(o.default)}${changes(o.name, o.default)}`;
    const only = Object.entries(o.requires ?? {}).map(([other, v]) => w.only(other, said(v))).join('');
    lines.push(`      ${w.values}: ${values}; ${w.standard}: ${standard}${only}`);
  }
  lines.push(w.presets);
  for (const p of info.presets) lines.push(`  ${p.id.padEnd(22)} ${JSON.stringify(p.rules)}`);
  lines.push(w.others(GAME_NAMES.filter((g) => g !== game).join(' | ')));
  return `${lines.join('\n')}\n`;
}
