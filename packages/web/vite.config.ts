import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { earlyPlay } from './early-play.js';

const src = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

// workbox-build bundles the service worker through a temp file it never removes:
// the build gets a temp folder of its own, removed when the process ends.
const buildTmp = mkdtempSync(join(tmpdir(), 'olsen-web-build-'));
process.env.TMPDIR = buildTmp;
process.on('exit', () => rmSync(buildTmp, { recursive: true, force: true }));

/** The chunk a module of the page (not the worker) goes in; undefined leaves it to the bundler. */
function chunkOf(id: string): string | undefined {
  if (/node_modules\/preact\//.test(id)) return 'preact';
  // The avatar and reaction lists are a few lines the first page's client needs: they stay with it.
  if (/\/packages\/protocol\/src\/avatars\.ts$/.test(id)) return undefined;
  // The house rules in words are read only by the pages that show rules (the form, a table's list, the rules page).
  if (/\/packages\/engine\/src\/rule-words\.ts$/.test(id)) return 'house-rules';
  // The rules in players' words (the engine's guide) are read by the rules page alone.
  if (/\/packages\/engine\/src\/guide\.ts$/.test(id)) return 'guide';
  // The engine's refusals in Dutch and German come in one chunk with those languages' words (fetched on demand).
  // Named after 'rules' on purpose: a group takes the modules its own import (the shared grammar, the card names)
  // unless an earlier-named group has them, and those belong to 'rules' (a chunk named 'de' took them: measured).
  const lang = /\/packages\/(?:engine\/src\/core\/sentences|web\/src\/words)\/(nl|de)\.ts$/.exec(id);
  if (lang) return `words-${lang[1]}`;
  // The message schemas (valibot) and mergeUpdate serve the online pages only: they go with what imports them.
  if (/\/packages\/protocol\/src\/messages\.ts$|node_modules\/valibot\//.test(id)) return undefined;
  if (/\/packages\/(engine|protocol)\/src\/|\/packages\/bots\/src\/levels\.ts$|\/web\/src\/say\.ts$|rolldown[/:-]runtime/.test(id)) return 'rules';
  return undefined;
}

export default defineConfig({
  resolve: {
    // The workspace packages from source: one build, tree-shaken together.
    alias: {
      '@olsen/engine/sim': src('../engine/src/sim-tier.ts'),
      '@olsen/engine/sentences': src('../engine/src/core/sentences'),
      '@olsen/engine/shedding': src('../engine/src/shedding/index.ts'),
      '@olsen/engine/hearts': src('../engine/src/hearts/index.ts'),
      '@olsen/engine': src('../engine/src/index.ts'),
      '@olsen/bots/levels': src('../bots/src/levels.ts'),
      '@olsen/bots/quick': src('../bots/src/quick.ts'),
      '@olsen/bots/hint': src('../bots/src/hint.ts'),
      '@olsen/bots': src('../bots/src/index.ts'),
      '@olsen/table': src('../table/src/index.ts'),
      '@olsen/protocol/avatars': src('../protocol/src/avatars.ts'),
      '@olsen/protocol/tempo': src('../protocol/src/tempo.ts'),
      '@olsen/protocol/codes': src('../protocol/src/codes.ts'),
      '@olsen/protocol': src('../protocol/src/index.ts'),
    },
  },
  plugins: [
    preact(),
    earlyPlay({ route: '#/play', modules: [/\/src\/setup\.tsx$/, /\/src\/table\.tsx$/], worker: /^assets\/game-worker-[^/]*\.js$/ }),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'inline',
      // push-sw.js (public/): the notification of a turn at a table played over days, and what a tap on it opens.
      workbox: { importScripts: ['push-sw.js'], globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'], navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//, /^\/healthz/, /^\/metrics/] },
      manifest: {
        name: 'Olsen',
        short_name: 'Olsen',
        description: 'Olsen, Vri åtter og dansk Olsen — mot datamaskinen eller med venner',
        lang: 'nb',
        theme_color: '#14532d',
        background_color: '#0f3d24',
        display: 'standalone',
        start_url: '/',
        icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any maskable' }],
      },
    }),
    // Every text asset also as .br and .gz beside it: the server sends the one the browser takes (preCompressed),
    // with Content-Encoding and Vary, and never compresses on the fly.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|webmanifest|json)$/, threshold: 512, logLevel: 'silent' }),
  ],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Preact in a chunk of its own: the first page and every page share it, and nothing of the engine rides along
    // into the first page with it. What the pages use of the engine, the protocol and the level list, with the
    // page's way of saying a refusal, is one chunk ('rules'): on HTTP/1.1 a browser opens six connections to a
    // host, and five small chunks on the way to the setup page kept the game worker waiting for one.
    rollupOptions: { output: { manualChunks: chunkOf } },
  },
});
