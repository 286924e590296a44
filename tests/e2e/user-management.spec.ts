// User management (spec §2, §5, §8; DESIGN §7): the farm store resets an agent's password and the
// agent signs in with it; a removed user is signed out at once and can't sign in again until the farm
// store restores it (decision 022); Change My
// Password keeps its button disabled until the §5 rules hold; the dashboard's users tab generates a
// password and shows it once.

import { expectAccessible, PHONE } from './support/a11y.ts';
import { PASSWORD } from './support/accounts.ts';
import { signedInPage, uniqueName } from './support/crates.ts';
import { expect as baseExpect, type Page, test } from './support/test.ts';

// Each test signs in several times (a scrypt each) on a machine shared with other runs: generous waits.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The signed-in app is gone from the page: the stream said 'signed-out' and the session check agreed. */
const expectSignedOut = (page: Page) =>
  expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);

test("the farm store resets an agent's password; the agent is signed out and signs in with it", async ({
  browser,
  problems,
}) => {
  // The old password no longer signs in, on purpose; and the agent's open page, whose session the reset
  // ended, may have a call or two answered 401 before it shows the sign-in page.
  problems.allow('401 POST /api/auth/login', /^401 GET \/api\//);
  const farm = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  const agentName = uniqueName('Agent');
  const agent = await signedInPage(browser, 'market_agent', { name: agentName, businessName: 'Reset Produce' });
  await agent.page.goto('/');
  await expect(agent.page.getByRole('heading', { level: 1, name: 'Market Agent Dashboard' })).toBeVisible();

  const page = farm.page;
  await page.goto('/user-management');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  const row = page.getByRole('article', { name: agentName });
  await expect(row.getByText('Market Agent', { exact: true })).toBeVisible();
  await expect(row.getByText(agent.account.email)).toBeVisible();
  await expect(row.getByText('Reset Produce')).toBeVisible();
  await expect(row.getByText('Pretoria Market')).toBeVisible();

  await row.getByRole('button', { name: 'Reset Password' }).click();
  const field = row.getByLabel(`New password for ${agentName}`);
  await expect(field).toBeFocused();
  // Cancel closes the field and sends nothing.
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(field).toHaveCount(0);
  await row.getByRole('button', { name: 'Reset Password' }).click();

  // Blank after trimming, then too short: the spec's messages, nothing sent; what was typed stays.
  await field.fill('   ');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByText('Please enter a new password')).toBeVisible();
  await field.fill('abc');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByText('Password must be at least 6 characters long')).toBeVisible();
  await expect(field).toHaveValue('abc');

  await field.fill('fresh-start-7');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Password updated successfully')).toBeVisible();
  await expect(field).toHaveCount(0);

  // The agent's open dashboard ends at once and lands on the sign-in page, which says why (decision
  // 040); the old password no longer works, the new one does.
  await expectSignedOut(agent.page);
  await expect(agent.page).toHaveURL(/\/login$/);
  await expect(agent.page.getByTestId('session-ended')).toHaveText(
    'Your password was reset by the farm store. Sign in with the new password.',
  );
  await expectAccessible(agent.page, 'sign-in page after a reset');
  await signIn(agent.page, agent.account.email, PASSWORD);
  await expect(toast(agent.page, 'Invalid credentials')).toBeVisible();
  await signIn(agent.page, agent.account.email, 'fresh-start-7');
  await expect(agent.page.getByRole('heading', { level: 1, name: 'Market Agent Dashboard' })).toBeVisible();
});

test('the farm store removes a supplier after confirming; it is signed out and cannot sign in', async ({
  browser,
  problems,
}) => {
  // The removed supplier cannot sign in, on purpose; and its open page, whose session the removal
  // ended, may have a call or two answered 401 before it shows the sign-in page.
  problems.allow('401 POST /api/auth/login', /^401 GET \/api\//);
  const farm = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  const supplierName = uniqueName('Supplier');
  const supplier = await signedInPage(browser, 'supplier', { name: supplierName, businessName: 'Leaving Farm' });
  await supplier.page.goto('/');
  await expect(supplier.page.getByText('Account Pending Approval')).toBeVisible();

  const page = farm.page;
  await page.goto('/user-management');
  const row = page.getByRole('article', { name: supplierName });
  await expect(row.getByText('Supplier', { exact: true })).toBeVisible();
  await expect(row.getByText('Leaving Farm')).toBeVisible();

  // Cancel keeps the user.
  await row.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove User' });
  await expect(
    dialog.getByText(`Are you sure you want to remove ${supplierName} from the system?`, { exact: true }),
  ).toBeVisible();
  // Decision 039: the spec's 'This action cannot be undone.' is replaced by what removal really does.
  await expect(dialog.getByText('This action cannot be undone.', { exact: false })).toHaveCount(0);
  await expect(dialog).toContainText('A farm store user can restore the account from User Management');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Remove' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'User removed successfully')).toBeVisible();
  await expect(row).toHaveCount(0);

  await expectSignedOut(supplier.page);
  await expect(supplier.page).toHaveURL(/\/login$/);
  await expect(supplier.page.getByTestId('session-ended')).toHaveText(
    'Your account was removed by the farm store. Ask the farm manager if you need it back.',
  );
  await signIn(supplier.page, supplier.account.email, PASSWORD);
  await expect(toast(supplier.page, 'Invalid credentials')).toBeVisible();
  await expect(supplier.page).toHaveURL(/\/login$/);

  // Decision 022: the farm store finds it under Removed users and restores it; it signs in again.
  await page.getByRole('button', { name: 'Removed users' }).click();
  await expect(page.getByRole('button', { name: 'Removed users' })).toHaveAttribute('aria-pressed', 'true');
  const removedRow = page.getByRole('article', { name: supplierName });
  await expect(removedRow.getByText('Removed', { exact: true })).toBeVisible();
  await expect(removedRow.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  // At 375 px: accessible, nothing sideways, no badge cut, Restore and the toggle thumb-sized.
  await page.setViewportSize(PHONE);
  // The removal's toast may be fading (axe reads its colours mid-transition): it goes after 5 s.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await expectAccessible(page, 'removed users (375 px)');
  for (const control of [
    removedRow.getByRole('button', { name: `Restore ${supplierName}` }),
    page.getByRole('button', { name: 'Removed users' }),
    page.getByRole('button', { name: 'Active users' }),
  ]) {
    const box = await control.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
  }
  await removedRow.getByRole('button', { name: `Restore ${supplierName}` }).click();
  await expect(toast(page, 'User restored successfully')).toBeVisible();
  await expect(removedRow).toHaveCount(0);
  await page.getByRole('button', { name: 'Active users' }).click();
  await expect(page.getByRole('article', { name: supplierName })).toBeVisible();
  await signIn(supplier.page, supplier.account.email, PASSWORD);
  await expect(supplier.page.getByText('Account Pending Approval')).toBeVisible();
});

test('Change My Password: disabled until valid, the §5 messages, a wrong current password, then success', async ({
  browser,
  problems,
}) => {
  // The wrong current password is refused (400), on purpose.
  problems.allow(/^400 POST /);
  // The change ends the old session before this browser has the answer with the new cookie: a poll
  // (the sidebar's counts) that goes out in that gap is refused, and the app stays signed in (shell.spec.ts).
  problems.allow(/^401 GET \/api\//);
  const farm = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  const page = farm.page;
  await page.goto('/user-management');
  await page.getByRole('button', { name: 'Change My Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change My Password' });
  const submit = dialog.getByRole('button', { name: 'Change Password' });
  const current = dialog.getByLabel('Current password');
  const next = dialog.getByLabel('New password', { exact: true });
  const confirm = dialog.getByLabel('Confirm new password');
  await expect(submit).toBeDisabled();

  await current.fill(PASSWORD);
  await expect(dialog.getByText('Please fill in all fields')).toBeVisible();
  await expect(submit).toBeDisabled();
  await next.fill('abcde');
  await confirm.fill('abcdx');
  await expect(dialog.getByText('New passwords do not match')).toBeVisible();
  await expect(submit).toBeDisabled();
  await confirm.fill('abcde');
  await expect(dialog.getByText('Password must be at least 6 characters long')).toBeVisible();
  await expect(submit).toBeDisabled();
  await next.fill('brand-new-9');
  await confirm.fill('brand-new-9');
  await expect(submit).toBeEnabled();

  // A wrong current password: the spec's failure text, and the dialog stays open.
  await current.fill('not-my-password');
  await submit.click();
  await expect(toast(page, 'Failed to change password. Please check your current password.')).toBeVisible();
  await expect(dialog).toBeVisible();

  await current.fill(PASSWORD);
  await submit.click();
  await expect(toast(page, 'Password changed successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Still signed in here (a new session), and the new password signs in elsewhere.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  const other = await browser.newContext();
  const res = await other.request.post('/api/auth/login', {
    data: { email: farm.account.email, password: 'brand-new-9' },
  });
  expect(res.status()).toBe(200);
  await other.close();
});

test("the dashboard's users tab: a generated password shown once with a copy button, and removal", async ({
  browser,
}) => {
  const farm = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  const agentName = uniqueName('Agent');
  const agent = await signedInPage(browser, 'market_agent', { name: agentName });
  const page = farm.page;
  await page.goto('/?tab=users');
  const row = page.getByRole('article', { name: agentName });
  await row.getByRole('button', { name: 'Reset Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, 'Password updated successfully')).toBeVisible();
  const shown = page.getByRole('dialog', { name: `New password for ${agentName}` });
  const generated = (await shown.getByTestId('generated-password').textContent())?.trim() ?? '';
  expect(generated).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
  await expect(shown.getByRole('button', { name: 'Copy password' })).toBeVisible();
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toHaveCount(0);

  const other = await browser.newContext();
  const old = await other.request.post('/api/auth/login', { data: { email: agent.account.email, password: PASSWORD } });
  expect(old.status()).toBe(401);
  const fresh = await other.request.post('/api/auth/login', {
    data: { email: agent.account.email, password: generated },
  });
  expect(fresh.status()).toBe(200);
  await other.close();

  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove User' }).getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'User removed successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('others see Access Denied on /user-management', async ({ browser }) => {
  const agent = await signedInPage(browser, 'market_agent');
  await agent.page.goto('/user-management');
  await expect(agent.page.getByText('Only farm store managers can access user management.')).toBeVisible();
});

test('the farm store imports agents and clients from a CSV at 375 px: a bad row shown, fixed, imported', async ({
  browser,
}) => {
  const farm = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') }, { viewport: PHONE });
  const page = farm.page;
  const stamp = Date.now().toString(36);
  const agentName = uniqueName('Paper Agent');
  const csv = (loan: string) =>
    Buffer.from(
      [
        'Agent e-mail,Agent name,Phone,Market,Full crates,Empty crates,Client business,Client name,Client phone,Crates on loan',
        `paper-${stamp}@import.farm,${agentName},082 555 0199,Pretoria,12,3,,,,`,
        `paper-${stamp}@import.farm,,,,,,Paper Greens ${stamp},Anna,083 555 0100,${loan}`,
      ].join('\n'),
    );
  await page.goto('/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();
  const file = page.getByTestId('import-file');
  const input = page.locator('input[type="file"]');

  await input.setInputFiles({ name: 'agents.csv', mimeType: 'text/csv', buffer: csv('lots') });
  // The mapping is the guess from the headers; the bad row is listed with its column and why.
  await expect(page.getByRole('combobox', { name: 'Agent e-mail' })).toHaveValue('Agent e-mail');
  const problems = page.getByTestId('import-problems');
  await expect(problems.getByRole('row').nth(1)).toContainText('3');
  await expect(problems).toContainText('Crates on loan');
  await expect(problems).toContainText('Enter a whole number of crates');
  await expect(page.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
  await expectAccessible(page, 'import preview (375 px)');
  await expect(file).toBeVisible();

  // The fixed file: every row ready, imported at once; the first password shown to print.
  await input.setInputFiles({ name: 'agents-fixed.csv', mimeType: 'text/csv', buffer: csv('5') });
  await expect(page.getByText('Every row is ready')).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  const accounts = page.getByTestId('import-accounts');
  await expect(accounts).toContainText(agentName);
  await expect(accounts).toContainText(/[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}/);
  const printed = (await accounts.textContent())?.match(/[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}/)?.[0];

  await page.goto('/user-management');
  await expect(page.getByRole('article', { name: agentName })).toBeVisible();

  // The agent signs in with the printed password and must choose their own before anything else.
  const agent = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signIn(agent, `paper-${stamp}@import.farm`, printed!);
  await expect(
    agent.getByText('Choose your own password before you go on: the one you were given was printed.'),
  ).toBeVisible();
  await expect(agent.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await expectAccessible(agent, 'first password change (375 px)');
  await agent.getByLabel('Current password').fill(printed!);
  await agent.getByLabel('New password', { exact: true }).fill('my-own-pass-1');
  await agent.getByLabel('Confirm new password').fill('my-own-pass-1');
  await agent.getByRole('button', { name: 'Change Password' }).click();
  await expect(agent.getByRole('heading', { level: 1, name: 'Market Agent Dashboard' })).toBeVisible();
});
