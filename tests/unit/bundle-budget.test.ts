// The bundle budget's reading of the build (scripts/bundle-budget.ts, decisions 031 and 033): what a
// route loads on first paint is the entry with its static imports, the page's first script, and for
// a dashboard the files index.html lists for it to preload; each file once. Dynamic imports (other
// tabs, dialogs, charts) wait for later and are not counted.
import { describe, expect, it } from 'vitest';
import {
  BOOT_SCRIPT,
  firstPaintFiles,
  KB,
  type Manifest,
  measureRoutes,
  type PreloadList,
  readPreloadList,
  report,
} from '../../scripts/bundle-budget.ts';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_main.js'], css: ['assets/main.css'] },
  '_main.js': {
    file: 'assets/main.js',
    name: 'main',
    imports: ['_runtime.js'],
    dynamicImports: ['src/app/signed-in.tsx'],
  },
  '_runtime.js': { file: 'assets/runtime.js', name: 'runtime' },
  '_main.css': { file: 'assets/main.css' },
  [BOOT_SCRIPT]: { file: 'assets/boot.js', src: BOOT_SCRIPT },
  '_signed-in.js': { file: 'assets/signed-in.js', name: 'signed-in', imports: ['_main.js', '_runtime.js'] },
  'src/app/charts.tsx': { file: 'assets/charts.js', src: 'src/app/charts.tsx', imports: ['_chart-lib.js'] },
  '_chart-lib.js': { file: 'assets/chart-lib.js', name: 'chart-lib' },
};

const preload: PreloadList = {
  app: ['/assets/signed-in.js'],
  dashboards: { farm_store: ['/assets/signed-in.js', '/assets/farm.js'], supplier: ['/assets/signed-in.js'] },
};

describe('firstPaintFiles', () => {
  it("is the entry, its static imports and the page's first script for the landing page", () => {
    expect(firstPaintFiles(manifest, preload, null)).toEqual([
      'assets/index.js',
      'assets/main.js',
      'assets/runtime.js',
      'assets/boot.js',
    ]);
  });

  it("adds the files the page preloads for the role's dashboard, each once, and never a dynamic import's", () => {
    expect(firstPaintFiles(manifest, preload, 'farm_store')).toEqual([
      'assets/index.js',
      'assets/main.js',
      'assets/runtime.js',
      'assets/boot.js',
      'assets/signed-in.js',
      'assets/farm.js',
    ]);
  });

  it('says which role the preload list lacks', () => {
    expect(() => firstPaintFiles(manifest, preload, 'market_agent')).toThrow(/no dashboard for "market_agent"/);
  });
});

describe('readPreloadList', () => {
  it('reads the JSON block the build writes into index.html, and says when there is none', () => {
    const html = `<head><script type="application/json" id="ck-preload">${JSON.stringify(preload)}</script></head>`;
    expect(readPreloadList(html)).toEqual(preload);
    expect(() => readPreloadList('<head></head>')).toThrow(/no preload list/);
  });
});

describe('measureRoutes', () => {
  const sizes: Record<string, number> = {
    'assets/index.js': 1 * KB,
    'assets/main.js': 150 * KB,
    'assets/runtime.js': 1 * KB,
    'assets/boot.js': 1 * KB,
    'assets/signed-in.js': 120 * KB,
    'assets/farm.js': 25 * KB,
  };
  const gzipBytesOf = (file: string) => sizes[file];

  it('sums the gzip bytes of the files a route loads first and holds them to its budget', () => {
    const [landing, dashboard] = measureRoutes(
      manifest,
      preload,
      [
        { name: 'landing', role: null, budgetBytes: 200 * KB },
        { name: 'dashboard', role: 'farm_store', budgetBytes: 290 * KB },
      ],
      gzipBytesOf,
    );
    expect(landing).toMatchObject({ totalBytes: 153 * KB, withinBudget: true });
    expect(dashboard).toMatchObject({ totalBytes: 298 * KB, withinBudget: false });
    expect(dashboard.files.map((f) => f.gzipBytes)).toEqual([1, 150, 1, 1, 120, 25].map((k) => k * KB));
    expect(report([landing, dashboard])).toMatch(
      /dashboard: 298.0 KB gzip JS on first paint, budget 290.0 KB — OVER BUDGET/,
    );
  });

  it('counts a route exactly at its budget as over it (the budget is "under")', () => {
    const [landing] = measureRoutes(
      manifest,
      preload,
      [{ name: 'landing', role: null, budgetBytes: 153 * KB }],
      gzipBytesOf,
    );
    expect(landing.withinBudget).toBe(false);
  });
});
