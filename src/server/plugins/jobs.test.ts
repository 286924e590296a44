// Scheduled jobs: a slot runs once however many runs race for it (the advisory lock on PostgreSQL,
// an in-process lock on PGlite), a later slot runs again, and a failing job leaves the slot open.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../tests/support/test-app.ts';

const app = await buildTestApp();
let runs = 0;
app.jobs.register({
  name: 'test-counting-job',
  schedule: '0 3 * * 1',
  run: async () => {
    runs++;
    await sleep(150);
  },
});
let failures = 0;
app.jobs.register({
  name: 'test-failing-job',
  schedule: '0 3 * * 1',
  run: async () => {
    failures++;
    if (failures === 1) throw new Error('first run fails');
  },
});

describe('scheduled jobs', () => {
  it('runs one slot once when several runs race for it', async () => {
    const slot = new Date('2026-01-05T01:00:00Z');
    const outcomes = await Promise.all([1, 2, 3].map(() => app.jobs.runNow('test-counting-job', slot)));
    expect(runs).toBe(1);
    expect(outcomes.filter((o) => o === 'ran')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'ran').every((o) => o === 'locked' || o === 'done-already')).toBe(true);
    expect(await app.jobs.runNow('test-counting-job', slot)).toBe('done-already');
    expect(runs).toBe(1);
  });

  it('runs the next slot again', async () => {
    expect(await app.jobs.runNow('test-counting-job', new Date('2026-01-12T01:00:00Z'))).toBe('ran');
    expect(runs).toBe(2);
  });

  it('leaves a slot whose run failed to be run again, and refuses a second job of one name', async () => {
    const slot = new Date('2026-01-05T01:00:00Z');
    await expect(app.jobs.runNow('test-failing-job', slot)).rejects.toThrow('first run fails');
    expect(await app.jobs.runNow('test-failing-job', slot)).toBe('ran');
    expect(() => app.jobs.register({ name: 'test-failing-job', schedule: '* * * * *', run: async () => {} })).toThrow(
      /already registered/,
    );
  });
});
