// Monthly crate statements (decision 064) on a 375 × 812 phone: the farm store issues last month's
// statements, the agent disputes its own with a photo, the farm store accepts the agent's figure, and
// the agent sees the adjustment booked this month while the statement still reads as issued. axe at
// the dispute dialog and the farm's screen.
import { ONE_PIXEL_PNG as PNG } from '../support/photos.ts';
import { expectAccessible, PHONE, settled } from './support/a11y.ts';
import { signedInPage, uniqueName } from './support/crates.ts';
import { expect, type Page, test } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test('the agent disputes with a photo, the farm store accepts, the agent sees the adjustment (375 px)', async ({
  browser,
}) => {
  const farm = await signedInPage(browser, 'farm_store');
  const agentName = uniqueName('Agent');
  const agent = await signedInPage(browser, 'market_agent', { name: agentName });
  await farm.page.setViewportSize(PHONE);
  await agent.page.setViewportSize(PHONE);

  // --- the farm store issues last month's statements ---
  await farm.page.goto('/statements');
  await settled(farm.page, 'Crate Statements');
  await farm.page.getByRole('button', { name: 'Issue statements' }).click();
  const issue = farm.page.getByRole('dialog', { name: /^Issue statements for/ });
  await issue.getByRole('button', { name: /^Issue / }).click();
  await expect(toast(farm.page, 'issued')).toBeVisible();

  // --- the agent sees it waiting (header badge, dashboard) and disputes it with a photo ---
  const page = agent.page;
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Market Agent Dashboard' })).toBeVisible();
  await expect(page.getByTestId('header-statements-count')).toHaveText('1');
  const statement = page.getByTestId('agent-statement');
  await expect(statement.getByTestId('statement-status')).toHaveText('Not answered');
  await expect(statement.getByTestId('statement-closing')).toHaveText('0');
  await statement.getByRole('button', { name: 'Dispute' }).click();
  const dialog = page.getByRole('dialog', { name: /^Dispute / });
  await dialog.getByLabel('Crates you believe you held').fill('3');
  await dialog.getByLabel('Why is it different?').fill('Three empties came back from Alpha Greens');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'crates.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('img', { name: 'The photo to send' })).toBeVisible();
  await expectAccessible(page, 'the dispute dialog with its photo (375 px)');
  await page.screenshot({ path: test.info().outputPath('dispute-375.png') });
  await dialog.getByRole('button', { name: 'Send dispute' }).click();
  await expect(toast(page, 'Dispute sent to the farm store')).toBeVisible();
  await expect(statement.getByTestId('statement-status')).toHaveText('Disputed');
  await expect(page.getByTestId('header-statements-count')).toBeHidden();

  // --- the farm store sees the dispute with its photo and accepts the agent's figure ---
  await farm.page.reload();
  await settled(farm.page, 'Crate Statements');
  const card = farm.page.getByRole('article', { name: `Statement of ${agentName}` });
  await expect(card.getByTestId('statement-status')).toHaveText('Disputed');
  const photo = card.getByRole('img', { name: `Photo 1 from ${agentName}` });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(farm.page, 'the farm store’s statements with a dispute (375 px)');
  await farm.page.screenshot({ path: test.info().outputPath('farm-statements-375.png'), fullPage: true });
  await card.getByRole('button', { name: 'Accept 3' }).click();
  const accept = farm.page.getByRole('dialog', { name: `Accept ${agentName}'s figure` });
  await accept.getByRole('button', { name: 'Book +3 crates' }).click();
  await expect(toast(farm.page, "The agent's figure is accepted and booked")).toBeVisible();
  await expect(card.getByTestId('statement-status')).toHaveText('Resolved');

  // --- the agent sees the adjustment: booked this month, the statement as issued ---
  await expect(statement.getByTestId('statement-status')).toHaveText('Resolved');
  await expect(statement.getByTestId('statement-resolution')).toContainText('+3 crates booked this month');
  await expect(statement.getByTestId('statement-closing')).toHaveText('0');
  await expect(page.getByRole('link', { name: 'Empty crates: 3. Send to the farm' })).toBeVisible();
  // The statement as a PDF: the same address, asked with Accept: application/pdf.
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    statement.getByRole('button', { name: /^PDF of/ }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^crate-statement-\d+\.pdf$/);
  await page.screenshot({ path: test.info().outputPath('agent-resolved-375.png'), fullPage: true });
});
