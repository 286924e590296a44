// Helpers for the crate journeys: two signed-in browsers (farm store and agent) and Mantine pickers.
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { type E2ERole, registerVia } from './accounts.ts';

// The browsers a test opened stay open only for that test: left open, every earlier test's farm and
// agent pages kept polling and holding live-update streams, and a worker ran with dozens of them.
// A worker runs one test at a time, so the first call of a new test closes the previous test's.
let opened: { testId: string; contexts: BrowserContext[] } | null = null;

async function contextForThisTest(browser: Browser, options: BrowserContextOptions = {}) {
  const { testId } = test.info();
  if (opened?.testId !== testId) {
    await Promise.all((opened?.contexts ?? []).map((c) => c.close().catch(() => {})));
    opened = { testId, contexts: [] };
  }
  const context = await browser.newContext(options);
  opened.contexts.push(context);
  return context;
}

/** A new page of its own browser context, closed when the next test starts; `options.baseURL` for another app. */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}) {
  return (await contextForThisTest(browser, options)).newPage();
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
export async function pick(page: Page, label: string, option: string | RegExp) {
  // In a full run the open list was twice found closed again (the page back at its top) while other
  // tests' changes refetched the screen; not reproduced alone. A person would tap again; so does this,
  // for up to 30 s. The cause is noted for the next session (issue note, decision 023).
  await expect(async () => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option }).click({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

export const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** No sideways scrolling: the page is no wider than the viewport. */
export const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
