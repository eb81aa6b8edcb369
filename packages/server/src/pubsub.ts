import { EventEmitter } from 'node:events';
import type { PubSub } from './ports.js';

/** Pub/sub inside one process. */
export class LocalPubSub implements PubSub {
  private readonly bus = new EventEmitter().setMaxListeners(0);
  publish(code: string): void {
    this.bus.emit('table', code);
  }
  subscribe(handler: (code: string) => void): () => void {
    this.bus.on('table', handler);
    return () => this.bus.off('table', handler);
  }
  async close(): Promise<void> {
    this.bus.removeAllListeners();
  }
}
