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
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
