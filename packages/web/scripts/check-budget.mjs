// The bundle budget, true to what travels: the first page's JavaScript (index.html's module and what it imports
// statically) and its CSS, as the server sends them — the brotli files the build writes beside each asset (gzip for
// a browser that takes no brotli) — must stay within 30 KB. Pages, words of other languages and the game worker
// come later, on demand. Prints one JSON line; exits 1 over the budget. A page opened on the setup page (`#/play`)
// also asks at once for what that page, the table and the game worker need (early-play.ts): reported as
// `playRoute`, beside the budget, since a person who came to play waits for them either way.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const BUDGET = 30 * 1024;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/?([^"]+)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+)"/g)].map((m) => m[1]);
const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/?([^"]+)"/g)].map((m) => m[1]);
const seen = new Set();
const queue = [...entries, ...preloads];
while (queue.length) {
  const f = queue.shift();
  if (seen.has(f)) continue;
  seen.add(f);
  const code = readFileSync(join(dist, f), 'utf8');
  // Static imports of other chunks: `import … from "./x.js"` / `import "./x.js"` (not dynamic `import(`).
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) queue.push(join(f, '..', m[1]));
}
const size = (f, ext) => (existsSync(join(dist, f + ext)) ? statSync(join(dist, f + ext)).size : statSync(join(dist, f)).size);
const first = [...seen, ...styles].map((file) => ({ file, br: size(file, '.br'), gzip: size(file, '.gz'), raw: statSync(join(dist, file)).size }));
const total = first.reduce((a, b) => a + b.br, 0);
const later = readdirSync(join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f) && !seen.has(`assets/${f}`) && !styles.includes(`assets/${f}`)).map((f) => ({ file: `assets/${f}`, br: size(`assets/${f}`, '.br') }));
// The early script's lists: the page's modules (modulepreload), then the game worker and the chunks it imports (fetched).
const lists = [...html.matchAll(/for\(const f of (\[[^\]]*\])\)/g)].map((m) => JSON.parse(m[1]).map((f) => f.slice(1)));
const play = lists.flat().map((file) => ({ file, br: size(file, '.br') }));
const playRoute = { br: total + play.reduce((a, b) => a + b.br, 0), more: play };
console.log(JSON.stringify({ budget: BUDGET, firstPageBr: total, firstPageGzip: first.reduce((a, b) => a + b.gzip, 0), firstPage: first, playRoute, later }));
if (total > BUDGET) {
  console.error(`The first page's JavaScript and CSS are ${(total / 1024).toFixed(1)} KB on the wire (brotli); the budget is ${BUDGET / 1024} KB.`);
  process.exit(1);
}
