/** Text from outside as it goes into a message: bounded, whatever was sent. */

/** A string from outside as it goes into a message: at most 80 characters. */
export const clip = (text: string, max = 80): string => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * Any value from outside as it goes into a message, in JSON's spelling and at
 * most 80 characters: strings are cut before they are quoted, and lists and
 * objects show their first entries one level deep, so neither a 50 MB string
 * nor a list nested 20,000 deep costs more than a glance (JSON.stringify would
 * copy the one and overflow the stack on the other).
 */
export function quote(value: unknown, max = 80): string {
  return typeof value === 'string' ? JSON.stringify(clip(value, max)) : clip(shallow(value, 1, max), max);
}

function shallow(x: unknown, depth: number, max: number): string {
  if (typeof x === 'string') return JSON.stringify(x.length > max ? x.slice(0, max) : x);
  if (typeof x !== 'object' || x === null) return String(x);
  if (depth === 0) return Array.isArray(x) ? '[…]' : '{…}';
  const parts: string[] = [];
  let more = false;
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      if (i === 4) { more = true; break; }
      parts.push(shallow(x[i], depth - 1, max));
    }
    return `[${parts.join(',')}${more ? ',…' : ''}]`;
  }
  let n = 0;
  for (const k in x) {
    if (!Object.hasOwn(x, k)) continue;
    if (n++ === 4) { more = true; break; }
    parts.push(`${JSON.stringify(k.length > max ? k.slice(0, max) : k)}:${shallow((x as Record<string, unknown>)[k], depth - 1, max)}`);
  }
  return `{${parts.join(',')}${more ? ',…' : ''}}`;
}
