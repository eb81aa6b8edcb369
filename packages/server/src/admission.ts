/**
 * Admission: what one guest or one address may ask of the server, so that a
 * single client cannot take it from everyone else. The table caps (running
 * tables, search bots) are the coordinator's; here are the counters keyed on
 * guest and address that the connections and HTTP routes consult:
 *
 * - open real-time connections per address and per guest;
 * - real-time requests per guest (not per connection: a new connection does
 *   not buy a fresh allowance), and strikes for bad messages per guest;
 * - table codes looked up in vain per address (guessing private codes).
 *
 * Counts live in this process; with several processes each enforces its own
 * share (README, "Limits").
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Limits } from './config.js';

export type Refusal = string | null;

export class Admission {
  private readonly byAddress = new Map<string, number>();
  private readonly byGuest = new Map<string, number>();
  private readonly requests: RateLimiterMemory;
  private readonly strikes = new RateLimiterMemory({ points: 20, duration: 60 });
  private readonly misses: RateLimiterMemory;
  private readonly reactions: RateLimiterMemory;

  constructor(readonly limits: Limits, readonly rate: { readonly points: number; readonly seconds: number }) {
    this.requests = new RateLimiterMemory({ points: rate.points, duration: rate.seconds });
    this.misses = new RateLimiterMemory({ points: limits.codeMissesPerMinute, duration: 60 });
    this.reactions = new RateLimiterMemory({ points: limits.reactionsPerMinute, duration: 60 });
  }

  /** A connection asks to open: null if it may (and it is counted), else why not. */
  open(guestId: string, address: string): Refusal {
    const a = this.byAddress.get(address) ?? 0;
    if (a >= this.limits.connectionsPerAddress) return `Too many connections from your address (at most ${this.limits.connectionsPerAddress}); close some tabs or try again later.`;
    const g = this.byGuest.get(guestId) ?? 0;
    if (g >= this.limits.connectionsPerGuest) return `You have ${g} connections open already (at most ${this.limits.connectionsPerGuest}); close a tab first.`;
    this.byAddress.set(address, a + 1);
    this.byGuest.set(guestId, g + 1);
    return null;
  }

  /** A counted connection closed. */
  close(guestId: string, address: string): void {
    dec(this.byAddress, address);
    dec(this.byGuest, guestId);
  }

  /** One real-time request of a guest: false when over the rate. */
  async request(guestId: string): Promise<boolean> {
    return this.requests.consume(guestId).then(() => true, () => false);
  }

  /** A malformed or over-rate request: false when the guest has earned too many within a minute. */
  async strike(guestId: string): Promise<boolean> {
    return this.strikes.consume(guestId).then(() => true, () => false);
  }

  /** Whether the address may look up another table code (it has not missed too often lately). */
  async mayLookUp(address: string): Promise<boolean> {
    const r = await this.misses.get(address);
    return !r || r.consumedPoints < this.limits.codeMissesPerMinute;
  }

  /** One reaction of a person: false when over their rate (the reaction is dropped, the connection kept). */
  async react(guestId: string): Promise<boolean> {
    return this.reactions.consume(guestId).then(() => true, () => false);
  }

  /** A code that named no table. */
  async missed(address: string): Promise<void> {
    await this.misses.consume(address).catch(() => undefined);
  }

  readonly lookUpRefusal = (): string => `Too many table codes that did not exist from your address (at most ${this.limits.codeMissesPerMinute} a minute); wait a minute.`;
}

function dec(m: Map<string, number>, k: string): void {
  const n = (m.get(k) ?? 0) - 1;
  if (n <= 0) m.delete(k);
  else m.set(k, n);
}
