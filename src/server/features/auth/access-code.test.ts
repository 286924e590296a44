// The farm access code in the farm store's settings (decision 043): read it, replace a generated one,
// and a code FARM_ACCESS_CODE sets stays the operator's.
import { describe, expect, it } from 'vitest';
import { registerAs, registrationFor } from '../../../../tests/support/accounts.ts';
import { buildTestApp, TEST_FARM_CODE } from '../../../../tests/support/test-app.ts';

describe('a code the app generated', () => {
  it('is shown to the farm store, replaced at once, and the old one stops working', async () => {
    const app = await buildTestApp({ farmAccessCode: undefined });
    // Stored as if generated at first start (buildTestApp).
    const first = TEST_FARM_CODE;
    const farm = await registerAs(app, 'farm_store');

    const shown = await farm.inject({ method: 'GET', url: '/api/farm-store/access-code' });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toContain('no-store');
    expect(shown.json()).toEqual({ code: first, source: 'generated', canRotate: true });

    const rotated = await farm.inject({ method: 'POST', url: '/api/farm-store/access-code/rotate' });
    expect(rotated.statusCode).toBe(200);
    const { code } = rotated.json();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect(code).not.toBe(first);

    const withOld = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationFor('farm_store', { farmAccessCode: first }),
    });
    expect(withOld.statusCode).toBe(403);
    expect(withOld.body).not.toContain(code);
    await registerAs(app, 'farm_store', { farmAccessCode: code });

    // The trail says who replaced it, never the code.
    const trail = await farm.inject({ method: 'GET', url: '/api/audit?action=farm-access-code.rotate' });
    expect(trail.statusCode).toBe(200);
    expect(trail.json()).toHaveLength(1);
    expect(trail.body).not.toContain(code);
    expect(trail.body).not.toContain(first);
  });
});

describe('a code FARM_ACCESS_CODE sets', () => {
  it('is shown with where it comes from, and is not replaced here (409, unchanged)', async () => {
    const app = await buildTestApp();
    const farm = await registerAs(app, 'farm_store');
    const shown = await farm.inject({ method: 'GET', url: '/api/farm-store/access-code' });
    expect(shown.json()).toEqual({ code: TEST_FARM_CODE, source: 'configured', canRotate: false });
    const refused = await farm.inject({ method: 'POST', url: '/api/farm-store/access-code/rotate' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/FARM_ACCESS_CODE/);
    await registerAs(app, 'farm_store');
  });

  it('is for the farm store only', async () => {
    const app = await buildTestApp();
    expect((await app.inject({ method: 'GET', url: '/api/farm-store/access-code' })).statusCode).toBe(401);
    const agent = await registerAs(app, 'market_agent');
    for (const [method, url] of [
      ['GET', '/api/farm-store/access-code'],
      ['POST', '/api/farm-store/access-code/rotate'],
    ] as const) {
      const res = await agent.inject({ method, url });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(TEST_FARM_CODE);
    }
  });
});

describe('FARM_ACCESS_CODE', () => {
  it('empty means unset (the app generates one); too short stops the start with a message', async () => {
    const { loadConfig } = await import('../../config.ts');
    expect(loadConfig({ FARM_ACCESS_CODE: '' }).farmAccessCode).toBeUndefined();
    expect(loadConfig({ FARM_ACCESS_CODE: 'GREEN-PEPPER' }).farmAccessCode).toBe('GREEN-PEPPER');
    expect(() => loadConfig({ FARM_ACCESS_CODE: 'abc' })).toThrow(/FARM_ACCESS_CODE must be at least 4 characters/);
  });
});
