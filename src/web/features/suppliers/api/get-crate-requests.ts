// GET /api/suppliers/crate-requests: a supplier's own requests, or (?status=pending) every supplier's
// pending ones for the farm store's dashboard.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CrateRequest } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';
import { pollEvery } from '../../../lib/polling.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { CRATE_REQUESTS_PATH, CRATE_REQUESTS_POLL_MS } from './paths.ts';

export const crateRequestsQueryOptions = (status: 'pending' | 'all') =>
  queryOptions({
    queryKey: [`${CRATE_REQUESTS_PATH}?status=${status}`],
    queryFn: () => api.get<CrateRequest[]>(`${CRATE_REQUESTS_PATH}?status=${status}`),
    meta: tagged('transmissions', 'suppliers'),
  });

export const useCrateRequests = (status: 'pending' | 'all') =>
  useQuery({ ...crateRequestsQueryOptions(status), refetchInterval: pollEvery(CRATE_REQUESTS_POLL_MS) });
