// The JavaScript budget that `npm test` holds the build to (decision 031): what a
// route downloads before its first paint, gzipped (level 9) and summed, must stay under its budget:
// the landing page 200 KB, each signed-in dashboard 350 KB (KB = 1000 bytes, the stricter reading).
// A dashboard that imports a schema module (zod) on its first screen pulls the 'schemas' and 'common'
// chunks in, about 90 KB: import a module's zod-free half (src/shared/*-labels.ts) and load forms
// and dialogs lazily (decision 031's last amendment).
//
// "Before its first paint" is read from Vite's build manifest and the built index.html: the entry
// chunk and every chunk it imports statically, transitively, the page's first script (boot.ts), and
// for a dashboard the files index.html lists for boot.ts to preload for that role (the signed-in app
// and the role's dashboard with their static imports, decision 033). A dynamic import that waits for
// later (another tab, a dialog, the charts) is not counted: it is not on the first paint.
//
// Usage: node --import tsx scripts/bundle-budget.ts [client dir, default dist/web]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's .vite/manifest.json (the fields this check reads). */
export type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

export const KB = 1000;

export type RouteBudget = {
  name: string;
  /** The role whose dashboard the route opens (its files: the page's preload list), or null. */
  role: string | null;
  budgetBytes: number;
};

/** The page's first script (src/web/boot.ts), which the build emits on its own, first in the page. */
export const BOOT_SCRIPT = 'src/web/boot.ts';

export const ROUTE_BUDGETS: RouteBudget[] = [
  { name: 'landing page (/)', role: null, budgetBytes: 200 * KB },
  { name: 'market agent dashboard', role: 'market_agent', budgetBytes: 350 * KB },
  { name: 'farm store dashboard', role: 'farm_store', budgetBytes: 350 * KB },
  { name: 'supplier dashboard', role: 'supplier', budgetBytes: 350 * KB },
];

/**
 * What the build lists in index.html for boot.ts to preload when someone signed in opens the app
 * (vite.config.ts, decision 033): the signed-in app's files and each role's dashboard's, each with
 * the chunks it imports statically, less those the page loads anyway. Paths from the site's root.
 */
export type PreloadList = { app: string[]; dashboards: Record<string, string[]> };

export function readPreloadList(html: string): PreloadList {
  const block = /<script type="application\/json" id="ck-preload">([^<]*)<\/script>/.exec(html);
  if (!block) throw new Error('index.html has no preload list (the ck-preload block vite.config.ts writes)');
  return JSON.parse(block[1]) as PreloadList;
}

/** The manifest key of the build's entry (index.html). */
export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the build manifest, found ${entries.length}`);
  return entries[0];
}

/**
 * The JS files a route loads for its first paint, each once, in the order they are reached: the
 * entry with its static imports (transitively), the page's first script, and for a dashboard the
 * files the preload list names for the signed-in app and the role's dashboard. Dynamic imports that
 * wait for later (other tabs, dialogs, charts) are not counted.
 */
export function firstPaintFiles(manifest: Manifest, preload: PreloadList, role: string | null): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the build manifest`);
    if (files.has(chunk.file)) return;
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey(manifest));
  // The page's first script, its own file beside the entry (decision 033).
  if (manifest[BOOT_SCRIPT]) visit(BOOT_SCRIPT);
  if (role !== null) {
    const dashboard = preload.dashboards[role];
    if (!dashboard) throw new Error(`the preload list has no dashboard for "${role}"`);
    for (const file of [...preload.app, ...dashboard]) files.add(file.replace(/^\//, ''));
  }
  return [...files];
}

export type RouteMeasure = {
  name: string;
  budgetBytes: number;
  totalBytes: number;
  withinBudget: boolean;
  files: { file: string; gzipBytes: number }[];
};

/** Each route's first-paint JS, sized by `gzipBytesOf(file)`, against its budget. */
export function measureRoutes(
  manifest: Manifest,
  preload: PreloadList,
  routes: RouteBudget[],
  gzipBytesOf: (file: string) => number,
): RouteMeasure[] {
  return routes.map((route) => {
    const files = firstPaintFiles(manifest, preload, route.role).map((file) => ({
      file,
      gzipBytes: gzipBytesOf(file),
    }));
    const totalBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
    return {
      name: route.name,
      budgetBytes: route.budgetBytes,
      totalBytes,
      withinBudget: totalBytes < route.budgetBytes,
      files,
    };
  });
}

export const readManifest = (webDir: string): Manifest =>
  JSON.parse(readFileSync(join(webDir, '.vite', 'manifest.json'), 'utf8'));

/** A built file's size gzipped at level 9, as the server's precompressed .gz copies are. */
export const gzipBytesIn = (webDir: string) => (file: string) =>
  gzipSync(readFileSync(join(webDir, file)), { level: 9 }).length;

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

export function report(measures: RouteMeasure[]): string {
  return measures
    .map((m) =>
      [
        `${m.name}: ${kb(m.totalBytes)} gzip JS on first paint, budget ${kb(m.budgetBytes)} — ${m.withinBudget ? 'ok' : 'OVER BUDGET'}`,
        ...m.files.map((f) => `  ${kb(f.gzipBytes).padStart(9)}  ${f.file}`),
      ].join('\n'),
    )
    .join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? 'dist/web');
  if (!existsSync(join(dir, '.vite', 'manifest.json'))) {
    console.error(`${dir}/.vite/manifest.json not found: build the client first (npx vite build)`);
    process.exit(2);
  }
  const preload = readPreloadList(readFileSync(join(dir, 'index.html'), 'utf8'));
  const measures = measureRoutes(readManifest(dir), preload, ROUTE_BUDGETS, gzipBytesIn(dir));
  console.log(report(measures));
  process.exit(measures.every((m) => m.withinBudget) ? 0 : 1);
}
