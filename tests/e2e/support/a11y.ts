// Accessibility and phone-layout checks for the signed-in screens: axe (serious and critical
// violations fail) and no sideways scrolling at 375 px. (Console errors fail every test: test.ts.)
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

/** Serious and critical axe violations, as "rule: targets" lines (empty when there are none). */
export async function seriousViolations(page: Page) {
  // Only violations come back: the passes make a large result that takes time to hand over.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Waits until the screen shows its title and nothing is loading any more (skeletons, spinners). */
export async function settled(page: Page, title: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root[data-visible]')).toHaveCount(0);
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
}

/**
 * axe finds nothing serious or critical and, on a phone, the page does not scroll sideways. Soft, so a
 * run lists every screen's problems at once.
 */
export async function expectAccessible(page: Page, where: string) {
  expect.soft(await seriousViolations(page), `axe on ${where}`).toEqual([]);
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
