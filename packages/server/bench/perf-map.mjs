// Makes a V8 perf map (/tmp/perf-PID.map, written by `node --perf-basic-prof`) name each address after the code
// that is there now (not a script). V8 appends an entry whenever it places code and never removes one, so after
// a few minutes of collecting and optimising, an address range holds several entries; `perf report` and
// `perf script` then name samples after whichever came first (the server's move path showed up as a URL parser
// that ran once at start). This keeps, for every range, the newest entry that overlaps no newer one.
//
//   node packages/server/bench/perf-map.mjs /tmp/perf-PID.map      (rewrites the file; run before `perf script`)
import { readFileSync, writeFileSync } from 'node:fs';

const path = process.argv[2];
if (!path) {
  console.error('usage: node perf-map.mjs /tmp/perf-PID.map');
  process.exit(2);
}
const entries = readFileSync(path, 'utf8').split('\n').filter(Boolean).map((line, i) => {
  const [start, size] = line.split(' ', 2);
  const from = Number.parseInt(start, 16);
  return { from, to: from + Number.parseInt(size, 16), line, i };
});
// Newest first; a range is kept when no kept (newer) range overlaps it.
const kept = [];
for (const e of entries.reverse()) {
  let lo = 0;
  let hi = kept.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (kept[mid].from < e.from) lo = mid + 1;
    else hi = mid;
  }
  const before = kept[lo - 1];
  const after = kept[lo];
  if ((before && before.to > e.from) || (after && after.from < e.to)) continue;
  kept.splice(lo, 0, e);
}
writeFileSync(path, kept.map((e) => e.line).join('\n') + '\n');
console.log(JSON.stringify({ map: path, entries: entries.length, kept: kept.length }));
