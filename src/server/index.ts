// Starts Cratekeeper: configuration, database (migrated), the app on PORT, graceful shutdown.
import { type Config, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEFAULT_MIN_FREE_MB, freeBytes } from './db/faults.ts';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

/** Start-up cannot go on: one line on stderr (and why, when DATA_DIR is short of space), exit 1. */
function stop(line: string): never {
  let disk = '';
  if (!config.databaseUrl) {
    try {
      const free = Math.floor(freeBytes(config.dataDir) / 1024 / 1024);
      if (free < (config.dataDirMinFreeMb ?? DEFAULT_MIN_FREE_MB))
        disk = ` DATA_DIR (${config.dataDir}) has only ${free} MB free: free some space and start again.`;
    } catch {
      // DATA_DIR unreadable: the message above says what failed
    }
  }
  console.error(`${line}.${disk}`);
  process.exit(1);
}

// The database opens while the app's modules load (decision 034): the embedded one compiles its
// WebAssembly off the main thread and reads its files meanwhile. A failure to open is thrown below.
const opening = openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
opening.catch(() => {});
const [{ buildApp }, { default: closeWithGrace }] = await Promise.all([import('./app.ts'), import('close-with-grace')]);
const database = await opening.catch((err: Error) => stop(`The database could not be opened: ${err.message}`));
const app = await buildApp({ config, database, logger: true });

// The embedded database PANICked (its write-ahead log could not be written: the disk is full) and can
// run nothing more: one line saying so, then exit at once — closing would wait on it for ever. What was
// answered 2xx is in its log; it starts cleanly once space is freed (decision 060).
database.onFatal((err) => {
  app.log.fatal(
    { err },
    `The embedded database stopped: ${err.message}. Cratekeeper stops; free space in DATA_DIR (${config.dataDir}) and start it again`,
  );
  process.exit(1);
});

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info(`${signal} received, shutting down`);
  // Readiness says 503 at once; close() then stops accepting, lets requests in flight finish, ends
  // the event streams with a retry hint; closeWithGrace exits anyway after 10 s.
  app.lifecycle.shuttingDown = true;
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
// Plain text for the person who ran `npm start`; the JSON log above says the same for machines.
const lines = [`\nCratekeeper is running on http://localhost:${config.port} (${where})`, ...app.notices];
console.log(`${lines.join('\n\n')}\n`);
