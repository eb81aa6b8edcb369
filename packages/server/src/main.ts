/** Starts the server from the environment (README lists the variables) and stops it cleanly on SIGINT/SIGTERM. */
import { ConfigError, configFromEnv, type ServerConfig } from './config.js';
import { startServer } from './server.js';

export async function serve(overrides: Partial<ServerConfig> = {}): Promise<void> {
  let config: ServerConfig;
  try {
    config = { ...configFromEnv(), ...overrides };
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`olsen serve: ${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  let server;
  try {
    server = await startServer(config);
  } catch (e) {
    // A service that is not there, or a setting that cannot work: one sentence and exit 2.
    if (e instanceof ConfigError) {
      process.stderr.write(`olsen serve: ${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  // The one line a person starting it at home needs (logs: LOG_FORMAT=json).
  process.stdout.write(`Olsen kjører på ${server.url}  (Olsen is running at ${server.url}; Ctrl+C stopper)\n`);
  let stopping = 0;
  const stop = (): void => {
    if (stopping) {
      // The same stop arriving twice (a Ctrl+C that reached a one-core launcher and this process, or a
      // supervisor that signals every process of the group): one stop.
      if (Date.now() - stopping < 1000) return;
      // A second signal later: stop at once (every acknowledged move is stored already).
      process.exit(1);
    }
    stopping = Date.now();
    // Bounded: a stop that hangs (a database that does not answer, a stuck connection) ends all the same.
    // (OLSEN_STOP_MS, README "Limits".)
    const ms = config.limits.stopMs;
    setTimeout(() => {
      process.stderr.write(`olsen serve: stopped after ${ms / 1000} s while still waiting for ${server.closing ?? 'the process to end'}; every acknowledged move was already saved.\n`);
      process.exit(1);
    }, ms).unref();
    void server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`olsen serve: stopping failed (${(e as Error).message}); every acknowledged move was already saved.\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
