// Damaged crates apart from missing ones in the reports (decision 056): each agent's
// crates marked damaged (its clients' returns, its returned empties) and missing at stock takes (written
// off less found) for the period, on the Reports screen's figures, the PDF, the e-mailed report, the
// agent's weekly summary and the weekly e-mail's preview. Booked through the API, read back through it.
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import {
  type AgentAccount,
  addStock,
  enterOpeningBalance,
  json,
  registerAgent,
} from '../../../../tests/support/transmissions.ts';
import type { AgentPerformance, ReportSummary, WeeklySummary } from '../../../shared/reports.ts';
import { addDays, farmToday } from '../../lib/farm-date.ts';

const { app, farm } = await testFarm();
// Named so that Aaron is the first recipient the weekly preview shows.
const aaron = await registerAgent(app, { name: 'Aaron Damaged' });
const zanele = await registerAgent(app, { name: 'Zanele Careful', marketLocation: 'Pretoria Market' });
await addStock(farm, 300);
await enterOpeningBalance(farm, aaron, { fullCrates: 40, emptyCrates: 20 });
await enterOpeningBalance(farm, zanele, { fullCrates: 10, emptyCrates: 5 });

/** A client of `agent` with a loan of `crates`; answers the client and the loan. */
async function loanOf(agent: AgentAccount, name: string, crates: number) {
  const client = (
    await json(agent, 'POST', '/api/clients', {
      businessName: name,
      clientName: 'Lerato',
      contactNumber: '082 555 0000',
    })
  ).json();
  const loan = (
    await json(agent, 'POST', '/api/client-transactions', { clientId: client.id, quantityBorrowed: crates })
  ).json();
  return { clientId: client.id as number, loanId: loan.id as number };
}

async function ok(res: Awaited<ReturnType<typeof json>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

// Aaron: a client returns 6 of 10 crates, 2 damaged; 8 empties sent back, the farm counts 8 with 3
// damaged: 5 damaged. A stock take: 4 full crates short, 1 crate found at the client: 3 missing.
const alpha = await loanOf(aaron, 'Alpha Greens', 10);
await ok(
  await json(aaron, 'PUT', `/api/client-transactions/${alpha.loanId}/return`, {
    quantityReturned: 6,
    damagedQuantity: 2,
    damageReason: 'Cracked handles',
  }),
);
const empties = await ok(await json(aaron, 'POST', '/api/transmissions', { type: 'market_to_farm', quantity: 8 }), 201);
await ok(
  await json(farm, 'PUT', `/api/transmissions/${empties.id}/acknowledge`, {
    actualQuantity: 8,
    damagedQuantity: 3,
    damageReason: 'Split bases',
  }),
);
// Zanele: one damaged crate on a client's return, no stock-take difference.
const bravo = await loanOf(zanele, 'Bravo Veg', 4);
await ok(
  await json(zanele, 'PUT', `/api/client-transactions/${bravo.loanId}/return`, {
    quantityReturned: 1,
    damagedQuantity: 1,
    damageReason: 'Wet through',
  }),
);

const [count] = await ok(await json(farm, 'POST', '/api/stock-takes', { marketAgentIds: [aaron.marketAgentId] }), 201);
const { toCount } = await ok(await json(aaron, 'GET', '/api/stock-takes/current'));
const expected = (label: string) => toCount.find((l: { label: string }) => l.label === label).expected as number;
await ok(
  await json(aaron, 'PUT', `/api/stock-takes/counts/${count.id}/submit`, {
    fullCrates: expected('Full crates') - 4,
    emptyCrates: expected('Empty crates'),
    clients: [{ clientId: alpha.clientId, counted: expected('Alpha Greens') + 1 }],
  }),
);
const [submitted] = await ok(await json(farm, 'GET', '/api/stock-takes/counts'));
for (const line of submitted.lines.filter((l: { counted: number; expected: number }) => l.counted !== l.expected)) {
  await ok(await json(farm, 'PUT', `/api/stock-takes/lines/${line.id}/resolve`, { action: 'accept' }));
}

const today = farmToday(app.config.farmTimezone);
const summary = async (query: string): Promise<ReportSummary> =>
  ok(await json(farm, 'GET', `/api/reports/summary?${query}`));
const rowOf = (s: ReportSummary, agent: AgentAccount) =>
  s.agents.find((a) => a.marketAgentId === agent.marketAgentId) as AgentPerformance;
const pdfText = async (payload: object) => {
  const res = await farm.inject({ method: 'POST', url: '/api/reports/generate', payload });
  expect(res.statusCode).toBe(200);
  const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
  return text.replace(/\s+/g, ' ');
};

describe("the farm's report figures", () => {
  it('show each agent its damaged crates apart from its missing ones', async () => {
    const all = await summary('reportType=weekly');
    expect(rowOf(all, aaron)).toMatchObject({ cratesDamaged: 5, cratesMissing: 3 });
    expect(rowOf(all, zanele)).toMatchObject({ cratesDamaged: 1, cratesMissing: 0 });
    expect(all.writeOffs).toEqual({ damaged: 6, missing: 3 });
    const own = await summary(`reportType=weekly&selectedAgentId=${zanele.marketAgentId}`);
    expect(own.agents.map((a) => [a.cratesDamaged, a.cratesMissing])).toEqual([[1, 0]]);
    expect(own.writeOffs).toEqual({ damaged: 1, missing: 0 });
  });

  it('count only what was booked within the period', async () => {
    const before = await summary(`reportType=custom&startDate=${addDays(today, -20)}&endDate=${addDays(today, -1)}`);
    expect(rowOf(before, aaron)).toMatchObject({ cratesDamaged: 0, cratesMissing: 0 });
    expect(before.writeOffs).toEqual({ damaged: 0, missing: 0 });
  });

  it('print in the PDF: the totals, and in the farm report each agent that had any', async () => {
    const farmPdf = await pdfText({ reportType: 'weekly', dateRange: {}, selectedAgentId: 'all' });
    expect(farmPdf).toContain('Damaged and missing crates Marked damaged 6 crates');
    expect(farmPdf).toContain('Missing at stock takes 3 crates written off less crates found');
    expect(farmPdf).toMatch(/Aaron Damaged \([\w-]+\) 5 3/);
    expect(farmPdf).toMatch(/Zanele Careful \([\w-]+\) 1 0/);
    const aaronPdf = await pdfText({ reportType: 'weekly', dateRange: {}, selectedAgentId: aaron.marketAgentId });
    expect(aaronPdf).toContain('Marked damaged 5 crates');
    expect(aaronPdf).toContain('Missing at stock takes 3 crates');
    expect(aaronPdf).not.toContain('Zanele');
  });

  it("say them in the e-mailed report's text", async () => {
    const preview = await ok(
      await json(farm, 'POST', '/api/reports/email/preview', {
        reportType: 'weekly',
        recipientAgentIds: [aaron.marketAgentId],
      }),
    );
    expect(preview.preview.text).toContain('Crates marked damaged: 5');
    expect(preview.preview.text).toContain('Crates missing at stock takes: 3');
  });
});

describe("the agent's weekly summary", () => {
  it('carries its own damaged and missing crates', async () => {
    const mine: WeeklySummary = await ok(await json(aaron, 'GET', '/api/reports/my-weekly'));
    expect(mine.writeOffs).toEqual({ damaged: 5, missing: 3 });
    const hers: WeeklySummary = await ok(await json(zanele, 'GET', '/api/reports/my-weekly'));
    expect(hers.writeOffs).toEqual({ damaged: 1, missing: 0 });
  });

  it("says them in the e-mail the farm store previews (the first agent's: Aaron's)", async () => {
    const preview = await ok(await json(farm, 'POST', '/api/reports/weekly/preview'));
    expect(preview.preview.to).toBe(aaron.user.email);
    expect(preview.preview.text).toContain(
      "Crates marked damaged this week: 5 crates (on your clients' returns and your returned empties)",
    );
    expect(preview.preview.text).toContain('Crates missing at stock takes this week: 3 crates');
  });
});
