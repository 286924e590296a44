// Reports tell the same truth as billing: the billing statement of any cycle, by its
// dates as stored, with payments, what is owed and who the payout file leaves out; an agent's report
// (the PDF it is e-mailed, its weekly summary, its row on the Reports screen) carries its own billed
// earnings and crates, never the farm's.
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { billingFixtures, farmDay, returnEmpties } from '../../../../tests/support/billing.ts';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { acknowledge, json } from '../../../../tests/support/transmissions.ts';
import { billingMessages } from '../../../shared/billing.ts';
import { DEFAULT_FARM_NAME } from '../../../shared/farm-name.ts';
import { reportMessages } from '../../../shared/reports.ts';
import { addDays } from '../../lib/farm-date.ts';
import { acknowledgeTransmission } from '../transmissions/service.ts';

const { app, farm } = await testFarm({ stock: 1000 });
const fixtures = billingFixtures(app, farm);
const { newCycle } = fixtures;

/** An agent named `name` holding `empties` empties, with FNB bank details in its name or without. */
const agentWithEmpties = (name: string, empties: number, withBank: boolean) =>
  fixtures.agentWithEmpties(empties, {
    name,
    bank: withBank
      ? {
          bankName: 'FNB',
          accountNumber: '62012345678',
          branchCode: '250655',
          accountHolderName: name,
          accountType: 'savings',
        }
      : undefined,
  });

// A cycle in January 2000 (the first year a cycle may carry) and the running one around today.
const old = await newCycle('2000-01-05', '2000-01-31', '0.50');
const running = await newCycle(farmDay(-3), farmDay(20), '0.35');

// Amara (bank details) returns 20 of 100 empties: R 7.00. Bongani (no bank details) returns all 12 of
// his: R 4.20, and holds no empties, so the spec's estimate (empties × rate) is R 0.00 while he is owed
// R 4.20. Dumi (bank details) returned 10 on 10 January 2000: R 5.00 in the old cycle, paid later.
const amara = await agentWithEmpties('Amara Nkosi', 100, true);
const bongani = await agentWithEmpties('Bongani <i>Zulu</i>', 12, false);
const dumi = await agentWithEmpties('Dumi Mahlangu', 10, true);
await acknowledge(farm, await returnEmpties(amara, 20), 20);
await acknowledge(farm, await returnEmpties(bongani, 12), 12);
await acknowledgeTransmission(app.db, { id: farm.user.id, role: 'farm_store' }, await returnEmpties(dumi, 10), 10, {
  at: new Date('2000-01-10T10:00:00Z'),
});

const generate = (payload: object) => farm.inject({ method: 'POST', url: '/api/reports/generate', payload });
const statement = async (payload: object) => {
  const res = await generate({ reportType: 'billing', ...payload });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  return { res, page: res.body };
};
/** The statement's one table row for an agent, as text without tags. */
const rowOf = (page: string, name: string) =>
  (page.match(/<tr>.*?<\/tr>/g) ?? [])
    .filter((row) => row.includes(name))
    .map((row) =>
      row
        .replace(/<br>/g, ' ')
        .replace(/<[^>]+>/g, '|')
        .replace(/\|+/g, '|')
        .replace(/\s+/g, ' '),
    );
const pdfText = async (payload: object) => {
  const res = await generate(payload);
  expect(res.statusCode, res.body).toBe(200);
  const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
  return text.replace(/\s+/g, ' ');
};

describe('the billing statement', () => {
  it("shows the active cycle (blank dates): each agent's crates, amount, paid and owed, and who is not in the payout file", async () => {
    const { res, page } = await statement({ dateRange: { startDate: '', endDate: '' }, selectedAgentId: 'all' });
    expect(res.headers['content-disposition']).toBe(`attachment; filename="billing-statement-${running.endDate}.html"`);
    expect(page).toContain(
      `<title>${DEFAULT_FARM_NAME}: Billing statement: ${running.startDate} to ${running.endDate}</title>`,
    );
    expect(page).toContain(`<dt>Start date</dt><dd>${running.startDate}</dd>`);
    expect(page).toContain('Active Cycle');
    expect(rowOf(page, 'Amara Nkosi')[0]).toMatch(/\|20\|R\s7\.00\|R\s0\.00\|R\s7\.00\|$/);
    expect(rowOf(page, 'Bongani')[0]).toMatch(
      /Bank details required for EFT payment\|12\|R\s4\.20\|R\s0\.00\|R\s4\.20\|$/,
    );
    // Masked to the last four digits; never the whole number.
    expect(page).toContain('Account ****5678');
    expect(page).not.toContain('62012345678');
    // Dumi's return was counted in January 2000: another cycle's.
    expect(page).not.toContain('Dumi');
    expect(page).toMatch(/<td colspan="4">Total<\/td><td class="num">32<\/td><td class="num">R\s11\.20<\/td>/);
    // The payout file leaves Bongani out: the statement says so, with his amount.
    const section = page.slice(page.indexOf(billingMessages.notInPayoutFile));
    expect(page).toContain(`<h2 id="not-in-payout" class="warning">${billingMessages.notInPayoutFile}</h2>`);
    expect(section).toContain('Bongani &lt;i&gt;Zulu&lt;/i&gt;');
    expect(section).not.toContain('Amara');
    expect(section).toMatch(/Total not in the payout file<\/td><td class="num">R\s4\.20/);
  });

  it('shows any cycle asked for by its dates, printed exactly as stored, with its recorded payment', async () => {
    let { res, page } = await statement({ dateRange: { startDate: '2000-01-05', endDate: '2000-01-31' } });
    expect(res.headers['content-disposition']).toBe('attachment; filename="billing-statement-2000-01-31.html"');
    expect(page).toContain(`<title>${DEFAULT_FARM_NAME}: Billing statement: 2000-01-05 to 2000-01-31</title>`);
    expect(page).toContain('<dt>Start date</dt><dd>2000-01-05</dd>');
    expect(page).toContain('<dt>End date</dt><dd>2000-01-31</dd>');
    expect(page).not.toMatch(/19\d\d-01-05|1900|1999/);
    expect(page).toContain('Completed Cycle');
    expect(rowOf(page, 'Dumi Mahlangu')[0]).toMatch(/\|10\|R\s5\.00\|R\s0\.00\|R\s5\.00\|$/);
    expect(page).not.toContain('Amara');

    const paid = await json(farm, 'POST', `/api/billing/cycles/${old.id}/payments`, {
      paidOn: '2000-02-03',
      reference: 'EFT JAN 2000',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    ({ page } = await statement({ dateRange: { startDate: '2000-01-05', endDate: '2000-01-31' } }));
    expect(page).toContain('Paid Cycle');
    expect(rowOf(page, 'Dumi Mahlangu')[0]).toMatch(
      /\|10\|R\s5\.00\|R\s5\.00 \|2000-02-03, ref EFT JAN 2000\|R\s0\.00\|$/,
    );
    expect(page).toMatch(/<dt>Total paid<\/dt><dd>R\s5\.00<\/dd>/);
    expect(page).toMatch(/<dt>Owed<\/dt><dd>R\s0\.00<\/dd>/);
    expect(page).not.toContain(billingMessages.notInPayoutFile);
  });

  it("narrows to one agent's record when an agent is chosen", async () => {
    const { page } = await statement({ selectedAgentId: bongani.marketAgentId });
    expect(page).toContain(`to ${running.endDate} for Bongani &lt;i&gt;Zulu&lt;/i&gt;</title>`);
    expect(page).not.toContain('Amara');
    expect(page).toMatch(/<dt>Total value<\/dt><dd>R\s4\.20<\/dd>/);
    expect(page).toContain(billingMessages.notInPayoutFile);
    const own = await statement({ selectedAgentId: amara.marketAgentId });
    expect(own.page).not.toContain('Bongani');
    expect(own.page).not.toContain(billingMessages.notInPayoutFile);
    expect(own.page).toMatch(/<dt>Total value<\/dt><dd>R\s7\.00<\/dd>/);
  });

  it('answers 404 for dates that match no cycle or an unknown agent, and 400 for years before 2000', async () => {
    const range = { startDate: running.startDate, endDate: addDays(running.endDate, 1) };
    const res = await generate({ reportType: 'billing', dateRange: range });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: reportMessages.noCycleWithDates(range.startDate, range.endDate) });
    expect((await generate({ reportType: 'billing', selectedAgentId: 999_999 })).statusCode).toBe(404);
    const ancient = await generate({
      reportType: 'billing',
      dateRange: { startDate: '0099-01-05', endDate: '0099-01-31' },
    });
    expect(ancient.statusCode).toBe(400);
  });
});

describe("an agent's report carries its own billing, never the farm's", () => {
  it('shows billed and owed money on the Reports screen, also for an agent whose empties are all returned', async () => {
    const s = (await json(farm, 'GET', '/api/reports/summary')).json();
    const byName = Object.fromEntries(s.agents.map((a: { agentName: string }) => [a.agentName, a]));
    expect(byName['Bongani <i>Zulu</i>']).toMatchObject({
      emptyCrates: 0,
      earningsEstimate: '0.00',
      billedCrates: 12,
      billedAmount: '4.20',
      unbilledCrates: 0,
      owedAmount: '4.20',
    });
    expect(byName['Amara Nkosi']).toMatchObject({ billedCrates: 20, billedAmount: '7.00', owedAmount: '7.00' });
    // Dumi's return is January 2000's, outside the last 7 days; his payment leaves nothing owed.
    expect(byName['Dumi Mahlangu']).toMatchObject({ billedCrates: 0, billedAmount: '0.00', owedAmount: '0.00' });
    expect(s.billing).toEqual({
      billedCrates: 32,
      billedAmount: '11.20',
      unbilledReturns: 0,
      unbilledCrates: 0,
      totalEarnings: '16.20',
      totalPaid: '5.00',
      totalOwed: '11.20',
    });

    const one = (await json(farm, 'GET', `/api/reports/summary?selectedAgentId=${amara.marketAgentId}`)).json();
    expect(one.newAgentsThisMonth).toBeNull();
    expect(one.billing).toEqual({
      billedCrates: 20,
      billedAmount: '7.00',
      unbilledReturns: 0,
      unbilledCrates: 0,
      totalEarnings: '7.00',
      totalPaid: '0.00',
      totalOwed: '7.00',
    });
  });

  it("puts the agent's own billed figures in its PDF and no farm figure", async () => {
    const farmWide = await pdfText({ reportType: 'weekly', selectedAgentId: 'all' });
    expect(farmWide).toContain('Billed this period R 11.20 32 crates');
    expect(farmWide).toMatch(/Active agents \d+ \+\d+ new this month/);

    const own = await pdfText({ reportType: 'monthly', selectedAgentId: amara.marketAgentId });
    expect(own).toContain('Market agent: Amara Nkosi');
    expect(own).toContain('Billed this period R 7.00 20 crates');
    expect(own).toContain('Billed in all cycles R 7.00');
    expect(own).toContain('Owed R 7.00 billed less paid');
    expect(own).toMatch(/Amara Nkosi \(\S+\) 1 0 20 0 80 R 7\.00 R 7\.00 R 28\.00/);
    for (const farmFigure of ['11.20', '16.20', '32 crates', 'new this month', 'Active agents', 'Bongani', 'Dumi']) {
      expect(own, farmFigure).not.toContain(farmFigure);
    }
  });

  it('gives the agent its own earnings, payments and billed crates in its weekly summary', async () => {
    const mine = (await json(dumi, 'GET', '/api/reports/my-weekly')).json();
    expect(mine.earnings).toMatchObject({
      totalEarnings: '5.00',
      totalPaid: '5.00',
      totalOwed: '0.00',
      cratesBilled: 10,
      unbilledCratesThisWeek: 0,
      ratePerCrate: '0.35',
      emptyCratesValue: '0.00',
    });
    const bonganis = (await json(bongani, 'GET', '/api/reports/my-weekly')).json();
    expect(bonganis.earnings).toMatchObject({ totalEarnings: '4.20', totalOwed: '4.20', cratesBilled: 12 });
  });
});
