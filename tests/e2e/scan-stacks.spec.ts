// Counting by scanning (decision 073), on an agent's phone at 375 px with Chromium's fake camera playing
// a video made here from the labels' own PDF: 2 of 3 stacks scanned, the count finished at 40 and
// flagged naming stack 3; the same scan offline waits on the phone and is booked once on reconnect
// (the QR reader's WASM from the service worker's cache); "Scan from a photo" reads a delivery note.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expectAccessible, PHONE } from './support/a11y.ts';
import { signedInPage, uniqueName } from './support/crates.ts';
import { expect, type Page, test } from './support/test.ts';
import { expectThumbSized } from './support/touch-targets.ts';

/** The fake camera's video (playwright.config.ts gives every browser the flags that play it). */
const VIDEO = process.env.E2E_FAKE_CAMERA ?? join(tmpdir(), 'ck-camera', 'labels.y4m');
const VIDEO_DIR = dirname(VIDEO);

test.use({ serviceWorkers: 'allow' });
test.afterAll(() => rmSync(VIDEO_DIR, { recursive: true, force: true }));

const W = 320;
const H = 240;

/** pdftoppm's pages of a PDF as grey pixels, `width` wide: [width, height, pixels] each. */
function greyPages(pdf: Buffer, width: number): [number, number, Buffer][] {
  const dir = mkdtempSync(join(tmpdir(), 'ck-pages-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-gray',
      '-scale-to-x',
      String(width),
      '-scale-to-y',
      '-1',
      join(dir, 'in.pdf'),
      join(dir, 'p'),
    ]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.pgm'))
      .sort()
      .map((f) => {
        const pgm = readFileSync(join(dir, f));
        // "P5\n<w> <h>\n255\n" then the pixels.
        const [, w, h] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
        return [Number(w), Number(h), pgm.subarray(pgm.length - Number(w) * Number(h))];
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A 320×240 Y4M video, 10 frames a second, each 62 mm label's top square (its QR) held for a second
 * on white: the labels in turn, then again (Chromium plays the file in a loop).
 */
function labelVideo(labels: [number, number, Buffer][]): Buffer {
  const frames = labels.map(([w, , pixels]) => {
    const y = Buffer.alloc(W * H, 255);
    const left = Math.floor((W - w) / 2);
    for (let row = 0; row < H; row++) pixels.copy(y, row * W + left, row * w, row * w + w);
    return y;
  });
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`)];
  for (const y of frames) for (let i = 0; i < 10; i++) parts.push(Buffer.from('FRAME\n'), y, chroma);
  return Buffer.concat(parts);
}

type Delivery = { id: number; stackCount: number };

test('scan 2 of 3 stacks, finish: counted 40, flagged naming stack 3; offline the same books once; a photo (375 px)', async ({
  browser,
  problems,
}) => {
  // Offline, the page's polls and event stream fail until the connection is back.
  problems.allow(/request failed \(net::ERR_INTERNET_DISCONNECTED\)/, /ERR_NETWORK_CHANGED/);
  const { page: farm } = await signedInPage(browser, 'farm_store', { name: uniqueName('Farm') });
  const { page: agent } = await signedInPage(browser, 'market_agent', { name: uniqueName('Agent') });
  await agent.setViewportSize(PHONE);
  const me = (await (await agent.request.get('/api/market-agents/me')).json()) as { id: number; fullCrates: number };
  expect(
    (await farm.request.post('/api/farm-store/stock-adjustments', { data: { quantity: 500, reason: 'E2E' } })).ok(),
  ).toBe(true);
  const deliver = async () => {
    const res = await farm.request.post('/api/transmissions', {
      data: { type: 'farm_to_market', marketAgentId: me.id, quantity: 60, stackSize: 20 },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as Delivery;
  };
  const [first, second, third] = [await deliver(), await deliver(), await deliver()];
  // Made here, not when the file loads: every worker loads it, only this one runs the test and cleans up.
  mkdirSync(VIDEO_DIR, { recursive: true });
  const pdf = async (path: string) => Buffer.from(await (await farm.request.get(path)).body());
  // Stacks 1 and 2 of the first delivery, then of the second; stack 3 of neither is ever in view.
  const rolls = await Promise.all([first, second].map((d) => pdf(`/api/transmissions/${d.id}/labels?layout=roll`)));
  const [firstLabels, secondLabels] = rolls.map((roll) => greyPages(roll, H).slice(0, 2));
  writeFileSync(VIDEO, labelVideo([...firstLabels, ...secondLabels]));

  await agent.goto('/');
  await shellCached(agent);
  await expect(agent.locator('html')).toHaveAttribute('data-offline-queue', 'on');

  // From the delivery: 2 of 3 stacks, finish, the count is 40 and names stack 3.
  await expect(agent.getByTestId('incoming-transmission')).toHaveCount(3);
  // The list is newest first: the first delivery is the last row.
  await scanAndCount(agent, () => agent.getByRole('button', { name: 'Scan stacks' }).last().click(), true);
  const booked = await transmission(farm, first.id);
  expect(booked).toMatchObject({ status: 'acknowledged', actualQuantity: 40, isFlagged: true });
  expect(booked.unscannedStacks).toEqual([{ stack: 3, of: 3, crates: 20 }]);

  // Offline: the dashboard's Scan button, the second delivery's labels; the count waits on the phone.
  // The phone keeps what it last saw: the list without the counted delivery.
  await expect(agent.getByTestId('incoming-transmission')).toHaveCount(2);
  await agent.context().setOffline(true);
  // Only the second delivery's stacks in view now (the camera reads the file when it opens).
  writeFileSync(VIDEO, labelVideo(secondLabels));
  // Reloaded offline: the page, the scan screen's code and the reader's WASM all come from the worker's cache.
  await agent.reload();
  // The kept list may be a moment older than the screen was (kept in the background): rows, whichever.
  await expect(agent.getByTestId('incoming-transmission').first()).toBeVisible();
  await scanAndCount(agent, () => agent.getByRole('button', { name: 'Scan', exact: true }).click());
  expect((await transmission(farm, second.id)).status).toBe('pending');
  await agent.context().setOffline(false);
  await expect.poll(async () => (await transmission(farm, second.id)).status).toBe('acknowledged');
  expect(await transmission(farm, second.id)).toMatchObject({ actualQuantity: 40, isFlagged: true });
  const after = (await (await farm.request.get('/api/market-agents')).json()) as { id: number; fullCrates: number }[];
  expect(after.find((a) => a.id === me.id)?.fullCrates).toBe(me.fullCrates + 80);

  // Scan from a photo: the third delivery's note picks it.
  const note = await pdf(`/api/transmissions/${third.id}/delivery-note`);
  const photo = join(VIDEO_DIR, 'note.png');
  writeFileSync(join(VIDEO_DIR, 'note.pdf'), note);
  execFileSync('pdftoppm', ['-png', '-r', '100', '-singlefile', join(VIDEO_DIR, 'note.pdf'), join(VIDEO_DIR, 'note')]);
  await agent.getByRole('button', { name: 'Scan', exact: true }).click();
  const screen = agent.getByTestId('scan-screen');
  await agent.locator('input[type=file]').setInputFiles(photo);
  await expect(screen.getByTestId('scan-progress')).toHaveText('0 of 3 stacks · 0 crates');
  // The camera still runs: the other deliveries' labels in view are refused, saying why.
  await expect(screen.getByTestId('scan-outcome')).toContainText(`you are counting delivery ${third.id}`);
  await screen.getByRole('button', { name: 'Close' }).last().click();
  await expect(agent.locator('video')).toHaveCount(0);
});

/** Opens the scan screen, waits for 2 of 3 stacks, finishes and confirms the count of 40 (asked twice). */
async function scanAndCount(agent: Page, open: () => Promise<void>, check = false) {
  await open();
  const screen = agent.getByTestId('scan-screen');
  await expect(screen.getByTestId('scan-progress')).toHaveText('2 of 3 stacks · 40 crates');
  if (check) {
    await expectAccessible(agent, 'the scan screen');
    await expectThumbSized(agent, 'the scan screen');
  }
  await screen.getByRole('button', { name: 'Finish' }).click();
  const dialog = agent.getByRole('dialog', { name: 'Count and Acknowledge' });
  await expect(dialog.getByRole('textbox', { name: /Crates counted/ })).toHaveValue('40');
  await expect(dialog.getByTestId('scanned-stacks')).toContainText('Stack 3 of 3 (20 crates) not received');
  await dialog.getByRole('button', { name: 'Confirm Count' }).click();
  await dialog.getByRole('button', { name: 'Yes, count 40' }).click();
  await expect(dialog).toHaveCount(0);
}

async function transmission(farm: Page, id: number) {
  const list = (await (await farm.request.get('/api/transmissions?limit=20')).json()) as {
    id: number;
    status: string;
    actualQuantity: number | null;
    isFlagged: boolean;
    unscannedStacks: unknown[];
  }[];
  return list.find((t) => t.id === id)!;
}

/** The service worker controls the page and has cached the app shell (the QR reader's WASM with it). */
async function shellCached(page: Page) {
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
