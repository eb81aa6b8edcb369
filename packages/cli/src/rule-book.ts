/**
 * `olsen rules S13`: a rule in players' words, in the run's language — the paragraph of the engine's guide that
 * explains it (the web app's rules page reads the same) and, for a house rule, each option's line from the form.
 * The rule book's notes for developers (docs/rules.md) are never printed here.
 */
import { GAMES, GUIDE, guideFor, optionText, type GameName, type Lang } from '@olsen/engine';

/** Words as a terminal shows them: no bold marks. */
const plain = (s: string): string => s.replace(/\*\*/g, '');

/** What `olsen rules ID` prints for a rule ID (any case), or null when no rule has that ID. */
export function ruleText(id: string, lang: Lang): string | null {
  const want = id.trim().toUpperCase();
  const found = guideFor(want);
  // House rules are options: their line from the setup form (every game that has the option, once).
  const options = [...new Set(GAMES.flatMap((g) => g.options.filter((o) => o.rule === want).map((o) => o.name)))];
  if (!found && options.length === 0) return null;
  const lines = [`${want} — ${found ? found.section.title[lang] : lang === 'nb' ? 'husregel' : 'house rule'}`];
  if (found) lines.push(plain(found.paragraph.text[lang]));
  // The player's words first; the option's name last, for whoever sets it in --rules.
  for (const name of options) lines.push(`${lang === 'nb' ? 'Husregel' : 'House rule'}: ${optionText(name, lang)} (--rules: ${name})`);
  return lines.join('\n');
}

/** The sections of the guide that are a game's own rules (the terminal's `hjelp`), by their English anchors. */
const OWN: Record<GameName, readonly string[]> = {
  olsen: ['olsen'],
  'vri-atter': ['olsen', 'vri'],
  'vri-atter-002': ['olsen', 'vri', 'vri-variant'],
  'olsen-dk': ['danish'],
};

/** A game's rules in players' words, as `hjelp` prints them after how to type a move: each section's title and text. */
export function gameRules(game: GameName, lang: Lang): string {
  const sections = GUIDE.filter((s) => OWN[game].includes(s.anchor.en));
  return sections.map((s) => [`${s.title[lang]}:`, ...s.paragraphs.map((p) => plain(p.text[lang]))].join('\n')).join('\n');
}

/** The guide's paragraph that explains rule `id`, as plain text in `lang` (Danish Olsen's opening: points and the moon). */
export const ruleWords = (id: string, lang: Lang): string => plain(guideFor(id)?.paragraph.text[lang] ?? '');
