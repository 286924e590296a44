// The page's first script (src/web/boot.ts, decision 033) sends each role's first reads before the
// app's code is in; the app then takes those answers instead of asking again. So its lists must be
// exactly what the dashboards ask for first: the first tab's reads (its prefetchFirstTab) and the
// signed-in frame's (the header's pending count, and for the farm store the unread-messages count).
import { QueryClient as Client, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../src/web/app/paths.ts';
import { prefetchFirstTab as farmFirstTab } from '../../src/web/app/routes/dashboard/farm-store-dashboard.tsx';
import { prefetchFirstTab as agentFirstTab } from '../../src/web/app/routes/dashboard/market-agent-dashboard.tsx';
import { prefetchFirstTab as supplierFirstTab } from '../../src/web/app/routes/dashboard/supplier-dashboard.tsx';
import { DASHBOARD_PATHS, dashboardRole, FIRST_READS, opensFirstTab } from '../../src/web/boot.ts';
import { unreadContactCountQueryOptions } from '../../src/web/features/contact/api/get-unread-count.ts';
import { actionCountsQueryOptions } from '../../src/web/features/transmissions/api/action-counts.ts';
import { pendingCountQueryOptions } from '../../src/web/features/transmissions/api/pending-count.ts';

afterEach(() => vi.unstubAllGlobals());

/** The URLs `ask` sends through the api client, sorted. */
async function urlsAskedBy(ask: (queryClient: QueryClient) => void): Promise<string[]> {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return new Response('{}', { status: 200 });
    }),
  );
  const queryClient = new Client({ defaultOptions: { queries: { retry: false } } });
  ask(queryClient);
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  queryClient.clear();
  return urls.sort();
}

/** The first tab's reads, then the frame's. */
const withFrame = (firstTab: (queryClient: QueryClient) => void) => (queryClient: QueryClient) => {
  firstTab(queryClient);
  void queryClient.prefetchQuery(pendingCountQueryOptions());
};

describe('FIRST_READS', () => {
  it("is each dashboard's first-tab reads and its frame's, as the api client sends them", async () => {
    expect(await urlsAskedBy(withFrame(agentFirstTab))).toEqual([...FIRST_READS.market_agent].sort());
    const farmWithMessages = withFrame((q) => {
      farmFirstTab(q);
      // The farm's header envelope and its dashboard's Pricing badge; its sidebar's other figures.
      void q.prefetchQuery(unreadContactCountQueryOptions());
      void q.prefetchQuery(actionCountsQueryOptions());
    });
    expect(await urlsAskedBy(farmWithMessages)).toEqual([...FIRST_READS.farm_store].sort());
    expect(await urlsAskedBy(withFrame(supplierFirstTab))).toEqual([...FIRST_READS.supplier].sort());
  });

  it("opens on the dashboard paths of app/paths.ts, first tab only, and an unknown role gets the farm's", () => {
    expect([...DASHBOARD_PATHS].sort()).toEqual(
      [paths.home.path, paths.dashboard.path, paths.login.path, paths.register.path].sort(),
    );
    expect(opensFirstTab({ pathname: '/dashboard', search: '' })).toBe(true);
    expect(opensFirstTab({ pathname: '/', search: '?tab=settings' })).toBe(false);
    expect(opensFirstTab({ pathname: '/clients', search: '' })).toBe(false);
    expect(dashboardRole('market_agent')).toBe('market_agent');
    expect(dashboardRole('auditor')).toBe('farm_store');
  });
});
