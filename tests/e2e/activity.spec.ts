// Settings → Activity (decision 027): the farm store finds its own action in the audit
// trail, narrows it by person and action, and downloads the CSV; the card works at 375 px.
import { readFileSync } from 'node:fs';
import { expectAccessible, PHONE } from './support/a11y.ts';
import { pick, signedInPage, uniqueName } from './support/crates.ts';
import { expect, test } from './support/test.ts';
import { smallControls } from './support/touch-targets.ts';

test('the farm store sees its own action in Settings → Activity, filters it and downloads the CSV', async ({
  browser,
}) => {
  // A shared server and axe twice: more than the default minute on busy cores.
  test.setTimeout(180_000);
  const farmName = uniqueName('Activity Farm');
  const { page } = await signedInPage(browser, 'farm_store', { name: farmName });
  const reason = uniqueName('Crates from the co-op');

  await page.goto('/dashboard?tab=settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Farm Store Dashboard' })).toBeVisible({ timeout: 30_000 });
  // The farm store's own change, made on this tab: crates added to stock with a reason.
  const stock = page.getByRole('form', { name: 'Adjust farm stock' });
  await stock.getByLabel('Crates to add').fill('12');
  await stock.getByLabel('Reason').fill(reason);
  await stock.getByRole('button', { name: 'Add to Stock' }).click();
  await expect(page.getByText('Stock updated')).toBeVisible();
  // The toast is not this card's: closed before axe looks, as the Reports spec does.
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(page.getByText('Stock updated')).toHaveCount(0);

  const activity = page.getByRole('region', { name: 'Activity' });
  await activity.scrollIntoViewIfNeeded();
  // Other specs share this server: narrow to this farm store, then to the action.
  await pick(page, 'Person', new RegExp(farmName));
  const mine = activity.getByTestId('activity-entry').filter({ hasText: reason });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Adjusted farm stock');
  await expect(mine).toContainText(`${farmName} (Farm Store)`);
  // The farm's stock is shared with the other specs: whatever it was, 12 more.
  const summary = (await mine.getByTestId('activity-summary').textContent()) ?? '';
  const [, before, after] = /^farm stock (\d+) → (\d+) \(\+12: /.exec(summary) ?? [];
  expect(Number(after) - Number(before), summary).toBe(12);
  expect(summary).toContain(reason);
  // Its registration is there too, until the action filter leaves only stock adjustments.
  await expect(activity.getByTestId('activity-entry').filter({ hasText: 'Registered an account' })).toHaveCount(1);
  await pick(page, 'Action', 'Adjusted farm stock');
  await expect(activity.getByTestId('activity-entry')).toHaveCount(1);
  await expect(activity.getByTestId('activity-entry')).toContainText(reason);
  await pick(page, 'Action', 'Approved a supplier');
  await expect(activity.getByText('No activity matches these filters.')).toBeVisible();
  await pick(page, 'Action', 'Adjusted farm stock');
  await expect(mine).toHaveCount(1);

  // The CSV carries the same filters: a header and this one row.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    activity.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^cratekeeper-activity-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  const lines = csv
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .filter(Boolean);
  expect(lines[0]).toMatch(/^When,User ID,Name,Email,Role,Action,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('stock.adjust');
  expect(lines[1]).toContain(reason);

  // Dates out of order are refused beside the field, and nothing is asked.
  await activity.getByLabel('From', { exact: true }).fill('2026-11-02');
  await activity.getByLabel('To', { exact: true }).fill('2026-11-01');
  await expect(activity.getByText('The start date must be on or before the end date')).toBeVisible();
  await expect(activity.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  await activity.getByRole('button', { name: 'Clear filters' }).click();
  await expect(activity.getByTestId('activity-entry').first()).toBeVisible();

  await expectAccessible(page, 'Settings → Activity (desktop)');
  await page.setViewportSize(PHONE);
  await pick(page, 'Person', new RegExp(farmName));
  await expect(mine).toHaveCount(1);
  await activity.scrollIntoViewIfNeeded();
  await expect.poll(() => smallControls(page, 44, '#activity')).toEqual([]);
  await expectAccessible(page, 'Settings → Activity (375 px)');
});
