// The landing route's initial JavaScript must stay under 200 KB gzip (issue 3, decision 008): the
// entry script and every modulepreload that index.html names, each gzipped at level 9 and summed.
// Usage: node scripts/check-bundle-size.mjs [client dir, default dist/client]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

// 200 KB counted as 200 000 bytes, the stricter reading.
export const INITIAL_JS_BUDGET_BYTES = 200_000;

/** The JS files index.html loads before the app can render, with their gzip sizes. */
export function initialJs(clientDir) {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const srcs = [
    ...[...html.matchAll(/<script[^>]+type="module"[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => m[1]),
  ];
  return srcs.map((src) => {
    const file = join(clientDir, src.replace(/^\//, ''));
    return { src, gzipBytes: gzipSync(readFileSync(file), { level: 9 }).length };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = resolve(process.argv[2] ?? 'dist/client');
  if (!existsSync(join(dir, 'index.html'))) {
    console.error(`${dir}/index.html not found: build the client first (npx vite build)`);
    process.exit(2);
  }
  const files = initialJs(dir);
  const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  for (const f of files) console.log(`${(f.gzipBytes / 1000).toFixed(1).padStart(7)} KB  ${f.src}`);
  const verdict = total <= INITIAL_JS_BUDGET_BYTES ? 'ok' : 'OVER BUDGET';
  console.log(
    `initial JS: ${(total / 1000).toFixed(1)} KB gzip of ${INITIAL_JS_BUDGET_BYTES / 1000} KB budget — ${verdict}`,
  );
  process.exit(total <= INITIAL_JS_BUDGET_BYTES ? 0 : 1);
}
