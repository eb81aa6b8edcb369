// Screenshots of the table for docs/screenshots/: every game on a phone (360×640, what is in view
// without scrolling) and a desktop, a few moves in. Starts its own server with the built app
// (npm run build first) and drives Chromium: OLSEN_CHROMIUM, `chromium` on PATH, or @sparticuz/chromium.
//   node scripts/screenshots.mjs [only-this-name]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumPath } from './chromium.mjs';
import { DEFAULTS, startServer } from '@olsen/server';

const only = process.argv[2];
const out = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const web = fileURLToPath(new URL('../packages/web/dist/', import.meta.url));

const dataDir = mkdtempSync(join(tmpdir(), 'olsen-shots-'));
const server = await startServer({ ...DEFAULTS, port: 0, dataDir, logLevel: 'silent', webDir: web, botDelayMs: 300, rateLimit: { points: 100_000, seconds: 1 } });
const browser = await chromium.launch({ executablePath: await chromiumPath(), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'] });
const phone = { width: 360, height: 640 };
const desktop = { width: 1280, height: 800 };
const shots = [
  { name: 'olsen-phone', viewport: phone, game: 'olsen', players: 4, moves: 3 },
  { name: 'olsen-desktop', viewport: desktop, game: 'olsen', players: 4, moves: 3 },
  { name: 'vri-phone', viewport: phone, game: 'vri-atter', players: 6, moves: 4 },
  { name: 'vri-desktop', viewport: desktop, game: 'vri-atter', players: 6, moves: 4 },
  { name: 'danish-phone', viewport: phone, game: 'olsen-dk', players: 4, moves: 5 },
  { name: 'danish-desktop', viewport: desktop, game: 'olsen-dk', players: 4, moves: 5 },
  { name: 'setup-phone', viewport: phone, game: null },
  { name: 'setup-rules-phone', viewport: phone, game: null, rules: true },
  { name: 'setup-rules-desktop', viewport: desktop, game: null, rules: true },
  { name: 'home-phone', viewport: phone, game: null, path: '#/' },
  { name: 'home-desktop', viewport: desktop, game: null, path: '#/' },
];
try {
  for (const s of shots.filter((x) => !only || x.name === only)) {
    // The app takes the browser's language on a first visit: the pictures are of the Norwegian app.
    const page = await browser.newPage({ viewport: s.viewport, locale: 'nb-NO' });
    await page.goto(`${server.url}/?seed=shots${s.path ?? '#/play'}`);
    if (s.rules) {
      // Vri åtter's house rules open, with a choice the engine would refuse shown disabled and why.
      await page.getByRole('combobox').first().selectOption('vri-atter');
      await page.getByText('Husregler').click();
      await page.locator('#rule-specialCards').selectOption('true');
      await page.locator('#rule-svenskevri').scrollIntoViewIfNeeded();
    }
    if (s.game) {
      await page.getByRole('combobox').first().selectOption(s.game);
      await page.getByRole('spinbutton', { name: 'Spillere' }).fill(String(s.players));
      await page.getByRole('button', { name: 'Start' }).click();
      for (let i = 0, tries = 0; i < s.moves && tries < 300; tries++) {
        const mine = await page.getByRole('status').filter({ hasText: 'Din tur' }).count();
        const dialog = page.getByRole('dialog');
        if (await dialog.isVisible()) await dialog.getByRole('button').first().click();
        else if (mine) {
          const give = page.getByRole('button', { name: /^Gi kortene$/ });
          const card = page.getByRole('button', { name: /kan spilles$/ }).first();
          const draw = page.getByRole('button', { name: /^Trekk\./ });
          const pass = page.getByRole('button', { name: /^Pass$/ });
          if (await give.isVisible()) {
            for (const c of (await page.locator('button[aria-pressed="false"].card').all()).slice(0, 3)) await c.press('Enter');
            await give.click();
          } else if (await card.count()) await card.press('Enter');
          else if (await draw.isEnabled().catch(() => false)) await draw.click();
          else if (await pass.isVisible()) await pass.click();
          i++;
        }
        await page.waitForTimeout(150);
      }
      // Let the computer players make their moves, and catch one of them mid-caption.
      await page.waitForTimeout(700);
    }
    await page.screenshot({ path: `${out}${s.name}.png` });
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`screenshots in ${out}`);
