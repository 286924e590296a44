// The billing statement of a cycle: its rows and totals from billing's records, as a PDF.
import { centsToDecimal, decimalToCents } from '../../../shared/money.ts';
import { reportMessages } from '../../../shared/reports.ts';
import type { Executor } from '../../db/client.ts';
import { DEFAULT_FARM_NAME, farmToday } from '../../lib/farm-date.ts';
import { notFound } from '../../lib/http-error.ts';
import {
  type BillingCycle,
  type CycleRecord,
  currentCycle,
  cycleRecords,
  cycleStatusOn,
  cycleWithDates,
} from '../billing/reads.ts';
import * as repo from './repository.ts';
import { renderBillingStatement, type StatementRow, type StatementTotals } from './statement.ts';
import type { ReportDeps } from './summary.ts';

/**
 * The cycle a statement is for: the one whose dates are exactly the request's start and end date (the
 * Billing screen opens any cycle's statement), or, with the dates left blank, the active cycle. Dates
 * that match no cycle are a 404 naming them rather than another cycle's statement.
 */
async function statementCycle(
  db: Executor,
  range: { startDate?: string; endDate?: string },
  today: string,
): Promise<BillingCycle> {
  if (range.startDate && range.endDate) {
    const cycle = await cycleWithDates(db, range.startDate, range.endDate);
    if (!cycle) throw notFound(reportMessages.noCycleWithDates(range.startDate, range.endDate));
    return cycle;
  }
  const cycle = await currentCycle(db, today);
  if (!cycle) throw notFound(reportMessages.noActiveCycle);
  return cycle;
}

/** The statement's rows and totals from billing's records; money summed in cents (src/shared/money.ts). */
function statementOf(records: CycleRecord[]): { rows: StatementRow[] } & StatementTotals {
  const cents = (amount: string) => decimalToCents(amount) ?? 0;
  const sum = (pick: (r: CycleRecord) => string, of = records) =>
    centsToDecimal(of.reduce((t, r) => t + cents(pick(r)), 0));
  const rows = records.map(
    (r): StatementRow => ({
      marketAgentId: r.marketAgentId,
      agentName: r.agentName,
      agentNumber: r.agentNumber,
      businessName: r.businessName,
      bankName: r.bankName,
      accountNumber: r.accountNumber,
      branchCode: r.branchCode,
      accountHolderName: r.accountHolderName,
      hasBankDetails: r.hasBankDetails,
      cratesReturned: r.totalCratesReturned,
      amount: r.totalAmount,
      paid: r.paidAmount,
      paidOn: r.paidOn,
      paymentReference: r.paymentReference,
      owed: r.owedAmount,
      isOwed: cents(r.owedAmount) > 0,
    }),
  );
  return {
    rows,
    totalCrates: records.reduce((t, r) => t + r.totalCratesReturned, 0),
    totalAmount: sum((r) => r.totalAmount),
    totalPaid: sum((r) => r.paidAmount),
    totalOwed: sum((r) => r.owedAmount),
    missingBankDetailsAmount: sum(
      (r) => r.owedAmount,
      records.filter((r) => !r.hasBankDetails && cents(r.owedAmount) > 0),
    ),
  };
}

/**
 * A cycle's billing statement as a printable HTML page (see statementCycle): every agent's record in
 * it, or only the selected agent's. 404 without such a cycle or for an unknown agent.
 */
export async function billingStatement(
  deps: Pick<ReportDeps, 'db' | 'timeZone' | 'farmName'>,
  request: { dateRange?: { startDate?: string; endDate?: string }; selectedAgentId?: number } = {},
  now: Date = new Date(),
) {
  const { db, timeZone } = deps;
  const today = farmToday(timeZone, now);
  const agent = request.selectedAgentId === undefined ? null : await repo.findAgentName(db, request.selectedAgentId);
  if (request.selectedAgentId !== undefined && !agent) throw notFound(reportMessages.agentNotFound);
  const cycle = await statementCycle(db, request.dateRange ?? {}, today);
  const [records, status] = await Promise.all([
    cycleRecords(db, cycle.id, agent?.id),
    cycleStatusOn(db, cycle.id, today),
  ]);
  const statement = statementOf(records);
  return {
    filename: `billing-statement-${cycle.endDate}.html`,
    html: renderBillingStatement({
      cycle,
      status,
      agent,
      ...statement,
      generatedAt: now,
      timeZone,
      farmName: deps.farmName ?? DEFAULT_FARM_NAME,
    }),
  };
}
