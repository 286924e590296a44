// The statement reminder (decision 064): every hour, each statement unanswered for 7 days is e-mailed
// to its agent once (its header badge counts it from the day it was issued), through the jobs
// plugin's advisory lock, so one instance sends it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readFarmName } from '../../lib/farm-name.ts';
import { sendReminders } from './service.ts';

export const STATEMENT_REMINDERS_JOB = 'statement-reminders';

async function statementJobs(app: FastifyInstance) {
  app.jobs.register({
    name: STATEMENT_REMINDERS_JOB,
    schedule: '41 * * * *',
    run: async () => {
      const sent = await sendReminders({
        db: app.db,
        mailer: app.mailer,
        timeZone: app.config.farmTimezone,
        farmName: await readFarmName(app.db, app.config.farmName),
      });
      if (sent > 0) app.log.info({ sent }, 'statement reminders sent');
    },
  });
}

export default fp(statementJobs, { name: 'statement-jobs', dependencies: ['jobs', 'mailer'] });
