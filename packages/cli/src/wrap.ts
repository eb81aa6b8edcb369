/**
 * Lines fitted to the terminal: a line longer than the width breaks at word boundaries, the continuation
 * indented like the line's start (a list item's text stays in its column). Words longer than the width are
 * left whole. Output that is not a terminal (a pipe, a file) is left as it is.
 */
export function wrapLine(line: string, width: number): string {
  if (width < 20 || line.length <= width) return line;
  const indent = /^\s*/.exec(line)![0];
  const words = line.slice(indent.length).split(' ');
  const lines: string[] = [];
  let cur = indent;
  for (const w of words) {
    if (cur.trim() !== '' && cur.length + 1 + w.length > width) {
      lines.push(cur);
      cur = `${indent}  ${w}`;
    } else cur = cur.trim() === '' ? `${cur}${w}` : `${cur} ${w}`;
  }
  lines.push(cur);
  return lines.join('\n');
}

/** The width to wrap at for this output: a terminal's columns, else none (0). */
export const widthOf = (output: NodeJS.WritableStream): number => ((output as { isTTY?: boolean; columns?: number }).isTTY ? ((output as { columns?: number }).columns ?? 0) : 0);

/**
 * A list on as few lines as fit `width` (a terminal's, else 80: a list stays readable in a pipe or a file too),
 * broken only between items, never inside one ("Per (1) 5 kort" stays together); the continuation is indented.
 */
export function wrapList(head: string, items: readonly string[], sep: string, width: number): string {
  const w = width >= 20 ? width : 80;
  const lines: string[] = [];
  let cur = head;
  items.forEach((item, i) => {
    const piece = i === 0 ? item : `${sep}${item}`;
    // The separator's mark ends a full line ("Ola (1) 3 kort,"): room is kept for it.
    if (i > 0 && visible(cur) + visible(piece) + sep.trimEnd().length > w) {
      lines.push(cur + sep.trimEnd());
      cur = `  ${item}`;
    } else cur += piece;
  });
  lines.push(cur);
  return lines.join('\n');
}

/** A line's width on screen: colour codes take none. */
// eslint-disable-next-line no-control-regex
const visible = (s: string): number => s.replace(/\u001b\[[0-9;]*m/g, '').length;
