// Market agent queries: the agents with their crate balances in one query (no per-agent round trips).
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sqlList } from '../../db/rows.ts';
import { marketAgents, users } from '../../db/schema/index.ts';

export type AgentRecord = {
  id: number;
  userId: number;
  agentName: string;
  agentNumber: string;
  businessName: string | null;
  marketName: string;
  isActive: boolean;
};

const agentRecord = {
  id: marketAgents.id,
  userId: marketAgents.userId,
  agentName: users.name,
  agentNumber: marketAgents.agentNumber,
  businessName: marketAgents.businessName,
  marketName: marketAgents.marketName,
  isActive: users.isActive,
};

export async function findAgent(db: Executor, by: { id: number } | { userId: number }): Promise<AgentRecord | null> {
  const where = 'id' in by ? eq(marketAgents.id, by.id) : eq(marketAgents.userId, by.userId);
  const [row] = await db
    .select(agentRecord)
    .from(marketAgents)
    .innerJoin(users, eq(users.id, marketAgents.userId))
    .where(where)
    .limit(1);
  return row ?? null;
}

export async function listActiveAgents(db: Executor): Promise<AgentRecord[]> {
  return db
    .select(agentRecord)
    .from(marketAgents)
    .innerJoin(users, eq(users.id, marketAgents.userId))
    .where(and(eq(users.isActive, true), eq(users.role, 'market_agent')))
    .orderBy(asc(users.name), asc(marketAgents.id));
}

/** How many agents listActiveAgents would return, without fetching them. */
export async function countActiveAgents(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(marketAgents)
    .innerJoin(users, eq(users.id, marketAgents.userId))
    .where(and(eq(users.isActive, true), eq(users.role, 'market_agent')));
  return Number(row.count);
}

export type AgentCratesRow = {
  id: number;
  userId: number;
  agentName: string;
  agentNumber: string;
  agentEmail: string;
  businessName: string | null;
  marketName: string;
  marketLocation: string;
  location: string;
  contactNumber: string;
  bankName: string | null;
  isActive: boolean;
  createdAt: Date;
  cratesReturned: number;
};

type RawAgentCrates = {
  id: number;
  user_id: number;
  agent_name: string;
  agent_number: string;
  agent_email: string;
  business_name: string | null;
  market_name: string;
  market_location: string;
  location: string;
  contact_number: string;
  bank_name: string | null;
  is_active: boolean;
  created_at: string | Date;
  crates_returned: number | string;
};

/**
 * Agents with the empties they returned in the active billing cycle, the one containing the farm's
 * `today` (spec §9: the return rate counts the current cycle; its billing lines, corrections included;
 * 0 without an active cycle), in one query. Their
 * crate balances come from the ledger's read API (crates/balances.ts).
 */
export async function listAgentsWithCrates(
  db: Executor,
  { filter, today }: { filter?: { agentId?: number; userId?: number }; today: string },
): Promise<AgentCratesRow[]> {
  const conditions: SQL[] = [];
  if (filter?.agentId !== undefined) conditions.push(sql`a.id = ${filter.agentId}`);
  if (filter?.userId !== undefined) conditions.push(sql`a.user_id = ${filter.userId}`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const result = await db.execute<RawAgentCrates>(sql`
    select a.id, a.user_id, u.name as agent_name, a.agent_number, u.email as agent_email, a.business_name,
      a.market_name, a.market_location, a.location, a.contact_number, a.bank_name, u.is_active, a.created_at,
      coalesce(r.crates, 0) as crates_returned
    from market_agents a
    join users u on u.id = a.user_id
    left join lateral (
      select sum(l.crates) as crates from billing_lines l
      where l.market_agent_id = a.id
        and l.cycle_id = (select c.id from billing_cycles c where ${today}::date between c.start_date and c.end_date)
    ) r on true
    ${where}
    order by coalesce(nullif(a.business_name, ''), 'Business TBD'), u.name, a.id`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    agentName: r.agent_name,
    agentNumber: r.agent_number,
    agentEmail: r.agent_email,
    businessName: r.business_name,
    marketName: r.market_name,
    marketLocation: r.market_location,
    location: r.location,
    contactNumber: r.contact_number,
    bankName: r.bank_name,
    isActive: r.is_active,
    createdAt: new Date(r.created_at),
    cratesReturned: Number(r.crates_returned),
  }));
}

/** Active agents among `ids` (all active agents when `ids` is undefined), with their user and name. */
export async function activeAgents(db: Executor, ids?: number[]) {
  const result = await db.execute<{ id: number; user_id: number; name: string }>(sql`
    select a.id, a.user_id, u.name from market_agents a join users u on u.id = a.user_id
    where u.is_active ${ids ? sql`and a.id in (${sqlList(ids)})` : sql``}
    order by a.id`);
  return result.rows.map((r) => ({ id: Number(r.id), userId: Number(r.user_id), name: r.name }));
}
