// GET /api/billing/unbilled: acknowledged returns no cycle covers yet (their totals, dates and the
// oldest few), for the Billing screen's notice. Creating a cycle covering their days bills them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnbilledReturns } from '../../../../shared/billing.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { UNBILLED_PAGE, UNBILLED_PATH } from './paths.ts';

export const unbilledQueryOptions = () =>
  queryOptions({
    queryKey: [`${UNBILLED_PATH}?limit=${UNBILLED_PAGE}`],
    meta: tagged('billing', 'users'),
    queryFn: () => api.get<UnbilledReturns>(`${UNBILLED_PATH}?limit=${UNBILLED_PAGE}`),
  });

export const useUnbilled = () => useQuery(unbilledQueryOptions());
