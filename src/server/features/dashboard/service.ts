// Dashboards: the role-specific summary, the farm store's own summary, the farm's crate metrics and the
// public site's figures. It reads from other features' services; none of them reads from it.
import { DASHBOARD_RECENT_TRANSMISSIONS, type Dashboard, type FarmMetrics } from '../../../shared/agents.ts';
import type { Executor } from '../../db/client.ts';
import type { Caller } from '../../lib/ownership.ts';
import * as agentRecords from '../agent-records/service.ts';
import * as agents from '../agents/service.ts';
import * as balances from '../crates/balances.ts';
import * as crates from '../crates/service.ts';
import * as suppliers from '../suppliers/service.ts';
import * as transmissions from '../transmissions/service.ts';

export const CHART_WEEKS = 12;

async function cratePositions(db: Executor) {
  const t = await balances.totalsByKind(db);
  const atMarkets = t.atMarketsFull + t.atMarketsEmpty + t.withClients;
  // Every crate in the pool except the written-off ones (a negative write-off means crates found).
  const totalCrates = t.farm + t.inTransit + atMarkets + t.withSuppliers;
  return { ...t, totalCrates, atMarkets };
}

/** cratePositions with the write-off account split (decision 051): damaged crates apart from missing ones. */
async function splitPositions(db: Executor) {
  const [positions, damagedOnReturn] = await Promise.all([cratePositions(db), balances.damagedOnReturns(db)]);
  return { ...positions, writtenOff: positions.writtenOff - damagedOnReturn, damagedOnReturn };
}

export async function farmMetrics(db: Executor, timeZone: string): Promise<FarmMetrics> {
  const [positions, damagedWrittenOff, weekly] = await Promise.all([
    splitPositions(db),
    balances.damagedWrittenOff(db),
    balances.weeklyFarmFlow(db, timeZone, CHART_WEEKS),
  ]);
  return { ...positions, damagedWrittenOff, weekly };
}

export async function publicFarmMetrics(db: Executor) {
  const { totalCrates, atMarkets } = await cratePositions(db);
  return { totalCrates, atMarkets };
}

/** The farm store's stock and what waits for it: open flags and transmissions pending its action. */
export async function farmStoreSummary(db: Executor, caller: Caller) {
  const [stock, flaggedCount, pendingCount] = await Promise.all([
    crates.farmStock(db),
    transmissions.countOpenFlags(db),
    transmissions.countPendingFor(db, caller),
  ]);
  return { stock, flaggedCount, pendingCount };
}

/** `today`: the farm's calendar day (FARM_TIMEZONE), which picks the agent's current billing cycle. */
export async function dashboardFor(
  db: Executor,
  caller: Caller,
  today: string,
  settings: agentRecords.OverdueSettings,
): Promise<Dashboard> {
  const recent = () => transmissions.listTransmissions(db, caller, { limit: DASHBOARD_RECENT_TRANSMISSIONS });
  // Started only where it is awaited: a query nobody awaits could reject unhandled and stop the server.
  const pendingCount = () => transmissions.countPendingFor(db, caller);
  if (caller.role === 'farm_store') {
    const [summary, metrics, activeAgents, recentTransmissions] = await Promise.all([
      farmStoreSummary(db, caller),
      splitPositions(db),
      agents.countActiveAgents(db),
      recent(),
    ]);
    return { role: 'farm_store', ...summary, activeAgents, metrics, recentTransmissions };
  }
  if (caller.role === 'market_agent') {
    const agent = await agentRecords.ownMarketAgent(db, caller, today, settings);
    const [earnings, pending, recentTransmissions] = await Promise.all([
      agentRecords.earningsForAgent(db, agent.id),
      pendingCount(),
      recent(),
    ]);
    return {
      role: 'market_agent',
      marketAgentId: agent.id,
      crates: {
        fullCrates: agent.fullCrates,
        emptyCrates: agent.emptyCrates,
        cratesWithClients: agent.cratesWithClients,
        totalCrates: agent.totalCrates,
      },
      totalEarnings: earnings.totalEarnings,
      pendingCount: pending,
      recentTransmissions,
    };
  }
  const [supplierCrates, pendingRequests, pending, recentTransmissions] = await Promise.all([
    suppliers.cratesOfOwnSupplier(db, caller),
    transmissions.countPendingRequestsFrom(db, caller.id),
    pendingCount(),
    recent(),
  ]);
  return { role: 'supplier', crates: supplierCrates, pendingRequests, pendingCount: pending, recentTransmissions };
}
