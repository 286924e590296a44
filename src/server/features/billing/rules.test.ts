// The date rules of billing cycles (decision 024), without a database.
import { describe, expect, it } from 'vitest';
import { messages as authMessages } from '../../../shared/auth.ts';
import { billingMessages as m } from '../../../shared/billing.ts';
import { addDays } from '../../lib/farm-date.ts';
import {
  actionsOnCycle,
  actionsOnRecord,
  agentPaymentRefusal,
  cycleStatus,
  payoutRefusal,
  planNewCycle,
} from './rules.ts';

const dayBefore = (date: string) => addDays(date, -1);

const cycle = (id: number, startDate: string, endDate: string) => ({ id, startDate, endDate });
const today = '2026-11-25';
const running = cycle(1, '2026-11-01', '2026-11-30');

describe('the day before (addDays −1, lib/farm-date.ts)', () => {
  it('steps back over month, year and leap-day ends', () => {
    expect(dayBefore('2026-11-25')).toBe('2026-11-24');
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
    expect(dayBefore('2000-01-01')).toBe('1999-12-31');
  });
});

describe('planNewCycle', () => {
  it('inserts a cycle that overlaps nothing, past or future', () => {
    expect(planNewCycle({ startDate: '2026-12-01', endDate: '2026-12-31' }, [], today)).toEqual({ kind: 'insert' });
    expect(planNewCycle({ startDate: '2020-01-01', endDate: '2020-01-01' }, [], today)).toEqual({ kind: 'insert' });
  });

  it('completes the running cycle when the new one starts inside it after its first day', () => {
    for (const startDate of ['2026-11-02', '2026-11-25', '2026-11-26', '2026-11-30']) {
      expect(planNewCycle({ startDate, endDate: '2026-12-31' }, [running], today)).toEqual({
        kind: 'complete-running',
        running,
        newEndDate: dayBefore(startDate),
      });
    }
    // Ending before the running cycle does is fine too: the running one ends the day before it starts.
    expect(planNewCycle({ startDate: '2026-11-20', endDate: '2026-11-22' }, [running], today).kind).toBe(
      'complete-running',
    );
  });

  it('refuses, naming the earliest clashing cycle, every other overlap', () => {
    const upcoming = cycle(2, '2026-12-10', '2026-12-20');
    const past = cycle(3, '2026-10-01', '2026-10-31');
    const cases: [{ startDate: string; endDate: string }, ReturnType<typeof cycle>[], number][] = [
      [{ startDate: '2026-11-01', endDate: '2026-12-05' }, [running], 1], // same first day
      [{ startDate: '2026-10-15', endDate: '2026-11-10' }, [past, running], 3], // starts before it
      [{ startDate: '2026-11-20', endDate: '2026-12-15' }, [running, upcoming], 1], // also overlaps the next
      [{ startDate: '2026-12-15', endDate: '2026-12-25' }, [upcoming], 2], // a future cycle is not running
      [{ startDate: '2026-10-10', endDate: '2026-10-12' }, [past], 3], // an ended cycle is never completed
    ];
    for (const [next, existing, clashId] of cases) {
      const plan = planNewCycle(next, existing, today);
      expect(plan, JSON.stringify(next)).toMatchObject({ kind: 'clash', with: { id: clashId } });
    }
  });

  it('does not treat touching cycles as overlapping', () => {
    const before = cycle(4, '2026-11-01', '2026-11-29');
    expect(planNewCycle({ startDate: '2026-11-30', endDate: '2026-12-31' }, [], today).kind).toBe('insert');
    expect(planNewCycle({ startDate: '2026-12-01', endDate: '2026-12-31' }, [running], today).kind).toBe('insert');
    // The caller passes only overlapping cycles; a touching one given anyway is not a clash.
    expect(planNewCycle({ startDate: '2026-11-30', endDate: '2026-12-31' }, [before], today).kind).toBe('insert');
  });
});

describe('cycleStatus', () => {
  const base = { startDate: '2026-11-01', endDate: '2026-11-30', totalPaidCents: 0, agentsOwed: 0 };
  it('is upcoming before the first day, active on the first and last day, then completed', () => {
    expect(cycleStatus(base, '2026-10-31')).toBe('upcoming');
    expect(cycleStatus(base, '2026-11-01')).toBe('active');
    expect(cycleStatus(base, '2026-11-30')).toBe('active');
    expect(cycleStatus(base, '2026-12-01')).toBe('completed');
  });
  it('is paid once ended with payments and nobody owed; never paid while active or with money owed', () => {
    expect(cycleStatus({ ...base, totalPaidCents: 490 }, '2026-12-01')).toBe('paid');
    expect(cycleStatus({ ...base, totalPaidCents: 490, agentsOwed: 1 }, '2026-12-01')).toBe('completed');
    expect(cycleStatus({ ...base, totalPaidCents: 490 }, '2026-11-15')).toBe('active');
  });
});

describe('recording payments: the refusals the service answers with and the answers state', () => {
  const farm = { role: 'farm_store' as const };
  const agent = { role: 'market_agent' as const };
  const supplier = { role: 'supplier' as const };
  // A cycle of November 2026 with two agents owed money, one of them without bank details.
  const owed = { endDate: '2026-11-30', agentsOwed: 2, agentsWithoutBankDetails: 1, totalPaidCents: 0 };
  const after = '2026-12-01';

  it('the payout: the farm store, once the cycle has ended, while an agent with bank details is owed', () => {
    expect(payoutRefusal(owed, farm, after)).toBeNull();
    expect(actionsOnCycle(owed, farm, after)).toEqual({ canRecordPayment: true });
  });

  it('the payout: never before the cycle has ended (its last day included)', () => {
    for (const today of ['2026-11-30', '2026-11-15', '2026-10-01']) {
      expect(payoutRefusal(owed, farm, today)).toEqual({ status: 409, message: m.cycleNotEnded });
      expect(actionsOnCycle(owed, farm, today).canRecordPayment).toBe(false);
    }
  });

  it('the payout: not once paid, nor with nothing owed, nor when only agents without bank details are owed', () => {
    const paid = { ...owed, agentsOwed: 0, agentsWithoutBankDetails: 0, totalPaidCents: 490 };
    expect(payoutRefusal(paid, farm, after)).toEqual({ status: 409, message: m.alreadyPaid });
    const empty = { ...paid, totalPaidCents: 0 };
    expect(payoutRefusal(empty, farm, after)).toEqual({ status: 409, message: m.nothingOwed });
    const onlyNoBank = { ...owed, agentsOwed: 1, agentsWithoutBankDetails: 1, totalPaidCents: 490 };
    expect(payoutRefusal(onlyNoBank, farm, after)).toEqual({ status: 409, message: m.nothingOwed });
    for (const c of [paid, empty, onlyNoBank]) expect(actionsOnCycle(c, farm, after).canRecordPayment).toBe(false);
  });

  it('the payout: never for an agent or a supplier (403 before anything else)', () => {
    for (const who of [agent, supplier]) {
      expect(payoutRefusal(owed, who, after)).toEqual({ status: 403, message: authMessages.forbidden });
      expect(payoutRefusal(owed, who, '2026-11-15')?.status).toBe(403);
      expect(actionsOnCycle(owed, who, after).canRecordPayment).toBe(false);
    }
  });

  it('one agent: the farm store, once the cycle has ended, for an agent billed and not yet paid', () => {
    const record = { totalAmountCents: 350, paid: false };
    expect(agentPaymentRefusal(owed, record, farm, after)).toBeNull();
    expect(actionsOnRecord(owed, record, farm, after)).toEqual({ canRecordPayment: true });
    expect(agentPaymentRefusal(owed, record, farm, '2026-11-30')).toEqual({ status: 409, message: m.cycleNotEnded });
    expect(agentPaymentRefusal(owed, { ...record, paid: true }, farm, after)).toEqual({
      status: 409,
      message: m.alreadyPaid,
    });
    expect(agentPaymentRefusal(owed, null, farm, after)).toEqual({ status: 409, message: m.agentNothingOwed });
    expect(agentPaymentRefusal(owed, { ...record, totalAmountCents: 0 }, farm, after)).toEqual({
      status: 409,
      message: m.agentNothingOwed,
    });
    expect(agentPaymentRefusal(owed, record, agent, after)).toEqual({ status: 403, message: authMessages.forbidden });
    expect(actionsOnRecord(owed, record, agent, after).canRecordPayment).toBe(false);
    expect(actionsOnRecord(owed, { ...record, paid: true }, farm, after).canRecordPayment).toBe(false);
  });
});
