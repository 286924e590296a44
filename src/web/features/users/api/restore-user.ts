// POST /api/admin/users/{id}/restore (decision 022): a removed user comes back with its history and
// its e-mail, and signs in again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManagedUser } from '../../../../shared/users.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTags } from '../../../lib/query-tags.ts';
import { ADMIN_USERS_PATH, USER_CHANGES } from './paths.ts';

export const restoreUser = (id: number) =>
  api.post<{ message: string; user: ManagedUser }>(`${ADMIN_USERS_PATH}/${id}/restore`);

export function useRestoreUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreUser,
    onSuccess: () => void invalidateTags(queryClient, USER_CHANGES),
  });
}
