// Client and loan queries, always scoped to one market agent. Totals are SQL aggregates (one query per
// list, no per-client round trips); crates out per client come from the ledger's read API.
import { and, eq, sql } from 'drizzle-orm';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { Executor } from '../../db/client.ts';
import { sqlList } from '../../db/rows.ts';
import { clients, clientTransactions, users } from '../../db/schema/index.ts';

export type ClientRow = {
  id: number;
  businessName: string;
  clientName: string;
  contactNumber: string;
  language: Language;
  isActive: boolean;
  createdAt: Date;
  totalBorrowed: number;
  openLoans: number;
  daysOut: number | null;
};

const wholeDays = (from: ReturnType<typeof sql>, to: ReturnType<typeof sql> = sql`now()`) =>
  sql`floor(extract(epoch from (${to} - ${from})) / 86400)::int`;

/**
 * The agent's clients, overdue ones first (a loan open longer than `overdueAfterDays`), then by business
 * name. `q` keeps those whose business or client name holds it, or whose contact number
 * holds its digits; `before` is the client after which the page goes on (the list's order, not ids).
 */
// Long: one query with its optional filters (search, cursor, one client) beside each other.
export async function listClients(
  db: Executor,
  marketAgentId: number,
  filter: { limit: number; before?: number; id?: number; q?: string; overdueAfterDays: number },
): Promise<ClientRow[]> {
  const q = filter.q?.trim().toLowerCase() ?? '';
  const digits = q.replace(/\D/g, '');
  const search = q
    ? sql`and (position(${q} in lower(c.business_name)) > 0 or position(${q} in lower(c.client_name)) > 0
        ${digits ? sql`or position(${digits} in regexp_replace(c.contact_number, '[^0-9]', '', 'g')) > 0` : sql``})`
    : sql``;
  const result = await db.execute<{
    id: number;
    business_name: string;
    client_name: string;
    contact_number: string;
    language: Language;
    is_active: boolean;
    created_at: string | Date;
    total_borrowed: string | number;
    open_loans: string | number;
    days_out: number | null;
  }>(sql`
    with listed as (
      select c.id, c.business_name, c.client_name, c.contact_number, c.language, c.is_active, c.created_at,
        coalesce(t.total_borrowed, 0) as total_borrowed, coalesce(t.open_loans, 0) as open_loans,
        case when t.oldest_open is null then null else ${wholeDays(sql`t.oldest_open`)} end as days_out
      from clients c
      left join lateral (
        select sum(ct.quantity_borrowed)::bigint as total_borrowed,
          count(*) filter (where ct.is_open)::int as open_loans,
          min(ct.created_at) filter (where ct.is_open) as oldest_open
        from client_transactions ct where ct.client_id = c.id
      ) t on true
      where c.market_agent_id = ${marketAgentId}
        ${filter.id !== undefined ? sql`and c.id = ${filter.id}` : sql``}
        ${search}
    ), ordered as (
      select *, row_number() over (
        order by coalesce(days_out > ${filter.overdueAfterDays}, false) desc, lower(business_name), id
      ) as position
      from listed
    )
    select * from ordered
    where position > ${
      filter.before === undefined
        ? sql`0`
        : // A cursor that is not in the list (removed, or filtered out) ends the list rather than restarting it.
          sql`coalesce((select position from ordered where id = ${filter.before}), 2147483647)`
    }
    order by position
    limit ${filter.limit}`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    businessName: r.business_name,
    clientName: r.client_name,
    contactNumber: r.contact_number,
    language: r.language,
    isActive: r.is_active,
    createdAt: new Date(r.created_at),
    totalBorrowed: Number(r.total_borrowed),
    openLoans: Number(r.open_loans),
    daysOut: r.days_out === null ? null : Number(r.days_out),
  }));
}

export type ClientRecord = typeof clients.$inferSelect;

/** The agent's client, or null (another agent's client is not found). */
export async function findClient(db: Executor, marketAgentId: number, id: number): Promise<ClientRecord | null> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.marketAgentId, marketAgentId)))
    .limit(1);
  return row ?? null;
}

export async function insertClient(
  db: Executor,
  values: {
    marketAgentId: number;
    businessName: string;
    clientName: string;
    contactNumber: string;
    language: Language;
  },
) {
  const [row] = await db.insert(clients).values(values).returning({ id: clients.id });
  return row.id;
}

export async function updateClient(
  db: Executor,
  marketAgentId: number,
  id: number,
  values: Partial<Pick<ClientRecord, 'businessName' | 'clientName' | 'contactNumber' | 'language' | 'isActive'>>,
): Promise<boolean> {
  const rows = await db
    .update(clients)
    .set(values)
    .where(and(eq(clients.id, id), eq(clients.marketAgentId, marketAgentId)))
    .returning({ id: clients.id });
  return rows.length > 0;
}

export type TransactionRow = {
  id: number;
  clientId: number;
  businessName: string;
  clientName: string;
  quantityBorrowed: number;
  quantityReturned: number;
  notes: string | null;
  isOpen: boolean;
  daysOut: number;
  createdAt: Date;
  closedAt: Date | null;
};

export async function listTransactions(
  db: Executor,
  marketAgentId: number,
  filter: { limit: number; before?: number; openOnly?: boolean; clientId?: number; id?: number },
): Promise<TransactionRow[]> {
  const result = await db.execute<{
    id: number;
    client_id: number;
    business_name: string;
    client_name: string;
    quantity_borrowed: number;
    quantity_returned: number;
    notes: string | null;
    is_open: boolean;
    days_out: number;
    created_at: string | Date;
    closed_at: string | Date | null;
  }>(sql`
    select ct.id, ct.client_id, c.business_name, c.client_name, ct.quantity_borrowed, ct.quantity_returned,
      ct.notes, ct.is_open, ct.created_at, ct.closed_at,
      ${wholeDays(sql`ct.created_at`, sql`coalesce(ct.closed_at, now())`)} as days_out
    from client_transactions ct
    join clients c on c.id = ct.client_id
    where ct.market_agent_id = ${marketAgentId}
      ${filter.openOnly ? sql`and ct.is_open` : sql``}
      ${filter.clientId !== undefined ? sql`and ct.client_id = ${filter.clientId}` : sql``}
      ${filter.id !== undefined ? sql`and ct.id = ${filter.id}` : sql``}
      ${filter.before !== undefined ? sql`and ct.id < ${filter.before}` : sql``}
    order by ct.id desc
    limit ${filter.limit}`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    clientId: Number(r.client_id),
    businessName: r.business_name,
    clientName: r.client_name,
    quantityBorrowed: Number(r.quantity_borrowed),
    quantityReturned: Number(r.quantity_returned),
    notes: r.notes,
    isOpen: r.is_open,
    daysOut: Math.max(0, Number(r.days_out)),
    createdAt: new Date(r.created_at),
    closedAt: r.closed_at === null ? null : new Date(r.closed_at),
  }));
}

/** The agent's client, locked for this transaction (a lend checks it is active). */
export async function lockClient(tx: Executor, marketAgentId: number, id: number) {
  const result = await tx.execute<{ id: number; is_active: boolean }>(sql`
    select id, is_active from clients where id = ${id} and market_agent_id = ${marketAgentId} for update`);
  const row = result.rows[0];
  return row ? { id: Number(row.id), isActive: row.is_active } : null;
}

/** The agent's loan, locked for this transaction so two returns against it queue. */
export async function lockTransaction(tx: Executor, marketAgentId: number, id: number) {
  const result = await tx.execute<{
    id: number;
    client_id: number;
    quantity_borrowed: number;
    quantity_returned: number;
    is_open: boolean;
  }>(sql`
    select id, client_id, quantity_borrowed, quantity_returned, is_open from client_transactions
    where id = ${id} and market_agent_id = ${marketAgentId} for update`);
  const row = result.rows[0];
  return row
    ? {
        id: Number(row.id),
        clientId: Number(row.client_id),
        quantityBorrowed: Number(row.quantity_borrowed),
        quantityReturned: Number(row.quantity_returned),
        isOpen: row.is_open,
      }
    : null;
}

export async function insertTransaction(
  tx: Executor,
  {
    at,
    ...values
  }: { clientId: number; marketAgentId: number; quantityBorrowed: number; notes: string | null; at?: Date },
) {
  const [row] = await tx
    .insert(clientTransactions)
    .values({ ...values, ...(at ? { createdAt: at, updatedAt: at } : {}) })
    .returning({ id: clientTransactions.id });
  return row.id;
}

/** Adds `quantity` to the crates returned; the loan closes when everything is back. */
export async function recordReturn(tx: Executor, id: number, quantity: number, at?: Date) {
  const when = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  await tx.execute(sql`
    update client_transactions set
      quantity_returned = quantity_returned + ${quantity},
      is_open = quantity_returned + ${quantity} < quantity_borrowed,
      closed_at = case when quantity_returned + ${quantity} >= quantity_borrowed then ${when} else null end,
      updated_at = ${when}
    where id = ${id}`);
}

/** The business names (lower case) of these agents' clients: what an import must not add twice. */
export async function clientNamesOf(db: Executor, marketAgentIds: readonly number[]) {
  if (marketAgentIds.length === 0) return [];
  const result = await db.execute<{ market_agent_id: number; name: string }>(sql`
    select market_agent_id, lower(business_name) as name from clients
    where market_agent_id in (${sqlList(marketAgentIds)})`);
  return result.rows.map((r) => ({ marketAgentId: Number(r.market_agent_id), name: r.name }));
}

export { nextIds } from '../../db/rows.ts';

/** The user's own language: a client added without one is written to in its agent's language. */
export async function userLanguage(db: Executor, userId: number): Promise<Language> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.language ?? 'en';
}

/** Many clients in one statement (the rows as one JSON parameter). */
export async function insertClients(
  db: Executor,
  rows: {
    id: number;
    marketAgentId: number;
    businessName: string;
    clientName: string;
    contactNumber: string;
    language: Language;
  }[],
) {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into clients (id, market_agent_id, business_name, client_name, contact_number, language)
    select id, "marketAgentId", "businessName", "clientName", "contactNumber", language
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(id integer, "marketAgentId" integer, "businessName" text, "clientName" text, "contactNumber" text,
        language text)`);
}

/** Many open loans in one statement (the rows as one JSON parameter). */
export async function insertTransactions(
  db: Executor,
  rows: { id: number; clientId: number; marketAgentId: number; quantityBorrowed: number; notes: string | null }[],
) {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into client_transactions (id, client_id, market_agent_id, quantity_borrowed, notes)
    select id, "clientId", "marketAgentId", "quantityBorrowed", notes
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(id integer, "clientId" integer, "marketAgentId" integer, "quantityBorrowed" integer, notes text)`);
}

/** A client's open loans, oldest first, locked: a stock take writes missing crates off them in order. */
export async function lockOpenLoansOfClient(tx: Executor, clientId: number) {
  const result = await tx.execute<{ id: number; out: number }>(sql`
    select id, quantity_borrowed - quantity_returned as out from client_transactions
    where client_id = ${clientId} and is_open order by created_at, id for update`);
  return result.rows.map((r) => ({ id: Number(r.id), out: Number(r.out) }));
}

/**
 * The agent's clients a stock take started at `startedAt` counts: those added before it, active or still
 * holding crates (by business name).
 */
export async function clientsToCount(db: Executor, marketAgentId: number, startedAt: Date) {
  const result = await db.execute<{ id: number; business_name: string }>(sql`
    select c.id, c.business_name from clients c
    where c.market_agent_id = ${marketAgentId} and c.created_at <= ${startedAt.toISOString()}::timestamptz
      and (c.is_active or exists (select 1 from client_transactions t where t.client_id = c.id and t.is_open))
    order by lower(c.business_name), c.id`);
  return result.rows.map((r) => ({ id: Number(r.id), businessName: r.business_name }));
}
