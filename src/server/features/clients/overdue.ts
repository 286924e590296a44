// Overdue loans read across agents (decisions 018 and 054): what the farm's agent list
// and an agent's weekly e-mail show. One rule, the one the clients screens use: a loan open for more
// than `overdueAfterDays` whole days is overdue (its days out, floor(seconds / 86 400), is above it).
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sqlList } from '../../db/rows.ts';

/** Per agent: its overdue loans, the clients holding them and the crates still out on them. */
export type OverdueAtClients = { loans: number; clients: number; crates: number };

/**
 * The moment before which a loan lent is overdue at `now`: days out > N ⟺ whole days ≥ N + 1 ⟺
 * lent at or before now − (N + 1) days. Compared on created_at so the open-loans index answers.
 */
const overdueCutoff = (now: Date, overdueAfterDays: number) =>
  sql`(${now.toISOString()}::timestamptz - make_interval(days => ${overdueAfterDays + 1}))`;

/** Each agent asked for (0s where it has none), in one grouped query over the open loans. */
export async function overdueAtClientsByAgent(
  db: Executor,
  marketAgentIds: readonly number[],
  { overdueAfterDays, now = new Date() }: { overdueAfterDays: number; now?: Date },
): Promise<Map<number, OverdueAtClients>> {
  const out = new Map<number, OverdueAtClients>(marketAgentIds.map((id) => [id, { loans: 0, clients: 0, crates: 0 }]));
  if (marketAgentIds.length === 0) return out;
  const result = await db.execute<{ agent: number; loans: number; clients: number; crates: string | number }>(sql`
    select market_agent_id as agent, count(*)::int as loans, count(distinct client_id)::int as clients,
      sum(quantity_borrowed - quantity_returned)::bigint as crates
    from client_transactions
    where is_open and market_agent_id in (${sqlList(marketAgentIds)})
      and created_at <= ${overdueCutoff(now, overdueAfterDays)}
    group by market_agent_id`);
  for (const r of result.rows)
    out.set(Number(r.agent), { loans: Number(r.loans), clients: Number(r.clients), crates: Number(r.crates) });
  return out;
}

export type OverdueClient = {
  clientId: number;
  businessName: string;
  clientName: string;
  contactNumber: string;
  /** Every crate the client still has out (its open loans), what a reminder asks back. */
  outstandingCrates: number;
  /** The crates out on its overdue loans. */
  overdueCrates: number;
  /** The oldest open loan's whole days out. */
  daysOut: number;
  /** Whom a reminder is from: the agent's business, or its name (as on the Clients screen). */
  reminderFrom: string;
  /** The language the reminder is written in: the client's (decision 065). */
  language: string;
};

/** Each agent's clients with an overdue loan, longest out first, in one query for all the agents. */
export async function overdueClientsByAgent(
  db: Executor,
  marketAgentIds: readonly number[],
  { overdueAfterDays, now = new Date() }: { overdueAfterDays: number; now?: Date },
): Promise<Map<number, OverdueClient[]>> {
  const out = new Map<number, OverdueClient[]>(marketAgentIds.map((id) => [id, []]));
  if (marketAgentIds.length === 0) return out;
  const cutoff = overdueCutoff(now, overdueAfterDays);
  const result = await db.execute<{
    agent: number;
    client_id: number;
    business_name: string;
    client_name: string;
    contact_number: string;
    outstanding: string | number;
    overdue: string | number;
    days_out: number;
    reminder_from: string;
    language: string;
  }>(sql`
    select ct.market_agent_id as agent, c.id as client_id, c.business_name, c.client_name, c.contact_number,
      c.language,
      sum(ct.quantity_borrowed - ct.quantity_returned)::bigint as outstanding,
      sum(ct.quantity_borrowed - ct.quantity_returned) filter (where ct.created_at <= ${cutoff})::bigint as overdue,
      floor(extract(epoch from (${now.toISOString()}::timestamptz - min(ct.created_at))) / 86400)::int as days_out,
      coalesce(nullif(a.business_name, ''), u.name) as reminder_from
    from client_transactions ct
    join clients c on c.id = ct.client_id
    join market_agents a on a.id = ct.market_agent_id
    join users u on u.id = a.user_id
    where ct.is_open and ct.market_agent_id in (${sqlList(marketAgentIds)})
    group by ct.market_agent_id, c.id, a.business_name, u.name
    having min(ct.created_at) <= ${cutoff}
    order by min(ct.created_at), c.id`);
  for (const r of result.rows)
    out.get(Number(r.agent))?.push({
      clientId: Number(r.client_id),
      businessName: r.business_name,
      clientName: r.client_name,
      contactNumber: r.contact_number,
      outstandingCrates: Number(r.outstanding),
      overdueCrates: Number(r.overdue),
      daysOut: Number(r.days_out),
      reminderFrom: r.reminder_from,
      language: r.language,
    });
  return out;
}
