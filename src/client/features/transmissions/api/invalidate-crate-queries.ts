// After any crate movement every screen that shows counts refetches: transmissions (all lists and
// the sidebar badge), dashboards, farm metrics, market agents and the farm store's stock.
import type { QueryClient } from '@tanstack/react-query';

const CRATE_PATH_PREFIXES = ['/api/transmissions', '/api/dashboard', '/api/market-agents', '/api/farm-store'];

export function invalidateCrateQueries(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const path = query.queryKey[0];
      return typeof path === 'string' && CRATE_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
    },
  });
}
