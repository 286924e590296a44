// Reports for every agent cost a fixed number of queries: e-mailing the report to every
// active agent and sending the weekly summaries read the figures grouped by agent, once, instead of
// once per agent. Counted with a recording database handle while the agents double.
import { afterAll, describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { recordingDb } from '../../../../tests/support/hot-queries.ts';
import { openTestDatabase, testConfig } from '../../../../tests/support/test-app.ts';
import { acknowledge, addStock, json, registerAgent, send } from '../../../../tests/support/transmissions.ts';
import { buildApp } from '../../app.ts';
import { emailReport, sendWeeklyReports } from './service.ts';

const database = await openTestDatabase();
const app = await buildApp({ config: testConfig(), database });
afterAll(async () => {
  await app.close();
  await database.close();
});
const farm = await registerAs(app, 'farm_store');
await addStock(farm, 1000);

/** A new agent that received a delivery, lent some crates and returned some empties. */
async function busyAgent() {
  const agent = await registerAgent(app);
  const sent = await send(farm, agent, 20);
  await acknowledge(agent, sent.id);
  const client = await json(agent, 'POST', '/api/clients', {
    businessName: 'Spaza',
    clientName: 'Sipho',
    contactNumber: '0821234567',
  });
  await json(agent, 'POST', '/api/client-transactions', { clientId: client.json().id, quantityBorrowed: 2 });
  return agent;
}

type Deps = Parameters<typeof emailReport>[0];

/** The statements one call sends (the mailer's own aside), and how many e-mails it hands the mailer. */
async function countQueries(send: (deps: Deps) => Promise<{ recipientCount: number }>) {
  const recorder = recordingDb(database);
  let mails = 0;
  const row = () => ({ id: ++mails });
  const mailer = {
    send: async () => row(),
    queueWithin: async () => ({ row: row(), deliver: async () => {} }),
    delivery: async () => ({ mailServer: 'none', delivered: 0, queued: mails, error: null }),
  } as unknown as Deps['mailer'];
  try {
    const { recipientCount } = await send({
      db: recorder.db,
      mailer,
      timeZone: app.config.farmTimezone,
      log: app.log,
      loanOverdueDays: app.config.loanOverdueDays,
    });
    return { recipients: recipientCount, mails, queries: recorder.statements.length };
  } finally {
    await recorder.close();
  }
}

const emailAll = (deps: Deps) => emailReport(deps, { reportType: 'weekly', dateRange: {}, selectedAgentId: undefined });
// One weekly summary per agent per farm week (decision 046): each round is a later week.
let weeksOn = 0;
const weeklyAll = (deps: Deps) => sendWeeklyReports(deps, new Date(Date.now() + ++weeksOn * 7 * 86_400_000));

describe('reports for every agent', () => {
  it('take as many queries for four agents as for two', async () => {
    await busyAgent();
    await busyAgent();
    const two = { report: await countQueries(emailAll), weekly: await countQueries(weeklyAll) };
    await busyAgent();
    await busyAgent();
    const four = { report: await countQueries(emailAll), weekly: await countQueries(weeklyAll) };
    expect(two.report).toMatchObject({ recipients: 2, mails: 2 });
    expect(four.report).toMatchObject({ recipients: 4, mails: 4 });
    expect(four.weekly).toMatchObject({ recipients: 4, mails: 4 });
    expect(four.report.queries).toBe(two.report.queries);
    expect(four.weekly.queries).toBe(two.weekly.queries);
    expect(four.report.queries).toBeLessThanOrEqual(10);
    // The weekly send also claims every agent's week in one statement, inside the transaction that
    // queues the mails (decision 046): two more on PostgreSQL, where begin and commit are statements;
    // and it reads every agent's overdue clients in one more (decision 054), and every agent's damaged
    // and missing crates in one more (decision 056). The report e-mail reads those inside the agents'
    // activity query: no more statements.
    expect(four.weekly.queries).toBeLessThanOrEqual(14);
  });
});
