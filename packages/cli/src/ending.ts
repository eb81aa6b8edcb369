/**
 * How a terminal game ends, whatever ends it (the game over, `q`, the end of the input, Ctrl-C, the terminal closed
 * (SIGHUP: the window, an ssh drop, `tmux kill-session`), SIGTERM): a sentence for a stopped game, the record
 * written if asked (an unfinished game's too; first, before anything is printed to a terminal that may be gone),
 * the command that deals the game again, thanks for a game played, and the exit code (0; 1 when the input ended;
 * 128 + the signal's number for a signal: 129, 130, 143). Olsen and Danish Olsen end alike.
 */
import { writeFileSync } from 'node:fs';
import { textsFor, type Lang } from './i18n.js';

export type Ending = 'over' | 'quit' | 'eof' | 'interrupt' | 'hangup' | 'terminate';

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

/** The signals that stop a game, how each ends it and the shell's exit code for it (128 + its number). */
const SIGNALS = [
  ['SIGINT', 'interrupt', 130],
  ['SIGHUP', 'hangup', 129],
  ['SIGTERM', 'terminate', 143],
] as const;

/** The game's ending, with Ctrl-C, a closed terminal and SIGTERM wired to it (then the shell's exit code for the signal). */
export function ending(o: EndingOptions): (how?: Ending) => number {
  const t = textsFor(o.lang);
  const handlers = SIGNALS.map(([signal, how]) => [signal, (): void => {
    // A closed terminal fails every later write (EIO, EPIPE): the record is kept all the same.
    if (how === 'hangup') for (const s of [process.stdout, process.stderr]) s.on('error', () => {});
    process.exitCode = finish(how);
    process.exit();
  }] as const);
  /** A line to a terminal that may be gone: never throws. */
  const say = (write: (line: string) => void, line: string): void => {
    try {
      write(line);
    } catch {
      // The terminal is gone (SIGHUP): nobody is there to read it.
    }
  };
  const finish = (how: Ending = 'over'): number => {
    // The record first: after a hangup, printing may fail, and the game must not be lost with the terminal.
    if (o.record) writeFileSync(o.record, o.recordJson());
    const stopped = { eof: t.inputEnded, interrupt: t.interrupted, hangup: t.hungUp, terminate: t.terminated } as Partial<Record<Ending, string>>;
    if (stopped[how]) say(o.out, `\n${stopped[how]}`);
    if (how === 'quit') say(o.out, t.quitSaid);
    if (o.record) say(o.out, t.recordSaved(o.record));
    const [said, command] = t.seedWas(o.again).split('\n');
    say(o.out, said);
    say(o.outWhole, command);
    if (how === 'over' || how === 'quit') say(o.out, o.bye);
    o.close();
    for (const [signal, handler] of handlers) process.off(signal, handler);
    const code = SIGNALS.find(([, h]) => h === how)?.[2];
    return how === 'eof' ? 1 : code ?? 0;
  };
  if (o.input === process.stdin) for (const [signal, handler] of handlers) process.once(signal, handler);
  return finish;
}
