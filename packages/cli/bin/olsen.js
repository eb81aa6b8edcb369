#!/usr/bin/env node
// The `olsen` command. Runs the compiled CLI (npm run build compiles it).
import { main } from '../dist/main.js';

// A reader that stops early (`olsen rules | head`) is not an error.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

main(process.argv).catch((e) => {
  process.stderr.write(`olsen: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 2;
});
