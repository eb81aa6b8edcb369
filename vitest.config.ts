import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: {
    alias: {
      '@olsen/engine/sim': fileURLToPath(new URL('./packages/engine/src/sim-tier.ts', import.meta.url)),
      '@olsen/engine/localize': fileURLToPath(new URL('./packages/engine/src/localize.ts', import.meta.url)),
      '@olsen/engine/sentences': fileURLToPath(new URL('./packages/engine/src/core/sentences', import.meta.url)),
      '@olsen/engine/shedding': fileURLToPath(new URL('./packages/engine/src/shedding/index.ts', import.meta.url)),
      '@olsen/engine/hearts': fileURLToPath(new URL('./packages/engine/src/hearts/index.ts', import.meta.url)),
      '@olsen/engine': fileURLToPath(new URL('./packages/engine/src/index.ts', import.meta.url)),
      '@olsen/bots/levels': fileURLToPath(new URL('./packages/bots/src/levels.ts', import.meta.url)),
      '@olsen/bots/quick': fileURLToPath(new URL('./packages/bots/src/quick.ts', import.meta.url)),
      '@olsen/bots/hint': fileURLToPath(new URL('./packages/bots/src/hint.ts', import.meta.url)),
      '@olsen/table': fileURLToPath(new URL('./packages/table/src/index.ts', import.meta.url)),
      '@olsen/bots': fileURLToPath(new URL('./packages/bots/src/index.ts', import.meta.url)),
      '@olsen/protocol/avatars': fileURLToPath(new URL('./packages/protocol/src/avatars.ts', import.meta.url)),
      '@olsen/protocol/tempo': fileURLToPath(new URL('./packages/protocol/src/tempo.ts', import.meta.url)),
      '@olsen/protocol/codes': fileURLToPath(new URL('./packages/protocol/src/codes.ts', import.meta.url)),
      '@olsen/protocol': fileURLToPath(new URL('./packages/protocol/src/index.ts', import.meta.url)),
      '@olsen/server': fileURLToPath(new URL('./packages/server/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    // PostgreSQL, Redis and Chromium: found or brought up once per run (README, "The two commands").
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/worker-setup.ts'],
  },
});
