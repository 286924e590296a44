// Every file that says `english('ns.key')` registers the namespaces it uses (decision 065,
// src/shared/i18n/english.ts): this adds the imports and the `addEnglish` line, or with --check lists
// the files that lack them (a unit test runs the check).
//   node --import tsx scripts/english-namespaces.ts [--check]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const enFolder = join(root, 'src/shared/i18n/en');
const NAMESPACES = readdirSync(enFolder)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));
const camel = (namespace: string) => `${namespace.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}English`;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'i18n' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The namespaces a file's keys name ('clients.added' → clients), when it uses english(). */
export function namespacesUsed(source: string): string[] {
  if (!/from '[./]*(?:shared\/)?i18n\/english\.ts'/.test(source)) return [];
  const found = new Set<string>();
  for (const match of source.matchAll(/['`]([a-z][a-z-]*)\.[a-zA-Z][\w]*['`]/g)) {
    if (NAMESPACES.includes(match[1])) found.add(match[1]);
  }
  return [...found].sort();
}

const registered = (source: string, namespace: string) =>
  // `addEnglish(en)`: the whole English catalogue (the server's translators, the signed-in app).
  /addEnglish\(en\)/.test(source) ||
  new RegExp(`addEnglish\\(\\{[^}]*\\b(?:'${namespace}'|${namespace.replace(/-/g, '')})\\b`).test(source) ||
  new RegExp(`addEnglish\\(\\{[^}]*'${namespace}':`).test(source);

export function missingRegistrations(): string[] {
  const missing: string[] = [];
  for (const file of sourceFiles(join(root, 'src'))) {
    const source = readFileSync(file, 'utf8');
    for (const namespace of namespacesUsed(source)) {
      if (!registered(source, namespace)) missing.push(`${relative(root, file)}: ${namespace}`);
    }
  }
  return missing;
}

function fix(file: string) {
  let source = readFileSync(file, 'utf8');
  const wanted = namespacesUsed(source).filter((namespace) => !registered(source, namespace));
  if (wanted.length === 0) return false;
  const toEn = relative(dirname(file), enFolder).split('\\').join('/');
  const prefix = toEn.startsWith('.') ? toEn : `./${toEn}`;
  const imports = wanted.map((ns) => `import ${camel(ns)} from '${prefix}/${ns}.json' with { type: 'json' };`);
  const entries = wanted.map((ns) => (ns.includes('-') ? `'${ns}': ${camel(ns)}` : `${ns}: ${camel(ns)}`));
  // After the last import: the namespaces are registered before the file's own code runs.
  const lines = source.split('\n');
  let last = -1;
  let inImport = false;
  lines.forEach((line, index) => {
    if (/^import\b/.test(line)) inImport = true;
    if (inImport && /from '[^']+'( with \{[^}]*\})?;\s*$|^import '[^']+';\s*$/.test(line)) {
      last = index;
      inImport = false;
    }
  });
  lines.splice(last + 1, 0, ...imports, '', `addEnglish({ ${entries.join(', ')} });`);
  source = lines.join('\n');
  // addEnglish comes from the same module as english.
  source = source.replace(
    /import \{([^}]*)\} from '([./]*(?:shared\/)?i18n\/english\.ts)';/,
    (all, names: string, from) =>
      names.includes('addEnglish') ? all : `import { addEnglish,${names}} from '${from}';`,
  );
  writeFileSync(file, source);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--check')) {
    const missing = missingRegistrations();
    for (const line of missing) console.log(line);
    process.exit(missing.length ? 1 : 0);
  }
  const fixed = sourceFiles(join(root, 'src')).filter(fix);
  for (const file of fixed) console.log(`registered in ${relative(root, file)}`);
}
