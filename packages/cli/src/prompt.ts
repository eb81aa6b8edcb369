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

/** What quits a terminal game, typed at any prompt. */
export const QUIT = /^(q|quit|avslutt)$/i;

/**
 * Between rounds: Enter (or any other line) goes on, q quits, and a call for help is answered with `again`
 * and asked anew — a typed "hjelp" must not deal the next round unseen.
 */
export async function goOn(p: Prompt, again: () => void): Promise<'on' | 'quit' | 'eof'> {
  for (;;) {
    const answer = await p.ask();
    if (answer === null) return 'eof';
    const word = answer.trim();
    if (QUIT.test(word)) return 'quit';
    if (!/^(\?|hjelp|help|tips|hint)$/i.test(word)) return 'on';
    again();
  }
}
