// PATCH /api/clients/{id}: a client's details or its Active/Inactive flag.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client, UpdateClientBody } from '../../../../shared/clients.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { clientPath } from './paths.ts';

export const updateClient = ({ id, ...body }: UpdateClientBody & { id: number }) =>
  api.patch<Client>(clientPath(id), body);

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateClient, onSuccess: () => void invalidateTags(queryClient, ['clients']) });
}
