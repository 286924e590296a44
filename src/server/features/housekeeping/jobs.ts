// Housekeeping on a schedule: expired sessions and rate-limit counters whose window is long
// over are deleted every hour, so neither table grows for ever.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteStaleRateLimits } from '../../lib/rate-limit.ts';
import { deleteExpiredSessions } from '../../lib/sessions.ts';

export const PURGE_JOB = 'purge-expired-sessions-and-rate-limits';
/** Longer than the longest rate-limit window (registrations: one hour). */
export const STALE_RATE_LIMIT_SECONDS = 24 * 3600;

async function housekeepingJobs(app: FastifyInstance) {
  app.jobs.register({
    name: PURGE_JOB,
    schedule: '17 * * * *',
    run: async () => {
      await deleteExpiredSessions(app.db);
      await deleteStaleRateLimits(app.db, STALE_RATE_LIMIT_SECONDS);
    },
  });
}

export default fp(housekeepingJobs, { name: 'housekeeping-jobs', dependencies: ['jobs'] });
