// What every billing answer says the caller may do is what the server then does:
// `canRecordPayment` on a cycle (its answers and its payout summary: 'Mark Cycle Paid') and on each
// agent's record ('Mark Paid') is true exactly when recording that payment succeeds.
import { describe, expect, it } from 'vitest';
import { type Account, registerAs } from '../../../../tests/support/accounts.ts';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import {
  type AgentAccount,
  addStock,
  enterOpeningBalance,
  json,
  registerAgent,
} from '../../../../tests/support/transmissions.ts';
import { addDays, DEFAULT_FARM_TIMEZONE, farmToday } from '../../lib/farm-date.ts';
import { acknowledgeTransmission } from '../transmissions/service.ts';

const { app, farm } = await testFarm();
const farm2 = await registerAs(app, 'farm_store');
await addStock(farm, 1_000);

const today = farmToday(DEFAULT_FARM_TIMEZONE);
const day = (n: number) => addDays(today, n);
/** Noon on the farm's day `n` days from today (Johannesburg is UTC+2 all year). */
const noonOn = (n: number) => new Date(`${day(n)}T10:00:00Z`);

const bank = { bankName: 'Capitec', accountNumber: '0123456789', branchCode: '470010', accountHolderName: 'Jozi' };

async function agentWithEmpties(withBank: boolean, marketLocation: string): Promise<AgentAccount> {
  const agent = await registerAgent(app, { marketLocation });
  await enterOpeningBalance(farm, agent, { emptyCrates: 100 });
  if (withBank) expect((await json(agent, 'PUT', '/api/market-agents/me/bank-details', bank)).statusCode).toBe(200);
  return agent;
}
const jozi = await agentWithEmpties(true, 'Johannesburg Market');
const pta = await agentWithEmpties(true, 'Pretoria Market');
const noBank = await agentWithEmpties(false, 'Other');

/** A return of empties the farm counted in on the farm's day `n` days from today. */
async function returnCountedOn(agent: AgentAccount, quantity: number, n: number) {
  const res = await json(agent, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity });
  expect(res.statusCode).toBe(201);
  await acknowledgeTransmission(app.db, { id: farm.user.id, role: 'farm_store' }, res.json().id, null, {
    at: noonOn(n),
  });
}

async function newCycle(startDate: string, endDate: string): Promise<{ id: number; canRecordPayment: boolean }> {
  const res = await json(farm, 'POST', '/api/billing/create-cycle', { startDate, endDate, ratePerCrate: '0.50' });
  expect(res.statusCode).toBe(201);
  return res.json();
}

/** What every answer about the cycle states (they must agree): the cycle, the list, the payout summary. */
async function statedOnCycle(who: Account, cycleId: number): Promise<boolean> {
  const one = await json(who, 'GET', `/api/billing/cycles/${cycleId}`);
  expect(one.statusCode).toBe(200);
  const stated = one.json().canRecordPayment;
  expect(typeof stated).toBe('boolean');
  const listed = (await json(who, 'GET', '/api/billing/cycles?limit=500')).json();
  expect(listed.find((c: { id: number }) => c.id === cycleId)?.canRecordPayment).toBe(stated);
  const payout = await json(who, 'GET', `/api/billing/cycles/${cycleId}/payout`);
  expect(payout.json().canRecordPayment).toBe(stated);
  return stated;
}

/** What the caller's records list states about one agent's payment (false when the row isn't shown). */
async function statedOnRecord(who: Account, cycleId: number, agent: AgentAccount): Promise<boolean> {
  const res = await json(who, 'GET', `/api/billing/records/${cycleId}`);
  expect(res.statusCode).toBe(200);
  const row = res.json().find((r: { marketAgentId: number }) => r.marketAgentId === agent.marketAgentId);
  return row?.canRecordPayment ?? false;
}

const pay = (who: Account, cycleId: number, marketAgentId?: number) =>
  json(who, 'POST', `/api/billing/cycles/${cycleId}/payments`, {
    paidOn: today,
    reference: 'EFT 42',
    ...(marketAgentId === undefined ? {} : { marketAgentId }),
  });

/** Asserts the stated capability for the payout ('Mark Cycle Paid'), then that the server agrees. */
async function expectPayoutAgreement(cycleId: number, expected: boolean, who: Account = farm) {
  expect(await statedOnCycle(who, cycleId)).toBe(expected);
  const res = await pay(who, cycleId);
  if (expected) {
    expect(res.statusCode).toBe(201);
    // The answer to the action states the cycle anew: the payout is recorded, nothing left to pay.
    expect(res.json().cycle.canRecordPayment).toBe(false);
  } else expect([403, 409]).toContain(res.statusCode);
}

/** Asserts the stated capability for one agent's payment ('Mark Paid'), then that the server agrees. */
async function expectAgentAgreement(who: Account, cycleId: number, agent: AgentAccount, expected: boolean) {
  expect(await statedOnRecord(who, cycleId, agent)).toBe(expected);
  const res = await pay(who, cycleId, agent.marketAgentId);
  if (expected) expect(res.statusCode).toBe(201);
  else expect([403, 404, 409]).toContain(res.statusCode);
}

// Cycles: ended [−30, −20] with returns from all three agents; ended [−50, −40] with none;
// running [−5, +5] with a return today; upcoming [+20, +30].
await returnCountedOn(jozi, 10, -25);
await returnCountedOn(pta, 6, -24);
await returnCountedOn(noBank, 4, -23);
const ended = await newCycle(day(-30), day(-20));
const emptyEnded = await newCycle(day(-50), day(-40));
const running = await newCycle(day(-5), day(5));
await returnCountedOn(jozi, 3, 0);
await returnCountedOn(noBank, 2, 0);
const upcoming = await newCycle(day(20), day(30));

describe('canRecordPayment on billing cycles and records', () => {
  it('is false before a cycle has ended (running or upcoming), and recording is refused', async () => {
    expect(running.canRecordPayment).toBe(false); // the create-cycle answer states it too
    const current = (await json(farm, 'GET', '/api/billing/current-cycle')).json();
    expect(current).toMatchObject({ id: running.id, status: 'active', canRecordPayment: false });
    await expectPayoutAgreement(running.id, false);
    await expectAgentAgreement(farm, running.id, jozi, false);
    await expectAgentAgreement(farm, running.id, noBank, false);
    await expectPayoutAgreement(upcoming.id, false);
    expect((await json(farm, 'GET', `/api/billing/records/${running.id}`)).json()).toHaveLength(2);
  });

  it('is false for an ended cycle with nothing billed', async () => {
    await expectPayoutAgreement(emptyEnded.id, false);
    await expectAgentAgreement(farm, emptyEnded.id, jozi, false);
  });

  it('is never true for an agent: its own record says false and recording is refused', async () => {
    expect(await statedOnRecord(jozi, ended.id, jozi)).toBe(false);
    await expectAgentAgreement(jozi, ended.id, jozi, false);
    expect((await pay(jozi, ended.id)).statusCode).toBe(403);
  });

  it('an ended cycle: true for each owed agent and the payout, until each is paid', async () => {
    expect((await json(farm, 'GET', '/api/billing/last-cycle')).json()).toMatchObject({
      id: ended.id,
      canRecordPayment: true,
    });
    for (const agent of [jozi, pta, noBank]) expect(await statedOnRecord(farm, ended.id, agent)).toBe(true);
    // 'Mark Paid' for one agent (another farm store user: the farm store acts as one).
    await expectAgentAgreement(farm2, ended.id, jozi, true);
    await expectAgentAgreement(farm, ended.id, jozi, false); // paid once
    // pta (bank details) is still owed: the payout may be recorded, and pays pta only.
    await expectPayoutAgreement(ended.id, true);
    await expectAgentAgreement(farm, ended.id, pta, false);
    // Only an agent without bank details is owed: the payout file is empty, so no payout to record,
    // but that agent may be marked paid (e.g. in cash).
    await expectPayoutAgreement(ended.id, false);
    await expectAgentAgreement(farm, ended.id, noBank, true);
    // Paid in full: nothing more may be recorded.
    expect((await json(farm, 'GET', `/api/billing/cycles/${ended.id}`)).json().status).toBe('paid');
    await expectPayoutAgreement(ended.id, false);
    for (const agent of [jozi, pta, noBank]) await expectAgentAgreement(farm, ended.id, agent, false);
  });
});
