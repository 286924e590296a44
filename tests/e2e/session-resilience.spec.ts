// A resilient session: only a 401 signs a user out. When the farm's server can't be
// reached (a 502 from a proxy, a dropped connection) the signed-in screen stays, a banner says so and
// the session check retries with back-off; the banner goes when the server answers again.
import { PHONE } from './support/a11y.ts';
import { signedInAs } from './support/accounts.ts';
import { expect, type Page, test } from './support/test.ts';

const BANNER = "Can't reach the farm's server — retrying";
const API = '**/api/**';

const banner = (page: Page) => page.getByRole('status').filter({ hasText: BANNER });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const dashboard = (page: Page) => page.getByRole('heading', { name: 'Market Agent Dashboard' });

/** What a browser does when its tab comes back to the front: screens refetch their data. */
const refocus = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));

/**
 * The phone comes back to the app a minute later: its data is older than the 1 s stale time, so the
 * refocus refetches it. Without the jump a refocus right after sign-in finds the data fresh, fetches
 * nothing and the banner waits for the 30 s safety-net poll (the flake of CI stop 30).
 */
async function comeBackAMinuteLater(page: Page) {
  await page.clock.fastForward('01:00');
  await refocus(page);
}

async function signedInOnPhone(page: Page) {
  await page.setViewportSize(PHONE);
  await signedInAs(page, 'market_agent');
  await expect(dashboard(page)).toBeVisible();
}

/** The banner is on screen at 375 px, below the header rather than over it or any control. */
async function expectBannerInFlow(page: Page) {
  await expect(banner(page)).toBeInViewport();
  const box = await banner(page).boundingBox();
  const header = await page.locator('header').boundingBox();
  expect(box && header && box.y >= header.y + header.height).toBe(true);
}

for (const failure of ['a 502 from a proxy', 'a dropped connection'] as const) {
  test(`${failure} keeps the user signed in, with a banner until the server answers`, async ({ page, problems }) => {
    problems.allow('502 GET /api/', 'request failed (net::ERR_FAILED): GET /api/');
    await page.clock.install();
    await signedInOnPhone(page);
    await page.route(API, (route) =>
      failure === 'a 502 from a proxy' ? route.fulfill({ status: 502 }) : route.abort(),
    );
    await comeBackAMinuteLater(page);

    await expect(banner(page)).toBeVisible();
    await expectBannerInFlow(page);
    await expect(nav(page)).toHaveCount(1);
    await expect(dashboard(page)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);

    await page.unroute(API);
    // The next try comes after the back-off (1 s, 2 s, 4 s, …): the banner goes when it succeeds.
    await expect(banner(page)).toHaveCount(0, { timeout: 20_000 });
    await expect(dashboard(page)).toBeVisible();
  });
}

test('opening the app while the server is out of reach waits with the banner, not the landing page', async ({
  page,
  problems,
}) => {
  problems.allow('502 GET /api/auth/session');
  await signedInOnPhone(page);
  await page.route('**/api/auth/session', (route) => route.fulfill({ status: 502 }));
  await page.reload();
  await expect(banner(page)).toBeVisible();
  await expect(page.getByText('Loading...')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);

  await page.unroute('**/api/auth/session');
  await expect(dashboard(page)).toBeVisible({ timeout: 20_000 });
  await expect(banner(page)).toHaveCount(0);
});

test('a 401 signs the user out: the session ended on the server', async ({ page, problems }) => {
  problems.allow('401 GET /api/');
  await signedInOnPhone(page);
  // Signed out outside this page: the server ends the session and its live-update stream says so.
  await page.request.post('/api/auth/logout');
  await expect(nav(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test('a 401 signs the user out: a call made without a session', async ({ page, problems }) => {
  problems.allow('401 GET /api/');
  await page.clock.install();
  await signedInOnPhone(page);
  // The cookie is gone, so the next calls are answered 401 and the session check finds nobody.
  await page.context().clearCookies();
  await comeBackAMinuteLater(page);
  await expect(nav(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});
