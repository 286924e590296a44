// The `test` every spec imports (instead of '@playwright/test'): each spec file runs against a farm of
// its own (its own app and database, cloned from the run's migrated template), and every browser
// page a test opens is watched, so a console error or warning, an uncaught error, a failed request or
// an error response fails the test unless the test allowed it (`problems.allow(...)`).
import { existsSync, readFileSync } from 'node:fs';
import { type BrowserContext, test as base } from '@playwright/test';
import { type OwnServer, startOwnServer } from './own-server.ts';

export * from '@playwright/test';

/** What went wrong in the test's browsers, and what the test said to expect. */
export class Problems {
  private readonly found: string[] = [];
  // The chart library warns when a chart's responsive box is measured before the browser lays it out
  // (below the fold under content-visibility, or behind a full-screen dialog); the chart draws once it
  // is laid out, which every chart test checks by its drawn areas and legend. Two clean-clone runs in
  // four failed on it in unrelated journeys (decision 058: a test that fails only sometimes is a bug).
  private readonly allowed: (string | RegExp)[] = [/^console\.warn: The width\(0\) and height\(0\) of chart/];
  private readonly watched = new WeakSet<BrowserContext>();
  private collecting = true;

  /**
   * Problems this test provokes on purpose, matched against the reported line: a string is a part of
   * it, e.g. '409 POST /api/clients/' or 'console.error'. Allow as narrowly as the test needs.
   */
  allow(...patterns: (string | RegExp)[]) {
    this.allowed.push(...patterns);
  }

  watch(context: BrowserContext) {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    const add = (line: string) => {
      if (this.collecting) this.found.push(line);
    };
    context.on('console', (message) => {
      const type = message.type();
      if (type !== 'error' && type !== 'warning') return;
      // The browser's own line for a failed or refused request: the request itself is reported below.
      if (message.text().startsWith('Failed to load resource:')) return;
      // Playwright's own line when a spec blocks the app's service worker (playwright.config.ts).
      if (message.text() === 'Service Worker registration blocked by Playwright') return;
      add(`console.${type === 'warning' ? 'warn' : type}: ${message.text()} (${message.page()?.url() ?? 'no page'})`);
    });
    context.on('weberror', (error) =>
      add(`page error: ${String(error.error())} (${error.page()?.url() ?? 'no page'})`),
    );
    context.on('response', (response) => {
      if (response.status() >= 400)
        add(`${response.status()} ${response.request().method()} ${pathOf(response.url())}`);
    });
    context.on('requestfailed', (request) => {
      const failure = request.failure()?.errorText ?? 'failed';
      // The page itself cancelled it (a navigation, an unmounted query, a closed event stream).
      if (failure === 'net::ERR_ABORTED') return;
      add(`request failed (${failure}): ${request.method()} ${pathOf(request.url())}`);
    });
  }

  /** Stops collecting (closing the browsers cancels requests) and returns what was not allowed. */
  finish(): string[] {
    this.collecting = false;
    return this.found.filter(
      (line) => !this.allowed.some((p) => (typeof p === 'string' ? line.includes(p) : p.test(line))),
    );
  }
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

type Farm = OwnServer & { file: string };

export const test = base.extend<
  { farm: Farm; problems: Problems },
  { farms: { for: (file: string) => Promise<Farm> } }
>({
  // One farm at a time per worker, for the spec file it is running: a worker that goes on to the
  // next file stops the last one's farm and starts a fresh one. (A file whose tests run in parallel
  // across both workers gets one farm in each.)
  farms: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads what a fixture needs from this pattern.
    async ({}, use) => {
      let current: Farm | null = null;
      await use({
        for: async (file) => {
          if (current?.file === file) return current;
          const previous = current;
          current = null;
          await previous?.dispose();
          current = { ...(await startOwnServer()), file };
          return current;
        },
      });
      await (current as Farm | null)?.dispose();
    },
    { scope: 'worker' },
  ],

  farm: [
    async ({ farms }, use, testInfo) => {
      const farm = await farms.for(testInfo.file);
      await use(farm);
      if (testInfo.status !== testInfo.expectedStatus)
        await testInfo.attach('farm server log', { path: farm.logFile }).catch(() => {});
    },
    { auto: true },
  ],

  baseURL: async ({ farm }, use) => use(farm.baseURL),

  // Every context of the test is watched, the `context` fixture's and those a helper opens with
  // browser.newContext() (crates.ts); the helper-opened ones are closed when the test ends.
  problems: [
    async ({ browser }, use) => {
      const problems = new Problems();
      const opened: BrowserContext[] = [];
      const newContext = browser.newContext;
      browser.newContext = async (options) => {
        const context = await newContext.call(browser, options);
        problems.watch(context);
        opened.push(context);
        return context;
      };
      try {
        await use(problems);
      } finally {
        browser.newContext = newContext;
      }
      const unexpected = problems.finish();
      await Promise.all(opened.map((context) => context.close().catch(() => {})));
      if (unexpected.length > 0)
        throw new Error(
          `Unexpected problems in the browser (allow expected ones with problems.allow):\n${unexpected.join('\n')}`,
        );
    },
    { auto: true },
  ],

  context: async ({ context, problems }, use) => {
    problems.watch(context);
    await use(context);
  },

  // A failure in CI shows only the runner's output: print where the page was and what it showed, and
  // the end of the farm's log, so the failure can be understood without the trace.
  page: async ({ page, farm }, use, testInfo) => {
    await use(page);
    if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
    const shown = await page
      .locator('body')
      .ariaSnapshot({ timeout: 2000 })
      .catch((err) => `(no snapshot: ${String(err).split('\n')[0]})`);
    const log = existsSync(farm.logFile) ? readFileSync(farm.logFile, 'utf8').trim().split('\n').slice(-15) : [];
    console.log(
      [
        `--- the page at the failure: ${page.url()}`,
        shown.slice(0, 3000),
        `--- the farm's log, last lines (${farm.logFile})`,
        ...log.map((line) => line.slice(0, 400)),
      ].join('\n'),
    );
  },
});
