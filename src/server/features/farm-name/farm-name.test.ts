// The farm's one name (decision 067): the name the public site always showed until FARM_NAME or the
// Settings field names the farm; the Settings field wins over FARM_NAME, at once, on the statements.
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { registerAs } from '../../../../tests/support/accounts.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { DEFAULT_FARM_NAME, farmNameMessages } from '../../../shared/farm-name.ts';

describe("the farm's name", () => {
  it('is the public site’s name until set; FARM_NAME is its first value; Settings sets it everywhere', async () => {
    const bare = await buildTestApp({ farmName: undefined });
    expect((await bare.inject({ method: 'GET', url: '/api/public/farm-name' })).json()).toEqual({
      name: DEFAULT_FARM_NAME,
      source: 'default',
    });

    const app = await buildTestApp({ farmName: 'Limpopo Peppers' });
    const read = async () => (await app.inject({ method: 'GET', url: '/api/public/farm-name' })).json();
    expect(await read()).toEqual({ name: 'Limpopo Peppers', source: 'configured' });

    const farm = await registerAs(app, 'farm_store');
    const set = await farm.inject({
      method: 'PUT',
      url: '/api/farm-store/farm-name',
      payload: { name: ' Soweto Pepper Farm ' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ name: 'Soweto Pepper Farm', source: 'settings' });
    expect(await read()).toEqual({ name: 'Soweto Pepper Farm', source: 'settings' });

    // The report PDFs name the farm by it at once.
    const doc = await farm.inject({ method: 'POST', url: '/api/reports/generate', payload: { reportType: 'weekly' } });
    expect(doc.statusCode, doc.body).toBe(200);
    const { text } = await extractText(new Uint8Array(doc.rawPayload), { mergePages: true });
    expect(text).toContain('Soweto Pepper Farm');
    expect(text).not.toContain('Limpopo Peppers');

    // Who changed it is in the trail.
    const trail = await farm.inject({ method: 'GET', url: '/api/audit?action=farm-name.update' });
    expect(trail.json()).toHaveLength(1);
  });

  it('refuses a blank or too long name (400, unchanged), anyone but the farm store (401, 403)', async () => {
    const app = await buildTestApp({ farmName: 'Limpopo Peppers' });
    const farm = await registerAs(app, 'farm_store');
    const put = (
      who: { inject: (opts: { method: 'PUT'; url: string; payload: object }) => ReturnType<typeof farm.inject> },
      payload: object,
    ) => who.inject({ method: 'PUT', url: '/api/farm-store/farm-name', payload });
    const blank = await put(farm, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(farmNameMessages.required);
    const long = await put(farm, { name: 'P'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(farmNameMessages.tooLong);
    expect((await put(farm, { name: 'A', extra: 1 })).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/farm-store/farm-name', payload: { name: 'A Farm' } })).statusCode,
    ).toBe(401);
    for (const role of ['market_agent', 'supplier'] as const) {
      expect((await put(await registerAs(app, role), { name: `${role} Farm` })).statusCode).toBe(403);
    }
    const now = (await app.inject({ method: 'GET', url: '/api/public/farm-name' })).json();
    expect(now).toEqual({ name: 'Limpopo Peppers', source: 'configured' });
  });
});
