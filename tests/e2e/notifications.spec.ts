// Errors appear where and when they happen: one toast at a time (spec §9), a new one
// replaces the visible one instead of waiting behind it, and a form's own error shows in the form too.

import { E2E_FARM_CODE } from '../../playwright.config.ts';
import { registration, signedInAs } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

test.use({ viewport: { width: 375, height: 812 } });

test('a write-off error shows at once and is gone after the next write-off succeeds', async ({ page, problems }) => {
  // The write-off below zero is refused, on purpose.
  problems.allow('409 POST /api/farm-store/stock-adjustments');
  await signedInAs(page, 'farm_store');
  await page.goto('/?tab=settings');
  const form = page.getByRole('form', { name: 'Adjust farm stock' });
  const alerts = page.locator('.mantine-Notification-root');

  // A success first: its toast is on screen for 5 s.
  await form.getByLabel('Crates to add').fill('5');
  await form.getByLabel('Reason').fill('Bought');
  await form.getByRole('button', { name: 'Add to Stock' }).click();
  await expect(alerts.filter({ hasText: 'Stock updated' })).toBeVisible();

  // Writing off more than the farm holds fails: the error replaces the success toast right away
  // (it does not wait behind it) and the form says why as well.
  await form.getByText('Write off crates').click();
  await form.getByLabel('Crates to write off').fill('1000000');
  await form.getByLabel('Reason').fill('Damaged');
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/farm-store/stock-adjustments'));
  await form.getByRole('button', { name: 'Write Off' }).click();
  expect((await refused).status()).toBe(409);
  // Well within the 5 s the success toast would have stayed: a queued error would fail here. Counted
  // from the answer, so a slow server on a busy machine can't eat into it.
  const soon = { timeout: 2000 };
  await expect(alerts.filter({ hasText: 'Failed to update farm stock' })).toBeVisible(soon);
  await expect(alerts.filter({ hasText: 'Stock updated' })).toHaveCount(0, soon);
  await expect(alerts).toHaveCount(1);
  await expect(form.getByTestId('form-error')).toContainText('Farm stock cannot go below zero');

  // The corrected write-off succeeds: its toast replaces the error, the form's error goes, and the
  // error does not come back after it.
  await form.getByLabel('Crates to write off').fill('1');
  await form.getByRole('button', { name: 'Write Off' }).click();
  await expect(alerts.filter({ hasText: 'Stock updated' })).toBeVisible(soon);
  await expect(form.getByTestId('form-error')).toHaveCount(0);
  await expect(alerts).toHaveCount(1);
  // An error queued behind the success toast (one toast at a time) would show the moment it closes:
  // closed, it leaves no toast at all.
  await alerts.filter({ hasText: 'Stock updated' }).locator('.mantine-Notification-closeButton').click();
  await expect(alerts).toHaveCount(0);
});

test("an 'Access Denied' toast goes once a corrected registration signs in", async ({ page, problems }) => {
  // The wrong farm access code is refused, on purpose.
  problems.allow('403 POST /api/auth/register');
  const body = registration('farm_store', { farmAccessCode: 'NOT-THE-CODE' });
  await page.goto('/register');
  await page.getByRole('radio', { name: 'Farm Store' }).check();
  await page.getByLabel('Full name').fill(body.name);
  await page.getByLabel('Email').fill(body.email);
  await page.getByLabel('Password').fill(body.password);
  await page.getByLabel('Farm access code').fill('NOT-THE-CODE');
  await page.getByRole('button', { name: 'Register' }).click();
  const denied = page.locator('.mantine-Notification-root').filter({ hasText: 'Access Denied' });
  await expect(denied).toBeVisible();

  await page.getByLabel('Farm access code').fill(E2E_FARM_CODE);
  // Sent from the keyboard, as a user who just typed the code does (the toast may sit over the button).
  await page.getByLabel('Farm access code').press('Enter');
  await expect(page.getByRole('heading', { name: 'Farm Store Dashboard' })).toBeVisible();
  // Well within the toast's 5 s: the signed-out form's error is not left over the dashboard.
  await expect(denied).toHaveCount(0, { timeout: 1500 });
});
