// Market agents: who they are, where their crates are, their return rate and earnings.
import { type MarketAgent, returnRate, stockLevel } from '../../../shared/agents.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { type AgentBalance, agentBalances, cratesWithClientsByAgent } from '../crates/balances.ts';
import * as repo from './repository.ts';

export type { AgentRecord } from './repository.ts';

/**
 * Billing hook: the start of the active billing cycle, from which returns count towards the return
 * rate (spec §9). Until the billing issue adds cycles there is none, so every acknowledged return counts.
 */
async function currentCycleStart(_db: Executor): Promise<Date | null> {
  return null;
}

function toMarketAgent(row: repo.AgentCratesRow, crates: AgentBalance, cratesWithClients: number): MarketAgent {
  const totalCrates = crates.fullCrates + crates.emptyCrates + cratesWithClients;
  return {
    ...row,
    ...crates,
    cratesWithClients,
    totalCrates,
    returnRate: returnRate(row.cratesReturned, totalCrates),
    stockLevel: stockLevel(crates.fullCrates, totalCrates),
  };
}

async function withCrates(db: Executor, rows: repo.AgentCratesRow[]): Promise<MarketAgent[]> {
  const ids = rows.map((r) => r.id);
  const [balances, withClients] = await Promise.all([agentBalances(db, ids), cratesWithClientsByAgent(db, ids)]);
  return rows.map((row) => toMarketAgent(row, balances.get(row.id)!, withClients.get(row.id)!));
}

export async function listMarketAgents(db: Executor): Promise<MarketAgent[]> {
  return withCrates(db, await repo.listAgentsWithCrates(db, { returnsSince: await currentCycleStart(db) }));
}

export async function marketAgentForUser(db: Executor, userId: number): Promise<MarketAgent> {
  const rows = await repo.listAgentsWithCrates(db, { returnsSince: await currentCycleStart(db), filter: { userId } });
  if (rows.length === 0) throw notFound('Market agent not found');
  return (await withCrates(db, rows))[0];
}

export async function findAgentById(db: Executor, id: number) {
  return repo.findAgent(db, { id });
}

export async function findAgentByUserId(db: Executor, userId: number) {
  return repo.findAgent(db, { userId });
}

export const countActiveAgents = (db: Executor) => repo.countActiveAgents(db);

export async function agentsForTransmission(db: Executor) {
  const rows = await repo.listActiveAgents(db);
  return rows.map(({ isActive: _active, ...agent }) => agent);
}

/**
 * Billing hook: an agent's earnings are the sum of its billing records (DESIGN §5). Until the billing
 * issue adds them there are none, so every agent has earned "0.00" — never a made-up figure.
 */
export async function earningsForAgent(_db: Executor, _marketAgentId: number): Promise<{ totalEarnings: string }> {
  return { totalEarnings: '0.00' };
}
