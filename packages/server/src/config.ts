/**
 * Server settings from environment variables (documented in README.md),
 * checked once at start: a broken value stops the server with a sentence
 * naming the variable.
 */
import { defaultBotThreads } from './bot-pool.js';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** SQLite's folder when no database URL is given. */
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  readonly dbSchema: string | null;
  /** Token secret; when null, one is made and kept in the database. */
  readonly secret: string | null;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * `plain` (default): a family running it at home sees one line to start and
   * then only warnings and errors, as sentences; `json`: every log line (requests
   * included) as pino JSON, for collectors and developers.
   */
  readonly logFormat: 'plain' | 'json';
  readonly botDelayMs: number;
  readonly roundPauseMs: number;
  readonly reconnectGraceMs: number;
  readonly finishedTtlMs: number;
  /** Requests per connection per window before `rate_limited`. */
  readonly rateLimit: { readonly points: number; readonly seconds: number };
  /** Worker threads for the search bots (0: they think on the event loop). */
  readonly botThreads: number;
  /** Search decisions waiting for a thread before a search bot plays a move as medium. */
  readonly botQueue: number;
  /** Folder with the built web app to serve at `/`, if any. */
  readonly webDir: string | null;
  /** Redis URL: several processes serve one player base (needs PostgreSQL). */
  readonly redisUrl: string | null;
  /** Prefix of every Redis key and channel (several deployments or test runs on one Redis). */
  readonly redisPrefix: string;
}

export const DEFAULTS: ServerConfig = {
  port: 8080,
  host: '127.0.0.1',
  dataDir: 'data',
  databaseUrl: null,
  dbSchema: null,
  secret: null,
  logLevel: 'info',
  logFormat: 'json',
  botDelayMs: 700,
  roundPauseMs: 4000,
  reconnectGraceMs: 60_000,
  finishedTtlMs: 30 * 60_000,
  rateLimit: { points: 30, seconds: 10 },
  botThreads: defaultBotThreads(),
  botQueue: 16,
  webDir: null,
  redisUrl: null,
  redisPrefix: 'olsen',
};

export class ConfigError extends Error {}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function int(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (it is ${JSON.stringify(raw)}).`);
  return n;
}

/** Reads the configuration from `env`; throws `ConfigError` with a clear sentence. */
export function configFromEnv(env: Record<string, string | undefined> = process.env): ServerConfig {
  const logLevel = (env.LOG_LEVEL || DEFAULTS.logLevel) as ServerConfig['logLevel'];
  if (!LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LEVELS.join(', ')} (it is ${JSON.stringify(env.LOG_LEVEL)}).`);
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new ConfigError('DATABASE_URL must be a PostgreSQL URL (postgres://user@host:port/database); leave it unset for SQLite.');
  const dbSchema = env.OLSEN_DB_SCHEMA || null;
  if (dbSchema && !/^[a-z_][a-z0-9_]{0,62}$/.test(dbSchema)) throw new ConfigError('OLSEN_DB_SCHEMA must be a lower-case SQL name (letters, digits, _).');
  const redisUrl = env.REDIS_URL || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError('REDIS_URL must be a Redis URL (redis://host:port); leave it unset for one process.');
  if (redisUrl && !databaseUrl) throw new ConfigError('REDIS_URL needs DATABASE_URL too: several processes share tables through PostgreSQL (SQLite is one process\'s file).');
  const redisPrefix = env.OLSEN_REDIS_PREFIX || DEFAULTS.redisPrefix;
  if (!/^[A-Za-z0-9_.-]{1,40}$/.test(redisPrefix)) throw new ConfigError('OLSEN_REDIS_PREFIX must be 1 to 40 letters, digits, _ . or -.');
  const logFormat = (env.LOG_FORMAT || 'plain') as ServerConfig['logFormat'];
  if (logFormat !== 'plain' && logFormat !== 'json') throw new ConfigError(`LOG_FORMAT must be plain or json (it is ${JSON.stringify(env.LOG_FORMAT)}).`);
  const secret = env.OLSEN_SECRET || null;
  if (secret && secret.length < 16) throw new ConfigError('OLSEN_SECRET must be at least 16 characters long.');
  return {
    port: int(env, 'PORT', DEFAULTS.port, 0, 65535),
    host: env.HOST || DEFAULTS.host,
    dataDir: env.DATA_DIR || DEFAULTS.dataDir,
    databaseUrl,
    dbSchema,
    secret,
    logLevel,
    logFormat,
    botDelayMs: int(env, 'OLSEN_BOT_DELAY_MS', DEFAULTS.botDelayMs, 0, 60_000),
    roundPauseMs: int(env, 'OLSEN_ROUND_PAUSE_MS', DEFAULTS.roundPauseMs, 0, 600_000),
    reconnectGraceMs: int(env, 'OLSEN_RECONNECT_GRACE_MS', DEFAULTS.reconnectGraceMs, 0, 86_400_000),
    finishedTtlMs: int(env, 'OLSEN_FINISHED_TTL_MS', DEFAULTS.finishedTtlMs, 0, 86_400_000),
    rateLimit: { points: int(env, 'OLSEN_RATE_LIMIT', DEFAULTS.rateLimit.points, 1, 100_000), seconds: DEFAULTS.rateLimit.seconds },
    botThreads: int(env, 'OLSEN_BOT_THREADS', DEFAULTS.botThreads, 0, 256),
    botQueue: int(env, 'OLSEN_BOT_QUEUE', DEFAULTS.botQueue, 0, 100_000),
    webDir: env.OLSEN_WEB_DIR || null,
    redisUrl,
    redisPrefix,
  };
}
