// An aria-label on an element without a role (a Mantine Loader's span, a Stack's div) is prohibited
// ARIA: axe reports it as serious, but only while the element is on screen — a loader shown for a
// moment made the a11y walk fail now and then. This reads every screen's source instead, so the rule
// holds whether or not a test happens to catch the loader: a label-only element names its role.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const webDir = join(root, 'src/web');

/** Components that render a role-less span or div unless told otherwise. */
const ROLELESS = ['Loader', 'Stack', 'Group', 'Box', 'Center', 'Skeleton', 'Flex', 'div', 'span'];

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** Opening tags of `names` (possibly over several lines) that carry aria-label but no role or component. */
function labelledWithoutRole(source: string): string[] {
  const tag = new RegExp(`<(${ROLELESS.join('|')})\\b([^<>]|=>|\\{[^{}]*\\})*?>`, 'g');
  return [...source.matchAll(tag)]
    .map((match) => match[0])
    .filter((text) => /\saria-label=/.test(text) && !/\s(role|component)=/.test(text));
}

describe('labelledWithoutRole', () => {
  it('finds a Loader labelled without a role, over several lines', () => {
    expect(labelledWithoutRole('<Loader\n  size="sm"\n  aria-label="Loading" />')).toHaveLength(1);
  });
  it('accepts a role, a component, or no label', () => {
    expect(labelledWithoutRole('<Loader role="status" aria-label="Loading" />')).toEqual([]);
    expect(labelledWithoutRole('<Box component="nav" aria-label="Steps">')).toEqual([]);
    expect(labelledWithoutRole('<Stack gap="sm" onClick={() => go(1)}>')).toEqual([]);
  });
});

describe('the screens', () => {
  it('give every aria-labelled span or div a role', () => {
    const found = tsxFiles(webDir).flatMap((file) =>
      labelledWithoutRole(readFileSync(file, 'utf8')).map((tag) => `${relative(root, file)}: ${tag}`),
    );
    expect(found).toEqual([]);
  });
});
