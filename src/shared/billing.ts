// Billing cycles, records, agents' earnings and bank details (spec §2 Billing screen, §3, §5, §9;
// DESIGN §5): request/response schemas and messages for both sides. Money is an exact decimal string.
import { z } from 'zod';
import {
  accountTypes,
  billingMessages,
  cycleStatuses,
  FIRST_BILLING_DATE,
  LAST_BILLING_DATE,
  MAX_RATE_CENTS,
} from './billing-labels.ts';
import { idParam, isStorableText, requiredText } from './fields.ts';
import { pageQuery } from './http.ts';
import { centsToDecimal, parseRand } from './money.ts';

// The zod-free half (constants, labels, messages, file names) lives in billing-labels.ts, so screens
// that only show them need not load zod; it is re-exported here.
export * from './billing-labels.ts';

const m = billingMessages;

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
 * as a string ("0.70", or "0,70" with the South African decimal comma) or a JSON number (0.7); parsed as text, never through float arithmetic, and
 * answered as the exact two-place string the numeric column stores.
 */
export const ratePerCrate = z.union([z.string(), z.number()], { error: m.rateRequired }).transform((value, ctx) => {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: m.rateRequired });
    return z.NEVER;
  }
  // What a person types, read by the one money parser: '1.50', '1,50' (the decimal comma), 'R 1,50'.
  const cents = parseRand(text);
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
  /**
   * Whether the caller may record the cycle's payout as paid now ('Mark Cycle Paid'): the farm store,
   * once the cycle has ended, while an agent with bank details is owed money (the server
   * states it, the client doesn't repeat the rule).
   */
  canRecordPayment: z.boolean(),
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
  /** Whether the caller may record this payout as paid now: the cycle's `canRecordPayment`. */
  canRecordPayment: z.boolean(),
});
export type PayoutSummary = z.infer<typeof payoutSummarySchema>;

/** An agent's record in one cycle: what it was billed, what was recorded as paid, and the rest (owed). */
const cycleEarnings = {
  totalCratesReturned: z.number(),
  totalAmount: z.string(),
  /** What was recorded as paid to the agent for this cycle ("0.00" when nothing), and when/how. */
  paidAmount: z.string(),
  paidOn: z.string().nullable(),
  paymentReference: z.string().nullable(),
  /** totalAmount − paidAmount. */
  owedAmount: z.string(),
};

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
  /** Complete bank details (bank, account, branch, holder): only then is the agent in the payout file. */
  hasBankDetails: z.boolean(),
  /** False when the farm store removed the agent's account (decision 039): the record stays, marked Removed. */
  isActive: z.boolean(),
  ...cycleEarnings,
  /**
   * Whether the caller may record this agent's payment for the cycle now ('Mark Paid'): the farm
   * store, once the cycle has ended, while the agent is billed something and not yet paid.
   */
  canRecordPayment: z.boolean(),
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
  ...cycleEarnings,
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
