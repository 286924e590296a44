// Every signed-in screen, for every role, with real crates on it: axe finds no serious or critical
// violation, nothing is logged as an error, and at 375 px nothing scrolls sideways, every control is
// thumb-sized and no control's text is cut off (support/touch-targets.ts, decision 015) — the screens,
// the dashboard tabs, Access Denied, the 404 card, the open sidebar, the dialogs and the agent picker.
// One walk for both checks: each screen is set up once (touch-targets.spec.ts keeps what only it measures).

import { DESKTOP, expectAccessible, expectNoSidewaysScroll, PHONE, settled } from './support/a11y.ts';
import { json } from './support/api.ts';
import { signedInPage, uniqueName } from './support/crates.ts';
import { approvedSupplierWithData } from './support/suppliers.ts';
import { type Browser, expect, type Page, test } from './support/test.ts';
import { expectThumbSized } from './support/touch-targets.ts';
import { unreadWebsiteMessage } from './support/website-message.ts';
import { plainEnglish, pseudo } from './support/words.ts';

// Two workers share the four tests; axe needs a second or more a page on CI's two cores.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

/** A screen: its address, its h1, what shows it has loaded, and whether axe runs on it. */
type Screen = { path: string; title: string | RegExp; ready?: (page: Page) => Promise<void>; axe?: boolean };

/** What else a walk checks on each screen once it is ready (the pseudo-locale: nothing left in English). */
type ScreenCheck = (page: Page, where: string) => Promise<void>;

// Every Access Denied page is the same card with another sentence, and every part not built yet the
// same 'not available yet' card: axe checks the first of each a test meets (a second or more a run);
// all are visited, and checked for width.
const denied = (paths: string[]): Screen[] => paths.map((path, i) => ({ path, title: 'Access Denied', axe: i === 0 }));
const notFound: Screen = { path: '/no/such/page', title: 'Page Not Found' };

/** What the farm and the agent typed as notes: the screens show them as written, in any language. */
const DELIVERY_NOTE = 'Morning truck, driver Johannes; crates stacked 10 high';
const LOAN_NOTE = 'Market day';

/**
 * A farm store and a new agent with crates between them: 50 sent and counted as 48 (flagged), 30 on
 * the way to the agent, 10 empties on the way back to the farm, and a message from the public site.
 */
async function cratesInMotion(browser: Browser) {
  const farm = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  const agentName = uniqueName('Agent');
  const agent = await signedInPage(browser, 'market_agent', {
    name: agentName,
    businessName: uniqueName('Fresh Produce Traders'),
  });
  const f = farm.page.request;
  const a = agent.page.request;
  // The farm's stock is shared by every test; this adds to it and never expects an exact figure.
  await json(f.post('/api/farm-store/stock-adjustments', { data: { quantity: 200, reason: 'Accessibility run' } }));
  const agents = await json<{ id: number; userId: number }[]>(f.get('/api/market-agents/for-transmission'));
  const mine = agents.find((x) => x.userId === agent.account.id);
  if (!mine) throw new Error('the new agent is not in the picker');
  const send = (quantity: number, notes: string) =>
    json<{ id: number }>(
      f.post('/api/transmissions', {
        data: { type: 'farm_to_market', marketAgentId: mine.id, toUserId: mine.userId, quantity, notes },
      }),
    );
  const counted = await send(50, DELIVERY_NOTE);
  await json(a.put(`/api/transmissions/${counted.id}/acknowledge`, { data: { actualQuantity: 48 } }));
  await send(30, 'Afternoon truck');
  await json(f.post('/api/farm-store/opening-balances', { data: { marketAgentId: mine.id, emptyCrates: 10 } }));
  await json(a.post('/api/transmissions', { data: { type: 'market_to_farm', quantity: 10, notes: 'Empties' } }));
  // Clients issue: a client with 5 crates out on the Clients screen and its statement.
  const client = await json<{ id: number }>(
    a.post('/api/clients', {
      data: {
        businessName: uniqueName('Mama Thandi Fresh'),
        clientName: 'Thandi Mokoena',
        contactNumber: '082 123 4567',
      },
    }),
  );
  await json(
    a.post('/api/client-transactions', { data: { clientId: client.id, quantityBorrowed: 5, notes: LOAN_NOTE } }),
  );
  await unreadWebsiteMessage(f);
  return { farm: farm.page, agent: agent.page, agentName, clientId: client.id };
}

/**
 * On a phone: the Clients screen's Lend Crates dialog and the return dialog behind 'Process Return'
 * (axe and thumbs), then Add Client and Edit Client (thumbs).
 */
async function auditClientDialogs(page: Page, who: string) {
  await page.setViewportSize(PHONE);
  await page.goto('/clients');
  await settled(page, 'Clients');
  await page.getByRole('button', { name: 'Lend Crates' }).click();
  const lend = page.getByRole('dialog', { name: 'Lend Crates' });
  await lend.getByRole('button', { name: 'Lend Crates' }).click();
  await expect(lend.getByText('Please select a client')).toBeVisible();
  await expectAccessible(page, `${who} lend dialog with errors (375 px)`);
  await expectThumbSized(page, `${who} lend dialog`);
  await lend.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Process Return' }).first().click();
  const giveBack = page.getByRole('dialog', { name: 'Return Crates' });
  await expect(giveBack.getByTestId('crates-out')).toBeVisible();
  await expectAccessible(page, `${who} return dialog (375 px)`);
  await expectThumbSized(page, `${who} return dialog`);
  await giveBack.getByRole('button', { name: 'Cancel' }).click();
  await expect(giveBack).toHaveCount(0);
  for (const [button, title] of [
    ['Add Client', 'Add Client'],
    ['Edit', 'Edit Client'],
  ]) {
    await page.getByRole('button', { name: button, exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expectThumbSized(page, `${who} ${title} dialog`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  }
}

/** Every screen at phone width, then `desktop` at desktop width, where the sidebar is always shown. */
async function auditScreens(page: Page, who: string, screens: Screen[], desktop: Screen, check?: ScreenCheck) {
  const runs = [...screens.map((screen) => ({ screen, viewport: PHONE })), { screen: desktop, viewport: DESKTOP }];
  for (const { screen, viewport } of runs) {
    await page.setViewportSize(viewport);
    await page.goto(screen.path);
    await settled(page, screen.title);
    await screen.ready?.(page);
    const where = `${who} ${screen.path} (${viewport.width} px)`;
    await check?.(page, where);
    if (screen.axe === false) await expectNoSidewaysScroll(page, where);
    else await expectAccessible(page, where);
    if (viewport === PHONE) await expectThumbSized(page, where);
  }
}

/** How a walk names what it looks for: as written, or (the agent's walk) in the pseudo-locale. */
type Say = (text: string) => string | RegExp;
const asWritten: Say = (text) => text;

/** On a phone: the sidebar behind the burger. */
async function auditSidebar(page: Page, who: string, say: Say = asWritten) {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const burger = page.getByRole('button', { name: say('Toggle navigation') });
  await burger.click();
  const nav = page.getByRole('navigation', { name: say('Main navigation') });
  await expect(nav.getByRole('button', { name: say('Sign Out') })).toBeInViewport();
  await expectAccessible(page, `${who} sidebar (375 px)`);
  await expectThumbSized(page, `${who} open sidebar`);
  await burger.click();
  await expect(nav.getByRole('button', { name: say('Sign Out') })).not.toBeInViewport();
}

/** On a phone: the count dialog behind 'Acknowledge Receipt', with a count that differs. */
async function auditCountDialog(page: Page, who: string, say: Say = asWritten, short = /short of the \d+ sent/) {
  await page.setViewportSize(PHONE);
  await page.goto('/transmissions');
  await page
    .getByRole('button', { name: say('Acknowledge Receipt') })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: say('Count and Acknowledge') });
  await expect(dialog.getByLabel(say('Crates counted'))).toBeFocused();
  await expect(dialog.getByText(say('Matches the quantity sent'))).toBeVisible();
  await dialog.getByLabel(say('Crates counted')).fill('7');
  await expect(dialog.getByText(short)).toBeVisible();
  await expectAccessible(page, `${who} count dialog with a difference (375 px)`);
  await expectThumbSized(page, `${who} count dialog`);
  await dialog.getByRole('button', { name: say('Cancel') }).click();
  await expect(dialog).toHaveCount(0);
}

test('farm store: the dashboard tabs, with a send form that has errors and a price being edited', async ({
  browser,
}) => {
  const { farm: page, agentName } = await cratesInMotion(browser);
  const title = 'Farm Store Dashboard';
  const usersTab: Screen = {
    path: '/?tab=users',
    title,
    ready: (p) => expect(p.getByTestId('user-row').first()).toBeVisible(),
  };
  await auditScreens(
    page,
    'farm store',
    [
      {
        path: '/',
        title,
        ready: async (p) => {
          // The charts load when they scroll near (decision 031): scrolled to, so axe checks them too.
          await p.getByRole('heading', { name: 'Where the Crates Are' }).scrollIntoViewIfNeeded();
          await expect(p.getByRole('figure', { name: 'Crates sent and returned per week' })).toBeVisible();
          await expect(p.getByTestId('transmission-row').first()).toBeVisible();
          await p.getByRole('button', { name: 'Send Crates' }).click();
          await expect(p.getByText('Please select a market agent')).toBeVisible();
        },
      },
      {
        path: '/?tab=pricing',
        title,
        ready: async (p) => {
          await p
            .getByRole('button', { name: /^Edit / })
            .first()
            .click();
          await expect(p.getByRole('textbox', { name: /Price per crate in rand for/ })).toBeVisible();
        },
      },
      {
        path: '/?tab=messages',
        title,
        ready: async (p) => {
          await p.getByTestId('contact-message').first().getByRole('button').first().click();
          await expect(p.getByRole('button', { name: 'Mark as read' }).first()).toBeVisible();
        },
      },
      usersTab,
      { path: '/?tab=reports', title, axe: false },
      { path: '/?tab=settings', title, ready: (p) => expect(p.getByTestId('stock-entry').first()).toBeVisible() },
    ],
    usersTab,
  );

  // On the phone: what waits for the farm store comes before its send form (decision 067), and the
  // agent picker, open with its options, is thumb-sized; a typed name and Enter choose the agent.
  await page.setViewportSize(PHONE);
  await page.goto('/transmissions');
  await settled(page, 'Transmissions');
  const incoming = await page.getByRole('heading', { name: 'Incoming Transmissions - Action Required' }).boundingBox();
  const sendForm = await page.getByRole('form', { name: 'New transmission' }).boundingBox();
  expect(incoming && sendForm && incoming.y < sendForm.y, 'Action Required above the send form').toBe(true);
  await page.goto('/');
  await settled(page, title);
  const picker = page.getByRole('combobox', { name: 'Market agent' });
  await picker.click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await expectThumbSized(page, 'farm store agent picker (open)');
  await picker.fill(agentName);
  await picker.press('Enter');
  await expect(picker).toHaveValue(new RegExp(agentName));
});

test('farm store: every screen, Access Denied, 404, the sidebar and the count dialog', async ({ browser }) => {
  const { farm: page, agentName } = await cratesInMotion(browser);
  const billing: Screen = { path: '/billing', title: 'Billing' };
  await auditScreens(
    page,
    'farm store',
    [
      {
        path: '/transmissions',
        title: 'Transmissions',
        ready: async (p) => {
          await expect(p.getByTestId('incoming-transmission').filter({ hasText: agentName })).toBeVisible();
          await expect(p.getByTestId('flagged-transmission').filter({ hasText: agentName })).toBeVisible();
          await expect(p.getByTestId('transmission-row').first()).toBeVisible();
        },
      },
      {
        path: '/market-agents',
        title: 'Market Agents',
        ready: (p) => expect(p.getByRole('article', { name: agentName })).toBeVisible(),
      },
      {
        ...billing,
        ready: async (p) => {
          await p.getByRole('tab', { name: 'Previous Cycle' }).click();
          await p.getByRole('button', { name: 'New Billing Cycle' }).click();
          await expect(p.getByRole('dialog', { name: 'New Billing Cycle' })).toBeVisible();
        },
      },
      {
        path: '/reports',
        title: 'Reports',
        ready: (p) => expect(p.getByTestId('agent-performance-row').first()).toBeVisible(),
      },
      {
        path: '/user-management',
        title: 'User Management',
        // The agent's inline Reset Password field, open, with the spec's message for a blank one.
        ready: async (p) => {
          const row = p.getByRole('article', { name: agentName });
          await row.getByRole('button', { name: 'Reset Password' }).click();
          await row.getByRole('button', { name: 'Save' }).click();
          await expect(row.getByText('Please enter a new password')).toBeVisible();
        },
      },
      // Monthly crate statements (decision 064): the month picker and its (empty) list.
      { path: '/statements', title: 'Crate Statements' },
      ...denied(['/clients']),
      notFound,
    ],
    billing,
  );
  await auditSidebar(page, 'farm store');
  await auditCountDialog(page, 'farm store');
});

/** On a phone: User Management's Remove confirmation and Change My Password with a message. */
async function auditUserDialogs(page: Page, agentName: string) {
  await page.setViewportSize(PHONE);
  await page.goto('/user-management');
  await page.getByRole('article', { name: agentName }).getByRole('button', { name: 'Remove' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove User' });
  await expect(remove.getByText(`Are you sure you want to remove ${agentName} from the system?`)).toBeVisible();
  await expectAccessible(page, 'farm store remove user dialog (375 px)');
  await expectThumbSized(page, 'farm store remove user dialog');
  await remove.getByRole('button', { name: 'Cancel' }).click();
  await expect(remove).toHaveCount(0);
  await page.getByRole('button', { name: 'Change My Password' }).click();
  const change = page.getByRole('dialog', { name: 'Change My Password' });
  await change.getByLabel('Current password').fill('secret123');
  await expect(change.getByText('Please fill in all fields')).toBeVisible();
  await expectAccessible(page, 'farm store change my password dialog (375 px)');
  await expectThumbSized(page, 'farm store change my password dialog');
  await page.keyboard.press('Escape');
  await expect(change).toHaveCount(0);
  // The users tab's Reset Password dialog, measured for thumbs.
  await page.goto('/?tab=users');
  await page.getByRole('article', { name: agentName }).getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('dialog', { name: 'Reset Password' })).toBeVisible();
  await expectThumbSized(page, 'farm store users tab reset dialog');
}

test("farm store: User Management's Remove confirmation and Change My Password", async ({ browser }) => {
  const { page } = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  const agentName = uniqueName('Agent');
  await signedInPage(browser, 'market_agent', { name: agentName });
  await auditUserDialogs(page, agentName);
});

// The agent's walk runs in the pseudo-locale (decision 065): every catalogue word accented and 40 %
// longer, so a string left outside the catalogue, a clipped label or a sideways scroll shows once,
// for every language, without a walk per language.
test('market agent, pseudo-locale: every screen and tab, Access Denied, 404, the sidebar and the count dialog', async ({
  browser,
}) => {
  const { agent: page } = await cratesInMotion(browser);
  await page.addInitScript(() => window.localStorage.setItem('ck-pseudo', '1'));
  const say = pseudo;
  const title = say('Market Agent Dashboard');
  const clients: Screen = {
    path: '/clients',
    title: say('Clients'),
    ready: (p) => expect(p.getByText(say('Client has 5 crates to return'))).toBeVisible(),
  };
  await auditScreens(
    page,
    'market agent (pseudo-locale)',
    [
      { path: '/', title, ready: (p) => expect(p.getByTestId('transmission-row').first()).toBeVisible() },
      { path: '/?tab=clients', title },
      { path: '/?tab=reports', title, ready: (p) => expect(p.getByText(say('My Weekly Summary'))).toBeVisible() },
      { path: '/?tab=settings', title },
      {
        path: '/transmissions',
        title: say('Transmissions'),
        ready: async (p) => {
          await expect(p.getByTestId('incoming-transmission')).toHaveCount(1);
          await expect(p.getByTestId('empties-available')).toHaveText(say('0 empty crates ready to return'));
        },
      },
      { ...clients, axe: false }, // the same card as the clients tab; axe runs on it at desktop width
      ...denied(['/market-agents', '/billing', '/reports', '/user-management']).map((screen) => ({
        ...screen,
        title: say('Access Denied'),
      })),
      { ...notFound, title: say('Page Not Found') },
    ],
    clients,
    async (p, where) =>
      expect(await plainEnglish(p, [DELIVERY_NOTE, LOAN_NOTE]), `English outside the catalogue on ${where}`).toEqual(
        [],
      ),
  );
  await auditSidebar(page, 'market agent (pseudo-locale)', say);
  const short = new RegExp(`${say('short of the ').source}\\d+${say(' sent').source}`);
  await auditCountDialog(page, 'market agent (pseudo-locale)', say, short);
});

test('market agent: the Clients screen with a loan out, its dialogs and a client statement', async ({ browser }) => {
  const { agent: page, clientId } = await cratesInMotion(browser);
  await auditScreens(
    page,
    'market agent',
    [
      {
        path: '/clients',
        title: 'Clients',
        ready: (p) => expect(p.getByText('Client has 5 crates to return')).toBeVisible(),
      },
      {
        path: `/clients/${clientId}/statement`,
        title: /Crate statement/,
        ready: (p) => expect(p.getByTestId('statement-entry')).toHaveCount(1),
      },
    ],
    { path: `/clients/${clientId}/statement`, title: /Crate statement/ },
  );
  await auditClientDialogs(page, 'market agent');
});

const supplierDenied = denied(['/clients', '/market-agents', '/billing', '/reports', '/user-management']);

test('supplier awaiting approval: the pending screen, transmissions, Access Denied, 404, sidebar', async ({
  browser,
}) => {
  const { page } = await signedInPage(browser, 'supplier', { name: uniqueName('Supplier') });
  const pending: Screen = { path: '/', title: 'Account Pending Approval' };
  await auditScreens(
    page,
    'pending supplier',
    [pending, { path: '/transmissions', title: 'Account Pending Approval' }, ...supplierDenied, notFound],
    pending,
  );
  await auditSidebar(page, 'pending supplier');
});

test('approved supplier: every dashboard tab and the sidebar', async ({ browser }) => {
  // Six screens with axe, a dialog and the sidebar: more than the file's default allows on a busy machine.
  test.setTimeout(240_000);
  // Approved by a farm store through the API, with an open and an answered tender and a crate request.
  const { supplier: page } = await approvedSupplierWithData(browser);
  const title = 'Supplier Dashboard';
  const tabs: Screen[] = [
    { path: '/', title },
    { path: '/?tab=offers', title },
    { path: '/?tab=tenders', title },
    { path: '/?tab=settings', title },
    { path: '/?tab=crates', title },
  ];
  await auditScreens(page, 'approved supplier', tabs, tabs[0]);
  // The offer dialog, open on a phone.
  await page.setViewportSize(PHONE);
  await page.goto('/?tab=offers');
  await page.getByRole('button', { name: 'New Offer' }).click();
  await expect(page.getByRole('dialog', { name: 'New Offer' })).toBeVisible();
  // The farm's lists loaded, Other chosen: its note is measured too (decision 068).
  await page.getByRole('combobox', { name: 'Quality' }).selectOption('Other');
  await expect(page.getByRole('textbox', { name: 'Describe the quality' })).toBeVisible();
  await expectAccessible(page, 'approved supplier offer dialog (375 px)');
  await expectThumbSized(page, 'approved supplier offer dialog');
  await page.keyboard.press('Escape');
  await auditSidebar(page, 'approved supplier');
});

test('the supplier wizard: every step, with its messages', async ({ page }) => {
  test.setTimeout(180_000);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/supplier-registration');
    await settled(page, 'Supplier Registration');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
    await expectAccessible(page, `wizard account step (${viewport.width} px)`);
    await page.getByLabel('Full name').fill('Thabo Mokoena');
    await page.getByLabel('Email').fill('thabo@example.co.za');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret123');
    await page.getByLabel('Confirm password').fill('secret123');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required farm and business details');
    await expectAccessible(page, `wizard farm step (${viewport.width} px)`);
    await page.getByLabel('Business name').fill('Mokoena Farms');
    await page.getByLabel('Contact person').fill('Thabo Mokoena');
    await page.getByLabel('Contact number').fill('082 555 7788');
    await page.getByLabel('Farm location').fill('Tzaneen');
    await page.getByLabel('Certification type').selectOption('gmp');
    await page.getByLabel('Account number').fill('0123456789');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('review-Account number')).toHaveText('****6789');
    await expectAccessible(page, `wizard review step (${viewport.width} px)`);
  }
});
