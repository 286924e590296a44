// The agent's language follows the agent (decision 065): chosen in Settings, kept on the
// user, so a new phone signs in in it; chosen before sign-in on the sign-in page, kept on the device;
// a farm store and a supplier still see English.
import { PHONE } from './support/a11y.ts';
import { newPage, signedInPage } from './support/crates.ts';
import { expect, test } from './support/test.ts';
import { say } from './support/words.ts';

test('an agent switches to isiZulu in Settings, and a new phone signs in in isiZulu', async ({ browser }) => {
  const { page, account } = await signedInPage(browser, 'market_agent');
  await page.setViewportSize(PHONE);
  await page.goto('/?tab=settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Market Agent Dashboard' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('combobox', { name: 'Language' }).selectOption('zu');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zu');
  await expect(page.getByRole('heading', { level: 1, name: say('zu', 'Market Agent Dashboard') })).toBeVisible();
  await expect(page.getByRole('combobox', { name: say('zu', 'Language') })).toHaveValue('zu');
  // Each language is named in itself.
  await expect(page.getByRole('option', { name: 'Sesotho' })).toHaveCount(1);

  // Another phone, never used before, English until it knows who signs in.
  const phone = await newPage(browser, { viewport: PHONE });
  await phone.goto('/login');
  await expect(phone.locator('html')).toHaveAttribute('lang', 'en');
  await phone.getByLabel('Email').fill(account.email);
  await phone.getByLabel('Password').fill(account.password);
  await phone.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(phone.getByRole('heading', { level: 1, name: say('zu', 'Market Agent Dashboard') })).toBeVisible();
  await expect(phone.locator('html')).toHaveAttribute('lang', 'zu');
  await phone.context().close();
});

test('before sign-in, the sign-in page speaks the chosen language and this device keeps it', async ({
  page,
  problems,
}) => {
  problems.allow('401 POST /api/auth/login');
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('af');
  await expect(page.locator('html')).toHaveAttribute('lang', 'af');
  const signIn = page.getByRole('button', { name: say('af', 'Sign In'), exact: true });
  await expect(signIn).toBeVisible();
  await page.reload();
  await expect(signIn).toBeVisible();
  // A refusal before sign-in comes in the same language (the app sends it as Accept-Language).
  await page.getByLabel(say('af', 'Email')).fill('nobody@example.test');
  await page.getByLabel(say('af', 'Password')).fill('not-the-password');
  await signIn.click();
  await expect(page.getByText(say('af', 'Invalid credentials'))).toBeVisible();
});

test('a farm store and a supplier still see English', async ({ browser }) => {
  for (const role of ['farm_store', 'supplier'] as const) {
    const { page } = await signedInPage(browser, role);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }),
    ).toBeVisible();
    await page.context().close();
  }
});
