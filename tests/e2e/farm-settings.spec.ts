// The farm store's messages tab and its farm access code (decision 043): messages and
// the outbox have a tab of their own; the code is shown on request, and a generated one is replaced only
// after a confirmation that says the old one stops working. API tokens and webhooks (decision 063): each
// made with its token or secret shown once, listed without it, and revoked or deleted after a confirmation.
// The farm's one name (decision 067), set in Settings and shown on the public site.
import { readFileSync } from 'node:fs';
import { expectAccessible, PHONE } from './support/a11y.ts';
import { PASSWORD, registration, signedInAs } from './support/accounts.ts';
import { newPage } from './support/crates.ts';
import { type OwnServer, startOwnServer } from './support/own-server.ts';
import { expect, test } from './support/test.ts';
import { unreadWebsiteMessage } from './support/website-message.ts';

test('contact messages and the outbox have a Messages tab of their own, with the unread count', async ({ page }) => {
  await signedInAs(page, 'farm_store');
  await unreadWebsiteMessage(page.request);
  await page.goto('/?tab=pricing');
  await expect(page.getByRole('heading', { name: 'Farm Store Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
  await expect(page.getByTestId('contact-message')).toHaveCount(0);

  const tab = page.getByRole('tab', { name: /Messages/ });
  await expect(tab).toContainText('1');
  await tab.click();
  await expect(page).toHaveURL('/?tab=messages');
  const message = page.getByTestId('contact-message').first();
  await expect(message).toBeVisible();
  await message.getByRole('button').first().click();
  await message.getByRole('button', { name: 'Mark as read' }).click();
  await expect(message.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
  await expect(tab).not.toContainText('1');
  await expect(page.getByTestId('outbox-entry').first()).toBeVisible();
});

test('a code set on the server is shown on request, with where to change it, and cannot be replaced here', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signedInAs(page, 'farm_store');
  await page.goto('/?tab=settings');
  const card = page.getByRole('region', { name: 'Farm access code' });
  const code = card.getByTestId('farm-access-code');
  await expect(code).toHaveText('•'.repeat('E2E-FARM-CODE'.length));
  await card.getByRole('button', { name: 'Show code' }).click();
  await expect(code).toHaveText('E2E-FARM-CODE');
  await expect(card.getByText('This code is set on the server (FARM_ACCESS_CODE)')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Make a new code' })).toHaveCount(0);
  for (const button of await card.getByRole('button').all()) {
    const box = await button.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
  }

  // The farm's one name (decision 067): a blank one is refused, a saved one is the public site's at once.
  const named = page.getByRole('region', { name: 'Farm name' });
  const field = named.getByRole('textbox', { name: 'Farm name' });
  await expect(field).toHaveValue('Cratekeeper Pepper Farm');
  await field.fill('  ');
  await named.getByRole('button', { name: 'Save farm name' }).click();
  await expect(named.getByText('Please enter the farm’s name')).toBeVisible();
  await field.fill('Soweto Pepper Farm');
  await named.getByRole('button', { name: 'Save farm name' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Farm name saved' })).toBeVisible();
  await expect(named.getByText('Set here.')).toBeVisible();
  const visitor = await newPage(browser, { baseURL: new URL(page.url()).origin });
  await visitor.goto('/');
  await expect(visitor.getByTestId('farm-name')).toHaveText('Soweto Pepper Farm');
  await visitor.context().close();
});

test('API tokens and webhooks: made with their token or secret shown once, then revoked and deleted', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signedInAs(page, 'farm_store');
  await page.goto('/?tab=settings');
  const tokens = page.getByRole('region', { name: 'API tokens' });
  await tokens.getByRole('button', { name: 'Create token' }).click();
  await expect(tokens.getByText('Give the token a name (what will use it)')).toBeVisible();
  await tokens.getByLabel('Name').fill('Accounting');
  await tokens.getByRole('radio', { name: /^Write/ }).check();
  await tokens.getByRole('button', { name: 'Create token' }).click();
  const token = tokens.getByTestId('shown-once');
  await expect(token).toHaveText(/^ck_[A-Za-z0-9_-]{43}$/);
  const list = tokens.getByRole('list', { name: 'API tokens' });
  await expect(list.getByText('Accounting', { exact: true })).toBeVisible();
  await expect(list.getByText(/Read and write/)).toBeVisible();

  const hooks = page.getByRole('region', { name: 'Webhooks' });
  await hooks.getByLabel('Address').fill('https://1.1.1.1/cratekeeper');
  await hooks.getByRole('checkbox', { name: /transmission\.created/ }).check();
  await hooks.getByRole('button', { name: 'Add webhook' }).click();
  await expect(hooks.getByTestId('shown-once')).toHaveText(/^whsec_/);
  await hooks.getByRole('button', { name: 'Send test' }).click();
  await hooks.getByRole('button', { name: 'Recent deliveries' }).click();
  await expect(hooks.getByRole('table', { name: 'Recent deliveries' }).getByText('webhook.test')).toBeVisible();
  await expectAccessible(page, 'Settings with API tokens and webhooks');

  await tokens.getByRole('button', { name: 'I have copied it' }).click();
  await expect(token).toHaveCount(0);
  await list.getByRole('button', { name: 'Revoke Accounting' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke Accounting' }).click();
  await expect(list.getByText('Accounting', { exact: true })).toHaveCount(0);
  await hooks.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete webhook' }).click();
  await expect(hooks.getByText('No webhooks yet')).toBeVisible();
});

test.describe
  .serial('a farm whose code the app generated', () => {
    let app: OwnServer;
    test.beforeAll(async () => {
      // No FARM_ACCESS_CODE: the app makes one at its first start and logs it once.
      app = await startOwnServer({ FARM_ACCESS_CODE: '' });
    });
    test.afterAll(async () => {
      await app?.dispose();
    });

    test('the farm store replaces it after confirming; the old code no longer registers anyone', async ({
      browser,
    }) => {
      const logged = /Farm access code for farm store registration: ([A-Z0-9]{10})/.exec(
        readFileSync(app.logFile, 'utf8'),
      );
      expect(logged).not.toBeNull();
      const first = logged![1];
      const page = await newPage(browser, { baseURL: app.baseURL, viewport: { width: 375, height: 812 } });
      const registered = await page.request.post('/api/auth/register', {
        data: registration('farm_store', { farmAccessCode: first }),
      });
      expect(registered.status()).toBe(200);

      await page.goto('/?tab=settings');
      const card = page.getByRole('region', { name: 'Farm access code' });
      await card.getByRole('button', { name: 'Show code' }).click();
      await expect(card.getByTestId('farm-access-code')).toHaveText(first);

      // Cancel changes nothing.
      await card.getByRole('button', { name: 'Make a new code' }).click();
      const dialog = page.getByRole('dialog', { name: 'Make a new code' });
      await expect(dialog).toContainText('The current code stops working at once');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      expect((await (await page.request.get('/api/farm-store/access-code')).json()).code).toBe(first);

      await card.getByRole('button', { name: 'Make a new code' }).click();
      await dialog.getByRole('button', { name: 'Make a new code' }).click();
      await expect(page.getByText('New farm access code made')).toBeVisible();
      await expect(card.getByTestId('farm-access-code')).not.toHaveText(first);
      const next = await card.getByTestId('farm-access-code').textContent();
      expect(next).toMatch(/^[A-Z0-9]{10}$/);

      // Outside the browser: the refusal is the point, not a problem on the page.
      const withOld = await fetch(`${app.baseURL}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(registration('farm_store', { farmAccessCode: first })),
      });
      expect(withOld.status).toBe(403);
      const withNew = await fetch(`${app.baseURL}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...registration('farm_store', { farmAccessCode: next! }), password: PASSWORD }),
      });
      expect(withNew.status).toBe(200);
    });
  });
