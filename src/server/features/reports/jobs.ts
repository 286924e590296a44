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
    // The slot is the week's moment: one summary per agent per farm week (decision 046), so the run
    // after someone clicked Send Weekly Report this week sends only to agents who had none yet.
    run: async (slot = new Date()) => {
      const deps = {
        db: app.db,
        mailer: app.mailer,
        timeZone: app.config.farmTimezone,
        log: app.log,
        loanOverdueDays: app.config.loanOverdueDays,
      };
      const { recipientCount, alreadySentCount } = await sendWeeklyReports(deps, slot, 0);
      app.log.info({ recipientCount, alreadySentCount }, 'weekly reports sent');
    },
  });
}

export default fp(reportJobs, { name: 'report-jobs', dependencies: ['jobs', 'mailer'] });
