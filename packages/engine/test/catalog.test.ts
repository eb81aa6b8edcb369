/** The engine's table of games and house rules: what the setup form, the rules page and the CLI offer is what the validators accept. */
import { describe, expect, it } from 'vitest';
import { GAMES, GAME_NAMES, LANGS, checkRules, gameInfo, rulesNeededFor, type GameName } from '../src/index.js';
import { localizeError } from '../src/localize.js';
import { createGame, resolveRules } from '../src/shedding/index.js';
import * as olsenDk from '../src/hearts/index.js';
import { resolveHeartsRules } from '../src/hearts/index.js';

const resolve = (game: GameName, rules: Record<string, unknown>, players: number): boolean =>
  game === 'olsen-dk' ? resolveHeartsRules(rules, players).ok : resolveRules(game, rules, players).ok;

describe('the game table', () => {
  it('lists every game once', () => {
    expect(GAMES.map((g) => g.game)).toEqual([...GAME_NAMES]);
  });

  it('S2 S-V14: Olsen is 2–4 players, 5–6 with two decks; Vri åtter 2–6; H1: Danish Olsen 3–5', () => {
    expect([gameInfo('olsen').plainPlayers, gameInfo('olsen').players]).toEqual([[2, 4], [2, 6]]);
    expect(gameInfo('vri-atter').players).toEqual([2, 6]);
    expect(gameInfo('olsen-dk').players).toEqual([3, 5]);
    for (const g of GAMES) {
      for (let n = 1; n <= 7; n++) {
        const inRange = n >= g.players[0] && n <= g.players[1];
        expect(resolve(g.game, { ...rulesNeededFor(g.game, n) }, n), `${g.game} with ${n}`).toBe(inRange);
      }
    }
    expect(rulesNeededFor('olsen', 5)).toEqual({ decks: 2 });
    expect(rulesNeededFor('olsen', 4)).toEqual({});
    expect(createGame({ game: 'olsen', players: ['a', 'b', 'c', 'd', 'e', 'f'], rules: { ...rulesNeededFor('olsen', 6) } }).ok).toBe(true);
  });

  it('every option value it offers is accepted alone, and its default is the game as played without it', () => {
    for (const name of GAME_NAMES) {
      const players = name === 'olsen-dk' ? 4 : 3;
      const info = gameInfo(name, players);
      for (const o of info.options) {
        for (const v of o.values ?? [o.range![0], o.range![1]]) {
          // With what it requires (stackTwos needs special cards, a target score needs points), else alone.
          const rules = { ...o.requires, [o.name]: v };
          expect(resolve(name, rules, players), `${name} ${o.name}=${JSON.stringify(v)}`).toBe(true);
        }
        if (o.range) expect(resolve(name, { ...o.requires, [o.name]: o.range[1] + 1 }, players)).toBe(false);
        if (o.requires) {
          const met = Object.entries(o.requires).every(([k, v]) => info.options.find((x) => x.name === k)?.default === v);
          expect(resolve(name, { [o.name]: o.values?.[0] ?? o.range![0] }, players), `${name} ${o.name} alone`).toBe(met);
        }
        expect(o.rule).toMatch(/^(S-V\d+|H\d+)$/);
      }
    }
    // Defaults are the resolved rules' own values.
    const olsen = resolveRules('olsen', {}, 3);
    if (!olsen.ok) throw new Error(olsen.error.message);
    for (const o of gameInfo('olsen', 3).options) {
      const actual = o.name === 'maxDraws' ? 3 : (olsen.value as unknown as Record<string, unknown>)[o.name];
      expect(o.default, o.name).toEqual(actual);
    }
    expect(gameInfo('vri-atter', 5).options.find((o) => o.name === 'decks')!.default).toBe(2);
    // §1.9: vri-atter-002 is one 52-card deck at every player count.
    for (let n = 2; n <= 6; n++) {
      expect(gameInfo('vri-atter-002', n).options.find((o) => o.name === 'decks')!.default).toBe(1);
      const r = resolveRules('vri-atter-002', {}, n);
      expect(r.ok && r.value.decks).toBe(1);
    }
    const dk = olsenDk.createGame({ players: ['a', 'b', 'c', 'd'], rules: {} });
    if (!dk.ok) throw new Error(dk.error.message);
    for (const o of gameInfo('olsen-dk').options) expect(o.default, o.name).toEqual((dk.value.rules as unknown as Record<string, unknown>)[o.name]);
  });
});

describe('how house rules relate, as data', () => {
  it('S-V8 S-V9 S-V10 S-V3 H9: every relation is refused by the validator, with its rule and a sentence of its own in nb, en, nl and de', () => {
    for (const game of GAME_NAMES) {
      const info = gameInfo(game);
      const players = info.players[0];
      for (const rel of info.relations) {
        const optionOn = info.options.find((o) => o.name === rel.option)!;
        const otherSpec = info.options.find((o) => o.name === rel.other)!;
        const on = (o: typeof optionOn): unknown => (o.values ? o.values.find((v) => v === true) ?? o.values[o.values.length - 1] : o.range![1]);
        // requires: the option with the other at a value that does not meet it; excludes: both on.
        const other = rel.kind === 'requires' ? (otherSpec.values ?? []).find((v) => v !== rel.value) : on(otherSpec);
        const rules = { [rel.option]: on(optionOn), [rel.other]: other };
        const e = checkRules(game, rules, players);
        expect(e, `${game} ${JSON.stringify(rules)}`).not.toBeNull();
        expect(e!.rule).toBe(rel.rule);
        const said = LANGS.map((l) => localizeError(e!, l));
        expect(new Set(said).size).toBe(LANGS.length);
        for (const text of said) expect(text).toMatch(/^\S.{9,}[.!]$/s);
        // What the setup form reads: an excluded option is listed on both sides; a required one as the value needed.
        if (rel.kind === 'excludes') {
          expect(optionOn.excludes).toContain(rel.other);
          expect(otherSpec.excludes).toContain(rel.option);
        } else expect(optionOn.requires).toMatchObject({ [rel.other]: rel.value });
      }
    }
  });

  it('every preset of every game starts at every player count it allows', () => {
    for (const game of GAME_NAMES) {
      const info = gameInfo(game);
      expect(info.presets[0]).toEqual({ id: 'plain', rules: {} });
      for (const p of info.presets) {
        for (let n = info.players[0]; n <= info.players[1]; n++) expect(checkRules(game, { ...rulesNeededFor(game, n), ...p.rules }, n), `${game} ${p.id} ${n}`).toBeNull();
      }
    }
  });

  it('a form that turns off what a choice excludes and brings in what it requires never reaches a refusal', () => {
    for (const game of GAME_NAMES) {
      const info = gameInfo(game);
      const players = info.players[0];
      let rules: Record<string, unknown> = {};
      // Choose every option value in turn, as a player clicking through the form would.
      for (const o of info.options) {
        for (const v of o.values ?? [o.range![0], o.range![1]]) {
          const next: Record<string, unknown> = { ...rules };
          for (const x of o.excludes) delete next[x];
          if (v !== false) Object.assign(next, o.requires);
          next[o.name] = v;
          // A value that needs the other to be off when it is only given (a point limit or deals): the form drops the other.
          rules = next;
          expect(checkRules(game, rules, players), `${game} ${JSON.stringify(rules)}`).toBeNull();
        }
      }
    }
  });
});
