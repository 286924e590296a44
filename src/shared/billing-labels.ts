// Billing's constants, labels, file names and the spec §5 messages, without zod, so the dashboards
// can show them without building the request schemas (decision 033). src/shared/billing.ts
// re-exports all of it, with the schemas. The English lives in src/shared/i18n/en/billing.json.

import billingEnglish from './i18n/en/billing.json' with { type: 'json' };
import reportsEnglish from './i18n/en/reports.json' with { type: 'json' };
import { addEnglish, english } from './i18n/english.ts';

addEnglish({ billing: billingEnglish, reports: reportsEnglish });

export const billingMessages = {
  startDateRequired: english('billing.startDateRequired'),
  endDateRequired: english('billing.endDateRequired'),
  dateInvalid: english('reports.date'),
  endBeforeStart: english('billing.endBeforeStart'),
  rateRequired: english('billing.rateRequired'),
  rateInvalid: english('billing.rateInvalid'),
  rateTooHigh: english('billing.rateTooHigh'),
  created: english('billing.created'),
  createFailed: english('billing.createFailed'),
  weeklySent: english('billing.weeklySent'),
  weeklyFailed: english('billing.weeklyFailed'),
  statementDownloaded: english('billing.statementDownloaded'),
  statementFailed: english('billing.statementFailed'),
  noActiveCycle: english('billing.noActiveCycle'),
  noActiveCycleTitle: english('billing.noActiveCycleTitle'),
  createFirstCycle: english('billing.createFirstCycle'),
  activeBadge: english('billing.activeBadge'),
  completedBadge: english('billing.completedBadge'),
  bankDetailsRequired: english('billing.bankDetailsRequired'),
  cycleNotFound: english('billing.cycleNotFound'),
  farmStoreOnly: english('billing.farmStoreOnly'),
  bankNameRequired: english('billing.bankNameRequired'),
  accountNumberInvalid: english('billing.accountNumberInvalid'),
  branchCodeInvalid: english('billing.branchCodeInvalid'),
  holderRequired: english('billing.holderRequired'),
  bankDetailsSaved: english('billing.bankDetailsSaved'),
  bankDetailsFailed: english('billing.bankDetailsFailed'),
  payoutFailed: english('billing.payoutFailed'),
  dateOutOfRange: english('billing.dateOutOfRange'),
  notInPayoutFile: english('billing.notInPayoutFile'),
  addBankDetailsToBePaid: english('billing.addBankDetailsToBePaid'),
  paidOnRequired: english('billing.paidOnRequired'),
  referenceRequired: english('billing.referenceRequired'),
  referenceTooLong: english('billing.referenceTooLong'),
  cycleNotEnded: english('billing.cycleNotEnded'),
  nothingOwed: english('billing.nothingOwed'),
  agentNothingOwed: english('billing.agentNothingOwed'),
  alreadyPaid: english('billing.alreadyPaid'),
  paymentRecorded: english('billing.paymentRecorded'),
  paymentFailed: english('billing.paymentFailed'),
  cycleJustPaid: english('billing.cycleJustPaid'),
  correctionAfterPayment: english('billing.correctionAfterPayment'),
  accountTypeInvalid: english('billing.accountTypeInvalid'),
  cycleOverlaps: (c: { startDate: string; endDate: string }) =>
    english('billing.cycleOverlaps', { startDate: c.startDate, endDate: c.endDate }),
  unbilledSummary: (returns: number, crates: number) => english('billing.unbilledSummary', { returns, crates }),
} as const;

/** The highest rate per crate accepted: anything above is a typing mistake (numeric(12,2) holds more). */
export const MAX_RATE_CENTS = 100_000;

/** The first and last day a billing cycle (or a payment) may carry (no years 0001 or 9999). */
export const FIRST_BILLING_DATE = '2000-01-01';
export const LAST_BILLING_DATE = '2100-12-31';

/**
 * A cycle's status by the farm's calendar (DESIGN §5): upcoming (starts after today), active (its dates
 * contain today), completed (ended, money still owed or nothing billed), paid (ended, something was
 * paid and nobody is owed anything more).
 */
export const cycleStatuses = ['upcoming', 'active', 'completed', 'paid'] as const;
export type CycleStatus = (typeof cycleStatuses)[number];

/** South African account types a bulk EFT file names. */
export const accountTypes = ['current', 'savings', 'transmission'] as const;
export type AccountType = (typeof accountTypes)[number];
export const accountTypeLabels: Record<AccountType, string> = {
  current: english('billing.accountTypeCurrent'),
  savings: english('billing.accountTypeSavings'),
  transmission: english('billing.accountTypeTransmission'),
};

/** The statement's file name, by the cycle's end date (spec §7). */
export const statementFileName = (endDate: string) => `billing-statement-${endDate}.html`;
/** The payout file's name for a cycle. */
export const payoutFileName = (cycle: { id: number; endDate: string }) =>
  `payout-cycle-${cycle.id}-${cycle.endDate}.csv`;
