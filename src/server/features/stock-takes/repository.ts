// Stock-take queries (decision 051). Lists read counts and their lines in two queries, never one per count.
import { sql } from 'drizzle-orm';
import type { StockTakeCount, StockTakeLine } from '../../../shared/stock-takes.ts';
import type { Executor } from '../../db/client.ts';
import { sqlList } from '../../db/rows.ts';

/** Agents among `ids` with a count not yet resolved. */
export async function agentsStillCounting(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  const result = await db.execute<{ market_agent_id: number }>(sql`
    select market_agent_id from stock_take_counts where status <> 'resolved' and market_agent_id in (${sqlList(ids)})`);
  return result.rows.map((r) => Number(r.market_agent_id));
}

export async function insertStockTake(tx: Executor, startedBy: number, agentIds: number[]) {
  const taken = await tx.execute<{ id: number }>(
    sql`insert into stock_takes (started_by) values (${startedBy}) returning id`,
  );
  const id = Number(taken.rows[0].id);
  await tx.execute(sql`
    insert into stock_take_counts (stock_take_id, market_agent_id)
    values ${sql.join(
      agentIds.map((agentId) => sql`(${id}, ${agentId})`),
      sql`, `,
    )}`);
  return id;
}

type CountRow = {
  id: number;
  stock_take_id: number;
  market_agent_id: number;
  agent_user_id: number;
  agent_name: string;
  status: StockTakeCount['status'];
  started_at: string | Date;
  submitted_at: string | Date | null;
  resolved_at: string | Date | null;
};

const COUNT_COLUMNS = sql`c.id, c.stock_take_id, c.market_agent_id, a.user_id as agent_user_id, u.name as agent_name,
  c.status, s.started_at, c.submitted_at, c.resolved_at`;
const COUNT_FROM = sql`stock_take_counts c join stock_takes s on s.id = c.stock_take_id
  join market_agents a on a.id = c.market_agent_id join users u on u.id = a.user_id`;

export type CountRecord = Omit<StockTakeCount, 'lines' | 'openDifferences'> & { agentUserId: number };

const toCount = (r: CountRow): CountRecord => ({
  id: Number(r.id),
  stockTakeId: Number(r.stock_take_id),
  marketAgentId: Number(r.market_agent_id),
  agentUserId: Number(r.agent_user_id),
  agentName: r.agent_name,
  status: r.status,
  startedAt: new Date(r.started_at),
  submittedAt: r.submitted_at ? new Date(r.submitted_at) : null,
  resolvedAt: r.resolved_at ? new Date(r.resolved_at) : null,
});

/** Counts, newest first: of one agent, or the farm's (`open`: those not resolved). */
export async function listCounts(db: Executor, filter: { marketAgentId?: number; open?: boolean; limit?: number }) {
  const where = [
    filter.marketAgentId !== undefined ? sql`c.market_agent_id = ${filter.marketAgentId}` : sql`true`,
    filter.open ? sql`c.status <> 'resolved'` : sql`true`,
  ];
  const result = await db.execute<CountRow>(sql`
    select ${COUNT_COLUMNS} from ${COUNT_FROM}
    where ${sql.join(where, sql` and `)}
    order by c.id desc limit ${filter.limit ?? 200}`);
  return result.rows.map(toCount);
}

export async function findCount(db: Executor, id: number, { lock = false } = {}) {
  const result = await db.execute<CountRow>(sql`
    select ${COUNT_COLUMNS} from ${COUNT_FROM} where c.id = ${id} ${lock ? sql`for update of c` : sql``}`);
  return result.rows[0] ? toCount(result.rows[0]) : null;
}

/** The agent's count not yet resolved (at most one: a unique index). */
export async function unfinishedCountOf(db: Executor, marketAgentId: number) {
  const result = await db.execute<CountRow>(sql`
    select ${COUNT_COLUMNS} from ${COUNT_FROM} where c.market_agent_id = ${marketAgentId} and c.status <> 'resolved'`);
  return result.rows[0] ? toCount(result.rows[0]) : null;
}

type LineRow = {
  id: number;
  count_id: number;
  holder_kind: StockTakeLine['holderKind'];
  client_id: number | null;
  business_name: string | null;
  expected: number;
  counted: number;
  resolution: StockTakeLine['resolution'];
  resolution_note: string | null;
};

export type LineRecord = StockTakeLine & { countId: number };

const toLine = (r: LineRow): LineRecord => ({
  id: Number(r.id),
  countId: Number(r.count_id),
  holderKind: r.holder_kind,
  clientId: r.client_id === null ? null : Number(r.client_id),
  label:
    r.holder_kind === 'full'
      ? 'Full crates'
      : r.holder_kind === 'empty'
        ? 'Empty crates'
        : (r.business_name ?? 'Client'),
  expected: Number(r.expected),
  counted: Number(r.counted),
  difference: Number(r.counted) - Number(r.expected),
  resolution: r.resolution,
  resolutionNote: r.resolution_note,
});

const LINE_SELECT = sql`select l.id, l.count_id, l.holder_kind, l.client_id, k.business_name, l.expected, l.counted,
  l.resolution, l.resolution_note
  from stock_take_lines l left join clients k on k.id = l.client_id`;

/** The lines of several counts in one query: full, empty, then clients by name. */
export async function linesOf(db: Executor, countIds: number[]): Promise<LineRecord[]> {
  if (countIds.length === 0) return [];
  const result = await db.execute<LineRow>(sql`
    ${LINE_SELECT} where l.count_id in (${sqlList(countIds)})
    order by l.count_id, case l.holder_kind when 'full' then 0 when 'empty' then 1 else 2 end, lower(k.business_name), l.id`);
  return result.rows.map(toLine);
}

export async function findLine(db: Executor, id: number, { lock = false } = {}) {
  const result = await db.execute<LineRow>(
    sql`${LINE_SELECT} where l.id = ${id} ${lock ? sql`for update of l` : sql``}`,
  );
  return result.rows[0] ? toLine(result.rows[0]) : null;
}

/** Writes the agent's figures: a new line, or a line not accepted yet counted again (its resolution cleared). */
export async function upsertLine(
  tx: Executor,
  line: {
    countId: number;
    holderKind: 'full' | 'empty' | 'client';
    clientId: number | null;
    expected: number;
    counted: number;
  },
) {
  const target =
    line.clientId === null
      ? sql`(count_id, holder_kind) where client_id is null`
      : sql`(count_id, client_id) where client_id is not null`;
  await tx.execute(sql`
    insert into stock_take_lines (count_id, holder_kind, client_id, expected, counted)
    values (${line.countId}, ${line.holderKind}, ${line.clientId}, ${line.expected}, ${line.counted})
    on conflict ${target} do update set expected = excluded.expected, counted = excluded.counted,
      resolution = null, resolution_note = null, resolved_by = null, resolved_at = null
    where stock_take_lines.resolution is distinct from 'accepted'`);
}

export async function markSubmitted(tx: Executor, countId: number, userId: number) {
  await tx.execute(sql`
    update stock_take_counts set status = 'submitted', submitted_at = now(), submitted_by = ${userId}
    where id = ${countId}`);
}

/** A count with no open difference left is resolved (a count without differences: at once). */
export async function resolveIfSettled(tx: Executor, countId: number): Promise<boolean> {
  const result = await tx.execute<{ id: number }>(sql`
    update stock_take_counts set status = 'resolved', resolved_at = now()
    where id = ${countId} and status = 'submitted' and not exists (
      select 1 from stock_take_lines l where l.count_id = ${countId} and l.counted <> l.expected
        and l.resolution is distinct from 'accepted')
    returning id`);
  return result.rows.length > 0;
}

/** Marks a flagged, unresolved line; null when it was resolved meanwhile. */
export async function markLine(
  tx: Executor,
  id: number,
  { resolution, note, userId }: { resolution: 'accepted' | 'recount'; note: string | null; userId: number },
) {
  const result = await tx.execute<{ id: number }>(sql`
    update stock_take_lines set resolution = ${resolution}, resolution_note = ${note}, resolved_by = ${userId},
      resolved_at = now()
    where id = ${id} and resolution is null and counted <> expected returning id`);
  return result.rows.length > 0;
}

export async function reopenCount(tx: Executor, countId: number) {
  await tx.execute(sql`update stock_take_counts set status = 'open' where id = ${countId} and status = 'submitted'`);
}
