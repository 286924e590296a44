// Billing's rules (DESIGN §5), free of the database so they are unit-tested alone:
// cycles never overlap, the active cycle is the one containing today, and a new cycle that starts
// inside the running one after its first day completes it. Who may record a payment is a
// pure function too: the service refuses with it, and every answer states it as `canRecordPayment`,
// so the client shows 'Mark Cycle Paid' and 'Mark Paid' without repeating the rule.
import type { Role } from '../../../shared/auth.ts';
import { messages as authMessages } from '../../../shared/auth.ts';
import { type CycleStatus, billingMessages as m } from '../../../shared/billing.ts';
import { roleHasPermission } from '../../../shared/permissions.ts';
import { addDays } from '../../lib/farm-date.ts';
import type { Refusal } from '../../lib/http-error.ts';

export type CycleDates = { id: number; startDate: string; endDate: string };

export const overlaps = (a: { startDate: string; endDate: string }, b: { startDate: string; endDate: string }) =>
  a.startDate <= b.endDate && b.startDate <= a.endDate;

export const contains = (c: { startDate: string; endDate: string }, day: string) =>
  c.startDate <= day && day <= c.endDate;

export type CyclePlan =
  /** Insert it as it is. */
  | { kind: 'insert' }
  /** Shorten the running cycle to end the day before the new one starts, then insert. */
  | { kind: 'complete-running'; running: CycleDates; newEndDate: string }
  /** Refused: the dates overlap this cycle. */
  | { kind: 'clash'; with: CycleDates };

/**
 * What creating a cycle with these dates does, given every existing cycle that overlaps them and the
 * farm's today. The one allowed overlap is the spec's "a new cycle completes the current one": the new
 * cycle starts inside the running cycle, after its first day, and overlaps nothing else.
 */
export function planNewCycle(
  next: { startDate: string; endDate: string },
  existing: readonly CycleDates[],
  today: string,
): CyclePlan {
  const clashing = existing.filter((c) => overlaps(c, next)).sort((a, b) => a.startDate.localeCompare(b.startDate));
  if (clashing.length === 0) return { kind: 'insert' };
  const [first] = clashing;
  if (
    clashing.length === 1 &&
    contains(first, today) &&
    first.startDate < next.startDate &&
    next.startDate <= first.endDate
  ) {
    return { kind: 'complete-running', running: first, newEndDate: addDays(next.startDate, -1) };
  }
  return { kind: 'clash', with: first };
}

/**
 * A cycle's status on the farm's `today`: upcoming before it starts, active while its dates contain
 * today, then paid once payments are recorded and nobody is owed more, otherwise completed.
 */
export function cycleStatus(
  cycle: { startDate: string; endDate: string; totalPaidCents: number; agentsOwed: number },
  today: string,
): CycleStatus {
  if (cycle.startDate > today) return 'upcoming';
  if (cycle.endDate >= today) return 'active';
  return cycle.totalPaidCents > 0 && cycle.agentsOwed === 0 ? 'paid' : 'completed';
}

export type BillingCaller = { role: Role };

/** What the payout rule reads of a cycle: its last day and who is still owed (its totals' fields). */
export type CyclePayoutFacts = {
  endDate: string;
  /** Agents still owed money in the cycle. */
  agentsOwed: number;
  /** Of those, the agents without complete bank details (left out of the payout file). */
  agentsWithoutBankDetails: number;
  /** Sum of the payments already recorded for the cycle. */
  totalPaidCents: number;
};

const notEnded = (cycle: { endDate: string }, today: string) => cycle.endDate >= today;

/**
 * Recording a cycle's payout as paid ('Mark Cycle Paid'): the farm store, once the cycle has ended (its
 * lines are final then), while some agent with complete bank details (a payout file row) is owed money.
 */
export function payoutRefusal(cycle: CyclePayoutFacts, caller: BillingCaller, today: string): Refusal | null {
  if (!roleHasPermission(caller.role, 'manage:billing:any')) return { status: 403, message: authMessages.forbidden };
  if (notEnded(cycle, today)) return { status: 409, message: m.cycleNotEnded };
  if (cycle.agentsOwed === 0) return { status: 409, message: cycle.totalPaidCents > 0 ? m.alreadyPaid : m.nothingOwed };
  if (cycle.agentsOwed <= cycle.agentsWithoutBankDetails) return { status: 409, message: m.nothingOwed };
  return null;
}

/** What the one-agent payment rule reads of an agent's record in a cycle (null: it has none there). */
export type AgentPaymentFacts = { totalAmountCents: number; paid: boolean } | null;

/**
 * Recording one agent's payment for a cycle ('Mark Paid', e.g. paid in cash): the farm store, once the
 * cycle has ended, for an agent billed something in it and not yet paid for it (bank details or not).
 */
export function agentPaymentRefusal(
  cycle: { endDate: string },
  record: AgentPaymentFacts,
  caller: BillingCaller,
  today: string,
): Refusal | null {
  if (!roleHasPermission(caller.role, 'manage:billing:any')) return { status: 403, message: authMessages.forbidden };
  if (notEnded(cycle, today)) return { status: 409, message: m.cycleNotEnded };
  if (!record || record.totalAmountCents <= 0) return { status: 409, message: m.agentNothingOwed };
  if (record.paid) return { status: 409, message: m.alreadyPaid };
  return null;
}

/** What the caller may do with a cycle now, as every cycle answer (and the payout summary) states it. */
export const actionsOnCycle = (cycle: CyclePayoutFacts, caller: BillingCaller, today: string) => ({
  canRecordPayment: payoutRefusal(cycle, caller, today) === null,
});

/** What the caller may do with an agent's record in a cycle now, as the records list states it. */
export const actionsOnRecord = (
  cycle: { endDate: string },
  record: AgentPaymentFacts,
  caller: BillingCaller,
  today: string,
) => ({
  canRecordPayment: agentPaymentRefusal(cycle, record, caller, today) === null,
});
