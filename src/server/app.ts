// buildApp(): the whole Fastify application as one instance; index.ts listens, tests inject.
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import agentRoutes from './features/agents/routes.ts';
import authRoutes from './features/auth/routes.ts';
import contactRoutes from './features/contact/routes.ts';
import farmStoreRoutes from './features/crates/routes.ts';
import dashboardRoutes from './features/dashboard/routes.ts';
import eventRoutes from './features/events/routes.ts';
import healthRoutes from './features/health/routes.ts';
import outboxRoutes from './features/outbox/routes.ts';
import pricingRoutes from './features/pricing/routes.ts';
import supplierRoutes from './features/suppliers/routes.ts';
import transmissionRoutes from './features/transmissions/routes.ts';
import authPlugin from './plugins/auth.ts';
import clientPlugin from './plugins/client.ts';
import dbPlugin from './plugins/db.ts';
import docsPlugin from './plugins/docs.ts';
import errorsPlugin from './plugins/errors.ts';
import eventsPlugin from './plugins/events.ts';
import mailerPlugin from './plugins/mailer.ts';
import noticesPlugin from './plugins/notices.ts';
import securityPlugin from './plugins/security.ts';
import { prepareFarm } from './startup.ts';

export const BODY_LIMIT_BYTES = 100 * 1024;

export type BuildOptions = {
  config: Config;
  database: Database;
  logger?: boolean;
};

export async function buildApp({ config, database, logger = false }: BuildOptions) {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(dbPlugin, { database, config });
  await app.register(noticesPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(authPlugin);
  await app.register(docsPlugin);
  await app.register(mailerPlugin);
  await app.register(eventsPlugin);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(transmissionRoutes, { prefix: '/api/transmissions' });
  await app.register(agentRoutes, { prefix: '/api/market-agents' });
  await app.register(farmStoreRoutes, { prefix: '/api/farm-store' });
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(pricingRoutes, { prefix: '/api' });
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(outboxRoutes, { prefix: '/api' });
  await app.register(supplierRoutes, { prefix: '/api/suppliers' });
  await app.register(eventRoutes, { prefix: '/api' });

  await app.register(clientPlugin);
  await app.ready();
  await prepareFarm(app);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
