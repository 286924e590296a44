// GET /api/client-transactions/open: loans with crates still out, with their days out and overdue flag.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientTransaction } from '../../../../shared/clients.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { CLIENT_LIST_LIMIT, OPEN_CLIENT_TRANSACTIONS_PATH } from './paths.ts';

export const getOpenTransactions = () =>
  api.get<ClientTransaction[]>(`${OPEN_CLIENT_TRANSACTIONS_PATH}?limit=${CLIENT_LIST_LIMIT}`);

export const openTransactionsQueryOptions = () =>
  queryOptions({
    queryKey: [OPEN_CLIENT_TRANSACTIONS_PATH],
    queryFn: getOpenTransactions,
    meta: tagged('clients'),
  });

export const useOpenTransactions = () => useQuery(openTransactionsQueryOptions());
