import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Account, registerAs } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { changeEvents } from '../../db/schema/index.ts';
import {
  type AgentAccount,
  acknowledge,
  addStock,
  enterOpeningBalance,
  json,
  registerAgent,
} from '../transmissions/testing.ts';
import { accrueReturn } from './service.ts';

const app = await buildTestApp();
const farm = await registerAs(app, 'farm_store');
const supplier = await registerAs(app, 'supplier');
await addStock(farm, 10_000);

const createCycle = (body: Record<string, unknown>, as: Account = farm) =>
  json(as, 'POST', '/api/billing/create-cycle', body);

async function newCycle(ratePerCrate: string | number, startDate = '2026-11-01', endDate = '2026-11-30') {
  const res = await createCycle({ startDate, endDate, ratePerCrate });
  if (res.statusCode !== 201) throw new Error(`create-cycle failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; ratePerCrate: string; status: string };
}

/** An agent holding `empties` empty crates. */
async function agentWithEmpties(empties: number, overrides: Record<string, unknown> = {}) {
  const agent = await registerAgent(app, overrides);
  await enterOpeningBalance(farm, agent, { emptyCrates: empties });
  return agent;
}

async function returnEmpties(agent: AgentAccount, quantity: number): Promise<number> {
  const res = await json(agent, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity });
  if (res.statusCode !== 201) throw new Error(`return failed: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

async function records(cycleId: number) {
  const res = await json(farm, 'GET', `/api/billing/records/${cycleId}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { marketAgentId: number; totalCratesReturned: number; totalAmount: string }[];
}

const recordOf = async (cycleId: number, agent: AgentAccount) =>
  (await records(cycleId)).find((r) => r.marketAgentId === agent.marketAgentId);

const earnings = async (agent: AgentAccount) =>
  (await json(agent, 'GET', '/api/market-agents/earnings')).json().totalEarnings as string;

const current = async () => (await json(farm, 'GET', '/api/billing/current-cycle')).json();

describe('billing cycles', () => {
  it('has no cycle on a new farm: current-cycle and last-cycle answer null', async () => {
    const res = await json(farm, 'GET', '/api/billing/current-cycle');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    expect((await json(farm, 'GET', '/api/billing/last-cycle')).json()).toBeNull();
  });

  it('does not accrue returns acknowledged while no cycle is active', async () => {
    const agent = await agentWithEmpties(5);
    await acknowledge(farm, await returnEmpties(agent, 5));
    expect(await earnings(agent)).toBe('0.00');
  });

  it('creates a cycle; the next one completes it and becomes the current one', async () => {
    const first = await newCycle('0.35', '2026-10-01', '2026-10-31');
    expect(first).toMatchObject({
      ratePerCrate: '0.35',
      status: 'active',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      totalCratesReturned: 0,
      totalAmount: '0.00',
    });
    expect((await current()).id).toBe(first.id);
    const second = await newCycle(0.7, '2026-11-01', '2026-11-30');
    expect(second.ratePerCrate).toBe('0.70');
    expect((await current()).id).toBe(second.id);
    const last = (await json(farm, 'GET', '/api/billing/last-cycle')).json();
    expect(last).toMatchObject({ id: first.id, status: 'completed' });
  });

  it('records a billing change for the farm store and the agents', async () => {
    const agent = await registerAgent(app);
    await newCycle('0.50');
    const [event] = await app.db.select().from(changeEvents).orderBy(desc(changeEvents.id)).limit(1);
    expect(event.tags).toEqual(['billing']);
    expect(event.audience).toEqual(expect.arrayContaining(['farm_store', `user:${agent.user.id}`]));
  });

  it('refuses a bad body with the field message (400) and changes nothing', async () => {
    const before = await current();
    const good = { startDate: '2026-12-01', endDate: '2026-12-31', ratePerCrate: '0.70' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, ratePerCrate: '0.355' }, 'ratePerCrate'],
      [{ ...good, ratePerCrate: '0' }, 'ratePerCrate'],
      [{ ...good, ratePerCrate: '-1' }, 'ratePerCrate'],
      [{ ...good, ratePerCrate: 'abc' }, 'ratePerCrate'],
      [{ ...good, ratePerCrate: '' }, 'ratePerCrate'],
      [{ ...good, ratePerCrate: 0.1 + 0.2 }, 'ratePerCrate'],
      [{ ...good, ratePerCrate: '1e2' }, 'ratePerCrate'],
      [{ ...good, ratePerCrate: '1000.01' }, 'ratePerCrate'],
      [{ ...good, ratePerCrate: true }, 'ratePerCrate'],
      [{ ...good, ratePerCrate: undefined }, 'ratePerCrate'],
      [{ ...good, startDate: '2026-02-30' }, 'startDate'],
      [{ ...good, startDate: '' }, 'startDate'],
      [{ ...good, endDate: '31/12/2026' }, 'endDate'],
      [{ ...good, startDate: '2027-01-01' }, 'endDate'],
    ];
    for (const [body, field] of cases) {
      const res = await createCycle(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await createCycle({ ...good, ratePerCrate: '0.355' })).json().errors.ratePerCrate).toMatch(
      /at most 2 decimal places/,
    );
    expect((await createCycle({ ...good, startDate: '2027-01-01' })).json().errors.endDate).toBe(
      'The end date must be on or after the start date',
    );
    expect((await current()).id).toBe(before.id);
  });

  it('accepts a one-day cycle (start = end)', async () => {
    expect((await createCycle({ startDate: '2026-12-01', endDate: '2026-12-01', ratePerCrate: '1' })).statusCode).toBe(
      201,
    );
  });

  it('lets only the farm store read and create cycles (401, 403)', async () => {
    const agent = await registerAgent(app);
    const cycle = await current();
    const urls = [
      '/api/billing/current-cycle',
      '/api/billing/last-cycle',
      `/api/billing/cycles/${cycle.id}/payout.csv`,
    ];
    for (const url of urls) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await json(agent, 'GET', url)).statusCode, url).toBe(403);
      expect((await json(supplier, 'GET', url)).statusCode, url).toBe(403);
    }
    // A cycle's records: the farm store's and an agent's own (tested below); no one else's.
    const records = `/api/billing/records/${cycle.id}`;
    expect((await app.inject({ method: 'GET', url: records })).statusCode).toBe(401);
    expect((await json(supplier, 'GET', records)).statusCode).toBe(403);
    const body = { startDate: '2026-12-01', endDate: '2026-12-31', ratePerCrate: '0.70' };
    expect((await app.inject({ method: 'POST', url: '/api/billing/create-cycle', payload: body })).statusCode).toBe(
      401,
    );
    expect((await createCycle(body, agent)).statusCode).toBe(403);
    expect((await createCycle(body, supplier)).statusCode).toBe(403);
    expect((await current()).id).toBe(cycle.id);
  });

  it('answers 404 for an unknown cycle and 400 for an id that is not one', async () => {
    expect((await json(farm, 'GET', '/api/billing/records/999999')).statusCode).toBe(404);
    expect((await json(farm, 'GET', '/api/billing/cycles/999999/payout.csv')).statusCode).toBe(404);
    expect((await json(farm, 'GET', '/api/billing/records/abc')).statusCode).toBe(400);
    expect((await json(farm, 'GET', '/api/billing/records/0')).statusCode).toBe(400);
    expect((await json(farm, 'GET', '/api/billing/cycles/1e3/payout.csv')).statusCode).toBe(400);
    const cycle = await current();
    expect((await json(farm, 'GET', `/api/billing/records/${cycle.id}?limit=501`)).statusCode).toBe(400);
  });
});

describe('accrual of acknowledged returns', () => {
  it('is exact: 3 crates × R0.35 = R1.05, and 1 000 001 crates × R0.07 = R70 000.07', async () => {
    const cycle = await newCycle('0.35');
    const agent = await agentWithEmpties(3);
    await acknowledge(farm, await returnEmpties(agent, 3));
    expect(await recordOf(cycle.id, agent)).toMatchObject({ totalCratesReturned: 3, totalAmount: '1.05' });
    expect(await earnings(agent)).toBe('1.05');

    const big = await newCycle('0.07');
    const bigAgent = await registerAgent(app);
    await app.db.transaction((tx) => accrueReturn(tx, bigAgent.marketAgentId, 1_000_001));
    expect(await recordOf(big.id, bigAgent)).toMatchObject({ totalCratesReturned: 1_000_001, totalAmount: '70000.07' });
    expect(await earnings(bigAgent)).toBe('70000.07');
    expect((await current()).totalAmount).toBe('70000.07');
  });

  it('keeps one record per agent per cycle and sums earnings over cycles', async () => {
    const first = await newCycle('0.35');
    const agent = await agentWithEmpties(30);
    await acknowledge(farm, await returnEmpties(agent, 10));
    await acknowledge(farm, await returnEmpties(agent, 5));
    expect(await records(first.id)).toEqual([
      expect.objectContaining({ marketAgentId: agent.marketAgentId, totalCratesReturned: 15, totalAmount: '5.25' }),
    ]);
    const second = await newCycle('0.70');
    await acknowledge(farm, await returnEmpties(agent, 7));
    expect(await recordOf(second.id, agent)).toMatchObject({ totalCratesReturned: 7, totalAmount: '4.90' });
    expect(await earnings(agent)).toBe('10.15');
    expect((await json(farm, 'GET', '/api/billing/last-cycle')).json()).toMatchObject({
      id: first.id,
      totalCratesReturned: 15,
      totalAmount: '5.25',
      agentCount: 1,
    });
  });

  it('accrues the counted quantity, takes back a reversed over-count and adds crates found later', async () => {
    const cycle = await newCycle('0.35');
    const agent = await agentWithEmpties(40);
    // The farm counts 12 of 10: 12 accrue; reversing 2 takes them back.
    const over = await returnEmpties(agent, 10);
    await acknowledge(farm, over, 12);
    expect(await recordOf(cycle.id, agent)).toMatchObject({ totalCratesReturned: 12, totalAmount: '4.20' });
    const reverse = await json(farm, 'PUT', `/api/transmissions/${over}/resolve`, {
      note: 'Miscount',
      reverseQuantity: 2,
    });
    expect(reverse.statusCode).toBe(200);
    expect(await recordOf(cycle.id, agent)).toMatchObject({ totalCratesReturned: 10, totalAmount: '3.50' });
    // The farm counts 8 of 10: 8 accrue; 2 found later accrue too.
    const short = await returnEmpties(agent, 10);
    await acknowledge(farm, short, 8);
    expect(await recordOf(cycle.id, agent)).toMatchObject({ totalCratesReturned: 18, totalAmount: '6.30' });
    const found = await json(farm, 'PUT', `/api/transmissions/${short}/resolve`, {
      note: 'On truck',
      foundQuantity: 2,
    });
    expect(found.statusCode).toBe(200);
    expect(await recordOf(cycle.id, agent)).toMatchObject({ totalCratesReturned: 20, totalAmount: '7.00' });
    // Deliveries to the agent never accrue.
    const farmSend = await json(farm, 'POST', '/api/transmissions', {
      type: 'farm_to_market',
      marketAgentId: agent.marketAgentId,
      toUserId: agent.user.id,
      quantity: 4,
    });
    await acknowledge(agent, farmSend.json().id);
    expect(await recordOf(cycle.id, agent)).toMatchObject({ totalCratesReturned: 20, totalAmount: '7.00' });
  });

  it('counts the current cycle in the return rate (spec §9)', async () => {
    const agent = await agentWithEmpties(30);
    await newCycle('0.35');
    await acknowledge(farm, await returnEmpties(agent, 10));
    const row = (await json(farm, 'GET', '/api/market-agents'))
      .json()
      .find((a: { id: number }) => a.id === agent.marketAgentId);
    // 10 returned / (10 + 20 still held) = 33%
    expect(row).toMatchObject({ cratesReturned: 10, totalCrates: 20, returnRate: 33 });
    await newCycle('0.35');
    const after = (await json(farm, 'GET', '/api/market-agents'))
      .json()
      .find((a: { id: number }) => a.id === agent.marketAgentId);
    expect(after).toMatchObject({ cratesReturned: 0, returnRate: 0 });
  });

  it('accrues concurrent acknowledgements exactly: sum of records = acknowledged crates × rate', async () => {
    const cycle = await newCycle('0.35');
    const agents = await Promise.all([agentWithEmpties(200), agentWithEmpties(200), agentWithEmpties(200)]);
    const sizes = [1, 2, 3, 5, 7, 11, 13, 17];
    const returns: { id: number; crates: number }[] = [];
    for (const agent of agents) {
      for (const crates of sizes) returns.push({ id: await returnEmpties(agent, crates), crates });
    }
    const farm2 = await registerAs(app, 'farm_store');
    const results = await Promise.all(returns.map((r, i) => acknowledge(i % 2 ? farm : farm2, r.id)));
    expect(results).toHaveLength(returns.length);
    const total = returns.reduce((sum, r) => sum + r.crates, 0);
    const rows = await records(cycle.id);
    expect(rows.reduce((sum, r) => sum + r.totalCratesReturned, 0)).toBe(total);
    expect((await current()).totalAmount).toBe(((total * 35) / 100).toFixed(2)); // 177 crates → "61.95"
    for (const agent of agents) expect(await earnings(agent)).toBe('20.65'); // 59 × 0.35
  }, 120_000);

  it('puts each of many acknowledgements racing a new cycle into exactly one cycle', async () => {
    const before = await newCycle('0.35');
    const agent = await agentWithEmpties(200);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await returnEmpties(agent, 3));
    const [, , created] = await Promise.all([
      Promise.all(ids.slice(0, 6).map((id) => acknowledge(farm, id))),
      Promise.all(ids.slice(6).map((id) => acknowledge(farm, id))),
      createCycle({ startDate: '2026-12-01', endDate: '2026-12-31', ratePerCrate: '0.70' }),
    ]);
    expect(created.statusCode).toBe(201);
    const a = (await recordOf(before.id, agent))?.totalCratesReturned ?? 0;
    const b = (await recordOf(created.json().id, agent))?.totalCratesReturned ?? 0;
    expect(a + b).toBe(36);
  }, 120_000);
});

describe('an agent’s own history and bank details', () => {
  it('lists the agent’s own record per cycle, newest first, for market agents only', async () => {
    const agent = await agentWithEmpties(10);
    const first = await newCycle('0.35');
    await acknowledge(farm, await returnEmpties(agent, 2));
    const second = await newCycle('0.40');
    await acknowledge(farm, await returnEmpties(agent, 3));
    const res = await json(agent, 'GET', '/api/market-agents/earnings/history');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ cycleId: second.id, status: 'active', totalCratesReturned: 3, totalAmount: '1.20' }),
      expect.objectContaining({ cycleId: first.id, status: 'completed', totalCratesReturned: 2, totalAmount: '0.70' }),
    ]);
    const other = await registerAgent(app);
    expect((await json(other, 'GET', '/api/market-agents/earnings/history')).json()).toEqual([]);
    expect((await json(farm, 'GET', '/api/market-agents/earnings/history')).statusCode).toBe(403);
    expect((await json(supplier, 'GET', '/api/market-agents/earnings/history')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/market-agents/earnings/history' })).statusCode).toBe(401);
    expect((await json(agent, 'GET', '/api/market-agents/earnings/history?limit=0')).statusCode).toBe(400);
  });

  it("shows an agent its own record in a cycle's records, and no other agent's", async () => {
    const agent = await agentWithEmpties(10);
    const other = await agentWithEmpties(10);
    const cycle = await newCycle('0.35');
    await acknowledge(farm, await returnEmpties(agent, 4));
    await acknowledge(farm, await returnEmpties(other, 6));
    const mine = await json(agent, 'GET', `/api/billing/records/${cycle.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      expect.objectContaining({
        cycleId: cycle.id,
        marketAgentId: agent.marketAgentId,
        totalCratesReturned: 4,
        totalAmount: '1.40',
      }),
    ]);
    const theirs = (await json(other, 'GET', `/api/billing/records/${cycle.id}`)).json();
    expect(theirs.map((r: { marketAgentId: number }) => r.marketAgentId)).toEqual([other.marketAgentId]);
    // An agent without a record in the cycle gets an empty list; an unknown cycle is still 404.
    const newcomer = await registerAgent(app);
    expect((await json(newcomer, 'GET', `/api/billing/records/${cycle.id}`)).json()).toEqual([]);
    expect((await json(agent, 'GET', '/api/billing/records/999999')).statusCode).toBe(404);
    // The farm store sees both.
    const all = await records(cycle.id);
    expect(all.map((r) => r.marketAgentId).sort()).toEqual([agent.marketAgentId, other.marketAgentId].sort());
  });

  const details = {
    bankName: 'First National Bank',
    accountNumber: '6200 1234 567',
    branchCode: '250655',
    accountHolderName: 'Jozi Fresh (Pty) Ltd',
  };

  it('saves bank details for the agent, shows them in full to it and masked to the farm store', async () => {
    const agent = await agentWithEmpties(10);
    expect((await json(agent, 'GET', '/api/market-agents/me/bank-details')).json()).toEqual({
      bankName: null,
      accountNumber: null,
      branchCode: null,
      accountHolderName: null,
    });
    const saved = await json(agent, 'PUT', '/api/market-agents/me/bank-details', details);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...details, accountNumber: '62001234567' });
    expect((await json(agent, 'GET', '/api/market-agents/me/bank-details')).json().accountNumber).toBe('62001234567');
    const cycle = await newCycle('0.35');
    await acknowledge(farm, await returnEmpties(agent, 3));
    const record = (await records(cycle.id)).find((r) => r.marketAgentId === agent.marketAgentId) as Record<
      string,
      unknown
    >;
    expect(record).toMatchObject({ bankName: 'First National Bank', accountNumber: '****4567' });
    expect(JSON.stringify(await records(cycle.id))).not.toContain('62001234567');
    const [event] = await app.db.select().from(changeEvents).orderBy(desc(changeEvents.id)).limit(2);
    expect(event.tags).toContain('billing');
  });

  it('refuses bad bank details (400) and other roles (401, 403)', async () => {
    const agent = await registerAgent(app);
    const bad: [Record<string, unknown>, string][] = [
      [{ ...details, bankName: ' ' }, 'bankName'],
      [{ ...details, accountNumber: '12345' }, 'accountNumber'],
      [{ ...details, accountNumber: '62001234567x' }, 'accountNumber'],
      [{ ...details, branchCode: '25065' }, 'branchCode'],
      [{ ...details, accountHolderName: '' }, 'accountHolderName'],
      [{ ...details, bankName: 'a\u0000b' }, 'bankName'],
    ];
    for (const [body, field] of bad) {
      const res = await json(agent, 'PUT', '/api/market-agents/me/bank-details', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
    }
    expect((await json(agent, 'GET', '/api/market-agents/me/bank-details')).json().bankName).toBeNull();
    for (const who of [farm, supplier]) {
      expect((await json(who, 'PUT', '/api/market-agents/me/bank-details', details)).statusCode).toBe(403);
      expect((await json(who, 'GET', '/api/market-agents/me/bank-details')).statusCode).toBe(403);
    }
    expect(
      (await app.inject({ method: 'PUT', url: '/api/market-agents/me/bank-details', payload: details })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/billing/cycles/{cycleId}/payout.csv', () => {
  it('lists payable agents with full bank details, guarded against formula injection', async () => {
    const cycle = await newCycle('0.35');
    const paid = await agentWithEmpties(10, { name: '=HYPERLINK("http://evil")' });
    await json(paid, 'PUT', '/api/market-agents/me/bank-details', {
      bankName: '+Capitec',
      accountNumber: '1234567890',
      branchCode: '470010',
      accountHolderName: '@Holder, "quoted"',
    });
    const noBank = await agentWithEmpties(10);
    await acknowledge(farm, await returnEmpties(paid, 3));
    await acknowledge(farm, await returnEmpties(noBank, 4));
    const res = await json(farm, 'GET', `/api/billing/cycles/${cycle.id}/payout.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="payout-cycle-${cycle.id}-2026-11-30.csv"`);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Agent Name,Agent Number,Account Holder,Bank Name,Branch Code,Account Number,Crates Returned,Amount,Reference',
    );
    expect(lines).toHaveLength(2); // the agent without bank details is not in the bank's file
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain(`"'@Holder, ""quoted"""`);
    expect(lines[1]).toContain(",'+Capitec,470010,1234567890,3,1.05,Crates 2026-11-01 to 2026-11-30");
  });
});
