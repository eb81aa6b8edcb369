/** Line-by-line questions for the terminal games; works with a TTY or piped input. */
import { createInterface } from 'node:readline/promises';

export interface Prompt {
  /** Prints `> ` and resolves with the next line, or null at the end of the input. */
  ask(): Promise<string | null>;
  close(): void;
}

export function createPrompt(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Prompt {
  const rl = createInterface({ input, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  return {
    async ask() {
      output.write('> ');
      const next = await lines.next();
      return next.done ? null : String(next.value);
    },
    close: () => rl.close(),
  };
}
