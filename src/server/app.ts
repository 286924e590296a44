// buildApp(): the whole Fastify application as one instance; index.ts listens, tests inject.
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyReply, LogController, type onSendHookHandler } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import { type Database, errorForLog } from './db/client.ts';
import agentRoutes from './features/agent-records/routes.ts';
import apiTokenRoutes from './features/api-tokens/routes.ts';
import auditPlugin from './features/audit/plugin.ts';
import auditRoutes from './features/audit/routes.ts';
import accessCodeRoutes from './features/auth/access-code-routes.ts';
import authRoutes from './features/auth/routes.ts';
import backupJobs from './features/backups/jobs.ts';
import statementJobs from './features/balance-statements/jobs.ts';
import {
  balanceStatementRoutes,
  statementLinkRoutes,
  statementPageRoutes,
} from './features/balance-statements/routes.ts';
import { agentBillingRoutes, billingRoutes } from './features/billing/routes.ts';
import { clientRoutes, clientTransactionRoutes } from './features/clients/routes.ts';
import contactRoutes from './features/contact/routes.ts';
import farmStoreRoutes from './features/crates/routes.ts';
import dashboardRoutes from './features/dashboard/routes.ts';
import eventRoutes from './features/events/routes.ts';
import evidenceRoutes from './features/evidence/routes.ts';
import exportRoutes from './features/exports/routes.ts';
import farmNameRoutes from './features/farm-name/routes.ts';
import healthRoutes from './features/health/routes.ts';
import housekeepingJobs from './features/housekeeping/jobs.ts';
import importRoutes from './features/imports/routes.ts';
import insightJobs from './features/insights/jobs.ts';
import insightsRoutes from './features/insights/routes.ts';
import outboxJobs from './features/outbox/jobs.ts';
import outboxRoutes from './features/outbox/routes.ts';
import pricingRoutes from './features/pricing/routes.ts';
import produceListsRoutes from './features/produce-lists/routes.ts';
import reportJobs from './features/reports/jobs.ts';
import reportRoutes from './features/reports/routes.ts';
import stockTakeRoutes from './features/stock-takes/routes.ts';
import supplierRoutes, { tenderRoutes } from './features/suppliers/routes.ts';
import transmissionRoutes from './features/transmissions/routes.ts';
import stackRoutes from './features/transmissions/stack-routes.ts';
import userRoutes from './features/users/routes.ts';
import webhookJobs from './features/webhooks/jobs.ts';
import webhookRoutes from './features/webhooks/routes.ts';
import type { ReadCacheOptions } from './lib/read-cache.ts';
import authPlugin from './plugins/auth.ts';
import databaseFaultsPlugin from './plugins/database-faults.ts';
import dbPlugin from './plugins/db.ts';
import docsPlugin from './plugins/docs.ts';
import errorsPlugin, { frameworkMessage, GENERIC_CLIENT_ERROR } from './plugins/errors.ts';
import eventsPlugin from './plugins/events.ts';
import idempotencyPlugin from './plugins/idempotency.ts';
import jobsPlugin from './plugins/jobs.ts';
import languagesPlugin from './plugins/languages.ts';
import mailerPlugin from './plugins/mailer.ts';
import metricsPlugin from './plugins/metrics.ts';
import noticesPlugin from './plugins/notices.ts';
import readCachePlugin from './plugins/read-cache.ts';
import requestLogPlugin from './plugins/request-log.ts';
import securityPlugin from './plugins/security.ts';
import strictBodiesPlugin from './plugins/strict-bodies.ts';
import webPlugin from './plugins/web.ts';
import { prepareFarm } from './startup.ts';

export const BODY_LIMIT_BYTES = 100 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { shuttingDown: boolean };
  }
}

export type BuildOptions = {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where the log goes (stdout unless given; tests read it). */
  logStream?: DestinationStream;
  /** The read cache's limits (tests shorten them). */
  readCache?: ReadCacheOptions;
  /**
   * Tests only: run last among every route's onSend hooks, seeing each answer as it goes out (the API
   * tests hold it against the OpenAPI document, tests/support/contract.ts, decision 048).
   */
  onAnswer?: onSendHookHandler;
  /**
   * false: jobs run only when asked (runNow), never on their schedule. The API tests: a job waking up
   * mid-test (the outbox retry every minute) would write what the test did not do.
   */
  schedules?: boolean;
};

/** Fastify's own settings: logging, body and time limits, proxies, and errors raised before routing. */
function serverOptions({ config, logger, logStream }: Omit<BuildOptions, 'database'>): FastifyHttpOptions<Server> {
  return {
    // Request bodies are never logged (Fastify's request serializer has none), and errors go
    // through errorForLog so a failed query's parameters stay out of the log.
    logger:
      logger || logStream
        ? { level: config.logLevel, ...(logStream ? { stream: logStream } : {}), serializers: { err: errorForLog } }
        : false,
    // zod compiles every schema: without these, Fastify loads Ajv and fast-json-stringify at start
    // (~0.4 s of `npm start`, decision 034) for compilers no route uses. (The option's types are Ajv's.)
    schemaController: {
      compilersFactory: {
        buildValidator: () => validatorCompiler as never,
        buildSerializer: () => serializerCompiler as never,
      },
    },
    // One line per request, written by plugins/request-log.ts, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify takes a hop count too, though its type leaves numbers out.
    trustProxy: config.trustProxy as boolean | string[],
    // A request must arrive whole within requestTimeoutMs: a body trickled a byte at a time is cut off.
    requestTimeout: config.requestTimeoutMs,
    // Errors raised before routing (a malformed URL) get the same {message} body as every other.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      (reply as FastifyReply).status(status).send({ message: frameworkMessage(error) ?? GENERIC_CLIENT_ERROR });
    },
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.floor(config.requestTimeoutMs / 4))),
    },
  };
}

// Long: the plugins and route files registered in order, one line each; the order is the point.
export async function buildApp({
  config,
  database,
  logger = false,
  logStream,
  readCache = {},
  onAnswer,
  schedules = true,
}: BuildOptions) {
  const app = Fastify(serverOptions({ config, logger, logStream })).withTypeProvider<ZodTypeProvider>();
  // A route's own onSend hooks run after its plugins': this one comes last on every route.
  if (onAnswer) {
    app.addHook('onRoute', (route) => {
      route.onSend = [route.onSend ?? []].flat().concat(onAnswer);
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Set when the instance begins to stop (index.ts on SIGTERM, or close()): GET /api/ready says 503.
  app.decorate('lifecycle', { shuttingDown: false });
  app.addHook('preClose', async () => {
    app.lifecycle.shuttingDown = true;
  });

  await app.register(dbPlugin, { database, config });
  await app.register(databaseFaultsPlugin);
  await app.register(readCachePlugin, readCache);
  await app.register(noticesPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(strictBodiesPlugin);
  await app.register(authPlugin);
  await app.register(languagesPlugin);
  await app.register(requestLogPlugin);
  await app.register(auditPlugin);
  await app.register(docsPlugin);
  await app.register(mailerPlugin);
  await app.register(jobsPlugin, { schedules });
  // After the guard, the audit scope and the read cache: its answers are kept as they finally go out.
  await app.register(idempotencyPlugin);
  await app.register(housekeepingJobs);
  await app.register(outboxJobs);
  await app.register(reportJobs);
  await app.register(insightJobs);
  await app.register(statementJobs);
  await app.register(backupJobs);
  await app.register(webhookJobs, { schedules });
  await app.register(eventsPlugin);
  await app.register(metricsPlugin);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(transmissionRoutes, { prefix: '/api/transmissions' });
  await app.register(stackRoutes, { prefix: '/api' });
  await app.register(agentRoutes, { prefix: '/api/market-agents' });
  await app.register(agentBillingRoutes, { prefix: '/api/market-agents' });
  await app.register(billingRoutes, { prefix: '/api/billing' });
  await app.register(farmStoreRoutes, { prefix: '/api/farm-store' });
  await app.register(accessCodeRoutes, { prefix: '/api/farm-store/access-code' });
  await app.register(farmNameRoutes, { prefix: '/api' });
  await app.register(produceListsRoutes, { prefix: '/api' });
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(insightsRoutes, { prefix: '/api' });
  await app.register(pricingRoutes, { prefix: '/api' });
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(outboxRoutes, { prefix: '/api' });
  await app.register(supplierRoutes, { prefix: '/api/suppliers' });
  await app.register(tenderRoutes, { prefix: '/api' });
  await app.register(eventRoutes, { prefix: '/api' });
  await app.register(userRoutes, { prefix: '/api' });
  await app.register(clientRoutes, { prefix: '/api/clients' });
  await app.register(clientTransactionRoutes, { prefix: '/api/client-transactions' });
  await app.register(reportRoutes, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api' });
  await app.register(exportRoutes, { prefix: '/api' });
  await app.register(importRoutes, { prefix: '/api/imports' });
  await app.register(stockTakeRoutes, { prefix: '/api/stock-takes' });
  await app.register(evidenceRoutes, { prefix: '/api/evidence' });
  await app.register(apiTokenRoutes, { prefix: '/api/api-tokens' });
  await app.register(webhookRoutes, { prefix: '/api/webhooks' });
  await app.register(balanceStatementRoutes, { prefix: '/api/balance-statements' });
  await app.register(statementLinkRoutes, { prefix: '/api/clients' });
  await app.register(statementPageRoutes);

  await app.register(webPlugin);
  await app.ready();
  await prepareFarm(app);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
