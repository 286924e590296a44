// The ledger's holder names (DESIGN §4, schema/crates.ts): only this file spells them; ledger.ts gives
// them to the features, balances.ts gives the kinds of holder to the reads.
import { type SQL, sql } from 'drizzle-orm';

/** Holder names, as documented in src/server/db/schema/crates.ts. */
export const holders = {
  /** Outside the farm's pool: crates bought come from here, damaged ones go back. May be negative. */
  external: 'external',
  farm: 'farm',
  /** Crates of pending farm_to_market and market_to_farm transmissions. */
  transit: 'transit',
  /** Counted differences: a shortfall adds, crates found subtract (may be negative). */
  writeoff: 'writeoff',
  agentFull: (marketAgentId: number) => `agent:${marketAgentId}:full`,
  agentEmpty: (marketAgentId: number) => `agent:${marketAgentId}:empty`,
  client: (clientId: number) => `client:${clientId}`,
  supplier: (supplierId: number) => `supplier:${supplierId}`,
} as const;

/**
 * The kind of place a holder is, as SQL over a holder-name column (the insights' weekly holdings,
 * decision 070): 'farm', 'inTransit', 'agentsFull', 'agentsEmpty', 'atClients', 'withSuppliers',
 * 'writtenOff'; null for 'external', the world outside the pool.
 */
export function holderKindOf(holder: SQL): SQL {
  return sql`case
    when ${holder} = ${holders.farm} then 'farm'
    when ${holder} = ${holders.transit} then 'inTransit'
    when ${holder} like 'agent:%:full' then 'agentsFull'
    when ${holder} like 'agent:%:empty' then 'agentsEmpty'
    when ${holder} like 'client:%' then 'atClients'
    when ${holder} like 'supplier:%' then 'withSuppliers'
    when ${holder} = ${holders.writeoff} then 'writtenOff'
  end`;
}
