// Every hot read's plan uses an index (docs/decisions/030): each polled screen's
// queries (tests/support/hot-queries.ts), recorded from the real services and EXPLAINed with
// sequential scans off, must never Seq Scan a table that grows with the farm, nor read a whole index
// of one unless a Limit bounds the read, the index is partial, or the read is declared whole on
// purpose. On a table this small PostgreSQL would rightly scan it; with enable_seqscan off it still
// does so only when no index can answer, which is what this test is after.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { registerAs } from '../../tests/support/accounts.ts';
import {
  BIG_TABLES,
  explainer,
  type Fixture,
  hotQueries,
  type PlanNode,
  planNodes,
  recordingDb,
} from '../../tests/support/hot-queries.ts';
import { openTestDatabase, testConfig } from '../../tests/support/test-app.ts';
import {
  acknowledge,
  addStock,
  enterOpeningBalance,
  json,
  registerAgent,
  send,
} from '../../tests/support/transmissions.ts';
import { buildApp } from './app.ts';
import { addDays, farmToday } from './lib/farm-date.ts';

const database = await openTestDatabase();
const app = await buildApp({ config: testConfig(), database });
const today = farmToday(app.config.farmTimezone);

// A little of everything the hot reads read: deliveries (one counted short, one pending), returns
// billed in a past and the current cycle, a client with an open and a closed loan, sessions.
const farm = await registerAs(app, 'farm_store');
const agent = await registerAgent(app);
const other = await registerAgent(app);
await addStock(farm, 500);
for (const [who, quantity, counted] of [
  [agent, 40, 40],
  [agent, 30, 28],
  [other, 20, 20],
] as const) {
  const sent = await send(farm, who, quantity);
  await acknowledge(who, sent.id, counted);
}
await send(farm, agent, 10);
await json(farm, 'POST', '/api/billing/create-cycle', {
  startDate: addDays(today, -20),
  endDate: addDays(today, -10),
  ratePerCrate: '0.30',
});
await json(farm, 'POST', '/api/billing/create-cycle', {
  startDate: addDays(today, -9),
  endDate: addDays(today, 5),
  ratePerCrate: '0.35',
});
await enterOpeningBalance(farm, agent, { emptyCrates: 50 });
const back = await json(agent, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 12 });
await acknowledge(farm, back.json().id, 12);
await json(agent, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 5 });
const client = (
  await json(agent, 'POST', '/api/clients', {
    businessName: 'Spaza',
    clientName: 'Thandi',
    contactNumber: '0821234567',
  })
).json();
const lend = async (quantity: number) =>
  (await json(agent, 'POST', '/api/client-transactions', { clientId: client.id, quantityBorrowed: quantity })).json();
const closed = await lend(4);
await json(agent, 'PUT', `/api/client-transactions/${closed.id}/return`, { quantityReturned: 4 });
await lend(3);

const fixture: Fixture = {
  farm: { id: farm.user.id, role: 'farm_store', marketAgentId: null, supplierId: null },
  agent: { id: agent.user.id, role: 'market_agent', marketAgentId: agent.marketAgentId, supplierId: null },
  clientId: client.id,
  sessionToken: agent.cookie.replace(/^ck_session=/, ''),
  today,
  timeZone: app.config.farmTimezone,
};

const partialIndexes = new Set(
  (
    await app.db.execute<{ name: string }>(sql`
      select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid where i.indpred is not null`)
  ).rows.map((r) => r.name),
);

const plans = await explainer(database, ['enable_seqscan = off']);
afterAll(async () => {
  await plans.close();
  await app.close();
  await database.close();
});

/** What is wrong with one node of a hot read's plan, or null. */
function problemWith(node: PlanNode & { bounded: boolean }, readsWhole: Record<string, string> = {}) {
  const table = node['Relation Name'];
  if (!table || !BIG_TABLES.includes(table) || table in readsWhole) return null;
  if (node['Node Type'] === 'Seq Scan') return `Seq Scan on ${table}`;
  const wholeIndex =
    (node['Node Type'] === 'Index Scan' || node['Node Type'] === 'Index Only Scan') &&
    !node['Index Cond'] &&
    !node.bounded &&
    !partialIndexes.has(node['Index Name'] ?? '');
  return wholeIndex ? `${node['Node Type']} of all of ${node['Index Name']} on ${table}` : null;
}

describe('hot reads use their indexes', () => {
  it('checks the fixture is what the reads expect', () => {
    expect(fixture.sessionToken).toMatch(/^[^;\s]+$/);
    expect(partialIndexes).toContain('transmissions_pending_to_idx');
  });

  for (const query of hotQueries) {
    it(query.name, async () => {
      const recorder = recordingDb(database);
      try {
        await query.run(recorder.db, fixture);
      } finally {
        await recorder.close();
      }
      expect(recorder.statements.length).toBeGreaterThan(0);
      const used = new Set<string>();
      const problems: string[] = [];
      for (const statement of recorder.statements) {
        const { Plan } = await plans.explain(statement);
        for (const node of planNodes(Plan)) {
          if (node['Index Name']) used.add(node['Index Name']);
          const problem = problemWith(node, query.readsWhole);
          if (problem) problems.push(`${problem} in: ${statement.sql.replace(/\s+/g, ' ').slice(0, 300)}`);
        }
      }
      expect(problems).toEqual([]);
      const missing = query.uses.filter((wanted) => ![wanted].flat().some((name) => used.has(name)));
      expect(missing, `indexes used: ${[...used].sort().join(', ')}`).toEqual([]);
    });
  }
});
