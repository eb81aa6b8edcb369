/**
 * `olsen serve` on a machine (or a CPU set) of one core runs the server in a
 * child process started with V8's `--single-threaded-gc`.
 *
 * Why: V8 collects garbage with helper threads (parallel scavenges,
 * concurrent marking). With one core they cannot run beside the event loop,
 * only instead of it: they preempt it in the middle of a move and add their
 * own coordination. Measured with `npm run bench:load` on one core
 * (ARCHITECTURE.md, "Cost per move"): single-threaded collection cut p99
 * about threefold at 2,000 players and the CPU per move by about a tenth at
 * 5,000. V8 reads the flag only at start (setting it later aborts the
 * process), hence the child.
 *
 * The parent only waits: it passes SIGINT, SIGTERM and SIGHUP on (the child
 * treats a repeat of a signal within a second as the same stop, so a Ctrl+C
 * that reaches both is one stop) and ends with the child's exit code. If the
 * parent is killed outright, the child ends at once too (it is the same
 * server to whoever killed it).
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const FLAG = '--single-threaded-gc';
/** Marks the child, so it never starts a child of its own. */
const CHILD = 'OLSEN_SERVE_CHILD';

/** Whether this process should start the server in a child with single-threaded GC. */
export function wantsChild(env: NodeJS.ProcessEnv = process.env, cores = availableParallelism(), execArgv = process.execArgv): boolean {
  return cores === 1 && env[CHILD] !== '1' && !execArgv.includes(FLAG);
}

/** Runs this same command again in a child with single-threaded GC; resolves with its exit code. */
export function runChild(): Promise<number> {
  const child = spawn(process.execPath, [...process.execArgv, FLAG, ...process.argv.slice(1)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [CHILD]: '1' },
  });
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const pass = (s: NodeJS.Signals): void => void child.kill(s);
  for (const s of signals) process.on(s, pass);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      for (const s of signals) process.off(s, pass);
      // A child ended by a signal: the shell's convention, 128 + its number.
      resolve(code ?? (signal === 'SIGKILL' ? 137 : signal === 'SIGTERM' ? 143 : signal === 'SIGINT' ? 130 : 1));
    });
  });
}

/** In the child: when the parent is gone (killed outright), so is the server. */
export function endWithParent(): void {
  if (process.env[CHILD] !== '1' || !process.connected) return;
  process.once('disconnect', () => process.exit(1));
  // The IPC channel alone must not keep the process alive once the server has closed.
  (process.channel as { unref?: () => void } | undefined)?.unref?.();
}
