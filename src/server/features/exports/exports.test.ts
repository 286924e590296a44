// CSV exports through the API (decision 049): the files' content, byte-order mark,
// quoting and neutralised formulas, ranges of farm days, who may export what (403/404), refused ranges
// (400), and that a file is read from the database a page at a time.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { bankDetails, billingFixtures, farmDay, today } from '../../../../tests/support/billing.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { addStock, enterOpeningBalance, json, registerAgent } from '../../../../tests/support/transmissions.ts';
import { EXPORT_COLUMNS, type ExportKind, exportUrl } from '../../../shared/exports.ts';
import { onQueryTimed } from '../../db/query-timing.ts';
import { clients } from '../../db/schema/index.ts';
import { csvStream, keysetRows } from '../../lib/csv.ts';
import { EXPORT_BATCH } from './service.ts';

const app = await buildTestApp();
const farm = await registerAs(app, 'farm_store', { name: 'Nomsa Farm' });
const { returnCountedOn, newCycle } = billingFixtures(app, farm);
const agentA = await registerAgent(app, { name: 'Zoë Agent' });
const agentB = await registerAgent(app, { name: 'Bongani Agent', marketLocation: 'Pretoria Market' });
const supplier = await registerAs(app, 'supplier');
await addStock(farm, 500);
await enterOpeningBalance(farm, agentA, { fullCrates: 50, emptyCrates: 10 });
await json(agentA, 'PUT', '/api/market-agents/me/bank-details', bankDetails);
await enterOpeningBalance(farm, agentB, { fullCrates: 20 });

const ok = async (res: Promise<LightMyRequestResponse>, status = 201) => {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json();
};
await ok(
  json(farm, 'POST', '/api/transmissions', {
    type: 'farm_to_market',
    marketAgentId: agentA.marketAgentId,
    toUserId: agentA.user.id,
    quantity: 7,
    notes: '=HYPERLINK("http://evil","click")',
  }),
);
await ok(
  json(farm, 'POST', '/api/transmissions', {
    type: 'farm_to_market',
    marketAgentId: agentB.marketAgentId,
    toUserId: agentB.user.id,
    quantity: 3,
  }),
);
const clientA = await ok(
  json(agentA, 'POST', '/api/clients', {
    businessName: '-Mama "Best", Fresh',
    clientName: 'Thandi Mokoena',
    contactNumber: '082 123 4567',
  }),
);
const clientB = await ok(
  json(agentB, 'POST', '/api/clients', {
    businessName: 'Pretoria Greens',
    clientName: 'Sipho Dlamini',
    contactNumber: '082 765 4321',
  }),
);
await ok(json(agentA, 'POST', '/api/client-transactions', { clientId: clientA.id, quantityBorrowed: 4 }));
await ok(json(agentB, 'POST', '/api/client-transactions', { clientId: clientB.id, quantityBorrowed: 2 }));
// A return of A's counted three days ago, billed in a cycle that ended yesterday and paid.
await returnCountedOn(agentA, 6, -3);
const cycle = await newCycle(farmDay(-10), farmDay(-1), '1.50');
await ok(
  json(farm, 'POST', `/api/billing/cycles/${cycle.id}/payments`, {
    paidOn: today,
    reference: '+EFT 2026',
    marketAgentId: agentA.marketAgentId,
  }),
);

/** A small RFC 4180 reader: records of fields, quotes doubled inside quoted fields, CRLF between records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted || (c !== ',' && c !== '\r')) field += c;
    else if (c === ',') endField();
    else {
      endField();
      records.push(record);
      record = [];
      i++; // the \n of CRLF
    }
  }
  return records;
}

type Who = typeof farm;
/** A file's records as objects by column, after checking it is a CSV download with a byte-order mark. */
async function download(who: Who, kind: ExportKind, range: Parameters<typeof exportUrl>[1] = {}) {
  const res = await who.inject({ method: 'GET', url: exportUrl(kind, range) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="cratekeeper-${kind}-[a-z0-9-]+-to-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
  );
  expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const text = res.rawPayload.subarray(3).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual(EXPORT_COLUMNS[kind]);
  return { text, rows: rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))) };
}

describe('the files', () => {
  it('transmissions: every agent for the farm store, names and formulas neutralised', async () => {
    const { text, rows } = await download(farm, 'transmissions');
    const toA = rows.find((r) => r.Agent === 'Zoë Agent' && r.Type === 'Farm to Market')!;
    expect(toA).toMatchObject({ Quantity: '7', Status: 'pending', From: 'Nomsa Farm', To: 'Zoë Agent' });
    expect(toA['Sent At']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+02:00$/);
    // A note a spreadsheet would run as a formula starts with an apostrophe, and is quoted (it holds quotes).
    expect(toA.Notes).toBe(`'=HYPERLINK("http://evil","click")`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"",""click"")"`);
    expect(rows.some((r) => r.Agent === 'Bongani Agent')).toBe(true);
    expect(rows.find((r) => r.Type === 'Market to Farm')).toMatchObject({ To: 'Farm store', Counted: '6' });
  });

  it('clients and loans: commas and quotes quoted (RFC 4180), a leading minus neutralised', async () => {
    const { text, rows } = await download(farm, 'clients');
    expect(rows.find((r) => r['Client ID'] === String(clientA.id))).toMatchObject({
      'Client business name': `'-Mama "Best", Fresh`,
      'Agent name': 'Zoë Agent',
      'Agent e-mail': agentA.user.email,
      'Crates on loan to the client': '4',
      Active: 'Yes',
    });
    expect(text).toContain(`"'-Mama ""Best"", Fresh"`);
    const loans = (await download(farm, 'loans')).rows;
    expect(loans.map((r) => [r['Business Name'], r.Borrowed, r['Still Out'], r.Open])).toEqual([
      [`'-Mama "Best", Fresh`, '4', '4', 'Yes'],
      ['Pretoria Greens', '2', '2', 'Yes'],
    ]);
  });

  it('billing lines, payments and the ledger', async () => {
    const [line] = (await download(farm, 'billing-lines')).rows;
    expect(line).toMatchObject({
      'Acknowledged On': farmDay(-3),
      Agent: 'Zoë Agent',
      Crates: '6',
      'Cycle ID': String(cycle.id),
      'Rate Per Crate': '1.50',
      Amount: '9.00',
    });
    const [payment] = (await download(farm, 'payments')).rows;
    expect(payment).toMatchObject({
      'Paid On': today,
      Amount: '9.00',
      Reference: "'+EFT 2026",
      'Recorded By': 'Nomsa Farm',
    });
    const ledger = (await download(farm, 'ledger')).rows;
    expect(ledger.map((r) => r.Kind)).toEqual(expect.arrayContaining(['stock_adjustment', 'dispatch', 'lend']));
    expect(ledger.find((r) => r.Kind === 'lend')).toMatchObject({
      From: `agent:${agentA.marketAgentId}:full`,
      To: `client:${clientA.id}`,
      Quantity: '4',
    });
    // Oldest first, each id once.
    const ids = ledger.map((r) => Number(r['Movement ID']));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('one agent of the farm store: ?marketAgentId=', async () => {
    const { rows } = await download(farm, 'ledger', { marketAgentId: agentB.marketAgentId });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(`${r.From} ${r.To}`).toContain(`agent:${agentB.marketAgentId}:`);
    expect((await download(farm, 'loans', { marketAgentId: agentB.marketAgentId })).rows).toHaveLength(1);
  });
});

describe('a range of farm days', () => {
  it('keeps the rows whose day is in it, both ends inclusive', async () => {
    const day = farmDay(-3);
    expect((await download(farm, 'billing-lines', { from: day, to: day })).rows).toHaveLength(1);
    expect((await download(farm, 'billing-lines', { from: farmDay(-2) })).rows).toHaveLength(0);
    expect((await download(farm, 'billing-lines', { to: farmDay(-4) })).rows).toHaveLength(0);
    expect((await download(farm, 'payments', { from: today, to: today })).rows).toHaveLength(1);
    expect((await download(farm, 'transmissions', { from: today, to: today })).rows.length).toBeGreaterThanOrEqual(3);
    expect((await download(farm, 'transmissions', { from: farmDay(1) })).rows).toHaveLength(0);
    // The only movement before today: the return counted at noon three days ago.
    const earlier = (await download(farm, 'ledger', { to: farmDay(-1) })).rows;
    expect(earlier.map((r) => [r.Kind, r['Occurred At'].slice(0, 10)])).toEqual([['receipt', farmDay(-3)]]);
  });

  it('names the range in the file name', async () => {
    const res = await farm.inject({ method: 'GET', url: exportUrl('loans', { from: '2026-01-01', to: '2026-01-31' }) });
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="cratekeeper-loans-2026-01-01-to-2026-01-31.csv"',
    );
  });

  it('refuses a range that is not one with 400 and the field', async () => {
    for (const [query, field] of [
      ['from=2026-11-30&to=2026-11-01', 'to'],
      ['from=2026-13-01', 'from'],
      ['to=yesterday', 'to'],
      ['marketAgentId=abc', 'marketAgentId'],
    ] as const) {
      const res = await farm.inject({ method: 'GET', url: `/api/exports/transmissions.csv?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), query).toContain(field);
    }
  });
});

describe('who may export what', () => {
  it("an agent's files hold only its own transmissions, clients and loans", async () => {
    const transmissions = (await download(agentA, 'transmissions')).rows;
    expect(transmissions.length).toBe(2);
    expect(new Set(transmissions.map((r) => r.Agent))).toEqual(new Set(['Zoë Agent']));
    expect((await download(agentA, 'clients')).rows.map((r) => r['Client ID'])).toEqual([String(clientA.id)]);
    expect((await download(agentB, 'loans')).rows.map((r) => r['Client ID'])).toEqual([String(clientB.id)]);
    // Naming itself is the same file.
    expect((await download(agentA, 'loans', { marketAgentId: agentA.marketAgentId })).rows).toHaveLength(1);
  });

  it("another agent's file is not found; an unknown agent neither (404)", async () => {
    const other = await agentA.inject({
      method: 'GET',
      url: exportUrl('clients', { marketAgentId: agentB.marketAgentId }),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Market agent not found');
    expect(other.body).not.toContain('Pretoria Greens');
    const unknown = await farm.inject({ method: 'GET', url: exportUrl('loans', { marketAgentId: 999_999 }) });
    expect(unknown.statusCode).toBe(404);
  });

  it('billing lines, payments and the ledger are the farm store’s; suppliers export nothing (403)', async () => {
    for (const kind of ['billing-lines', 'payments', 'ledger'] as const) {
      expect((await agentA.inject({ method: 'GET', url: exportUrl(kind) })).statusCode, kind).toBe(403);
    }
    for (const kind of ['transmissions', 'clients', 'loans'] as const) {
      expect((await supplier.inject({ method: 'GET', url: exportUrl(kind) })).statusCode, kind).toBe(403);
      expect((await app.inject({ method: 'GET', url: exportUrl(kind) })).statusCode, kind).toBe(401);
    }
  });
});

describe('streaming', () => {
  it('reads the database a page at a time (keyset pages of EXPORT_BATCH)', async () => {
    const extra = EXPORT_BATCH * 2 + 7;
    const rows = Array.from({ length: extra }, (_, i) => ({
      marketAgentId: agentB.marketAgentId,
      businessName: `Bulk ${i}`,
      clientName: 'Bulk',
      contactNumber: '082 000 0000',
    }));
    for (let i = 0; i < rows.length; i += 500) await app.db.insert(clients).values(rows.slice(i, i + 500));
    const pages: string[] = [];
    const stop = onQueryTimed(app.database, ({ sql }) => {
      if (/from "clients"/.test(sql) && /limit/i.test(sql)) pages.push(sql);
    });
    try {
      const { rows: exported } = await download(farm, 'clients', { marketAgentId: agentB.marketAgentId });
      expect(exported).toHaveLength(extra + 1);
    } finally {
      stop();
    }
    expect(pages).toHaveLength(3);
  });

  it('asks for a page only when the reader wants more: a million rows never sit in memory', async () => {
    const MILLION = 1_000_000;
    let fetched = 0;
    const page = async (after: number, limit: number) => {
      fetched += 1;
      const n = Math.min(limit, MILLION - after);
      return Array.from({ length: n }, (_, i) => ({ id: after + i + 1 }));
    };
    async function* cells() {
      for await (const row of keysetRows(page, 1000)) yield [String(row.id), '=1+1', 'Zoë'];
    }
    const stream = csvStream(['ID', 'Formula', 'Name'], cells(), app.log, 'test');
    // Read the first 200 kB, then stop, as a client that hangs up would.
    let bytes = 0;
    let first = '';
    await pipeline(
      stream,
      new Writable({
        highWaterMark: 1024,
        write(chunk: Buffer, _encoding, done) {
          if (first.length < 100) first += chunk.toString('utf8');
          bytes += chunk.length;
          if (bytes > 200_000) done(new Error('enough'));
          else setImmediate(done);
        },
      }),
    ).catch((err: Error) => expect(err.message).toBe('enough'));
    expect(first.startsWith("\ufeffID,Formula,Name\r\n1,'=1+1,Zoë\r\n")).toBe(true);
    // 200 kB is about 12 000 rows: a dozen or so pages of the thousand there were to read.
    expect(fetched).toBeGreaterThan(1);
    expect(fetched).toBeLessThan(50);
  });
});
