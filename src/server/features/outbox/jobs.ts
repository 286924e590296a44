// The outbox retry job (decision 020): every minute, one instance sends again the messages whose
// SMTP delivery failed and whose back-off has run out.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OUTBOX_RETRY_JOB } from '../../plugins/mailer.ts';

async function outboxJobs(app: FastifyInstance) {
  if (!app.config.smtpUrl) return;
  app.jobs.register({
    name: OUTBOX_RETRY_JOB,
    schedule: '* * * * *',
    run: async () => {
      const { tried, sent } = await app.mailer.retryDue();
      if (tried > 0) app.log.info({ tried, sent }, 'outbox retry round');
    },
  });
}

export default fp(outboxJobs, { name: 'outbox-jobs', dependencies: ['jobs', 'mailer'] });
