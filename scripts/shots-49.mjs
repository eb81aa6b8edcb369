// Screens of issue 49 to look at (not a test): the countdown for a dropped player, the late call's countdown at a
// calm table, the house-rules form with a number out of range, a lesson, the round table by the standing, a
// spectator, in Norwegian and English, on a phone and a desktop. Writes PNGs to the folder given (default /tmp/shots49).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumPath } from './chromium.mjs';
import { DEFAULTS, startServer } from '@olsen/server';

const out = process.argv[2] ?? '/tmp/shots49';
const web = fileURLToPath(new URL('../packages/web/dist/', import.meta.url));
const server = await startServer({ ...DEFAULTS, port: 0, dataDir: mkdtempSync(join(tmpdir(), 'olsen-shots-')), logLevel: 'silent', webDir: web, botDelayMs: 300, reconnectGraceMs: 45_000, rateLimit: { points: 100_000, seconds: 1 }, limits: { ...DEFAULTS.limits, httpPerMinute: 1e6, guestsPerHour: 1e6, connectionsPerAddress: 1e4, codeMissesPerMinute: 1e4, runningPerAddress: 1e4 } });
const browser = await chromium.launch({ executablePath: await chromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'] });
const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };
const W = { nb: { name: 'Ditt navn', make: 'Lag bord', join: 'Bli med', start: 'Start spillet', watch: 'Se på', rules: 'Husregler', hand: /Din hånd/, tempo: 'Tempo', late: /^Ett kort igjen! · \d s$/, bank: /^Bank i bordet! · \d s$/, playable: /kan spilles$/, draw: /^Trekk\./, pass: /^Pass$/, round: /^(Runden er over|Spillet er over)/, next: 'Neste runde' }, en: { name: 'Your name', make: 'Create table', join: 'Join', start: 'Start the game', watch: 'Watch', rules: 'House rules', hand: /Your hand/, tempo: 'Pace', late: /^One card left! · \d s$/, bank: /^Bang the table! · \d s$/, playable: /playable$/, draw: /^Draw\./, pass: /^Pass$/, round: /^(Round over|Game over)/, next: 'Next round' } };
const shot = (page, name) => page.screenshot({ path: `${out}/${name}.png` });

async function step(page, w) {
  const dialog = page.getByRole('dialog');
  const press = (l) => l.press('Enter', { timeout: 1500 }).catch(() => undefined);
  if (await dialog.isVisible()) return press(dialog.getByRole('button').first());
  const card = page.getByRole('button', { name: w.playable }).first();
  if (await card.count()) return press(card);
  const draw = page.getByRole('button', { name: w.draw });
  if (await draw.isEnabled().catch(() => false)) return press(draw);
  const pass = page.getByRole('button', { name: w.pass });
  if (await pass.isVisible()) return press(pass);
  await page.waitForTimeout(50);
}

for (const lang of ['nb', 'en']) {
  const w = W[lang];
  const locale = lang === 'nb' ? 'nb-NO' : 'en-GB';
  // 1. A dropped player's countdown, and a spectator (phone), online.
  {
    const anne = await (await browser.newContext({ locale, viewport: phone })).newPage();
    await anne.goto(`${server.url}/#/new`);
    await anne.getByLabel(w.name).fill('Anne');
    await anne.getByRole('button', { name: w.make }).press('Enter');
    const link = await anne.locator('.share code').textContent();
    const ida = await (await browser.newContext({ locale, viewport: phone })).newPage();
    await ida.goto(link);
    await ida.getByLabel(w.name).fill('Ida');
    await ida.getByRole('button', { name: w.join }).press('Enter');
    const spec = await (await browser.newContext({ locale, viewport: phone })).newPage();
    await spec.goto(link);
    await spec.getByRole('button', { name: w.watch }).press('Enter');
    await anne.waitForTimeout(800);
    await shot(anne, `${lang}-waiting-room-phone`);
    await anne.getByRole('button', { name: w.start }).press('Enter');
    await ida.getByRole('list', { name: w.hand }).waitFor();
    await ida.close();
    await anne.locator('.status .away-note').waitFor();
    await anne.waitForTimeout(2200);
    await shot(anne, `${lang}-away-countdown-phone`);
    await shot(spec, `${lang}-spectator-phone`);
    await anne.context().close();
    await spec.context().close();
  }
  // 2. House rules with a number out of range (phone and desktop).
  for (const [vp, tag] of [[phone, 'phone'], [desktop, 'desktop']]) {
    const page = await browser.newPage({ locale, viewport: vp });
    await page.goto(`${server.url}/?speed=fast#/play`);
    await page.getByRole('combobox').first().selectOption('vri-atter');
    await page.getByLabel(w.tempo).selectOption('calm');
    await page.getByText(w.rules, { exact: true }).click();
    await page.locator('#rule-targetScore').fill('0');
    await page.locator('#rule-targetScore').evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(300);
    await shot(page, `${lang}-house-rules-range-${tag}`);
    await page.close();
  }
  // 3. A lesson (phone), and a calm table's late call with its countdown, then the round's table.
  {
    const page = await browser.newPage({ locale, viewport: phone });
    await page.goto(`${server.url}/?speed=fast#/learn/vri-atter`);
    await page.getByRole('list', { name: w.hand }).waitFor();
    await page.waitForTimeout(500);
    await shot(page, `${lang}-lesson-first-turn-phone`);
    let late = false, bank = false;
    const end = Date.now() + 90_000;
    while (Date.now() < end && !(await page.getByRole('heading', { name: w.round }).isVisible())) {
      if (!bank && (await page.getByRole('button', { name: w.bank }).count())) {
        await shot(page, `${lang}-bank-countdown-phone`);
        bank = true;
      }
      if (!late && (await page.getByRole('button', { name: w.late }).count())) {
        await shot(page, `${lang}-late-call-countdown-phone`);
        late = true;
      }
      await step(page, w);
    }
    await page.waitForTimeout(800);
    await shot(page, `${lang}-round-over-phone`);
    await page.close();
  }
  // 4. The learn page and the home page (phone).
  {
    const page = await browser.newPage({ locale, viewport: phone });
    await page.goto(`${server.url}/#/learn`);
    await page.waitForTimeout(600);
    await shot(page, `${lang}-learn-phone`);
    await page.goto(`${server.url}/#/`);
    await page.waitForTimeout(600);
    await shot(page, `${lang}-home-phone`);
    await page.close();
  }
}
await browser.close();
await server.close();
console.log('done');
