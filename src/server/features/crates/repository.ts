// Farm stock queries: the stock adjustments and opening balances that bring crates into the pool.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sqlList } from '../../db/rows.ts';
import { holders } from './ledger.ts';

export type StockEntryRow = {
  id: number;
  kind: 'stock_adjustment' | 'opening_balance';
  quantity: number;
  holder: 'farm' | 'agent_full' | 'agent_empty';
  marketAgentId: number | null;
  agentName: string | null;
  reason: string | null;
  occurredAt: Date;
  createdByName: string | null;
};

type RawEntry = {
  id: string | number;
  kind: StockEntryRow['kind'];
  quantity: number;
  holder: string;
  reason: string | null;
  occurred_at: string | Date;
  created_by_name: string | null;
  agent_name: string | null;
};

function toEntry(row: RawEntry): StockEntryRow {
  const [, agentId, part] = row.holder.split(':');
  return {
    id: Number(row.id),
    kind: row.kind,
    quantity: Number(row.quantity),
    holder: row.holder === 'farm' ? 'farm' : part === 'full' ? 'agent_full' : 'agent_empty',
    marketAgentId: row.holder === 'farm' ? null : Number(agentId),
    agentName: row.agent_name,
    reason: row.reason,
    occurredAt: new Date(row.occurred_at),
    createdByName: row.created_by_name,
  };
}

/** Stock adjustments and opening balances, newest first, signed from the farm pool's point of view. */
export async function listStockEntries(
  db: Executor,
  { limit, before, ids }: { limit: number; before?: number; ids?: number[] },
): Promise<StockEntryRow[]> {
  const result = await db.execute<RawEntry>(sql`
    select m.id, m.kind,
      case when m.from_holder = 'external' then m.quantity else -m.quantity end as quantity,
      case when m.from_holder = 'external' then m.to_holder else m.from_holder end as holder,
      m.reason, m.occurred_at, u.name as created_by_name, au.name as agent_name
    from crate_movements m
    left join users u on u.id = m.created_by
    left join market_agents a
      on m.kind = 'opening_balance' and a.id::text = split_part(m.to_holder, ':', 2)
    left join users au on au.id = a.user_id
    where m.kind in ('stock_adjustment', 'opening_balance')
      and (m.from_holder = 'external' or m.to_holder = 'external')
      -- A client's opening loan (an import, decision 050) is the client's history, not the farm's stock.
      and m.to_holder not like 'client:%'
      ${before ? sql`and m.id < ${before}` : sql``}
      ${ids ? sql`and m.id in (${sqlList(ids)})` : sql``}
    order by m.id desc
    limit ${limit}`);
  return result.rows.map(toEntry);
}

export async function hasOpeningBalance(db: Executor, marketAgentId: number): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from crate_movements
    where kind = 'opening_balance'
      and to_holder in (${holders.agentFull(marketAgentId)}, ${holders.agentEmpty(marketAgentId)})
    limit 1`);
  return result.rows.length > 0;
}

/** Serialises opening balances for one agent (two at once would both pass the "not yet" check). */
export async function lockMarketAgent(db: Executor, marketAgentId: number): Promise<boolean> {
  const result = await db.execute(sql`select id from market_agents where id = ${marketAgentId} for update`);
  return result.rows.length > 0;
}
