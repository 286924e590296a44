// Billing's constants, labels, file names and the spec §5 messages, without zod, so the dashboards
// can show them without building the request schemas (decision 033). src/shared/billing.ts
// re-exports all of it, with the schemas.

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
  current: 'Current (cheque)',
  savings: 'Savings',
  transmission: 'Transmission',
};

/** The statement's file name, by the cycle's end date (spec §7). */
export const statementFileName = (endDate: string) => `billing-statement-${endDate}.html`;
/** The payout file's name for a cycle. */
export const payoutFileName = (cycle: { id: number; endDate: string }) =>
  `payout-cycle-${cycle.id}-${cycle.endDate}.csv`;
