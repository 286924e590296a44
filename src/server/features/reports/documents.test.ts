// Documents that travel (decision 049): a report PDF embeds its font (TrueType,
// /FontFile2) and names no standard font, is tagged (/MarkInfo, a structure tree, /Lang), shows its
// title (the farm, the report, the period) in the reader's title bar, and prints the farm's name and
// names in other scripts; the billing statement carries the farm's name and period too.
import { extractText, getMeta } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { billingFixtures, farmDay } from '../../../../tests/support/billing.ts';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { send } from '../../../../tests/support/transmissions.ts';

const FARM = 'Zoë’s Pepper Farm';
const { app, farm, agents } = await testFarm({
  config: { farmName: FARM },
  stock: 100,
  agents: [{ name: 'Зоя Ковалёва', fullCrates: 5 }],
});
const [agent] = agents;
await send(farm, agent, 10);
await billingFixtures(app, farm).newCycle(farmDay(-3), farmDay(3), '2.00');

const generate = (payload: object) => farm.inject({ method: 'POST', url: '/api/reports/generate', payload });

describe('a report PDF', async () => {
  const res = await generate({ reportType: 'weekly', dateRange: {}, selectedAgentId: 'all' });
  // pdf.js takes the bytes it is given (transfers them): each read gets its own copy.
  const bytes = () => new Uint8Array(res.rawPayload);
  // PDF dictionaries are plain text between the compressed streams.
  const raw = res.rawPayload.toString('latin1');

  it('embeds its TrueType font and names no standard font', () => {
    expect(res.statusCode).toBe(200);
    expect(raw).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
  });

  it('is tagged, with its language and a title the reader shows', async () => {
    expect(raw).toMatch(/\/MarkInfo \d+ 0 R|\/MarkInfo <<\s*\/Marked true/);
    expect(raw).toContain('/Marked true');
    expect(raw).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(raw).toMatch(/\/S \/H1\b/);
    expect(raw).toMatch(/\/S \/Table\b/);
    expect(raw).toMatch(/\/S \/Figure\b/);
    expect(raw).toContain('/Lang (en-ZA)');
    expect(raw).toContain('/DisplayDocTitle true');
    const { info } = await getMeta(bytes());
    expect(info.Title).toMatch(new RegExp(`^${FARM}: Weekly report, \\d{1,2} \\w+ \\d{4} to \\d{1,2} \\w+ \\d{4}$`));
    expect(info.Author).toBe(FARM);
  });

  it("prints the farm's name, the period and a Cyrillic name as written", async () => {
    const { text } = await extractText(bytes(), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat.startsWith(FARM)).toBe(true);
    expect(flat).toMatch(/Period: \d{1,2} \w+ \d{4} to \d{1,2} \w+ \d{4} \(7 days\)/);
    expect(flat).toContain('Зоя Ковалёва');
  });
});

describe('the billing statement', () => {
  it("carries the farm's name and the cycle's period", async () => {
    const res = await generate({ reportType: 'billing', dateRange: {}, selectedAgentId: 'all' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${FARM}: Billing statement: ${farmDay(-3)} to ${farmDay(3)}</title>`);
    expect(res.body).toContain(`<dt>Farm</dt><dd>${FARM}</dd>`);
    expect(res.body).toContain(`<dt>Period</dt><dd>${farmDay(-3)} to ${farmDay(3)}</dd>`);
  });
});
