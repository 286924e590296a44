// The farm's weekly e-mail (decision 070): every farm store account gets the agents marked "Losing
// crates" with the two weeks that marked them, once per farm week — a second run, a later slot the
// same week or two runs at once queue nothing more; a farm with none flagged is told so.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { outbox } from '../../db/schema/index.ts';
import { farmToday } from '../../lib/farm-date.ts';
import { acknowledgeTransmission, createTransmission } from '../transmissions/service.ts';
import { farmWeeklyEmail, sendFarmWeeklyEmail } from './farm-email.ts';
import { FARM_WEEKLY_EMAIL_JOB } from './jobs.ts';
import { agentInsights, weekStarts } from './service.ts';

const { app, farm, agents } = await testFarm({
  stock: 5000,
  agents: [
    { name: 'Lerato Mokoena', businessName: 'Alpha Fresh', emptyCrates: 200 },
    { name: 'Pieter Botha', businessName: 'Beta Veg' },
  ],
});
const [a, b] = agents;
const timeZone = app.config.farmTimezone;
const farmCaller = { id: farm.user.id, role: 'farm_store' as const, marketAgentId: null, supplierId: null };
const callerOf = (agent: typeof a) => ({
  id: agent.user.id,
  role: 'market_agent' as const,
  marketAgentId: agent.marketAgentId,
  supplierId: null,
});
const mondays = weekStarts(farmToday(timeZone), 3);
/** 10:00 UTC on the Wednesday (or Friday) of the week `k` weeks ago. */
const at = (k: number, day: 2 | 4, hour = 10) =>
  new Date(Date.parse(`${mondays[2 - k]}T${String(hour).padStart(2, '0')}:00:00Z`) + day * 86_400_000);

async function deliver(agent: typeof a, k: number, quantity: number) {
  const t = await createTransmission(
    app.db,
    farmCaller,
    { type: 'farm_to_market', marketAgentId: agent.marketAgentId, quantity },
    { at: at(k, 2, 9) },
  );
  await acknowledgeTransmission(app.db, callerOf(agent), t.id, null, { at: at(k, 2) });
}

// Two weeks running, A receives 100 and 15 of its empties come back damaged; B receives 1 000 and
// loses none. The farm loses 15 of 1 100 (1.4 %), A 15 % of its own: more than twice, 10 or more.
for (const k of [2, 1]) {
  await deliver(a, k, 100);
  await deliver(b, k, 1000);
  const back = await createTransmission(
    app.db,
    callerOf(a),
    { type: 'market_to_farm', quantity: 80 },
    { at: at(k, 4, 8) },
  );
  await acknowledgeTransmission(app.db, farmCaller, back.id, 80, {
    at: at(k, 4),
    damage: { quantity: 15, reason: 'Split' },
  });
}
const deps = { db: app.db, mailer: app.mailer, timeZone, loanOverdueDays: app.config.loanOverdueDays };
const mailsTo = (email: string) => app.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.id);

describe("the farm's weekly e-mail", () => {
  it('lists the agents losing crates with the weeks that marked them, once a farm week', async () => {
    const slot = new Date();
    expect(await app.jobs.runNow(FARM_WEEKLY_EMAIL_JOB, slot)).toBe('ran');
    const [mail, ...more] = await mailsTo(farm.user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(/^Crates lost, week of .+: 1 agent losing crates$/);
    expect(mail!.text).toContain('Lerato Mokoena (Alpha Fresh): 30 of 200 crates written off in the weeks of');
    expect(mail!.text).toContain('(15.0 %; the farm 1.4 %)');
    expect(mail!.text).toContain('30 written off of 2200 received by agents (1.4 %)');
    expect(mail!.text).not.toContain('Pieter Botha');
    expect(mail!.html).toContain('<li>Lerato Mokoena (Alpha Fresh): 30 of 200');
    // A later slot the same farm week (another schedule, a restart): nothing more.
    expect(await app.jobs.runNow(FARM_WEEKLY_EMAIL_JOB, new Date(slot.getTime() + 60_000))).toBe('ran');
    expect(await mailsTo(farm.user.email)).toHaveLength(1);
    // Agents get none of it.
    expect(await mailsTo(a.user.email)).toEqual([]);
  });

  it('two runs at once for a new week queue one e-mail; an earlier week never goes out after it', async () => {
    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    const runs = await Promise.all([sendFarmWeeklyEmail(deps, nextWeek), sendFarmWeeklyEmail(deps, nextWeek)]);
    expect(runs.map((r) => r.recipientCount).sort()).toEqual([0, 1]);
    expect(runs[0]!.flaggedCount).toBe(1);
    expect((await sendFarmWeeklyEmail(deps)).recipientCount).toBe(0);
    expect(await mailsTo(farm.user.email)).toHaveLength(2);
  });

  it('says so when no agent is losing crates', async () => {
    const insights = await agentInsights(app.db, farmCaller, deps, 12);
    const calm = { ...insights, agents: insights.agents.map((x) => ({ ...x, lossFlagged: false })) };
    const email = farmWeeklyEmail({ name: 'Farm', language: null }, mondays[2]!, calm);
    expect(email.subject).toMatch(/: no agent losing crates$/);
    expect(email.text).toContain('No agent is losing crates.');
    expect(email.html).not.toContain('<ul>');
  });
});
