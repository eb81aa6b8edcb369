/**
 * The house rules form (its own chunk: it brings the engine's rule checks and
 * every option's words): the presets first, then each option with the
 * engine's values; a choice the engine would refuse with the rules chosen is
 * shown disabled, with the engine's reason in the page's language. A number
 * out of its range is told once, at its own field, and judges nothing else;
 * `onProblem` hears whether the engine accepts the whole set (Start waits).
 */
import { useEffect } from 'preact/hooks';
import { checkRules, gameInfo, optionText, rulesNeededFor, valueText } from '@olsen/engine';
import type { Texts } from './i18n.js';
import { sayGameError, type Prefs } from './say.js';
import type { GameId } from './setup.js';

export function HouseRulesForm({ game, players, rules, setRules, prefs, onProblem }: { game: GameId; players: number; rules: Record<string, unknown>; setRules: (r: Record<string, unknown>) => void; prefs: Prefs; onProblem?: (why: string | null) => void }) {
  const needed = rulesNeededFor(game, players);
  const { t, lang } = prefs;
  const { options } = gameInfo(game, players);
  // A number typed outside its range (or not whole): told at its field; the other choices are judged without it.
  const outOfRange = (name: string): boolean => {
    const spec = options.find((o) => o.name === name);
    const v = rules[name];
    return spec !== undefined && !spec.values && spec.range != null && name in rules && (typeof v !== 'number' || !Number.isInteger(v) || v < spec.range[0] || v > spec.range[1]);
  };
  const clean = Object.fromEntries(Object.entries(rules).filter(([k]) => !outOfRange(k)));
  // The whole set as the engine judges it: Start waits until it is accepted.
  const whole = checkRules(game, { ...rules, ...needed }, players);
  const problem = whole === null ? null : Object.keys(rules).some(outOfRange) ? t.rulesFixField : (sayGameError(whole, t, lang) ?? whole.message);
  useEffect(() => onProblem?.(problem), [problem]);
  const number = (n: number): string => n.toLocaleString(lang === 'nb' ? 'nb-NO' : lang);
  // The ways of playing the texts name, as the engine lists them (the first is "as usual").
  const { presets } = gameInfo(game, players);
  return (
    <>
      <div class="actions presets" role="group" aria-label={t.presets}>
        {presets.map((p) => (
          <button type="button" key={p.id} class="secondary" aria-pressed={JSON.stringify(rules) === JSON.stringify(p.rules)} onClick={() => setRules({ ...p.rules })}>
            {t.presetNames[p.id as keyof Texts['presetNames']]}
          </button>
        ))}
      </div>
      {options
        .filter((o) => !(o.name in needed))
        .map((spec) => {
          const k = spec.name;
          const id = `rule-${k}`;
          const text = optionText(k, lang);
          const valueLabel = (v: unknown): string => valueText(v, lang);
          /** The rules (`base`) with `k` set to `value`: what it needs comes along; options that needed it set otherwise go. */
          const withValue = (value: unknown, base: Record<string, unknown> = rules): Record<string, unknown> => {
            const next = { ...base };
            if (value === '') delete next[k];
            else Object.assign(next, value === false ? {} : spec.requires, { [k]: value });
            const valueOf = (name: string): unknown => (name in next ? next[name] : options.find((o) => o.name === name)?.default);
            for (const o of options) if (o.requires && o.name in next && Object.entries(o.requires).some(([x, need]) => valueOf(x) !== need)) delete next[o.name];
            return next;
          };
          // The engine judges each choice: one it would refuse with these rules (two options that both give the ace
          // a meaning, S-V9) is shown disabled, with the engine's reason in the page's language.
          const refusal = (value: unknown): string | null => {
            const e = checkRules(game, { ...withValue(value, clean), ...needed }, players);
            return e ? (sayGameError(e, t, lang) ?? e.message) : null;
          };
          const refused = spec.values ? spec.values.map((v) => (v === spec.default ? null : refusal(v))) : [];
          // A number: judged at the top of its range (ace draws with special cards or svenskevri, S-V9), unless set.
          const numberRefused = !spec.values && !(k in rules) && spec.range ? refusal(spec.range[1]) : null;
          const range = outOfRange(k) ? t.ruleRange(number(spec.range![0]), number(spec.range![1])) : null;
          const why = range ?? numberRefused ?? refused.find((r) => r !== null) ?? null;
          const set = (value: unknown): void => setRules(withValue(value));
          return (
            <div class="rule" key={k}>
              <label for={id}>{text}</label>
              {spec.values ? (
                <select id={id} value={k in rules ? JSON.stringify(rules[k]) : ''} aria-describedby={why ? `${id}-why` : undefined} onChange={(e) => { const raw = (e.target as HTMLSelectElement).value; set(raw === '' ? '' : JSON.parse(raw)); }}>
                  <option value="">{`${t.defaultWord}: ${valueLabel(spec.default)}`}</option>
                  {spec.values.map((v, i) => (
                    <option key={String(v)} value={JSON.stringify(v)} disabled={refused[i] !== null}>
                      {valueLabel(v)}
                    </option>
                  ))}
                </select>
              ) : (
                <input id={id} type="number" inputMode="numeric" disabled={numberRefused !== null} aria-invalid={range !== null} aria-describedby={why ? `${id}-why` : undefined} min={spec.range![0]} max={spec.range![1]} placeholder={spec.default === null ? '' : String(spec.default)} value={(rules[k] as number | undefined) ?? ''} onInput={(e) => { const raw = (e.target as HTMLInputElement).value; set(raw === '' ? '' : Number(raw)); }} />
              )}
              {why && (
                <p class={range ? 'why invalid' : 'muted why'} id={`${id}-why`}>
                  {why}
                </p>
              )}
            </div>
          );
        })}
    </>
  );
}
