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
