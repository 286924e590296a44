// Accessibility and phone-layout checks for the screens: axe (every violation fails, whatever its impact,
// best-practice rules such as region, landmark-one-main and heading-order included; decision 047) and no
// sideways scrolling at 375 px. (Console errors fail every test: test.ts.)
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Every axe violation, minor to critical, as "rule (impact): targets" lines (empty when there are none).
 * axe's default rule set: WCAG 2.x A and AA and its best practices; no rule is turned off.
 */
export async function axeViolations(page: Page) {
  // Only violations come back: the passes make a large result that takes time to hand over.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Waits until the screen shows its title and nothing is loading any more (skeletons, spinners). */
export async function settled(page: Page, title: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root[data-visible]')).toHaveCount(0);
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
}

/**
 * axe finds nothing at all and, on a phone, the page does not scroll sideways. Soft, so a
 * run lists every screen's problems at once.
 */
export async function expectAccessible(page: Page, where: string) {
  expect.soft(await axeViolations(page), `axe on ${where}`).toEqual([]);
  await expectNoSidewaysScroll(page, where);
}

/**
 * At phone width the page is no wider than the screen (1 px for sub-pixel rounding), and no badge
 * (a role, a status) is cut to '…': a squeezed 'MARKET …' once hid the role on User Management.
 */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const width = page.viewportSize()?.width ?? DESKTOP.width;
  if (width <= PHONE.width) {
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect.soft(scrollWidth, `${where} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width + 1);
  }
  const cutBadges = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Badge-label')]
      .filter((label) => label.offsetWidth > 0 && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent ?? ''),
  );
  expect.soft(cutBadges, `badges cut short on ${where}`).toEqual([]);
}
