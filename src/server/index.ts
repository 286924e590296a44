// Starts Cratekeeper: configuration, database (migrated), the app on PORT, graceful shutdown.
import { type Config, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

// The database opens while the app's modules load (decision 034): the embedded one compiles its
// WebAssembly off the main thread and reads its files meanwhile. A failure to open is thrown below.
const opening = openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
opening.catch(() => {});
const [{ buildApp }, { default: closeWithGrace }] = await Promise.all([import('./app.ts'), import('close-with-grace')]);
const database = await opening;
const app = await buildApp({ config, database, logger: true });

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
