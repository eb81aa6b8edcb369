/** Runs in every test worker: temp files (and those of the processes the tests start) go under this run's folder. */
import { inject } from 'vitest';

process.env.TMPDIR = inject('tmpRoot');
