// The Reports screen (spec §2): figures computed from real transmissions, the PDF download (its name
// and %PDF header), e-mailing a report (toast with the count, the outbox row), the weekly reports.
import { readFileSync } from 'node:fs';
import { expectAccessible, PHONE } from './support/a11y.ts';
import { registerVia } from './support/accounts.ts';
import { pageOverflow, pick, signedInPage, uniqueName } from './support/crates.ts';
import { expect, test } from './support/test.ts';
import { smallControls } from './support/touch-targets.ts';

const farmToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Johannesburg',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

test('the farm store reads the figures, downloads the PDF and e-mails a report', async ({ browser }) => {
  // Axe twice and a PDF on a shared machine: more than the default minute.
  test.setTimeout(180_000);
  const { page } = await signedInPage(browser, 'farm_store');
  const agentContext = await browser.newContext();
  const agentName = uniqueName('Report Agent');
  const agent = await registerVia(agentContext.request, 'market_agent', { name: agentName });
  await agentContext.close();
  expect(
    (await page.request.post('/api/farm-store/stock-adjustments', { data: { quantity: 100, reason: 'Bought' } })).ok(),
  ).toBe(true);
  const agents: { id: number; userId: number; agentName: string }[] = await (
    await page.request.get('/api/market-agents/for-transmission')
  ).json();
  const mine = agents.find((a) => a.agentName === agentName)!;
  const sent = await page.request.post('/api/transmissions', {
    data: { type: 'farm_to_market', marketAgentId: mine.id, toUserId: mine.userId, quantity: 37 },
  });
  expect(sent.ok()).toBe(true);

  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible({ timeout: 30_000 });
  await pick(page, 'Market agent', new RegExp(agentName));
  await expect(page.getByTestId('stat-total-transmissions')).toContainText('1');
  await expect(page.getByTestId('stat-crates-moved')).toContainText('37');
  await expect(page.getByTestId('stat-completion-rate')).toContainText('0%');
  // The changes are computed against the period before (DESIGN §7), and every card says so. For one
  // agent the Active Agents card compares that agent too: the farm-wide '+N new this month' is not its figure.
  for (const stat of ['stat-total-transmissions', 'stat-crates-moved', 'stat-completion-rate', 'stat-active-agents']) {
    await expect(page.getByTestId(stat)).toContainText('vs last period');
  }
  await expect(page.getByTestId('stat-active-agents')).not.toContainText('new this month');
  await expect(page.getByTestId('flow-farm-to-market')).toContainText('1 (100%)');
  await expect(page.getByTestId('agent-performance-row')).toHaveCount(1);
  await expect(page.getByTestId('agent-performance-row')).toContainText(agentName);
  // Billing's figures: nothing returned, nothing billed or owed yet.
  await expect(page.getByTestId('agent-owed')).toHaveText(/^Owed R\s0\.00$/);
  await expect(page.getByTestId('agent-billing')).toContainText(/^Billed R\s0\.00 for 0 crates · Earnings est\./);
  await expect(page.getByText('Recent Transmission Activity')).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`weekly-report-${farmToday()}.pdf`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expect(page.getByText('PDF report has been downloaded successfully')).toBeVisible();

  // Decision 046: a dialog first (recipients, period, the e-mail as received), then the send; no SMTP
  // on the test server, so the toast says the e-mail is kept in the outbox.
  await page.getByRole('button', { name: 'Email Report' }).click();
  const emailDialog = page.getByRole('dialog', { name: 'Email report' });
  await expect(emailDialog.getByTestId('email-recipients')).toContainText('To 1 agent');
  await expect(emailDialog.getByTestId('email-period')).toContainText('Period:');
  await expect(emailDialog.getByTestId('mail-preview')).toContainText('Weekly crate report');
  await emailDialog.getByRole('button', { name: 'Email 1 agent' }).click();
  await expect(page.getByText('Report successfully sent to 1 recipients')).toContainText('kept in the outbox');
  const row = page.getByTestId('outbox-entry').filter({ hasText: agent.email });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Weekly crate report');
  // No SMTP on the test server: the message is kept in the outbox, and its status says so.
  await expect(row.getByTestId('outbox-status')).toHaveText('In outbox');

  await page.getByRole('button', { name: 'Send Weekly Report' }).click();
  const weeklyDialog = page.getByRole('dialog', { name: 'Send weekly reports' });
  await expect(weeklyDialog.getByTestId('weekly-due')).toBeVisible();
  await expect(weeklyDialog.getByTestId('mail-preview')).toContainText('Your weekly crate report');
  await weeklyDialog.getByRole('button', { name: /^Send to \d+ agents?$/ }).click();
  await expect(page.getByText(/Weekly report sent to \d+ recipients/)).toBeVisible();
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(page.getByText(/Weekly report sent to \d+ recipients/)).toHaveCount(0);
  // Once a week per agent, whatever is clicked: the second time there is nothing to send.
  await page.getByRole('button', { name: 'Send Weekly Report' }).click();
  await expect(weeklyDialog.getByTestId('weekly-all-sent')).toContainText("already had this week's summary");
  await expect(weeklyDialog.getByRole('button', { name: /^Send to 0 agents$/ })).toBeDisabled();
  await weeklyDialog.getByRole('button', { name: 'Cancel' }).click();

  await expectAccessible(page, '/reports (desktop)');
  await page.setViewportSize(PHONE);
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  // Thumb-sized at 375 px: the configuration's buttons, 'View all', the outbox rows (one open).
  // The e-mailed report's row (the weekly summaries' subjects start 'Your weekly crate report').
  const reportRow = row.filter({ hasText: /Weekly crate report/ });
  await reportRow.getByRole('button').first().click();
  await expect(reportRow.getByText(/Attached: weekly-report-/)).toBeVisible();
  await expect.poll(() => smallControls(page)).toEqual([]);
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page, '/reports (375 px)');
});

test('a billing statement without an active cycle fails with the reason', async ({ browser, problems }) => {
  // The refusal this test fakes.
  problems.allow('404 POST /api/reports/generate');
  const { page } = await signedInPage(browser, 'farm_store');
  await page.goto('/reports');
  // The billing spec shares this database and may have opened a cycle: answer as a farm without one
  // (the server's own 404 is covered by the API tests).
  await page.route('**/api/reports/generate', (route) =>
    route.fulfill({ status: 404, json: { message: 'No active billing cycle' } }),
  );
  await pick(page, 'Report type', 'Billing');
  // Billing downloads the cycle's HTML statement, and the button says so.
  await expect(page.getByRole('button', { name: 'Download PDF' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Download Statement' }).click();
  await expect(page.getByText('Failed to generate report. No active billing cycle')).toBeVisible();
  // Dates more than a year apart are refused beside the field before anything is asked.
  await page.getByLabel('Start date').fill('2024-01-01');
  await page.getByLabel('End date').fill('2025-06-30');
  await expect(page.getByText('A report covers at most 366 days')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download Statement' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Email Report' })).toBeDisabled();
});

test("a market agent reads its own week on its dashboard's reports tab", async ({ browser }) => {
  test.setTimeout(120_000);
  const { page } = await signedInPage(browser, 'market_agent');
  await page.goto('/?tab=reports');
  await expect(page.getByText('My Weekly Summary')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Deliveries received')).toBeVisible();
  // Its own billing: earnings, what was paid and what is owed.
  await expect(page.getByText('Owed to you').locator('xpath=following-sibling::*[1]')).toHaveText(/^R\s\d+\.\d{2}$/);
  await expect(page.getByText('Total earnings').locator('xpath=following-sibling::*[1]')).toHaveText(
    /^R\s\d+\.\d{2} for \d+ crates?$/,
  );
  // 'No active billing cycle', or the value at the rate of a cycle the billing spec opened.
  await expect(page.getByText('Value of your empty crates').locator('xpath=following-sibling::*[1]')).toHaveText(
    /^(No active billing cycle|R\s\d+\.\d{2})$/,
  );
  await expectAccessible(page, 'agent reports tab (desktop)');
  await page.setViewportSize(PHONE);
  await expectAccessible(page, 'agent reports tab (375 px)');
});
