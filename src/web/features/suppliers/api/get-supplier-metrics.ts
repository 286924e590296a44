// GET /api/suppliers/metrics: the overview tab's figures.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupplierMetrics } from '../../../../shared/suppliers.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { SUPPLIER_METRICS_PATH } from './paths.ts';

export const supplierMetricsQueryOptions = () =>
  queryOptions({
    queryKey: [SUPPLIER_METRICS_PATH],
    queryFn: () => api.get<SupplierMetrics>(SUPPLIER_METRICS_PATH),
    meta: tagged('suppliers'),
  });

export const useSupplierMetrics = () => useQuery(supplierMetricsQueryOptions());
