// package.json's `engines` tells the truth (decision 049): every package the lock file
// installs, runtime or test, runs on every Node version it promises (>=20.19: CI and the machines run
// Node 20). A dependency update that needs a newer Node fails here, to be pinned or engines raised.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
// npm's own range arithmetic (semver comes with npm's tools and many of our dependencies).
const semver = createRequire(import.meta.url)('semver') as {
  subset: (sub: string, dom: string) => boolean;
};
const read = (file: string) => JSON.parse(readFileSync(resolve(root, file), 'utf8'));

describe('engines', () => {
  it('promises no Node version that an installed package refuses', () => {
    const promised: string = read('package.json').engines.node;
    const lock: { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> } =
      read('package-lock.json');
    const refused = Object.entries(lock.packages)
      .filter(([path, info]) => path !== '' && !Array.isArray(info.engines) && info.engines?.node)
      .filter(([, info]) => !semver.subset(promised, (info.engines as { node: string }).node))
      .map(
        ([path, info]) =>
          `${path.replace(/^.*node_modules\//, '')}@${info.version} wants node ${(info.engines as { node: string }).node}`,
      );
    expect(refused, `package.json promises node ${promised}`).toEqual([]);
  });
});
