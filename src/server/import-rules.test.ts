// The import rules of DESIGN §3, checked over every .ts/.tsx file under src/: no import circles,
// plugins and core modules never reach into features, client and server never import each other,
// and features meet only through a public file (a service, for the server).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const src = join(root, 'src');

/**
 * Files of a server feature that another server feature may import besides its service.ts, each with
 * who may import it and why. Everything else in a feature (routes, repository, rules) is its own.
 */
const publicFeatureFiles: { file: RegExp; from: RegExp; why: string }[] = [
  {
    file: /^server\/features\/crates\/ledger\.ts$/,
    from: /^server\/features\//,
    why: 'crate counts change only through the ledger (STYLE.md), inside the transaction of the feature that moves them',
  },
  {
    file: /^server\/features\/crates\/balances\.ts$/,
    from: /^server\/features\//,
    why: "the ledger's read side: every feature that shows crates reads its balances from one place",
  },
  {
    file: /^server\/features\/billing\/reads\.ts$/,
    from: /^server\/features\/(agent-records|reports)\//,
    why: "billing's read models (cycles, earnings), shown on agents' records and in reports",
  },
  {
    file: /^server\/features\/clients\/overdue\.ts$/,
    from: /^server\/features\/(agent-records|reports|insights)\//,
    why: "the overdue-loan rule (decision 018) read across agents: the farm's agent list, the weekly e-mail (054), the insights (070)",
  },
  {
    file: /^server\/features\/[^/]+\/invariant\.ts$/,
    from: /^server\/features\/invariant\/service\.ts$/,
    why: "each domain's invariant checks, composed into the whole-database invariant in one place (decision 069)",
  },
  {
    file: /^server\/features\/auth\/security-events\.ts$/,
    from: /^server\/features\/users\//,
    why: 'a password the farm store sets again sends the same security notice as one the user changes',
  },
  {
    file: /^server\/features\/([^/]+\/demo|auth\/farm-access-code)\.ts$/,
    from: /^server\/features\/demo\/seed\.ts$/,
    why: "DEMO=1: the seeder composes each feature's demo data and shows the demo farm's access code",
  },
];

/** Tests and their helpers may reach into anything they test. */
const isTestFile = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)testing\.tsx?$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A file's path under src/, with forward slashes: 'server/plugins/auth.ts'. */
const id = (path: string) => relative(src, path).split(sep).join('/');

/**
 * Static imports, `export … from` and `import()` with a literal, resolved: a file under src/ by its
 * id, anything else (tests/support, a .css file) by its path from src/; packages are left out.
 */
function importsOf(path: string, known: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(path, 'utf8'), true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => {
      const target = id(resolve(dirname(path), spec));
      const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`];
      const found = candidates.find((c) => known.has(c) || existsSync(join(src, c)));
      return found ?? `${target} (not found)`;
    });
}

const files = sourceFiles(src).map(id).sort();
const known = new Set(files);
const graph = new Map(files.map((file) => [file, importsOf(join(src, file), known)]));
const edges = [...graph].flatMap(([from, tos]) => tos.map((to) => ({ from, to })));
const show = (list: { from: string; to: string }[]) => list.map((e) => `${e.from} → ${e.to}`);

/** Every import circle, each once, as the list of files around it (Tarjan's strongly connected parts). */
function importCircles(): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== file);
    if (part.length > 1 || graph.get(file)?.includes(file)) circles.push(part);
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return circles.map((part) => pathAround(part));
}

/** One concrete way round a strongly connected part, so the message names a real circle. */
function pathAround(part: string[]): string[] {
  const members = new Set(part);
  const start = [...part].sort()[0];
  const seen = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (next === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(seen.get(path[0])!);
        return [...path, start];
      }
      if (members.has(next) && !seen.has(next)) {
        seen.set(next, file);
        queue.push(next);
      }
    }
  }
  return part;
}

const serverFeature = (file: string) => /^server\/features\/([^/]+)\//.exec(file)?.[1];
const clientFeature = (file: string) => /^client\/features\/([^/]+)\//.exec(file)?.[1];

describe('import rules (DESIGN §3)', () => {
  it('finds the source files and resolves every relative import', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(show(edges.filter((e) => e.to.endsWith('(not found)')))).toEqual([]);
  });

  it('has no import circle', () => {
    const circles = importCircles().map((circle) => circle.join(' → '));
    expect(circles, 'import circles (break each one: move the shared part down a layer)').toEqual([]);
  });

  it('keeps plugins, core modules and the database layer below the features', () => {
    const upward = edges.filter((e) => /^server\/(plugins|lib|db)\//.test(e.from) && serverFeature(e.to));
    expect(show(upward), 'a plugin or core module imports a feature (let the feature register instead)').toEqual([]);
  });

  it('keeps client and server apart, and shared below both', () => {
    const crossing = edges.filter(
      (e) =>
        (e.from.startsWith('client/') && e.to.startsWith('server/')) ||
        (e.from.startsWith('server/') && e.to.startsWith('client/')) ||
        (e.from.startsWith('shared/') && !e.to.startsWith('shared/')),
    );
    expect(show(crossing), 'imports flow shared → server | client, never between client and server').toEqual([]);
  });

  it('keeps client features out of each other', () => {
    const reaching = edges.filter((e) => {
      const from = clientFeature(e.from);
      const to = clientFeature(e.to);
      return from && to && from !== to;
    });
    expect(show(reaching), 'a client feature imports another (move the shared piece to client/components)').toEqual([]);
  });

  it('lets a server feature use another only through its service (or a named public file)', () => {
    const reaching = edges.filter((e) => {
      const from = serverFeature(e.from);
      const to = serverFeature(e.to);
      if (!from || !to || from === to || isTestFile(e.from)) return false;
      if (e.to.endsWith('/service.ts')) return false;
      return !publicFeatureFiles.some((p) => p.file.test(e.to) && p.from.test(e.from));
    });
    expect(show(reaching), "a server feature imports another's internals (call its service.ts)").toEqual([]);
  });

  it('never has server features importing each other in a circle, through any file', () => {
    // Feature A → B when any file of A (not its tests) imports any file of B: a service, a public read
    // model (crates/balances.ts, clients/overdue.ts) or a routes file. A read model that needs features
    // which use each other sits above them (agent-records over agents, clients and crates, decision 069).
    const uses = new Map<string, Set<string>>();
    for (const e of edges) {
      const from = serverFeature(e.from);
      const to = serverFeature(e.to);
      if (!from || !to || from === to || isTestFile(e.from)) continue;
      uses.set(from, (uses.get(from) ?? new Set()).add(to));
    }
    const circles: string[] = [];
    const visit = (feature: string, path: string[]) => {
      for (const next of uses.get(feature) ?? []) {
        if (next === path[0]) circles.push([...path, next].join(' → '));
        else if (!path.includes(next) && next > path[0]) visit(next, [...path, next]);
      }
    };
    for (const feature of [...uses.keys()].sort()) visit(feature, [feature]);
    expect(uses.get('agent-records')).toEqual(new Set(['agents', 'billing', 'clients', 'crates']));
    expect(circles, 'server features that import each other (move what needs both above them)').toEqual([]);
  });

  it('never has server features calling each other, however far round', () => {
    // Feature A → B when A's code (not its tests) calls B's service: this graph must have no circle.
    const calls = new Map<string, Set<string>>();
    for (const e of edges) {
      const from = serverFeature(e.from);
      const to = serverFeature(e.to);
      if (!from || !to || from === to || isTestFile(e.from) || !e.to.endsWith('/service.ts')) continue;
      calls.set(from, (calls.get(from) ?? new Set()).add(to));
    }
    const circles: string[] = [];
    // Each circle once: it is reported from its alphabetically first feature.
    const visit = (feature: string, path: string[]) => {
      for (const next of calls.get(feature) ?? []) {
        if (next === path[0]) circles.push([...path, next].join(' → '));
        else if (!path.includes(next) && next > path[0]) visit(next, [...path, next]);
      }
    };
    for (const feature of [...calls.keys()].sort()) visit(feature, [feature]);
    expect(circles, 'server features whose services call each other (one side must not know the other)').toEqual([]);
  });
});
