/**
 * Web Push for turn-based tables (issue 50): "Din tur i Vri åtter med Mormor"
 * to each device a person subscribed, through the standard (VAPID-signed,
 * aes128gcm-encrypted payloads) by the `web-push` library. The keys are made
 * at the first start and kept in the database, or given by variables.
 *
 * A subscription's endpoint is a URL the client gives: the server would fetch
 * it, so it must not become a way to reach other machines. Only https, and
 * no private, loopback, link-local or other special address, checked on the
 * addresses the name resolves to, when subscribing and again before each
 * send (`OLSEN_PUSH_ALLOW_PRIVATE` allows them, and `OLSEN_PUSH_CA_FILE` a
 * certificate, for a test's push service on loopback). A few
 * subscriptions per person, a bounded payload and a bounded send rate; one
 * the push service reports gone (404, 410) is removed.
 */
import { lookup } from 'node:dns/promises';
import { Agent } from 'node:https';
import { BlockList, isIP } from 'node:net';
import webpush from 'web-push';
import type { Clock, Logger, Store } from './ports.js';

export interface PushKeys {
  readonly publicKey: string;
  readonly privateKey: string;
  /** A contact for the push services (mailto: or https:). */
  readonly subject: string;
}


/** Where subscriptions are kept (the store). */
export type PushStore = Pick<Store, 'pushSubscriptions' | 'savePushSubscription' | 'removePushSubscription'>;

/** What a notification says and opens; never a card of anyone's hand. */
export interface PushMessage {
  readonly title: string;
  readonly body: string;
  /** The page to open on a tap (the table). */
  readonly url: string;
  /** Notifications of one table replace each other. */
  readonly tag: string;
  /** The badge: games waiting for this person. */
  readonly waiting?: number;
}

export const PUSH_LIMITS = {
  /** Devices per person. */
  subscriptionsPerPlayer: 5,
  /** The payload's bytes before encryption (the standard allows about 4 KB). */
  payloadBytes: 1024,
  /** Notifications per person per minute. */
  perMinute: 10,
  /** An endpoint's length. */
  endpointChars: 2048,
} as const;

/** Addresses a push endpoint must not resolve to (private, loopback, link-local, unspecified, multicast, reserved). */
const SPECIAL = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) SPECIAL.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) SPECIAL.addSubnet(net, bits, 'ipv6');

/** Whether an address is a special one; an IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as its IPv4 address. */
function special(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return SPECIAL.check(mapped[1]!, 'ipv4');
  return SPECIAL.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

export type EndpointCheck = { ok: true } | { ok: false; message: string };

/** Whether `endpoint` may be sent to: https, and every address its host resolves to an ordinary public one (unless `allowPrivate`). */
export async function checkEndpoint(endpoint: string, allowPrivate: boolean, resolve: (host: string) => Promise<string[]> = resolveAll): Promise<EndpointCheck> {
  if (endpoint.length > PUSH_LIMITS.endpointChars) return { ok: false, message: `A push endpoint is at most ${PUSH_LIMITS.endpointChars} characters.` };
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, message: 'A push endpoint must be a URL.' };
  }
  if (url.protocol !== 'https:') return { ok: false, message: 'A push endpoint must be an https URL.' };
  if (url.username || url.password) return { ok: false, message: 'A push endpoint may not carry a user name or password.' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    return { ok: false, message: `The push endpoint's host ${host} does not resolve.` };
  }
  if (addresses.length === 0) return { ok: false, message: `The push endpoint's host ${host} does not resolve.` };
  if (!allowPrivate) {
    for (const a of addresses) {
      if (special(a)) return { ok: false, message: 'A push endpoint may not point to a private, loopback or link-local address.' };
    }
  }
  return { ok: true };
}

async function resolveAll(host: string): Promise<string[]> {
  return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
}

export interface PushOptions {
  readonly store: PushStore;
  readonly keys: PushKeys;
  readonly clock: Clock;
  readonly log: Logger;
  /** Endpoints on private and loopback addresses (tests). */
  readonly allowPrivate: boolean;
  /** A certificate authority to trust for the push services besides the system's (PEM; a test's own push service). */
  readonly ca?: string;
}

export class Push {
  /** Notifications sent per person in the current minute. */
  private readonly sent = new Map<string, { minute: number; n: number }>();
  readonly counters = { sent: 0, failed: 0, removed: 0, refused: 0 };

  private readonly agent: Agent | undefined;

  constructor(private readonly o: PushOptions) {
    this.agent = o.ca ? new Agent({ ca: o.ca, keepAlive: false }) : undefined;
  }

  get publicKey(): string {
    return this.o.keys.publicKey;
  }

  /** Keeps a device's subscription for `playerId` (the oldest goes beyond the limit); an error sentence if refused. */
  async subscribe(playerId: string, s: { endpoint: string; p256dh: string; auth: string; lang: string }): Promise<EndpointCheck> {
    const check = await checkEndpoint(s.endpoint, this.o.allowPrivate);
    if (!check.ok) {
      this.counters.refused++;
      return check;
    }
    const mine = await this.o.store.pushSubscriptions(playerId);
    // A new device beyond the limit replaces the one subscribed longest ago (a phone replaced, a browser reset).
    const others = mine.filter((m) => m.endpoint !== s.endpoint).sort((a, b) => a.createdAt - b.createdAt);
    for (const old of others.slice(0, Math.max(0, others.length - (PUSH_LIMITS.subscriptionsPerPlayer - 1)))) await this.o.store.removePushSubscription(old.endpoint);
    await this.o.store.savePushSubscription({ playerId, ...s, createdAt: this.o.clock.now() });
    return { ok: true };
  }

  async unsubscribe(playerId: string, endpoint: string): Promise<void> {
    if ((await this.o.store.pushSubscriptions(playerId)).some((m) => m.endpoint === endpoint)) await this.o.store.removePushSubscription(endpoint);
  }

  /** Sends `message(lang)` to each of the person's devices (within the rate); gone ones are removed. */
  async notify(playerId: string, message: (lang: string) => PushMessage): Promise<number> {
    const minute = Math.floor(this.o.clock.now() / 60_000);
    const rate = this.sent.get(playerId);
    if (rate && rate.minute === minute && rate.n >= PUSH_LIMITS.perMinute) return 0;
    this.sent.set(playerId, { minute, n: rate && rate.minute === minute ? rate.n + 1 : 1 });
    let delivered = 0;
    for (const s of await this.o.store.pushSubscriptions(playerId)) {
      // Checked again at each send: a name may resolve elsewhere since it was subscribed.
      if (!(await checkEndpoint(s.endpoint, this.o.allowPrivate)).ok) {
        await this.o.store.removePushSubscription(s.endpoint);
        this.counters.removed++;
        continue;
      }
      const payload = JSON.stringify(message(s.lang));
      if (Buffer.byteLength(payload) > PUSH_LIMITS.payloadBytes) continue;
      try {
        await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
          vapidDetails: this.o.keys,
          contentEncoding: 'aes128gcm',
          TTL: 24 * 3600,
          timeout: 10_000,
          ...(this.agent ? { agent: this.agent } : {}),
        });
        delivered++;
        this.counters.sent++;
      } catch (e) {
        const status = (e as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          await this.o.store.removePushSubscription(s.endpoint);
          this.counters.removed++;
        } else {
          this.counters.failed++;
          this.o.log.warn({ status, err: (e as Error).message }, 'push not delivered');
        }
      }
    }
    return delivered;
  }
}

/** New VAPID keys (the first start keeps them in the database). */
export function newPushKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
