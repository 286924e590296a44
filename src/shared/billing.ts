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
  dateOutOfRange: 'Enter a date from 2000-01-01 to 2100-12-31',
  cycleOverlaps: (c: { startDate: string; endDate: string }) =>
    `These dates overlap the billing cycle ${c.startDate} to ${c.endDate}`,
  unbilledSummary: (returns: number, crates: number) =>
    `${returns} ${returns === 1 ? 'return' : 'returns'} (${crates} ${crates === 1 ? 'crate' : 'crates'}) not yet in a billing cycle`,
  notInPayoutFile: 'Not in the payout file — no bank details',
  addBankDetailsToBePaid: 'Add your bank details to be paid',
  paidOnRequired: 'Please enter the date it was paid',
  referenceRequired: 'Please enter the bank reference',
  referenceTooLong: 'The bank reference can be at most 35 characters',
  cycleNotEnded: 'A billing cycle can be marked paid once its end date has passed',
  nothingOwed: 'Nothing is owed in this billing cycle',
  agentNothingOwed: 'This agent is owed nothing in this billing cycle',
  alreadyPaid: 'This payout is already recorded as paid',
  paymentRecorded: 'Payment recorded',
  paymentFailed: 'Failed to record payment',
  cycleJustPaid: 'The billing cycle of this day was paid a moment ago: acknowledge the return again',
  correctionAfterPayment: "This return's billing cycle is already paid to the agent; its count can no longer change",
  accountTypeInvalid: 'Choose the account type: Current (cheque), Savings or Transmission',
} as const;

/** The highest rate per crate accepted: anything above is a typing mistake (numeric(12,2) holds more). */
export const MAX_RATE_CENTS = 100_000;

const m = billingMessages;

/** The first and last day a billing cycle (or a payment) may carry (issue 20: no years 0001 or 9999). */
export const FIRST_BILLING_DATE = '2000-01-01';
export const LAST_BILLING_DATE = '2100-12-31';

/** A calendar date, YYYY-MM-DD, that exists (2026-02-30 does not), from 2000-01-01 to 2100-12-31. */
export const billingDate = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .pipe(z.iso.date({ error: m.dateInvalid }))
    .refine((d) => d >= FIRST_BILLING_DATE && d <= LAST_BILLING_DATE, m.dateOutOfRange);
const calendarDate = billingDate;

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

/**
 * A cycle's status by the farm's calendar (DESIGN §5): upcoming (starts after today), active (its dates
 * contain today), completed (ended, money still owed or nothing billed), paid (ended, something was
 * paid and nobody is owed anything more).
 */
export const cycleStatuses = ['upcoming', 'active', 'completed', 'paid'] as const;
export type CycleStatus = (typeof cycleStatuses)[number];

/** A billing cycle with its totals: sums of its billing lines and recorded payments, exact decimals. */
export const billingCycleSchema = z.object({
  id: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  ratePerCrate: z.string(),
  status: z.enum(cycleStatuses),
  /** Crates of the returns billed to this cycle. */
  totalCratesReturned: z.number(),
  /** totalCratesReturned × ratePerCrate. */
  totalAmount: z.string(),
  /** Agents with at least one return in this cycle. */
  agentCount: z.number(),
  /** Sum of the payments recorded for this cycle. */
  totalPaid: z.string(),
  /** totalAmount − totalPaid. */
  totalOwed: z.string(),
  /** Agents still owed money in this cycle. */
  agentsOwed: z.number(),
  /** Of those, the agents without complete bank details (left out of the payout file). */
  agentsWithoutBankDetails: z.number(),
});
export type BillingCycle = z.infer<typeof billingCycleSchema>;
/** current-cycle and last-cycle answer null when there is none. */
export const billingCycleOrNull = billingCycleSchema.nullable();

export const cycleIdParams = z.object({ cycleId: idParam() });
export const recordsQuery = pageQuery;
/** GET /api/billing/cycles: every cycle, newest first (`before` pages on the cycle id). */
export const cyclesQuery = pageQuery;
export const billingCycleListResponse = z.array(billingCycleSchema);

/** One acknowledged return waiting for a cycle that covers its day. */
export const unbilledReturnSchema = z.object({
  transmissionId: z.number(),
  marketAgentId: z.number(),
  agentName: z.string(),
  agentNumber: z.string(),
  /** The farm's calendar day it was acknowledged on. */
  acknowledgedOn: z.string(),
  crates: z.number(),
});
/** GET /api/billing/unbilled: totals of every unbilled return, and the oldest `limit` of them. */
export const unbilledResponse = z.object({
  returns: z.number(),
  crates: z.number(),
  /** First and last day among them (null when there are none). */
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  items: z.array(unbilledReturnSchema),
});
export type UnbilledReturns = z.infer<typeof unbilledResponse>;
export const unbilledQuery = z.object({ limit: pageQuery.shape.limit });

/**
 * POST /api/billing/cycles/{cycleId}/payments: the farm store records that it paid the cycle's payout
 * (every agent still owed money who has bank details) or, with marketAgentId, one agent's amount.
 */
export const recordPaymentBody = z.strictObject({
  paidOn: billingDate(m.paidOnRequired),
  reference: requiredText(m.referenceRequired, 35, m.referenceTooLong),
  marketAgentId: z
    .number({ error: 'marketAgentId must be the id of a market agent' })
    .int('marketAgentId must be the id of a market agent')
    .positive('marketAgentId must be the id of a market agent')
    .max(2_147_483_647, 'marketAgentId must be the id of a market agent')
    .optional(),
});
export type RecordPaymentInput = z.input<typeof recordPaymentBody>;

export const paymentSchema = z.object({
  id: z.number(),
  cycleId: z.number(),
  marketAgentId: z.number(),
  agentName: z.string(),
  crates: z.number(),
  amount: z.string(),
  paidOn: z.string(),
  reference: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const recordPaymentResponse = z.object({ cycle: billingCycleSchema, payments: z.array(paymentSchema) });

/** GET /api/billing/cycles/{cycleId}/payout: what the payout file holds, and who is left out. */
export const payoutSummarySchema = z.object({
  cycleId: z.number(),
  fileName: z.string(),
  rowCount: z.number(),
  total: z.string(),
  missingBankDetails: z.array(
    z.object({ marketAgentId: z.number(), agentName: z.string(), agentNumber: z.string(), amount: z.string() }),
  ),
});
export type PayoutSummary = z.infer<typeof payoutSummarySchema>;

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
  /** Complete bank details (bank, account, branch, holder): only then is the agent in the payout file. */
  hasBankDetails: z.boolean(),
  /** What was recorded as paid to the agent for this cycle ("0.00" when nothing), and when/how. */
  paidAmount: z.string(),
  paidOn: z.string().nullable(),
  paymentReference: z.string().nullable(),
  /** totalAmount − paidAmount. */
  owedAmount: z.string(),
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
  paidAmount: z.string(),
  paidOn: z.string().nullable(),
  paymentReference: z.string().nullable(),
  owedAmount: z.string(),
});
export type EarningsHistoryItem = z.infer<typeof earningsHistoryItem>;
export const earningsHistoryResponse = z.array(earningsHistoryItem);
export const earningsHistoryQuery = pageQuery;

// ---- Bank details ----

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** South African account types a bulk EFT file names (issue 20). */
export const accountTypes = ['current', 'savings', 'transmission'] as const;
export type AccountType = (typeof accountTypes)[number];
export const accountTypeLabels: Record<AccountType, string> = {
  current: 'Current (cheque)',
  savings: 'Savings',
  transmission: 'Transmission',
};

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
  /** Optional for callers written before it existed: a missing type is a current (cheque) account. */
  accountType: z.enum(accountTypes, { error: m.accountTypeInvalid }).default('current'),
});
export type BankDetailsInput = z.input<typeof bankDetailsBody>;

export const bankDetailsSchema = z.object({
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  branchCode: z.string().nullable(),
  accountHolderName: z.string().nullable(),
  accountType: z.enum(accountTypes).nullable(),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** The statement's file name, by the cycle's end date (spec §7). */
export const statementFileName = (endDate: string) => `billing-statement-${endDate}.html`;
/** The payout file's name for a cycle. */
export const payoutFileName = (cycle: { id: number; endDate: string }) =>
  `payout-cycle-${cycle.id}-${cycle.endDate}.csv`;
