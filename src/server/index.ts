// Starts Cratekeeper: configuration, database (migrated), the app on PORT, graceful shutdown.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
const app = await buildApp({ config, database, logger: true });

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info(`${signal} received, shutting down`);
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
// Plain text for the person who ran `npm start`; the JSON log above says the same for machines.
const lines = [`\nCratekeeper is running on http://localhost:${config.port} (${where})`, ...app.notices];
console.log(`${lines.join('\n\n')}\n`);
