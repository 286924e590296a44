// The server as `npm start` runs it (decision 034): src/server/index.ts bundled by esbuild into
// dist/server/, so a start loads three files instead of compiling ~140 TypeScript modules through tsx.
// Packages stay outside the bundle (node_modules is read as it is). The app's modules are a chunk
// of their own, loaded by index.ts's import() while the database opens.
//
// dist/server/manifest.json lists every source file the bundle was made from with its SHA-256, as
// esbuild read it: the bundle is stale when one of them (or this script, or tsconfig.json) differs,
// is gone, or the manifest is missing. `import.meta.url` in a bundled file is the URL of its source
// file, so `new URL('./migrations', import.meta.url)` still finds src/server/db/migrations.
//
//   node scripts/build-server.mjs        builds it (npm run build does too)
//   import { ensureServerBuild }         builds it when stale and says where its entry is (the bench
//                                        bundles bench/serve.ts the same way, into .tmp/bench-serve)
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const defaultOutdir = join(root, 'dist', 'server');
const DEFAULT_ENTRY = 'src/server/index.ts';
const MANIFEST = 'manifest.json';
/** Files that shape the bundle without being in it. */
const EXTRA_INPUTS = ['scripts/build-server.mjs', 'tsconfig.json'];
/** A chunk no manifest names any more is removed once this old: a start that began before it was replaced may still load it. */
const STALE_CHUNK_MS = 10 * 60_000;

const LOADERS = { '.ts': 'ts', '.mts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.json': 'json' };

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const toPosix = (path) => path.split(sep).join('/');

/** Why the bundle of `entry` in `outdir` can't be used as it is, or null when it can. */
export function staleReason(outdir = defaultOutdir, entry = DEFAULT_ENTRY) {
  const manifestFile = join(outdir, MANIFEST);
  if (!existsSync(manifestFile) || !existsSync(join(outdir, 'index.mjs'))) return 'not built yet';
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch {
    return 'its manifest is unreadable';
  }
  if (manifest.entry !== entry) return `it was built from ${manifest.entry}`;
  for (const [path, hash] of Object.entries(manifest.inputs ?? {})) {
    let bytes;
    try {
      bytes = readFileSync(join(root, path));
    } catch {
      return `${path} is gone`;
    }
    if (sha256(bytes) !== hash) return `${path} changed`;
  }
  for (const file of manifest.files ?? []) if (!existsSync(join(outdir, file))) return `${file} is missing`;
  return null;
}

/**
 * Reads every source file esbuild bundles (recording its hash for the manifest) and gives
 * `import.meta.url` in it the URL of that source file, relative to the bundle's own URL.
 */
function sourcesPlugin(outdir, inputs) {
  return {
    name: 'cratekeeper-sources',
    setup(build) {
      build.onLoad({ filter: /.*/ }, (args) => {
        const loader = LOADERS[extname(args.path)];
        if (!loader || args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const bytes = readFileSync(args.path);
        inputs[toPosix(relative(root, args.path))] = sha256(bytes);
        let contents = bytes.toString('utf8');
        const other = contents.match(/import\.meta\.(?!url\b)\w+/);
        if (other) {
          return { errors: [{ text: `${other[0]} is not supported in the server bundle: use import.meta.url` }] };
        }
        const fromBundle = toPosix(relative(outdir, args.path));
        contents = contents.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
        );
        return { contents, loader };
      });
    },
  };
}

/** Writes a file whole or not at all: a start running at the same time never reads half of it. */
function writeAtomically(path, contents) {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

/** Bundles `entry` into `outdir` as index.mjs; index.mjs is written last, the manifest after it. */
export async function buildServer(outdir = defaultOutdir, entry = DEFAULT_ENTRY) {
  const { build } = await import('esbuild');
  const inputs = {};
  for (const path of EXTRA_INPUTS) inputs[path] = sha256(readFileSync(join(root, path)));
  const result = await build({
    absWorkingDir: root,
    entryPoints: { index: join(root, entry) },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Class and function names as in the sources: the log names an error by its class.
    keepNames: true,
    sourcemap: 'linked',
    sourcesContent: false,
    outExtension: { '.js': '.mjs' },
    chunkNames: '[name]-[hash]',
    write: false,
    logLevel: 'warning',
    plugins: [sourcesPlugin(outdir, inputs)],
  });
  mkdirSync(outdir, { recursive: true });
  const index = resolve(outdir, 'index.mjs');
  const outputs = result.outputFiles.sort((a, b) => (a.path === index) - (b.path === index));
  for (const file of outputs) writeAtomically(file.path, file.contents);
  const files = outputs.map((file) => relative(outdir, file.path));
  writeAtomically(join(outdir, MANIFEST), `${JSON.stringify({ entry, inputs, files }, null, 2)}\n`);
  const now = Date.now();
  for (const name of readdirSync(outdir)) {
    if (name === MANIFEST || files.includes(name)) continue;
    const path = join(outdir, name);
    if (now - statSync(path).mtimeMs > STALE_CHUNK_MS) rmSync(path, { force: true });
  }
  return index;
}

/** The bundle's index.mjs, built first when it is missing or stale (`log` says why). */
export async function ensureServerBuild({ outdir = defaultOutdir, entry = DEFAULT_ENTRY, log = console.log } = {}) {
  const reason = staleReason(outdir, entry);
  if (reason === null) return join(outdir, 'index.mjs');
  log(`Building the server (${reason})...`);
  return buildServer(outdir, entry);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const entry = await buildServer();
  console.log(`Built ${relative(root, entry)} in ${Math.round(performance.now() - started)} ms`);
}
