// Helpers for the crate journeys: two signed-in browsers (farm store and agent) and Mantine pickers.
import { type Browser, type BrowserContextOptions, expect, type Locator, type Page } from '@playwright/test';
import { type E2ERole, registerVia } from './accounts.ts';

/**
 * A new page in a browser context of its own; `options.baseURL` for another app. The test fixture
 * (test.ts) watches the context for problems and closes it when the test ends.
 */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}) {
  return (await browser.newContext(options)).newPage();
}

export async function signedInPage(
  browser: Browser,
  role: E2ERole,
  overrides: Record<string, string> = {},
  options: BrowserContextOptions = {},
) {
  const page = await newPage(browser, options);
  const account = await registerVia(page.request, role, overrides);
  return { page, account };
}

/** Picks an option of a Mantine Select by its label and part of the option's text. */
/**
 * Types into a field and checks it holds what was typed, typing again if not. Right after a dialog
 * opens (or a picker closes) focus can still be moving, and text typed in those milliseconds never
 * reaches the field (seen in traces under CI load); a person cannot type that fast.
 */
export async function fillChecked(field: Locator, value: string) {
  await expect(async () => {
    await field.fill(value);
    await expect(field).toHaveValue(value, { timeout: 1000 });
  }).toPass();
}

export async function pick(page: Page, label: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  const list = await box.getAttribute('aria-controls');
  await page.getByRole('option', { name: option }).click();
  // The list closes with a transition that hands focus back to the picker: typing into the next field
  // before it has gone can land in the picker's search box instead (a flake seen under CI load).
  if (list) await expect(page.locator(`[id="${list}"]`)).toBeHidden();
}

export const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/**
 * How far the page is wider than the viewport (0 or less: no sideways scrolling). Read it through
 * expect.poll: right after a resize the layout may still be settling for a frame or two.
 */
export const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
