// GET /api/tenders: every tender the farm store opened, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tender } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { TENDERS_PATH } from './paths.ts';

export const tendersQueryOptions = () =>
  queryOptions({
    queryKey: [TENDERS_PATH],
    queryFn: () => api.get<Tender[]>(TENDERS_PATH),
    meta: tagged('suppliers'),
  });

export const useTenders = () => useQuery(tendersQueryOptions());
