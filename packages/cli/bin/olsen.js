#!/usr/bin/env node
// The `olsen` command. Runs the compiled CLI (npm run build compiles it).
import { main } from '../dist/main.js';

main(process.argv).catch((e) => {
  process.stderr.write(`olsen: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 2;
});
