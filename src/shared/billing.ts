// Billing cycles, records, agents' earnings and bank details (spec §2 Billing screen, §3, §5, §9;
// DESIGN §5): request/response schemas and messages for both sides. Money is an exact decimal string.
import { z } from 'zod';
import { idParam, isStorableText, requiredText } from './fields.ts';
import { pageQuery } from './http.ts';
import { centsToDecimal, decimalToCents } from './money.ts';

export const billingMessages = {
  startDateRequired: 'Please enter a start date',
  endDateRequired: 'Please enter an end date',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  endBeforeStart: 'The end date must be on or after the start date',
  rateRequired: 'Please enter a rate per crate',
  rateInvalid: 'The rate per crate must be a positive amount with at most 2 decimal places, e.g. 0.70',
  rateTooHigh: 'The rate per crate can be at most 1000.00',
  created: 'New billing cycle created successfully',
  createFailed: 'Failed to create billing cycle',
  weeklySent: 'Weekly reports sent to all market agents',
  weeklyFailed: 'Failed to send weekly reports',
  statementDownloaded:
    'Billing statement downloaded. Open it in your browser and print it to PDF if you need a PDF copy.',
  statementFailed: 'Failed to generate billing statement',
  noActiveCycle: 'No active billing cycle',
  noActiveCycleTitle: 'No Active Billing Cycle',
  createFirstCycle: 'Create First Cycle',
  activeBadge: 'Active Cycle',
  completedBadge: 'Completed Cycle',
  bankDetailsRequired: 'Bank details required for EFT payment',
  cycleNotFound: 'Billing cycle not found',
  farmStoreOnly: 'This page is only available to farm store administrators.',
  bankNameRequired: 'Please enter your bank name',
  accountNumberInvalid: 'Enter the account number as 6 to 16 digits',
  branchCodeInvalid: 'Enter the branch code as 6 digits',
  holderRequired: 'Please enter the account holder name',
  bankDetailsSaved: 'Bank details saved',
  bankDetailsFailed: 'Failed to save bank details',
  payoutFailed: 'Failed to download the payout file',
} as const;

/** The highest rate per crate accepted: anything above is a typing mistake (numeric(12,2) holds more). */
export const MAX_RATE_CENTS = 100_000;

const m = billingMessages;

/** A calendar date, YYYY-MM-DD, that exists (2026-02-30 does not). */
const calendarDate = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .pipe(z.iso.date({ error: m.dateInvalid }));

/**
 * The rate per crate (spec §5: numeric, step 0.01): a positive decimal with at most two places, sent
 * as a string ("0.70") or a JSON number (0.7); parsed as text, never through float arithmetic, and
 * answered as the exact two-place string the numeric column stores.
 */
export const ratePerCrate = z.union([z.string(), z.number()], { error: m.rateRequired }).transform((value, ctx) => {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: m.rateRequired });
    return z.NEVER;
  }
  const cents = /^\d+(\.\d{1,2})?$/.test(text) ? decimalToCents(text) : null;
  if (cents === null || cents <= 0) {
    ctx.addIssue({ code: 'custom', message: m.rateInvalid });
    return z.NEVER;
  }
  if (cents > MAX_RATE_CENTS) {
    ctx.addIssue({ code: 'custom', message: m.rateTooHigh });
    return z.NEVER;
  }
  return centsToDecimal(cents);
});

/** POST /api/billing/create-cycle (spec §7); the New Billing Cycle form validates with it too. */
export const createCycleBody = z
  .object({
    startDate: calendarDate(m.startDateRequired),
    endDate: calendarDate(m.endDateRequired),
    ratePerCrate,
  })
  .refine((b) => b.startDate <= b.endDate, { message: m.endBeforeStart, path: ['endDate'] });
export type CreateCycleInput = z.input<typeof createCycleBody>;

export const cycleStatuses = ['active', 'completed'] as const;

/** A billing cycle with its totals (the sum of its records). */
export const billingCycleSchema = z.object({
  id: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  ratePerCrate: z.string(),
  status: z.enum(cycleStatuses),
  totalCratesReturned: z.number(),
  totalAmount: z.string(),
  agentCount: z.number(),
});
export type BillingCycle = z.infer<typeof billingCycleSchema>;
/** current-cycle and last-cycle answer null when there is none. */
export const billingCycleOrNull = billingCycleSchema.nullable();

export const cycleIdParams = z.object({ cycleId: idParam() });
export const recordsQuery = pageQuery;

/** A billing record as the farm store sees it (spec §3), the account number masked. */
export const billingRecordSchema = z.object({
  id: z.number(),
  cycleId: z.number(),
  marketAgentId: z.number(),
  agentName: z.string(),
  businessName: z.string().nullable(),
  agentNumber: z.string(),
  bankName: z.string().nullable(),
  /** Masked to its last four digits ('****1234'), or null when the agent has entered none. */
  accountNumber: z.string().nullable(),
  totalCratesReturned: z.number(),
  totalAmount: z.string(),
});
export type BillingRecord = z.infer<typeof billingRecordSchema>;
export const billingRecordListResponse = z.array(billingRecordSchema);

/** An agent's own earnings per cycle, newest first. */
export const earningsHistoryItem = z.object({
  cycleId: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  ratePerCrate: z.string(),
  status: z.enum(cycleStatuses),
  totalCratesReturned: z.number(),
  totalAmount: z.string(),
});
export type EarningsHistoryItem = z.infer<typeof earningsHistoryItem>;
export const earningsHistoryResponse = z.array(earningsHistoryItem);
export const earningsHistoryQuery = pageQuery;

// ---- Bank details ----

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** PUT /api/market-agents/me/bank-details; the settings form validates with it too. */
export const bankDetailsBody = z.object({
  bankName: requiredText(m.bankNameRequired, 100),
  accountNumber: z
    .string({ error: m.accountNumberInvalid })
    .refine(isStorableText, m.accountNumberInvalid)
    .transform(digitsOnly)
    .pipe(z.string().regex(/^\d{6,16}$/, m.accountNumberInvalid)),
  branchCode: z
    .string({ error: m.branchCodeInvalid })
    .refine(isStorableText, m.branchCodeInvalid)
    .transform(digitsOnly)
    .pipe(z.string().regex(/^\d{6}$/, m.branchCodeInvalid)),
  accountHolderName: requiredText(m.holderRequired, 100),
});
export type BankDetailsInput = z.input<typeof bankDetailsBody>;

export const bankDetailsSchema = z.object({
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  branchCode: z.string().nullable(),
  accountHolderName: z.string().nullable(),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** The statement's file name, by the cycle's end date (spec §7). */
export const statementFileName = (endDate: string) => `billing-statement-${endDate}.html`;
/** The payout file's name for a cycle. */
export const payoutFileName = (cycle: { id: number; endDate: string }) =>
  `payout-cycle-${cycle.id}-${cycle.endDate}.csv`;
