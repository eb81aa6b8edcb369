/**
 * The connection settings of this test run, found or brought up by
 * `./global-setup.ts`: tests take them from here, never a fixed port.
 */
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL (database `test`). */
    pgUrl: string;
    /** A Redis URL. */
    redisUrl: string;
    /** A Chromium binary for playwright-core. */
    chromium: string;
    /** This run's temp folder (TMPDIR of every worker), removed at the end. */
    tmpRoot: string;
    /** The haproxy binary, or '' (then `haproxyWhy` says why not). */
    haproxy: string;
    haproxyWhy: string;
  }
}

export const PG_URL = inject('pgUrl');
export const REDIS_URL = inject('redisUrl');
export const CHROMIUM = inject('chromium');
export const HAPROXY = inject('haproxy');
export const HAPROXY_WHY = inject('haproxyWhy');
/** Flags Chromium needs on these machines: no sandbox as root, no GPU, no network of its own. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
