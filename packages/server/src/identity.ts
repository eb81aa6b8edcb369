/**
 * Guest identities: a random player id and a display name, signed with the
 * server's secret (HMAC-SHA256) into a token the client keeps. No passwords.
 * Each token also names the device it was made for, so a profile moved to
 * several devices can sign one out (devices.ts): a token of a signed-out
 * device is refused like a forged one. Tokens made before devices were
 * named have none, and are known as the profile's first device.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isAvatar, type Avatar } from '@olsen/protocol';

export interface Guest {
  readonly id: string;
  readonly name: string;
  /** The face and colour chosen for the seats (issue 38), if any. */
  readonly avatar?: Avatar;
  /** The device the token was made for (random; absent in a token made before devices were named). */
  readonly device?: string;
}

const b64 = (b: Buffer | string): string => Buffer.from(b).toString('base64url');

export class Identities {
  /** Devices signed out of their profile: their tokens are refused (kept for the server's life, loaded at start). */
  private readonly signedOut = new Set<string>();
  constructor(private readonly secret: string) {}

  /** A device's tokens are refused from now on. */
  signOut(device: string): void {
    this.signedOut.add(device);
  }

  static newSecret(): string {
    return randomBytes(32).toString('base64url');
  }

  static newId(): string {
    return randomBytes(12).toString('base64url');
  }

  static newDevice(): string {
    return randomBytes(9).toString('base64url');
  }

  sign(g: Guest): string {
    const body = b64(JSON.stringify({ id: g.id, name: g.name, ...(g.avatar ? { avatar: g.avatar } : {}), ...(g.device ? { dev: g.device } : {}) }));
    return `${body}.${this.mac(body)}`;
  }

  /** The guest a token names, or null for a missing, malformed or forged token, or one of a signed-out device. */
  verify(token: unknown): Guest | null {
    if (typeof token !== 'string' || token.length > 512) return null;
    const dot = token.indexOf('.');
    if (dot <= 0) return null;
    const body = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    const want = Buffer.from(this.mac(body), 'base64url');
    if (given.length !== want.length || !timingSafeEqual(given, want)) return null;
    try {
      const g = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Guest> & { dev?: unknown };
      if (typeof g.id !== 'string' || typeof g.name !== 'string') return null;
      const device = typeof g.dev === 'string' ? g.dev : undefined;
      if (device !== undefined && this.signedOut.has(device)) return null;
      return { id: g.id, name: g.name, ...(isAvatar(g.avatar) ? { avatar: g.avatar } : {}), ...(device !== undefined ? { device } : {}) };
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}
