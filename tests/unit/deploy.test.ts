// The deployment files (Dockerfile, .dockerignore, deploy/, docs/deploy.md) against the app they deploy:
// no Docker daemon is needed, so this runs in every `npm test`. It catches a route, port, file or
// setting renamed on one side only: a health check on a path that is gone, a server module the image
// leaves out, a stop timeout shorter than the app's drain, an event stream a proxy would buffer.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { defaultOutdir, root } from '../../scripts/build-server.mjs';
import { SERVER_NODE_FLAGS } from '../../scripts/node-flags.mjs';
import { loadConfig, parseTrustProxy } from '../../src/server/config.ts';
import { HEARTBEAT_MS } from '../../src/server/plugins/events.ts';
import { buildTestApp } from '../support/test-app.ts';

const read = (path: string) => readFileSync(join(root, path), 'utf8');

// --- the Dockerfile, by stage ---
type Instruction = { op: string; args: string };
function dockerStages(text: string): Map<string, Instruction[]> {
  const stages = new Map<string, Instruction[]>();
  let current: Instruction[] = [];
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  for (const line of lines) {
    const match = /^([A-Z]+)\s+(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, op, args] = match;
    if (op === 'FROM') {
      current = [];
      stages.set(/\sAS\s+(\S+)/i.exec(args)?.[1] ?? `stage${stages.size}`, current);
    }
    current.push({ op, args: args.trim() });
  }
  return stages;
}
const dockerfile = dockerStages(read('Dockerfile'));
const runtime = [...dockerfile.values()].at(-1)!;
const instruction = (op: string) => runtime.filter((i) => i.op === op).map((i) => i.args);
const execForm = (args: string) => JSON.parse(args.replace(/^.*?(\[.*\])\s*$/, '$1')) as string[];
/** What the final stage copies, as paths in the checkout (`COPY --from=build /app/x ./x` → x). */
const copiedIntoImage = instruction('COPY')
  .filter((args) => args.includes('--from=build'))
  .flatMap((args) => args.split(/\s+/).slice(1, -1))
  .map((source) => source.replace(/^\/app\//, ''));

// --- .dockerignore, as Docker matches it (last matching line wins, `!` re-includes) ---
const ignoreRules = read('.dockerignore')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const pattern = line.replace(/^!/, '');
    const source = pattern
      .split(/(\*\*\/|\*\*|\*|\?)/)
      .map((part) =>
        part === '**/'
          ? '(?:.*/)?'
          : part === '**'
            ? '.*'
            : part === '*'
              ? '[^/]*'
              : part === '?'
                ? '[^/]'
                : part.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
    return { include: line.startsWith('!'), regex: new RegExp(`^${source}(?:/.*)?$`) };
  });
const ignored = (path: string) =>
  ignoreRules.reduce((result, rule) => (rule.regex.test(path) ? !rule.include : result), false);

/** Every file of the checkout a module imports, transitively (relative imports; packages left out). */
function localImports(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const text = read(entry);
  for (const [, specifier] of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = relative(root, resolve(root, dirname(entry), specifier));
    if (existsSync(join(root, target))) localImports(target, seen);
  }
  return seen;
}

/** The app's drain after SIGTERM (src/server/index.ts): every stop timeout in front of it must be longer. */
const shutdownGraceMs = Number(
  /closeWithGrace\(\s*\{\s*delay:\s*([\d_]+)/.exec(read('src/server/index.ts'))?.[1].replace(/_/g, ''),
);
const seconds = (value: string) => Number(/^(\d+)s?$/.exec(value)?.[1]) * 1000;

const compose = parseYaml(read('deploy/compose.yaml'), { merge: true }) as {
  services: Record<string, Record<string, unknown> & { environment?: Record<string, string> }>;
};
const appServices = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);
const caddyfile = read('deploy/Caddyfile');
const nginx = read('deploy/nginx.conf');
const unit = read('deploy/cratekeeper@.service');
const guide = read('docs/deploy.md');

describe('the Dockerfile', () => {
  it('exposes, sets and health-checks the port the app listens on by default, as a user other than root', () => {
    const port = loadConfig({}).port;
    expect(instruction('EXPOSE')).toEqual([String(port)]);
    expect(instruction('ENV').join(' ')).toContain(`PORT=${port}`);
    expect(instruction('HEALTHCHECK').join(' ')).toContain(`(process.env.PORT || ${port}) + '/api/health'`);
    expect(instruction('USER')).toEqual(['node']);
  });

  it('runs the server bundle scripts/build-server.mjs makes, built in the image', () => {
    const [command, ...args] = execForm(instruction('CMD')[0]);
    expect(command).toBe('node');
    // The heap flags first (decision 081), then the bundle.
    expect(args).toEqual([...SERVER_NODE_FLAGS, relative(root, join(defaultOutdir, 'index.mjs'))]);
    const build = dockerfile.get('build')!.map((i) => i.args);
    expect(build.join('\n')).toContain('node scripts/build-server.mjs');
    expect(copiedIntoImage).toEqual(expect.arrayContaining(['dist/web', 'dist/server']));
  });

  it('copies every module the server and the backup commands import, and .dockerignore keeps none out', () => {
    const modules = new Set<string>();
    for (const entry of ['src/server/index.ts', 'scripts/backup.mjs', 'scripts/restore.mjs']) {
      for (const file of localImports(entry)) modules.add(file);
    }
    expect(modules.size).toBeGreaterThan(50);
    const inImage = (file: string) =>
      copiedIntoImage.some((copied) => file === copied || file.startsWith(`${copied}/`));
    expect([...modules].filter((file) => !inImage(file))).toEqual([]);
    expect([...modules].filter(ignored)).toEqual([]);
    // The migrations are read from disk, not imported.
    expect(inImage('src/server/db/migrations/meta/_journal.json')).toBe(true);
  });

  it('gets everything the client and server builds read into the build, and no data or secret', () => {
    const buildInputs = [
      'package.json',
      'package-lock.json',
      'index.html',
      'vite.config.ts',
      'postcss.config.cjs',
      'tsconfig.json',
      'scripts/build-server.mjs',
      ...['src/web', 'public'].flatMap((dir) =>
        readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => relative(root, join(entry.parentPath, entry.name))),
      ),
    ].filter((file) => !file.endsWith('.test.ts') && !file.endsWith('.test.tsx'));
    expect(buildInputs.filter(ignored)).toEqual([]);
    for (const kept of [
      'data/pglite/PG_VERSION',
      'deploy/.env',
      '.env',
      'node_modules/vite/package.json',
      '.git/HEAD',
    ]) {
      expect(ignored(kept), kept).toBe(true);
    }
  });
});

describe('deploy/compose.yaml and deploy/Caddyfile', () => {
  it('run two app instances on the PostgreSQL service, behind the proxy they trust', () => {
    expect(appServices.map(([name]) => name)).toEqual(['app1', 'app2']);
    const postgres = compose.services.postgres as { environment: Record<string, string>; image: string };
    expect(postgres.image).toBe('postgres:15');
    for (const [, service] of appServices) {
      const env = service.environment!;
      const url = new URL(env.DATABASE_URL.replace(/\$\{[^}]+\}/g, 'secret'));
      expect(url.hostname).toBe('postgres');
      expect(url.pathname).toBe(`/${postgres.environment.POSTGRES_DB}`);
      expect(url.username).toBe(postgres.environment.POSTGRES_USER);
      expect(parseTrustProxy(env.TRUST_PROXY)).toBe(1);
      expect(seconds(service.stop_grace_period as string)).toBeGreaterThan(shutdownGraceMs);
    }
  });

  it('give PostgreSQL connections for every instance: its pool, its LISTEN, the nightly backup', () => {
    const poolSize = Number(/max:\s*options\.poolSize\s*\?\?\s*(\d+)/.exec(read('src/server/db/client.ts'))?.[1]);
    expect(poolSize).toBe(10);
    const command = (compose.services.postgres.command as string[]).join(' ');
    const maxConnections = Number(/max_connections=(\d+)/.exec(command)?.[1]);
    // 3 are reserved for superusers; the rest must hold every instance, a backup and a few sessions.
    expect(maxConnections - 3).toBeGreaterThanOrEqual(appServices.length * (poolSize + 1) + 1 + 10);
  });

  it('send traffic to each app instance, by a readiness path the app answers', async () => {
    const upstreams = /reverse_proxy\s+([^{\n]+)\{/.exec(caddyfile)?.[1].trim().split(/\s+/);
    expect(upstreams).toEqual(appServices.map(([name]) => `${name}:${loadConfig({}).port}`));
    const healthUri = /health_uri\s+(\S+)/.exec(caddyfile)?.[1];
    expect(healthUri).toBe('/api/ready');
    const app = await buildTestApp();
    for (const path of [healthUri!, '/api/health']) {
      expect((await app.inject({ method: 'GET', url: path })).statusCode, path).toBe(200);
    }
  });
});

describe('deploy/nginx.conf and deploy/cratekeeper@.service', () => {
  it('lets the event stream through unbuffered, for longer than a heartbeat, and keeps the Host header', () => {
    const events = /location = \/api\/events \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
    expect(events).toContain('proxy_buffering off;');
    const timeout = /proxy_read_timeout\s+(\d+)([smh]);/.exec(events);
    const timeoutMs = Number(timeout?.[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[timeout?.[2] as 's' | 'm' | 'h'];
    expect(timeoutMs).toBeGreaterThan(HEARTBEAT_MS);
    expect(nginx).toContain('proxy_set_header Host $host;');
    expect(nginx).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
  });

  it('stops the service with SIGTERM and waits longer than the app drains; restarts it when it fails', () => {
    const setting = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(unit)?.[1];
    // The guide and every timeout here say the app exits within 10 s.
    expect(shutdownGraceMs).toBe(10_000);
    expect(setting('KillSignal')).toBe('SIGTERM');
    expect(seconds(setting('TimeoutStopSec')!)).toBeGreaterThan(shutdownGraceMs);
    expect(setting('Restart')).toBe('on-failure');
    expect(setting('User')).toBe('cratekeeper');
    expect(setting('EnvironmentFile')).toBeDefined();
    // The heap flags (decision 081), then the script.
    const script = setting('ExecStart')?.split(/\s+/).at(-1);
    expect(script && existsSync(join(root, script))).toBe(true);
  });
});

describe('docs/deploy.md', () => {
  it('names every setting the app reads and every file in deploy/', () => {
    const schema = /const envSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(read('src/server/config.ts'))?.[1] ?? '';
    const settings = [...schema.matchAll(/^ {2}([A-Z_]+):/gm)].map((m) => m[1]);
    expect(settings).toEqual(expect.arrayContaining(['DATABASE_URL', 'TRUST_PROXY', 'METRICS_TOKEN']));
    expect(settings.filter((name) => !guide.includes(`\`${name}\``))).toEqual([]);
    const files = readdirSync(join(root, 'deploy')).filter((name) => name !== '.env' && name !== '.gitignore');
    expect(files.filter((name) => !guide.includes(`deploy/${name}`))).toEqual([]);
  });
});
