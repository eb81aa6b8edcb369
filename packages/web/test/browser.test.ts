/**
 * The web app in real Chromium (Debian's, driven by playwright-core), served
 * by the real server: games played by keyboard with role- and name-based
 * selectors, two browsers playing each other online, the offline game with
 * the server stopped and the network off, an accessibility scan, the bundle budget.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { DEFAULTS, startServer, type OlsenServer, type ServerConfig } from '@olsen/server';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../test/services.js';
import { freePort } from '../../server/test/processes.js';

const WEB = fileURLToPath(new URL('../dist/', import.meta.url));
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const config = (over: Partial<ServerConfig> = {}): ServerConfig => ({
  ...DEFAULTS,
  port: 0,
  dataDir: mkdtempSync(join(tmpdir(), 'olsen-web-')),
  logLevel: 'silent',
  webDir: WEB,
  botDelayMs: 20,
  roundPauseMs: 200,
  rateLimit: { points: 100_000, seconds: 1 },
  // Every page here comes from one address.
  limits: { ...DEFAULTS.limits, httpPerMinute: 1_000_000, guestsPerHour: 1_000_000, connectionsPerAddress: 10_000, codeMissesPerMinute: 10_000, runningPerAddress: 10_000 },
  ...over,
});

let browser: Browser;

/**
 * Pages and contexts speak Norwegian unless a test gives another locale: a
 * first visit takes the browser's language, and headless Chromium's is en-US.
 */
function inNorwegian(b: Browser): Browser {
  const newContext = b.newContext.bind(b);
  const newPage = b.newPage.bind(b);
  return Object.assign(b, {
    newContext: (o: Parameters<Browser['newContext']>[0] = {}) => newContext({ locale: 'nb-NO', ...o }),
    newPage: (o: Parameters<Browser['newPage']>[0] = {}) => newPage({ locale: 'nb-NO', ...o }),
  });
}
let server: OlsenServer;
beforeAll(async () => {
  expect(existsSync(join(WEB, 'index.html')), 'the web app is built (npm run build)').toBe(true);
  browser = inNorwegian(await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }));
  server = await startServer(config());
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * One step of the person at an offline table, never calling: a choice when one is asked (a suit for an eight),
 * else `prefer` (a card the test wants played) or any card that fits, else the stock, else pass.
 */
async function personStep(page: Page, prefer?: Locator): Promise<void> {
  const dialog = page.getByRole('dialog');
  const card = page.getByRole('button', { name: /kan spilles$/ }).first();
  const draw = page.getByRole('button', { name: /^Trekk\./ });
  const pass = page.getByRole('button', { name: /^Pass$/ });
  const press = (l: Locator): Promise<void> => l.press('Enter', { timeout: 2000 }).catch(() => undefined);
  if (await dialog.isVisible()) await press(dialog.getByRole('button').first());
  else if (prefer && (await prefer.count())) await press(prefer);
  else if (await card.count()) await press(card);
  else if (await draw.isEnabled().catch(() => false)) await press(draw);
  else if (await pass.isVisible()) await press(pass);
  await page.waitForTimeout(40);
}

/** Plays the human seat by keyboard until the game is over: a playable card, a choice, the stock, pass, a catch. */
async function playByKeyboard(page: Page, over: RegExp, ms = 150_000): Promise<number> {
  const end = Date.now() + ms;
  let moves = 0;
  while (Date.now() < end) {
    if (await page.getByRole('heading', { name: over }).isVisible()) return moves;
    const dialog = page.getByRole('dialog');
    const candidates = [
      dialog.getByRole('button').first(),
      page.getByRole('button', { name: /(bank i bordet|bang the table)/i }),
      page.getByRole('button', { name: /^(Neste runde|Next round)$/ }),
      page.getByRole('button', { name: /(kan spilles|playable)$/ }).first(),
      page.getByRole('button', { name: /^(Trekk|Draw)\./ }),
      page.getByRole('button', { name: /^(Pass)$/ }),
    ];
    // Danish Olsen's pass: pick three cards, then give them.
    const give = page.getByRole('button', { name: /^(Gi kortene|Pass the cards)$/ });
    if (await give.isVisible()) {
      const picked = await page.locator('button[aria-pressed="true"].card').count();
      if (picked < 3) await page.locator('button[aria-pressed="false"].card').first().press('Enter', { timeout: 2000 }).catch(() => undefined);
      else await give.press('Enter', { timeout: 2000 }).catch(() => undefined);
      continue;
    }
    let acted = false;
    for (const c of candidates) {
      if ((await c.count()) > 0 && (await c.isVisible()) && (await c.isEnabled())) {
        // "Next round" shows with the round's end: if that end is what the caller waits for, stop there (pressing
        // it raced the check above, and the caller then read a table the next deal was taking away).
        if (c === candidates[2] && (await page.getByRole('heading', { name: over }).isVisible())) return moves;
        // A short timeout: the table may change between the check and the key press.
        await c.press('Enter', { timeout: 2000 }).catch(() => undefined);
        moves++;
        acted = true;
        break;
      }
    }
    if (!acted) await page.waitForTimeout(30);
    else await page.waitForTimeout(10);
  }
  throw new Error('the game did not end in time');
}

async function axe(page: Page): Promise<{ id: string; impact: string; nodes: number }[]> {
  await page.addScriptTag({ content: AXE });
  const r = await page.evaluate(async () => {
    const res = await (window as unknown as { axe: { run: (o: object) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe.run({ resultTypes: ['violations'] });
    return res.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  });
  return r.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

describe('the web app in Chromium', () => {
  it('a whole game of Olsen against the computer, played by keyboard', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/?speed=fast#/`);
    await page.getByRole('link', { name: 'Spill mot datamaskinen' }).first().press('Enter');
    await page.getByRole('button', { name: 'Start' }).press('Enter');
    await expect.poll(() => page.getByRole('status').filter({ hasText: /tur/ }).count()).toBeGreaterThan(0);
    // A card that does not fit is refused with the rule's sentence, in Norwegian.
    const hand = page.getByRole('list', { name: /Din hånd/ });
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Din tur' }).count(), { timeout: 20_000 }).toBe(1);
    // A hint is fetched with the first one asked for (not with the first deal) and says why, in Norwegian
    // (a refusal shown takes its place, so before the card that does not fit).
    await page.getByRole('button', { name: 'Tips' }).press('Enter');
    await expect.poll(() => page.locator('p.hint').textContent()).toMatch(/💡\s*\p{L}.{8,}/u);
    const unfit = hand.getByRole('button').filter({ hasNotText: 'kan spilles' });
    if ((await unfit.count()) > 0) {
      await unfit.first().press('Enter');
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/Ikke lov: .*(kan ikke legge|må)/);
    }
    const moves = await playByKeyboard(page, /Spillet er over/);
    expect(moves).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('button', { name: 'Spill igjen' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('Analyse: a finished game reviewed — the swing line, a decision explained, the table then, and play on from there', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/?speed=fast&seed=review-1#/play`);
    await page.getByRole('button', { name: 'Start' }).press('Enter');
    await playByKeyboard(page, /Spillet er over/);
    await page.getByRole('button', { name: 'Analyse' }).click();
    // The review runs in the game worker, with its progress shown, then the swing is drawn.
    const swing = page.getByRole('img', { name: 'Vinnersjansen din gjennom spillet' });
    await expect.poll(() => swing.isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await swing.locator('polyline').getAttribute('points')).toMatch(/^[\d.]+,[\d.]+( [\d.]+,[\d.]+)+$/);
    // The list's own items: an opened decision (the first mistake opens by itself) holds the table then, whose
    // lists have items too, and the last of those has no button (when that decision was the last one, the click
    // waited for ever: the flake seen in two CI runs).
    const decisions = page.locator('ol.decisions > li');
    expect(await decisions.count()).toBeGreaterThan(0);
    await expect.poll(() => decisions.first().innerText()).toMatch(/^Runde 1, ditt trekk \d+.*\n.*(var det beste valget|regnes ikke som en feil|Her kostet det \d+\s% vinnersjanse)/s);
    // Jump to the last decision: its options with their chances, and the table as it was.
    // (The decision's own button: an open decision holds the table's buttons too. Under a loaded machine the review
    // can take long: the list is waited for, not assumed.)
    await decisions.last().locator(':scope > button').click({ timeout: 60_000 });
    const position = page.getByLabel('Bordet da du valgte');
    await expect.poll(() => position.getByRole('row').count()).toBeGreaterThan(2);
    // Issue 38 (9): a chance and where it likely lies, in words (no "95 %-intervall", no "±").
    await expect.poll(() => position.getByRole('cell').first().innerText()).toMatch(/^\d+\s% \(\d+–\d+\s%\)$/);
    expect(await position.getByRole('columnheader').allInnerTexts()).toContain('Vinnersjanse (trolig mellom)');
    // OLSEN_SCREENSHOTS=dir keeps a picture of the page to look at.
    if (process.env.OLSEN_SCREENSHOTS) await page.screenshot({ path: join(process.env.OLSEN_SCREENSHOTS, 'analyse-phone.png'), fullPage: true });
    await page.getByRole('button', { name: 'Spill videre herfra' }).click();
    // Playing on: the table at that moment, the person to move.
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Din tur' }).count(), { timeout: 20_000 }).toBe(1);
    await playByKeyboard(page, /Spillet er over/);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('Dagens giv: today\'s deal played online, the result on the day\'s list and in the history, and its review from the server', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/?speed=fast#/`);
    await page.getByRole('link', { name: 'Spill dagens giv' }).click();
    await page.getByLabel('Ditt navn').fill('Dagny');
    await page.getByRole('article').filter({ hasText: 'Olsen' }).first().getByRole('button', { name: 'Spill dagens giv' }).click();
    await playByKeyboard(page, /Spillet er over/);
    // Played once: no "Spill igjen", no download while the day lasts; the way back is to the day's list.
    expect(await page.getByRole('button', { name: 'Spill igjen' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Last ned spillet' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Til dagens giv' }).click();
    const olsen = page.getByRole('article').filter({ has: page.getByRole('heading', { name: /^Olsen/ }) });
    await expect.poll(() => olsen.innerText()).toMatch(/Ferdig: \d\. plass, \d+ turer\./);
    await expect.poll(() => olsen.getByRole('row', { name: /Dagny/ }).count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: 'Dine dager' }).isVisible()).toBe(true);
    if (process.env.OLSEN_SCREENSHOTS) await page.screenshot({ path: join(process.env.OLSEN_SCREENSHOTS, 'daily-phone.png'), fullPage: true });
    await olsen.getByRole('link', { name: 'Analyse' }).click();
    await expect.poll(() => page.getByRole('img', { name: 'Vinnersjansen din gjennom spillet' }).isVisible(), { timeout: 60_000 }).toBe(true);
    // During the day the deal stays on the server: no playing on yet.
    await page.locator('ol.decisions li button').first().click();
    await expect.poll(() => page.getByText('Når dagen er omme, kan du spille videre herfra.').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('Danish Olsen with the rotating pass, in English, by keyboard', async () => {
    // An English browser: the app speaks English from the first visit (setting localStorage after the
    // page has loaded would race the app keeping its own first choice).
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    await page.goto(`${server.url}/?speed=fast#/play`);
    await page.getByLabel(/^Game/).selectOption('olsen-dk');
    await page.getByText('House rules').click();
    await page.getByLabel(/Pass three cards after the deal/).selectOption({ label: 'in rotation' });
    await page.getByLabel(/ends when someone reaches this total/).fill('26');
    await page.getByRole('button', { name: 'Start' }).press('Enter');
    await playByKeyboard(page, /The game is over/);
    await page.close();
  }, 180_000);

  it('S24: the final standings of Vri åtter follow the totals, lowest first, not the last round', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    await page.goto(`${server.url}/?speed=fast#/play`);
    await page.getByRole('combobox').first().selectOption('vri-atter');
    await page.getByText('Husregler').click();
    await page.getByLabel(/får mer enn denne poengsummen/).fill('20');
    await page.getByRole('button', { name: 'Start' }).press('Enter');
    await playByKeyboard(page, /Spillet er over/);
    // The standings' table (the score sheet below it has rows of its own).
    const rows = page.getByRole('region', { name: 'Spillet er over' }).locator(':scope > table tr');
    const cells = await rows.evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.children].map((c) => c.textContent ?? '')));
    const places = cells.map((c) => Number(c[0]));
    const totals = cells.map((c) => Number(c[c.length - 1]));
    expect(Math.max(...totals)).toBeGreaterThan(20);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(places).toEqual(totals.map((t) => 1 + totals.filter((u) => u < t).length));
    // The winner is named: the first of the standings.
    const first = cells[0][1];
    await expect.poll(() => page.getByRole('heading', { name: /Spillet er over/ }).textContent()).toContain(`${first} vant`);
    await page.close();
  }, 180_000);

  it('S-V14 H9: the setup form offers Olsen at six players (two decks) and Danish Olsen for a fixed number of hands', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    await page.goto(`${server.url}/?speed=fast#/play`);
    await page.getByRole('spinbutton', { name: 'Spillere' }).fill('6');
    await expect.poll(() => page.getByText('Med fem eller seks spillere brukes to kortstokker.').count()).toBe(1);
    await page.getByRole('button', { name: 'Start' }).press('Enter');
    await expect.poll(() => page.getByRole('list', { name: /Din hånd/ }).count()).toBe(1);
    await expect.poll(() => page.locator('.opponents > *').count()).toBe(5);
    await page.goto(`${server.url}/?speed=fast#/`);
    await page.goto(`${server.url}/?speed=fast#/play`);
    await page.getByRole('combobox').first().selectOption('olsen-dk');
    await page.getByText('Husregler').click();
    await expect.poll(() => page.getByLabel(/fast antall giv/).isVisible()).toBe(true);
    await page.close();
  }, 60_000);

  it('S-V8 S-V9 S-V10: the setup form follows the engine\'s relations, so Start never meets a refusal', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    await page.goto(`${server.url}/?speed=fast#/play`);
    await page.getByRole('combobox').first().selectOption('vri-atter');
    await page.getByText('Husregler').click();
    // Special cards with stacked twos: svenskevri would give the ace a second meaning (S-V9), so it is shown
    // disabled, with the engine's reason in Norwegian.
    await page.locator('#rule-specialCards').selectOption('true');
    await page.locator('#rule-stackTwos').selectOption('true');
    expect(await page.locator('#rule-svenskevri option[value="true"]').isDisabled()).toBe(true);
    const why = await page.locator('#rule-svenskevri-why').innerText();
    expect(why.length).toBeGreaterThan(10);
    expect(why).not.toMatch(/\b(the|and|choose)\b/);
    // Special cards off: stacked twos need them (S-V8), so stacking goes too, and svenskevri can be chosen.
    await page.locator('#rule-specialCards').selectOption('');
    expect(await page.locator('#rule-stackTwos').inputValue()).toBe('');
    await page.locator('#rule-svenskevri').selectOption('true');
    // Now stacking twos (which brings special cards) is the one that would be refused.
    expect(await page.locator('#rule-stackTwos option[value="true"]').isDisabled()).toBe(true);
    // Start stays in view on the phone with the house rules open.
    const start = await page.getByRole('button', { name: 'Start' }).boundingBox();
    expect(start && start.y + start.height).toBeLessThanOrEqual(640);
    // The presets come from the engine, in the page's language.
    await page.getByRole('group', { name: 'Kjente måter å spille på' }).getByRole('button').nth(1).press('Enter');
    await page.getByRole('button', { name: 'Start' }).press('Enter');
    await expect.poll(() => page.getByRole('list', { name: /Din hånd/ }).count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.close();
  }, 60_000);

  it('issue 49 (5): a number out of range is told once, at its own field, in plain Norwegian; nothing else is disabled; Start waits for a set the engine accepts', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    await page.goto(`${server.url}/?speed=fast#/play`);
    await page.getByRole('combobox').first().selectOption('vri-atter');
    await page.getByText('Husregler').click();
    const disabledBefore = await page.locator('.rule select option:disabled, .rule input:disabled').count();
    await page.locator('#rule-targetScore').fill('0');
    const told = page.locator('.rule .why.invalid');
    await expect.poll(() => told.count()).toBe(1);
    expect(await page.locator('#rule-targetScore-why').innerText()).toMatch(/^Skriv et helt tall fra 1 til 10\s000\.$/);
    // Nothing names the option's identifier, and no other choice is greyed out by it.
    expect(await page.locator('body').innerText()).not.toContain('targetScore');
    expect(await page.locator('.rule select option:disabled, .rule input:disabled').count()).toBe(disabledBefore);
    const start = page.getByRole('button', { name: 'Start', exact: true });
    expect(await start.isDisabled()).toBe(true);
    expect(await page.locator('.start-bar').innerText()).toContain('Rett det som er merket i husreglene');
    // The message in the Start bar leads to the field.
    await page.locator('#rule-targetScore').blur();
    await page.getByRole('button', { name: /^Rett det som er merket/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('rule-targetScore');
    await page.locator('#rule-targetScore').fill('150');
    await expect.poll(() => told.count()).toBe(0);
    // (The engine's answer on the whole set comes a moment after the field's own.)
    await expect.poll(() => start.isEnabled()).toBe(true);
    await page.close();
  }, 60_000);

  it('issue 49 (3, 6): a calm table gives at least 4 s to call late with a countdown at the button, and a computer player that forgets its call is caught at the table', async () => {
    let calledLate = false;
    let caughtBot = false;
    for (let i = 0; i < 12 && !(calledLate && caughtBot); i++) {
      const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
      await page.goto(`${server.url}/?speed=fast&seed=forget-${i}#/play`);
      await page.getByRole('combobox').first().selectOption('vri-atter');
      await page.getByLabel('Spillere').fill('3');
      await page.getByLabel('Nivå').selectOption('easy');
      await page.getByLabel('Tempo').selectOption('calm');
      expect(await page.getByText('minst 4 sekunder').count()).toBe(1);
      await page.getByRole('button', { name: 'Start' }).press('Enter');
      await page.getByRole('list', { name: /Din hånd/ }).waitFor({ timeout: 20_000 });
      const end = Date.now() + 90_000;
      while (Date.now() < end && !(await page.getByRole('heading', { name: /(Runden er over|Spillet er over)/ }).isVisible())) {
        // A computer player forgot: the catch, with its seconds, while the window is open.
        const bank = page.getByRole('button', { name: /^Bank i bordet! · \d s$/ });
        if (!caughtBot && (await bank.count()) > 0) {
          await bank.first().press('Enter', { timeout: 2000 }).catch(() => undefined);
          await expect.poll(() => page.locator('.news.caught, .caption.caught').count(), { timeout: 5000 }).toBeGreaterThan(0);
          caughtBot = true;
          continue;
        }
        // The person forgot (never calling): the late call counts down from 4 s at a calm table.
        const late = page.getByRole('button', { name: /^Ett kort igjen! · \d s$/ });
        if (!calledLate && (await late.count()) > 0) {
          const secs = Number(/· (\d) s/.exec((await late.first().innerText()))![1]);
          expect(secs).toBeGreaterThanOrEqual(3);
          await page.waitForTimeout(1500);
          // Still open 1.5 s on (the normal pace's whole window): the late call is made in time.
          expect(await late.count()).toBe(1);
          await late.first().press('Enter');
          calledLate = true;
          continue;
        }
        await personStep(page);
      }
      await page.close();
    }
    expect(calledLate).toBe(true);
    expect(caughtBot).toBe(true);
  }, 300_000);

  it('issue 49 (7): "Lær å spille" — the home page names the three games; a first game of each explains every rule as it is met, then goes on as a normal game', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(`${server.url}/?speed=fast#/`);
    expect(await page.locator('.home').innerText()).toMatch(/Olsen, Vri åtter og dansk Olsen/);
    await page.getByRole('link', { name: /Lær å spille/ }).click();
    await expect.poll(() => page.getByRole('link', { name: /^Lær / }).count()).toBe(3);
    // Plays the lesson as a person would (an eight kept while another card fits) until `enough` of the lessons were
    // told (they carry on into the next rounds: a first game meets them where it meets them) or `over` shows.
    const lessonsOf = async (game: string, over: RegExp, enough: (told: string[]) => boolean): Promise<string[]> => {
      await page.goto(`${server.url}/?speed=fast#/learn/${game}`);
      await page.getByRole('list', { name: /Din hånd/ }).waitFor({ timeout: 20_000 });
      // Every lesson as it shows (recorded in the page, so one shown and replaced between two looks still counts).
      await page.evaluate(() => {
        const w = window as unknown as { told: string[] };
        w.told = [];
        const look = (): void => {
          const text = (document.querySelector('.coach p')?.textContent ?? '').replace(/^Slik spiller du: /, '');
          if (text && !w.told.includes(text)) w.told.push(text);
        };
        look();
        new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      let told: string[] = [];
      const note = async (): Promise<void> => {
        told = await page.evaluate(() => (window as unknown as { told: string[] }).told);
      };
      const end = Date.now() + 150_000;
      while (Date.now() < end) {
        await note();
        if (enough(told) || (await page.getByRole('heading', { name: over }).isVisible())) break;
        const next = page.getByRole('button', { name: /^Neste runde$/ });
        const bank = page.getByRole('button', { name: /^Bank i bordet!/ });
        if (await next.isVisible()) await next.press('Enter', { timeout: 2000 }).catch(() => undefined);
        else if ((await bank.count()) > 0) await bank.first().press('Enter', { timeout: 2000 }).catch(() => undefined);
        else if (game === 'olsen-dk') {
          const give = page.getByRole('button', { name: /^Gi kortene$/ });
          if (await give.isVisible()) {
            const picked = await page.locator('button[aria-pressed="true"].card').count();
            if (picked < 3) await page.locator('button[aria-pressed="false"].card').first().press('Enter', { timeout: 2000 }).catch(() => undefined);
            else await give.press('Enter', { timeout: 2000 }).catch(() => undefined);
          } else {
            const card = page.getByRole('button', { name: /kan spilles$/ }).first();
            if (await card.count()) await card.press('Enter', { timeout: 2000 }).catch(() => undefined);
            else await page.waitForTimeout(40);
          }
        } else await personStep(page, page.getByRole('button', { name: /^(?!.*åtte).*kan spilles$/ }).first());
      }
      // The lesson of an ending comes a moment after the ending's heading (the coach follows the frame).
      await page.waitForTimeout(800);
      await note();
      return told;
    };
    const has = (told: string[], ...res: RegExp[]): boolean => res.every((re) => told.some((x) => re.test(x)));
    const VRI = [/^Din tur: legg et kort i samme sort eller med samme verdi/, /Du har en åtter/, /Ingen av kortene dine passer/, /glemte å si «Ett kort igjen»! Trykk «Bank i bordet!»/, /trykk «Ett kort igjen» først/, /blir poeng/];
    const vri = await lessonsOf('vri-atter', /^Spillet er over/, (told) => has(told, ...VRI));
    console.log(JSON.stringify({ issue: '49 (7)', vri }));
    expect(vri[0]).toMatch(VRI[0]);
    for (const re of VRI) expect(has(vri, re), String(re)).toBe(true);
    // The game goes on as a normal one after the lessons: the table is still there, with a hand.
    await expect.poll(async () => (await page.getByRole('list', { name: /Din hånd/ }).count()) + (await page.getByRole('button', { name: 'Neste runde' }).count()), { timeout: 20_000 }).toBeGreaterThan(0);
    const OLSEN = [/^Din tur/, /Du har en åtter/, /I Olsen er det bare et varsel/, /Den som først blir kvitt kortene sine, vinner/];
    const olsen = await lessonsOf('olsen', /^Spillet er over/, () => false);
    console.log(JSON.stringify({ issue: '49 (7)', olsen }));
    expect(olsen[0]).toMatch(OLSEN[0]);
    for (const re of OLSEN.slice(0, 2)) expect(has(olsen, re), String(re)).toBe(true);
    expect(olsen.at(-1)).toMatch(OLSEN[3]);
    // Olsen's lesson is one round: at its end the way to a normal game, above the results on the phone (a trial
    // click fails when something else would take the tap).
    await page.getByRole('link', { name: 'Start et vanlig spill' }).click({ trial: true, timeout: 5000 });
    const DK = [/^Først gir alle bort tre kort/, /Følg sorten/, /spar dame er 13/, /skyte månen/];
    const dk = await lessonsOf('olsen-dk', /^(Runden er over|Spillet er over)/, () => false);
    console.log(JSON.stringify({ issue: '49 (7)', dk }));
    expect(dk[0]).toMatch(DK[0]);
    for (const re of DK) expect(has(dk, re), String(re)).toBe(true);
    await page.close();
  }, 400_000);

  it('S-V4: a move of several cards is built card by card from the engine\'s group options', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    // Seed grp2: Siri (seat 0) starts with 3s and 3h, 9s and 9d.
    await page.goto(`${server.url}/?speed=fast&seed=grp2#/play`);
    await page.getByText('Husregler').click();
    await page.locator('#rule-multiSameRank').selectOption('true');
    await page.getByRole('button', { name: 'Start' }).press('Enter');
    const hand = page.getByRole('list', { name: /Din hånd/ });
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Din tur' }).count(), { timeout: 20_000 }).toBe(1);
    await hand.getByRole('button', { name: /^spar tre/ }).press('Enter');
    await page.getByRole('dialog').getByRole('button', { name: 'Legg flere kort sammen' }).press('Enter');
    await hand.getByRole('button', { name: /^hjerter tre/ }).press('Enter');
    await page.getByRole('button', { name: 'Legg 2 kort' }).press('Enter');
    await expect.poll(() => hand.getByRole('listitem').count()).toBe(3);
    await page.close();
  }, 60_000);

  it('issue 38 (1), S18 S19 S20: a catch is told in full (short at the seat, never cut); "Din tur" and the highlighted seat agree; the call says what it is for', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    // Every catch caption as it first shows: its text, and whether all of it is in view.
    await page.addInitScript(() => {
      const w = window as unknown as { caughtCaptions: { text: string; fits: boolean }[]; callNotes: string[] };
      w.caughtCaptions = [];
      w.callNotes = [];
      new MutationObserver(() => {
        for (const e of document.querySelectorAll<HTMLElement>('.caption.caught:not([data-seen])')) {
          e.dataset.seen = '1';
          w.caughtCaptions.push({ text: e.textContent ?? '', fits: e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1 });
        }
        // The call's line as it shows (it lasts the call's window only: a look from outside may come too late).
        const note = document.querySelector('.call-note')?.textContent ?? '';
        if (note && w.callNotes.at(-1) !== note) w.callNotes.push(note);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`${server.url}/?speed=fast&seed=catch-me#/play`);
    await page.getByRole('combobox').first().selectOption('vri-atter');
    await page.getByRole('spinbutton', { name: 'Spillere' }).fill('3');
    await page.getByRole('button', { name: 'Start' }).press('Enter');
    const status = page.locator('p.status');
    let told = '';
    const end = Date.now() + 100_000;
    while (!told && Date.now() < end) {
      // One source for who acts: the person is told it is their turn exactly when no other seat is highlighted.
      const [text, active] = [(await status.textContent().catch(() => '')) ?? '', await page.locator('.opponent.active').count()];
      if (text.includes('Din tur')) expect(active, text).toBe(0);
      const caught = page.locator('.news.caught');
      if (await caught.isVisible()) {
        told = (await caught.textContent()) ?? '';
        break;
      }
      if (await page.getByRole('button', { name: /^Neste runde$/ }).isVisible()) await page.getByRole('button', { name: /^Neste runde$/ }).press('Enter').catch(() => undefined);
      // The person never calls.
      await personStep(page);
    }
    // The first time on this device: the reminder of what a forgotten call costs (S20); then the short line.
    const callNotes = await page.evaluate(() => (window as unknown as { callNotes: string[] }).callNotes);
    expect(callNotes.length).toBeGreaterThan(0);
    expect(callNotes[0]).toMatch(/^Husk: .*«Ett kort igjen».*3 kort/);
    for (const line of callNotes.slice(1)) expect(line).toMatch(/(banke i bordet: da trekker du 3 kort|^Husk)/);
    // Who caught whom, for which call, how many cards — and the cards themselves, to the person caught.
    expect(told).toMatch(/^\S+ banket i bordet: du glemte å si «Ett kort igjen!» og trakk 3 kort: \S+ \S+ \S+\.$/);
    // At the catcher's seat, the catch in full and never cut on a 360 px phone (each one recorded as it showed).
    const captions = await page.evaluate(() => (window as unknown as { caughtCaptions: { text: string; fits: boolean }[] }).caughtCaptions);
    expect(captions.length).toBeGreaterThan(0);
    for (const c of captions) {
      // Issue 49 (8): at the seat, short (who and how many cards): the whole sentence is in the news line and the move list.
      expect(c.text).toMatch(/^banket i bordet: \S+ trekker 3$/);
      expect(c.fits, c.text).toBe(true);
    }
    await page.getByText('Runden så langt').click();
    expect(await page.locator('.move-list li', { hasText: 'glemte «Ett kort igjen!» og trekker 3 kort' }).first().isVisible()).toBe(true);
    // In Olsen the call says it is only a warning (S19).
    await page.goto(`${server.url}/?speed=fast&seed=warn#/play`);
    await page.getByRole('combobox').first().selectOption('olsen');
    await page.getByRole('spinbutton', { name: 'Spillere' }).fill('2');
    await page.getByRole('button', { name: 'Start' }).press('Enter');
    const warn = page.locator('.call-note', { hasText: 'Bare en advarsel til de andre' });
    const until = Date.now() + 60_000;
    while (!(await warn.isVisible()) && Date.now() < until) {
      if (await page.getByRole('heading', { name: /Spillet er over/ }).isVisible()) break;
      await personStep(page);
    }
    expect(await warn.isVisible()).toBe(true);
    await page.close();
  }, 180_000);

  it('issue 38 (2), issue 49 (8), S24: the round table ranks by the standing (the engine\'s order) with this round\'s points beside it, the scoring told; a score sheet of every round, a tap away during play; the target in view', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    await page.goto(`${server.url}/?speed=fast&seed=sheet#/play`);
    await page.getByRole('combobox').first().selectOption('vri-atter');
    await page.getByRole('spinbutton', { name: 'Spillere' }).fill('3');
    await page.getByRole('button', { name: 'Start' }).press('Enter');
    // While playing: the target and who wins, in view below the hand.
    const summary = page.locator('.below-hand .score-sheet summary');
    await expect.poll(() => summary.textContent(), { timeout: 20_000 }).toBe('Poengliste · når noen kommer over 100, vinner lavest sum');
    await playByKeyboard(page, /^(Runden er over|Spillet er over)/, 150_000);
    const results = page.getByRole('region', { name: /Runden er over|Spillet er over/ });
    // The round table by the standing, lowest total first (S24), this round's points beside each (its rows may come a
    // moment after the heading); the places are the standing's.
    // One reading of the whole table, points and totals from the same moment.
    const reading = (): Promise<[number, number][]> =>
      results.locator('> table tbody tr').evaluateAll((rows) => rows.map((r) => {
        const td = r.querySelectorAll('td');
        return [Number(td[td.length - 2]?.textContent), Number(td[td.length - 1]?.textContent)] as [number, number];
      }));
    let rows: [number, number][] = [];
    await expect.poll(async () => (rows = await reading()).length, { timeout: 30_000 }).toBeGreaterThan(1);
    const points = rows.map((r) => r[0]);
    const totals = rows.map((r) => r[1]);
    expect([...totals].sort((a, b) => a - b)).toEqual(totals);
    expect(points).toContain(0);
    // The scoring told, and the sheet's first round equal to the round's points.
    const sheet = results.locator('.score-sheet');
    if (!(await sheet.getAttribute('open'))) await sheet.locator('summary').click();
    expect(await sheet.textContent()).toContain('Kort igjen på hånda teller: åtter 50, konge, dame og knekt 10, ess 1, resten tallverdien.');
    // The round just over is the sheet's last row (under a loaded machine the player may have gone past round 1).
    const rounds = await sheet.locator('tbody tr').count();
    const lastRow = (await sheet.locator('tbody tr').last().locator('td').allTextContents()).map((x) => Number(x.split(' ')[0]));
    expect([...lastRow].sort((a, b) => a - b)).toEqual([...points].sort((a, b) => a - b));
    // Next round: the sheet is a tap away during play, with round 1 in it.
    const next = page.getByRole('button', { name: 'Neste runde' });
    if (await next.isVisible()) {
      await next.press('Enter');
      await expect.poll(() => summary.isVisible(), { timeout: 20_000 }).toBe(true);
      await summary.click();
      expect(await page.locator('.below-hand .score-sheet tbody tr').count()).toBe(rounds);
    }
    await page.close();
  }, 200_000);

  it('issue 38 (9): the levels read as a ladder, weakest first; an eight asks for the suit by its name alone', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    await page.goto(`${server.url}/?speed=fast&seed=eights#/play`);
    const level = page.getByLabel('Nivå for datamaskinen');
    await expect.poll(() => level.locator('option').allTextContents(), { timeout: 20_000 }).toEqual(['Nybegynner', 'Lett', 'Litt øvet', 'Middels', 'Vanskelig', 'Ekspert']);
    // Play until an eight asks for a suit: the buttons are the suits' names, the card said once above them.
    await page.getByRole('spinbutton', { name: 'Spillere' }).fill('2');
    await page.getByRole('button', { name: 'Start' }).press('Enter');
    const dialog = page.getByRole('dialog');
    const end = Date.now() + 60_000;
    while (!(await dialog.isVisible()) && Date.now() < end) {
      if (await page.getByRole('heading', { name: /Spillet er over/ }).isVisible()) {
        await page.getByRole('button', { name: /Spill igjen/ }).press('Enter').catch(() => undefined);
        continue;
      }
      // An eight first (the dialog that follows is what this test waits for).
      await personStep(page, page.getByRole('button', { name: /åtter, kan spilles$/ }).first());
    }
    // (The dialog's buttons may come a frame after the dialog itself.)
    const names = async (): Promise<string[]> => (await dialog.locator('.choices button').allInnerTexts()).map((x) => x.replace(/^\S+\s/, '')).sort();
    await expect.poll(names, { timeout: 10_000 }).toEqual(['Hjerter', 'Kløver', 'Ruter', 'Spar']);
    expect(await dialog.locator('p').innerText()).toMatch(/åtte$/);
    await page.close();
  }, 120_000);

  it('every computer move shows at its seat: after each bot turn the mover has a caption', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    await page.goto(`${server.url}/?seed=captions#/play`);
    await page.getByRole('spinbutton', { name: 'Spillere' }).fill('4');
    await page.getByRole('button', { name: 'Start' }).press('Enter');
    const status = page.getByRole('status').filter({ hasText: /tur/ });
    let checked = 0;
    for (let i = 0; i < 40 && checked < 4; i++) {
      const text = (await status.textContent({ timeout: 20_000 })) ?? '';
      const bot = /(\S+) sin tur/.exec(text)?.[1];
      if (bot) {
        await expect.poll(async () => (await status.textContent()) !== text, { timeout: 20_000 }).toBe(true);
        const caption = page.locator('.opponent', { hasText: bot }).locator('.caption');
        expect((await caption.textContent())?.trim().length, `${bot}'s caption`).toBeGreaterThan(1);
        checked++;
        continue;
      }
      // The person's turn: play what fits, else draw, else pass.
      const card = page.getByRole('button', { name: /kan spilles$/ }).first();
      const dialog = page.getByRole('dialog');
      if (await dialog.isVisible()) await dialog.getByRole('button').first().press('Enter');
      else if (await card.count()) await card.press('Enter');
      else if (await page.getByRole('button', { name: /^Trekk\./ }).isEnabled()) await page.getByRole('button', { name: /^Trekk\./ }).press('Enter');
      else await page.getByRole('button', { name: /^Pass$/ }).press('Enter');
      await page.waitForTimeout(100);
    }
    expect(checked).toBe(4);
    await page.close();
  }, 120_000);

  it.each([['olsen', 2], ['olsen', 4], ['vri-atter', 6], ['olsen-dk', 4]] as const)('issue 38 (8): the whole hand is on a 360×640 screen without scrolling, every card a finger wide, the status whole, the focus apart: %s with %i players', async (game, players) => {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    await page.goto(`${server.url}/?speed=fast&seed=fit#/play`);
    await page.getByRole('combobox').first().selectOption(game);
    await page.getByRole('spinbutton', { name: 'Spillere' }).fill(String(players));
    await page.getByRole('button', { name: 'Start' }).press('Enter');
    const hand = page.getByRole('list', { name: /Din hånd/ });
    await expect.poll(() => hand.getByRole('listitem').count()).toBeGreaterThan(4);
    await page.waitForTimeout(300);
    const boxes = await hand.getByRole('listitem').evaluateAll((lis) => lis.map((li) => li.getBoundingClientRect().toJSON() as DOMRect));
    for (const b of boxes) {
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.right).toBeLessThanOrEqual(360);
      expect(b.bottom).toBeLessThanOrEqual(640);
      expect(b.top).toBeGreaterThanOrEqual(0);
    }
    // Issue 38 (8): each card shows a strip of at least 40 px to tap (a 13-card hand takes two rows on a phone).
    for (let i = 1; i < boxes.length; i++) if (Math.abs(boxes[i].top - boxes[i - 1].top) < 20) expect(boxes[i].left - boxes[i - 1].left).toBeGreaterThanOrEqual(40);
    // No status line is cut at 360 px.
    expect(await page.locator('p.status').evaluate((e) => e.scrollWidth <= e.clientWidth + 1 && getComputedStyle(e).textOverflow !== 'ellipsis')).toBe(true);
    // The keyboard's focus on a card is not the playable highlight: a white dashed ring, not the yellow glow.
    const card = page.locator('.hand .card').first();
    await card.focus();
    const ring = await card.evaluate((e) => ({ style: getComputedStyle(e).outlineStyle, color: getComputedStyle(e).outlineColor }));
    expect(ring).toEqual({ style: 'dashed', color: 'rgb(255, 255, 255)' });
    await page.close();
  }, 60_000);

  it('H5: a Danish Olsen trick stays on the table at least a second after it is taken, with who took it', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    await page.goto(`${server.url}/?speed=fast&seed=trick#/play`);
    await page.getByRole('combobox').first().selectOption('olsen-dk');
    await page.getByRole('spinbutton', { name: 'Spillere' }).fill('4');
    await page.getByRole('button', { name: 'Start' }).press('Enter');
    const taken = page.locator('.trick.taken');
    const start = Date.now();
    const player = playByKeyboard(page, /Spillet er over/, 20_000).catch(() => 0);
    await taken.waitFor({ state: 'visible', timeout: 20_000 });
    const seen = Date.now();
    expect(await taken.locator('figcaption').textContent()).toMatch(/tar stikket/);
    await taken.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
    expect(Date.now() - seen).toBeGreaterThanOrEqual(1000);
    expect(seen - start).toBeLessThan(20_000);
    await page.close();
    await player;
  }, 60_000);

  it('an offline game survives a reload: the setup page offers to go on with it where it stood', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/?speed=fast&seed=resume#/play`);
    await page.getByRole('button', { name: 'Start' }).press('Enter');
    const hand = page.getByRole('list', { name: /Din hånd/ });
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Din tur' }).count(), { timeout: 20_000 }).toBe(1);
    await page.getByRole('button', { name: /^Trekk\./ }).press('Enter');
    await expect.poll(() => hand.getByRole('listitem').count()).toBe(6);
    const cards = await hand.getByRole('listitem').allTextContents();
    await page.reload();
    await page.getByRole('button', { name: /^Fortsett spillet/ }).press('Enter');
    await expect.poll(() => hand.getByRole('listitem').allTextContents()).toEqual(cards);
    await context.close();
  }, 60_000);

  it('a tab over the connection limit is told why (over_limit), in words, and connects once another tab closes', async () => {
    const own = await startServer(config({ limits: { ...config().limits, connectionsPerGuest: 1 } }));
    const context = await browser.newContext();
    const first = await context.newPage();
    await first.goto(`${own.url}/#/new`);
    await first.getByLabel('Ditt navn').fill('Anne');
    await first.getByRole('button', { name: 'Lag bord' }).press('Enter');
    const link = (await first.locator('.share code').textContent())!;
    // The same guest in a second tab: the server refuses the second connection, and the page says why.
    const second = await context.newPage();
    await second.goto(link);
    await second.getByRole('button', { name: 'Bli med' }).press('Enter');
    await expect.poll(() => second.getByText(/lukk en fane/).count(), { timeout: 15_000 }).toBe(1);
    // The first tab closes: the second connects on its next try and sits down.
    await first.close();
    await second.waitForTimeout(11_000);
    await second.getByRole('button', { name: 'Bli med' }).press('Enter');
    await expect.poll(() => second.getByRole('button', { name: 'Start spillet' }).count(), { timeout: 15_000 }).toBe(1);
    await context.close();
    await own.close();
  }, 60_000);

  it('two browsers play each other online through the server, created and joined by link', async () => {
    const anne = await (await browser.newContext()).newPage();
    const bo = await (await browser.newContext({ viewport: { width: 360, height: 640 } })).newPage();
    await anne.goto(`${server.url}/#/new`);
    await anne.getByLabel('Ditt navn').fill('Anne');
    await anne.getByLabel('Plass 3').selectOption('greedy');
    await anne.getByLabel('Plass 4').selectOption('greedy');
    await anne.getByRole('button', { name: 'Lag bord' }).press('Enter');
    const link = (await anne.locator('.share code').textContent())!;
    expect(link).toMatch(/#\/t\/[A-Z2-9]{10}$/);
    // The host is told it is her table, not invited to it (issue 38, fresh-eyes pass).
    expect(await anne.getByText('Du har laget et bord for Olsen: send lenken til dem du vil spille med.').count()).toBe(1);
    await bo.goto(link);
    await bo.getByLabel('Ditt navn').fill('Bo');
    await bo.getByRole('button', { name: 'Bli med' }).press('Enter');
    await expect.poll(() => anne.getByRole('listitem').filter({ hasText: /^Bo$/ }).count()).toBe(1);
    await anne.getByRole('button', { name: 'Start spillet' }).press('Enter');
    // Bo reloads the page: same token, same seat, the game goes on.
    await expect.poll(() => bo.getByRole('list', { name: /Din hånd/ }).count(), { timeout: 15_000 }).toBe(1);
    await bo.reload();
    await expect.poll(() => bo.getByRole('list', { name: /Din hånd/ }).count()).toBe(1);
    await Promise.all([playByKeyboard(anne, /Spillet er over/), playByKeyboard(bo, /Spillet er over/)]);
    // Bo reviews his own seat of the online game from its public record.
    await bo.getByRole('link', { name: 'Analyse' }).click();
    await expect.poll(() => bo.getByRole('img', { name: 'Vinnersjansen din gjennom spillet' }).isVisible(), { timeout: 60_000 }).toBe(true);
    expect(bo.url()).toMatch(/#\/analyse\/[^/]+\/1$/);
    await expect.poll(() => bo.locator('p').filter({ hasText: /^Bo: \d+ valg/ }).count()).toBe(1);
    // Both saw the same result, and the record is there to download and replay.
    await expect.poll(() => anne.getByRole('link', { name: 'Spill av' }).isVisible()).toBe(true);
    await anne.getByRole('link', { name: 'Spill av' }).press('Enter');
    await expect.poll(() => anne.getByRole('status').filter({ hasText: /Steg 0 av/ }).count()).toBe(1);
    // The replay is drawn as the table: the seats, the pile, every hand.
    await expect.poll(() => anne.locator('.replay-table .opponents .opponent').count()).toBe(4);
    await expect.poll(() => anne.locator('.replay-table .pile').count()).toBe(1);
    await anne.getByRole('button', { name: 'Neste' }).press('Enter');
    await expect.poll(() => anne.getByRole('status').filter({ hasText: /Steg 1 av/ }).count()).toBe(1);
    await anne.context().close();
    await bo.context().close();
  }, 240_000);

  it('online: every table link shows its own table, an unknown code says so, a name is asked for, a spectator reloads as a spectator, and leaving hands the seat to the computer until the player is back', async () => {
    const make = async (page: Page, name: string): Promise<string> => {
      await page.goto(`${server.url}/#/new`);
      await page.getByLabel('Ditt navn').fill(name);
      await page.getByLabel('Plass 3').selectOption('greedy');
      await page.getByRole('button', { name: 'Lag bord' }).press('Enter');
      const link = (await page.locator('.share code').textContent())!;
      return link.slice(link.indexOf('#/t/') + 4);
    };
    const anne = await (await browser.newContext()).newPage();
    const first = await make(anne, 'Anne');
    const second = await make(anne, 'Anne');
    // Links followed in one tab: each shows its own table; a code that does not exist says so, in Norwegian.
    await anne.goto(`${server.url}/#/t/${first}`);
    await expect.poll(() => anne.getByText(first).count()).toBeGreaterThan(0);
    await anne.evaluate(() => (location.hash = '#/t/NOPE99'));
    await expect.poll(() => anne.getByRole('alert').textContent()).toContain('Fant ikke bordet NOPE99');
    await anne.evaluate((c) => (location.hash = `#/t/${c}`), second);
    await expect.poll(() => anne.getByText(second).count()).toBeGreaterThan(0);
    await expect.poll(() => anne.getByRole('alert').count()).toBe(0);

    // A guest without a name is asked for one; no one joins as "Du".
    const bo = await (await browser.newContext({ viewport: { width: 360, height: 640 } })).newPage();
    await bo.goto(`${server.url}/#/t/${second}`);
    // The invite says what it is: who asks, which game, the rules and the timer.
    await expect.poll(() => bo.getByText('Anne inviterer deg til Olsen.').count()).toBe(1);
    await expect.poll(() => bo.getByText('Ingen tidsfrist.').count()).toBe(1);
    await expect.poll(() => bo.getByText('Vanlige regler, ingen husregler.').count()).toBe(1);
    await bo.getByRole('button', { name: 'Bli med' }).press('Enter');
    await expect.poll(() => bo.getByRole('alert').textContent()).toContain('Skriv navnet ditt først');
    await bo.getByLabel('Ditt navn').fill('Bo');
    await bo.getByRole('button', { name: 'Bli med' }).press('Enter');
    await expect.poll(() => anne.getByRole('listitem').filter({ hasText: /^Bo$/ }).count()).toBe(1);

    // A spectator who reloads is still a spectator.
    const cleo = await (await browser.newContext()).newPage();
    await cleo.goto(`${server.url}/#/t/${second}`);
    await cleo.getByRole('button', { name: 'Se på' }).press('Enter');
    await expect.poll(() => cleo.locator('section.waiting').count()).toBe(1);
    await cleo.reload();
    await expect.poll(() => cleo.locator('section.waiting').count()).toBe(1);
    expect(await cleo.getByRole('alert').count()).toBe(0);

    // Bo leaves a running game: the computer takes his seat at once; the link gives it back.
    await anne.getByRole('button', { name: 'Start spillet' }).press('Enter');
    await expect.poll(() => bo.getByRole('list', { name: /Din hånd/ }).count(), { timeout: 15_000 }).toBe(1);
    // Someone new opening the link of a game under way is told so at once and offered to watch, not to join.
    const dag = await (await browser.newContext()).newPage();
    await dag.goto(`${server.url}/#/t/${second}`);
    await expect.poll(() => dag.getByText('Spillet er i gang: du kan se på.').count()).toBe(1);
    expect(await dag.getByRole('button', { name: 'Bli med' }).count()).toBe(0);
    await dag.getByRole('button', { name: 'Se på' }).press('Enter');
    await expect.poll(() => dag.locator('section.table').count(), { timeout: 10_000 }).toBe(1);
    await dag.context().close();
    bo.once('dialog', (d) => void d.accept());
    await bo.getByRole('button', { name: /Tilbake/ }).press('Enter');
    await expect.poll(() => anne.locator('.opponent', { hasText: 'Bo' }).getByText('datamaskinen spiller').count(), { timeout: 10_000 }).toBe(1);
    // The home page lists his game ("Dine spill") with the way back.
    const mine = bo.getByRole('region', { name: 'Dine spill' }).getByRole('link');
    await expect.poll(() => mine.count(), { timeout: 10_000 }).toBe(1);
    await mine.press('Enter');
    await expect.poll(() => bo.getByRole('list', { name: /Din hånd/ }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => anne.locator('.opponent', { hasText: 'Bo' }).getByText('datamaskinen spiller').count(), { timeout: 10_000 }).toBe(0);
    for (const p of [anne, bo, cleo]) await p.context().close();
  }, 120_000);

  it('issue 38 (3): the computer\'s moves for a person who left are marked in the results and left out of their review', async () => {
    const anne = await (await browser.newContext()).newPage();
    const bo = await (await browser.newContext({ viewport: { width: 360, height: 640 } })).newPage();
    await anne.goto(`${server.url}/#/new`);
    await anne.getByLabel('Ditt navn').fill('Anne');
    await anne.getByLabel('Plass 3').selectOption('greedy');
    await anne.getByRole('button', { name: 'Lag bord' }).press('Enter');
    const link = (await anne.locator('.share code').textContent())!;
    await bo.goto(link);
    await bo.getByLabel('Ditt navn').fill('Bo');
    await bo.getByRole('button', { name: 'Bli med' }).press('Enter');
    await expect.poll(() => anne.getByRole('listitem').filter({ hasText: /^Bo$/ }).count()).toBe(1);
    await anne.getByRole('button', { name: 'Start spillet' }).press('Enter');
    await expect.poll(() => bo.getByRole('list', { name: /Din hånd/ }).count(), { timeout: 15_000 }).toBe(1);
    // Bo leaves at once: the computer plays his hand out.
    bo.once('dialog', (d) => void d.accept());
    await bo.getByRole('button', { name: /Tilbake/ }).press('Enter');
    await playByKeyboard(anne, /Spillet er over/);
    const results = anne.getByRole('region', { name: 'Spillet er over' });
    await expect.poll(() => results.locator('th', { hasText: 'Bo' }).textContent()).toContain('datamaskinen spilte for Bo');
    // Bo's review says how many of his moves the computer made, and judges none of them.
    const replay = (await anne.getByRole('link', { name: 'Spill av' }).getAttribute('href'))!;
    const id = replay.split('/').pop()!;
    await bo.goto(`${server.url}/#/analyse/${id}/1`);
    await expect.poll(() => bo.locator('p.by-computer').textContent(), { timeout: 60_000 }).toMatch(/^Datamaskinen gjorde (ett trekk|\d+ trekk) for Bo \(borte fra bordet, eller tiden gikk ut\): (det|de) er ikke vurdert\.$/);
    await anne.context().close();
    await bo.context().close();
  }, 240_000);

  it('issue 38 (4): games against the computer are counted on the device, by game, in plain words and the page\'s numbers', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    await page.goto(`${server.url}/?speed=fast&seed=count#/play`);
    await page.getByRole('spinbutton', { name: 'Spillere' }).fill('2');
    await page.getByRole('button', { name: 'Start' }).press('Enter');
    await playByKeyboard(page, /Spillet er over/);
    const won = (await page.getByRole('heading', { name: /Spillet er over/ }).textContent())!.includes('Du vant');
    await page.goto(`${server.url}/#/stats`);
    const table = page.locator('.stats table').first();
    await expect.poll(() => page.locator('.stats h2').first().textContent()).toBe('Mot datamaskinen');
    const cells = await table.locator('tbody tr').first().locator('th, td').allTextContents();
    // One game of Olsen, won or not, its place written with a decimal comma.
    expect(cells.slice(0, 3)).toEqual(['Olsen', '1', won ? '1' : '0']);
    expect(cells[3]).toMatch(/^\d,\d$/);
    expect(await page.locator('.stats').textContent()).not.toMatch(/OpenSkill|Rating|-\d/);
    // A second game adds to the same row.
    await page.goto(`${server.url}/?speed=fast&seed=count-2#/play`);
    await page.getByRole('spinbutton', { name: 'Spillere' }).fill('2');
    await page.getByRole('button', { name: 'Start' }).press('Enter');
    await playByKeyboard(page, /Spillet er over/);
    await page.goto(`${server.url}/#/stats`);
    await expect.poll(async () => (await page.locator('.stats table').first().locator('tbody tr').first().locator('td').first().textContent())).toBe('2');
    await page.close();
  }, 200_000);

  it('issue 38 (6): at the table with friends — an avatar at the seat, reactions shown at the sender\'s seat in each reader\'s language, a person muted, sound remembered', async () => {
    const anne = await (await browser.newContext()).newPage();
    const bo = await (await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'en-GB' })).newPage();
    // Anne chooses her face and colour once, on her profile page.
    await anne.goto(`${server.url}/#/profile`);
    await anne.locator('.profile .faces button', { hasText: '🦊' }).click();
    await expect.poll(() => anne.getByText('Lagret. Nye bord viser bildet ditt.').count()).toBe(1);
    await anne.goto(`${server.url}/#/new`);
    await anne.getByLabel('Ditt navn').fill('Anne');
    await anne.getByLabel('Plass 3').selectOption('greedy');
    await anne.getByRole('button', { name: 'Lag bord' }).press('Enter');
    const link = (await anne.locator('.share code').textContent())!;
    await bo.goto(link);
    await bo.getByLabel('Your name').fill('Bo');
    await bo.getByRole('button', { name: 'Join' }).press('Enter');
    await expect.poll(() => anne.getByRole('listitem').filter({ hasText: /^Bo$/ }).count()).toBe(1);
    await anne.getByRole('button', { name: 'Start spillet' }).press('Enter');
    await expect.poll(() => bo.getByRole('list', { name: /Your hand/ }).count(), { timeout: 15_000 }).toBe(1);
    // Bo sees Anne's face beside her name.
    const anneSeat = bo.locator('.opponent', { hasText: 'Anne' });
    await expect.poll(() => anneSeat.locator('.avatar').textContent()).toBe('🦊');
    // Anne says "Godt spilt!": Bo reads it in English at her seat; Anne sees her own.
    await anne.getByRole('button', { name: /Si noe/ }).click();
    await anne.getByRole('button', { name: 'Godt spilt!' }).click();
    await expect.poll(() => anneSeat.locator('.bubble-text').textContent(), { timeout: 10_000 }).toBe('Well played!');
    await expect.poll(() => anne.locator('.own-bubble .bubble-text').textContent()).toBe('Godt spilt!');
    // It goes after a few seconds.
    await expect.poll(() => anneSeat.locator('.bubble').count(), { timeout: 10_000 }).toBe(0);
    // Bo mutes Anne: her next reaction does not reach his screen.
    await anne.getByRole('button', { name: /Si noe/ }).click();
    await anne.getByRole('button', { name: 'Hei!' }).click();
    await expect.poll(() => anneSeat.locator('.bubble-text').textContent(), { timeout: 10_000 }).toBe('Hi!');
    await anneSeat.getByRole('button', { name: 'Mute Anne' }).click();
    await expect.poll(() => anneSeat.locator('.bubble').count()).toBe(0);
    await anne.getByRole('button', { name: /Si noe/ }).click();
    await anne.getByRole('button', { name: 'Tommel opp' }).click();
    await expect.poll(() => anne.locator('.own-bubble .bubble-text').textContent()).toBe('👍');
    await bo.waitForTimeout(1000);
    expect(await anneSeat.locator('.bubble').count()).toBe(0);
    // Sound: one toggle, remembered after a reload; the sounds' code comes only when sound is on.
    const toggle = bo.getByRole('button', { name: 'Sound' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    await bo.reload();
    await expect.poll(() => bo.getByRole('button', { name: 'Sound' }).getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('false');
    await anne.context().close();
    await bo.context().close();
  }, 120_000);

  it('issue 38 (7): a profile moves to another device with a one-time code (and its QR code): name, avatar, statistics; the code works once', async () => {
    const phone = await (await browser.newContext({ viewport: { width: 360, height: 640 } })).newPage();
    await phone.goto(`${server.url}/?speed=fast&seed=move#/play`);
    await phone.evaluate(() => localStorage.setItem('olsen.name', 'Mormor'));
    await phone.reload();
    await phone.getByRole('spinbutton', { name: 'Spillere' }).fill('2');
    await phone.getByRole('button', { name: 'Start' }).press('Enter');
    await playByKeyboard(phone, /Spillet er over/);
    await phone.goto(`${server.url}/#/profile`);
    await phone.locator('.profile .faces button', { hasText: '🦉' }).click();
    await expect.poll(() => phone.getByText('Lagret. Nye bord viser bildet ditt.').count()).toBe(1);
    await phone.getByRole('button', { name: 'Lag kode' }).click();
    await expect.poll(() => phone.locator('.made p[role="status"]').textContent()).toMatch(/^Koden er [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}\. Den virker én gang, i 10 minutter\.$/);
    const id = await phone.evaluate(() => localStorage.getItem('olsen.id'));
    expect(id).toBeTruthy();
    expect(await phone.locator('.qr svg').count()).toBe(1);
    const code = (await phone.locator('.made .code').textContent())!.trim();
    // The laptop: a new device. The code, typed in lower case without dashes, brings the profile.
    const laptop = await (await browser.newContext()).newPage();
    await laptop.goto(`${server.url}/#/profile`);
    await laptop.getByLabel('Kode').fill(code.toLowerCase().replace(/-/g, ''));
    await laptop.getByRole('button', { name: 'Bruk koden' }).click();
    await expect.poll(() => laptop.getByRole('status').filter({ hasText: 'Velkommen tilbake, Mormor' }).count()).toBe(1);
    expect(await laptop.evaluate(() => [localStorage.getItem('olsen.id'), localStorage.getItem('olsen.name'), JSON.parse(localStorage.getItem('olsen.avatar') ?? 'null')?.face])).toEqual([id, 'Mormor', '🦉']);
    await laptop.goto(`${server.url}/#/stats`);
    await expect.poll(() => laptop.locator('.stats table').first().locator('tbody tr').first().locator('td').first().textContent()).toBe('1');
    // Used once: the same code again names nothing, and says so.
    const third = await (await browser.newContext()).newPage();
    await third.goto(`${server.url}/#/profile/${code}`);
    await expect.poll(() => third.getByRole('alert').textContent()).toBe('Koden virker ikke: den er brukt, for gammel eller skrevet feil.');
    // Issue 51 (4): the laptop lists the profile's two devices and signs the phone out; the phone's token is refused.
    await laptop.goto(`${server.url}/#/profile`);
    const devices = laptop.locator('.profile .devices li');
    await expect.poll(() => devices.count()).toBe(2);
    expect(await devices.filter({ hasText: '(denne enheten)' }).count()).toBe(1);
    const other = devices.filter({ hasText: 'sist brukt i dag' });
    expect(await other.count()).toBe(1);
    const phoneToken = await phone.evaluate(() => localStorage.getItem('olsen.token'));
    const status = (p: typeof phone, token: string | null): Promise<number> => p.evaluate(async (t) => (await fetch('/api/profile/devices', { headers: { authorization: `Bearer ${t}` } })).status, token);
    expect(await status(phone, phoneToken)).toBe(200);
    await other.getByRole('button', { name: /^Logg ut / }).click();
    await expect.poll(() => laptop.getByRole('status').filter({ hasText: /er logget ut\.$/ }).count()).toBe(1);
    await expect.poll(() => devices.count()).toBe(1);
    expect(await status(phone, phoneToken)).toBe(401);
    for (const p of [phone, laptop, third]) await p.context().close();
  }, 200_000);

  it('a move the turn timer makes is told: to the person whose time ran out, and at that seat for the others', async () => {
    const anne = await (await browser.newContext({ viewport: { width: 360, height: 640 } })).newPage();
    await anne.goto(`${server.url}/#/new`);
    await anne.getByLabel('Ditt navn').fill('Anne');
    await anne.getByLabel(/Tid per trekk/).fill('5');
    await anne.getByRole('button', { name: 'Lag bord' }).press('Enter');
    const link = (await anne.locator('.share code').textContent())!;
    const bo = await (await browser.newContext({ viewport: { width: 360, height: 640 } })).newPage();
    await bo.goto(link);
    await bo.getByLabel('Ditt navn').fill('Bo');
    await bo.getByRole('button', { name: 'Bli med' }).press('Enter');
    await expect.poll(() => anne.getByRole('listitem').filter({ hasText: /^Bo$/ }).count()).toBe(1);
    await anne.getByRole('button', { name: 'Start spillet' }).press('Enter');
    // Anne starts and does nothing: after 5 s the computer moves for her.
    await expect.poll(() => anne.locator('.news').textContent(), { timeout: 15_000 }).toContain('Tiden gikk ut');
    await expect.poll(() => bo.locator('.opponent', { hasText: 'Anne' }).locator('.caption').textContent(), { timeout: 5_000 }).toContain('tiden gikk ut — datamaskinen');
    for (const p of [anne, bo]) await p.context().close();
  }, 60_000);

  it('a server restarted with a new secret: the tab becomes a guest of the same name again instead of waiting for ever', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'olsen-secret-'));
    let own = await startServer(config({ port, dataDir, secret: 'a'.repeat(32) }));
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${own.url}/#/new`);
    await page.getByLabel('Ditt navn').fill('Anne');
    await page.getByRole('button', { name: 'Lag bord' }).press('Enter');
    await expect.poll(() => page.locator('.share code').count()).toBe(1);
    const before = await page.evaluate(() => localStorage.getItem('olsen.token'));
    await own.close();
    own = await startServer(config({ port, dataDir, secret: 'b'.repeat(32) }));
    // The old token is refused (auth_failed); the page makes a new guest named Anne and connects.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('olsen.token')), { timeout: 20_000 }).not.toBe(before);
    await expect.poll(() => page.getByRole('status').filter({ hasText: /Kobler til igjen/ }).count(), { timeout: 20_000 }).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('olsen.name'))).toBe('Anne');
    await page.context().close();
    await own.close();
  }, 60_000);

  it('issue 49 (1): a player who dropped shows everyone at the table a countdown to the computer taking over, from the server\'s deadline; their return ends it and is told', async () => {
    const own = await startServer(config({ reconnectGraceMs: 9000, botDelayMs: 300 }));
    try {
      const anne = await (await browser.newContext()).newPage();
      await anne.goto(`${own.url}/#/new`);
      await anne.getByLabel('Ditt navn').fill('Anne');
      await anne.getByRole('button', { name: 'Lag bord' }).press('Enter');
      const link = (await anne.locator('.share code').textContent())!;
      const boContext = await browser.newContext();
      let bo = await boContext.newPage();
      await bo.goto(link);
      await bo.getByLabel('Ditt navn').fill('Ida');
      await bo.getByRole('button', { name: 'Bli med' }).press('Enter');
      await expect.poll(() => anne.getByRole('listitem').filter({ hasText: /^Ida$/ }).count()).toBe(1);
      await anne.getByRole('button', { name: 'Start spillet' }).press('Enter');
      await expect.poll(() => bo.getByRole('list', { name: /Din hånd/ }).count(), { timeout: 15_000 }).toBe(1);
      // Ida's phone drops (the tab is gone): Anne is told who is away and in how many seconds the computer plays.
      await bo.close();
      const note = anne.locator('.status .away-note:not(.back-note)');
      await note.waitFor({ timeout: 5000 });
      const first = (await note.textContent())!;
      expect(first).toMatch(/^Ida er borte – datamaskinen tar over om [1-9] s$/);
      expect(await anne.locator('.opponent', { hasText: 'Ida' }).locator('.badge.warn').textContent()).toMatch(/^borte · [1-9] s$/);
      // It counts down.
      const secs = (text: string): number => Number(/om (\d+) s/.exec(text)![1]);
      await expect.poll(async () => secs((await note.textContent()) ?? ''), { timeout: 4000 }).toBeLessThan(secs(first));
      // Ida is back: the countdown is gone from Anne's table.
      bo = await boContext.newPage();
      await bo.goto(link);
      await expect.poll(() => bo.getByRole('list', { name: /Din hånd/ }).count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => note.count(), { timeout: 5000 }).toBe(0);
      // And said, for a moment.
      await expect.poll(() => anne.locator('.status .back-note').textContent(), { timeout: 5000 }).toBe('Ida er tilbake');
      await anne.context().close();
      await boContext.close();
    } finally {
      await own.close();
    }
  }, 60_000);

  it('issue 49 (2): a server restart — two players and a spectator are back at the table within a second of the server answering; while disconnected no seat is told it may act', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'olsen-restart-'));
    let own = await startServer(config({ port, dataDir, botDelayMs: 300 }));
    const url = own.url;
    const anne = await (await browser.newContext()).newPage();
    await anne.goto(`${url}/#/new`);
    await anne.getByLabel('Ditt navn').fill('Anne');
    await anne.getByRole('button', { name: 'Lag bord' }).press('Enter');
    const link = (await anne.locator('.share code').textContent())!;
    const bo = await (await browser.newContext()).newPage();
    await bo.goto(link);
    await bo.getByLabel('Ditt navn').fill('Bo');
    await bo.getByRole('button', { name: 'Bli med' }).press('Enter');
    const cleo = await (await browser.newContext()).newPage();
    await cleo.goto(link);
    await cleo.getByRole('button', { name: 'Se på' }).press('Enter');
    await expect.poll(() => anne.getByRole('listitem').filter({ hasText: /^Bo$/ }).count()).toBe(1);
    await anne.getByRole('button', { name: 'Start spillet' }).press('Enter');
    for (const p of [anne, bo]) await expect.poll(() => p.getByRole('list', { name: /Din hånd/ }).count(), { timeout: 15_000 }).toBe(1);
    // Someone's turn: one of the two is told so, with cards to play.
    await expect.poll(async () => (await anne.getByText('Din tur').count()) + (await bo.getByText('Din tur').count()), { timeout: 15_000 }).toBe(1);
    await own.close();
    // Disconnected: every tab says so, and none is told it may act or offered a card.
    for (const p of [anne, bo]) {
      await p.locator('.banner').filter({ hasText: 'Kobler til igjen' }).waitFor({ timeout: 5000 });
      await expect.poll(() => p.getByText('Din tur').count()).toBe(0);
      expect(await p.getByRole('button', { name: /kan spilles$/ }).count()).toBe(0);
      expect(await p.getByRole('button', { name: /^Trekk\./ }).isEnabled()).toBe(false);
    }
    await new Promise((r) => setTimeout(r, 2500));
    own = await startServer(config({ port, dataDir, botDelayMs: 300 }));
    // The server answers from here: each tab is back when its banner says so (its table's fresh frame is in).
    const t0 = Date.now();
    const back = await Promise.all(
      [anne, bo, cleo].map(async (p) => {
        await p.getByRole('status').filter({ hasText: 'Tilbake i spillet' }).waitFor({ timeout: 10_000 });
        return Date.now() - t0;
      }),
    );
    console.log(JSON.stringify({ issue: '49 (2)', backAfterRestartMs: back }));
    // The figure is printed (the goal: at most 1.0 s); the bound here only catches a return to the old backoff (4 s).
    expect(Math.max(...back)).toBeLessThan(2500);
    await expect.poll(async () => (await anne.getByText('Din tur').count()) + (await bo.getByText('Din tur').count()), { timeout: 5000 }).toBe(1);
    // Still in the game: the players hold their hands, the spectator watches.
    for (const p of [anne, bo]) await expect.poll(() => p.getByRole('list', { name: /Din hånd/ }).count()).toBe(1);
    await expect.poll(() => cleo.locator('section.table').count()).toBe(1);
    for (const p of [anne, bo, cleo]) await p.context().close();
    await own.close();
  }, 90_000);

  it('issue 50 (2): a push delivered to the service worker (DevTools protocol) shows "Din tur …", tapping it opens the table, and one for the table in view shows nothing', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['notifications'], { origin: server.url });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const r = e.registrations.find((x) => !x.isDeleted && x.scopeURL.startsWith(server.url));
        if (r) resolve(r.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    // (No badge count here: this headless Chromium's renderer dies on setAppBadge.)
    const payload = { title: 'Din tur i Vri åtter med Mormor', body: 'Trykk for å åpne bordet.', url: '/#/t/ABCDEFGHJK', tag: 'olsen-ABCDEFGHJK' };
    // The open window hears what the worker did with the push.
    await page.evaluate(() => {
      const w = window as unknown as { pushes: unknown[] };
      w.pushes = [];
      navigator.serviceWorker.addEventListener('message', (e) => (e.data as { type?: string })?.type === 'olsen-push' && w.pushes.push(e.data));
    });
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(server.url).origin, registrationId: await registration, data: JSON.stringify(payload) });
    await expect.poll(() => page.evaluate(() => (window as unknown as { pushes: { type: string }[] }).pushes.length), { timeout: 10_000 }).toBe(1);
    const heard = (await page.evaluate(() => (window as unknown as { pushes: { type: string; message: unknown; shown: boolean }[] }).pushes[0]))!;
    expect(heard).toMatchObject({ type: 'olsen-push', message: payload });
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    // Shown where the browser allows notifications (this headless Chromium answers "denied" whatever is granted).
    const permission = await worker.evaluate(() => Notification.permission);
    if (permission === 'granted') {
      expect(heard.shown).toBe(true);
      const titles = await worker.evaluate(async () => (await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()).map((n) => n.title));
      expect(titles).toEqual([payload.title]);
    } else console.log(JSON.stringify({ issue: '50 (2)', notificationPermission: permission, shown: heard.shown }));
    // A tap: the worker's notificationclick sends the open window of the app to the table.
    await worker.evaluate((url) => {
      const e = Object.assign(new Event('notificationclick'), { notification: { data: { url }, close: () => undefined }, waitUntil: (p: Promise<unknown>) => void p.catch(() => undefined) });
      (self as unknown as EventTarget).dispatchEvent(e);
    }, payload.url);
    await expect.poll(() => page.url(), { timeout: 10_000 }).toContain('#/t/ABCDEFGHJK');
    // The table in view now: a push for it (from a server process that does not know the page is open) shows nothing.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(server.url).origin, registrationId: await registration, data: JSON.stringify(payload) });
    await expect.poll(() => page.evaluate(() => (window as unknown as { pushes: { type: string }[] }).pushes.length), { timeout: 10_000 }).toBe(2);
    expect(await page.evaluate(() => (window as unknown as { pushes: { looking: boolean; shown: boolean }[] }).pushes[1])).toMatchObject({ looking: true, shown: false });
    expect((await page.evaluate(() => (window as unknown as { pushes: { looking: boolean }[] }).pushes[0]))!.looking).toBe(false);
    await context.close();
  }, 60_000);

  it('issue 50 (1, 3): a turn-based Vri åtter game between two browsers over a server restart; a move the computer made when time ran out is marked', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'olsen-turn-based-web-'));
    const cfg = config({ port, dataDir, botDelayMs: 100, turnBasedMoveSeconds: 4 });
    let own = await startServer(cfg);
    const anne = await (await browser.newContext()).newPage();
    await anne.goto(`${own.url}/#/new`);
    await anne.getByLabel('Ditt navn').fill('Mormor');
    await anne.getByRole('combobox').first().selectOption('vri-atter');
    await anne.getByLabel('Når spiller dere?').selectOption('24');
    expect(await anne.getByText('Går tiden ut, gjør datamaskinen det ene trekket for deg').count()).toBe(1);
    await anne.getByRole('button', { name: 'Lag bord' }).press('Enter');
    const link = (await anne.locator('.share code').textContent())!;
    const ida = await (await browser.newContext()).newPage();
    await ida.goto(link);
    expect(await ida.locator('.invite').innerText()).toContain('Spill over tid');
    await ida.getByLabel('Ditt navn').fill('Ida');
    await ida.getByRole('button', { name: 'Bli med' }).press('Enter');
    await expect.poll(() => anne.getByRole('listitem').filter({ hasText: /^Ida$/ }).count()).toBe(1);
    await anne.getByRole('button', { name: 'Start spillet' }).press('Enter');
    for (const p of [anne, ida]) await expect.poll(() => p.getByRole('list', { name: /Din hånd/ }).count(), { timeout: 15_000 }).toBe(1);
    expect(await anne.locator('.table-bar').innerText()).toContain('Spill over tid');
    // A restart in the middle: both tables come back by themselves, still over days.
    await own.close();
    own = await startServer(cfg);
    for (const p of [anne, ida]) await p.getByRole('status').filter({ hasText: 'Tilbake i spillet' }).waitFor({ timeout: 10_000 });
    // Ida goes away: when her time runs out, the computer makes her move, and Mormor sees it marked as the timer's.
    await ida.context().close();
    const marked = anne.locator('.opponent .caption', { hasText: /tiden/i });
    const end = Date.now() + 40_000;
    while (Date.now() < end && (await marked.count()) === 0) {
      await personStep(anne);
      await anne.waitForTimeout(200);
    }
    expect(await marked.count()).toBeGreaterThan(0);
    await anne.context().close();
    await own.close();
  }, 120_000);

  it('plays offline with the server stopped and the network off (the service worker serves the app)', async () => {
    const own = await startServer(config());
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${own.url}/?speed=fast#/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await own.close();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('link', { name: 'Spill mot datamaskinen' }).first().press('Enter');
    await page.getByRole('button', { name: 'Start' }).press('Enter');
    await playByKeyboard(page, /Spillet er over/);
    // Playing with friends needs the server: said as such, with what still works, not "something went wrong".
    await page.evaluate(() => (location.hash = '#/new'));
    await page.getByLabel('Ditt navn').fill('Ida');
    await page.getByRole('button', { name: 'Lag bord' }).press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Spill med venner trenger serveren');
    await context.close();
  }, 180_000);

  it('has no serious accessibility violations (axe-core) on the main pages and the table', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    const found: Record<string, unknown> = {};
    for (const route of ['#/', '#/play', '#/new', '#/rules', '#/stats']) {
      await page.goto(`${server.url}/${route}`);
      await page.waitForTimeout(100);
      const v = await axe(page);
      if (v.length) found[route] = v;
    }
    for (const game of ['olsen', 'vri-atter', 'vri-atter-002', 'olsen-dk']) {
      await page.goto(`${server.url}/?speed=fast&game=${game}#/play`);
      await page.getByRole('combobox').first().selectOption(game);
      await page.getByRole('button', { name: 'Start' }).press('Enter');
      await expect.poll(() => page.getByRole('list', { name: /Din hånd/ }).count()).toBe(1);
      await page.waitForTimeout(200);
      const v = await axe(page);
      if (v.length) found[`table ${game}`] = v;
    }
    expect(found).toEqual({});
    await page.close();
  }, 120_000);

  it('speaks one language at a time: on the Norwegian, English, Dutch and German pages and tables no word of the other three', async () => {
    // Words that belong to one language only (names such as Kari, Olsen or Vri åtter belong to all).
    const own: Record<'nb' | 'en' | 'nl' | 'de', string[]> = {
      nb: ['Din', 'Du', 'Spill', 'Trekk', 'Husregler', 'Innstillinger', 'spillere', 'datamaskin', 'datamaskinen', 'kort', 'og', 'ikke', 'hjerter', 'spar', 'ruter', 'kløver', 'Tilbake', 'tur', 'Regler', 'Statistikk'],
      en: ['Your', 'You', 'Play', 'Draw', 'Settings', 'House', 'the', 'Statistics', 'player', 'players', 'card', 'cards', 'default', 'yes', 'clubs', 'hearts', 'spades', 'diamonds', 'Back', 'turn', 'Hint', 'Rules'],
      nl: ['Jij', 'Je', 'Speel', 'Trekken', 'Huisregels', 'Instellingen', 'spelers', 'kaart', 'kaarten', 'niet', 'harten', 'schoppen', 'ruiten', 'klaveren', 'Terug', 'beurt', 'Regels', 'het', 'een', 'Statistieken'],
      de: ['Dein', 'Deine', 'Du', 'Spielen', 'Ziehen', 'Hausregeln', 'Einstellungen', 'Spieler', 'Karte', 'Karten', 'nicht', 'Herz', 'Pik', 'Karo', 'Kreuz', 'Zurück', 'Zug', 'Regeln', 'und', 'Statistik'],
    };
    const langs = ['nb', 'en', 'nl', 'de'] as const;
    const words = Object.fromEntries(langs.map((l) => {
      // Another language's word that this one shares (German and Norwegian "Du") does not count against it.
      const foreign = langs.filter((o) => o !== l).flatMap((o) => own[o]).filter((w) => !own[l].includes(w));
      return [l, new RegExp(`(?<![\\p{L}])(${[...new Set(foreign)].join('|')})(?![\\p{L}])`, 'u')];
    })) as Record<(typeof langs)[number], RegExp>;
    const found: string[] = [];
    for (const lang of langs) {
      const other = words[lang];
      const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
      // Before the app's own scripts on every page: the app would otherwise store its default first.
      await page.addInitScript((l) => localStorage.setItem('olsen.lang', l), lang);
      const check = async (where: string): Promise<void> => {
        const text = await page.evaluate(() => document.body.innerText);
        const hit = other.exec(text);
        if (hit) found.push(`${lang} ${where}: "${hit[0]}" in …${text.slice(Math.max(0, hit.index - 30), hit.index + 30).replace(/\s+/g, ' ')}…`);
      };
      for (const route of ['#/', '#/play', '#/new', '#/rules', '#/stats', '#/daily', '#/analyse']) {
        await page.goto(`${server.url}/?l=${lang}${route}`);
        await page.waitForTimeout(route === '#/daily' ? 600 : 150);
        const fold = page.locator('details.house-rules summary');
        if (await fold.count()) await fold.click();
        await check(route);
      }
      for (const game of ['olsen', 'vri-atter', 'vri-atter-002', 'olsen-dk']) {
        await page.goto(`${server.url}/?speed=fast&l=${lang}&g=${game}#/play`);
        await page.getByRole('combobox').first().selectOption(game);
        await page.locator('form.setup button[type=submit]').press('Enter');
        await page.waitForTimeout(600);
        const moves = page.locator('details.move-list summary');
        if (await moves.count()) await moves.click();
        await check(`table ${game}`);
      }
      await page.close();
    }
    expect(found).toEqual([]);
  }, 240_000);

  it("picks the browser's language on a first visit: Dutch, German, Norwegian for nn, English for en-US, Norwegian for anything else", async () => {
    const want: [string, string][] = [['nl-BE', 'Speel tegen de computer'], ['de-AT', 'Gegen den Computer spielen'], ['nn-NO', 'Spill mot datamaskinen'], ['en-US', 'Play the computer'], ['fr-FR', 'Spill mot datamaskinen']];
    for (const [locale, text] of want) {
      const context = await browser.newContext({ locale, viewport: { width: 360, height: 640 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/#/`);
      await expect.poll(() => page.getByRole('link', { name: text }).first().isVisible(), { message: locale, timeout: 10_000 }).toBe(true);
      // A language picked in the settings wins over the browser's from then on.
      if (locale === 'de-AT') {
        await page.locator('details.settings summary').click();
        await page.getByLabel('Sprache').selectOption('nl');
        await expect.poll(() => page.evaluate(() => localStorage.getItem('olsen.lang')), { timeout: 10_000 }).toBe('nl');
        await page.reload();
        await expect.poll(() => page.getByRole('link', { name: 'Speel tegen de computer' }).first().isVisible(), { timeout: 10_000 }).toBe(true);
      }
      await context.close();
    }
  }, 60_000);

  it('keeps the first page within the budget: its JavaScript and CSS ≤ 30 KB on the wire (brotli), the rest on demand', () => {
    const out = execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/check-budget.mjs', import.meta.url))], { encoding: 'utf8' });
    const r = JSON.parse(out) as { budget: number; firstPageBr: number; later: { file: string }[] };
    expect(r.firstPageBr).toBeLessThanOrEqual(30 * 1024);
    expect(r.firstPageBr).toBeGreaterThan(1000);
    // The pages, the other languages' words and the game worker are not in the first page.
    for (const chunk of ['setup', 'analyse', 'en', 'words-de', 'words-nl', 'game-worker']) expect(r.later.some((c) => c.file.startsWith(`assets/${chunk}-`)), chunk).toBe(true);
  });

  it('asks for the setup page, the table and the game worker with the first page only when the page opens on #/play', async () => {
    const out = execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/check-budget.mjs', import.meta.url))], { encoding: 'utf8' });
    const r = JSON.parse(out) as { playRoute: { more: { file: string }[] } };
    for (const chunk of ['setup', 'table', 'game-worker']) expect(r.playRoute.more.some((c) => c.file.startsWith(`assets/${chunk}-`)), chunk).toBe(true);
    for (const [hash, early] of [['#/', false], ['#/play', true]] as const) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (q) => asked.push(q.url().replace(/.*\/assets\//, '')));
      await page.goto(`${server.url}/${hash}`);
      await page.waitForLoadState('load');
      // The home page has its own code only (the worker comes when the page is idle, the setup page's code never).
      expect(asked.some((u) => u.startsWith('setup-')), hash).toBe(early);
      if (early) {
        await page.getByRole('button', { name: 'Start' }).click();
        await expect.poll(() => page.locator('.hand .card').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      }
      await context.close();
    }
  }, 60_000);

  it('serves the app compressed: brotli or gzip as the browser takes it, with Vary, and the page itself too', async () => {
    const asset = (await (await fetch(`${server.url}/`)).text()).match(/assets\/index-[^"]+\.js/)![0];
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['identity', undefined]] as const) {
      for (const path of ['/', `/${asset}`]) {
        const r = await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': accept } });
        expect(r.status, `${path} ${accept}`).toBe(200);
        expect(r.headers.get('content-encoding') ?? undefined, `${path} ${accept}`).toBe(encoding);
        if (encoding) expect(r.headers.get('vary')).toMatch(/accept-encoding/i);
      }
    }
  });
});
