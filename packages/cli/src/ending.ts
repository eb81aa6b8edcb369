/**
 * How a terminal game ends, whatever ends it (the game over, `q`, the end of the input, Ctrl-C): a sentence for
 * a stopped game, the record written if asked (an unfinished game's too), the command that deals the game again,
 * thanks for a game played, and the exit code (0; 1 when the input ended; 130 for Ctrl-C). Olsen and Danish
 * Olsen end alike.
 */
import { writeFileSync } from 'node:fs';
import { textsFor, type Lang } from './i18n.js';

export type Ending = 'over' | 'quit' | 'eof' | 'interrupt';

export interface EndingOptions {
  readonly lang: Lang;
  readonly input: NodeJS.ReadableStream;
  readonly out: (line?: string) => void;
  /** The file to write the record to (checked before the game), if any. */
  readonly record?: string;
  readonly recordJson: () => string;
  /** The command that deals this game again. */
  readonly again: string;
  /** The game's own thanks. */
  readonly bye: string;
  readonly close: () => void;
  /** Writes a line as it is, never wrapped: the command to play again must survive copy and paste. */
  readonly outWhole: (line: string) => void;
}

/** The game's ending, with Ctrl-C at the terminal wired to it (then exit 130, the shell's code for an interrupt). */
export function ending(o: EndingOptions): (how?: Ending) => number {
  const t = textsFor(o.lang);
  const onInterrupt = (): void => {
    process.exitCode = finish('interrupt');
    process.exit();
  };
  const finish = (how: Ending = 'over'): number => {
    if (how === 'eof' || how === 'interrupt') o.out(`\n${how === 'eof' ? t.inputEnded : t.interrupted}`);
    if (how === 'quit') o.out(t.quitSaid);
    if (o.record) {
      writeFileSync(o.record, o.recordJson());
      o.out(t.recordSaved(o.record));
    }
    const [said, command] = t.seedWas(o.again).split('\n');
    o.out(said);
    o.outWhole(command);
    if (how === 'over' || how === 'quit') o.out(o.bye);
    o.close();
    process.off('SIGINT', onInterrupt);
    return how === 'eof' ? 1 : how === 'interrupt' ? 130 : 0;
  };
  if (o.input === process.stdin) process.once('SIGINT', onInterrupt);
  return finish;
}
