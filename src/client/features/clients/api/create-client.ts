// POST /api/clients: Add Client (businessName, clientName, contactNumber).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client, CreateClientBody } from '../../../../shared/clients.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { CLIENTS_PATH } from './paths.ts';

export const createClient = (body: CreateClientBody) => api.post<Client>(CLIENTS_PATH, body);

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createClient, onSuccess: () => void invalidateTags(queryClient, ['clients']) });
}
