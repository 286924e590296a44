// GET /api/clients: the agent's clients with total borrowed and outstanding crates.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Client } from '../../../../shared/clients.ts';
import { api } from '../../../lib/api-client.ts';
import { tagged } from '../../../lib/query-tags.ts';
import { CLIENT_LIST_LIMIT, CLIENTS_PATH } from './paths.ts';

export const getClients = () => api.get<Client[]>(`${CLIENTS_PATH}?limit=${CLIENT_LIST_LIMIT}`);

export const clientsQueryOptions = () =>
  queryOptions({ queryKey: [CLIENTS_PATH], queryFn: getClients, meta: tagged('clients', 'crates') });

export const useClients = () => useQuery(clientsQueryOptions());
