// An agent's record as the screens show it (decision 069): the agent with its crates (crates), its
// crates overdue at clients (clients) and its earnings (billing). It needs all three, so it sits above
// them: agents, clients and crates never import it, and agents imports none of them.
import { agentMessages, type MarketAgent, returnRate, stockLevel } from '../../../shared/agents.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { type Caller, ownMarketAgentId } from '../../lib/ownership.ts';
import * as agents from '../agents/service.ts';
import { agentEarnings } from '../billing/reads.ts';
import { type OverdueAtClients, overdueAtClientsByAgent } from '../clients/overdue.ts';
import { type AgentBalance, agentBalances, cratesWithClientsByAgent } from '../crates/balances.ts';

/** LOAN_OVERDUE_DAYS: a client loan open longer than this many days is overdue (decision 018). */
export type OverdueSettings = { loanOverdueDays: number };

function toMarketAgent(
  row: agents.AgentCratesRow,
  crates: AgentBalance,
  cratesWithClients: number,
  overdueAtClients: OverdueAtClients,
): MarketAgent {
  const totalCrates = crates.fullCrates + crates.emptyCrates + cratesWithClients;
  return {
    ...row,
    ...crates,
    cratesWithClients,
    totalCrates,
    returnRate: returnRate(row.cratesReturned, totalCrates),
    stockLevel: stockLevel(crates.fullCrates, totalCrates),
    overdueAtClients,
  };
}

async function withCrates(
  db: Executor,
  rows: agents.AgentCratesRow[],
  settings: OverdueSettings,
): Promise<MarketAgent[]> {
  const ids = rows.map((r) => r.id);
  const [balances, withClients, overdue] = await Promise.all([
    agentBalances(db, ids),
    cratesWithClientsByAgent(db, ids),
    overdueAtClientsByAgent(db, ids, { overdueAfterDays: settings.loanOverdueDays }),
  ]);
  return rows.map((row) => toMarketAgent(row, balances.get(row.id)!, withClients.get(row.id)!, overdue.get(row.id)!));
}

/**
 * Every agent with its crates and its crates overdue at clients; `today` (the farm's day) picks the
 * cycle its return rate counts.
 */
export async function listMarketAgents(db: Executor, today: string, settings: OverdueSettings): Promise<MarketAgent[]> {
  return withCrates(db, await agents.listAgentsWithCrates(db, { today }), settings);
}

/** The caller's own market agent record with its crates; 404 when the caller has none. */
export async function ownMarketAgent(
  db: Executor,
  caller: Caller,
  today: string,
  settings: OverdueSettings,
): Promise<MarketAgent> {
  const rows = await agents.listAgentsWithCrates(db, { filter: { agentId: ownMarketAgentId(caller) }, today });
  if (rows.length === 0) throw notFound(agentMessages.agentNotFound);
  return (await withCrates(db, rows, settings))[0];
}

/**
 * An agent's earnings: the sum of its billed lines over every cycle (DESIGN §5), exact, with what the
 * farm store recorded as paid and what it still owes.
 */
export async function earningsForAgent(
  db: Executor,
  marketAgentId: number,
): Promise<{ totalEarnings: string; totalPaid: string; totalOwed: string }> {
  const { totalEarnings, totalPaid, totalOwed } = (await agentEarnings(db, [marketAgentId])).get(marketAgentId)!;
  return { totalEarnings, totalPaid, totalOwed };
}
