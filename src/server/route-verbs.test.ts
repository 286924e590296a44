// Permission strings say what a route does (docs/decisions/012): a GET declares a
// `read:…` permission (or is public / signed-in), a change never does, and every crate route
// declares a real permission rather than just "signed in".
import { expect, it } from 'vitest';
import { buildTestApp } from '../../tests/support/test-app.ts';

const app = await buildTestApp();

it('every GET reads and no change is declared as a read', () => {
  expect(app.routeAccess.length).toBeGreaterThan(10);
  for (const { method, url, access } of app.routeAccess) {
    if (access === 'public' || access === 'signed-in') continue;
    const verb = access.split(':')[0];
    if (method === 'GET') expect(verb, `${method} ${url} declares ${access}`).toBe('read');
    else expect(verb, `${method} ${url} declares ${access}`).not.toBe('read');
  }
});

it('the crate routes declare permissions, not only "signed in"', () => {
  const crateRoutes = app.routeAccess.filter((r) =>
    ['/api/transmissions', '/api/farm-store', '/api/market-agents'].some((p) => r.url.startsWith(p)),
  );
  expect(crateRoutes.length).toBeGreaterThan(10);
  for (const { method, url, access } of crateRoutes) {
    expect(['public', 'signed-in'], `${method} ${url}`).not.toContain(access);
  }
  expect(app.routeAccess.find((r) => r.method === 'POST' && r.url === '/api/transmissions')?.access).toBe(
    'create:transmission:own',
  );
  expect(app.routeAccess.find((r) => r.method === 'PUT' && r.url === '/api/transmissions/:id/recall')?.access).toBe(
    'recall:transmission:own',
  );
});
