// The produce types and qualities offers choose from (decision 068): defaults until the farm store
// saves its own in Settings; suppliers read them; offers still take any produceType and quality.
import { describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { registerApprovedSupplier } from '../../../../tests/support/transmissions.ts';
import {
  DEFAULT_PRODUCE_TYPES,
  DEFAULT_QUALITIES,
  produceListMessages as m,
  PRODUCE_LIST_MAX,
} from '../../../shared/produce-lists.ts';

const URL = '/api/farm-store/produce-lists';

describe('the produce lists', () => {
  it('are the defaults until the farm store saves them; then every supplier reads the saved ones', async () => {
    const app = await buildTestApp();
    const farm = await registerAs(app, 'farm_store');
    const supplier = await registerApprovedSupplier(app);
    const read = async () => (await supplier.inject({ method: 'GET', url: '/api/produce-lists' })).json();
    expect(await read()).toEqual({ produceTypes: [...DEFAULT_PRODUCE_TYPES], qualities: [...DEFAULT_QUALITIES] });

    const set = await farm.inject({
      method: 'PUT',
      url: URL,
      payload: { produceTypes: [' Sweet Bell Peppers ', 'Jalapeño'], qualities: ['Class 1', 'Extra Class'] },
    });
    expect(set.statusCode, set.body).toBe(200);
    const saved = { produceTypes: ['Sweet Bell Peppers', 'Jalapeño'], qualities: ['Class 1', 'Extra Class'] };
    expect(set.json()).toEqual(saved);
    expect(await read()).toEqual(saved);
    expect((await farm.inject({ method: 'GET', url: '/api/produce-lists' })).json()).toEqual(saved);

    // An offer still takes what is not on the lists (other systems post free text).
    const offer = await supplier.inject({
      method: 'POST',
      url: '/api/suppliers/offers',
      payload: { produceName: 'Peppers', produceType: 'Peppadew', quality: 'Mixed', quantityCrates: 3 },
    });
    expect(offer.statusCode, offer.body).toBe(201);

    const trail = await farm.inject({ method: 'GET', url: '/api/audit?action=produce-lists.update' });
    expect(trail.json()).toHaveLength(1);
  });

  it('refuses a bad list with its field message (400, unchanged), anyone but the farm store (401, 403)', async () => {
    const app = await buildTestApp();
    const farm = await registerAs(app, 'farm_store');
    const good = { produceTypes: ['Paprika'], qualities: ['Class 1'] };
    const put = async (payload: object) => {
      const res = await farm.inject({ method: 'PUT', url: URL, payload });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().message;
    };
    expect(await put({ ...good, produceTypes: [] })).toBe(m.empty('produceTypes'));
    expect(await put({ ...good, qualities: ['Class 1', '  '] })).toBe(m.blank('qualities'));
    expect(await put({ ...good, produceTypes: ['P'.repeat(101)] })).toBe(m.tooLong('produceTypes'));
    expect(await put({ ...good, qualities: ['Class 1', ' class 1'] })).toBe(m.twice('class 1'));
    expect(await put({ ...good, produceTypes: ['other'] })).toBe(m.other);
    const many = Array.from({ length: PRODUCE_LIST_MAX + 1 }, (_, i) => `Type ${i}`);
    expect(await put({ ...good, produceTypes: many })).toBe(m.tooMany('produceTypes'));
    await put({ produceTypes: 'Paprika', qualities: ['Class 1'] });
    await put({ produceTypes: ['Paprika'] });
    await put({ ...good, extra: 1 });

    expect((await app.inject({ method: 'PUT', url: URL, payload: good })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/produce-lists' })).statusCode).toBe(401);
    for (const role of ['market_agent', 'supplier'] as const) {
      const caller = await registerAs(app, role);
      expect((await caller.inject({ method: 'PUT', url: URL, payload: good })).statusCode).toBe(403);
    }
    const agent = await registerAs(app, 'market_agent');
    expect((await agent.inject({ method: 'GET', url: '/api/produce-lists' })).statusCode).toBe(403);
    const now = (await farm.inject({ method: 'GET', url: '/api/produce-lists' })).json();
    expect(now).toEqual({ produceTypes: [...DEFAULT_PRODUCE_TYPES], qualities: [...DEFAULT_QUALITIES] });
  });
});
