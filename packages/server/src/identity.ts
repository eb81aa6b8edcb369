/**
 * Guest identities: a random player id and a display name, signed with the
 * server's secret (HMAC-SHA256) into a token the client keeps. No passwords.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isAvatar, type Avatar } from '@olsen/protocol';

export interface Guest {
  readonly id: string;
  readonly name: string;
  /** The face and colour chosen for the seats (issue 38), if any. */
  readonly avatar?: Avatar;
}

const b64 = (b: Buffer | string): string => Buffer.from(b).toString('base64url');

export class Identities {
  constructor(private readonly secret: string) {}

  static newSecret(): string {
    return randomBytes(32).toString('base64url');
  }

  static newId(): string {
    return randomBytes(12).toString('base64url');
  }

  sign(g: Guest): string {
    const body = b64(JSON.stringify({ id: g.id, name: g.name, ...(g.avatar ? { avatar: g.avatar } : {}) }));
    return `${body}.${this.mac(body)}`;
  }

  /** The guest a token names, or null for a missing, malformed or forged token. */
  verify(token: unknown): Guest | null {
    if (typeof token !== 'string' || token.length > 512) return null;
    const dot = token.indexOf('.');
    if (dot <= 0) return null;
    const body = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    const want = Buffer.from(this.mac(body), 'base64url');
    if (given.length !== want.length || !timingSafeEqual(given, want)) return null;
    try {
      const g = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Guest>;
      if (typeof g.id !== 'string' || typeof g.name !== 'string') return null;
      return isAvatar(g.avatar) ? { id: g.id, name: g.name, avatar: g.avatar } : { id: g.id, name: g.name };
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}
