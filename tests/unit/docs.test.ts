// The newcomer's documents stay true (docs/architecture.md, "Habits"): every decision record says
// whether it holds and is in the index, the architecture document stays short and names only paths
// that exist, and README's "Find your way" stays a map. Failure messages say exactly what to add.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const decisionsDir = 'docs/decisions';
const decisionFiles = readdirSync(join(root, decisionsDir))
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();

const STATUS = /^Status: (accepted|superseded by \d{3}|amended by \d{3}(, \d{3})*)\s*$/m;

/** The first heading of a record, without its number: what its index line should say. */
const titleOf = (file: string) =>
  (/^# (?:\d{3} )?(.+)$/m.exec(read(join(decisionsDir, file)))?.[1] ?? file).replace(/`/g, '');
const statusOf = (file: string) => STATUS.exec(read(join(decisionsDir, file)))?.[1] ?? 'accepted';

describe('decision records', () => {
  it('each opens with a Status line: accepted, superseded by NNN, or amended by NNN', () => {
    const missing = decisionFiles.filter((file) => {
      const head = read(join(decisionsDir, file)).split('\n').slice(0, 5).join('\n');
      return !STATUS.test(head);
    });
    expect(
      missing,
      `These records need a first line "Status: accepted" (or "Status: superseded by NNN", ` +
        `"Status: amended by NNN") in docs/decisions/: ${missing.join(', ')}`,
    ).toEqual([]);
  });

  it('each is listed in docs/decisions/README.md', () => {
    const index = read(join(decisionsDir, 'README.md'));
    const unlisted = decisionFiles.filter((file) => !index.includes(`](${file})`));
    const lines = unlisted.map((file) => `- [${file.slice(0, 3)}](${file}) ${titleOf(file)} — ${statusOf(file)}`);
    expect(
      unlisted,
      `docs/decisions/README.md does not list ${unlisted.length} record(s). Add these lines under ` +
        `their topic (and drop "065–075: written in parallel…" once they are all in):\n${lines.join('\n')}\n`,
    ).toEqual([]);
  });

  it('the index names only records that exist, with the status each record states', () => {
    const index = read(join(decisionsDir, 'README.md'));
    const problems: string[] = [];
    for (const match of index.matchAll(/^- \[(\d{3})\]\(([^)]+)\).*?(?: — (.+))?$/gm)) {
      const [, , file, said] = match;
      if (!decisionFiles.includes(file)) problems.push(`${file}: no such record in docs/decisions/`);
      else if (said !== undefined && said !== statusOf(file))
        problems.push(`${file}: the index says "${said}", the record "Status: ${statusOf(file)}"`);
    }
    expect(problems, `Fix these lines of docs/decisions/README.md:\n${problems.join('\n')}\n`).toEqual([]);
  });

  it('no two records share a title', () => {
    const byTitle = new Map<string, string[]>();
    for (const file of decisionFiles) {
      const slug = file.slice(4);
      byTitle.set(slug, [...(byTitle.get(slug) ?? []), file]);
    }
    const shared = [...byTitle.values()].filter((files) => files.length > 1).map((files) => files.join(' and '));
    expect(shared, `Rename one record of each pair: ${shared.join('; ')}`).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  const text = read('docs/architecture.md');

  it('stays at most 320 lines', () => {
    const lines = text.split('\n').length;
    expect(lines, `docs/architecture.md has ${lines} lines; shorten it to 320 or fewer`).toBeLessThanOrEqual(320);
  });

  it('names only paths that exist', () => {
    const named = [...text.matchAll(/`((?:src|tests|docs|scripts|bench|deploy)\/[\w./-]+)`/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(50);
    const gone = [...new Set(named)].filter((path) => !existsSync(join(root, path)));
    expect(
      gone,
      `docs/architecture.md names paths that do not exist; update the sections that name: ${gone.join(', ')}`,
    ).toEqual([]);
  });
});

describe("README's Find your way", () => {
  const readme = read('README.md');

  it('is a map of at most 20 lines', () => {
    const section = /^## Find your way\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme)?.[1];
    expect(section, 'README.md needs a "## Find your way" section').toBeDefined();
    const lines = (section ?? '').trim().split('\n').length;
    expect(
      lines,
      `README's "Find your way" has ${lines} lines; at most 20 (details go in docs/architecture.md)`,
    ).toBeLessThanOrEqual(20);
    expect(section).toContain('docs/architecture.md');
  });

  it('starts with the commands that start and test the app', () => {
    const start = readme.indexOf('npm install && npm start');
    const test = readme.indexOf('npm install && npm test');
    expect(start).toBeGreaterThan(-1);
    expect(test).toBeGreaterThan(start);
    expect(readme.indexOf('## Find your way')).toBeGreaterThan(test);
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    expect(scripts.start).toBeDefined();
    expect(scripts.test).toBeDefined();
  });
});

describe('code comments', () => {
  /** Every source file under these folders (not node_modules, not built output). */
  const sources = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
      return /\.(ts|tsx|mjs)$/.test(entry.name) ? [path] : [];
    });
  // "Issue 25 crates" is the farm's verb on a screen, not a citation.
  const CITES_ISSUE = /\bissues? #?\d+\b(?! crates)/i;

  it('cite decisions or docs/architecture.md, never issue numbers (issues are not in the repository)', () => {
    const citing = ['src', 'tests', 'scripts', 'bench'].flatMap(sources).flatMap((path) =>
      read(path)
        .split('\n')
        .flatMap((line, i) => (CITES_ISSUE.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(citing, 'cite the decision record (decision NNN) instead').toEqual([]);
  });
});
