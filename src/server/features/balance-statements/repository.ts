// Monthly statements and client statement links (decision 064): their rows, read and written here.

import { sql } from 'drizzle-orm';
import type { BalanceStatementStatus } from '../../../shared/balance-statements.ts';
import { isLanguage, type Language } from '../../../shared/i18n/languages.ts';
import type { Executor } from '../../db/client.ts';
import { sqlList } from '../../db/rows.ts';
import { type MonthFigures, monthFiguresOf } from '../crates/balances.ts';

export type StatementRecord = MonthFigures & {
  id: number;
  marketAgentId: number;
  agentUserId: number;
  agentName: string;
  agentEmail: string;
  /** The agent's language (users.language): its statement e-mails are in it (decision 065). */
  agentLanguage: Language;
  month: string;
  periodEnd: Date;
  status: BalanceStatementStatus;
  issuedAt: Date;
  answeredAt: Date | null;
  believedClosing: number | null;
  disputeNote: string | null;
  resolution: 'accepted' | 'answered' | null;
  resolutionNote: string | null;
  resolvedAt: Date | null;
  adjustment: number | null;
  photoIds: number[];
};

const COLUMNS = sql`s.id, s.market_agent_id, a.user_id as agent_user_id, u.name as agent_name, u.email as agent_email, u.language as agent_language,
  s.month, s.period_end, s.opening, s.received, s.sent_back, s.count_differences, s.missing, s.damaged,
  s.adjustments, s.at_clients, s.closing, s.status, s.issued_at, s.answered_at, s.believed_closing,
  s.dispute_note, s.resolution, s.resolution_note, s.resolved_at,
  case when s.resolution = 'accepted' then s.believed_closing - s.closing end as adjustment,
  coalesce((select array_agg(e.id order by e.id) from evidence e where e.balance_statement_id = s.id), '{}') as photo_ids`;
const FROM = sql`balance_statements s join market_agents a on a.id = s.market_agent_id join users u on u.id = a.user_id`;

type Row = Record<string, unknown>;
const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toRecord(r: Row): StatementRecord {
  return {
    id: Number(r.id),
    marketAgentId: Number(r.market_agent_id),
    agentUserId: Number(r.agent_user_id),
    agentName: String(r.agent_name),
    agentEmail: String(r.agent_email),
    agentLanguage: isLanguage(r.agent_language) ? r.agent_language : 'en',
    month: String(r.month),
    periodEnd: new Date(r.period_end as string),
    ...monthFiguresOf(r),
    status: r.status as BalanceStatementStatus,
    issuedAt: new Date(r.issued_at as string),
    answeredAt: date(r.answered_at),
    believedClosing: numOrNull(r.believed_closing),
    disputeNote: (r.dispute_note as string | null) ?? null,
    resolution: (r.resolution as StatementRecord['resolution']) ?? null,
    resolutionNote: (r.resolution_note as string | null) ?? null,
    resolvedAt: date(r.resolved_at),
    adjustment: numOrNull(r.adjustment),
    photoIds: ((r.photo_ids as (number | string)[] | null) ?? []).map(Number),
  };
}

/** A month's first instant and the next month's, in the farm's time zone. */
export async function monthWindow(db: Executor, month: string, timeZone: string) {
  const result = await db.execute<{ from: string; to: string; ended: boolean }>(sql`
    select (${`${month}-01`}::date::timestamp at time zone ${timeZone}) as "from",
      ((${`${month}-01`}::date + interval '1 month')::timestamp at time zone ${timeZone}) as "to",
      ((${`${month}-01`}::date + interval '1 month')::timestamp at time zone ${timeZone}) <= now() as ended`);
  const r = result.rows[0];
  return { from: new Date(r.from), to: new Date(r.to), ended: r.ended === true || String(r.ended) === 'true' };
}

/** Of these agents, those with a statement for the month already. */
export async function agentsIssued(db: Executor, month: string, ids: number[]) {
  if (ids.length === 0) return [];
  const result = await db.execute<{ market_agent_id: number }>(sql`
    select market_agent_id from balance_statements where month = ${month} and market_agent_id in (${sqlList(ids)})`);
  return result.rows.map((r) => Number(r.market_agent_id));
}

export async function insertStatement(
  tx: Executor,
  row: MonthFigures & { marketAgentId: number; month: string; from: Date; to: Date; issuedBy: number },
) {
  const result = await tx.execute<{ id: number }>(sql`
    insert into balance_statements (market_agent_id, month, period_start, period_end, opening, received, sent_back,
      count_differences, missing, damaged, adjustments, at_clients, closing, issued_by)
    values (${row.marketAgentId}, ${row.month}, ${row.from.toISOString()}, ${row.to.toISOString()}, ${row.opening},
      ${row.received}, ${row.sentBack}, ${row.countDifferences}, ${row.missing}, ${row.damaged}, ${row.adjustments},
      ${row.atClients}, ${row.closing}, ${row.issuedBy})
    returning id`);
  return Number(result.rows[0].id);
}

export async function listStatements(db: Executor, filter: { month?: string; marketAgentId?: number; ids?: number[] }) {
  const where = [
    filter.month ? sql`s.month = ${filter.month}` : sql`true`,
    filter.marketAgentId !== undefined ? sql`s.market_agent_id = ${filter.marketAgentId}` : sql`true`,
    filter.ids ? sql`s.id in (${sqlList(filter.ids.length ? filter.ids : [0])})` : sql`true`,
  ];
  const result = await db.execute<Row>(sql`
    select ${COLUMNS} from ${FROM} where ${sql.join(where, sql` and `)}
    order by s.month desc, u.name, s.id limit 1000`);
  return result.rows.map(toRecord);
}

export async function findStatement(db: Executor, id: number, { lock = false } = {}) {
  const result = await db.execute<Row>(
    sql`select ${COLUMNS} from ${FROM} where s.id = ${id} ${lock ? sql`for update of s` : sql``}`,
  );
  return result.rows[0] ? toRecord(result.rows[0]) : null;
}

export async function markConfirmed(tx: Executor, id: number, userId: number) {
  const result = await tx.execute(sql`
    update balance_statements set status = 'confirmed', answered_at = now(), answered_by = ${userId}
    where id = ${id} and status = 'waiting' returning id`);
  return result.rows.length > 0;
}

export async function markDisputed(
  tx: Executor,
  id: number,
  { userId, believedClosing, note }: { userId: number; believedClosing: number; note: string },
) {
  const result = await tx.execute(sql`
    update balance_statements set status = 'disputed', answered_at = now(), answered_by = ${userId},
      believed_closing = ${believedClosing}, dispute_note = ${note}
    where id = ${id} and status = 'waiting' returning id`);
  return result.rows.length > 0;
}

export async function markResolved(
  tx: Executor,
  id: number,
  r: { userId: number; resolution: 'accepted' | 'answered'; note: string | null; movementId: number | null },
) {
  const result = await tx.execute(sql`
    update balance_statements set status = 'resolved', resolution = ${r.resolution}, resolution_note = ${r.note},
      resolved_at = now(), resolved_by = ${r.userId}, adjustment_movement_id = ${r.movementId}
    where id = ${id} and status = 'disputed' returning id`);
  return result.rows.length > 0;
}

/** Statements waiting longer than `days` and not reminded yet: claimed (reminded_at set) in `tx`. */
export async function claimDueReminders(tx: Executor, days: number) {
  const result = await tx.execute<{ id: number }>(sql`
    update balance_statements set reminded_at = now()
    where status = 'waiting' and reminded_at is null and issued_at <= now() - make_interval(days => ${days})
    returning id`);
  return result.rows.map((r) => Number(r.id));
}

// --- client statement links ---

export async function insertLink(
  tx: Executor,
  row: { clientId: number; tokenHash: string; createdBy: number; expiresAt: Date },
) {
  const result = await tx.execute<{ id: number }>(sql`
    insert into statement_links (client_id, token_hash, created_by, expires_at)
    values (${row.clientId}, ${row.tokenHash}, ${row.createdBy}, ${row.expiresAt.toISOString()}) returning id`);
  return Number(result.rows[0].id);
}

export async function revokeLink(tx: Executor, clientId: number, linkId: number) {
  const result = await tx.execute(sql`
    update statement_links set revoked_at = coalesce(revoked_at, now())
    where id = ${linkId} and client_id = ${clientId} returning id`);
  return result.rows.length > 0;
}

/** The client a live link (not expired, not revoked) shows; null for any other token. */
export async function clientOfLink(db: Executor, tokenHash: string) {
  const result = await db.execute<{ client_id: number }>(sql`
    select client_id from statement_links
    where token_hash = ${tokenHash} and revoked_at is null and expires_at > now()`);
  return result.rows[0] ? Number(result.rows[0].client_id) : null;
}

/** What the client's page names: the client, its agent. */
export async function linkedClient(db: Executor, clientId: number) {
  const result = await db.execute<{
    business_name: string;
    client_name: string;
    agent_name: string;
    language: string;
  }>(sql`
    select c.business_name, c.client_name, c.language, u.name as agent_name
    from clients c join market_agents a on a.id = c.market_agent_id join users u on u.id = a.user_id
    where c.id = ${clientId}`);
  const r = result.rows[0];
  return r
    ? { businessName: r.business_name, clientName: r.client_name, agentName: r.agent_name, language: r.language }
    : null;
}
