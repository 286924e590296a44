// The read defaults of spec §7: refetch every 3 s, on focus and on mount, stale after 1 s, unused
// data kept 5 minutes, no retries. Read calls are GET with the path as the cache key.
import { QueryClient, type QueryFunctionContext, timeoutManager } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { coalescedTimers } from './coalesced-timers.ts';
import { pollEvery } from './polling.ts';

// Before any query exists: the polls, staleness and clean-up timers all on one browser timer.
if (typeof window !== 'undefined') timeoutManager.setTimeoutProvider(coalescedTimers());

export const READ_POLL_MS = 3000;

/** The default query function: the first key part is the API path. */
async function fetchPath({ queryKey }: QueryFunctionContext) {
  return api.get(String(queryKey[0]));
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: fetchPath,
        refetchInterval: pollEvery(READ_POLL_MS),
        refetchOnWindowFocus: true,
        refetchOnMount: true,
        staleTime: 1000,
        gcTime: 5 * 60 * 1000,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
