// Every query says which domains it shows (meta.tags) and every change invalidates by tag, so a
// mutation or a live-update event reaches every screen without a hand-kept list of paths.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { isChangeTag } from '../../shared/change-tags.ts';
import { invalidateTags, tagged } from './query-tags.ts';

const webDir = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

const files = sourceFiles(webDir);
// The api modules: every file in an api/ folder, and a feature's single api.ts.
const apiFiles = files.filter((f) => /\/api\/[^/]+\.ts$|\/api\.ts$/.test(f));

describe('query tags', () => {
  it('finds the api modules', () => {
    expect(apiFiles.length).toBeGreaterThan(15);
  });

  it('gives every query options factory at least one known domain tag', async () => {
    let factories = 0;
    for (const file of apiFiles) {
      const module = (await import(file)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        if (!name.endsWith('QueryOptions') || typeof value !== 'function') continue;
        factories++;
        const options = (value as (...args: unknown[]) => { meta?: { tags?: unknown[] } })(5, 'farm_store');
        const where = `${relative(webDir, file)} ${name}`;
        expect(options.meta?.tags?.length, where).toBeGreaterThan(0);
        for (const tag of options.meta?.tags ?? []) expect(isChangeTag(tag), `${where}: ${String(tag)}`).toBe(true);
      }
    }
    expect(factories).toBeGreaterThan(15);
  });

  it('builds every query from a tagged factory and invalidates only through invalidateTags', () => {
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      const where = relative(webDir, file);
      // A query written inline (useQuery({ queryKey… })) would escape the factory check above.
      for (const call of source.matchAll(/use(?:Suspense|Infinite)?Query\(\s*([^)]*)/g)) {
        expect(call[1], where).toMatch(/QueryOptions\(/);
      }
      if (!where.endsWith('query-tags.ts')) {
        expect(source, where).not.toMatch(/invalidateQueries|refetchQueries/);
      }
    }
  });

  it('invalidates the queries with any of the tags and leaves the others alone', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['/a'], 1);
    queryClient.setQueryData(['/b'], 2);
    queryClient.setQueryData(['/c'], 3);
    const cache = queryClient.getQueryCache();
    cache.find({ queryKey: ['/a'] })!.options.meta = tagged('transmissions', 'crates');
    cache.find({ queryKey: ['/b'] })!.options.meta = tagged('billing');
    await invalidateTags(queryClient, ['crates']);
    expect(queryClient.getQueryState(['/a'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/b'])?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(['/c'])?.isInvalidated).toBe(false);
    queryClient.clear();
  });
});
