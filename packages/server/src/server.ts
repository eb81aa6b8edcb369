/**
 * Wires the server together: storage, coordinator, HTTP routes (fastify)
 * and real time (Socket.IO's wire over WebSocket, transport.ts) on one port. No module-level state: every
 * server made here is independent (tests run several in one process).
 */
import { PUSH_LIMITS, Push, newPushKeys } from './push.js';
import { remind, tellTurns, type Looking } from './turn-pushes.js';
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AvatarSchema, PlayerName } from '@olsen/protocol';
import { LANGS, type Lang } from '@olsen/engine';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { systemClock } from './clock.js';
import { Admission } from './admission.js';
import { BotPool } from './bot-pool.js';
import { ConfigError, type ServerConfig } from './config.js';
import { Coordinator } from './coordinator.js';
import { DAILY_GAMES, DAILY_LEVEL, DAILY_PLAYERS, Daily, isDailyGame } from './daily.js';
import { Identities, type Guest } from './identity.js';
import { connectCluster, type ClusterAdapters } from './cluster.js';
import type { Clock, PubSub, Store } from './ports.js';
import { LocalPresence, LocalPubSub, LocalScheduler } from './pubsub.js';
import type { Heartbeat } from './heartbeat.js';
import { attachRealtime } from './realtime.js';
import { Devices } from './devices.js';
import { openStore } from './store.js';
import { PROFILE_CODE_TTL_MS, newProfileCode, normalProfileCode } from './profile-codes.js';

export interface OlsenServer {
  readonly app: FastifyInstance;
  readonly coordinator: Coordinator;
  readonly store: Store;
  /** http://host:port once listening. */
  readonly url: string;
  /** What `close` is waiting for now (null before it starts and once it is done): a stop that takes too long says it. */
  readonly closing: string | null;
  close(): Promise<void>;
}

export interface Adapters {
  readonly store?: Store;
  readonly pubsub?: PubSub;
  readonly clock?: Clock;
  /** Where each game's deal seed comes from (default: 12 random bytes); tests pass a fixed sequence. */
  readonly seeds?: () => string;
}

const GuestBody = v.strictObject({ name: PlayerName, token: v.optional(v.string()), avatar: v.optional(AvatarSchema) });


const LEVEL_ORDER = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
/** The stricter of a configured level and a floor (plain logs never show info chatter). */
const levelAtLeast = (level: ServerConfig['logLevel'], floor: ServerConfig['logLevel']): ServerConfig['logLevel'] =>
  LEVEL_ORDER.indexOf(level) >= LEVEL_ORDER.indexOf(floor) ? level : floor;

/** One pino JSON line as a sentence on stderr: "olsen: warning: …". */
function plainLine(line: string): void {
  try {
    const o = JSON.parse(line) as { level: number; msg?: string; err?: { message?: string } };
    const label = o.level >= 50 ? 'error' : 'warning';
    process.stderr.write(`olsen: ${label}: ${o.msg ?? ''}${o.err?.message ? ` (${o.err.message})` : ''}\n`);
  } catch {
    process.stderr.write(line);
  }
}

export async function startServer(config: ServerConfig, adapters: Adapters = {}): Promise<OlsenServer> {
  // Idle keep-alive connections close after 10 s (fastify's 72 s outlives Node's 60 s header timeout, and a client
  // reusing a connection at that moment gets ECONNRESET).
  const plain = config.logFormat === 'plain';
  const app = Fastify({
    // Plain: warnings and errors only (so no request lines), each a sentence on stderr; json: pino as it is.
    logger: plain ? { level: levelAtLeast(config.logLevel, 'warn'), stream: { write: plainLine } } : { level: config.logLevel },
    bodyLimit: 64 * 1024,
    keepAliveTimeout: 10_000,
    trustProxy: config.trustProxy,
  });
  const store = adapters.store ?? openStore({ databaseUrl: config.databaseUrl, schema: config.dbSchema, dataDir: config.dataDir, sqliteSync: config.sqliteSync, commitDelayMs: config.commitDelayMs, dbTimeoutMs: config.limits.dbTimeoutMs, onError: (e) => app.log.warn(`database connection lost (${e.message}); it is opened again when needed`), onCorrupt: (e) => app.log.error({ table: e.code }, e.message) });
  await store.init();
  const secret = config.secret ?? (await store.setting('token-secret', Identities.newSecret));
  const identities = new Identities(secret);
  const clock = adapters.clock ?? systemClock;
  // Several processes (REDIS_URL): Redis carries changes, timers and presence between them.
  const proc = randomBytes(6).toString('base64url');
  const cluster: ClusterAdapters | null = config.redisUrl ? await connectCluster(config.redisUrl, config.redisPrefix, proc, app.log) : null;
  const pubsub = adapters.pubsub ?? cluster?.pubsub ?? new LocalPubSub();
  const admission = new Admission(config.limits, config.rateLimit);
  // The devices a profile is on; a device signed out anywhere has its connections here closed (once they exist).
  const closeDevice: { connections: (device: string) => void } = { connections: () => undefined };
  const devices = new Devices({ store, pubsub, identities, clock, log: app.log, proc, closeConnections: (d) => closeDevice.connections(d) });
  await devices.load();
  const bots = new BotPool({ threads: config.botThreads, queue: config.botQueue, log: app.log });
  const coordinator = new Coordinator({
    id: proc,
    bots,
    limits: config.limits,
    shared: cluster !== null,
    store,
    pubsub,
    scheduler: cluster?.scheduler ?? new LocalScheduler(clock),
    presence: cluster?.presence ?? new LocalPresence(),
    clock,
    log: app.log,
    botDelayMs: config.botDelayMs,
    catchDelayMs: config.catchDelayMs,
    roundPauseMs: config.roundPauseMs,
    reconnectGraceMs: config.reconnectGraceMs,
    ...(config.turnBasedMoveSeconds !== null ? { turnBasedMoveSeconds: config.turnBasedMoveSeconds } : {}),
    finishedTtlMs: config.finishedTtlMs,
    ...(adapters.seeds ? { seeds: adapters.seeds } : {}),
  });
  // Web Push for turn-based tables: the keys from the variables, or made at the first start and kept.
  const vapid = config.vapid ?? (JSON.parse(await store.setting('vapid-keys', () => JSON.stringify(newPushKeys()))) as { publicKey: string; privateKey: string });
  const push = new Push({ store, keys: { ...vapid, subject: config.vapidSubject }, clock, log: app.log, allowPrivate: config.pushAllowPrivate, ...(config.pushCa ? { ca: config.pushCa } : {}) });
  // The push carries how many turn-based games wait for the person (the app's badge), read after this change.
  const waiting = (playerId: string): Promise<number | null> => coordinator.waitingFor(playerId).catch(() => null);
  const looking: Looking = (t, playerId) => coordinator.lookingHere(t, playerId);
  coordinator.onChange = (t) => tellTurns(t, push, waiting, looking);
  coordinator.onRemind = (t, playerId) => remind(t, playerId, push, clock.now(), waiting, looking);
  const daily = new Daily({ coordinator, store, bots, clock, secret: await store.setting('daily-secret', Identities.newSecret), maxReviews: config.limits.reviews });
  cluster?.presence.onLost((code, playerId) => void coordinator.lost(code, playerId).catch((e: unknown) => app.log.warn({ err: e, table: code }, 'cannot note a lost connection')));
  cluster?.presence.onDeadProcess(() => coordinator.recover());
  cluster?.presence.onGoneProcess(() => coordinator.settleHeld());
  cluster?.presence.onBack(() => coordinator.settleHeld());
  const restored = await coordinator.restore();
  app.log.info({ restored, leftToOthers: coordinator.leftToOthers }, 'tables restored');

  // ---- metrics (a registry per server: no global state) ----
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'olsen_' });
  new Gauge({ name: 'olsen_tables', help: 'Tables in memory', registers: [registry], collect() { this.set(coordinator.tableCount); } });
  new Counter({ name: 'olsen_actions_total', help: 'Accepted actions', registers: [registry], collect() { this.reset(); this.inc(coordinator.counters.actions); } });
  new Counter({ name: 'olsen_rejected_actions_total', help: 'Actions the rules refused', registers: [registry], collect() { this.reset(); this.inc(coordinator.counters.rejected); } });
  new Counter({ name: 'olsen_table_reloads_total', help: 'Tables read again from the store after another process changed them', registers: [registry], collect() { this.reset(); this.inc(coordinator.counters.reloads); } });
  new Counter({ name: 'olsen_change_messages_total', help: "Other processes' change messages received (only for the tables this process follows)", registers: [registry], collect() { this.reset(); this.inc(pubsub.received); } });
  new Counter({ name: 'olsen_foreign_changes_total', help: 'Change messages received for a table this process does not hold (a message on its way as the table was let go)', registers: [registry], collect() { this.reset(); this.inc(coordinator.counters.foreignChanges); } });
  new Counter({ name: 'olsen_tables_left_to_others_total', help: 'Private tables left to the process that serves them: not loaded at start or after a death (start), or let go once no connection here followed them (released)', labelNames: ['when'], registers: [registry], collect() { this.reset(); const h = coordinator.handedOver; this.inc({ when: 'start' }, h.atStart); this.inc({ when: 'released' }, h.released); } });
  new Counter({ name: 'olsen_peer_moves_total', help: "Other processes' moves applied from their change messages, without reading the store", registers: [registry], collect() { this.reset(); this.inc(coordinator.counters.peerMoves); } });
  /** The connections' shared heartbeat (realtime.ts makes it). */
  let heartbeat: Heartbeat | null = null;
  new Counter({ name: 'olsen_pings_total', help: 'Pings sent to connections, on the shared heartbeat (heartbeat.ts)', registers: [registry], collect() { this.reset(); this.inc(heartbeat?.pings ?? 0); } });
  new Counter({ name: 'olsen_games_finished_total', help: 'Games finished', registers: [registry], collect() { this.reset(); this.inc(coordinator.counters.gamesFinished); } });
  new Gauge({ name: 'olsen_games', help: 'Games being played in memory, and those paused because no person is connected', labelNames: ['state'], registers: [registry], collect() { const g = coordinator.gameCount; this.set({ state: 'running' }, g.running - g.paused); this.set({ state: 'paused' }, g.paused); } });
  // The event loop's delay since the last scrape: what every request waited beyond its turn (the sampling interval taken off).
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  new Gauge({
    name: 'olsen_event_loop_delay_seconds',
    help: 'Event-loop delay since the last scrape (quantiles and max), beyond the 10 ms sampling interval',
    labelNames: ['quantile'],
    registers: [registry],
    collect() {
      const beyond = (ns: number): number => Math.max(0, ns / 1e9 - 0.01);
      const some = loopDelay.count > 0;
      this.set({ quantile: '0.5' }, some ? beyond(loopDelay.percentile(50)) : 0);
      this.set({ quantile: '0.99' }, some ? beyond(loopDelay.percentile(99)) : 0);
      this.set({ quantile: '1' }, some ? beyond(loopDelay.max) : 0);
      loopDelay.reset();
    },
  });
  new Gauge({ name: 'olsen_bot_queue', help: 'Search-bot decisions waiting for a thread', registers: [registry], collect() { this.set(bots.queued); } });
  new Counter({ name: 'olsen_bot_fallbacks_total', help: 'Search-bot moves played as medium, by cause: the waiting line was full (queue) or a thread failed (thread)', labelNames: ['cause'], registers: [registry], collect() { this.reset(); this.inc({ cause: 'queue' }, bots.counters.fallbacksBy.queue); this.inc({ cause: 'thread' }, bots.counters.fallbacksBy.thread); } });
  new Counter({ name: 'olsen_reviews_total', help: 'Game reviews made (one per game however many ask at once)', registers: [registry], collect() { this.reset(); this.inc(bots.counters.reviews); } });
  new Counter({ name: 'olsen_bot_decisions_total', help: 'Bot decisions, by where they were made', labelNames: ['where'], registers: [registry], collect() { this.reset(); this.inc({ where: 'thread' }, bots.counters.pooled); this.inc({ where: 'loop' }, bots.counters.inline); } });
  const actSeconds = new Histogram({ name: 'olsen_act_seconds', help: 'A move from its arrival to its answer (checked, stored, applied)', buckets: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1], registers: [registry] });
  const deferred = new Counter({ name: 'olsen_deferred_pushes_total', help: 'Table updates held back for a connection that had not taken the last ones (it gets the latest state later)', registers: [registry] });
  const connections = new Gauge({ name: 'olsen_connections', help: 'Open real-time connections', registers: [registry] });

  // ---- HTTP ----
  // A fault answers with a sentence and the code `internal`; what broke (a driver's message, an address) stays in the log.
  app.setErrorHandler((error: { statusCode?: number; message: string }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    if (status === 429) return void reply.code(429).send({ ok: false, error: { code: 'rate_limited', message: error.message } });
    void reply.code(status).send({ ok: false, error: status >= 500 ? { code: 'internal', message: 'Something went wrong on the server; the request had no effect.' } : { code: 'bad_message', message: error.message } });
  });
  // Requests per address (every route, the web app's files included), and a tighter bound on making guests.
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.limits.httpPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, message: `Too many requests from your address (the limit is ${ctx.max}); try again in ${ctx.after}.` }),
  });
  app.post('/api/guest', { config: { rateLimit: { max: config.limits.guestsPerHour, timeWindow: 3_600_000 } } }, async (req, reply) => {
    const body = v.safeParse(GuestBody, req.body);
    if (!body.success) return reply.code(400).send({ ok: false, error: { code: 'bad_message', message: body.issues[0].message } });
    // Keep the id of a valid earlier token: a new name, the same player.
    const earlier = body.output.token ? identities.verify(body.output.token) : null;
    const guest = { id: earlier?.id ?? Identities.newId(), name: body.output.name, ...(body.output.avatar ? { avatar: body.output.avatar } : {}) };
    await store.savePlayer(guest.id, guest.name);
    // The same device as the earlier token (a new name), or a new one (a new guest, or a token from before devices).
    return { ok: true, token: await devices.token({ ...guest, ...(earlier?.device ? { device: earlier.device } : {}) }, req.headers['user-agent']), player: guest };
  });
  // ---- a profile moved to another device (issue 38): a one-time code, ten minutes ----
  const ProfileCodeBody = v.strictObject({ local: v.optional(v.pipe(v.record(v.string(), v.unknown()), v.check((x) => JSON.stringify(x).length <= 4096, 'What the device keeps is at most 4 KB.'))) });
  // Codes per guest (not per address: a family shares one): ten an hour, enough to move to every device in a house.
  app.post('/api/profile/code', {
    config: {
      rateLimit: {
        max: PROFILE_CODES_PER_HOUR,
        timeWindow: 3_600_000,
        keyGenerator: (req) => `profile-code:${guestOf(req)?.id ?? req.ip}`,
        errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, message: `This profile has made ${ctx.max} codes in the last hour, the most it may; try again in ${ctx.after}.` }),
      },
    },
  }, async (req, reply) => {
    const guest = guestOf(req);
    if (!guest) return reply.code(401).send(noGuest);
    const body = v.safeParse(ProfileCodeBody, req.body ?? {});
    if (!body.success) return reply.code(400).send({ ok: false, error: { code: 'bad_message', message: body.issues[0].message } });
    const code = newProfileCode();
    const expiresAt = clock.now() + PROFILE_CODE_TTL_MS;
    await store.saveProfileCode({ code, playerId: guest.id, name: guest.name, avatar: guest.avatar ?? null, local: body.output.local ?? null, expiresAt });
    return { ok: true, code, expiresAt };
  });
  // Web Push: the server's public key, and a device's subscription (made on the profile page, per device).
  app.get('/api/push/key', async () => ({ ok: true, publicKey: push.publicKey }));
  const Base64Url = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_=-]{1,200}$/, 'A key is URL-safe base64.'));
  const SubscribeBody = v.strictObject({
    endpoint: v.pipe(v.string(), v.maxLength(PUSH_LIMITS.endpointChars)),
    keys: v.object({ p256dh: Base64Url, auth: Base64Url }),
    lang: v.optional(v.picklist(LANGS), 'nb'),
    expirationTime: v.optional(v.nullable(v.number())),
  });
  app.post('/api/push/subscribe', { config: { rateLimit: { max: 30, timeWindow: 3_600_000 } } }, async (req, reply) => {
    const guest = guestOf(req);
    if (!guest) return reply.code(401).send(noGuest);
    const body = v.safeParse(SubscribeBody, req.body ?? {});
    if (!body.success) return reply.code(400).send({ ok: false, error: { code: 'bad_message', message: body.issues[0].message } });
    const b = body.output;
    const r = await push.subscribe(guest.id, { endpoint: b.endpoint, p256dh: b.keys.p256dh, auth: b.keys.auth, lang: b.lang });
    return r.ok ? { ok: true } : reply.code(400).send({ ok: false, error: { code: 'bad_message', message: r.message } });
  });
  app.post('/api/push/unsubscribe', async (req, reply) => {
    const guest = guestOf(req);
    if (!guest) return reply.code(401).send(noGuest);
    const body = v.safeParse(v.strictObject({ endpoint: v.pipe(v.string(), v.maxLength(PUSH_LIMITS.endpointChars)) }), req.body ?? {});
    if (!body.success) return reply.code(400).send({ ok: false, error: { code: 'bad_message', message: body.issues[0].message } });
    await push.unsubscribe(guest.id, body.output.endpoint);
    return { ok: true };
  });
  const RedeemBody = v.strictObject({ code: v.pipe(v.string(), v.maxLength(40)) });
  app.post('/api/profile/redeem', async (req, reply) => {
    if (!(await admission.mayLookUp(req.ip))) return reply.code(429).send({ ok: false, error: { code: 'rate_limited', message: admission.lookUpRefusal() } });
    const body = v.safeParse(RedeemBody, req.body);
    if (!body.success) return reply.code(400).send({ ok: false, error: { code: 'bad_message', message: body.issues[0].message } });
    const code = normalProfileCode(body.output.code);
    const found = code ? await store.takeProfileCode(code, clock.now()) : null;
    if (!found) {
      await admission.missed(req.ip);
      return reply.code(404).send({ ok: false, error: { code: 'no_such_code', message: 'No profile has this code: it was used, has expired, or is mistyped.' } });
    }
    const guest: Guest = { id: found.playerId, name: found.name, ...(found.avatar ? { avatar: found.avatar } : {}) };
    return { ok: true, token: await devices.token(guest, req.headers['user-agent']), player: guest, local: found.local };
  });
  // The devices the profile is on (the profile page): what each said it is, when it was last seen; one signed out.
  app.get('/api/profile/devices', async (req, reply) => {
    const guest = guestOf(req);
    if (!guest) return reply.code(401).send(noGuest);
    return { ok: true, devices: await devices.list(guest) };
  });
  app.post<{ Params: { id: string } }>('/api/profile/devices/:id/sign-out', async (req, reply) => {
    const guest = guestOf(req);
    if (!guest) return reply.code(401).send(noGuest);
    const r = await devices.signOut(guest, String(req.params.id).slice(0, 40));
    if (r === 'self') return reply.code(400).send({ ok: false, error: { code: 'bad_message', message: 'This is the device you are using: sign out another one (this one forgets the profile when you make a new one).' } });
    if (r === 'none') return reply.code(404).send({ ok: false, error: { code: 'no_such_device', message: 'This profile is not on such a device (it may be signed out already).' } });
    return { ok: true };
  });
  app.get('/api/lobby', async () => ({ ok: true, tables: coordinator.lobby() }));
  // The guest's own tables, waiting or running (the home page's "Dine spill"): the token in the Authorization header.
  app.get('/api/my-tables', async (req, reply) => {
    const guest = guestOf(req);
    if (!guest) return reply.code(401).send(noGuest);
    return { ok: true, tables: await coordinator.myTables(guest.id) };
  });
  app.get<{ Params: { code: string } }>('/api/tables/:code', async (req, reply) => {
    // Guessing private codes: an address that keeps naming tables that do not exist is told to wait.
    if (!(await admission.mayLookUp(req.ip))) return reply.code(429).send({ ok: false, error: { code: 'rate_limited', message: admission.lookUpRefusal() } });
    const code = String(req.params.code).toUpperCase();
    // One deadline for the whole lookup: behind a write that waits on a hung database it would wait that out
    // first and then its own read (twice the timeout); the page is told within one.
    const found = /^[A-Z0-9]{6,10}$/.test(code) ? await within(config.limits.dbTimeoutMs, coordinator.lookUp(code, null), DB_LATE) : null;
    // A database that does not answer is the server's fault: not a missing table, and not a code guessed.
    if (found && !found.ok && found.error.code === 'internal') return reply.code(503).send(found);
    if (!found?.ok) {
      await admission.missed(req.ip);
      return reply.code(404).send({ ok: false, error: { code: 'no_such_table', message: 'There is no such table.' } });
    }
    const u = found.update;
    return { ok: true, table: { code: u.code, game: u.game, status: u.status, seats: u.seats, turnSeconds: u.turnSeconds, turnBased: u.turnBased === true, tempo: found.tempo, rules: u.rules ?? {}, host: u.seats[u.host]?.name ?? null } };
  });
  // Records are stored only when a game is over, so every record here is public — but a daily deal's only once its day is over.
  app.get<{ Params: { id: string } }>('/api/games/:id/record', async (req, reply) => {
    const record = await store.record(String(req.params.id));
    if (!record) return reply.code(404).send({ ok: false, error: { code: 'no_such_table', message: 'No finished game has this id.' } });
    if (!(await daily.recordOpen(String(req.params.id)))) return reply.code(403).send({ ok: false, error: { code: 'daily_hidden', message: "This game is of today's daily deal: its record opens when the day is over." } });
    return reply.header('content-disposition', `attachment; filename="olsen-${req.params.id}.json"`).send(record);
  });
  // Which moves of a finished game the computer made for people (the turn timer, a stand-in): what a review skips.
  app.get<{ Params: { id: string } }>('/api/games/:id/computer-moves', async (req, reply) => {
    const id = String(req.params.id);
    if (!(await store.record(id))) return reply.code(404).send({ ok: false, error: { code: 'no_such_table', message: 'No finished game has this id.' } });
    if (!(await daily.recordOpen(id))) return reply.code(403).send({ ok: false, error: { code: 'daily_hidden', message: "This game is of today's daily deal: its record opens when the day is over." } });
    return { ok: true, computerMoves: await store.computerMoves(id) };
  });
  // ---- the daily deal ----
  const guestOf = (req: { headers: { authorization?: string } }): Guest | null => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const guest = token ? identities.verify(token) : null;
    if (guest) devices.seen(guest);
    return guest;
  };
  const noGuest = { ok: false, error: { code: 'unauthorized', message: 'Send your guest token as "Authorization: Bearer …".' } } as const;
  const noGame = (game: string) => ({ ok: false, error: { code: 'bad_options', message: `There is no daily deal of "${game}"; the games are ${DAILY_GAMES.join(', ')}.` } }) as const;
  app.get('/api/daily', async () => ({ ok: true, date: daily.today(), games: DAILY_GAMES, players: DAILY_PLAYERS, level: DAILY_LEVEL }));
  app.post<{ Params: { game: string } }>('/api/daily/:game', async (req, reply) => {
    const guest = guestOf(req);
    if (!guest) return reply.code(401).send(noGuest);
    if (!isDailyGame(req.params.game)) return reply.code(400).send(noGame(req.params.game));
    const r = await daily.start({ ...guest, address: req.ip }, req.params.game);
    return r.ok ? r : reply.code(r.error.code === 'internal' ? 500 : 409).send(r);
  });
  app.get('/api/daily/history', async (req, reply) => {
    const guest = guestOf(req);
    if (!guest) return reply.code(401).send(noGuest);
    return { ok: true, games: await daily.history(guest.id) };
  });
  app.get<{ Params: { id: string }; Querystring: { lang?: string } }>('/api/daily/review/:id', async (req, reply) => {
    const guest = guestOf(req);
    if (!guest) return reply.code(401).send(noGuest);
    const r = await daily.review(guest.id, String(req.params.id), (LANGS as readonly string[]).includes(req.query.lang ?? '') ? (req.query.lang as Lang) : 'nb');
    return r.ok ? r : reply.code(r.error.code === 'not_seated' ? 403 : r.error.code === 'rate_limited' ? 429 : r.error.code === 'internal' ? 500 : 404).send(r);
  });
  app.get<{ Params: { game: string }; Querystring: { date?: string } }>('/api/daily/:game', async (req, reply) => {
    if (!isDailyGame(req.params.game)) return reply.code(400).send(noGame(req.params.game));
    const date = req.query.date ?? daily.today();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return reply.code(400).send({ ok: false, error: { code: 'bad_message', message: 'The date is written YYYY-MM-DD.' } });
    return { ok: true, ...(await daily.results(date, req.params.game, guestOf(req)?.id ?? null)) };
  });
  app.get<{ Params: { id: string } }>('/api/players/:id/stats', async (req) => ({ ok: true, stats: await store.stats(String(req.params.id)) }));
  // Real time is a WebSocket upgrade (transport.ts); a client that tries HTTP long polling hears why it is refused.
  app.all('/socket.io/', async (_req, reply) => reply.code(400).send({ code: 0, message: 'Transport unknown: this server speaks WebSocket only (socket.io-client: transports: [\'websocket\']).' }));
  app.get('/healthz', async () => ({ ok: true, tables: coordinator.tableCount, games: coordinator.gameCount, connections: realtime.count }));
  app.get('/metrics', async (_req, reply) => {
    connections.set(realtime.count);
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
  // The web app: the configured folder, else the workspace's built packages/web/dist if there is one.
  const webDir = config.webDir ?? fileURLToPath(new URL('../../web/dist/', import.meta.url));
  // Never a web folder that holds the database (its token secret and the seeds of running games).
  if (!config.databaseUrl && (resolve(config.dataDir) + sep).startsWith(resolve(webDir) + sep)) {
    await app.close();
    await store.close();
    throw new ConfigError(`OLSEN_WEB_DIR (${webDir}) contains DATA_DIR (${config.dataDir}): the database would be served to anyone. Keep the data outside the web folder.`);
  }
  if (existsSync(join(webDir, 'index.html'))) {
    // @fastify/static serves only what is inside the folder (no `..`, encoded or not); hashed assets never change,
    // the page and the service worker must be fetched fresh.
    await app.register(fastifyStatic, {
      root: resolve(webDir),
      wildcard: true,
      index: 'index.html',
      dotfiles: 'deny',
      // The build writes .br and .gz beside every text asset: sent with Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The folder's index with preCompressed answers 404 to a browser that accepts br or gzip (@fastify/static 10):
    // the page itself by name, compressed like every other file.
    app.get('/', (_req, reply) => reply.sendFile('index.html'));
  } else {
    app.get('/', async () => ({ ok: true, name: 'olsen', api: ['/api/guest', '/api/lobby', '/api/my-tables', '/api/tables/:code', '/api/games/:id/record', '/api/games/:id/computer-moves', '/api/daily', '/api/daily/:game', '/api/daily/history', '/api/daily/review/:id', '/api/players/:id/stats', '/api/profile/code', '/api/profile/redeem', '/api/profile/devices', '/api/push/key', '/api/push/subscribe', '/api/push/unsubscribe', '/healthz', '/metrics'], realtime: 'Socket.IO 5 over WebSocket only, at /socket.io/' }));
  }

  const realtime = attachRealtime(app.server, { coordinator, identities, seen: (g) => devices.seen(g), pubsub, log: app.log, admission, trustProxy: config.trustProxy, slowClientMs: config.slowClientMs, slowClientBytes: config.slowClientBytes, pingIntervalMs: config.pingIntervalMs, onHeartbeat: (h) => (heartbeat = h), observeAct: (s) => actSeconds.observe(s), onDeferred: () => deferred.inc() });
  // A device signed out: its connections here close; it comes back with a token that is refused, and becomes a new guest.
  closeDevice.connections = (device) => {
    realtime.closeDevice(device);
  };
  await app.listen({ port: config.port, host: config.host });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;

  let closing: Promise<void> | null = null;
  let step: string | null = null;
  return {
    app,
    coordinator,
    store,
    url,
    get closing() {
      return step;
    },
    close() {
      closing ??= (async () => {
        step = 'the tables to stop';
        coordinator.close();
        step = 'the connections to close';
        realtime.close();
        // Kept-alive HTTP connections would hold the listening socket open.
        app.server.closeAllConnections();
        step = 'the HTTP server to close';
        await app.close().catch(() => undefined);
        step = 'Redis';
        devices.close();
        await pubsub.close();
        await cluster?.close();
        loopDelay.disable();
        step = 'the bot threads to stop';
        await bots.close();
        // Acknowledged moves are on disk already (a move is answered once committed); this waits for the rest.
        step = 'the database to close';
        await store.close();
        step = null;
      })();
      return closing;
    },
  };
}

/** Profile codes one guest may make in an hour (README, "Limits"). */
export const PROFILE_CODES_PER_HOUR = 10;

/** What a request that waited on the database past its timeout is answered (the store did not answer in time). */
const DB_LATE = { ok: false, error: { code: 'internal', message: 'The database did not answer in time; nothing was changed. Try again in a moment.' } } as const;

/** `p`, or `late` once `ms` have passed (`p` goes on; what it brings later is dropped). */
function within<T, L>(ms: number, p: Promise<T>, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<L>((resolve) => (timer = setTimeout(() => resolve(late), ms)));
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}
