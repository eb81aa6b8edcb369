/** Real server processes for the tests (`olsen serve` in a child process), and a TCP load balancer in front of several. */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../cli/bin/olsen.js', import.meta.url));

export const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** Every test client comes from one address: the limits per address and guest are opened up unless a test sets them. */
export const LOOSE_LIMITS: Record<string, string> = {
  OLSEN_RATE_LIMIT: '100000',
  OLSEN_MAX_CONNECTIONS_PER_ADDRESS: '100000',
  OLSEN_MAX_CONNECTIONS_PER_GUEST: '1000',
  OLSEN_HTTP_RATE_LIMIT: '1000000',
  OLSEN_GUEST_RATE_LIMIT: '1000000',
  OLSEN_CODE_MISS_LIMIT: '1000000',
  OLSEN_MAX_RUNNING_PER_GUEST: '10000',
  OLSEN_MAX_RUNNING_PER_ADDRESS: '100000',
  OLSEN_MAX_SEARCH_BOTS_PER_GUEST: '100000',
  OLSEN_MAX_SEARCH_BOTS_PER_ADDRESS: '100000',
};

/** Starts `olsen serve` with `env` (over `LOOSE_LIMITS`) and resolves once it listens. */
export function launch(env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve'], { env: { ...process.env, ...LOOSE_LIMITS, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Olsen kjører på')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    if (process.env.OLSEN_TEST_DEBUG) {
      child.stdout!.on('data', (d: Buffer) => process.stderr.write(`[${env.PORT}] ${d}`));
      child.stderr!.on('data', (d: Buffer) => process.stderr.write(`[${env.PORT}] ${d}`));
    }
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

/**
 * A round-robin TCP balancer on loopback, as a load balancer in front of
 * several server processes would be: each new connection goes to the next
 * backend that accepts it (a dead one is skipped).
 */
export class Balancer {
  private next = 0;
  private readonly server: Server;
  /** Open connections per backend port. */
  readonly open = new Map<number, Set<Socket>>();
  port = 0;

  constructor(private readonly backends: number[]) {
    for (const b of backends) this.open.set(b, new Set());
    this.server = createServer((client) => this.route(client, 0));
  }

  listen(): Promise<number> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve((this.port = (this.server.address() as { port: number }).port))));
  }

  private route(client: Socket, tries: number): void {
    if (tries >= this.backends.length) {
      client.destroy();
      return;
    }
    const port = this.backends[this.next++ % this.backends.length];
    client.pause();
    const upstream = connect(port, '127.0.0.1');
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      const set = this.open.get(port)!;
      set.add(client);
      client.pipe(upstream).pipe(client);
      client.resume();
      const done = (): void => {
        set.delete(client);
        client.destroy();
        upstream.destroy();
      };
      client.on('close', done).on('error', done);
      upstream.on('close', done).on('error', done);
    });
    upstream.once('error', () => {
      if (!connected) this.route(client, tries + 1);
    });
  }

  close(): Promise<void> {
    for (const set of this.open.values()) for (const s of set) s.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
