// Which Chromium the scripts drive: OLSEN_CHROMIUM, else `chromium` on PATH, else @sparticuz/chromium from npm
// (the same order as the tests' setup).
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const onPath = (cmd) => (process.env.PATH ?? '').split(delimiter).map((d) => join(d, cmd)).find((p) => existsSync(p));

export async function chromiumPath() {
  if (process.env.OLSEN_CHROMIUM) return process.env.OLSEN_CHROMIUM;
  const found = onPath('chromium') ?? onPath('chromium-browser');
  if (found) return found;
  const { default: sparticuz } = await import('@sparticuz/chromium');
  return sparticuz.executablePath();
}
