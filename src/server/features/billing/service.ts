// Billing rules (spec §3, §4, §9; DESIGN §5; docs/decisions/019): one active cycle at a time, created
// by the farm store (which completes the previous one), acknowledged returns accrued to it in the
// acknowledgement's transaction, agents' bank details, and the payout file for the bank's bulk EFT.
import { stringify } from 'csv-stringify/sync';
import { maskAccountNumber } from '../../../shared/bank-account.ts';
import {
  type BankDetails,
  type BillingCycle,
  type BillingRecord,
  billingMessages as m,
} from '../../../shared/billing.ts';
import { decimalToCents } from '../../../shared/money.ts';
import type { Db, Executor } from '../../db/client.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import * as repo from './repository.ts';

export const currentCycle = (db: Executor): Promise<BillingCycle | null> => repo.findActiveCycle(db);
export const lastCycle = (db: Executor): Promise<BillingCycle | null> => repo.findLastCompletedCycle(db);

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505');

/**
 * Starts a new cycle and completes the active one in the same transaction. Of two farm store users
 * creating at the same moment one wins; the other gets 409 (the partial unique index allows one active).
 */
export async function createCycle(
  db: Db,
  body: { startDate: string; endDate: string; ratePerCrate: string },
): Promise<BillingCycle> {
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await repo.completeActiveCycle(tx);
      const created = await repo.insertCycle(tx, body);
      const agents = await repo.activeAgentUserIds(tx);
      await recordChange(tx, { tags: ['billing'], audience: [audiences.farmStore, ...agents.map(audiences.user)] });
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('Another billing cycle was created at the same moment; refresh and check it');
    throw err;
  }
  return (await repo.findCycle(db, id))!;
}

/**
 * The transmissions feature's hook: `crates` counted in at the farm from this agent (negative when an
 * over-count is reversed) grow its record in the active cycle by crates × the cycle's rate, in the
 * caller's transaction. Without an active cycle nothing accrues. The caller records the change event.
 */
export async function accrueReturn(tx: Executor, marketAgentId: number, crates: number): Promise<void> {
  if (crates === 0) return;
  // A false first answer may mean the cycle was completed while we waited for its lock: the next
  // statement sees the cycle that replaced it.
  if (!(await repo.accrueToActiveCycle(tx, marketAgentId, crates))) {
    await repo.accrueToActiveCycle(tx, marketAgentId, crates);
  }
}

async function cycleOrNotFound(db: Executor, cycleId: number) {
  const cycle = await repo.findCycle(db, cycleId);
  if (!cycle) throw notFound(m.cycleNotFound);
  return cycle;
}

const toRecord = (row: repo.RecordRow): BillingRecord => ({
  id: row.id,
  cycleId: row.cycleId,
  marketAgentId: row.marketAgentId,
  agentName: row.agentName,
  businessName: row.businessName,
  agentNumber: row.agentNumber,
  bankName: row.bankName,
  accountNumber: maskAccountNumber(row.accountNumber),
  totalCratesReturned: row.totalCratesReturned,
  totalAmount: row.totalAmount,
});

export async function listRecords(
  db: Executor,
  cycleId: number,
  page: { limit: number; before?: number; marketAgentId?: number },
): Promise<BillingRecord[]> {
  await cycleOrNotFound(db, cycleId);
  return (await repo.listRecords(db, cycleId, page)).map(toRecord);
}

export const earningsHistory = (db: Executor, marketAgentId: number, page: { limit: number; before?: number }) =>
  repo.agentHistory(db, marketAgentId, page);

// ---- Bank details ----

export async function bankDetailsOf(db: Executor, userId: number): Promise<BankDetails> {
  const row = await repo.findBankDetails(db, userId);
  if (!row) throw notFound('Market agent not found');
  return row;
}

export async function saveBankDetails(
  db: Db,
  userId: number,
  details: { bankName: string; accountNumber: string; branchCode: string; accountHolderName: string },
): Promise<BankDetails> {
  return db.transaction(async (tx) => {
    const row = await repo.updateBankDetails(tx, userId, details);
    if (!row) throw notFound('Market agent not found');
    await recordChange(tx, { tags: ['billing'], audience: [audiences.farmStore, audiences.user(userId)] });
    return row;
  });
}

// ---- Payout file ----

export const PAYOUT_COLUMNS = [
  'Agent Name',
  'Agent Number',
  'Account Holder',
  'Bank Name',
  'Branch Code',
  'Account Number',
  'Crates Returned',
  'Amount',
  'Reference',
] as const;

/**
 * A spreadsheet opening the file must not run what an agent typed as its name: text starting with
 * = + - @ (or a tab or carriage return, which some spreadsheets skip first) gets a leading quote.
 */
export function csvSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The cycle's payout as CSV for a bank's bulk EFT upload: one row per agent owed money (amount above
 * zero) with complete bank details, full account numbers (the farm pays them; decision 019), amounts
 * as plain decimals. Agents still missing bank details are left out: the billing screen warns about them.
 */
export async function payoutCsv(db: Executor, cycleId: number): Promise<{ cycle: BillingCycle; csv: string }> {
  const cycle = await cycleOrNotFound(db, cycleId);
  const rows = (await repo.allRecords(db, cycleId)).filter(
    (r) =>
      (decimalToCents(r.totalAmount) ?? 0) > 0 && r.bankName && r.accountNumber && r.branchCode && r.accountHolderName,
  );
  const reference = `Crates ${cycle.startDate} to ${cycle.endDate}`;
  const csv = stringify(
    rows.map((r) =>
      [
        r.agentName,
        r.agentNumber,
        r.accountHolderName ?? '',
        r.bankName ?? '',
        r.branchCode ?? '',
        r.accountNumber ?? '',
        String(r.totalCratesReturned),
        r.totalAmount,
        reference,
      ].map(csvSafe),
    ),
    { header: true, columns: [...PAYOUT_COLUMNS], record_delimiter: 'windows' },
  );
  return { cycle, csv };
}
