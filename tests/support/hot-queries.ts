// The hot reads (docs/decisions/030): what each polled screen asks, called through the real
// services so the SQL examined is the code's own, each with the indexes its plan must use.
// src/server/hot-query-plans.test.ts EXPLAINs them on a small database with sequential scans off; the
// same list measures a big one (EXPLAIN ANALYZE, see the decision record).
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Database, Db } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import * as agents from '../../src/server/features/agent-records/service.ts';
import * as billing from '../../src/server/features/billing/service.ts';
import * as clients from '../../src/server/features/clients/service.ts';
import * as dashboard from '../../src/server/features/dashboard/service.ts';
import * as evidence from '../../src/server/features/evidence/service.ts';
import * as reports from '../../src/server/features/reports/service.ts';
import * as transmissions from '../../src/server/features/transmissions/service.ts';
import type { Caller } from '../../src/server/lib/ownership.ts';
import { findSessionUser } from '../../src/server/lib/sessions.ts';

/** Who asks, and about what: ids that exist in the database the queries run on. */
export type Fixture = {
  farm: Caller;
  agent: Caller & { marketAgentId: number };
  clientId: number;
  sessionToken: string;
  today: string;
  timeZone: string;
};

export type HotQuery = {
  name: string;
  run: (db: Db, f: Fixture) => Promise<unknown>;
  /**
   * Indexes the plans must use, each in at least one of the read's statements; a list is "one of
   * these" (on a test-sized table the planner's pick among equally good indexes is a coin toss).
   */
  uses: (string | string[])[];
  /** Big tables this read reads whole, on purpose, and why: the only tables it may scan entirely. */
  readsWhole?: Record<string, string>;
};

/** Tables that grow with the farm's history or size: never read by a Seq Scan in a hot read. */
export const BIG_TABLES = [
  'transmissions',
  'crate_movements',
  'crate_balances',
  'client_transactions',
  'clients',
  'billing_lines',
  'billing_payments',
  'sessions',
  'farm_flow_totals',
];

const page = { limit: 100 };
const settings = { loanOverdueDays: 14 };
const asking = (f: Fixture) => ({ today: f.today, caller: f.farm });

export const hotQueries: HotQuery[] = [
  {
    name: 'session lookup (every signed-in request)',
    run: (db, f) => findSessionUser(db, f.sessionToken),
    uses: ['sessions_token_hash_unique'],
  },
  {
    name: "agent's /api/transmissions and /recent",
    run: (db, f) => transmissions.listTransmissions(db, f.agent, page),
    uses: ['transmissions_from_user_idx', 'transmissions_to_user_id_idx'],
  },
  {
    name: "farm's /api/transmissions and /recent",
    run: (db, f) => transmissions.listTransmissions(db, f.farm, page),
    uses: ['transmissions_pkey'],
  },
  {
    name: 'incoming and pending count (agent and farm)',
    run: async (db, f) => [
      await transmissions.listIncoming(db, f.agent, page),
      await transmissions.countPendingFor(db, f.agent),
      await transmissions.countPendingFor(db, f.farm),
    ],
    uses: ['transmissions_pending_to_idx'],
  },
  {
    name: '/api/market-agents',
    run: (db, f) => agents.listMarketAgents(db, f.today, settings),
    uses: [
      'billing_lines_agent_cycle_idx',
      'crate_balances_agent_idx',
      'crate_balances_client_idx',
      // Loans overdue at clients, per agent (decision 054).
      ['client_transactions_agent_open_idx', 'client_transactions_agent_created_idx'],
    ],
  },
  {
    name: '/api/market-agents/me and /earnings',
    run: async (db, f) => [
      await agents.ownMarketAgent(db, f.agent, f.today, settings),
      await agents.earningsForAgent(db, f.agent.marketAgentId),
    ],
    uses: ['billing_lines_agent_cycle_idx', 'crate_balances_agent_idx', 'clients_agent_idx'],
  },
  {
    name: "farm's /api/dashboard",
    run: (db, f) => dashboard.dashboardFor(db, f.farm, f.today, settings),
    uses: ['transmissions_flagged_idx', 'transmissions_pending_to_idx', 'crate_balances_pkey'],
    readsWhole: {
      crate_balances: 'crates per kind of holder: one row per holder (not per movement), summed',
    },
  },
  {
    name: "agent's /api/dashboard",
    run: (db, f) => dashboard.dashboardFor(db, f.agent, f.today, settings),
    uses: ['billing_lines_agent_cycle_idx', 'billing_payments_agent_idx', 'transmissions_pending_to_idx'],
  },
  {
    name: '/api/dashboard/farm-metrics',
    run: (db, f) => dashboard.farmMetrics(db, f.timeZone),
    uses: ['farm_flow_totals_pkey'],
    readsWhole: {
      crate_balances: 'crates per kind of holder: one row per holder (not per movement), summed',
    },
  },
  {
    name: '/api/market-agents/earnings/history',
    run: (db, f) => billing.earningsHistory(db, f.agent.marketAgentId, { limit: 20 }, f.today),
    uses: ['billing_lines_agent_cycle_idx'],
  },
  {
    name: '/api/clients and a client',
    run: async (db, f) => [
      await clients.listClients(db, f.agent, page, settings),
      await clients.getClient(db, f.agent, f.clientId, settings),
    ],
    uses: ['clients_agent_idx', 'client_transactions_client_idx', 'crate_balances_pkey'],
  },
  {
    name: '/api/client-transactions (all, open, one client)',
    run: async (db, f) => [
      await clients.listTransactions(db, f.agent, page, settings),
      await clients.listTransactions(db, f.agent, { ...page, openOnly: true }, settings),
      await clients.listTransactions(db, f.agent, { ...page, clientId: f.clientId }, settings),
    ],
    uses: [
      ['client_transactions_agent_idx', 'client_transactions_agent_created_idx'],
      ['client_transactions_agent_open_idx', 'client_transactions_agent_idx'],
    ],
  },
  {
    name: '/api/billing/current-cycle',
    run: (db, f) => billing.currentCycle(db, asking(f)),
    uses: ['billing_lines_cycle_agent_idx'],
  },
  {
    name: '/api/billing/cycles',
    run: (db, f) => billing.listCycles(db, { limit: 20 }, asking(f)),
    uses: ['billing_cycles_start_idx', 'billing_lines_cycle_agent_idx'],
  },
  {
    name: "a report's figures (farm-wide)",
    run: (db, f) => reports.buildSummary({ db, timeZone: f.timeZone }, {}),
    // Each agent's damaged and missing crates of the period (decision 056) by the write-offs index.
    uses: ['transmissions_sent_idx', 'billing_lines_acknowledged_idx', 'crate_movements_write_offs_idx'],
    readsWhole: {
      billing_lines: "all-time earnings: every billed line's amount (a report, not a poll)",
      billing_payments: 'all-time payments: every recorded payment (a report, not a poll)',
    },
  },
  {
    name: "an agent's weekly summary (/api/reports/my-weekly)",
    run: (db, f) => reports.weeklySummary({ db, timeZone: f.timeZone, loanOverdueDays: 14 }, f.agent.marketAgentId),
    uses: [
      'transmissions_sent_idx',
      'client_transactions_agent_created_idx',
      'client_transactions_agent_open_idx',
      'billing_lines_agent_cycle_idx',
      'billing_lines_acknowledged_idx',
      'crate_movements_write_offs_idx',
    ],
  },
  {
    name: "an agent's damaged crates (/api/evidence/damaged-crates)",
    run: (db, f) => evidence.listDamagedCrates(db, f.farm, { marketAgentId: f.agent.marketAgentId, limit: 10 }),
    // The damage movements newest first (a partial index), each one's transmission or loan by its key.
    uses: ['crate_movements_damage_idx', 'market_agents_pkey'],
  },
];

export type Statement = { sql: string; params: unknown[] };

/**
 * A second Drizzle handle on the same database that records every statement it sends (text and
 * parameters) before sending it: running a service through it yields the SQL that service runs.
 */
export function recordingDb(database: Database): { db: Db; statements: Statement[]; close: () => Promise<void> } {
  const statements: Statement[] = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => statements.push({ sql, params }) };
  if (database.pglite) {
    const db = drizzlePglite(database.pglite, { schema, logger }) as unknown as Db;
    return { db, statements, close: async () => {} };
  }
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  return { db: drizzlePg(pool, { schema, logger }), statements, close: () => pool.end() };
}

export type PlanNode = {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Actual Total Time'?: number;
  Plans?: PlanNode[];
};

/** EXPLAIN (FORMAT JSON) on one connection; `options` adds e.g. 'analyze, buffers'. */
export async function explainer(database: Database, settings: string[] = []) {
  const client = database.pglite ? null : new pg.Client({ connectionString: database.url });
  await client?.connect();
  const query = async (text: string, params: unknown[] = []) =>
    client
      ? (await client.query(text, params)).rows
      : (await database.pglite!.query<Record<string, unknown>>(text, params)).rows;
  for (const setting of settings) await query(`set ${setting}`);
  return {
    explain: async (statement: Statement, options = '') => {
      const rows = await query(
        `explain (format json${options ? `, ${options}` : ''}) ${statement.sql}`,
        statement.params,
      );
      const raw = Object.values(rows[0])[0];
      const json = typeof raw === 'string' ? JSON.parse(raw) : raw;
      return json[0] as { Plan: PlanNode; 'Execution Time'?: number; 'Planning Time'?: number };
    },
    close: async () => {
      if (client) await client.end();
      else for (const setting of settings) await query(`reset ${setting.split(/\s*=\s*|\s+to\s+/)[0]}`);
    },
  };
}

/** Nodes that read all their input before giving a row: a Limit above them bounds nothing below. */
const BLOCKING = new Set(['Sort', 'Aggregate', 'Hash', 'WindowAgg', 'SetOp']);

/**
 * Every node of a plan, each with whether a Limit bounds it: a Limit above it with only streaming
 * nodes between (a backward scan of an ordered index that stops after `limit` rows is a bounded read).
 */
export function planNodes(node: PlanNode, bounded = false): (PlanNode & { bounded: boolean })[] {
  const sub = node['Parent Relationship'];
  const here = sub === 'InitPlan' || sub === 'SubPlan' ? false : bounded;
  const below = node['Node Type'] === 'Limit' || (here && !BLOCKING.has(node['Node Type']));
  return [{ ...node, bounded: here }, ...(node.Plans ?? []).flatMap((child) => planNodes(child, below))];
}
