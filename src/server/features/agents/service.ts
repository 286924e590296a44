// Market agents: who they are, where their crates are, their return rate and earnings.
import { type MarketAgent, returnRate, stockLevel } from '../../../shared/agents.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import * as repo from './repository.ts';

export type { AgentRecord } from './repository.ts';

/**
 * Billing hook: the start of the active billing cycle, from which returns count towards the return
 * rate (spec §9). Until the billing issue adds cycles there is none, so every acknowledged return counts.
 */
async function currentCycleStart(_db: Executor): Promise<Date | null> {
  return null;
}

function toMarketAgent(row: repo.AgentCratesRow): MarketAgent {
  const totalCrates = row.fullCrates + row.emptyCrates + row.cratesWithClients;
  return {
    ...row,
    totalCrates,
    returnRate: returnRate(row.cratesReturned, totalCrates),
    stockLevel: stockLevel(row.fullCrates, totalCrates),
  };
}

export async function listMarketAgents(db: Executor): Promise<MarketAgent[]> {
  const rows = await repo.listAgentsWithCrates(db, { returnsSince: await currentCycleStart(db) });
  return rows.map(toMarketAgent);
}

export async function marketAgentForUser(db: Executor, userId: number): Promise<MarketAgent> {
  const [row] = await repo.listAgentsWithCrates(db, { returnsSince: await currentCycleStart(db), filter: { userId } });
  if (!row) throw notFound('Market agent not found');
  return toMarketAgent(row);
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
