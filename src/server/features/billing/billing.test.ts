// Billing through HTTP (decision 024): every acknowledged return is billed exactly once to the
// cycle covering its day or waits as unbilled; cycles never overlap; payments are recorded; the payout
// file pays what is owed. One database for the file: the cycles' dates below are planned not to clash.
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../../tests/support/accounts.ts';
import {
  bankDetails,
  billingFixtures,
  farmDay as day,
  noonOn,
  returnEmpties,
  today,
} from '../../../../tests/support/billing.ts';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { type AgentAccount, acknowledge, json, registerAgent } from '../../../../tests/support/transmissions.ts';
import type { BillingCycle as Cycle } from '../../../shared/billing.ts';
import { changeEvents, marketAgents } from '../../db/schema/index.ts';
import { checkLedgerInvariant } from '../invariant/service.ts';
import { acknowledgeTransmission } from '../transmissions/service.ts';

const { app, farm, supplier } = await testFarm({ stock: 10_000, supplier: 'registered' });
const { agentWithEmpties, returnCountedOn, newCycle } = billingFixtures(app, farm);

const createCycle = (body: Record<string, unknown>, as: Account = farm) =>
  json(as, 'POST', '/api/billing/create-cycle', body);

const cycle = async (id: number): Promise<Cycle> => (await json(farm, 'GET', `/api/billing/cycles/${id}`)).json();
const current = async () => (await json(farm, 'GET', '/api/billing/current-cycle')).json() as Cycle | null;
const unbilled = async () => (await json(farm, 'GET', '/api/billing/unbilled')).json();

async function records(cycleId: number, as: Account = farm) {
  const res = await json(as, 'GET', `/api/billing/records/${cycleId}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    marketAgentId: number;
    totalCratesReturned: number;
    totalAmount: string;
    paidAmount: string;
    owedAmount: string;
    paidOn: string | null;
    paymentReference: string | null;
    hasBankDetails: boolean;
    isActive: boolean;
  }[];
}
const recordOf = async (cycleId: number, agent: AgentAccount) =>
  (await records(cycleId)).find((r) => r.marketAgentId === agent.marketAgentId);

const earnings = async (agent: AgentAccount) => (await json(agent, 'GET', '/api/market-agents/earnings')).json();

const bank = bankDetails;

const pay = (cycleId: number, body: Record<string, unknown>, as: Account = farm) =>
  json(as, 'POST', `/api/billing/cycles/${cycleId}/payments`, body);

async function expectLedgerAddsUp() {
  const report = await checkLedgerInvariant(app.db);
  expect(report.problems).toEqual([]);
}

// The file's cycles: past [−45, −35] · [−30, −20] · running [−5, +5] (later completed by [0, +15]) ·
// upcoming [+20, +30].
let past: Cycle;
let running: Cycle;
const jozi = await agentWithEmpties(200);
const pta = await agentWithEmpties(200, { marketLocation: 'Pretoria Market' });

describe('returns no cycle covers wait as unbilled, and a cycle covering them bills them', () => {
  it('has no cycle on a new farm: current-cycle, last-cycle null; the cycle list is empty', async () => {
    expect((await json(farm, 'GET', '/api/billing/current-cycle')).json()).toBeNull();
    expect((await json(farm, 'GET', '/api/billing/last-cycle')).json()).toBeNull();
    expect((await json(farm, 'GET', '/api/billing/cycles')).json()).toEqual([]);
    expect(await unbilled()).toEqual({ returns: 0, crates: 0, firstDate: null, lastDate: null, items: [] });
  });

  it('keeps a return acknowledged with no cycle as unbilled, with its agent, day and crates', async () => {
    const early = await returnCountedOn(jozi, 4, -40);
    const todays = await returnEmpties(jozi, 6);
    await acknowledge(farm, todays);
    expect(await earnings(jozi)).toEqual({ totalEarnings: '0.00', totalPaid: '0.00', totalOwed: '0.00' });
    const waiting = await unbilled();
    expect(waiting).toMatchObject({ returns: 2, crates: 10, firstDate: day(-40), lastDate: today });
    expect(waiting.items).toEqual([
      expect.objectContaining({
        transmissionId: early,
        marketAgentId: jozi.marketAgentId,
        acknowledgedOn: day(-40),
        crates: 4,
      }),
      expect.objectContaining({ transmissionId: todays, acknowledgedOn: today, crates: 6 }),
    ]);
    await expectLedgerAddsUp();
  });

  it('bills, in the creating transaction, exactly the unbilled returns whose days the new cycle covers', async () => {
    past = await newCycle(day(-45), day(-35), '0.35');
    expect(past).toMatchObject({ status: 'completed', totalCratesReturned: 4, totalAmount: '1.40', totalOwed: '1.40' });
    expect(await unbilled()).toMatchObject({ returns: 1, crates: 6, firstDate: today });
    running = await newCycle(day(-5), day(5), '0.50');
    expect(running).toMatchObject({ status: 'active', totalCratesReturned: 6, totalAmount: '3.00', agentCount: 1 });
    expect((await unbilled()).returns).toBe(0);
    expect(await earnings(jozi)).toEqual({ totalEarnings: '4.40', totalPaid: '0.00', totalOwed: '4.40' });
    expect((await current())?.id).toBe(running.id);
    expect((await json(farm, 'GET', '/api/billing/last-cycle')).json()).toMatchObject({ id: past.id });
    await expectLedgerAddsUp();
  });

  it('bills a return counted today straight into the active cycle at its rate', async () => {
    await acknowledge(farm, await returnEmpties(pta, 3));
    expect(await recordOf(running.id, pta)).toMatchObject({ totalCratesReturned: 3, totalAmount: '1.50' });
    expect((await unbilled()).returns).toBe(0);
  });

  it('tells every agent and the farm store with one role audience, however many agents there are', async () => {
    await newCycle(day(-30), day(-20), '0.40');
    const [event] = await app.db.select().from(changeEvents).orderBy(desc(changeEvents.id)).limit(1);
    expect(event.tags).toEqual(['billing']);
    expect(event.audience).toEqual(['farm_store', 'market_agent']);
  });
});

describe('cycle dates: never overlapping, and meaning what they say', () => {
  it('refuses dates overlapping a cycle with 409 naming it, and changes nothing', async () => {
    const before = (await json(farm, 'GET', '/api/billing/cycles')).json();
    for (const [startDate, endDate] of [
      [day(-40), day(-38)],
      [day(-50), day(-45)],
      [day(-36), day(-31)],
      [day(-60), day(60)],
    ]) {
      const res = await createCycle({ startDate, endDate, ratePerCrate: '0.70' });
      expect(res.statusCode, `${startDate}..${endDate}`).toBe(409);
      expect(res.json().message).toMatch(
        /^These dates overlap the billing cycle \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/,
      );
    }
    expect((await createCycle({ startDate: day(-40), endDate: day(-38), ratePerCrate: '1' })).json().message).toBe(
      `These dates overlap the billing cycle ${day(-45)} to ${day(-35)}`,
    );
    // Starting on the running cycle's first day does not complete it: that is a clash too.
    expect((await createCycle({ startDate: day(-5), endDate: day(10), ratePerCrate: '1' })).statusCode).toBe(409);
    expect((await json(farm, 'GET', '/api/billing/cycles')).json()).toEqual(before);
  });

  it('accepts a future cycle and leaves the running one active', async () => {
    const upcoming = await newCycle(day(20), day(30), '0.60');
    expect(upcoming.status).toBe('upcoming');
    expect((await current())?.id).toBe(running.id);
    const clash = await createCycle({ startDate: day(25), endDate: day(40), ratePerCrate: '0.60' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(`These dates overlap the billing cycle ${day(20)} to ${day(30)}`);
  });

  it('completes the running cycle when a new one starts inside it, and moves the lines from that day on', async () => {
    await acknowledge(farm, await returnEmpties(pta, 10)); // today, in the running cycle: 13 crates there now
    expect(await recordOf(running.id, pta)).toMatchObject({ totalCratesReturned: 13, totalAmount: '6.50' });
    const next = await newCycle(today, day(15), '0.70');
    expect(next).toMatchObject({ status: 'active', totalCratesReturned: 19, totalAmount: '13.30' }); // 6 + 13
    const completed = await cycle(running.id);
    expect(completed).toMatchObject({
      endDate: day(-1),
      status: 'completed',
      totalCratesReturned: 0,
      totalAmount: '0.00',
    });
    expect((await current())?.id).toBe(next.id);
    expect((await json(farm, 'GET', '/api/billing/last-cycle')).json()).toMatchObject({ id: running.id });
    running = next;
    await expectLedgerAddsUp();
  });

  it('refuses dates outside 2000-01-01 to 2100-12-31 and impossible days (400), naming the field', async () => {
    const good = { startDate: day(200), endDate: day(210), ratePerCrate: '0.70' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, startDate: '0099-01-01' }, 'startDate'],
      [{ ...good, startDate: '1999-12-31' }, 'startDate'],
      [{ ...good, endDate: '2101-01-01' }, 'endDate'],
      [{ ...good, endDate: '9999-12-31' }, 'endDate'],
      [{ ...good, startDate: '2026-02-30' }, 'startDate'],
      [{ ...good, startDate: '' }, 'startDate'],
      [{ ...good, endDate: '31/12/2026' }, 'endDate'],
      [{ ...good, startDate: day(211) }, 'endDate'],
      [{ ...good, ratePerCrate: '0.355' }, 'ratePerCrate'],
      [{ ...good, ratePerCrate: '0' }, 'ratePerCrate'],
      [{ ...good, ratePerCrate: 0.1 + 0.2 }, 'ratePerCrate'],
      [{ ...good, ratePerCrate: '1000.01' }, 'ratePerCrate'],
    ];
    for (const [body, field] of cases) {
      const res = await createCycle(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await createCycle({ ...good, startDate: '1999-12-31' })).json().errors.startDate).toBe(
      'Enter a date from 2000-01-01 to 2100-12-31',
    );
  });

  it('lists every cycle, latest dates first, with status, and pages with before', async () => {
    const all: Cycle[] = (await json(farm, 'GET', '/api/billing/cycles')).json();
    expect(all.map((c) => [c.startDate, c.status])).toEqual([
      [day(20), 'upcoming'],
      [today, 'active'],
      [day(-5), 'completed'],
      [day(-30), 'completed'],
      [day(-45), 'completed'],
    ]);
    const page = (await json(farm, 'GET', `/api/billing/cycles?limit=2&before=${all[1].id}`)).json();
    expect(page.map((c: Cycle) => c.id)).toEqual([all[2].id, all[3].id]);
  });
});

describe('payments are recorded facts', () => {
  it('refuses to pay a cycle that has not ended (409) and an unknown cycle (404)', async () => {
    const res = await pay(running.id, { paidOn: today, reference: 'EFT 1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A billing cycle can be marked paid once its end date has passed');
    expect((await pay(999_999, { paidOn: today, reference: 'EFT 1' })).statusCode).toBe(404);
  });

  it('refuses a bad payment body (400) and other roles (401, 403)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ reference: 'EFT' }, 'paidOn'],
      [{ paidOn: '2026-02-30', reference: 'EFT' }, 'paidOn'],
      [{ paidOn: today, reference: ' ' }, 'reference'],
      [{ paidOn: today, reference: 'EFT\n=1+1' }, 'reference'],
      [{ paidOn: today, reference: 'x'.repeat(36) }, 'reference'],
      [{ paidOn: today, reference: 'EFT', marketAgentId: '1' }, 'marketAgentId'],
    ];
    for (const [body, field] of cases) {
      const res = await pay(past.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await pay(past.id, { paidOn: today, reference: 'EFT', amount: '1.00' })).statusCode).toBe(400);
    expect((await pay(past.id, { paidOn: today, reference: 'EFT' }, jozi)).statusCode).toBe(403);
    expect((await pay(past.id, { paidOn: today, reference: 'EFT' }, supplier)).statusCode).toBe(403);
    const anon = await app.inject({
      method: 'POST',
      url: `/api/billing/cycles/${past.id}/payments`,
      payload: { paidOn: today, reference: 'EFT' },
    });
    expect(anon.statusCode).toBe(401);
    expect((await cycle(past.id)).totalPaid).toBe('0.00');
  });

  it('pays the agents with bank details, keeps the one without owed, then pays it alone', async () => {
    // The past cycle [−45, −35]: Jozi's 4 crates (no bank details yet) and a Pretoria return with bank details.
    expect((await json(pta, 'PUT', '/api/market-agents/me/bank-details', bank)).statusCode).toBe(200);
    await returnCountedOn(pta, 10, -36);
    expect(await cycle(past.id)).toMatchObject({
      totalCratesReturned: 14,
      totalAmount: '4.90',
      agentsOwed: 2,
      agentsWithoutBankDetails: 1,
    });
    const res = await pay(past.id, { paidOn: day(-1), reference: 'FNB 778812' });
    expect(res.statusCode).toBe(201);
    expect(res.json().payments).toEqual([
      expect.objectContaining({ marketAgentId: pta.marketAgentId, crates: 10, amount: '3.50', paidOn: day(-1) }),
    ]);
    expect(res.json().cycle).toMatchObject({
      status: 'completed',
      totalPaid: '3.50',
      totalOwed: '1.40',
      agentsOwed: 1,
    });
    expect(await recordOf(past.id, pta)).toMatchObject({
      paidAmount: '3.50',
      owedAmount: '0.00',
      paidOn: day(-1),
      paymentReference: 'FNB 778812',
    });
    // Nothing else can be paid from the file: Jozi has no bank details.
    expect((await pay(past.id, { paidOn: today, reference: 'again' })).statusCode).toBe(409);

    const alone = await pay(past.id, { paidOn: today, reference: 'Cash 12', marketAgentId: jozi.marketAgentId });
    expect(alone.statusCode).toBe(201);
    expect(alone.json().cycle).toMatchObject({ status: 'paid', totalPaid: '4.90', totalOwed: '0.00', agentsOwed: 0 });
    const again = await pay(past.id, { paidOn: today, reference: 'Cash 12', marketAgentId: jozi.marketAgentId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payout is already recorded as paid');
    expect((await pay(past.id, { paidOn: today, reference: 'x', marketAgentId: 999_999 })).statusCode).toBe(409);
    expect(await earnings(jozi)).toMatchObject({ totalPaid: '1.40' });
    await expectLedgerAddsUp();
  });

  it('refuses to bill a return into a cycle already paid to its agent (409) and leaves it pending', async () => {
    // The same path as an acknowledgement begun on a cycle's last day that waited while the cycle was
    // paid after midnight: a payment is final.
    const id = await returnEmpties(pta, 2);
    const late = acknowledgeTransmission(app.db, { id: farm.user.id, role: 'farm_store' }, id, null, {
      at: noonOn(-40),
    });
    await expect(late).rejects.toMatchObject({
      statusCode: 409,
      message: 'The billing cycle of this day was paid a moment ago: acknowledge the return again',
    });
    expect((await json(farm, 'GET', '/api/transmissions/incoming')).json().map((t: { id: number }) => t.id)).toContain(
      id,
    );
    expect(await cycle(past.id)).toMatchObject({ status: 'paid', totalAmount: '4.90' });
    await acknowledge(farm, id); // today: the running cycle
    await expectLedgerAddsUp();
  });

  it('shows the agent its own payments per cycle in its earnings history', async () => {
    const history = (await json(pta, 'GET', '/api/market-agents/earnings/history')).json();
    expect(history.map((h: { cycleId: number }) => h.cycleId)).toEqual([running.id, past.id]);
    expect(history[1]).toMatchObject({
      status: 'paid',
      totalCratesReturned: 10,
      totalAmount: '3.50',
      paidAmount: '3.50',
      paidOn: day(-1),
      paymentReference: 'FNB 778812',
      owedAmount: '0.00',
    });
    expect(history[0]).toMatchObject({ status: 'active', paidAmount: '0.00', paidOn: null });
    expect((await json(farm, 'GET', '/api/market-agents/earnings/history')).statusCode).toBe(403);
  });

  it('refuses to change a paid return’s count (409) and leaves crates and money as they were', async () => {
    const flagged = await returnCountedOn(pta, 5, -25, 3); // in [−30, −20], counted 3 of 5
    const middle = (await json(farm, 'GET', '/api/billing/cycles')).json().find((c: Cycle) => c.startDate === day(-30));
    expect((await pay(middle.id, { paidOn: today, reference: 'EFT 9' })).statusCode).toBe(201);
    const res = await json(farm, 'PUT', `/api/transmissions/${flagged}/resolve`, { note: 'Found', foundQuantity: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "This return's billing cycle is already paid to the agent; its count can no longer change",
    );
    expect(await recordOf(middle.id, pta)).toMatchObject({ totalCratesReturned: 3, totalAmount: '1.20' });
    await expectLedgerAddsUp();
  });
});

describe('corrections of a flagged return change its one line', () => {
  it('bills the counted quantity, takes back a reversed over-count and adds crates found later', async () => {
    const agent = await agentWithEmpties(40);
    const over = await returnEmpties(agent, 10);
    await acknowledge(farm, over, 12);
    expect(await recordOf(running.id, agent)).toMatchObject({ totalCratesReturned: 12, totalAmount: '8.40' });
    const reverse = await json(farm, 'PUT', `/api/transmissions/${over}/resolve`, {
      note: 'Miscount',
      reverseQuantity: 2,
    });
    expect(reverse.statusCode).toBe(200);
    expect(await recordOf(running.id, agent)).toMatchObject({ totalCratesReturned: 10, totalAmount: '7.00' });
    const short = await returnEmpties(agent, 10);
    await acknowledge(farm, short, 8);
    const found = await json(farm, 'PUT', `/api/transmissions/${short}/resolve`, {
      note: 'On truck',
      foundQuantity: 2,
    });
    expect(found.statusCode).toBe(200);
    expect(await recordOf(running.id, agent)).toMatchObject({ totalCratesReturned: 20, totalAmount: '14.00' });
    // Deliveries to the agent are never billed.
    const sent = await json(farm, 'POST', '/api/transmissions', {
      type: 'farm_to_market',
      marketAgentId: agent.marketAgentId,
      toUserId: agent.user.id,
      quantity: 4,
    });
    await acknowledge(agent, sent.json().id);
    expect(await recordOf(running.id, agent)).toMatchObject({ totalCratesReturned: 20 });
    await expectLedgerAddsUp();
  });

  it('counts the current cycle in the return rate (spec §9)', async () => {
    const agent = await agentWithEmpties(30);
    await acknowledge(farm, await returnEmpties(agent, 10));
    const row = (await json(farm, 'GET', '/api/market-agents'))
      .json()
      .find((a: { id: number }) => a.id === agent.marketAgentId);
    expect(row).toMatchObject({ cratesReturned: 10, totalCrates: 20, returnRate: 33 }); // 10 / (10 + 20)
  });
});

describe('the payout file', () => {
  it('is RFC 4180 CSV a bank accepts: owed agents with bank details, text account numbers, no formulas', async () => {
    const quirky = await agentWithEmpties(20, { name: '=HYPERLINK("http://evil")' });
    expect((await json(quirky, 'PUT', '/api/market-agents/me/bank-details', bank)).statusCode).toBe(200);
    // Stored before line breaks were refused at input: a holder name that would forge a row.
    await app.db
      .update(marketAgents)
      .set({ accountHolderName: '@Holder, "quoted"\r\nForged,Bank,000000,999,1,5000.00' })
      .where(eq(marketAgents.id, quirky.marketAgentId));
    const noBank = await agentWithEmpties(20);
    const ended = await newCycle(day(-18), day(-10), '0.35');
    await returnCountedOn(quirky, 3, -12);
    await returnCountedOn(noBank, 4, -11);

    const summary = await json(farm, 'GET', `/api/billing/cycles/${ended.id}/payout`);
    expect(summary.statusCode).toBe(200);
    expect(summary.headers['cache-control']).toBe('no-store');
    expect(summary.json()).toEqual({
      cycleId: ended.id,
      fileName: `payout-cycle-${ended.id}-${day(-10)}.csv`,
      rowCount: 1,
      total: '1.05',
      missingBankDetails: [
        {
          marketAgentId: noBank.marketAgentId,
          agentName: noBank.user.name,
          agentNumber: expect.any(String),
          amount: '1.40',
        },
      ],
      canRecordPayment: true,
    });

    const res = await json(farm, 'GET', `/api/billing/cycles/${ended.id}/payout.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="payout-cycle-${ended.id}-${day(-10)}.csv"`);
    // UTF-8 with a byte-order mark, so a spreadsheet reads accented names right.
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = res.body
      .slice(1)
      .replace(/\r\n$/, '')
      .split(/\r\n(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(header).toBe(
      'Beneficiary Name,Bank,Branch Code,Account Number,Account Type,Amount,Reference,Agent Number,Crates',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toBe(
      `"'@Holder, ""quoted""\r\nForged,Bank,000000,999,1,5000.00",Capitec,"470010","0123456789",Savings,1.05,Crates ${day(-10)},${
        (await json(quirky, 'GET', '/api/market-agents/me')).json().agentNumber
      },3`,
    );
    expect(`Crates ${day(-10)}`.length).toBeLessThanOrEqual(20);

    // Once paid, nothing is left to pay: the file has only its header.
    expect((await pay(ended.id, { paidOn: today, reference: 'EFT 10' })).statusCode).toBe(201);
    const after = await json(farm, 'GET', `/api/billing/cycles/${ended.id}/payout`);
    expect(after.json()).toMatchObject({ rowCount: 0, total: '0.00' });
    expect((await json(farm, 'GET', `/api/billing/cycles/${ended.id}/payout.csv`)).body.split('\r\n')[1]).toBe('');
  });
});

describe('access', () => {
  it('lets only the farm store read and manage billing (401, 403) and answers 404 for unknown cycles', async () => {
    const urls = [
      '/api/billing/current-cycle',
      '/api/billing/last-cycle',
      '/api/billing/cycles',
      `/api/billing/cycles/${past.id}`,
      '/api/billing/unbilled',
      `/api/billing/cycles/${past.id}/payout`,
      `/api/billing/cycles/${past.id}/payout.csv`,
    ];
    for (const url of urls) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await json(jozi, 'GET', url)).statusCode, url).toBe(403);
      expect((await json(supplier, 'GET', url)).statusCode, url).toBe(403);
    }
    const body = { startDate: day(400), endDate: day(410), ratePerCrate: '0.70' };
    expect((await app.inject({ method: 'POST', url: '/api/billing/create-cycle', payload: body })).statusCode).toBe(
      401,
    );
    expect((await createCycle(body, jozi)).statusCode).toBe(403);
    expect((await createCycle(body, supplier)).statusCode).toBe(403);
    for (const url of [
      '/api/billing/cycles/999999',
      '/api/billing/cycles/999999/payout',
      '/api/billing/records/999999',
    ]) {
      expect((await json(farm, 'GET', url)).statusCode, url).toBe(404);
    }
    expect((await json(farm, 'GET', '/api/billing/cycles/abc')).statusCode).toBe(400);
    expect((await json(farm, 'GET', '/api/billing/unbilled?limit=501')).statusCode).toBe(400);
  });

  it("keeps a removed agent's record, marked isActive false (decision 039)", async () => {
    const leaving = await agentWithEmpties(10);
    await returnCountedOn(leaving, 2, -42);
    expect(await recordOf(past.id, leaving)).toMatchObject({ totalCratesReturned: 2, isActive: true });
    expect((await farm.inject({ method: 'DELETE', url: `/api/admin/users/${leaving.user.id}` })).statusCode).toBe(200);
    expect(await recordOf(past.id, leaving)).toMatchObject({ totalCratesReturned: 2, isActive: false });
    expect(await recordOf(past.id, jozi)).toMatchObject({ isActive: true });
  });

  it("shows an agent only its own record in a cycle's records", async () => {
    const mine = await records(past.id, jozi);
    expect(mine.map((r) => r.marketAgentId)).toEqual([jozi.marketAgentId]);
    const newcomer = await registerAgent(app);
    expect(await records(past.id, newcomer)).toEqual([]);
    expect((await json(supplier, 'GET', `/api/billing/records/${past.id}`)).statusCode).toBe(403);
  });
});

describe('bank details', () => {
  const details = {
    bankName: 'First National Bank',
    accountNumber: '6200 1234 567',
    branchCode: '250655',
    accountHolderName: 'Jozi Fresh (Pty) Ltd',
  };

  it('saves them (account type current unless given), no-store, full to the agent and masked to the farm', async () => {
    const agent = await agentWithEmpties(10);
    const empty = await json(agent, 'GET', '/api/market-agents/me/bank-details');
    expect(empty.headers['cache-control']).toBe('no-store');
    expect(empty.json()).toEqual({
      bankName: null,
      accountNumber: null,
      branchCode: null,
      accountHolderName: null,
      accountType: null,
    });
    const saved = await json(agent, 'PUT', '/api/market-agents/me/bank-details', details);
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['cache-control']).toBe('no-store');
    expect(saved.json()).toEqual({ ...details, accountNumber: '62001234567', accountType: 'current' });
    await acknowledge(farm, await returnEmpties(agent, 3));
    const record = await recordOf(running.id, agent);
    expect(record).toMatchObject({ bankName: 'First National Bank', accountNumber: '****4567', hasBankDetails: true });
    expect(JSON.stringify(await records(running.id))).not.toContain('62001234567');
  });

  it('refuses bad bank details (400), line breaks included, and other roles (401, 403)', async () => {
    const agent = await registerAgent(app);
    const bad: [Record<string, unknown>, string][] = [
      [{ ...details, bankName: ' ' }, 'bankName'],
      [{ ...details, bankName: 'FNB\r\nForged' }, 'bankName'],
      [{ ...details, accountNumber: '12345' }, 'accountNumber'],
      [{ ...details, branchCode: '25065' }, 'branchCode'],
      [{ ...details, accountHolderName: 'A\nB' }, 'accountHolderName'],
      [{ ...details, accountType: 'bond' }, 'accountType'],
    ];
    for (const [body, field] of bad) {
      const res = await json(agent, 'PUT', '/api/market-agents/me/bank-details', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
    }
    expect((await json(agent, 'GET', '/api/market-agents/me/bank-details')).json().bankName).toBeNull();
    for (const who of [farm, supplier]) {
      expect((await json(who, 'PUT', '/api/market-agents/me/bank-details', details)).statusCode).toBe(403);
    }
  });
});
