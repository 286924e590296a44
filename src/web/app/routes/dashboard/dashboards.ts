// Each role's dashboard is its own chunk (decision 031): a market agent's phone never downloads or
// runs the farm store's forms and charts. The router starts the download together with the
// signed-in app's, as soon as the session says who is signed in, and once the code is in, the first
// tab's reads go out at once, in a task of their own, rather than when the tab first renders.
import type { QueryClient } from '@tanstack/react-query';
import { firstReadsSent } from '../../../boot.ts';
import { lazyComponent } from '../../../lib/lazy-component.tsx';

const loaders = {
  market_agent: () => import('./market-agent-dashboard.tsx'),
  supplier: () => import('./supplier-dashboard.tsx'),
  farm_store: () => import('./farm-store-dashboard.tsx'),
};

export const MarketAgentDashboard = lazyComponent(() => loaders.market_agent().then((m) => m.MarketAgentDashboard));
export const SupplierDashboard = lazyComponent(() => loaders.supplier().then((m) => m.SupplierDashboard));
export const FarmStoreDashboard = lazyComponent(() => loaders.farm_store().then((m) => m.FarmStoreDashboard));

/** The dashboard a role sees; an unknown role gets the farm store's (spec §2). */
export function dashboardFor(role: string) {
  if (role === 'market_agent') return MarketAgentDashboard;
  if (role === 'supplier') return SupplierDashboard;
  return FarmStoreDashboard;
}

const prefetched = new WeakSet<QueryClient>();

/**
 * Starts loading the role's dashboard code (idempotent; a failure is retried when it renders) and,
 * given the query client, the first tab's reads once that code is in.
 */
export function preloadDashboard(role: string, queryClient?: QueryClient) {
  dashboardFor(role)
    .preload()
    .catch(() => undefined);
  // The page's first script sent these reads already (boot.ts): the tab takes the answers as it mounts.
  if (!queryClient || prefetched.has(queryClient) || firstReadsSent()) return;
  prefetched.add(queryClient);
  const load =
    role === 'market_agent' ? loaders.market_agent : role === 'supplier' ? loaders.supplier : loaders.farm_store;
  load().then(
    (m) => setTimeout(() => m.prefetchFirstTab(queryClient)),
    () => undefined,
  );
}
