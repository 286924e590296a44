// CSV exports (decision 049): transmissions, clients, loans, billing lines, payments and
// the crate ledger for a range of farm days, downloaded from the screen that shows them. Both sides:
// the server's query schema and columns, the client's links and file names.
import { z } from 'zod';
import { idParam } from './fields.ts';
import exportsEnglish from './i18n/en/exports.json' with { type: 'json' };
import { addEnglish, english } from './i18n/english.ts';
import { importFieldLabels } from './imports.ts';
import { isCalendarDate } from './reports.ts';

addEnglish({ exports: exportsEnglish });

export const exportKinds = ['transmissions', 'clients', 'loans', 'billing-lines', 'payments', 'ledger'] as const;
export type ExportKind = (typeof exportKinds)[number];

export const exportMessages = {
  date: english('exports.date'),
  dateOrder: english('exports.dateOrder'),
  agent: english('exports.agent'),
  downloadFailed: english('exports.downloadFailed'),
} as const;

const calendarDay = z.string({ error: exportMessages.date }).refine(isCalendarDate, exportMessages.date).optional();

/**
 * `?from=` and `?to=`: farm days, both inclusive, either may be left out (no bound); `?marketAgentId=`
 * narrows the farm store's file to one agent (an agent's file is always its own).
 */
export const exportQuery = z
  .object({ from: calendarDay, to: calendarDay, marketAgentId: idParam(exportMessages.agent).optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: exportMessages.dateOrder, path: ['to'] });
export type ExportQuery = z.infer<typeof exportQuery>;

/** Each file's columns, in order. Times are the farm's wall clock with its offset (2026-11-25 11:47:03 +02:00). */
export const EXPORT_COLUMNS = {
  transmissions: [
    'Transmission ID',
    'Sent At',
    'Type',
    'Status',
    'From',
    'To',
    'Agent Number',
    'Agent',
    'Quantity',
    'Counted',
    'Flagged',
    'Resolution Note',
    'Acknowledged At',
    'Recalled At',
    'Notes',
  ],
  // The importer's own labels (decision 050): an exported clients file imports into another farm.
  clients: [
    'Client ID',
    'Added At',
    'Agent Number',
    importFieldLabels.agentEmail,
    importFieldLabels.agentName,
    importFieldLabels.agentPhone,
    importFieldLabels.marketLocation,
    importFieldLabels.agentBusiness,
    importFieldLabels.clientBusiness,
    importFieldLabels.clientName,
    importFieldLabels.clientPhone,
    'Active',
    importFieldLabels.cratesOnLoan,
    importFieldLabels.clientLanguage,
  ],
  loans: [
    'Loan ID',
    'Lent At',
    'Agent Number',
    'Agent',
    'Client ID',
    'Business Name',
    'Client Name',
    'Borrowed',
    'Returned',
    'Still Out',
    'Open',
    'Closed At',
    'Notes',
  ],
  'billing-lines': [
    'Line ID',
    'Acknowledged On',
    'Agent Number',
    'Agent',
    'Transmission ID',
    'Crates',
    'Cycle ID',
    'Cycle Start',
    'Cycle End',
    'Rate Per Crate',
    'Amount',
  ],
  payments: [
    'Payment ID',
    'Paid On',
    'Cycle ID',
    'Cycle Start',
    'Cycle End',
    'Agent Number',
    'Agent',
    'Crates',
    'Amount',
    'Reference',
    'Recorded By',
  ],
  ledger: [
    'Movement ID',
    'Occurred At',
    'Kind',
    'From',
    'To',
    'Quantity',
    'Transmission ID',
    'Loan ID',
    'Reason',
    'By',
  ],
} as const satisfies Record<ExportKind, readonly string[]>;

/** What the download button says for each file. */
export const exportLabels: Record<ExportKind, string> = {
  transmissions: english('exports.downloadTransmissions'),
  clients: english('exports.downloadClients'),
  loans: english('exports.downloadLoans'),
  'billing-lines': english('exports.downloadBillingLines'),
  payments: english('exports.downloadPayments'),
  ledger: english('exports.downloadLedger'),
};

export type ExportRange = { from?: string; to?: string; marketAgentId?: number };

/** GET path of a file with its range, empty values left out: /api/exports/loans.csv?from=2026-11-01. */
export function exportUrl(kind: ExportKind, range: ExportRange = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(range)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `/api/exports/${kind}.csv${search ? `?${search}` : ''}`;
}

/** cratekeeper-loans-2026-11-01-to-2026-11-30.csv; an open end reads "start" or today. */
export function exportFileName(kind: ExportKind, range: ExportRange, today: string): string {
  return `cratekeeper-${kind}-${range.from ?? 'start'}-to-${range.to ?? today}.csv`;
}
