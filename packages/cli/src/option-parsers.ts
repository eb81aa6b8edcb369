/** Commander value parsers every command shares. */
import { InvalidArgumentError } from 'commander';

/** A whole number from `min` to `max` for `--name`, or commander's usage error (said in the run's language by usage-words.ts). */
export const int = (name: string, min: number, max: number) => (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`--${name} must be a whole number from ${min} to ${max}.`);
  return n;
};
