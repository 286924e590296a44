// Private data stays private (masked account numbers, no-store, one-line fields,
// UTF-8 JSON only) and a rejected supplier gets no crates.
import { describe, expect, it } from 'vitest';
import { registerAs } from '../../tests/support/accounts.ts';
import { testFarm } from '../../tests/support/test-farm.ts';
import { farmStock, json, registerAgent, registerApprovedSupplier } from '../../tests/support/transmissions.ts';

const { app, farm } = await testFarm({ stock: 500 });

const supplierBank = {
  businessName: 'Limpopo Chillies',
  contactPerson: 'Sizwe',
  contactNumber: '082 555 1234',
  farmLocation: 'Tzaneen',
  certificationType: 'organic',
  bankName: 'Capitec',
  accountNumber: '1402 3456 78',
  branchCode: '470010',
  accountHolderName: 'Limpopo Chillies',
};

describe("a supplier's bank account number", () => {
  it('is masked to its last four digits in the farm store’s lists and shown in full only to the supplier', async () => {
    const supplier = await registerApprovedSupplier(app);
    expect(
      (await supplier.inject({ method: 'PATCH', url: '/api/suppliers/me', payload: supplierBank })).statusCode,
    ).toBe(200);
    const own = await json(supplier, 'GET', '/api/suppliers/me');
    expect(own.json().accountNumber).toBe('1402345678');
    for (const url of ['/api/suppliers', '/api/suppliers?limit=500']) {
      const res = await json(farm, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('1402345678');
      const row = res.json().find((s: { userId: number }) => s.userId === supplier.user.id);
      expect(row.accountNumber).toBe('****5678');
    }
  });
});

describe('answers with personal data', () => {
  it('carry Cache-Control: no-store', async () => {
    const agent = await registerAgent(app);
    for (const [who, url] of [
      [farm, '/api/auth/me'],
      [farm, '/api/suppliers'],
      [farm, '/api/admin/users'],
      [agent, '/api/market-agents/me'],
      [agent, '/api/clients'],
    ] as const) {
      const res = await json(who, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const session = await app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(session.headers['cache-control']).toBe('no-store');
  });
});

describe('one-line fields', () => {
  it('refuse CR and LF (400 naming the field) and store nothing', async () => {
    const agent = await registerAgent(app);
    const client = await json(agent, 'POST', '/api/clients', {
      businessName: 'Fresh\r\nBcc: x@evil.test',
      clientName: 'C',
      contactNumber: '082 123 4567',
    });
    expect(client.statusCode).toBe(400);
    expect(client.json().errors.businessName).toBe('Line breaks are not allowed in this field');
    expect((await json(agent, 'GET', '/api/clients')).json()).toEqual([]);

    const contact = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Eve\nFrom: farm@example.com', email: 'eve@example.com', subject: 'Hi', message: 'Two\nlines' },
    });
    expect(contact.statusCode).toBe(400);
    expect(Object.keys(contact.json().errors)).toEqual(['name']);
    // A message keeps its lines.
    const fine = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Eve', email: 'eve@example.com', subject: 'Hi', message: 'Two\nlines' },
    });
    expect(fine.statusCode).toBe(201);
  });
});

describe('request bodies', () => {
  it('are UTF-8 JSON only: another declared charset is 415 and changes nothing', async () => {
    const before = await farmStock(farm);
    for (const type of ['application/json; charset=utf-16', 'application/json;charset=ISO-8859-1']) {
      const res = await farm.inject({
        method: 'POST',
        url: '/api/farm-store/stock-adjustments',
        headers: { 'content-type': type },
        payload: JSON.stringify({ quantity: 5, reason: 'Bought' }),
      });
      expect(res.statusCode, type).toBe(415);
      expect(typeof res.json().message).toBe('string');
    }
    const ok = await farm.inject({
      method: 'POST',
      url: '/api/farm-store/stock-adjustments',
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      payload: JSON.stringify({ quantity: 5, reason: 'Bought' }),
    });
    expect(ok.statusCode).toBe(201);
    expect(await farmStock(farm)).toBe(before + 5);
  });
});

describe('a rejected supplier', () => {
  it('has its pending crate requests withdrawn: fulfilling one afterwards is 409 and moves no crates', async () => {
    const supplier = await registerApprovedSupplier(app);
    const request = (
      await json(supplier, 'POST', '/api/transmissions', { type: 'supplier_to_farm', quantity: 7 })
    ).json();
    const supplierId = (await json(supplier, 'GET', '/api/suppliers/me')).json().id;
    const reject = await json(farm, 'POST', `/api/suppliers/${supplierId}/reject`);
    expect(reject.statusCode).toBe(200);
    const stock = await farmStock(farm);
    const fulfil = await json(farm, 'PUT', `/api/transmissions/${request.id}/acknowledge`, { actualQuantity: 7 });
    expect(fulfil.statusCode).toBe(409);
    expect(await farmStock(farm)).toBe(stock);
    const pending = (await json(farm, 'GET', '/api/suppliers/crate-requests?status=pending')).json();
    expect(pending.map((r: { id: number }) => r.id)).not.toContain(request.id);
    const all = (await json(farm, 'GET', '/api/suppliers/crate-requests')).json();
    expect(all.find((r: { id: number }) => r.id === request.id)).toMatchObject({ status: 'recalled' });
  });
});

describe('strict bodies', () => {
  it('refuse a field the route does not know with 400 naming it, and change nothing', async () => {
    const agent = await registerAgent(app);
    const res = await json(agent, 'POST', '/api/clients', {
      businessName: 'B',
      clientName: 'C',
      contactNumber: '082 123 4567',
      isActive: false,
      totalBorrowed: 999,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Unknown fields: isActive, totalBorrowed',
      errors: { isActive: 'This field is not accepted here', totalBorrowed: 'This field is not accepted here' },
    });
    expect((await json(agent, 'GET', '/api/clients')).json()).toEqual([]);
    // The spec's own fields are accepted, e.g. the supplier variant's fromUserId and status (spec §7).
    const supplier = await registerApprovedSupplier(app);
    const variant = await json(supplier, 'POST', '/api/transmissions', {
      type: 'supplier_to_farm',
      quantity: 2,
      fromUserId: supplier.user.id,
      status: 'pending',
    });
    expect(variant.statusCode).toBe(201);
    const stock = await farmStock(farm);
    const typo = await json(farm, 'POST', '/api/farm-store/stock-adjustments', { quantity: 5, reasn: 'typo' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().errors).toHaveProperty('reasn');
    expect(await farmStock(farm)).toBe(stock);
  });
});

describe('routes that take no body', () => {
  it('refuse any body but none, null or {} (400) and do nothing; nested unknown fields are named too', async () => {
    const pending = await registerAs(app, 'supplier');
    const id = (await json(pending, 'GET', '/api/suppliers/me')).json().id;
    for (const payload of ['{"isApproved":false,"status":"rejected"}', '[1]', '0']) {
      const res = await farm.inject({
        method: 'POST',
        url: `/api/suppliers/${id}/approve`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message).toBe('This request takes no body');
    }
    expect((await json(pending, 'GET', '/api/suppliers/me')).json().isApproved).toBe(false);
    expect((await json(farm, 'POST', `/api/suppliers/${id}/approve`, {})).statusCode).toBe(200);

    const report = await json(farm, 'POST', '/api/reports/generate', {
      reportType: 'weekly',
      dateRange: { startDate: '', endDate: '', junk: 1 },
      selectedAgentId: 'all',
    });
    expect(report.statusCode).toBe(400);
    expect(report.json().errors).toEqual({ 'dateRange.junk': 'This field is not accepted here' });
  });
});
