// The page's first script (decision 033), about a kilobyte, run as soon as it arrives while the
// app's bundle is still downloading. It asks who is signed in and, for someone who is, sends the
// reads the dashboard shows first; as the bundle starts to run, its first module has the signed-in
// app's and the role's dashboard's code downloaded (preloadSignedIn: modulepreload, fetched and
// compiled, not run; the build lists the files in the page). On a phone on a slow link that takes
// the session's round trip and the first reads' off the time to a usable dashboard, and the
// dashboard's code downloads while the bundle runs: each used to wait for the one before it.
//
// The app takes these answers (takeEarlyAnswer, through the api client) instead of asking again; an
// answer nobody takes within EARLY_ANSWER_MS is dropped, and a later read asks afresh.
//
// Self-contained (no imports): the build runs this file on its own, first in the page, and also
// bundles it with the app, which imports it; both copies share one state on `window`, so whichever
// runs first sends the requests, and only once.

export const SESSION_PATH = '/api/auth/session';

/** How long an early answer waits to be taken: the app asks for them within a few seconds. */
export const EARLY_ANSWER_MS = 15_000;

/** The id of the JSON block the build writes into index.html: the files each signed-in start needs. */
export const PRELOAD_LIST_ID = 'ck-preload';

/** What the build lists (vite.config.ts): the signed-in app's files, and each role's dashboard's. */
export type PreloadList = { app: string[]; dashboards: Record<string, string[]> };

/** The paths that show the signed-in user's dashboard (spec §2; app/paths.ts: home, dashboard, login, register). */
export const DASHBOARD_PATHS: ReadonlySet<string> = new Set(['/', '/dashboard', '/login', '/register']);

/** True when `location` opens a dashboard on its first tab (`?tab=` opens another). */
export const opensFirstTab = ({ pathname, search }: { pathname: string; search: string }) =>
  DASHBOARD_PATHS.has(pathname) && !new URLSearchParams(search).has('tab');

export type DashboardRole = 'market_agent' | 'farm_store' | 'supplier';

/** The dashboard a role sees; an unknown role gets the farm store's (spec §2). */
export const dashboardRole = (role: string): DashboardRole =>
  role === 'market_agent' || role === 'supplier' ? role : 'farm_store';

/** The header's pending-deliveries count, which every signed-in screen shows. */
const FRAME_READS = ['/api/transmissions/pending-count'];

/**
 * What each role's dashboard asks first, its first tab's reads and the signed-in frame's, as the URLs
 * the api client sends. tests/unit/first-reads.test.ts checks them against what the dashboards ask.
 */
export const FIRST_READS: Record<DashboardRole, readonly string[]> = {
  market_agent: [
    '/api/transmissions/incoming?limit=500',
    '/api/market-agents/earnings',
    '/api/market-agents/me/bank-details',
    '/api/market-agents/me',
    '/api/clients?limit=500',
    // The agent's monthly statements: the card under its jobs and the header badge (decision 064).
    '/api/balance-statements',
    '/api/market-agents/earnings/history',
    '/api/transmissions/recent?limit=5',
    ...FRAME_READS,
  ],
  farm_store: [
    '/api/dashboard/farm-metrics',
    '/api/market-agents/for-transmission',
    '/api/transmissions/recent?limit=5',
    '/api/suppliers/pending',
    '/api/suppliers/crate-requests?status=pending',
    '/api/produce-offers',
    '/api/tenders',
    ...FRAME_READS,
    // The header's envelope and the Pricing tab's badge: website messages nobody has read.
    '/api/contact-messages/unread-count',
    // The sidebar's flagged counts and crate requests (decision 047).
    '/api/transmissions/action-counts',
  ],
  supplier: ['/api/suppliers/me', ...FRAME_READS],
};

type BootState = {
  started: boolean;
  /** The signed-in user's dashboard, once the session has said (null: nobody, or not known yet). */
  role: DashboardRole | null;
  /** True once the signed-in code's download has been started. */
  preloaded: boolean;
  /** True once the dashboard's first reads were sent from here. */
  firstReadsSent: boolean;
  early: Map<string, { sent: number; answer: Promise<Response> }>;
};
const STATE_KEY = '__cratekeeperBoot';
const state: BootState = ((globalThis as Record<string, unknown>)[STATE_KEY] as BootState | undefined) ?? {
  started: false,
  role: null,
  preloaded: false,
  firstReadsSent: false,
  early: new Map(),
};
(globalThis as Record<string, unknown>)[STATE_KEY] = state;

/** Sends a GET exactly as the api client sends a first read (cookies, no other header). */
export function askEarly(path: string): Promise<Response> {
  const answer = fetch(path, { method: 'GET', credentials: 'include', headers: {} });
  // Whoever takes it handles a failure; until then it must not count as unhandled.
  answer.catch(() => undefined);
  state.early.set(path, { sent: Date.now(), answer });
  return answer;
}

/** The answer to an early GET of `path`, once, if one was sent and is recent; else undefined. */
export function takeEarlyAnswer(path: string): Promise<Response> | undefined {
  const kept = state.early.get(path);
  if (!kept) return undefined;
  state.early.delete(path);
  return Date.now() - kept.sent <= EARLY_ANSWER_MS ? kept.answer : undefined;
}

function preload(files: readonly string[]) {
  for (const href of new Set(files)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

function readPreloadList(): PreloadList | null {
  try {
    return JSON.parse(document.getElementById(PRELOAD_LIST_ID)?.textContent ?? 'null') as PreloadList | null;
  } catch {
    return null;
  }
}

/**
 * Starts downloading the signed-in app's code and, on a dashboard path, the role's dashboard's, once
 * the session has said who is signed in (idempotent). Called by the app's first module as the
 * bundle starts to run: the signed-in code then downloads while the bundle runs, rather than sharing
 * the slow link with the bundle's own download, which every screen waits for first.
 */
export function preloadSignedIn(location: { pathname: string } = window.location) {
  if (state.preloaded || state.role === null) return;
  state.preloaded = true;
  const list = readPreloadList();
  if (!list) return;
  preload([...list.app, ...(DASHBOARD_PATHS.has(location.pathname) ? (list.dashboards[state.role] ?? []) : [])]);
}

/** Once the session says who is signed in: the dashboard's first reads (small, so at once). */
async function startSignedIn(session: Promise<Response>, location: { pathname: string; search: string }) {
  let user: { role: string } | null = null;
  try {
    const res = await session;
    // A clone: the app reads the original's body.
    if (res.ok) user = ((await res.clone().json()) as { user: { role: string } | null }).user;
  } catch {
    return; // the app's own session check handles a failure
  }
  if (!user) return;
  const role = dashboardRole(user.role);
  state.role = role;
  if (!opensFirstTab(location)) return;
  for (const path of FIRST_READS[role]) askEarly(path);
  state.firstReadsSent = true;
}

/**
 * True when this page's first script sent the dashboard's first reads: the tab then takes their
 * answers as it mounts (fresh, so it does not ask again), rather than having them fetched into the
 * cache before it renders, where they could go stale while it draws.
 */
export const firstReadsSent = () => state.firstReadsSent;

if (typeof window !== 'undefined' && typeof document !== 'undefined' && !state.started) {
  state.started = true;
  void startSignedIn(askEarly(SESSION_PATH), window.location);
}
