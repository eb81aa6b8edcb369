// Screenshots of the table for the docs: phone (360×640) and desktop, both game families.
// Needs a running server with the built app: node packages/web/scripts/screenshots.mjs http://127.0.0.1:8080
import { chromium } from 'playwright-core';

const url = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = new URL('../../../docs/screenshots/', import.meta.url).pathname;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const shots = [
  { name: 'olsen-phone', viewport: { width: 360, height: 640 }, game: 'olsen', moves: 4 },
  { name: 'olsen-desktop', viewport: { width: 1280, height: 800 }, game: 'vri-atter', moves: 6 },
  { name: 'danish-phone', viewport: { width: 360, height: 640 }, game: 'olsen-dk', moves: 5 },
  { name: 'danish-desktop', viewport: { width: 1280, height: 800 }, game: 'olsen-dk', moves: 9 },
];
for (const s of shots) {
  const page = await browser.newPage({ viewport: s.viewport });
  await page.goto(`${url}/?speed=fast#/play`);
  await page.getByRole('combobox', { name: /^Spill/ }).first().selectOption(s.game);
  if (s.game === 'olsen-dk') await page.getByRole('spinbutton', { name: 'Spillere' }).fill('4');
  await page.getByRole('button', { name: 'Start' }).click();
  for (let i = 0, tries = 0; i < s.moves && tries < 200; tries++) {
    const card = page.getByRole('button', { name: /kan spilles$/ }).first();
    const draw = page.getByRole('button', { name: /^Trekk\./ });
    if (await page.getByRole('dialog').isVisible()) await page.getByRole('dialog').getByRole('button').first().click();
    else if (await card.count()) { await card.click(); i++; }
    else if (await draw.isEnabled().catch(() => false)) { await draw.click(); i++; }
    await page.waitForTimeout(120);
  }
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}${s.name}.png`, fullPage: s.viewport.width < 500 });
  await page.close();
}
await browser.close();
console.log(`screenshots in ${out}`);
