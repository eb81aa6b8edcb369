/**
 * The devices a profile is on (issue 51): every token is made for one device and names it, so a person
 * who moved their profile to a phone, a tablet and a laptop sees where it is (what each device said it
 * is, when it was last seen) and can sign one out — a lost phone, a shared computer. A signed-out
 * device's tokens are refused everywhere at once: this process's identities forget it, the other
 * processes hear it over the pub/sub, its open connections close, and a process that starts later
 * loads the signed-out devices from the store. That device becomes a new guest the next time it asks.
 */
import { Identities, type Guest } from './identity.js';
import type { DeviceEntry } from '@olsen/protocol';
import type { Clock, DeviceRow, Logger, PubSub, Store } from './ports.js';

/** How often one device's "last seen" is written (it is asked at every request; a day's precision is plenty). */
const SEEN_EVERY_MS = 10 * 60_000;
/** A device's label: at most this many characters of what it said it is. */
const LABEL_CHARS = 60;

/** What a device is, in a few words, from its User-Agent ("Chrome · Android", "Safari · iPhone"); '' when unknown. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const system = /iPhone/.test(ua) ? 'iPhone' : /iPad/.test(ua) ? 'iPad' : /Android/.test(ua) ? 'Android' : /Windows/.test(ua) ? 'Windows' : /Mac OS X|Macintosh/.test(ua) ? 'Mac' : /CrOS/.test(ua) ? 'ChromeOS' : /Linux/.test(ua) ? 'Linux' : '';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /SamsungBrowser\//.test(ua) ? 'Samsung Internet' : /OPR\//.test(ua) ? 'Opera' : /Chrome\/|CriOS\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : /^olsen\//.test(ua) ? 'olsen' : '';
  return [browser, system].filter(Boolean).join(' · ').slice(0, LABEL_CHARS);
}

export class Devices {
  /** When each device's "last seen" was last written by this process. */
  private readonly written = new Map<string, number>();
  private readonly unsubscribe: () => void;

  constructor(private readonly o: { readonly store: Store; readonly pubsub: PubSub; readonly identities: Identities; readonly clock: Clock; readonly log: Logger; readonly proc: string; readonly closeConnections: (device: string) => void }) {
    this.unsubscribe = o.pubsub.subscribeSignOut((x) => {
      o.identities.signOut(x.device);
      o.closeConnections(x.device);
    });
  }

  /** The signed-out devices the store knows (a process that starts after a sign-out refuses them too). */
  async load(): Promise<void> {
    for (const id of await this.o.store.signedOutDevices()) this.o.identities.signOut(id);
  }

  /**
   * A token for `guest` on a device: the device it already names (a new name, the same device), else a new
   * one, kept with what the device says it is.
   */
  async token(guest: Guest, userAgent: string | undefined): Promise<string> {
    let device = guest.device;
    if (device === undefined) {
      device = Identities.newDevice();
      const now = this.o.clock.now();
      await this.o.store.saveDevice({ id: device, playerId: guest.id, label: deviceLabel(userAgent), createdAt: now, lastSeenAt: now, signedOutAt: null });
      this.written.set(device, now);
    }
    return this.o.identities.sign({ ...guest, device });
  }

  /** The guest's device was seen now (a request, a connection): written at most every ten minutes per device. */
  seen(guest: Guest): void {
    const device = guest.device;
    if (device === undefined) return;
    const now = this.o.clock.now();
    if (now - (this.written.get(device) ?? 0) < SEEN_EVERY_MS) return;
    if (this.written.size >= 100_000) this.written.clear();
    this.written.set(device, now);
    void this.o.store.seenDevice(device, now).catch((e: unknown) => this.o.log.warn({ err: e }, 'cannot note a device as seen'));
  }

  /** The profile's devices, signed-out ones left out, the one asking marked. */
  async list(guest: Guest): Promise<DeviceEntry[]> {
    const rows: DeviceRow[] = await this.o.store.devices(guest.id);
    return rows.filter((d) => d.signedOutAt === null).map((d) => ({ id: d.id, label: d.label, createdAt: d.createdAt, lastSeenAt: d.lastSeenAt, current: d.id === guest.device }));
  }

  /** Signs out the profile's device `id` (not the one asking: that one forgets its profile itself); false when there is none. */
  async signOut(guest: Guest, id: string): Promise<'ok' | 'none' | 'self'> {
    if (id === guest.device) return 'self';
    if (!(await this.o.store.signOutDevice(guest.id, id, this.o.clock.now()))) return 'none';
    this.o.pubsub.publishSignOut({ device: id, origin: this.o.proc });
    return 'ok';
  }

  close(): void {
    this.unsubscribe();
  }
}
