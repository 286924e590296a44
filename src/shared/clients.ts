// A market agent's clients and crate loans (spec §3 Client, Client transaction; §5 Add client, Lend
// crates, Return crates; §8 toasts): request/response schemas and messages for both sides, and the
// WhatsApp reminder link (docs/decisions/018).
import { z } from 'zod';
import { isPhoneNumber } from './auth.ts';
import { formatCount } from './counts.ts';
import { jsonId, multilineText, requiredText } from './fields.ts';
import { instant } from './http.ts';

/** No agent holds this many crates; a bigger number is a typing mistake, refused as a 400. */
export const LOAN_QUANTITY_MAX = 100_000;
export const LOAN_OVERDUE_DAYS_DEFAULT = 14;

export const clientMessages = {
  accessDenied: 'This page is only available to market agents.',
  businessNameRequired: 'Business name is required',
  clientNameRequired: 'Client name is required',
  contactNumberRequired: 'Contact number is required',
  contactNumberInvalid: 'Please enter a phone number, e.g. 082 123 4567 or +27 82 123 4567',
  clientRequired: 'Please select a client',
  transactionRequired: 'Please select a transaction',
  quantityRequired: 'Please enter quantity',
  lendQuantityRange: 'Quantity must be at least 1',
  returnQuantityRange: 'Quantity must be above zero',
  quantityWhole: 'Quantity must be a whole number of crates',
  quantityTooLarge: `Quantity must be at most ${formatCount(LOAN_QUANTITY_MAX)}`,
  notesTooLong: 'Notes must be at most 500 characters',
  notEnoughFullCrates: (available: number) => `Not enough full crates: you have ${available}`,
  tooManyReturned: (out: number) => `This loan has only ${out} crates out`,
  clientNotFound: 'Client not found',
  transactionNotFound: 'Transaction not found',
  clientInactive: 'This client is inactive: activate the client before lending crates',
  loanClosed: 'This loan is already fully returned',
  noChanges: 'Nothing to change',
  added: 'Client added successfully',
  updated: 'Client updated successfully',
  lent: 'Crates lent successfully',
  returned: 'Crates returned successfully',
  addFailed: 'Failed to add client',
  updateFailed: 'Failed to update client',
  lendFailed: 'Failed to lend crates',
  returnFailed: 'Failed to process return',
  registerAndLendFailed: 'Failed to register client and lend crates',
  noOpenTransaction: 'No open transaction found for this client',
  noClients: 'No Clients Yet',
  addFirstClient: 'Add First Client',
  openTransactions: 'Open Transactions',
  processReturn: 'Process Return',
  cratesToReturn: (n: number) => `Client has ${n} crates to return`,
} as const;

const m = clientMessages;

const contactNumber = requiredText(m.contactNumberRequired, 40).refine(isPhoneNumber, m.contactNumberInvalid);
const notes = multilineText(500, m.notesTooLong).optional().nullable();

/** POST /api/clients (spec §5: business name, client name and contact number required). */
export const createClientBody = z.object({
  businessName: requiredText(m.businessNameRequired, 200),
  clientName: requiredText(m.clientNameRequired, 200),
  contactNumber,
});
export type CreateClientBody = z.infer<typeof createClientBody>;

/** PATCH /api/clients/{id}: any of the details, and the Active/Inactive flag (spec §4 Client flag). */
export const updateClientBody = z
  .object({
    businessName: requiredText(m.businessNameRequired, 200).optional(),
    clientName: requiredText(m.clientNameRequired, 200).optional(),
    contactNumber: contactNumber.optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: m.noChanges });
export type UpdateClientBody = z.infer<typeof updateClientBody>;

/** POST /api/client-transactions: a lend (spec §5: at least 1, not above the agent's full crates). */
export const lendBody = z.object({
  clientId: jsonId(m.clientRequired),
  quantityBorrowed: z
    .number({ error: m.quantityRequired })
    .int(m.quantityWhole)
    .min(1, m.lendQuantityRange)
    .max(LOAN_QUANTITY_MAX, m.quantityTooLarge),
  notes,
});
export type LendBody = z.infer<typeof lendBody>;

/**
 * PUT /api/client-transactions/{id}/return and PUT /api/client-transactions/{id}: the crates handed
 * back now (above zero, at most the loan's crates out; the form has no upper bound, spec §5).
 */
export const returnBody = z.object({
  quantityReturned: z
    .number({ error: m.quantityRequired })
    .int(m.quantityWhole)
    .min(1, m.returnQuantityRange)
    .max(LOAN_QUANTITY_MAX, m.quantityTooLarge),
  notes,
});
export type ReturnBody = z.infer<typeof returnBody>;

export const clientSchema = z.object({
  id: z.number(),
  businessName: z.string(),
  clientName: z.string(),
  contactNumber: z.string(),
  isActive: z.boolean(),
  /** Crates lent to this client over all its loans. */
  totalBorrowed: z.number(),
  /** Crates the client still has (the ledger's balance for the client). */
  outstandingCrates: z.number(),
  openLoans: z.number(),
  /** Days since the oldest open loan was lent; null without one. */
  daysOut: z.number().nullable(),
  isOverdue: z.boolean(),
  createdAt: instant,
});
export type Client = z.infer<typeof clientSchema>;
export const clientListResponse = z.array(clientSchema);

export const clientTransactionSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  businessName: z.string(),
  clientName: z.string(),
  quantityBorrowed: z.number(),
  quantityReturned: z.number(),
  /** borrowed − returned (spec §3). */
  cratesOut: z.number(),
  notes: z.string().nullable(),
  isOpen: z.boolean(),
  /** Whole days the loan has been (or was) out. */
  daysOut: z.number(),
  /** Open and out for more than overdueAfterDays (LOAN_OVERDUE_DAYS). */
  isOverdue: z.boolean(),
  overdueAfterDays: z.number(),
  createdAt: instant,
  closedAt: instant.nullable(),
});
export type ClientTransaction = z.infer<typeof clientTransactionSchema>;
export const clientTransactionListResponse = z.array(clientTransactionSchema);

export const statementEntrySchema = z.object({
  id: z.number(),
  occurredAt: instant,
  kind: z.enum(['lend', 'return']),
  clientTransactionId: z.number(),
  quantity: z.number(),
  /** Crates the client held after this entry. */
  balance: z.number(),
  notes: z.string().nullable(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const clientStatementResponse = z.object({
  client: clientSchema,
  agentName: z.string(),
  entries: z.array(statementEntrySchema),
  generatedAt: instant,
});
export type ClientStatement = z.infer<typeof clientStatementResponse>;

/** The client's number as WhatsApp wants it: digits only, international (South African 0XX → 27XX). */
export function whatsappNumber(contact: string): string {
  const trimmed = contact.trim().replace(/^(\+\d{1,3})\s*\(0\)/, '$1');
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  if (digits.startsWith('0')) return `27${digits.slice(1)}`;
  return digits;
}

/** The reminder a market agent sends a client with crates out. */
export function reminderMessage(client: Pick<Client, 'clientName' | 'outstandingCrates' | 'daysOut'>, from: string) {
  const crates = `${client.outstandingCrates} crate${client.outstandingCrates === 1 ? '' : 's'}`;
  const days = client.daysOut === null ? '' : ` (out for ${client.daysOut} day${client.daysOut === 1 ? '' : 's'})`;
  return `Hello ${client.clientName}, this is a reminder from ${from} that you still have ${crates}${days} to return. Thank you!`;
}

/** https://wa.me/<number>?text=<message>: opens WhatsApp with the reminder typed, no API needed. */
export function whatsappReminderLink(
  client: Pick<Client, 'clientName' | 'contactNumber' | 'outstandingCrates' | 'daysOut'>,
  from: string,
) {
  return `https://wa.me/${whatsappNumber(client.contactNumber)}?text=${encodeURIComponent(reminderMessage(client, from))}`;
}
