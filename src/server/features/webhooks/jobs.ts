// The webhook sender (decision 063): every 2 seconds each instance sends what is due, unless a round is
// still running. Endpoint leases (SKIP LOCKED) keep several instances from sending an endpoint's
// deliveries twice or out of order. The API tests run rounds with app.webhooks.sendDue().
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendDue } from './service.ts';

export const WEBHOOK_POLL_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: { sendDue(): Promise<number> };
  }
}

async function webhookJobs(app: FastifyInstance, { schedules = true }: { schedules?: boolean } = {}) {
  const deps = {
    db: app.db,
    log: app.log,
    settings: { allowPrivate: app.config.webhookAllowPrivateAddresses, timeoutMs: app.config.webhookTimeoutMs },
  };
  app.decorate('webhooks', { sendDue: () => sendDue(deps) });
  if (!schedules) return;
  let running: Promise<void> | null = null;
  const round = () => {
    if (running || app.lifecycle.shuttingDown) return;
    running = sendDue(deps)
      .then(() => undefined)
      .catch((err) => app.log.warn({ err }, 'webhook round failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(round, WEBHOOK_POLL_MS).unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export default fp(webhookJobs, { name: 'webhook-jobs', dependencies: ['db'] });
