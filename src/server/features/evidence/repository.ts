// Evidence queries (decision 053): who owns a disputed record, a record's photos, one photo's bytes.
import { sql } from 'drizzle-orm';
import type { DamagedCrateEntry, Evidence, EvidenceContentType, EvidenceRecordKind } from '../../../shared/evidence.ts';
import type { Executor } from '../../db/client.ts';

/** The record a photo belongs to: its agent (whose it is), and whether it is disputed. */
export type EvidenceRecord = { marketAgentId: number; agentUserId: number; disputed: boolean };

type RecordRow = { market_agent_id: number; agent_user_id: number; disputed: boolean };

const damaged = (column: string) =>
  sql`exists (select 1 from crate_movements m where m.${sql.raw(column)} = r.id and m.kind = 'damage')`;

/** Per kind: the record's agent and whether it carries a difference or damaged crates. */
const recordQueries: Record<EvidenceRecordKind, (id: number) => ReturnType<typeof sql>> = {
  // A supplier's crate request is no agent's and is never disputed: no photos go with it.
  transmission: (id) => sql`
    select r.market_agent_id, a.user_id as agent_user_id, (r.is_flagged or ${damaged('transmission_id')}) as disputed
    from transmissions r join market_agents a on a.id = r.market_agent_id
    where r.id = ${id} and r.type <> 'supplier_to_farm'`,
  'stock-take-line': (id) => sql`
    select c.market_agent_id, a.user_id as agent_user_id, r.counted <> r.expected as disputed
    from stock_take_lines r join stock_take_counts c on c.id = r.count_id
      join market_agents a on a.id = c.market_agent_id
    where r.id = ${id}`,
  'client-transaction': (id) => sql`
    select r.market_agent_id, a.user_id as agent_user_id, ${damaged('client_transaction_id')} as disputed
    from client_transactions r join market_agents a on a.id = r.market_agent_id
    where r.id = ${id}`,
  // A monthly statement the agent disputed (decision 064).
  'balance-statement': (id) => sql`
    select r.market_agent_id, a.user_id as agent_user_id, r.status in ('disputed', 'resolved') as disputed
    from balance_statements r join market_agents a on a.id = r.market_agent_id
    where r.id = ${id}`,
};

export async function findRecord(db: Executor, kind: EvidenceRecordKind, id: number): Promise<EvidenceRecord | null> {
  const result = await db.execute<RecordRow>(recordQueries[kind](id));
  const row = result.rows[0];
  if (!row) return null;
  return {
    marketAgentId: Number(row.market_agent_id),
    agentUserId: Number(row.agent_user_id),
    disputed: row.disputed === true || String(row.disputed) === 'true',
  };
}

const recordColumn: Record<EvidenceRecordKind, string> = {
  transmission: 'transmission_id',
  'stock-take-line': 'stock_take_line_id',
  'client-transaction': 'client_transaction_id',
  'balance-statement': 'balance_statement_id',
};

type EvidenceRow = {
  id: number;
  record_kind: EvidenceRecordKind;
  record_id: number;
  content_type: EvidenceContentType;
  byte_size: number;
  note: string | null;
  attached_by: number;
  attached_by_name: string;
  attached_at: string | Date;
};

const toEvidence = (r: EvidenceRow): Evidence => ({
  id: Number(r.id),
  recordKind: r.record_kind,
  recordId: Number(r.record_id),
  contentType: r.content_type,
  byteSize: Number(r.byte_size),
  note: r.note,
  attachedBy: Number(r.attached_by),
  attachedByName: r.attached_by_name,
  attachedAt: new Date(r.attached_at),
});

const EVIDENCE_SELECT = sql`select e.id, e.record_kind,
  coalesce(e.transmission_id, e.stock_take_line_id, e.client_transaction_id, e.balance_statement_id) as record_id,
  e.content_type, e.byte_size, e.note, e.attached_by, u.name as attached_by_name, e.attached_at
  from evidence e join users u on u.id = e.attached_by`;

/** A record's photos (their details, not their bytes), in the order they were attached. */
export async function listFor(db: Executor, kind: EvidenceRecordKind, id: number): Promise<Evidence[]> {
  const result = await db.execute<EvidenceRow>(
    sql`${EVIDENCE_SELECT} where e.${sql.raw(recordColumn[kind])} = ${id} order by e.id limit 100`,
  );
  return result.rows.map(toEvidence);
}

/**
 * Holds the record's photo list until the transaction ends, so "count, then insert" is one step: under
 * concurrent attaches the tenth photo is the last on PostgreSQL too (decision 059).
 */
export async function lockRecordPhotos(tx: Executor, kind: EvidenceRecordKind, id: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`evidence:${kind}`}), ${id}::int)`);
}

export async function countFor(db: Executor, kind: EvidenceRecordKind, id: number): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from evidence where ${sql.raw(recordColumn[kind])} = ${id}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

export async function insertEvidence(
  tx: Executor,
  row: {
    kind: EvidenceRecordKind;
    recordId: number;
    contentType: EvidenceContentType;
    photo: Buffer;
    note: string | null;
    attachedBy: number;
  },
): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    insert into evidence (record_kind, ${sql.raw(recordColumn[row.kind])}, content_type, byte_size, photo, note, attached_by)
    values (${row.kind}, ${row.recordId}, ${row.contentType}, ${row.photo.length}, ${row.photo}, ${row.note}, ${row.attachedBy})
    returning id`);
  return Number(result.rows[0].id);
}

export async function findEvidence(db: Executor, id: number): Promise<Evidence | null> {
  const result = await db.execute<EvidenceRow>(sql`${EVIDENCE_SELECT} where e.id = ${id}`);
  return result.rows[0] ? toEvidence(result.rows[0]) : null;
}

/** One photo's bytes with its type and the record it belongs to (whose access decides who sees it). */
export async function photoOf(
  db: Executor,
  id: number,
): Promise<{
  recordKind: EvidenceRecordKind;
  recordId: number;
  contentType: EvidenceContentType;
  bytes: Buffer;
} | null> {
  const result = await db.execute<{
    record_kind: EvidenceRecordKind;
    record_id: number;
    content_type: EvidenceContentType;
    photo: Buffer | Uint8Array | string;
  }>(sql`select record_kind, coalesce(transmission_id, stock_take_line_id, client_transaction_id, balance_statement_id) as record_id,
    content_type, photo from evidence where id = ${id}`);
  const row = result.rows[0];
  if (!row) return null;
  // pg gives a Buffer, PGlite a Uint8Array.
  const bytes =
    typeof row.photo === 'string' ? Buffer.from(row.photo.replace(/^\\x/, ''), 'hex') : Buffer.from(row.photo);
  return { recordKind: row.record_kind, recordId: Number(row.record_id), contentType: row.content_type, bytes };
}

type DamagedRow = {
  id: number;
  occurred_at: string | Date;
  quantity: number;
  reason: string | null;
  transmission_id: number | null;
  client_transaction_id: number | null;
  client_id: number | null;
  business_name: string | null;
  client_name: string | null;
};

/**
 * An agent's damaged-crate entries (decision 056), newest first, at most `limit` before the entry
 * `before`: the `damage` movements of its clients' loans and of its returned empties. Read backwards
 * through crate_movements_damage_idx (damage movements only), each one's loan or transmission by its key.
 */
export async function damagedCrates(
  db: Executor,
  marketAgentId: number,
  { limit, before }: { limit: number; before?: number },
): Promise<DamagedCrateEntry[]> {
  const result = await db.execute<DamagedRow>(sql`
    select m.id, m.occurred_at, m.quantity, m.reason, m.transmission_id, m.client_transaction_id,
      c.id as client_id, c.business_name, c.client_name
    from crate_movements m
    left join transmissions t on t.id = m.transmission_id
    left join client_transactions ct on ct.id = m.client_transaction_id
    left join clients c on c.id = ct.client_id
    where m.kind = 'damage' ${before === undefined ? sql`` : sql`and m.id < ${before}`}
      and (t.market_agent_id = ${marketAgentId} or ct.market_agent_id = ${marketAgentId})
    order by m.id desc
    limit ${limit}`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    occurredAt: new Date(r.occurred_at),
    quantity: Number(r.quantity),
    reason: r.reason,
    recordKind: r.client_transaction_id === null ? 'transmission' : 'client-transaction',
    recordId: Number(r.client_transaction_id ?? r.transmission_id),
    client:
      r.client_id === null
        ? null
        : { id: Number(r.client_id), businessName: String(r.business_name), clientName: String(r.client_name) },
  }));
}

/** Whether the agent exists (a removed one too: its damaged crates stay on record). */
export async function agentExists(db: Executor, marketAgentId: number): Promise<boolean> {
  const result = await db.execute(sql`select 1 from market_agents where id = ${marketAgentId}`);
  return result.rows.length > 0;
}
