// Scheduled jobs (DESIGN §1): croner in-process, in the farm's time zone. With several instances on
// one PostgreSQL each run takes an advisory lock and records the slot it ran for in `settings`, so
// exactly one instance runs each scheduled slot (decision 011). Features register their jobs with
// app.jobs.register({ name, schedule, run }); the weekly report job is one of them.
import { createHash } from 'node:crypto';
import { Cron } from 'croner';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { settings } from '../db/schema/index.ts';

/** The first half of every job's advisory lock key: the jobs' own key space. */
const JOB_LOCK_SPACE = 727_002;

export type ScheduledJob = {
  /** Unique, stable: it names the lock and the last-run record. */
  name: string;
  /** A cron pattern read in FARM_TIMEZONE, e.g. '0 7 * * 1' for Mondays at 07:00. */
  schedule: string;
  /** `slot`: the scheduled moment this run is for (runNow's, or the cron minute). */
  run: (slot: Date) => Promise<void>;
};

/** What a run did: ran it, or skipped it because another run holds the lock or already did this slot. */
export type JobOutcome = 'ran' | 'locked' | 'done-already';

export type Jobs = {
  register(job: ScheduledJob): void;
  /** Runs a job now for `slot` (default: this moment), through the same lock as a scheduled run. */
  runNow(name: string, slot?: Date): Promise<JobOutcome>;
  names(): string[];
  /** How each job's runs on this instance ended since start (for /metrics). */
  counts(): { job: string; outcome: JobOutcome | 'failed'; runs: number }[];
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

const lockKey = (name: string): [number, number] => [
  JOB_LOCK_SPACE,
  createHash('sha256').update(name).digest().readInt32BE(0),
];
const lastRunKey = (name: string) => `job:${name}:last-slot`;

/** How each job's runs on this instance ended, counted for /metrics. */
function runCounts() {
  const counted = new Map<string, number>();
  return {
    count(job: string, outcome: JobOutcome | 'failed') {
      const key = `${job}\n${outcome}`;
      counted.set(key, (counted.get(key) ?? 0) + 1);
    },
    list: () =>
      [...counted].map(([key, runs]) => {
        const [job, outcome] = key.split('\n') as [string, JobOutcome | 'failed'];
        return { job, outcome, runs };
      }),
  };
}

/** Runs `job` for `slot` under its lock, unless another instance holds the lock or did the slot already. */
async function runSlotOnce(app: FastifyInstance, job: ScheduledJob, slot: Date): Promise<JobOutcome> {
  let outcome: JobOutcome = 'locked';
  await app.database.tryWithLock(lockKey(job.name), async () => {
    const [last] = await app.db
      .select()
      .from(settings)
      .where(eq(settings.key, lastRunKey(job.name)));
    if (last && new Date(last.value) >= slot) {
      outcome = 'done-already';
      return;
    }
    await job.run(slot);
    const value = slot.toISOString();
    await app.db
      .insert(settings)
      .values({ key: lastRunKey(job.name), value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
    outcome = 'ran';
  });
  return outcome;
}

async function jobsPlugin(app: FastifyInstance, { schedules = true }: { schedules?: boolean } = {}) {
  const jobs = new Map<string, ScheduledJob>();
  const crons: Cron[] = [];
  const runs = runCounts();
  const count = runs.count;

  const runSlot = async (job: ScheduledJob, slot: Date): Promise<JobOutcome> => {
    try {
      const outcome = await runSlotOnce(app, job, slot);
      count(job.name, outcome);
      return outcome;
    } catch (err) {
      count(job.name, 'failed');
      throw err;
    }
  };

  app.decorate('jobs', {
    register(job: ScheduledJob) {
      if (jobs.has(job.name)) throw new Error(`A job named ${job.name} is already registered`);
      jobs.set(job.name, job);
      if (!schedules) return;
      const cron = new Cron(
        job.schedule,
        // No croner 'name': croner's names are global to the process, and tests build several apps.
        { timezone: app.config.farmTimezone, protect: true },
        async (self) => {
          // The slot is the scheduled minute, the same on every instance whatever its exact wake-up.
          const slot = new Date(self.currentRun() ?? Date.now());
          slot.setSeconds(0, 0);
          try {
            await runSlot(job, slot);
          } catch (err) {
            app.log.error({ err, job: job.name }, 'scheduled job failed');
          }
        },
      );
      crons.push(cron);
    },
    async runNow(name: string, slot: Date = new Date()) {
      const job = jobs.get(name);
      if (!job) throw new Error(`No job named ${name}`);
      return runSlot(job, slot);
    },
    names: () => [...jobs.keys()],
    counts: runs.list,
  });

  app.addHook('onClose', async () => {
    for (const cron of crons) cron.stop();
  });
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['db'] });
