// Evidence (decision 053): a photo, shrunk on the phone, and a note attached to a disputed
// record — a flagged transmission count (or a return of empties with damaged crates), a stock-take
// difference, or a client's loan on which damaged crates were returned. The photo is kept in the
// database, so every app instance serves it; it is seen only by those who may see its record.
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { evidenceContentTypes, evidenceRecordKinds } from '../../../shared/evidence.ts';
import { balanceStatements } from './balance-statements.ts';
import { clientTransactions } from './clients.ts';
import { stockTakeLines } from './stock-takes.ts';
import { transmissions } from './transmissions.ts';
import { users } from './users.ts';

const listed = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const evidence = pgTable(
  'evidence',
  {
    id: serial('id').primaryKey(),
    recordKind: text('record_kind', { enum: evidenceRecordKinds }).notNull(),
    transmissionId: integer('transmission_id').references(() => transmissions.id),
    stockTakeLineId: integer('stock_take_line_id').references(() => stockTakeLines.id),
    clientTransactionId: integer('client_transaction_id').references(() => clientTransactions.id),
    // A disputed monthly statement's photo (decision 064).
    balanceStatementId: integer('balance_statement_id').references(() => balanceStatements.id),
    contentType: text('content_type', { enum: evidenceContentTypes }).notNull(),
    byteSize: integer('byte_size').notNull(),
    photo: bytea('photo').notNull(),
    note: text('note'),
    attachedBy: integer('attached_by')
      .notNull()
      .references(() => users.id),
    attachedAt: timestamp('attached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A record's photos, in the order they were attached.
    index('evidence_transmission_idx').on(t.transmissionId, t.id).where(sql`${t.transmissionId} is not null`),
    index('evidence_stock_take_line_idx').on(t.stockTakeLineId, t.id).where(sql`${t.stockTakeLineId} is not null`),
    index('evidence_client_transaction_idx')
      .on(t.clientTransactionId, t.id)
      .where(sql`${t.clientTransactionId} is not null`),
    index('evidence_balance_statement_idx')
      .on(t.balanceStatementId, t.id)
      .where(sql`${t.balanceStatementId} is not null`),
    check('evidence_record_kind_known', sql`${t.recordKind} in (${listed(evidenceRecordKinds)})`),
    check('evidence_content_type_known', sql`${t.contentType} in (${listed(evidenceContentTypes)})`),
    // Exactly the record its kind names.
    check(
      'evidence_one_record',
      sql`(${t.recordKind} = 'transmission') = (${t.transmissionId} is not null)
        and (${t.recordKind} = 'stock-take-line') = (${t.stockTakeLineId} is not null)
        and (${t.recordKind} = 'client-transaction') = (${t.clientTransactionId} is not null)
        and (${t.recordKind} = 'balance-statement') = (${t.balanceStatementId} is not null)`,
    ),
    check(
      'evidence_size',
      sql`${t.byteSize} > 0 and ${t.byteSize} = octet_length(${t.photo}) and ${t.byteSize} <= 307200`,
    ),
    check('evidence_note_length', sql`${t.note} is null or char_length(${t.note}) <= 300`),
  ],
);
