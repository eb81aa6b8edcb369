/**
 * One-time codes that move a guest's profile to another device (issue 38, item 7): the signed-in device asks
 * for a code; the other device gives it back within ten minutes and gets a token for the same player id (name,
 * avatar; the statistics and tables follow the id) with what the first device kept itself. A code works once
 * (deleted as it is read) and is 12 characters of 32 (60 bits): guessing it is hopeless, and an address that
 * names codes that do not exist is slowed like one guessing table codes.
 */
import { randomInt } from 'node:crypto';

/** No 0/O or 1/I: read aloud or typed from a phone without doubt. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const PROFILE_CODE_TTL_MS = 10 * 60_000;

/** A new code, shown in groups of four: `K7QM-2XRD-9BTP`. */
export function newProfileCode(): string {
  let s = '';
  for (let i = 0; i < 12; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
}

/** A code as typed (any case, spaces or no dashes) in its stored form, or null when it cannot be one. */
export function normalProfileCode(raw: string): string | null {
  const s = raw.toUpperCase().replace(/[\s-]/g, '');
  if (s.length !== 12 || [...s].some((c) => !ALPHABET.includes(c))) return null;
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
}
