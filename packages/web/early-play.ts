/**
 * A Vite plugin for the page that opens on the setup page (`#/play`, the "play against the computer" link): a
 * small script in index.html asks for the setup page's code, the table's code and the game worker together with
 * the first page's own files, instead of after the first page has run. On a slow phone line that saves a round
 * trip and the idle time in it (measured with scripts/first-visit.mjs). Other routes are untouched: the home
 * page still loads only its own files. The script goes first in the head: a classic script after a stylesheet
 * waits for the stylesheet.
 */
import type { Plugin } from 'vite';

interface Chunk {
  readonly type: 'chunk';
  readonly fileName: string;
  readonly facadeModuleId: string | null;
  readonly imports: readonly string[];
}
interface Asset {
  readonly type: 'asset';
  readonly fileName: string;
  readonly source?: string | Uint8Array;
}

export function earlyPlay(o: { readonly route: string; readonly modules: readonly RegExp[]; readonly worker: RegExp }): Plugin {
  return {
    name: 'olsen-early-play',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = Object.values(ctx.bundle ?? {}) as (Chunk | Asset)[];
        const chunks = new Map(bundle.filter((c): c is Chunk => c.type === 'chunk').map((c) => [c.fileName, c]));
        // What the first page already loads (its script tags and their imports) is not asked for twice.
        const inPage = new Set([...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1]!));
        const files: string[] = [];
        const add = (file: string): void => {
          if (inPage.has(file) || files.includes(file)) return;
          files.push(file);
          for (const i of chunks.get(file)?.imports ?? []) add(i);
        };
        for (const re of o.modules) {
          const c = [...chunks.values()].find((x) => x.facadeModuleId && re.test(x.facadeModuleId));
          if (!c) throw new Error(`early-play: no chunk for ${re}`);
          add(c.fileName);
        }
        const worker = bundle.find((x) => o.worker.test(x.fileName));
        if (!worker) throw new Error(`early-play: no worker file for ${o.worker}`);
        // The worker is built on its own: the chunks it imports (the engine, the habit bots) are read off its source,
        // and fetched with it, so the worker does not ask for them one round trip later.
        const source = 'source' in worker && worker.source !== undefined ? String(typeof worker.source === 'string' ? worker.source : new TextDecoder().decode(worker.source)) : '';
        const dir = worker.fileName.slice(0, worker.fileName.lastIndexOf('/') + 1);
        const workerFiles = [worker.fileName, ...[...source.matchAll(/(?:^|[;}])\s*import\s*(?:[^'"`;]*?from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g)].map((m) => dir + m[1]!)];
        // modulepreload for the page's modules (fetched and parsed, not run); the worker's script is only fetched,
        // at high priority, into the cache where `new Worker` finds it (a worker's own request is a low-priority one).
        const script =
          `if(location.hash.startsWith(${JSON.stringify(o.route)})){` +
          `for(const f of ${JSON.stringify(files.map((f) => `/${f}`))}){const l=document.createElement('link');l.rel='modulepreload';l.href=f;document.head.append(l)}` +
          `for(const f of ${JSON.stringify(workerFiles.map((f) => `/${f}`))})fetch(f,{priority:'high'}).then(r=>r.arrayBuffer()).catch(()=>{})}`;
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}
