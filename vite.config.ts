// Builds the web app into dist/web, with brotli and gzip copies the server sends as they are.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, minify, type Plugin, type Rolldown, transformWithOxc } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { offlineShell } from './scripts/offline-shell.ts';

// zod and the shared modules that build schemas with it: a chunk of their own, loaded by the screens
// and dialogs with forms, so the dashboards' shared chunk does not carry them (decision 033).
const schemaModules = new Map<string, boolean>();
function isSchemaModule(id: string): boolean {
  if (/node_modules[\\/]zod[\\/]/.test(id)) return true;
  if (!/src[\\/]shared[\\/][^\\/]+\.ts$/.test(id)) return false;
  let answer = schemaModules.get(id);
  if (answer === undefined) {
    answer = /from 'zod'/.test(readFileSync(id, 'utf8'));
    schemaModules.set(id, answer);
  }
  return answer;
}

const CHART_LIBRARIES =
  /node_modules[\\/](recharts|@mantine[\\/]charts|victory-vendor|d3-|@reduxjs|redux|immer|reselect|react-redux|use-sync-external-store|es-toolkit|decimal\.js-light|eventemitter3)[\\/]/;
// The page's first script (decision 033): built on its own, first in the page, so that it runs as
// soon as it arrives instead of waiting for the app's bundle (index.html names it for the dev
// server; in a build the HTML entry would load it with the bundle).
const BOOT_SOURCE = 'src/web/boot.ts';
const BOOT_SCRIPT_TAG = /\s*<!--[^>]*-->\s*<script type="module" src="\/src\/client\/boot\.ts"><\/script>/;
// What boot.ts preloads for a signed-in start: the signed-in app, and each role's dashboard.
const SIGNED_IN_APP = 'src/web/app/signed-in-app.tsx';
const DASHBOARDS = {
  market_agent: 'src/web/app/routes/dashboard/market-agent-dashboard.tsx',
  farm_store: 'src/web/app/routes/dashboard/farm-store-dashboard.tsx',
  supplier: 'src/web/app/routes/dashboard/supplier-dashboard.tsx',
};

/** The files a module's chunk needs: its chunk and every chunk that imports statically, transitively. */
function chunkFiles(chunks: Rolldown.OutputChunk[], chunk: Rolldown.OutputChunk, into = new Set<string>()) {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const file of chunk.imports) {
    const imported = chunks.find((c) => c.fileName === file);
    if (imported) chunkFiles(chunks, imported, into);
  }
  return into;
}

/**
 * boot.ts compiled and minified on its own (it imports nothing) into a hashed asset, named first in
 * the page, and beside it a JSON block with the files each signed-in start needs: the module's chunk
 * and the chunks it imports, less those the page loads anyway.
 */
function bootScript(): Plugin[] {
  let base = '/';
  const dropDevTag: Plugin = {
    name: 'cratekeeper-boot:drop-dev-tag',
    apply: 'build',
    transformIndexHtml: { order: 'pre', handler: (html) => html.replace(BOOT_SCRIPT_TAG, '') },
  };
  const emit: Plugin = {
    name: 'cratekeeper-boot',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    async buildStart() {
      const source = await readFile(BOOT_SOURCE, 'utf8');
      const { code } = await transformWithOxc(source, BOOT_SOURCE, { lang: 'ts' });
      const minified = await minify(BOOT_SOURCE.replace(/\.ts$/, '.js'), code, { module: true });
      if (minified.errors.length > 0) throw new Error(`boot.ts: ${minified.errors[0].message}`);
      if (/^\s*import\b/m.test(code)) throw new Error('boot.ts must import nothing: it runs on its own');
      this.emitFile({ type: 'asset', name: 'boot.js', originalFileName: BOOT_SOURCE, source: minified.code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const page = chunks.find((c) => c.isEntry);
        const asset = Object.values(ctx.bundle ?? {}).find((a) => a.type === 'asset' && a.names.includes('boot.js'));
        if (!page || !asset) throw new Error('the build has no entry chunk or no boot.js');
        const loaded = chunkFiles(chunks, page);
        const filesFor = (src: string) => {
          const id = resolve(src);
          const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) throw new Error(`${src} is in no chunk of the build`);
          return [...chunkFiles(chunks, chunk)].filter((file) => !loaded.has(file)).map((file) => `${base}${file}`);
        };
        const list = {
          app: filesFor(SIGNED_IN_APP),
          dashboards: Object.fromEntries(Object.entries(DASHBOARDS).map(([role, src]) => [role, filesFor(src)])),
        };
        return {
          html,
          tags: [
            {
              tag: 'script',
              // async: it runs as soon as it arrives, before the page's styles and bundle.
              attrs: { type: 'module', async: true, crossorigin: true, src: `${base}${asset.fileName}` },
              injectTo: 'head-prepend',
            },
            // A data block: never run, so the page's script policy has nothing to say about it.
            {
              tag: 'script',
              attrs: { type: 'application/json', id: 'ck-preload' },
              children: JSON.stringify(list),
              injectTo: 'head',
            },
          ],
        };
      },
    },
  };
  return [dropDevTag, emit];
}

/**
 * The app's own modules the signed-in app and the dashboards draw their first screen with: their
 * static imports, transitively, within src/ (decision 033). Read from the module graph once it is
 * built, before the chunks are made; the 'signed-in' group below takes them with the packages they
 * use, so that a dashboard downloads neither the other screens' code nor their forms.
 */
const firstPaintModules = new Set<string>();

// What the entry runs, in a few tasks (main.tsx): its own imports and the modules it imports one
// after another (React's client, the providers, the routes). They are all in the entry's file.
const ENTRY_ROOTS = ['src/web/main.tsx', 'src/web/app/providers.tsx', 'src/web/app/router.tsx'];
const REACT_DOM_CLIENT = /node_modules[\\/]react-dom[\\/]client\.js$/;
const entryModules = new Set<string>();

function firstPaintGraph(): Plugin {
  return {
    name: 'cratekeeper-first-paint',
    apply: 'build',
    buildEnd() {
      /** The app's own modules `roots` import statically, transitively, within src/. */
      const reach = (roots: string[], into: Set<string>) => {
        into.clear();
        const stack = roots.map((src) => resolve(src));
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (into.has(id) || !id.startsWith(resolve('src'))) continue;
          into.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      reach(ENTRY_ROOTS, entryModules);
      reach([SIGNED_IN_APP, ...Object.values(DASHBOARDS)], firstPaintModules);
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    bootScript(),
    firstPaintGraph(),
    compression({
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress')],
      threshold: 1024,
      exclude: [/\.(png|jpg|jpeg|webp|woff2?)$/],
    }),
    // The service worker and manifest: the app installs and opens with no network (decision 036).
    offlineShell(),
  ],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: which chunks each route loads first, read by the bundle budget that npm
    // test checks (scripts/bundle-budget.ts, decision 031).
    manifest: true,
    chunkSizeWarningLimit: 900,
    // Few, larger chunks instead of one per shared module: a phone on a slow link pays a round trip
    // for each file, so a dashboard's first paint needs 6 files, not 50 (decision 031). The landing
    // page's code is all in the entry; code shared by the lazily loaded screens is one 'common' chunk;
    // the chart libraries stay in the charts' own chunk, which loads only when a chart is shown.
    // strictExecutionOrder runs each module's top-level code when it is first imported, so of the
    // 'common' chunk a dashboard runs only what it uses (160–270 ms of evaluation became about 50).
    rolldownOptions: {
      output: {
        strictExecutionOrder: true,
        codeSplitting: {
          groups: [
            { name: 'app', test: (id) => entryModules.has(id) || REACT_DOM_CLIENT.test(id), priority: 30 },
            { name: 'schemas', test: isSchemaModule, priority: 25, includeDependenciesRecursively: false },
            { name: 'signed-in', test: (id) => firstPaintModules.has(id), priority: 20 },
            { name: 'common', test: (id) => !CHART_LIBRARIES.test(id), minShareCount: 2, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000' },
  },
});
