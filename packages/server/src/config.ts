/**
 * Server settings from environment variables (documented in README.md),
 * checked once at start: a broken value stops the server with a sentence
 * naming the variable.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** The default thread count for search bots: every core but one (the event loop's), at least one. */
export const defaultBotThreads = (): number => Math.max(1, availableParallelism() - 1);

/** What one guest, one address and the whole server may hold or ask (README, "Limits"). */
export interface Limits {
  /** Open real-time connections per address. */
  readonly connectionsPerAddress: number;
  /** Open real-time connections per guest. */
  readonly connectionsPerGuest: number;
  /** Tables one connection follows at once. */
  readonly tablesPerConnection: number;
  /** HTTP requests per address per minute. */
  readonly httpPerMinute: number;
  /** New guests (POST /api/guest) per address per hour. */
  readonly guestsPerHour: number;
  /** Table codes looked up that name no table, per address per minute (profile codes count here too). */
  readonly codeMissesPerMinute: number;
  /** Reactions a person sends to tables, per minute (issue 38: the table talk stays talk, not a flood). */
  readonly reactionsPerMinute: number;
  /** Running games at tables a guest made, and at tables made from one address. */
  readonly runningPerGuest: number;
  readonly runningPerAddress: number;
  /** Running games in this process. */
  readonly runningTables: number;
  /** Search-level bots (hard, expert) in the running games of one guest, of one address, of the process. */
  readonly searchBotsPerGuest: number;
  readonly searchBotsPerAddress: number;
  readonly searchBots: number;
  /** A running game with no person connected pauses its bots, and is closed after this long (ms). */
  readonly idleCloseMs: number;
  /** Moves in one round (a round that long is two players drawing for ever; the cost of a round grows with it). */
  readonly roundActions: number;
  /** Game reviews being made at once in the process (each takes seconds of a bot thread; one per player besides). */
  readonly reviews: number;
  /** PostgreSQL: how long a statement, or getting a connection, may take before the request is answered `internal` (ms). */
  readonly dbTimeoutMs: number;
  /** How long a stop (SIGTERM, Ctrl+C) may take before the process ends anyway (ms). */
  readonly stopMs: number;
}

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** SQLite's folder when no database URL is given. */
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  /** SQLite's durability: `full` fsyncs every commit (survives a power cut), `normal` survives a crash of the process. */
  readonly sqliteSync: 'full' | 'normal';
  /**
   * SQLite: a commit made less than this long after the last one waits out the rest (ms; 0: never waits), so
   * the moves that arrive meanwhile share its fsync. Only under load: a quiet server commits at once.
   */
  readonly commitDelayMs: number;
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
  /** A `medium` bot's think time (ms); the other levels' follow from it (THINK_SHARE in @olsen/table). */
  readonly botDelayMs: number;
  /** How long after a forgotten call the strongest bots catch it (ms): the person's time for the late call. */
  readonly catchDelayMs: number;
  readonly roundPauseMs: number;
  readonly reconnectGraceMs: number;
  /** A turn-based table's time per move in seconds instead of the hours its players chose (tests, demos); null: the hours. */
  readonly turnBasedMoveSeconds: number | null;
  readonly finishedTtlMs: number;
  /** Requests per connection per window before `rate_limited`. */
  readonly rateLimit: { readonly points: number; readonly seconds: number };
  readonly limits: Limits;
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (else every client has the proxy's). */
  readonly trustProxy: boolean;
  /** Web Push's VAPID keys (null: made at the first start and kept in the database) and the contact the push services see. */
  readonly vapid: { readonly publicKey: string; readonly privateKey: string } | null;
  readonly vapidSubject: string;
  /** Push endpoints on private and loopback addresses (tests only). */
  readonly pushAllowPrivate: boolean;
  /** A certificate authority (PEM) to trust for push services besides the system's (a test's own push service). */
  readonly pushCa: string | null;
  /** A connection that has not taken its updates for this long (ms), or holds this many unsent bytes, is cut. */
  readonly slowClientMs: number;
  readonly slowClientBytes: number;
  /** How often each connection is pinged (ms): a silent one is noticed within this and 10 s more. */
  readonly pingIntervalMs: number;
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
  sqliteSync: 'full',
  commitDelayMs: 20,
  dbSchema: null,
  secret: null,
  logLevel: 'info',
  logFormat: 'json',
  botDelayMs: 700,
  catchDelayMs: 1500,
  roundPauseMs: 4000,
  reconnectGraceMs: 60_000,
  turnBasedMoveSeconds: null,
  finishedTtlMs: 30 * 60_000,
  rateLimit: { points: 30, seconds: 10 },
  limits: {
    connectionsPerAddress: 50,
    connectionsPerGuest: 8,
    tablesPerConnection: 8,
    httpPerMinute: 600,
    guestsPerHour: 60,
    codeMissesPerMinute: 20,
    reactionsPerMinute: 12,
    runningPerGuest: 5,
    runningPerAddress: 20,
    runningTables: 5000,
    searchBotsPerGuest: 10,
    searchBotsPerAddress: 30,
    searchBots: 2000,
    idleCloseMs: 15 * 60_000,
    roundActions: 5000,
    reviews: 2,
    dbTimeoutMs: 10_000,
    stopMs: 9_000,
  },
  trustProxy: false,
  vapid: null,
  vapidSubject: 'mailto:olsen@example.invalid',
  pushAllowPrivate: false,
  pushCa: null,
  slowClientMs: 15_000,
  slowClientBytes: 4 * 1024 * 1024,
  pingIntervalMs: 20_000,
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

/** A PEM file's text, or a sentence naming the variable. */
function readPem(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError(`OLSEN_PUSH_CA_FILE names ${file}, which cannot be read (${(e as Error).message}).`);
  }
}

/** Both VAPID keys from the variables, or neither (then the database keeps the first start's). */
function vapidFromEnv(env: Record<string, string | undefined>): { publicKey: string; privateKey: string } | null {
  const publicKey = env.OLSEN_VAPID_PUBLIC_KEY ?? '';
  const privateKey = env.OLSEN_VAPID_PRIVATE_KEY ?? '';
  if (!publicKey && !privateKey) return null;
  if (!/^[A-Za-z0-9_-]{80,100}$/.test(publicKey) || !/^[A-Za-z0-9_-]{40,50}$/.test(privateKey)) throw new ConfigError('OLSEN_VAPID_PUBLIC_KEY and OLSEN_VAPID_PRIVATE_KEY must be given together, as URL-safe base64 (npx web-push generate-vapid-keys makes a pair).');
  return { publicKey, privateKey };
}

function flag(env: Record<string, string | undefined>, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new ConfigError(`${name} must be 1 or 0 (it is ${JSON.stringify(raw)}).`);
}

/** Every limit's variable, beside its field (README lists them with their defaults). */
export const LIMIT_VARIABLES: { readonly [K in keyof Limits]: string } = {
  connectionsPerAddress: 'OLSEN_MAX_CONNECTIONS_PER_ADDRESS',
  connectionsPerGuest: 'OLSEN_MAX_CONNECTIONS_PER_GUEST',
  tablesPerConnection: 'OLSEN_MAX_TABLES_PER_CONNECTION',
  httpPerMinute: 'OLSEN_HTTP_RATE_LIMIT',
  guestsPerHour: 'OLSEN_GUEST_RATE_LIMIT',
  codeMissesPerMinute: 'OLSEN_CODE_MISS_LIMIT',
  reactionsPerMinute: 'OLSEN_REACTIONS_PER_MINUTE',
  runningPerGuest: 'OLSEN_MAX_RUNNING_PER_GUEST',
  runningPerAddress: 'OLSEN_MAX_RUNNING_PER_ADDRESS',
  runningTables: 'OLSEN_MAX_RUNNING_TABLES',
  searchBotsPerGuest: 'OLSEN_MAX_SEARCH_BOTS_PER_GUEST',
  searchBotsPerAddress: 'OLSEN_MAX_SEARCH_BOTS_PER_ADDRESS',
  searchBots: 'OLSEN_MAX_SEARCH_BOTS',
  idleCloseMs: 'OLSEN_IDLE_CLOSE_MS',
  roundActions: 'OLSEN_MAX_ROUND_ACTIONS',
  reviews: 'OLSEN_MAX_REVIEWS',
  dbTimeoutMs: 'OLSEN_DB_TIMEOUT_MS',
  stopMs: 'OLSEN_STOP_MS',
};

function limitsFromEnv(env: Record<string, string | undefined>): Limits {
  const out: Record<string, number> = {};
  for (const [key, name] of Object.entries(LIMIT_VARIABLES) as [keyof Limits, string][]) {
    const ms = key === 'idleCloseMs' || key === 'dbTimeoutMs' || key === 'stopMs';
    out[key] = int(env, name, DEFAULTS.limits[key], ms ? 1000 : 1, key === 'idleCloseMs' ? 7 * 86_400_000 : ms ? 600_000 : 10_000_000);
  }
  return out as unknown as Limits;
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
  const sqliteSync = (env.OLSEN_SQLITE_SYNC || DEFAULTS.sqliteSync) as ServerConfig['sqliteSync'];
  if (sqliteSync !== 'full' && sqliteSync !== 'normal') throw new ConfigError(`OLSEN_SQLITE_SYNC must be full or normal (it is ${JSON.stringify(env.OLSEN_SQLITE_SYNC)}).`);
  const logFormat = (env.LOG_FORMAT || 'plain') as ServerConfig['logFormat'];
  if (logFormat !== 'plain' && logFormat !== 'json') throw new ConfigError(`LOG_FORMAT must be plain or json (it is ${JSON.stringify(env.LOG_FORMAT)}).`);
  const secret = env.OLSEN_SECRET || null;
  if (secret && secret.length < 16) throw new ConfigError('OLSEN_SECRET must be at least 16 characters long.');
  return {
    port: int(env, 'PORT', DEFAULTS.port, 0, 65535),
    host: env.HOST || DEFAULTS.host,
    dataDir: env.DATA_DIR || DEFAULTS.dataDir,
    databaseUrl,
    sqliteSync,
    commitDelayMs: int(env, 'OLSEN_COMMIT_DELAY_MS', DEFAULTS.commitDelayMs, 0, 50),
    dbSchema,
    secret,
    logLevel,
    logFormat,
    botDelayMs: int(env, 'OLSEN_BOT_DELAY_MS', DEFAULTS.botDelayMs, 0, 60_000),
    catchDelayMs: int(env, 'OLSEN_CATCH_DELAY_MS', DEFAULTS.catchDelayMs, 0, 60_000),
    roundPauseMs: int(env, 'OLSEN_ROUND_PAUSE_MS', DEFAULTS.roundPauseMs, 0, 600_000),
    reconnectGraceMs: int(env, 'OLSEN_RECONNECT_GRACE_MS', DEFAULTS.reconnectGraceMs, 0, 86_400_000),
    turnBasedMoveSeconds: env.OLSEN_TURN_BASED_MOVE_SECONDS === undefined || env.OLSEN_TURN_BASED_MOVE_SECONDS === '' ? null : int(env, 'OLSEN_TURN_BASED_MOVE_SECONDS', 60, 1, 259_200),
    finishedTtlMs: int(env, 'OLSEN_FINISHED_TTL_MS', DEFAULTS.finishedTtlMs, 0, 86_400_000),
    rateLimit: { points: int(env, 'OLSEN_RATE_LIMIT', DEFAULTS.rateLimit.points, 1, 100_000), seconds: DEFAULTS.rateLimit.seconds },
    limits: limitsFromEnv(env),
    trustProxy: flag(env, 'OLSEN_TRUST_PROXY'),
    vapid: vapidFromEnv(env),
    vapidSubject: env.OLSEN_VAPID_SUBJECT || DEFAULTS.vapidSubject,
    pushAllowPrivate: flag(env, 'OLSEN_PUSH_ALLOW_PRIVATE'),
    pushCa: env.OLSEN_PUSH_CA_FILE ? readPem(env.OLSEN_PUSH_CA_FILE) : null,
    slowClientMs: int(env, 'OLSEN_SLOW_CLIENT_MS', DEFAULTS.slowClientMs, 100, 600_000),
    slowClientBytes: int(env, 'OLSEN_SLOW_CLIENT_BYTES', DEFAULTS.slowClientBytes, 1024, 1024 * 1024 * 1024),
    pingIntervalMs: int(env, 'OLSEN_PING_INTERVAL_MS', DEFAULTS.pingIntervalMs, 1000, 120_000),
    botThreads: int(env, 'OLSEN_BOT_THREADS', DEFAULTS.botThreads, 0, 256),
    botQueue: int(env, 'OLSEN_BOT_QUEUE', DEFAULTS.botQueue, 0, 100_000),
    webDir: env.OLSEN_WEB_DIR || null,
    redisUrl,
    redisPrefix,
  };
}
