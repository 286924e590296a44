// The farm's weekly e-mail (decision 070) goes out by itself on WEEKLY_REPORTS_CRON, beside the agents'
// weekly summaries, through the jobs plugin's advisory lock; the farm week it is for is claimed with
// its e-mails, so it goes out once a week even if the schedule fires more often.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendFarmWeeklyEmail } from './farm-email.ts';

export const FARM_WEEKLY_EMAIL_JOB = 'farm-weekly-email';

async function insightJobs(app: FastifyInstance) {
  app.jobs.register({
    name: FARM_WEEKLY_EMAIL_JOB,
    schedule: app.config.weeklyReportsCron,
    run: async (slot = new Date()) => {
      const deps = {
        db: app.db,
        mailer: app.mailer,
        timeZone: app.config.farmTimezone,
        loanOverdueDays: app.config.loanOverdueDays,
      };
      const result = await sendFarmWeeklyEmail(deps, slot);
      app.log.info(result, 'farm weekly e-mail');
    },
  });
}

export default fp(insightJobs, { name: 'insight-jobs', dependencies: ['jobs', 'mailer'] });
