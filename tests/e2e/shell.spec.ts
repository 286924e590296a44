// The app shell's routes: landing for unknown paths when signed out, the 404 card when signed in,
// 'Loading...' while the session loads, Access Denied for the wrong role.

import { signedInAs } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

test('an unknown path while signed out shows the landing page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
});

test('an unknown path while signed in shows the Page Not Found card', async ({ page }) => {
  await signedInAs(page, 'market_agent');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

test('/login and /register show the dashboard when signed in', async ({ page }) => {
  await signedInAs(page, 'market_agent');
  for (const path of ['/', '/dashboard', '/login', '/register']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Market Agent Dashboard' })).toBeVisible();
  }
});

test("'Loading...' shows while the session loads", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/auth/session', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByText('Loading...')).toBeVisible();
  release();
  await expect(page.getByText('Loading...')).toHaveCount(0);
});

test('pages for another role show Access Denied', async ({ page }) => {
  await signedInAs(page, 'market_agent');
  await page.goto('/market-agents');
  await expect(page.getByText('This page is only available to farm store administrators.')).toBeVisible();
  await page.goto('/user-management');
  await expect(page.getByText('Only farm store managers can access user management.')).toBeVisible();
});

test('the farm store sees Access Denied on the clients page', async ({ page }) => {
  await signedInAs(page, 'farm_store');
  await page.goto('/clients');
  await expect(page.getByText('This page is only available to market agents.')).toBeVisible();
});

test('changing the password in settings', async ({ page }) => {
  const account = await signedInAs(page, 'market_agent');
  await page.goto('/?tab=settings');
  const button = page.getByRole('button', { name: 'Change Password' });
  await expect(button).toBeDisabled();
  await page.getByLabel('Current password').fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill('newpass1');
  await page.getByLabel('Confirm new password').fill('newpass2');
  await expect(page.getByText('New passwords do not match')).toBeVisible();
  await expect(button).toBeDisabled();
  await page.getByLabel('Confirm new password').fill('newpass1');
  await button.click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
});

test('a slow answer to a password change keeps the person signed in and shows the success toast', async ({
  page,
  problems,
}) => {
  // The server ends the old session (its live-update stream hears 'signed-out') before this browser
  // has the answer with the new cookie: the app must wait for that answer instead of signing out.
  // A poll that goes out in that gap carries the old cookie and is refused; the app then asks who is
  // signed in, which waits for the password change (the point of this test).
  problems.allow(/^401 GET \/api\//);
  const account = await signedInAs(page, 'market_agent');
  // Sent outside the browser (route.fetch would store the new cookie at once), and answered only once
  // the page's live-update stream has heard 'signed-out' (it closes and the page is no longer live).
  await page.route('**/api/auth/change-password', async (route) => {
    const request = route.request();
    const response = await fetch(request.url(), {
      method: 'POST',
      headers: await request.allHeaders(),
      body: request.postData(),
    });
    const body = await response.text();
    await page.waitForFunction(() => document.documentElement.dataset.liveUpdates === 'off');
    await route.fulfill({ status: response.status, headers: Object.fromEntries(response.headers), body });
  });
  await page.goto('/?tab=settings');
  await expect(page.locator('html')).toHaveAttribute('data-live-updates', 'on');
  await page.getByLabel('Current password').fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill('newpass1');
  await page.getByLabel('Confirm new password').fill('newpass1');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Market Agent Dashboard' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Market Agent Dashboard' })).toBeVisible();
});
