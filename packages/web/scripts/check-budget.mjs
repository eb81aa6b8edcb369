// The bundle budget: the JavaScript a first visit loads (index.html's module and what it imports
// statically), gzipped, must stay within 100 KB. The worker with the engine and bots loads later.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const BUDGET = 100 * 1024;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/?([^"]+)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+)"/g)].map((m) => m[1]);
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
const sizes = [...seen].map((f) => ({ file: f, gzip: gzipSync(readFileSync(join(dist, f))).length }));
const total = sizes.reduce((a, b) => a + b.gzip, 0);
const all = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js')).map((f) => ({ file: `assets/${f}`, gzip: gzipSync(readFileSync(join(dist, 'assets', f))).length }));
console.log(JSON.stringify({ budget: BUDGET, initialGzip: total, initial: sizes, allChunks: all }));
if (total > BUDGET) {
  console.error(`Initial JavaScript is ${(total / 1024).toFixed(1)} KB gzipped; the budget is ${BUDGET / 1024} KB.`);
  process.exit(1);
}
