// A client's statement link (decision 064): made by the client's agent only, the page shows that
// client's crates and nothing else, and a wrong, expired or revoked token gets one and the same 404.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testFarm } from '../../../../tests/support/test-farm.ts';
import { json } from '../../../../tests/support/transmissions.ts';
import { DEFAULT_FARM_NAME } from '../../../shared/farm-name.ts';

const { app, farm, agents } = await testFarm({
  stock: 100,
  agents: [{ fullCrates: 40 }, { name: 'Sipho Other', fullCrates: 40 }],
});
const [agent, other] = agents;

async function clientWithLoan(account: typeof agent, businessName: string, quantityBorrowed: number) {
  const c = (
    await json(account, 'POST', '/api/clients', { businessName, clientName: 'Lerato', contactNumber: '082 555 0000' })
  ).json();
  await json(account, 'POST', '/api/client-transactions', { clientId: c.id, quantityBorrowed });
  return c.id as number;
}
const mine = await clientWithLoan(agent, 'Alpha Greens', 7);
const sibling = await clientWithLoan(agent, 'Bravo Veg', 3);
const theirs = await clientWithLoan(other, 'Charlie Fruit', 5);

const makeLink = (clientId: number, account = agent) =>
  account.inject({ method: 'POST', url: `/api/clients/${clientId}/statement-links` });
const open = (path: string) => app.inject({ method: 'GET', url: path, remoteAddress: '10.9.8.7' });
const pathOf = (url: string) => new URL(url).pathname;

describe('statement links', () => {
  it("only the client's agent makes one: another agent 404, the farm store 403, signed out 401", async () => {
    expect((await makeLink(theirs)).statusCode).toBe(404);
    expect((await makeLink(mine, farm as typeof agent)).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `/api/clients/${mine}/statement-links` })).statusCode).toBe(401);
    const res = await makeLink(mine);
    expect(res.statusCode).toBe(201);
    const { url, expiresAt } = res.json();
    // 256 random bits, base64url; only its hash is kept.
    expect(pathOf(url)).toMatch(/^\/s\/[A-Za-z0-9_-]{43}$/);
    const token = pathOf(url).slice(3);
    const stored = await app.db.execute<{ token_hash: string }>(sql`select token_hash from statement_links`);
    expect(stored.rows.some((r) => r.token_hash.includes(token))).toBe(false);
    const days = (new Date(expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it("the page shows that client's crates under the agent's and farm's names, and no other client's", async () => {
    const page = await open(pathOf((await makeLink(mine)).json().url));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('Alpha Greens');
    expect(page.body).toContain('Crates with you now: <strong>7</strong>');
    expect(page.body).toContain(agent.user.name);
    expect(page.body).toContain(app.config.farmName ?? DEFAULT_FARM_NAME);
    // The app's icon is named, so the browser's /favicon.ico probe logs no 404 on the client's phone.
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg"');
    for (const elsewhere of ['Bravo Veg', 'Charlie Fruit', other.user.name]) expect(page.body).not.toContain(elsewhere);
    expect(sibling).toBeGreaterThan(0);
  });

  it('a wrong, expired or revoked token gets the same 404', async () => {
    const expired = pathOf((await makeLink(mine)).json().url);
    await app.db.execute(sql`update statement_links set expires_at = now() - interval '1 second'
      where id = (select max(id) from statement_links)`);
    const made = (await makeLink(mine)).json();
    expect(
      (await other.inject({ method: 'DELETE', url: `/api/clients/${mine}/statement-links/${made.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await agent.inject({ method: 'DELETE', url: `/api/clients/${sibling}/statement-links/${made.id}` })).statusCode,
    ).toBe(404);
    const revoke = await agent.inject({ method: 'DELETE', url: `/api/clients/${mine}/statement-links/${made.id}` });
    expect(revoke.statusCode).toBe(200);
    const answers = await Promise.all(
      [
        expired,
        pathOf(made.url),
        `/s/${'A'.repeat(43)}`,
        '/s/short',
        `/s/${'x'.repeat(60)}`,
        `/s/${'y'.repeat(500)}`,
        `${pathOf(made.url)}/more`,
      ].map(open),
    );
    for (const a of answers) expect(a.statusCode).toBe(404);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    for (const a of answers) expect(a.body).not.toContain('Alpha Greens');
  });

  it("the page is in the client's language; a link that finds nothing, in the browser's", async () => {
    const zuluClient = (
      await json(agent, 'POST', '/api/clients', {
        businessName: 'Delta Fresh',
        clientName: 'Sizwe',
        contactNumber: '082 555 0001',
        language: 'zu',
      })
    ).json();
    await json(agent, 'POST', '/api/client-transactions', { clientId: zuluClient.id, quantityBorrowed: 2 });
    const page = await app.inject({
      method: 'GET',
      url: pathOf((await makeLink(zuluClient.id)).json().url),
      remoteAddress: '10.9.8.6',
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="zu">');
    expect(page.body).toContain('Amabhokisi akuwe manje: <strong>2</strong>');
    expect(page.body).toContain('Kubolekiwe');
    const missing = await app.inject({
      method: 'GET',
      url: `/s/${'C'.repeat(43)}`,
      remoteAddress: '10.9.8.5',
      headers: { 'accept-language': 'af-ZA,af;q=0.9' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Staat nie gevind nie');
  });

  it('the page is rate-limited per address', async () => {
    const path = `/s/${'B'.repeat(43)}`;
    let last = 0;
    for (let i = 0; i < 61; i++) {
      last = (await app.inject({ method: 'GET', url: path, remoteAddress: '10.1.1.1' })).statusCode;
    }
    expect(last).toBe(429);
  });
});
