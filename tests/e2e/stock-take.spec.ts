// A stock take on a 375 × 812 phone (decisions 051 and 053): the agent counts three clients,
// one of them short, and attaches a photo and a note to that difference; the farm store (desktop) sees
// the difference with the photo, accepts it, and the ledger's figures follow. Data is set up through
// the API; only the journey's own steps are clicked. axe at 375 px and on the desktop.
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { DESKTOP, expectAccessible, PHONE, settled } from './support/a11y.ts';
import { json } from './support/api.ts';
import { fillChecked, signedInPage, uniqueName } from './support/crates.ts';
import { expect, type Page, test } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/**
 * A PNG made here: 64 × 48 of one colour, or (`noisy`) a 1600 × 1200 one of random pixels, several MB
 * like a phone camera's photo, that only gets under 300 KB by the page shrinking it.
 */
function pngPhoto({ noisy = false } = {}): Buffer {
  const [width, height] = noisy ? [1600, 1200] : [64, 48];
  const crc = (bytes: Buffer) => {
    let c = ~0;
    for (const b of bytes) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = () =>
    Buffer.concat([
      Buffer.from([0]),
      noisy ? randomBytes(width * 3) : Buffer.alloc(width * 3, 0).fill(Buffer.from([200, 60, 40])),
    ]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, row)), { level: 1 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('an agent counts 3 clients on the phone, one short, with a photo; the farm store accepts it', async ({
  browser,
}) => {
  // --- the scene, through the API: an agent with 20 full crates, three clients holding 5, 4 and 3 ---
  const farm = await signedInPage(browser, 'farm_store');
  const agent = await signedInPage(browser, 'market_agent', { name: uniqueName('Agent') });
  await farm.page.setViewportSize(DESKTOP);
  await agent.page.setViewportSize(PHONE);
  const farmApi = farm.page.request;
  const agentApi = agent.page.request;
  const me = await json<{ id: number }>(agentApi.get('/api/market-agents/me'));
  await json(farmApi.post('/api/farm-store/stock-adjustments', { data: { quantity: 50, reason: 'E2E' } }));
  await json(farmApi.post('/api/farm-store/opening-balances', { data: { marketAgentId: me.id, fullCrates: 20 } }));
  const clients: Record<string, number> = {};
  for (const [name, lent] of [
    ['Alpha Greens', 5],
    ['Bravo Veg', 4],
    ['Charlie Fruit', 3],
  ] as const) {
    const client = await json<{ id: number }>(
      agentApi.post('/api/clients', {
        data: { businessName: name, clientName: 'Lerato', contactNumber: '082 555 0000' },
      }),
    );
    await json(agentApi.post('/api/client-transactions', { data: { clientId: client.id, quantityBorrowed: lent } }));
    clients[name] = client.id;
  }
  await json(farmApi.post('/api/stock-takes', { data: { marketAgentIds: [me.id] } }));

  // --- the agent's count on the phone: everything as the books say but Bravo Veg, 3 of 4 ---
  const page = agent.page;
  // The waiting stock take is announced on the dashboard's jobs row and opens the count (decision 061).
  await page.goto('/dashboard');
  const job = page.getByRole('navigation', { name: 'Your jobs' }).getByRole('link', { name: /Stock take waiting/ });
  await expect(job).toBeVisible();
  // And on the header's red button, with its number, on the phone too (decision 067).
  const header = page.getByTestId('header-pending-count');
  await expect(header).toHaveText('1');
  await expect(header).toHaveAccessibleName('1 waiting: a stock take to count');
  await job.click();
  await settled(page, 'Clients');
  const count = page.getByRole('form', { name: 'Stock take' });
  await expect(count.getByRole('heading', { name: 'Stock take' })).toBeVisible();
  // Every figure starts empty, not at the books' figure: nothing is sent uncounted (decision 061).
  await expect(count.getByLabel('Alpha Greens')).toHaveValue('');
  await expect(count.getByLabel('Full crates')).toHaveValue('');
  await count.getByRole('button', { name: 'Send count' }).click();
  await expect(count.getByText(/^Please enter the crates counted/).first()).toBeVisible();
  // The limit said in the hint and, as it is typed, above it; a negative count gets the spec's words (decision 067).
  await expect(count.getByText('0 to 100\u00a0000').first()).toBeVisible();
  await count.getByLabel('Alpha Greens').fill('999999');
  await expect(count.getByText('A count can be at most 100\u00a0000')).toBeVisible();
  await count.getByLabel('Alpha Greens').fill('-3');
  await expect(count.getByText('Invalid Quantity: Please enter a valid quantity')).toBeVisible();
  await expectAccessible(page, 'the stock take count (375 px)');
  for (const [label, counted] of [
    ['Full crates', '8'],
    ['Empty crates', '0'],
    ['Alpha Greens', '5'],
    ['Bravo Veg', '3'],
    ['Charlie Fruit', '3'],
  ])
    await count.getByLabel(label).fill(counted);
  await count.getByRole('button', { name: 'Send count' }).click();
  await expect(toast(page, 'Stock take sent to the farm store')).toBeVisible();
  await expect(page.getByText('Bravo Veg: counted 3 of 4 (1 missing)')).toBeVisible();
  // Sent: nothing waits for the agent any more.
  await expect(header).toHaveCount(0);

  // The photo of the difference, shrunk on the phone, and a note.
  await page.getByRole('button', { name: 'Add a photo of Bravo Veg' }).waitFor();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'stall.png', mimeType: 'image/png', buffer: pngPhoto() });
  const attach = page.getByRole('form', { name: 'Photo of Bravo Veg' });
  await expect(attach.getByRole('img', { name: 'The photo of Bravo Veg to attach' })).toBeVisible();
  await attach.getByLabel('Note').fill('Only 3 crates at the stall; the 4th was taken by a trader');
  await attach.getByRole('button', { name: 'Attach photo' }).click();
  await expect(toast(page, 'Photo attached')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open photo 1 of Bravo Veg' })).toBeVisible();
  await expect(page.getByText('Only 3 crates at the stall; the 4th was taken by a trader')).toBeVisible();
  await expectAccessible(page, 'the stock take sent, with its photo (375 px)');

  // --- the farm store, on the desktop: the difference with the agent's photo and note; accept ---
  const desk = farm.page;
  await desk.goto('/market-agents');
  await settled(desk, 'Market Agents');
  await expect(desk.getByText('Bravo Veg: counted 3 of 4 (1 missing)')).toBeVisible();
  await expect(desk.getByText('Only 3 crates at the stall; the 4th was taken by a trader')).toBeVisible();
  await desk.getByRole('button', { name: 'Open photo 1 of Bravo Veg' }).click();
  const photo = desk.getByRole('dialog', { name: 'Photo of Bravo Veg' });
  const image = photo.locator('img');
  await expect(image).toBeVisible();
  // The bytes came from the server (a JPEG the phone made): the image decoded at its full size.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await expectAccessible(desk, 'the photo of a stock-take difference (desktop)');
  await desk.keyboard.press('Escape');
  await expect(photo).toBeHidden();
  await expectAccessible(desk, 'the farm store’s stock takes (desktop)');
  // The farm's figures just before (another test of this file may share the farm): the accept moves one
  // crate from Bravo Veg to the missing crates, nothing else.
  type Metrics = { writtenOff: number; withClients: number; farm: number; atMarketsFull: number };
  const before = await json<Metrics>(farmApi.get('/api/dashboard/farm-metrics'));
  await desk.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(desk, 'Difference accepted and booked')).toBeVisible();
  await expect(desk.getByText('No stock take is open.')).toBeVisible();

  // --- the ledger afterwards: Bravo holds 3, one crate written off, the agent's own crates untouched ---
  expect(
    (await json<{ outstandingCrates: number }>(agentApi.get(`/api/clients/${clients['Bravo Veg']}`))).outstandingCrates,
  ).toBe(3);
  expect(
    (await json<{ outstandingCrates: number }>(agentApi.get(`/api/clients/${clients['Alpha Greens']}`)))
      .outstandingCrates,
  ).toBe(5);
  const own = await json<{ fullCrates: number; emptyCrates: number }>(agentApi.get('/api/market-agents/me'));
  expect(own).toMatchObject({ fullCrates: 8, emptyCrates: 0 });
  const after = await json<Metrics>(farmApi.get('/api/dashboard/farm-metrics'));
  expect(after).toMatchObject({
    writtenOff: before.writtenOff + 1,
    withClients: before.withClients - 1,
    farm: before.farm,
    atMarketsFull: before.atMarketsFull,
  });
  const [latest] = await json<{ status: string }[]>(farmApi.get('/api/stock-takes/counts?state=all'));
  expect(latest.status).toBe('resolved');
});

test('a delivery counted short: the agent adds a photo on the phone, the farm store sees it by the difference', async ({
  browser,
}) => {
  const farm = await signedInPage(browser, 'farm_store');
  const agentName = uniqueName('Agent');
  const agent = await signedInPage(browser, 'market_agent', { name: agentName });
  await farm.page.setViewportSize(DESKTOP);
  await agent.page.setViewportSize(PHONE);
  const me = await json<{ id: number }>(agent.page.request.get('/api/market-agents/me'));
  await json(farm.page.request.post('/api/farm-store/stock-adjustments', { data: { quantity: 20, reason: 'E2E' } }));
  const sent = await json<{ id: number }>(
    farm.page.request.post('/api/transmissions', {
      data: { type: 'farm_to_market', marketAgentId: me.id, toUserId: agent.account.id, quantity: 10 },
    }),
  );
  await json(agent.page.request.put(`/api/transmissions/${sent.id}/acknowledge`, { data: { actualQuantity: 8 } }));

  const page = agent.page;
  await page.goto('/transmissions');
  await settled(page, 'Transmissions');
  const subject = `the count of ${'E2E farm store'} → ${agentName}`;
  await page.getByRole('button', { name: `Add a photo of ${subject}` }).waitFor();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'truck.png', mimeType: 'image/png', buffer: pngPhoto() });
  const attach = page.getByRole('form', { name: `Photo of ${subject}` });
  await attach.getByLabel('Note').fill('Two crates were missing from the truck');
  await attach.getByRole('button', { name: 'Attach photo' }).click();
  await expect(toast(page, 'Photo attached')).toBeVisible();
  await expect(page.getByRole('button', { name: `Open photo 1 of ${subject}` })).toBeVisible();
  await expectAccessible(page, 'a flagged count with its photo (375 px)');

  const desk = farm.page;
  await desk.goto('/transmissions');
  await settled(desk, 'Transmissions');
  const flagged = desk.getByTestId('flagged-transmission').filter({ hasText: agentName });
  await expect(flagged.getByText('Two crates were missing from the truck')).toBeVisible();
  await expect(flagged.getByRole('button', { name: `Open photo 1 of ${subject}` })).toBeVisible();
  await expectAccessible(desk, 'the flagged differences with a photo (desktop)');

  // Returned empties with a damaged crate (set up through the API): the farm store adds the photo from
  // the history row, the agent sees it on its phone.
  await json(
    farm.page.request.post('/api/farm-store/opening-balances', { data: { marketAgentId: me.id, emptyCrates: 3 } }),
  );
  const empties = await json<{ id: number }>(
    page.request.post('/api/transmissions', { data: { type: 'market_to_farm', quantity: 3 } }),
  );
  await json(
    desk.request.put(`/api/transmissions/${empties.id}/acknowledge`, {
      data: { actualQuantity: 3, damagedQuantity: 1, damageReason: 'Crushed corner' },
    }),
  );
  await desk.reload();
  await settled(desk, 'Transmissions');
  const damaged = `the damaged crates of ${agentName} → Farm Store`;
  await desk.getByRole('button', { name: `Add a photo of ${damaged}` }).waitFor();
  const damagedRow = desk.getByTestId('transmission-row').filter({ hasText: '1 damaged' });
  await damagedRow
    .locator('input[type="file"]')
    .setInputFiles({ name: 'crate.png', mimeType: 'image/png', buffer: pngPhoto() });
  await damagedRow
    .getByRole('form', { name: `Photo of ${damaged}` })
    .getByRole('button', { name: 'Attach photo' })
    .click();
  await expect(damagedRow.getByRole('button', { name: `Open photo 1 of ${damaged}` })).toBeVisible();
  await page.reload();
  await settled(page, 'Transmissions');
  await expect(page.getByRole('button', { name: `Open photo 1 of ${damaged}` })).toBeVisible();
});

test('a return with a damaged crate: the agent adds a photo of it right after (375 × 812)', async ({ browser }) => {
  const farm = await signedInPage(browser, 'farm_store');
  const agent = await signedInPage(browser, 'market_agent');
  await agent.page.setViewportSize(PHONE);
  const me = await json<{ id: number }>(agent.page.request.get('/api/market-agents/me'));
  await json(
    farm.page.request.post('/api/farm-store/opening-balances', { data: { marketAgentId: me.id, fullCrates: 5 } }),
  );
  const business = uniqueName('Delta Herbs');
  const client = await json<{ id: number }>(
    agent.page.request.post('/api/clients', {
      data: { businessName: business, clientName: 'Sipho', contactNumber: '082 555 0001' },
    }),
  );
  const loan = await json<{ id: number }>(
    agent.page.request.post('/api/client-transactions', { data: { clientId: client.id, quantityBorrowed: 4 } }),
  );

  const page = agent.page;
  await page.goto('/clients');
  await settled(page, 'Clients');
  await page.getByRole('button', { name: 'Process Return' }).click();
  const giveBack = page.getByRole('dialog', { name: 'Return Crates' });
  await giveBack.getByLabel('Quantity returned').fill('2');
  await fillChecked(giveBack.getByLabel('Damaged'), '1');
  await giveBack.getByLabel('What is wrong with them').fill('Split along the base');
  await giveBack.getByRole('button', { name: 'Return Crates' }).click();
  await expect(toast(page, 'Crates returned successfully')).toBeVisible();

  const step = page.getByRole('dialog', { name: 'Damaged crates' });
  const subject = `${business}’s damaged crates`;
  await step.getByRole('button', { name: `Add a photo of ${subject}` }).waitFor();
  // A camera-sized photo: the page shrinks it to a JPEG of at most 300 KB before sending it.
  const big = pngPhoto({ noisy: true });
  expect(big.length).toBeGreaterThan(3_000_000);
  await step.locator('input[type="file"]').setInputFiles({ name: 'crate.png', mimeType: 'image/png', buffer: big });
  await step
    .getByRole('form', { name: `Photo of ${subject}` })
    .getByRole('button', { name: 'Attach photo' })
    .click();
  await expect(step.getByRole('button', { name: `Open photo 1 of ${subject}` })).toBeVisible();
  await expectAccessible(page, 'the photo of damaged crates after a return (375 px)');
  const [kept] = await json<{ byteSize: number; contentType: string }[]>(
    page.request.get(`/api/evidence?recordKind=client-transaction&recordId=${loan.id}`),
  );
  expect(kept.contentType).toBe('image/jpeg');
  expect(kept.byteSize).toBeLessThanOrEqual(300 * 1024);
  await step.getByRole('button', { name: 'Done' }).click();
  await expect(step).toBeHidden();
});
