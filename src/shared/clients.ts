// A market agent's clients and crate loans (spec §3 Client, Client transaction; §5 Add client, Lend
// crates, Return crates; §8 toasts): request/response schemas and messages for both sides, and the
// WhatsApp reminder link (docs/decisions/018).
import { z } from 'zod';
import { isPhoneNumber } from './auth-labels.ts';
import { clientMessages, LOAN_QUANTITY_MAX } from './clients-labels.ts';
import { checkReturnedDamage, damageFields } from './damage.ts';
import { jsonId, multilineText, pageQuery, requiredText, text } from './fields.ts';
import { instant } from './http.ts';
import { LANGUAGES } from './i18n/languages.ts';

// The zod-free half (limits, messages, the reminder link) lives in clients-labels.ts, so screens that
// only show them need not load zod; it is re-exported here.
export * from './clients-labels.ts';

const m = clientMessages;

const contactNumber = requiredText(m.contactNumberRequired, 40).refine(isPhoneNumber, m.contactNumberInvalid);
const notes = multilineText(500, m.notesTooLong).optional().nullable();
/** The language the client is written to in (decision 065): reminders and messages the agent sends it. */
export const clientLanguage = z.enum(LANGUAGES, { error: m.languageInvalid });

/** POST /api/clients (spec §5: business name, client name and contact number required). */
export const createClientBody = z.object({
  businessName: requiredText(m.businessNameRequired, 200),
  clientName: requiredText(m.clientNameRequired, 200),
  contactNumber,
  /** Optional: the agent's own language when not given. */
  language: clientLanguage.optional(),
});
export type CreateClientBody = z.infer<typeof createClientBody>;

/** PATCH /api/clients/{id}: any of the details, and the Active/Inactive flag (spec §4 Client flag). */
export const updateClientBody = z
  .object({
    businessName: requiredText(m.businessNameRequired, 200).optional(),
    clientName: requiredText(m.clientNameRequired, 200).optional(),
    contactNumber: contactNumber.optional(),
    language: clientLanguage.optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: m.noChanges });
export type UpdateClientBody = z.infer<typeof updateClientBody>;

/** Crates lent or handed back: a whole number from 1 up to LOAN_QUANTITY_MAX; `belowOne` says why not 0. */
const loanQuantity = (belowOne: string) =>
  z
    .number({ error: m.quantityRequired })
    .int(m.quantityWhole)
    .min(1, belowOne)
    .max(LOAN_QUANTITY_MAX, m.quantityTooLarge);

/** POST /api/client-transactions: a lend (spec §5: at least 1, not above the agent's full crates). */
export const lendBody = z.object({
  clientId: jsonId(m.clientRequired),
  quantityBorrowed: loanQuantity(m.lendQuantityRange),
  notes,
});
export type LendBody = z.infer<typeof lendBody>;

/**
 * PUT /api/client-transactions/{id}/return and PUT /api/client-transactions/{id}: the crates handed
 * back now (above zero, at most the loan's crates out; the form has no upper bound, spec §5).
 */
export const returnBody = z
  .object({
    quantityReturned: loanQuantity(m.returnQuantityRange),
    notes,
    // Of the crates handed back, how many are damaged and why (docs/decisions/051): they go to the
    // write-off account instead of the agent's empties.
    ...damageFields,
  })
  .superRefine(checkReturnedDamage);
export type ReturnBody = z.infer<typeof returnBody>;

export const clientSchema = z.object({
  id: z.number(),
  businessName: z.string(),
  clientName: z.string(),
  contactNumber: z.string(),
  /** The language reminders and messages to this client are written in. */
  language: z.enum(LANGUAGES),
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
  /** What the agent may do now: lend while active, take a return while crates are out. */
  canLend: z.boolean(),
  canReturn: z.boolean(),
});
export type Client = z.infer<typeof clientSchema>;
export const clientListResponse = z.array(clientSchema);

/**
 * GET /api/clients: a page of the agent's clients, overdue first then by business name;
 * `q` (up to 100 characters) keeps clients whose business or client name holds it, or whose contact
 * number holds its digits; `before` is the id of the client the page goes on after.
 */
export const clientListQuery = pageQuery.extend({ q: text(100, clientMessages.searchTooLong).optional() });

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
  /** Whether crates can be returned against this loan now: while it is open. */
  canReturn: z.boolean(),
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
