// GET /api/clients/{id}/statement: every lend and return with the client's running balance.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientStatement } from '../../../../shared/clients.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { clientStatementPath } from './paths.ts';

export const getClientStatement = (id: number) => api.get<ClientStatement>(clientStatementPath(id));

export const clientStatementQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [clientStatementPath(id)],
    queryFn: () => getClientStatement(id),
    meta: tagged('clients'),
  });

export const useClientStatement = (id: number) => useQuery(clientStatementQueryOptions(id));
