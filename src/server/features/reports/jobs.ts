// The weekly reports go out by themselves (DESIGN §1): WEEKLY_REPORTS_CRON (default Mondays 06:00)
// in the farm's time zone, through the jobs plugin's advisory lock, so one instance sends them once.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendWeeklyReports } from './service.ts';

export const WEEKLY_REPORTS_JOB = 'weekly-reports';

async function reportJobs(app: FastifyInstance) {
  app.jobs.register({
    name: WEEKLY_REPORTS_JOB,
    schedule: app.config.weeklyReportsCron,
    run: async () => {
      const recipientCount = await sendWeeklyReports({
        db: app.db,
        mailer: app.mailer,
        timeZone: app.config.farmTimezone,
        log: app.log,
      });
      app.log.info({ recipientCount }, 'weekly reports sent');
    },
  });
}

export default fp(reportJobs, { name: 'report-jobs', dependencies: ['jobs', 'mailer'] });
