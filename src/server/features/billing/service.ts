// Billing rules (spec §3, §4, §9; DESIGN §5; docs/decisions/019, 024): every acknowledged return is one
// billing line, billed exactly once to the cycle whose dates contain its day or left unbilled until
// such a cycle is created; cycles never overlap; payments are recorded facts; the payout file pays what
// is owed and names who it leaves out. Writes that bill a return hold the billing lock shared, cycle
// changes and payments hold it exclusive: they wait for each other instead of retrying.
import { stringify } from 'csv-stringify/sync';
import { agentMessages } from '../../../shared/agents.ts';
import { maskAccountNumber } from '../../../shared/bank-account.ts';
import {
  accountTypeLabels,
  type BankDetails,
  type BillingCycle,
  type BillingRecord,
  type CycleStatus,
  billingMessages as m,
  type PayoutSummary,
  payoutFileName,
} from '../../../shared/billing.ts';
import errorsEnglish from '../../../shared/i18n/en/errors.json' with { type: 'json' };
import { addEnglish, english } from '../../../shared/i18n/english.ts';
import { centsToDecimal, decimalToCents } from '../../../shared/money.ts';
import type { Db, Executor } from '../../db/client.ts';
import { audiences, recordChange } from '../../lib/changes.ts';
import { CSV_OPTIONS, csvCell } from '../../lib/csv.ts';
import { conflict, notFound, refusalError } from '../../lib/http-error.ts';
import { type Acting, type Caller, ownMarketAgentId } from '../../lib/ownership.ts';
import { emitWebhookEvent } from '../../lib/webhook-outbox.ts';
import * as repo from './repository.ts';
import {
  type AgentPaymentFacts,
  actionsOnCycle,
  actionsOnRecord,
  agentPaymentRefusal,
  type BillingCaller,
  type CyclePayoutFacts,
  cycleStatus,
  payoutRefusal,
  planNewCycle,
} from './rules.ts';

addEnglish({ errors: errorsEnglish });

const cents = (amount: string) => decimalToCents(amount) ?? 0;

/** What the payout rule reads of a cycle's totals. */
const payoutFacts = (row: repo.CycleTotalsRow): CyclePayoutFacts => ({ ...row, totalPaidCents: cents(row.totalPaid) });

/** What the one-agent payment rule reads of an agent's record (null: no record in the cycle). */
const paymentFacts = (row: repo.RecordRow | undefined): AgentPaymentFacts =>
  row ? { totalAmountCents: cents(row.totalAmount), paid: row.paidOn !== null } : null;

/** Who asks and when: the answers state what this caller may do on the farm's `today`. */
export type Asking = { today: string; caller: BillingCaller };

const statusOf = (row: repo.CycleTotalsRow, today: string) =>
  cycleStatus({ ...row, totalPaidCents: cents(row.totalPaid) }, today);

const toCycle = (row: repo.CycleTotalsRow, { today, caller }: Asking): BillingCycle => ({
  ...row,
  status: statusOf(row, today),
  ...actionsOnCycle(payoutFacts(row), caller, today),
});

/** The cycle whose dates contain today, or null (spec §2 'No Active Billing Cycle'). */
export async function currentCycle(db: Executor, asking: Asking): Promise<BillingCycle | null> {
  const row = await repo.findCycleOn(db, asking.today);
  return row ? toCycle(row, asking) : null;
}

/** The previous cycle: the one that ended most recently before today, or null. */
export async function lastCycle(db: Executor, asking: Asking): Promise<BillingCycle | null> {
  const row = await repo.findCycleEndedBefore(db, asking.today);
  return row ? toCycle(row, asking) : null;
}

export async function cycleById(db: Executor, cycleId: number, asking: Asking): Promise<BillingCycle> {
  return toCycle(await cycleOrNotFound(db, cycleId), asking);
}

/** A cycle's status on the farm's `today` (for other features, through reads.ts). */
export async function cycleStatusById(db: Executor, cycleId: number, today: string): Promise<CycleStatus> {
  return statusOf(await cycleOrNotFound(db, cycleId), today);
}

export async function listCycles(db: Executor, page: { limit: number; before?: number }, asking: Asking) {
  return (await repo.listCycles(db, page)).map((row) => toCycle(row, asking));
}

export const unbilledReturns = (db: Executor, limit: number) => repo.unbilled(db, limit);

const isExclusionViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23P01' || e?.cause?.code === '23P01';
};

/**
 * Creates a cycle: refused (409, naming the other cycle) when its dates overlap one, except when it
 * starts inside the running cycle after that one's first day, which it completes (ending it the day
 * before) and whose lines from its start it takes over. In the same transaction it bills the unbilled
 * returns whose days it covers. Simultaneous creations queue on the billing lock: one wins, the others
 * see its dates and get 409.
 */
export async function createCycle(
  db: Db,
  body: { startDate: string; endDate: string; ratePerCrate: string },
  { today, caller }: { today: string; caller: Acting },
): Promise<BillingCycle> {
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await repo.holdBillingExclusive(tx);
      const plan = planNewCycle(body, await repo.overlappingCycles(tx, body), today);
      if (plan.kind === 'clash') throw conflict(m.cycleOverlaps(plan.with));
      let takeFrom: number | null = null;
      if (plan.kind === 'complete-running') {
        await repo.shortenCycle(tx, plan.running.id, plan.newEndDate);
        takeFrom = plan.running.id;
      }
      const created = await repo.insertCycle(tx, { ...body, createdBy: caller.id });
      await repo.billLinesInto(tx, created, takeFrom);
      const completes =
        plan.kind === 'complete-running'
          ? `; cycle ${plan.running.id} endDate ${plan.running.endDate} → ${plan.newEndDate}`
          : '';
      // Every agent's screen shows the current cycle: one role audience, not a list of every agent.
      await recordChange(tx, {
        tags: ['billing'],
        audience: [audiences.farmStore, audiences.marketAgents],
        audit: {
          record: created,
          summary: `${body.startDate} to ${body.endDate} at R ${body.ratePerCrate} per crate${completes}`,
        },
      });
      await emitWebhookEvent(tx, 'billing.cycle.created', {
        cycleId: created,
        startDate: body.startDate,
        endDate: body.endDate,
        ratePerCrate: body.ratePerCrate,
      });
      return created;
    });
  } catch (err) {
    // The exclusion constraint is the database's own guard should anything bypass the lock.
    if (isExclusionViolation(err)) throw conflict(english('errors.cyclesOverlap'));
    throw err;
  }
  return cycleById(db, id, { today, caller });
}

/**
 * The transmissions feature's hook when a return is acknowledged (a market_to_farm counted in by the
 * farm, or a farm collection confirmed by the agent): its billing line, in the caller's transaction.
 * The caller records the change event (its tags carry 'billing').
 */
export async function billReturn(
  tx: Executor,
  line: { transmissionId: number; marketAgentId: number; crates: number; timeZone: string },
): Promise<void> {
  await repo.holdBillingShared(tx);
  const { cycleId } = await repo.insertLine(tx, line);
  // A payment is final: an acknowledgement begun on a cycle's last day that waited for the lock while
  // the cycle was paid after midnight must not change what was paid. It is refused; acknowledged
  // again, it falls on the new day.
  if (cycleId !== null && (await repo.isPaid(tx, cycleId, line.marketAgentId))) throw conflict(m.cycleJustPaid);
}

/**
 * A flagged return's count corrected (docs/decisions/013): crates found later (+) or a reversed
 * over-count (−) change that return's one line, at its cycle's rate. Refused with 409 once the agent
 * was paid for that cycle: a payment is final.
 */
export async function correctReturn(tx: Executor, transmissionId: number, delta: number): Promise<void> {
  if (delta === 0) return;
  await repo.holdBillingShared(tx);
  const line = await repo.findLineForUpdate(tx, transmissionId);
  if (!line) throw new Error(`correctReturn: transmission ${transmissionId} has no billing line`);
  if (line.paid) throw conflict(m.correctionAfterPayment);
  await repo.adjustLine(tx, line.id, delta);
}

async function cycleOrNotFound(db: Executor, cycleId: number) {
  const cycle = await repo.findCycle(db, cycleId);
  if (!cycle) throw notFound(m.cycleNotFound);
  return cycle;
}

const toRecord = (row: repo.RecordRow, cycle: { endDate: string }, { today, caller }: Asking): BillingRecord => ({
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
  hasBankDetails: row.hasBankDetails,
  isActive: row.isActive,
  paidAmount: row.paidAmount,
  paidOn: row.paidOn,
  paymentReference: row.paymentReference,
  owedAmount: row.owedAmount,
  ...actionsOnRecord(cycle, paymentFacts(row), caller, today),
});

/** A cycle's records: every agent's for the farm store, only the caller's own for a market agent. */
export async function listRecords(
  db: Executor,
  cycleId: number,
  page: { limit: number; before?: number },
  { today, caller }: { today: string; caller: Caller },
): Promise<BillingRecord[]> {
  const cycle = await cycleOrNotFound(db, cycleId);
  // DESIGN §6: an agent sees only its own earnings.
  const marketAgentId = caller.role === 'farm_store' ? undefined : ownMarketAgentId(caller);
  return (await repo.cycleRecords(db, cycleId, { ...page, marketAgentId })).map((row) =>
    toRecord(row, cycle, { today, caller }),
  );
}

export const earningsHistory = async (
  db: Executor,
  marketAgentId: number,
  page: { limit: number; before?: number },
  today: string,
) =>
  (await repo.agentHistory(db, marketAgentId, page)).map((row) => ({
    ...row,
    // For the agent, its own payment decides whether its part of the cycle is paid.
    status: cycleStatus(
      { ...row, totalPaidCents: cents(row.paidAmount), agentsOwed: cents(row.owedAmount) > 0 ? 1 : 0 },
      today,
    ),
  }));

// ---- Payments ----

/**
 * Records that the farm store paid a cycle's payout (every agent still owed money who has bank details:
 * the payout file's rows) or one agent's amount, with the day and the bank's reference. Only for a cycle
 * that has ended (its lines are final then); each agent is paid once per cycle. Refused by the rules the
 * answers state as `canRecordPayment` (rules.ts), read under the billing lock.
 */
export async function recordPayment(
  db: Db,
  cycleId: number,
  body: { paidOn: string; reference: string; marketAgentId?: number },
  { today, caller }: { today: string; caller: Acting },
) {
  const paid = await db.transaction(async (tx) => {
    await repo.holdBillingExclusive(tx);
    const cycle = await cycleOrNotFound(tx, cycleId);
    const records = await repo.cycleRecords(tx, cycleId, { limit: 100_000, order: 'amount' });
    let payees: repo.RecordRow[];
    if (body.marketAgentId !== undefined) {
      const record = records.find((r) => r.marketAgentId === body.marketAgentId);
      const refusal = agentPaymentRefusal(cycle, paymentFacts(record), caller, today);
      if (refusal || !record) throw refusalError(refusal ?? { status: 409, message: m.agentNothingOwed });
      payees = [record];
    } else {
      const refusal = payoutRefusal(payoutFacts(cycle), caller, today);
      if (refusal) throw refusalError(refusal);
      // The payout file's rows: every agent still owed money who has complete bank details.
      payees = records.filter((r) => r.paidOn === null && cents(r.owedAmount) > 0 && r.hasBankDetails);
      if (payees.length === 0) throw conflict(m.nothingOwed);
    }
    const rows = await repo.insertPayments(
      tx,
      cycleId,
      payees.map((p) => p.marketAgentId),
      { paidOn: body.paidOn, reference: body.reference, recordedBy: caller.id },
    );
    const users = await repo.agentUserIds(
      tx,
      rows.map((r) => r.marketAgentId),
    );
    const paidTotal = centsToDecimal(payees.reduce((sum, p) => sum + cents(p.owedAmount), 0));
    await recordChange(tx, {
      tags: ['billing'],
      // One agent paid: that agent; a whole payout: every agent by role, never a list of ids (so
      // a notification payload stays a few bytes however many agents were paid).
      audience: [audiences.farmStore, users.length === 1 ? audiences.user(users[0]) : audiences.marketAgents],
      audit: { summary: `paid ${rows.length} agents R ${paidTotal} on ${body.paidOn}, reference ${body.reference}` },
    });
    // The payment as recorded (docs/api.md): its id, crates and amount are the row's, as the answer's.
    for (const r of rows) {
      await emitWebhookEvent(tx, 'billing.payment.recorded', {
        paymentId: r.id,
        cycleId,
        marketAgentId: r.marketAgentId,
        crates: r.crates,
        amount: r.amount,
        paidOn: r.paidOn,
        reference: body.reference,
      });
    }
    const names = new Map(payees.map((p) => [p.marketAgentId, p.agentName]));
    return rows.map((r) => ({ ...r, cycleId, agentName: names.get(r.marketAgentId) ?? '' }));
  });
  return { cycle: await cycleById(db, cycleId, { today, caller }), payments: paid };
}

// ---- Bank details ----

/** The caller's own bank details (its market agent row; 404 when it has none). */
export async function bankDetailsOf(db: Executor, caller: Pick<Caller, 'marketAgentId'>): Promise<BankDetails> {
  const row = await repo.findBankDetails(db, ownMarketAgentId(caller));
  if (!row) throw notFound(agentMessages.agentNotFound);
  return row;
}

export async function saveBankDetails(
  db: Db,
  caller: Pick<Caller, 'id' | 'marketAgentId'>,
  details: {
    bankName: string;
    accountNumber: string;
    branchCode: string;
    accountHolderName: string;
    accountType: 'current' | 'savings' | 'transmission';
  },
): Promise<BankDetails> {
  return db.transaction(async (tx) => {
    const row = await repo.updateBankDetails(tx, ownMarketAgentId(caller), details);
    if (!row) throw notFound(agentMessages.agentNotFound);
    // The account number masked, as everyone but its owner sees it (DESIGN §6).
    const account = `${details.bankName}, account ${maskAccountNumber(details.accountNumber)}, ${details.accountType}`;
    await recordChange(tx, {
      tags: ['billing'],
      audience: [audiences.farmStore, audiences.user(caller.id)],
      audit: { summary: `bank details → ${account}` },
    });
    return row;
  });
}

// ---- Payout file ----

export const PAYOUT_COLUMNS = [
  'Beneficiary Name', // i18n-ignore: the bank's import format, farm store only
  'Bank',
  'Branch Code', // i18n-ignore: the bank's import format, farm store only
  'Account Number', // i18n-ignore: the bank's import format, farm store only
  'Account Type', // i18n-ignore: the bank's import format, farm store only
  'Amount',
  'Reference',
  'Agent Number', // i18n-ignore: the bank's import format, farm store only
  'Crates',
] as const;

/** Banks cut the beneficiary's reference at 20 characters: 'Crates 2026-11-30' is 17. */
export const payoutReference = (cycle: { endDate: string }) => `Crates ${cycle.endDate}`.slice(0, 20);

/** Who the payout file pays (owed money, bank details complete) and who it leaves out (no details). */
async function payoutOf(db: Executor, cycleId: number) {
  const cycle = await cycleOrNotFound(db, cycleId);
  const owed = (await repo.cycleRecords(db, cycleId, { limit: 100_000, order: 'amount' })).filter(
    (r) => cents(r.owedAmount) > 0,
  );
  return { cycle, rows: owed.filter((r) => r.hasBankDetails), missing: owed.filter((r) => !r.hasBankDetails) };
}

/**
 * What the payout file holds (its rows and total) and the agents it leaves out, shown before download,
 * and whether the caller may record it as paid now.
 */
export async function payoutSummary(db: Executor, cycleId: number, { today, caller }: Asking): Promise<PayoutSummary> {
  const { cycle, rows, missing } = await payoutOf(db, cycleId);
  return {
    cycleId,
    fileName: payoutFileName(cycle),
    rowCount: rows.length,
    total: centsToDecimal(rows.reduce((sum, r) => sum + cents(r.owedAmount), 0)),
    missingBankDetails: missing.map((r) => ({
      marketAgentId: r.marketAgentId,
      agentName: r.agentName,
      agentNumber: r.agentNumber,
      amount: r.owedAmount,
    })),
    ...actionsOnCycle(payoutFacts(cycle), caller, today),
  };
}

// Account and branch numbers are always quoted: text with its leading zeros, never a number.
const ALWAYS_QUOTED = new Set([PAYOUT_COLUMNS.indexOf('Branch Code'), PAYOUT_COLUMNS.indexOf('Account Number')]); // i18n-ignore: column names

/**
 * The cycle's payout as RFC 4180 CSV for a bank's bulk EFT upload: one row per agent still owed money
 * with complete bank details, full account numbers (the farm pays them; decision 019), amounts as plain
 * decimals, UTF-8 with a byte-order mark (lib/csv.ts). Fields holding a comma, quote, CR or LF are quoted;
 * formulas are neutralised.
 */
export async function payoutCsv(db: Executor, cycleId: number) {
  const { cycle, rows } = await payoutOf(db, cycleId);
  const reference = payoutReference(cycle);
  const csv = stringify(
    rows.map((r) =>
      [
        r.accountHolderName ?? '',
        r.bankName ?? '',
        r.branchCode ?? '',
        r.accountNumber ?? '',
        accountTypeLabels[r.accountType ?? 'current'],
        r.owedAmount,
        reference,
        r.agentNumber,
        String(r.totalCratesReturned),
      ].map(csvCell),
    ),
    {
      ...CSV_OPTIONS,
      header: true,
      columns: [...PAYOUT_COLUMNS],
      quoted_match: /[\r\n]/,
      cast: {
        string: (value, context) =>
          context.header || !ALWAYS_QUOTED.has(Number(context.index)) ? value : { value, quoted: true },
      },
    },
  );
  return { cycle, csv };
}

/** Returns waiting for a billing cycle (for /metrics). */
export const unbilledFigures = (db: Executor) => repo.unbilledFigures(db);
