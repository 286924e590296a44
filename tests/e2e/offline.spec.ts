// The agent's phone without a connection (decision 036), at 375 × 812 with the app's service
// worker allowed: actions made offline wait on the phone with the banner's count, one cancelled stays
// cancelled (also after a reload), and back online the server books the others exactly once; a change
// the server refuses is shown with its reason and fixed by the agent while the changes behind it wait;
// the app opens offline after a reload, on the data it last saw, and that data goes at sign-out.
import { PHONE } from './support/a11y.ts';
import { pageOverflow, pick, signedInPage, uniqueName } from './support/crates.ts';
import { type APIRequestContext, type Browser, expect, type Page, test } from './support/test.ts';
import { smallControls } from './support/touch-targets.ts';

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 180_000 });

/** What going offline does to the page's own requests (polls, the event stream) and the conflicts provoked. */
const OFFLINE_PROBLEMS = [/ERR_INTERNET_DISCONNECTED/, /ERR_NETWORK_CHANGED/, /ERR_FAILED/];

type Farm = { farm: Page; agent: Page; agentId: number; agentUserId: number };

/** A farm store and an agent with `full` full and `empty` empty crates; the agent's phone at 375 px. */
async function farmAndAgent(browser: Browser, full: number, empty: number): Promise<Farm> {
  const agent = await signedInPage(browser, 'market_agent', { name: uniqueName('Agent') });
  const { page: farm } = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  const me = (await (await agent.page.request.get('/api/market-agents/me')).json()) as { id: number };
  expect(
    (await farm.request.post('/api/farm-store/stock-adjustments', { data: { quantity: 500, reason: 'E2E' } })).ok(),
  ).toBe(true);
  const opening = await farm.request.post('/api/farm-store/opening-balances', {
    data: { marketAgentId: me.id, fullCrates: full, emptyCrates: empty },
  });
  expect(opening.ok(), await opening.text()).toBe(true);
  await agent.page.setViewportSize(PHONE);
  return { farm, agent: agent.page, agentId: me.id, agentUserId: agent.account.id };
}

async function deliver(farm: Page, agentId: number, quantity: number): Promise<number> {
  const res = await farm.request.post('/api/transmissions', {
    data: { type: 'farm_to_market', marketAgentId: agentId, quantity },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: number }).id;
}

async function post<T = { id: number }>(request: APIRequestContext, path: string, data: unknown, method = 'post') {
  const res = await request.fetch(path, { method, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const get = async <T>(request: APIRequestContext, path: string) => (await (await request.get(path)).json()) as T;

/** The service worker controls the page and has cached the app shell. */
async function shellCached(page: Page) {
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The queue of waiting changes runs, and the signed-in user's data is kept in IndexedDB. */
async function offlineReady(page: Page, userId: number) {
  await expect(page.locator('html')).toHaveAttribute('data-offline-queue', 'on');
  await expect
    .poll(() =>
      page.evaluate(
        async (key) =>
          // Opened only once the app made it: opening it first would make it without its store.
          (await indexedDB.databases()).some((d) => d.name === 'cratekeeper-cache') &&
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('cratekeeper-cache');
            open.onerror = () => resolve(false);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('kept')) return resolve(false);
              const got = db.transaction('kept').objectStore('kept').get(key);
              got.onsuccess = () => resolve(got.result !== undefined);
              got.onerror = () => resolve(false);
            };
          }),
        `user:${userId}`,
      ),
    )
    .toBe(true);
}

const banner = (page: Page) => page.getByTestId('offline-banner-text');
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

async function openScreen(page: Page, name: 'Clients' | 'Transmissions' | 'Dashboard') {
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name }).click();
}

async function acknowledge(page: Page, count: number) {
  const delivery = page
    .getByTestId('incoming-transmission')
    .filter({ has: page.getByRole('button', { name: 'Acknowledge Receipt' }) })
    .first();
  await delivery.getByRole('button', { name: 'Acknowledge Receipt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Count and Acknowledge' });
  await dialog.getByLabel('Crates counted').fill(String(count));
  await dialog.getByRole('button', { name: 'Confirm Count' }).click();
  await expect(dialog).toBeHidden();
}

/** The list of waiting changes, opened from the banner. */
async function waitingList(page: Page) {
  await page.getByTestId('offline-banner').getByRole('button').click();
  const list = page.getByRole('dialog', { name: 'Changes waiting to send' });
  await expect(list).toBeVisible();
  return list;
}

test('actions made offline wait on the phone, one is cancelled for good, the rest are booked exactly once (375 px)', async ({
  browser,
  problems,
}) => {
  problems.allow(...OFFLINE_PROBLEMS);
  const { farm, agent: page, agentId, agentUserId } = await farmAndAgent(browser, 20, 5);
  const delivery = await deliver(farm, agentId, 50);
  const alpha = uniqueName('Alpha Veg');
  const beta = uniqueName('Beta Fruit');
  const gamma = uniqueName('Gamma Greens');
  await post(page.request, '/api/clients', {
    businessName: alpha,
    clientName: 'Ann',
    contactNumber: '082 123 4567',
  });
  const b = await post(page.request, '/api/clients', {
    businessName: beta,
    clientName: 'Ben',
    contactNumber: '082 765 4321',
  });
  const loan = await post(page.request, '/api/client-transactions', { clientId: b.id, quantityBorrowed: 6 });

  // The agent has used the app online: the screens' code and data are on the phone.
  await page.goto('/');
  await expect(page.getByTestId('incoming-transmission')).toHaveCount(1);
  await shellCached(page);
  await openScreen(page, 'Clients');
  await expect(page.getByTestId('client-card')).toHaveCount(2);
  await openScreen(page, 'Transmissions');
  await expect(page.getByTestId('empties-available')).toHaveText('5 empty crates ready to return');
  await offlineReady(page, agentUserId);

  // The signal drops at the stall.
  await page.context().setOffline(true);
  await expect(banner(page)).toHaveText('Offline — no changes waiting to send');
  await expect(page.getByTestId('data-age')).toContainText(/Showing what this phone last saw, as of \d\d:\d\d/);

  // Send 3 empties back to the farm.
  await page.getByLabel('Quantity').fill('3');
  await page.getByRole('button', { name: 'Send Empty Crates' }).click();
  await expect(toast(page, 'Saved on this phone')).toBeVisible();
  await expect(banner(page)).toHaveText('Offline — 1 change waiting to send');
  // The toast is at the bottom of the phone: it covers neither the header nor the banner (decision 067).
  const saved = await toast(page, 'Saved on this phone').boundingBox();
  const header = await page.locator('.mantine-AppShell-header').boundingBox();
  const bannerBox = await page.getByTestId('offline-banner').boundingBox();
  expect(saved && header && bannerBox && saved.y >= header.y + header.height).toBe(true);
  expect(saved && bannerBox && saved.y >= bannerBox.y + bannerBox.height).toBe(true);
  await expect(page.getByTestId('empties-available')).toHaveText('2 empty crates ready to return');

  // Count the delivery: 48 of the 50.
  await openScreen(page, 'Dashboard');
  await acknowledge(page, 48);
  await expect(banner(page)).toHaveText('Offline — 2 changes waiting to send');
  const counted = page.getByTestId('incoming-transmission');
  await expect(counted).toContainText('Acknowledge delivery: 48 crates — waiting to send');
  await expect(counted.getByRole('button', { name: 'Acknowledge Receipt' })).toHaveCount(0);

  // Lend 5 to Alpha, take 2 back from Beta's loan, add a new client.
  await openScreen(page, 'Clients');
  await page.getByRole('button', { name: 'Lend Crates' }).click();
  const lend = page.getByRole('dialog', { name: 'Lend Crates' });
  await pick(page, 'Client', new RegExp(alpha));
  // Typed a few milliseconds after the pick, the count sometimes never reached the field (the trace's
  // snapshot after fill() still shows it empty: focus was still moving from the picker's closing list).
  // A person cannot type that fast; the test checks the field holds the count before it sends.
  const quantity = lend.getByLabel('Quantity');
  await expect(async () => {
    await quantity.fill('5');
    await expect(quantity).toHaveValue('5', { timeout: 1000 });
  }).toPass();
  await lend.getByRole('button', { name: 'Lend Crates' }).click();
  await expect(lend).toBeHidden();
  await expect(page.getByTestId('client-card').filter({ hasText: alpha })).toContainText(
    'Lend crates: 5 crates — waiting to send',
  );

  await page
    .getByTestId('open-transaction')
    .filter({ hasText: beta })
    .getByRole('button', { name: 'Process Return' })
    .click();
  const giveBack = page.getByRole('dialog', { name: 'Return Crates' });
  await giveBack.getByLabel('Quantity returned').fill('2');
  await giveBack.getByRole('button', { name: 'Return Crates' }).click();
  await expect(giveBack).toBeHidden();

  await page.getByRole('button', { name: 'Add Client' }).click();
  const add = page.getByRole('dialog', { name: 'Add Client' });
  await add.getByLabel('Business name').fill(gamma);
  await add.getByLabel('Client name').fill('Gail');
  await add.getByLabel('Contact number').fill('083 555 1234');
  // Escape after typing does not drop it: it asks first (decision 061).
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Discard what you entered?' });
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(discard).toBeHidden();
  await expect(add.getByLabel('Business name')).toHaveValue(gamma);
  await add.getByRole('button', { name: 'Add Client' }).click();
  await expect(add).toBeHidden();
  await expect(banner(page)).toHaveText('Offline — 5 changes waiting to send');

  // The list: what, for whom, how many, when. The lend to Alpha is cancelled.
  const list = await waitingList(page);
  const rows = list.getByTestId('waiting-change');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(0)).toContainText('Send empty crates: 3 crates');
  await expect(rows.nth(0)).toContainText('For the farm store');
  await expect(rows.nth(1)).toContainText('Acknowledge delivery: 48 crates');
  await expect(rows.nth(2)).toContainText(`Lend crates: 5 crates`);
  await expect(rows.nth(2)).toContainText(`For ${alpha}`);
  await expect(rows.nth(2)).toContainText(/Made \d+ \w+ \d{4}, \d\d:\d\d/);
  await expect(rows.nth(3)).toContainText('Take a return: 2 crates');
  await expect(rows.nth(4)).toContainText(`Add client`);
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  expect(await smallControls(page, 44, '[role="dialog"]')).toEqual([]);
  await rows.nth(2).getByRole('button', { name: 'Cancel change' }).click();
  await rows.nth(2).getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(rows).toHaveCount(4);
  await expect(list).not.toContainText('Lend crates');
  await list.getByRole('button', { name: 'Close' }).click();
  await expect(banner(page)).toHaveText('Offline — 4 changes waiting to send');
  expect(await smallControls(page, 44, '[data-testid="offline-banner"]')).toEqual([]);

  // A reload with no network: the app opens from the phone, and the cancelled lend stays cancelled.
  await page.reload();
  await expect(banner(page)).toHaveText('Offline — 4 changes waiting to send');
  await expect(page.getByTestId('client-card').filter({ hasText: alpha })).toBeVisible();
  await expect(page.getByTestId('client-card').filter({ hasText: alpha })).not.toContainText('waiting to send');
  const afterReload = await waitingList(page);
  await expect(afterReload.getByTestId('waiting-change')).toHaveCount(4);
  await expect(afterReload).not.toContainText('Lend crates');
  await afterReload.getByRole('button', { name: 'Close' }).click();

  // Back online: the queue sends, in order, and the banner goes.
  await page.context().setOffline(false);
  await expect(toast(page, 'Every waiting change was sent')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  // The server has exactly the four remaining changes, each once.
  const r = page.request;
  const history = await get<
    { id: number; type: string; status: string; quantity: number; actualQuantity: number | null }[]
  >(r, '/api/transmissions?limit=50');
  expect(history.find((t) => t.id === delivery)).toMatchObject({ status: 'acknowledged', actualQuantity: 48 });
  expect(history.filter((t) => t.type === 'market_to_farm').map((t) => t.quantity)).toEqual([3]);
  const clients = await get<{ businessName: string; totalBorrowed: number; outstandingCrates: number }[]>(
    r,
    '/api/clients?limit=500',
  );
  expect(clients.filter((c) => c.businessName === gamma)).toHaveLength(1);
  expect(clients.find((c) => c.businessName === alpha)).toMatchObject({ totalBorrowed: 0, outstandingCrates: 0 });
  expect(clients.find((c) => c.businessName === beta)).toMatchObject({ totalBorrowed: 6, outstandingCrates: 4 });
  const loans = await get<{ id: number; quantityReturned: number }[]>(r, '/api/client-transactions/open?limit=500');
  expect(loans.find((l) => l.id === loan.id)?.quantityReturned).toBe(2);
  const me = await get<{ fullCrates: number; emptyCrates: number; cratesWithClients: number }>(
    r,
    '/api/market-agents/me',
  );
  // 20 − 6 lent to Beta + 48 counted; 5 + 2 returned − 3 sent back.
  expect(me).toMatchObject({ fullCrates: 62, emptyCrates: 4, cratesWithClients: 4 });
});

test('a change the server refuses stops the queue: the agent sees which and why, fixes it, and the rest go', async ({
  browser,
  problems,
}) => {
  // The refusals this journey provokes on purpose.
  problems.allow(...OFFLINE_PROBLEMS, /^4\d\d PUT \/api\/(transmissions|client-transactions)\//);
  const { farm, agent: page, agentId, agentUserId } = await farmAndAgent(browser, 10, 0);
  const delivery = await deliver(farm, agentId, 12);
  const alpha = uniqueName('Alpha Veg');
  const a = await post(page.request, '/api/clients', {
    businessName: alpha,
    clientName: 'Ann',
    contactNumber: '082 123 4567',
  });
  const loan = await post(page.request, '/api/client-transactions', { clientId: a.id, quantityBorrowed: 4 });

  await page.goto('/clients');
  await expect(page.getByTestId('open-transaction')).toHaveCount(1);
  await openScreen(page, 'Dashboard');
  await expect(page.getByTestId('incoming-transmission')).toHaveCount(1);
  // The screens' code not loaded yet (the count dialog) comes from the service worker's cache.
  await shellCached(page);
  await offlineReady(page, agentUserId);

  await page.context().setOffline(true);
  await expect(banner(page)).toHaveText('Offline — no changes waiting to send');
  // Offline: count the delivery, then take 3 back from Alpha's loan, then lend Alpha 2 more.
  await acknowledge(page, 12);
  await openScreen(page, 'Clients');
  await page.getByTestId('open-transaction').getByRole('button', { name: 'Process Return' }).click();
  const giveBack = page.getByRole('dialog', { name: 'Return Crates' });
  await giveBack.getByLabel('Quantity returned').fill('3');
  await giveBack.getByRole('button', { name: 'Return Crates' }).click();
  await expect(giveBack).toBeHidden();
  await page.getByRole('button', { name: 'Lend Crates' }).click();
  const lend = page.getByRole('dialog', { name: 'Lend Crates' });
  await pick(page, 'Client', new RegExp(alpha));
  await lend.getByLabel('Quantity').fill('2');
  await lend.getByRole('button', { name: 'Lend Crates' }).click();
  await expect(lend).toBeHidden();
  await expect(banner(page)).toHaveText('Offline — 3 changes waiting to send');

  // Meanwhile, online: the farm recalls the delivery, and the agent's desk takes 2 back from the loan.
  await post(farm.request, `/api/transmissions/${delivery}/recall`, {}, 'put');
  await post(page.request, `/api/client-transactions/${loan.id}`, { quantityReturned: 2 }, 'put');

  // Back online: the count is refused, and the queue stops there.
  await page.context().setOffline(false);
  await expect(banner(page)).toHaveText('A change was not accepted — 3 changes waiting to send', { timeout: 30_000 });
  await expect(page.getByTestId('offline-banner')).toContainText('Acknowledge delivery for');
  const list = await waitingList(page);
  const rows = list.getByTestId('waiting-change');
  await expect(rows.nth(0).getByTestId('waiting-change-refusal')).toContainText('Not accepted:');
  await expect(rows.nth(1)).toContainText('Waits for your choice on the change above.');
  await expect(rows.nth(2)).toContainText('Waits for your choice on the change above.');
  // Nothing behind it went: the loan still has the 2 the desk left.
  const open = async () =>
    (await get<{ id: number; cratesOut: number }[]>(page.request, '/api/client-transactions/open?limit=500')).find(
      (l) => l.id === loan.id,
    )?.cratesOut;
  expect(await open()).toBe(2);

  // The agent cancels the count of the recalled delivery; the return is refused next (only 2 out).
  await rows.nth(0).getByRole('button', { name: 'Cancel change' }).click();
  await rows.nth(0).getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByTestId('waiting-change-refusal')).toContainText('only 2', { timeout: 30_000 });
  // Edited to the 2 that are really out, it goes, and so does the lend behind it.
  await rows.nth(0).getByRole('button', { name: 'Edit' }).click();
  await rows.nth(0).getByLabel('Crates').fill('2');
  await rows.nth(0).getByRole('button', { name: 'Save and send' }).click();
  await expect(list.getByText('Nothing is waiting: every change made on this phone was sent.')).toBeVisible({
    timeout: 30_000,
  });
  await list.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  // The server: the delivery recalled (never counted), the loan returned in full, the new lend booked once.
  const history = await get<{ id: number; status: string }[]>(page.request, '/api/transmissions?limit=50');
  expect(history.find((t) => t.id === delivery)?.status).toBe('recalled');
  expect(await open()).toBeUndefined();
  const clients = await get<{ businessName: string; totalBorrowed: number; outstandingCrates: number }[]>(
    page.request,
    '/api/clients?limit=500',
  );
  expect(clients.find((c) => c.businessName === alpha)).toMatchObject({ totalBorrowed: 6, outstandingCrates: 2 });
});

test('the app opens offline after a reload, on what the phone last saw, and that data goes at sign-out', async ({
  browser,
  problems,
}) => {
  problems.allow(...OFFLINE_PROBLEMS);
  const { farm, agent: page, agentId, agentUserId } = await farmAndAgent(browser, 10, 0);
  await deliver(farm, agentId, 7);
  await page.goto('/');
  await expect(page.getByTestId('incoming-transmission')).toContainText('7 crates');
  await shellCached(page);
  await offlineReady(page, agentUserId);

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Market Agent Dashboard' })).toBeVisible();
  await expect(banner(page)).toHaveText('Offline — no changes waiting to send');
  await expect(page.getByTestId('data-age')).toContainText(/as of \d\d:\d\d/);
  await expect(page.getByTestId('incoming-transmission')).toContainText('7 crates');
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);

  // Back online, the agent signs out: nothing of theirs is left on the phone.
  await page.context().setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  // Live again (the event stream's reconnect is not left in flight across the sign-out).
  await expect(page.locator('html')).toHaveAttribute('data-live-updates', 'on', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(() =>
      page.evaluate(async () =>
        !(await indexedDB.databases()).some((d) => d.name === 'cratekeeper-cache')
          ? []
          : new Promise<string[]>((resolve) => {
              const open = indexedDB.open('cratekeeper-cache');
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('kept')) return resolve([]);
                const keys = db.transaction('kept').objectStore('kept').getAllKeys();
                keys.onsuccess = () => resolve(keys.result.map(String));
              };
            }),
      ),
    )
    .toEqual([]);
  // Offline again, a reload finds nobody to open as.
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByText("Can't reach the farm's server — retrying")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Market Agent Dashboard' })).toHaveCount(0);
});

/** The page keys of the answers kept for `userId` (the persisted query cache in IndexedDB). */
const keptPaths = (page: Page, userId: number) =>
  page.evaluate(
    (key) =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('cratekeeper-cache');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kept')) return resolve([]);
          const got = db.transaction('kept').objectStore('kept').get(key);
          got.onsuccess = () =>
            resolve(
              ((got.result?.clientState?.queries ?? []) as { queryKey: unknown[] }[]).map((q) => String(q.queryKey[0])),
            );
          got.onerror = () => resolve([]);
        };
      }),
    `user:${userId}`,
  );

/** Offline on saved data: the banner's age, and no red "could not load … Retrying…" anywhere. */
async function honestOffline(page: Page) {
  await expect(page.getByTestId('data-age')).toContainText(/Showing what this phone last saw, as of/);
  await expect(page.getByText(/could not (be )?load|Retrying/)).toHaveCount(0);
  await expect(page.getByTestId('transmissions-skeleton')).toHaveCount(0);
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
}

test('every agent screen opened online opens offline after a reload, from what it last saw (375 px)', async ({
  browser,
  problems,
}) => {
  problems.allow(...OFFLINE_PROBLEMS);
  const { farm, agent: page, agentId, agentUserId } = await farmAndAgent(browser, 30, 2);
  // More deliveries than one page of history (20).
  for (let i = 1; i <= 21; i++) await deliver(farm, agentId, i);
  const seen = uniqueName('Seen Veg');
  const unseen = uniqueName('Unseen Fruit');
  const a = await post(page.request, '/api/clients', {
    businessName: seen,
    clientName: 'Ann',
    contactNumber: '082 123 4567',
  });
  const b = await post(page.request, '/api/clients', {
    businessName: unseen,
    clientName: 'Bo',
    contactNumber: '082 765 4321',
  });
  await post(page.request, '/api/client-transactions', { clientId: a.id, quantityBorrowed: 3 });

  // Online, the agent opens every screen once (the second client's statement excepted), and each
  // stays long enough for the phone to keep what it showed.
  const kept = (path: string) => expect.poll(() => keptPaths(page, agentUserId)).toContain(path);
  await page.goto('/dashboard');
  await expect(page.getByTestId('incoming-transmission').first()).toBeVisible();
  await shellCached(page);
  await offlineReady(page, agentUserId);
  await kept('/api/market-agents/earnings');
  await page.goto('/dashboard?tab=clients');
  await expect(page.getByText(seen).first()).toBeVisible();
  await kept('/api/clients');
  await page.goto('/dashboard?tab=reports');
  await expect(page.getByText('Deliveries received')).toBeVisible();
  await kept('/api/reports/my-weekly');
  await page.goto('/dashboard?tab=settings');
  await expect(page.getByLabel('Bank name')).toBeVisible();
  await kept('/api/api-tokens');
  await page.goto('/clients');
  await expect(page.getByTestId('client-card')).toHaveCount(2);
  await kept('/api/clients');
  await page.goto(`/clients/${a.id}/statement`);
  await expect(page.getByRole('heading', { name: `Crate statement: ${seen}` })).toBeVisible();
  await kept(`/api/clients/${a.id}/statement`);
  await page.goto('/transmissions');
  const rows = page.getByTestId('transmission-row');
  await expect(rows).toHaveCount(20);

  await page.context().setOffline(true);
  // Going offline saves what the screens showed, the history's page among it.
  await expect.poll(() => keptPaths(page, agentUserId)).toContain('/api/transmissions');

  // Each screen after a reload with no network: what it last saw, the same page of history.
  await page.reload();
  await expect(rows).toHaveCount(20);
  await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible();
  await expect(page.getByText('No transmissions found')).toHaveCount(0);
  await honestOffline(page);

  await page.goto('/dashboard');
  await expect(page.getByTestId('incoming-transmission').first()).toBeVisible();
  await expect(page.getByTestId('total-earnings')).not.toHaveText('…');
  await honestOffline(page);
  await page.goto('/dashboard?tab=clients');
  await expect(page.getByText(seen).first()).toBeVisible();
  await honestOffline(page);
  await page.goto('/dashboard?tab=reports');
  await expect(page.getByText('Deliveries received')).toBeVisible();
  await honestOffline(page);
  await page.goto('/clients');
  await expect(page.getByTestId('client-card')).toHaveCount(2);
  await honestOffline(page);
  await page.goto(`/clients/${a.id}/statement`);
  await expect(page.getByRole('heading', { name: `Crate statement: ${seen}` })).toBeVisible();
  await honestOffline(page);

  // The bank details are never kept on the phone, and the other statement was never opened: each says so.
  await page.goto('/dashboard?tab=settings');
  await expect(page.getByText('Your bank details are not kept on this phone')).toBeVisible();
  await expect(page.getByText(/could not (be )?load|Retrying/)).toHaveCount(0);
  await page.goto(`/clients/${b.id}/statement`);
  await expect(page.getByTestId('nothing-saved')).toHaveText('Nothing on this screen was saved on this phone yet.');
  await expect(page.getByText(/could not (be )?load|Retrying/)).toHaveCount(0);
});
