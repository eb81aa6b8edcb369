/** The rules page: the engine's guide (the rules in players' words, four languages; `olsen rules ID` reads it too) and every house rule. */
import { GUIDE, gameInfo, optionText } from '@olsen/engine';
import type { Lang } from './i18n.js';
import type { Prefs } from './table.js';

// The house rules as the engine lists them (one table for the form, this page and the CLI).
const SHEDDING_RULES = gameInfo('olsen').options.map((o) => o.name);
const HEARTS_RULES = gameInfo('olsen-dk').options.map((o) => o.name);

function RuleList({ keys, lang }: { keys: readonly string[]; lang: Lang }) {
  return (
    <ul class="rule-list">
      {keys.map((k) => (
        <li key={k}>{optionText(k, lang)}</li>
      ))}
    </ul>
  );
}

/** A paragraph of the guide with its **marked** words in bold. */
function Paragraph({ text }: { text: string }) {
  const parts = text.split('**');
  return <p>{parts.map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : part))}</p>;
}

export function RulesPage({ prefs }: { prefs: Prefs }) {
  const { t, lang } = prefs;
  return (
    <article class="rules">
      <h1>{t.rules}</h1>
      {GUIDE.map((section) => (
        <section key={section.anchor.en}>
          <h2 id={section.anchor[lang]}>{section.title[lang]}</h2>
          {section.paragraphs.map((p, i) => (
            <Paragraph key={i} text={p.text[lang]} />
          ))}
        </section>
      ))}
      <h2>{t.rulesAllHouse}</h2>
      <RuleList keys={SHEDDING_RULES} lang={lang} />
      <h2>{t.rulesDanishHouse}</h2>
      <RuleList keys={HEARTS_RULES} lang={lang} />
    </article>
  );
}
