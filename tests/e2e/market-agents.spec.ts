// The Market Agents screen (spec §2): farm store only, groups by business, cards, totals, empty state.

import type { MarketAgent } from '../../src/shared/agents.ts';
import { signedInAs } from './support/accounts.ts';
import { pageOverflow } from './support/crates.ts';
import { expect, test } from './support/test.ts';

function agent(overrides: Partial<MarketAgent>): MarketAgent {
  return {
    id: 1,
    userId: 10,
    agentName: 'Thandi Mokoena',
    agentNumber: 'MA-0001',
    agentEmail: 'thandi@example.com',
    businessName: 'Fresh Co',
    marketName: 'Johannesburg Market',
    marketLocation: 'Johannesburg Market',
    location: 'Johannesburg',
    contactNumber: '082 555 0101',
    bankName: null,
    isActive: true,
    totalCrates: 100,
    cratesWithClients: 20,
    fullCrates: 75,
    emptyCrates: 5,
    cratesReturned: 25,
    returnRate: 20,
    stockLevel: 'Well Stocked',
    overdueAtClients: { loans: 0, clients: 0, crates: 0 },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const agents = [
  agent({}),
  agent({
    id: 2,
    agentName: 'Sipho Dlamini',
    agentNumber: 'MA-0002',
    totalCrates: 50,
    fullCrates: 10,
    cratesWithClients: 30,
    emptyCrates: 10,
    returnRate: 0,
    stockLevel: 'Low Stock',
  }),
  agent({
    id: 3,
    agentName: 'Naledi Khumalo',
    agentNumber: 'MA-0003',
    businessName: null,
    marketName: 'Pretoria Market',
    totalCrates: 0,
    fullCrates: 0,
    cratesWithClients: 0,
    emptyCrates: 0,
    returnRate: 0,
    stockLevel: 'No Stock',
  }),
];

test('agents grouped by business with counts, cards and the four totals', async ({ page }) => {
  await signedInAs(page, 'farm_store');
  await page.route('**/api/market-agents', (route) => route.fulfill({ json: agents }));
  await page.goto('/market-agents');
  await expect(page.getByTestId('total-agents')).toHaveText('3 agents');
  const fresh = page.getByRole('region', { name: 'Fresh Co' });
  await expect(fresh.getByTestId('group-count')).toHaveText('2 agents');
  const tbd = page.getByRole('region', { name: 'Business TBD' });
  await expect(tbd.getByTestId('group-count')).toHaveText('1 agent');
  await expect(tbd).toContainText('Naledi Khumalo');
  await expect(tbd).toContainText('No Stock');

  const card = page.getByRole('article', { name: 'Thandi Mokoena' });
  for (const text of [
    'Agent MA-0001',
    'Well Stocked',
    'Business: Fresh Co',
    'Location: Johannesburg Market',
    'Total crates100',
    'Full75',
    'With clients20',
    'Empty ready5',
    'Contact: 082 555 0101',
    'Email: thandi@example.com',
    'Return rate: 20%',
  ]) {
    await expect(card).toContainText(text);
  }
  await expect(page.getByRole('article', { name: 'Sipho Dlamini' })).toContainText('Low Stock');

  const totals = page.getByTestId('agent-total');
  await expect(totals.filter({ hasText: 'Total Crates Distributed' })).toContainText('150');
  await expect(totals.filter({ hasText: 'Full Crates at Markets' })).toContainText('85');
  await expect(totals.filter({ hasText: 'With Clients' })).toContainText('50');
  await expect(totals.filter({ hasText: 'Ready for Pickup' })).toContainText('15');

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeVisible();
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
});

test("the empty state is 'No Market Agents'", async ({ page }) => {
  await signedInAs(page, 'farm_store');
  await page.route('**/api/market-agents', (route) => route.fulfill({ json: [] }));
  await page.goto('/market-agents');
  await expect(page.getByRole('heading', { name: 'No Market Agents' })).toBeVisible();
});

test('a registered agent appears with its market and agent number', async ({ page }) => {
  const business = `E2E Biz ${Date.now().toString(36)}`;
  const res = await page.request.post('/api/auth/register', {
    data: {
      name: 'Card Agent',
      email: `card-${Date.now().toString(36)}@e2e.farm`,
      password: 'secret123',
      role: 'market_agent',
      marketLocation: 'Johannesburg Market',
      businessName: business,
      contactNumber: '082 000 1111',
    },
  });
  expect(res.ok()).toBe(true);
  await page.request.post('/api/auth/logout');
  await signedInAs(page, 'farm_store');
  await page.goto('/market-agents');
  const group = page.getByRole('region', { name: business });
  await expect(group.getByTestId('group-count')).toHaveText('1 agent');
  await expect(group.getByRole('article', { name: 'Card Agent' })).toContainText('Location: Johannesburg Market');
  await expect(group).toContainText('No Stock');
});

test('other roles see that the page is for farm store administrators', async ({ page }) => {
  await signedInAs(page, 'supplier');
  await page.goto('/market-agents');
  await expect(page.getByText('This page is only available to farm store administrators.')).toBeVisible();
});
